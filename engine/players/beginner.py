"""The beginner: a random legal move, always making the last-card calls.

It chooses as a new player does: first what to do — which card or cards to put down, or draw /
wait / pass — uniformly among the options, then, when the last card makes a wish, one of its
wishes uniformly. (Drawing a uniform move from the full list would play a jack seven times as
often as a seven, once per demand it may make.) The last-card calls are always made.
"""

from __future__ import annotations

import random

from engine.moves import Move
from engine.players.common import calls_made, view_moves
from engine.seat_view import SeatView


def choose_beginner(view: SeatView, rng: random.Random) -> Move:
    """Returns a random legal move of the seat to move, with every last-card call made."""
    moves = calls_made(view_moves(view))
    options: dict[tuple[int, ...] | str, list[Move]] = {}
    for move in moves:
        options.setdefault(move.cards if move.kind == "play" else move.kind, []).append(move)
    groups = list(options.values())
    group = groups[rng.randrange(len(groups))]
    return group[0] if len(group) == 1 else group[rng.randrange(len(group))]
