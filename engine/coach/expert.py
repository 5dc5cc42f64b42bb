"""The expert computer player: the hint engine's best move on a small budget per move.

Budget: ``EXPERT_PLAYOUTS`` = 300 playouts a move, with the racing early stop (most moves stop
well before it) and no explanation pass; a position with one legal move is answered at once.
On this machine that is about 10–60 ms a move (docs/COACH.md has the measured figures), so a
round with three other seats stays brisk.
"""
from __future__ import annotations

import random

from engine.coach.search import hint
from engine.moves import Move
from engine.rules import legal_moves
from engine.seat_view import SeatView, stand_in

EXPERT_PLAYOUTS = 300


def choose_expert(view: SeatView, rng: random.Random, budget: int = EXPERT_PLAYOUTS) -> Move:
    """Plays the hint engine's best move for ``view``'s seat, searching with ``budget`` playouts."""
    moves = legal_moves(stand_in(view))
    if len(moves) == 1:
        return moves[0]
    return hint(view, playouts=budget, seed=rng.randrange(2**31), explain=False).best.move
