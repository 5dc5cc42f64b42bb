"""Practice: drills by topic, endless questions from real game positions, class quizzes, and the score."""
from __future__ import annotations

from ui.practice.page import draw
from ui.shell.layout import page_header

page_header(__file__)
draw()
