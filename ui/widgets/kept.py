"""Which tab is open and whether a box is open, kept while the user visits other pages.

Streamlit drops a widget's state when its page is not drawn. Inputs keep theirs with
``persist_state="session"``; ``st.tabs`` and ``st.expander`` (Streamlit 1.67) have no such option,
but with a ``key`` and ``on_change="rerun"`` their state lives in ``st.session_state[key]``. These
helpers keep a copy under a key of their own (no widget's, so Streamlit never drops it) and put it
back before the tabs or the box are drawn. A keyed, state-tracking tab bar or box also keeps its
state when something is drawn above it (a message), which an unkeyed one does not.
"""
from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

_COPY = "_kept_{key}"


def keep_tab(key: str, tabs: Mapping[str, str]) -> None:
    """Sets the state of the tabs ``key`` to the tab last open; ``tabs`` maps each tab's id to its label.

    The copy holds the id, not the label, so the same tab stays open after a switch of language.
    """
    state = st.session_state
    copy = _COPY.format(key=key)
    ids = {label: name for name, label in tabs.items()}
    if state.get(key) in ids:
        state[copy] = ids[state[key]]
    if state.get(copy) in tabs:
        state[key] = tabs[state[copy]]


def keep_open(key: str) -> None:
    """Sets the state of the box (expander) ``key`` to open or closed as it was last."""
    state = st.session_state
    copy = _COPY.format(key=key)
    if key in state:
        state[copy] = bool(state[key])
    elif copy in state:
        state[key] = state[copy]
