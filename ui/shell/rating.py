"""Ratings like chess puzzles: every drill and every learner has one, and an answer is a game between them.

Pure Python (no Streamlit), with ``openskill``'s Plackett–Luce model — the one rating system of the
whole app (the coach's ladder uses it too). A right answer is a win of the learner over the drill, a
wrong one a win of the drill, so a learner who answers hard drills right gains, and a drill that
everyone misses rises. A drill starts from its level (``start_of``); the learner from the model's
default. A rating is kept as ``[mu, sigma]`` (plain JSON); what is shown is ``shown`` (mu − 3σ
would read zero for a beginner, so the app shows mu, scaled to a familiar 1500-ish number).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce

from engine.drills import Drill

_MODEL = PlackettLuce()          # immutable settings, shared by every session
LEVEL_MU = {1: 22.0, 2: 26.0, 3: 30.0}
SCALE = 60                       # shown = 1500 + SCALE·(mu − 25)

Pair = list[float]


def start_of(level: int) -> Pair:
    """A drill's rating before anyone answered it: easier levels start lower."""
    return [LEVEL_MU.get(level, 25.0), _MODEL.sigma]


def learner_start() -> Pair:
    """A learner's rating before any answer."""
    return [_MODEL.mu, _MODEL.sigma]


def play(learner: Sequence[float], drill: Sequence[float], right: bool) -> tuple[Pair, Pair]:
    """The learner's and the drill's ratings after one answer."""
    a = _MODEL.rating(mu=learner[0], sigma=learner[1])
    b = _MODEL.rating(mu=drill[0], sigma=drill[1])
    (a2,), (b2,) = _MODEL.rate([[a], [b]], ranks=[0, 1] if right else [1, 0])
    return [a2.mu, a2.sigma], [b2.mu, b2.sigma]


def shown(pair: Sequence[float]) -> int:
    """The rating as a learner reads it (about 1500 at the start)."""
    return round(1500 + SCALE * (pair[0] - 25.0))


def drill_ratings(drills: Iterable[Drill], answers: Iterable[tuple[str, bool]]) -> dict[str, Pair]:
    """Each drill's rating from its level and a stream of (drill id, right) answers of many learners.

    The answerers are taken at the default rating: what it learns is how hard the drill is for a class."""
    ratings = {d.id: start_of(d.level) for d in drills}
    for drill_id, right in answers:
        if drill_id in ratings:
            _, ratings[drill_id] = play(learner_start(), ratings[drill_id], right)
    return ratings


def nearest(drills: Sequence[Drill], learner: Sequence[float], ratings: Mapping[str, Sequence[float]],
            skip: Iterable[str] = ()) -> Drill | None:
    """The drill whose rating is closest to the learner's (ties: the file's order), leaving out ``skip``."""
    left_out = set(skip)
    pool = [d for d in drills if d.id not in left_out] or list(drills)
    if not pool:
        return None
    return min(pool, key=lambda d: abs(ratings.get(d.id, start_of(d.level))[0] - learner[0]))
