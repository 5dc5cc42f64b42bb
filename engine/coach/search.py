"""The hint: every legal move of the seat to move, valued by determinised Monte Carlo.

``hint(view)`` sees only a ``SeatView``. For world ``w = 0, 1, 2, …`` it deals the hidden cards
at random consistently with the view (``engine.seat_view.sample_state`` with a generator seeded
by ``(seed, w)``), and plays **every** candidate still in the race out in that same world with
the same rollout seed (common random numbers: the moves are compared on the same deals, so the
luck of the deal cancels out of their differences). A rollout is ``engine.coach.rollout``'s keen
policy on the playout kernel; its result is scored by ``engine.coach.objective``.

Racing (the early-stop rule, docs/COACH.md): worlds are played in batches of ``BATCH``. After
each batch, once every candidate has ``MIN_WORLDS`` worlds, the *leader* is the candidate with the
best mean; a candidate leaves the race when the 95%-style bound of its paired difference with
the leader says it is worse (``mean(d) - Z * se(d) > 0``, d = leader's value minus its value in
each common world), or practically equal (``|mean(d)| + Z * se(d) < EPSILON * scale``). When one
candidate is left the best move is clear: it alone is played on until it has ``FINAL_WORLDS``
worlds (to narrow its interval), then the hint stops. Otherwise it stops when the playout budget
or the time budget is spent (checked between batches; every move gets at least one world).
A candidate's estimate is the mean over its worlds with a 95% interval: Wilson's for a
probability whose samples are all 0 or 1, else the normal one (mean ± 1.96 standard errors).

Deterministic: the same view, budget and seed give the same hint (a time budget may cut it at a
different batch on a busier machine).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, NamedTuple

from engine.coach.objective import Objective, objective_for, score, score_range
from engine.coach.reasons import explain_best
from engine.coach.records import CoachReason, MoveEstimate, mean, standard_error, world_rng
from engine.coach.rollout import ROLLOUT_CAP, rollout
from engine.errors import EngineError
from engine.fastplay import Playout, compiled
from engine.moves import Move, format_move
from engine.rules import legal_moves
from engine.seat_view import SeatView, sample_state, stand_in

BATCH = 16  # worlds per batch, for every candidate still racing
MIN_WORLDS = 32  # worlds before a candidate may leave the race
FINAL_WORLDS = 200  # worlds the clear best move is played on to
Z = 2.5  # bound of the racing rule (2.5 standard errors: several looks per hint)
EPSILON = 0.01  # "practically equal": 1 percentage point (times the scale for points)
Z95 = 1.96


class CoachError(EngineError):
    """A position the coach cannot advise on (the round is over)."""


class Hint(NamedTuple):
    """The coach's answer for the seat to move: every legal move valued, the best first."""

    seat: int
    players: int
    objective: Objective
    moves: tuple[MoveEstimate, ...]
    playouts: int  # rollouts played in all
    worlds: int  # sampled deals
    stopped: str  # "clear" | "equal" | "budget" | "time" | "only_move"
    reasons: tuple[CoachReason, ...]
    seconds: float

    @property
    def best(self) -> MoveEstimate:
        return self.moves[0]

    def same_answer(self, other: Hint) -> bool:
        """Whether two hints agree in everything but the time they took."""
        return self._replace(seconds=0.0) == other._replace(seconds=0.0)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "objective": self.objective.kind,
            "better": "higher" if self.objective.higher_is_better else "lower",
            "moves": [m.to_json(self.objective, self.players) for m in self.moves],
            "playouts": self.playouts,
            "worlds": self.worlds,
            "stopped": self.stopped,
            "reasons": [r.to_json() for r in self.reasons],
        }


