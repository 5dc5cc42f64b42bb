"""Home: what makao is, its family, the variants to choose from and what each page does."""
from __future__ import annotations

from ui.home.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
