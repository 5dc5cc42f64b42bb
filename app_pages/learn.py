"""Learn: step-by-step lessons of the chosen variant, played on real cards and checked by the engine."""
from __future__ import annotations

from ui.learn.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
