"""Simple computer players: pick a move from the legal ones with a seeded random generator."""
from __future__ import annotations

import random

from engine.moves import Move
from engine.rules import legal_moves
from engine.state import State


def random_move(st: State, rng: random.Random) -> Move:
    """Any legal move, uniformly (the selfplay and soak-test policy)."""
    moves = legal_moves(st)
    return moves[rng.randrange(len(moves))]


def eager_move(st: State, rng: random.Random) -> Move:
    """A random legal play if there is one (always making the last-card calls), else draw/wait/pass."""
    moves = legal_moves(st)
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        return moves[0]
    called = {m._replace(makao=False, kakao=False) for m in plays if m.makao or m.kakao}
    plays = [m for m in plays if m not in called]
    return plays[rng.randrange(len(plays))]
