"""Rules: the chosen variant's rules, generated from the ruleset the engine plays by."""
from __future__ import annotations

from ui.rules.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
