"""Data one page hands to another in the same session (a position opened in the Sandbox from
Compare variants): house rules travel with it, which a link could not carry.

The sending page calls ``hand_over`` and Streamlit switches pages; the receiving page calls
``take`` at the top of its run. Features never import each other: this is how they talk.
"""
from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

import streamlit as st

_PREFIX = "_handoff_"


def leave(script: str, payload: dict[str, Any], state: MutableMapping[str, Any]) -> None:
    """Leaves payload in the session's state for the page whose script is this path."""
    state[_PREFIX + script] = payload


def hand_over(script: str, payload: dict[str, Any]) -> None:
    """Leaves payload for the page whose script is this path, and switches to that page."""
    leave(script, payload, st.session_state)
    st.switch_page(script)


def take(script: str, state: MutableMapping[str, Any]) -> dict[str, Any] | None:
    """Returns (once) what another page handed to the page whose script is this path, if anything."""
    payload = state.pop(_PREFIX + script, None)
    return payload if isinstance(payload, dict) else None
