"""Learn: step-by-step lessons of the chosen variant, played on real cards and checked by the engine."""
from __future__ import annotations

import streamlit as st

from engine.scenario import ScenarioError
from ui.classes.page import saved_progress
from ui.learn.page import learn_page
from ui.shell import session
from ui.shell.layout import page_header

page_header(__file__)
with saved_progress():   # a pupil of a class: stars read back before, saved after
    try:
        learn_page()
    except ScenarioError:
        st.error(session.tr().gettext("The lessons cannot be read right now. Please try again later."))
