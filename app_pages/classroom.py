"""Classroom: a printable handout, a projector mode and a class quiz link for a chosen variant and language."""
from __future__ import annotations

from ui.classroom.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
