"""Practice: drills by topic, endless questions from real game positions, class quizzes, and the score."""
from __future__ import annotations

import streamlit as st

from ui.classes.page import saved_progress
from ui.practice import state as ps
from ui.practice.page import draw
from ui.practice.score import Progress, TopicScore
from ui.shell import session
from ui.shell.layout import page_header

page_header(__file__)
# A pupil of a class: scores read back before, the answer just given saved after.
with saved_progress((Progress, TopicScore), lambda: ps.current_question(st.session_state, session.variant())):
    draw()
