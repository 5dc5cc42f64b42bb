"""Switching tables: the positions where what you do at home is wrong at the new table, found by the engine."""
from __future__ import annotations

from ui.shell.layout import page_header
from ui.switch.page import draw

page_header(__file__)
draw()
