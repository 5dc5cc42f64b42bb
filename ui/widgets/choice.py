"""A choice widget's value kept in its state key and set again before the widget on every run.

Streamlit's browser side keeps the label it last showed for a selectbox and sends that label back
with the next interaction. A label made by ``format_func`` in the session's language therefore
goes stale when the language is switched: it names no option any more, and the value read back is
the stale label (House rules' "Start" crashed on "Polish makao" after a switch to Polski). Setting
the value from Python before the widget makes Streamlit send the current label with it — what the
sidebar's own pickers do (streamlit_app.sidebar_pickers).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import streamlit as st


def keep_choice(key: str, options: Sequence[Any], default: Any = None) -> None:
    """Sets a selectbox's state key again to its choice (``default``, else the first option, when
    the choice is no option), so the label the browser shows follows the session's language."""
    value = st.session_state.get(key, default)
    if value not in options:
        value = default if default in options else (options[0] if options else None)
    st.session_state[key] = value


def keep_choices(key: str, options: Sequence[Any]) -> None:
    """The same for a multiselect: its chosen options, in their order, that are still options."""
    st.session_state[key] = [value for value in st.session_state.get(key, []) if value in options]
