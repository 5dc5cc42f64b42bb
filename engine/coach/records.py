"""What the hint and its reasons share: a move's estimate, a reason code, and the seeded worlds.

``engine.coach.search`` values the moves and ``engine.coach.reasons`` explains the best one; both
import these records, and this module imports neither of them.
"""

from __future__ import annotations

import math
import random
from typing import Any, NamedTuple

from engine.coach.objective import Objective
from engine.moves import Move


class MoveEstimate(NamedTuple):
    """One candidate's estimated value (the objective's units) with its 95% interval, and how far
    it is behind the best move, paired over their common worlds (``behind`` >= 0 is worse by that
    much, in the objective's units; ``behind_se`` its standard error; 0 and 0 for the best)."""

    move: Move
    notation: str
    mean: float
    low: float
    high: float
    playouts: int
    behind: float = 0.0
    behind_se: float = 0.0

    def to_json(self, obj: Objective, players: int) -> dict[str, Any]:
        out: dict[str, Any] = {
            "move": self.notation,
            "value": round(self.mean, 4),
            "interval": [round(self.low, 4), round(self.high, 4)],
            "playouts": self.playouts,
        }
        if obj.kind == "place":  # the place score maps back onto the expected place
            out["expected_place"] = round(place_of(self.mean, players), 3)
        out["behind_best"] = round(self.behind, 4)
        out["behind_best_se"] = round(self.behind_se, 4) if math.isfinite(self.behind_se) else None
        return out


class CoachReason(NamedTuple):
    """Why the best move is best: a code of ``engine.coach.reasons.COACH_CODES`` and its numbers."""

    code: str
    params: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, **self.params}


def place_of(place_score: float, players: int) -> float:
    """The expected place (1 = first) of a place score ``(n - place) / (n - 1)``."""
    return players - place_score * (players - 1)


def world_rng(seed: int, w: int) -> random.Random:
    """The generator that deals world ``w`` of a hint seeded ``seed``."""
    return random.Random((abs(seed) << 32) ^ w ^ (1 << 31 if seed < 0 else 0))


def mean(xs: list[float]) -> float:
    """The mean of a sample (0 for none)."""
    return sum(xs) / len(xs) if xs else 0.0


def standard_error(xs: list[float]) -> float:
    """The standard error of a sample's mean (infinite below two values: nothing is clear yet)."""
    n = len(xs)
    if n < 2:
        return math.inf
    m = sum(xs) / n
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
