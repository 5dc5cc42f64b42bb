"""Compare variants: the rules side by side, positions where they disagree, and house rules."""
from __future__ import annotations

from ui.compare.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
