"""The coach: every legal move valued by determinised Monte Carlo, reasons counted in the
playouts, and an expert computer player that plays the best move (docs/COACH.md).

Standard library only; it decides from a ``SeatView`` and never sees the hidden cards.
"""
from engine.coach.objective import OBJECTIVES, Objective, objective_for
from engine.coach.reasons import COACH_CODES
from engine.coach.search import CoachError, CoachReason, Hint, MoveEstimate, hint, place_of

__all__ = ["hint", "Hint", "MoveEstimate", "CoachReason", "CoachError", "COACH_CODES", "OBJECTIVES",
           "Objective", "objective_for", "place_of", "choose_expert"]


def choose_expert(view, rng, budget=None):
    """The expert computer player's move (engine.coach.expert.choose_expert)."""
    from engine.coach.expert import EXPERT_PLAYOUTS, choose_expert as choose
    return choose(view, rng, EXPERT_PLAYOUTS if budget is None else budget)