class _Race:
    """Candidates' values per world, in the order the worlds were played."""

    def __init__(self, view: SeatView, moves: list[Move], seed: int, horizon: int = ROLLOUT_CAP):
        self.horizon = horizon
        self.view = view
        self.seat = view.seat
        self.obj = objective_for(view.rules)
        self.sign = 1.0 if self.obj.higher_is_better else -1.0
        k = compiled(view.rules)
        self.actions = [k.action(m) for m in moves]
        self.moves = moves
        self.seed = seed
        self.values: list[list[float]] = [[] for _ in moves]
        self.alive = list(range(len(moves)))
        self.worlds = 0
        self.playouts = 0

    def play_world(self) -> None:
        """Deals the next world and plays every candidate still racing out in it."""
        rng = world_rng(self.seed, self.worlds)
        base = Playout.from_state(sample_state(self.view, rng))
        roll_seed = rng.getrandbits(64)
        obj, seat = self.obj, self.seat
        for c in self.alive:
            q = base.copy()
            q._run(None, 1, self.actions[c])
            rollout(q, random.Random(roll_seed), seat, obj.stop_at_first_out, self.horizon)
            self.values[c].append(score(obj, q, seat))
        self.worlds += 1
        self.playouts += len(self.alive)

    def leader(self) -> int:
        return max(self.alive, key=lambda c: (self.sign * mean(self.values[c]), -c))

    def cull(self) -> str | None:
        """Applies the racing rule; returns "clear"/"equal" when one candidate is left."""
        if len(self.alive) < 2 or self.worlds < MIN_WORLDS:
            return None
        lead = self.leader()
        lv = self.values[lead]
        scale = 1.0 if self.obj.kind in ("win", "place", "not_loser") else max(1.0, abs(mean(lv)))
        equal = False
        keep = []
        for c in self.alive:
            if c == lead:
                keep.append(c)
                continue
            cv = self.values[c]
            d = [self.sign * (a - b) for a, b in zip(lv, cv, strict=False)]  # racing candidates share every world
            m, se = mean(d), standard_error(d)
            if m - Z * se > 0:
                continue
            if abs(m) + Z * se < EPSILON * scale:
                equal = True
                continue
            keep.append(c)
        self.alive = keep
        if len(keep) == 1:
            return "equal" if equal else "clear"
        return None


def interval(xs: list[float], bounds: tuple[float, float] = (-math.inf, math.inf)) -> tuple[float, float]:
    """A 95% interval of the mean of ``xs``: Wilson's for 0/1 samples, else the normal one, cut to
    ``bounds`` (what a round can score: no -1.5 points, no 104%)."""
    low, high = _interval(xs)
    return max(low, bounds[0]), min(high, bounds[1])


def _interval(xs: list[float]) -> tuple[float, float]:
    """The uncut 95% interval of the mean of ``xs``."""
    n = len(xs)
    m = mean(xs)
    if n and all(x in (0.0, 1.0) for x in xs):
        z2 = Z95 * Z95
        centre = (m + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(m * (1 - m) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return max(0.0, centre - half), min(1.0, centre + half)
    if n < 2:
        return m, m
    half = Z95 * standard_error(xs)
    return m - half, m + half


def hint(
    view: SeatView,
    playouts: int = 1000,
    seed: int = 0,
    seconds: float | None = None,
    early_stop: bool = True,
    explain: bool = True,
    horizon: int = ROLLOUT_CAP,
) -> Hint:
    """Values every legal move of ``view``'s seat by determinised Monte Carlo; best move first."""
    if view.over:
        raise CoachError("the round is over: there is no move to advise on")
    if view.to_move != view.seat:
        raise CoachError(f"player {view.seat + 1} is not to move (player {view.to_move + 1} is)")
    start = time.perf_counter()
    moves = legal_moves(stand_in(view))
    race = _Race(view, moves, seed, horizon)
    stopped = "only_move" if len(moves) == 1 else "budget"
    deadline = None if seconds is None else start + seconds
    while True:
        alive = len(race.alive)
        room = playouts - race.playouts
        if race.worlds:  # every move has a world: the budgets may stop the hint now
            if room < alive:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                stopped = "time"
                break
            if early_stop and alive == 1 and race.worlds >= FINAL_WORLDS:
                break
        batch = max(1, min(BATCH, room // alive))
        if early_stop and alive == 1:
            batch = max(1, min(batch, FINAL_WORLDS - race.worlds))
        for _ in range(batch):
            race.play_world()
        if early_stop:
            verdict = race.cull()
            if verdict is not None:
                stopped = verdict
    estimates = []
    bounds = score_range(race.obj, view.rules, view.players)
    for c, move in enumerate(moves):
        xs = race.values[c]
        low, high = interval(xs, bounds)
        estimates.append(MoveEstimate(move, format_move(move, view.rules.deck), mean(xs), low, high, len(xs)))
    order = sorted(range(len(moves)), key=lambda c: (-race.sign * estimates[c].mean, -estimates[c].playouts, c))
    top = race.values[order[0]]
    for c in order[1:]:
        xs = race.values[c]  # both played worlds 0, 1, …: zip pairs their common ones
        d = [race.sign * (b - x) for b, x in zip(top, xs, strict=False)]
        estimates[c] = estimates[c]._replace(behind=mean(d), behind_se=standard_error(d))
    ranked = tuple(estimates[c] for c in order)
    reasons: tuple[CoachReason, ...] = ()
    if explain:
        reasons = explain_best(
            view,
            ranked,
            race.obj,
            race.values[order[0]],
            race.values[order[1]] if len(order) > 1 else None,
            seed,
            race.worlds,
        )
    return Hint(
        view.seat,
        view.players,
        race.obj,
        ranked,
        race.playouts,
        race.worlds,
        stopped,
        reasons,
        time.perf_counter() - start,
    )
