"""Practice: drills by topic, endless questions from real game positions, class quizzes, and the score."""
from __future__ import annotations

from ui.layout import page_header
from ui.practice_page import draw

page_header(__file__)
draw()
