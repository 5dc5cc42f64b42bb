"""The coach: every legal move valued by determinised Monte Carlo, reasons counted in the
playouts, and an expert computer player that plays the best move (docs/COACH.md).

Standard library only; it decides from a ``SeatView`` and never sees the hidden cards.
"""

import random

from engine.coach.objective import OBJECTIVES, Objective, objective_for
from engine.coach.reasons import COACH_CODES
from engine.coach.records import CoachReason, MoveEstimate, place_of
from engine.coach.search import CoachError, Hint, hint
from engine.moves import Move
from engine.seat_view import SeatView

__all__ = [
    "hint",
    "Hint",
    "MoveEstimate",
    "CoachReason",
    "CoachError",
    "COACH_CODES",
    "OBJECTIVES",
    "Objective",
    "objective_for",
    "place_of",
    "choose_expert",
]


def choose_expert(view: SeatView, rng: random.Random, budget: int | None = None) -> Move:
    """The expert computer player's move (engine.coach.expert.choose_expert)."""
    from engine.coach.expert import EXPERT_PLAYOUTS
    from engine.coach.expert import choose_expert as choose

    return choose(view, rng, EXPERT_PLAYOUTS if budget is None else budget)
