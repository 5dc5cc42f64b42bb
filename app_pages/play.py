"""Play: a whole round against computer players on a card table, every move explained."""
from __future__ import annotations

from ui.play.page import draw_page
from ui.shell.layout import page_header

page_header(__file__)
draw_page()
