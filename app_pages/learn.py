"""Learn: step-by-step lessons of the chosen variant, played on real cards and checked by the engine."""
from __future__ import annotations

from ui.classes.page import saved_progress
from ui.learn.page import draw
from ui.shell.layout import page_header

page_header(__file__)
with saved_progress():   # a pupil of a class: stars read back before, saved after
    draw()
