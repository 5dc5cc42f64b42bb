"""The expert computer player: the hint engine's best move on a small budget per move.

Budget: ``EXPERT_PLAYOUTS`` = 300 playouts a move, with the racing early stop and no explanation
pass; a position with one legal move is answered at once. docs/COACH.md has the measured time a
move (tens of milliseconds), so a round with three other seats stays brisk.

The default move: with 300 playouts the hint often cannot tell two moves apart, and picking the
noisier winner among equals plays worse than a steady rule of thumb. So the expert first asks
the rollout policy (``engine.coach.rollout``, keen: shed cards, keep the queen and the changers,
wish what you hold, attack a short hand) for its move, and plays the hint's best move only when
that is ahead of the policy's move by more than ``DEVIATE`` standard errors of their paired
difference; otherwise it keeps the policy's move (which the hint then rates as good as the best).
"""

from __future__ import annotations

import random

from engine.coach.rollout import ROLLOUT_CAP, keen_action
from engine.coach.search import hint
from engine.fastplay import Playout
from engine.moves import Move
from engine.rules import legal_moves
from engine.seat_view import SeatView, stand_in

EXPERT_PLAYOUTS = 300
DEVIATE = 1.0


def choose_expert(
    view: SeatView, rng: random.Random, budget: int = EXPERT_PLAYOUTS, horizon: int = ROLLOUT_CAP
) -> Move:
    """Plays the hint engine's best move for ``view``'s seat, searching with ``budget`` playouts,
    unless the hint cannot tell it from the rollout policy's own move."""
    world = stand_in(view)
    moves = legal_moves(world)
    if len(moves) == 1:
        return moves[0]
    default = keen_action(Playout.from_state(world), rng).move
    h = hint(view, playouts=budget, seed=rng.randrange(2**31), explain=False, horizon=horizon)
    for estimate in h.moves:
        if estimate.move == default:
            return default if estimate.behind <= DEVIATE * estimate.behind_se else h.best.move
    return h.best.move
