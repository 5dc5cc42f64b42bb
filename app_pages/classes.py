"""Classes: a teacher makes a class and watches the live board; pupils join with the class code."""
from __future__ import annotations

from ui.classes.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
