"""The shared card table: seats, pile, deck and a hand of cards to tap, as one Streamlit component.

A bidirectional component (``st.components.v2``; HTML/CSS/JS in ``ui/widgets/card_table/``, no build
step). Python hands it the table as plain data (see ``ui.play.view.table_data`` for the shape: seats,
pile, deck, banners, hand cards, buttons, picker, timer, curtain; the part every feature shares comes
from ``ui.present.table_data.table_common``); every card and button carries an
action, and a tap sends that one action back. ``card_table`` returns it (or None), after calling
``on_action`` with it in the component's callback, before the page is drawn again.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import streamlit as st

ASSETS = Path(__file__).resolve().parent / "card_table"
NAME = "makao_card_table"


@lru_cache(maxsize=1)
def _assets() -> tuple[str, str]:
    return (ASSETS / "card_table.js").read_text(encoding="utf-8"), (ASSETS / "card_table.css").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _component() -> Callable[..., Any]:
    js, css = _assets()
    return st.components.v2.component(NAME, html='<div class="ct-mount"></div>', css=css, js=js)


def card_table(data: dict[str, Any], *, key: str, on_action: Callable[[dict[str, Any]], None]) -> None:
    """Draws the table; a tap or button press inside it calls ``on_action(action)`` before the next run."""

    def _changed() -> None:
        value = st.session_state.get(key)
        action = getattr(value, "action", None) if not isinstance(value, dict) else value.get("action")
        if isinstance(action, dict):
            on_action({k: v for k, v in action.items() if k != "nonce"})

    _component()(key=key, data=data, on_action_change=_changed)
