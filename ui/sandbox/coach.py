"""The coach in the Sandbox: "what is the best move here?" for the position on the table.

Pure Python, no Streamlit. The Sandbox shows every hand face up, but the coach is handed only the
mover's view (``engine.seat_view.view_of``): it answers as that player could, without the hidden
cards. The answer is kept in the session with the position it belongs to (``ANSWER``), so it is
shown until the position changes (a move, undo, an edit) and never for another position.

Budget: ``PLAYOUTS`` playouts cut at ``SECONDS`` seconds (the Play page's hint budget).
"""
from __future__ import annotations

import json
from collections.abc import Iterable, MutableMapping
from typing import Any

from engine.coach import CoachError, Hint, MoveEstimate, hint
from engine.errors import EngineError
from engine.position import position_to_json
from engine.seat_view import view_of
from engine.state import State
from ui.sandbox.model import rules_fingerprint

ANSWER = "sandbox_coach_answer"     # session key: (position key, Hint)
PLAYOUTS = 1000
SECONDS = 2.0
SEED = 0


def position_key(state: State) -> str:
    """A text that names the position and its rules exactly (the answer is kept for it alone)."""
    return json.dumps(position_to_json(state), sort_keys=True) + "|" + rules_fingerprint(state.rules)


def ask(session: MutableMapping[str, Any], state: State, playouts: int | None = None,
        seconds: float | None = None) -> str | None:
    """Computes the coach's answer for the mover and keeps it; returns a problem code when there is none."""
    if state.over:
        return "over"
    try:
        h = hint(view_of(state, state.to_move), playouts=PLAYOUTS if playouts is None else playouts, seed=SEED,
                 seconds=SECONDS if seconds is None else seconds)
    except (CoachError, EngineError, ValueError):
        return "impossible"
    session[ANSWER] = (position_key(state), h)
    return None


def answer(session: MutableMapping[str, Any], state: State) -> Hint | None:
    """The kept answer when it belongs to ``state`` (None otherwise)."""
    kept = session.get(ANSWER)
    if not isinstance(kept, tuple) or len(kept) != 2 or not isinstance(kept[1], Hint):
        return None
    return kept[1] if kept[0] == position_key(state) else None


def by_notation(h: Hint | None) -> dict[str, MoveEstimate]:
    """The answer's estimates by move notation (what a verdict carries)."""
    return {} if h is None else {e.notation: e for e in h.moves}


def holds_best(h: Hint | None, verdicts: Iterable[Any]) -> bool:
    """Whether the answer's best move is one of these verdicts (by notation)."""
    return h is not None and any(getattr(v, "notation", None) == h.best.notation for v in verdicts)
