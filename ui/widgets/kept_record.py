"""The learner's record kept in the browser: asked back on a fresh session, written again after it changes.

Drawn on every page by the app (streamlit_app.py) after the page ran, so what the page recorded is kept
in the same run. Until the browser has answered (its kept record, or that it has none), nothing is
written, so a fresh session never overwrites a kept record; what the learner did meanwhile is merged in.
"""
from __future__ import annotations

from typing import Any

import streamlit as st

from ui.present.i18n import Translator
from ui.shell import kept_record, learner
from ui.widgets.card_table import card_table

STORE_KEY = "makao-tutor/learning"   # the browser's localStorage entry holding the signed record
ASKED = "learning_kept"              # the browser's answer: "ok", "none", "signature", "damaged"
WRITTEN = "learning_kept_written"    # the fingerprint of the record last written to the browser
NOTED = "learning_kept_noted"        # the refusal was told once
PROBE_KEY = "learning_kept_probe"    # the invisible component drawn after every page (asks for and keeps the record)
BROUGHT = "learning_kept_brought"    # a record came back: the page is drawn again with it


def _on_restore(action: dict[str, Any]) -> None:
    """The browser hands back the record it kept (or "" when it has none)."""
    state = st.session_state
    if action.get("type") != "restore" or ASKED in state:
        return
    blob = action.get("blob")
    if not blob:
        state[ASKED] = "none"
        return
    try:
        kept = kept_record.unpack(blob)
    except kept_record.KeptRecordError as refused:
        state[ASKED] = refused.reason
        return
    state[learner.LEARNING] = kept_record.merge(kept, learner.record(state))
    learner.record(state)                 # parts an older record lacks, made empty
    state[ASKED] = "ok"
    state[BROUGHT] = True


def _note_refusal(t: Translator) -> None:
    if st.session_state.get(ASKED) in ("signature", "damaged") and not st.session_state.get(NOTED):
        st.session_state[NOTED] = True
        st.toast(t.gettext("The learning record kept in this browser could not be read: it was changed, or made "
                           "by another server. Your answers from now on are kept instead."),
                 icon=":material/warning:")


@st.fragment
def keep_learning_record(t: Translator) -> None:
    """Asks the browser for its kept record once, and writes the record again whenever it changed.

    A fragment: the browser's answer reruns only the probe, so the page is not drawn again (faded while it
    runs) for an answer that changes nothing; a record that came back draws the whole page with it.
    """
    state = st.session_state
    if state.pop(BROUGHT, False):
        st.rerun(scope="app")
    _note_refusal(t)
    data: dict[str, Any] = {"store_key": STORE_KEY}
    if ASKED not in state:
        data.update(restore=True, answer_empty=True)
    else:
        rec = learner.record(state)
        mark = kept_record.fingerprint(rec)
        if not kept_record.is_empty(rec) and state.get(WRITTEN) != mark:
            data["save"] = kept_record.pack(rec)
            state[WRITTEN] = mark
    card_table(data, key=PROBE_KEY, on_action=_on_restore)
