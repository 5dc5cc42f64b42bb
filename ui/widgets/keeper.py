"""Between the browser and the server: a link's secret read from the address's fragment, and the Classes pupil's cookie.

A small ``st.components.v2`` component (``ui/widgets/keeper/keeper.js``), mounted on every page. Links
carry their secret after ``#`` (``classes#pupil=pt_…``, ``#teacher=tk_…``, ``#board=bk_…``; and
``tables#table=CODE``, which fills Play together's join form), which a browser never sends to a
server, so no proxy log holds it; the component takes it out of the address bar and the history
entry at once and sends it over the websocket. The device's pupil cookie is written by the same script: JavaScript cannot make it HttpOnly, so it is ``SameSite=Strict``, ``Secure``
behind https, lives 30 days and is exchanged for a new one on every visit (docs/CLASSES.md).
"""
from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path
from typing import Any

import streamlit as st

NAME = "makao_class_keeper"
KEY = "classes_keeper"
COOKIE = "makao_pupil"
COOKIE_SECONDS = 30 * 24 * 3600    # storage.repository.TOKEN_DAYS: a token unused longer is pruned
TAKEN = "classes_link_secret"      # (kind, secret) the keeper just sent, for the page to use once
WRITE = "classes_cookie_write"     # {"cookie", "nonce"}: the cookie the keeper writes (once per nonce)
KINDS = ("pupil", "teacher", "board", "table")
JS = Path(__file__).resolve().parent / "keeper" / "keeper.js"


@lru_cache(maxsize=1)
def _component():
    return st.components.v2.component(NAME, js=JS.read_text(encoding="utf-8"))


def cookie_line(token: str | None) -> str:
    """The ``document.cookie`` assignment that keeps ``token`` on this device, or removes the cookie (None)."""
    if token is None:
        return f"{COOKIE}=; Path=/; Max-Age=0; SameSite=Strict"
    return f"{COOKIE}={token}; Path=/; Max-Age={COOKIE_SECONDS}; SameSite=Strict"


def keep_cookie(state, token: str | None) -> None:
    """Asks the keeper to write the device's pupil cookie (None: to remove it) on this run."""
    state[WRITE] = {"cookie": cookie_line(token), "nonce": secrets.token_hex(8)}


def device_cookie() -> str | None:
    """The pupil token this browser sent in its cookie when the session began (None without one)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except Exception:   # bare mode, AppTest without a browser
        return None
    return value if isinstance(value, str) and value else None


def take_secret(state, kind: str) -> str | None:
    """The secret of a ``#kind=`` link the keeper just sent, once; None when there is none."""
    taken = state.get(TAKEN)
    if not taken or taken[0] != kind:
        return None
    state.pop(TAKEN, None)
    return taken[1]


def _received() -> None:
    value = st.session_state.get(KEY)
    link = getattr(value, "link", None) if not isinstance(value, dict) else value.get("link")
    if isinstance(link, dict) and link.get("kind") in KINDS and isinstance(link.get("secret"), str):
        st.session_state[TAKEN] = (link["kind"], link["secret"][:200])


def mount(where: Any) -> None:
    """Draws the keeper (nothing visible) in ``where``; what it sends is in ``take_secret`` on the next run."""
    data: dict[str, Any] = dict(st.session_state.get(WRITE) or {})
    with where:
        _component()(key=KEY, data=data, on_link_change=_received)
