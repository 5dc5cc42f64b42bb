"""Sandbox: set up any position, see every card's verdict explained, play it forward, share it by link."""
from __future__ import annotations

from ui.sandbox.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
