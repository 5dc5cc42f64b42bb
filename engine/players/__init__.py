"""Computer players: each decides from a ``SeatView`` alone, as a real player at the table would.

``choose_move(view, strength, rng)`` is the one entry point; ``STRENGTHS`` lists the strengths:

* ``beginner`` — a random legal move, always making the last-card calls (``beginner.py``);
* ``club`` — a documented heuristic built on the Danish app's "Gode råd" (seed 002) and common
  sense (``club.py``; every rule with its source in docs/PLAYERS.md);
* ``expert`` — the coach's search player, ``engine.coach.expert.choose_expert(view, rng)``,
  imported when first asked for.

A player never sees the other hands or the deck order: it is handed a view, not a state, so the
same view (and the same seed) always gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.moves import Move
from engine.players.beginner import choose_beginner
from engine.players.common import PlayerError
from engine.seat_view import SeatView

__all__ = ["STRENGTHS", "PlayerError", "check_strength", "choose_move"]

STRENGTHS = ("beginner", "club", "expert")


def check_strength(strength: object) -> str:
    """Returns ``strength`` when it names a computer player; raises PlayerError otherwise."""
    if strength not in STRENGTHS:
        raise PlayerError(f"unknown strength {strength!r} (use one of: {', '.join(STRENGTHS)})")
    return strength


def choose_move(view: SeatView, strength: str, rng: random.Random) -> Move:
    """Returns the legal move the computer player of ``strength`` makes for ``view.seat``."""
    check_strength(strength)
    if view.over:
        raise PlayerError("the round is over: there is no move to make")
    if view.seat != view.to_move:
        raise PlayerError(f"it is seat {view.to_move}'s turn, not seat {view.seat}'s")
    if strength == "beginner":
        return choose_beginner(view, rng)
    if strength == "club":  # imported on first use: it reads the kernel's tables (engine.fastplay)
        from engine.players.club import choose_club

        return choose_club(view, rng)
    return _expert()(view, rng)


def _expert() -> Callable[[SeatView, random.Random], Move]:
    """The coach's expert player, imported on first use (it lives in engine.coach)."""
    try:
        from engine.coach.expert import choose_expert
    except ModuleNotFoundError as exc:
        if exc.name not in ("engine.coach", "engine.coach.expert"):
            raise
        raise PlayerError(
            "the expert player is not installed: it comes with the coach (engine.coach.expert); use beginner or club"
        ) from None
    expert: Callable[[SeatView, random.Random], Move] = choose_expert
    return expert
