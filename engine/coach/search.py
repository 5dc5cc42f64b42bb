"""The hint: every legal move of the seat to move, valued by determinised Monte Carlo.

``hint(view)`` sees only a ``SeatView``. For world ``w = 0, 1, 2, …`` it deals the hidden cards
at random consistently with the view (``engine.seat_view.sample_state`` with a generator seeded
by ``(seed, w)``), and plays **every** candidate still in the race out in that same world with
the same rollout seed (common random numbers: the moves are compared on the same deals, so the
luck of the deal cancels out of their differences). A rollout is ``engine.coach.rollout``'s keen
policy on the playout kernel; its result is scored by ``engine.coach.objective``.

Allocation (docs/COACH.md, "two-level search"): the moves are grouped as a player chooses them —
first the cards that go down (every order, wish and call of them together; draw, wait and pass
each a group of their own), then the order of those cards, then the wish and the calls. Each
group races by one representative (the club player's order, wish and calls for its cards,
``engine.players.club.club_move_for``); the winning group's members then join the race against
what is still in it, so a jack's five demands cost five candidates only once its cards have won.
Each level gets a share of the racing budget in proportion to the candidates it races.

Racing (the early-stop rule): worlds are played in batches of ``BATCH``. After each batch the
*leader* is the candidate with the best paired mean; a candidate with ``MIN_WORLDS`` worlds in
common with the leader leaves the race when the 95%-style bound of its paired difference with
the leader says it is worse (``mean(d) - Z * se(d) > 0``, d = leader's value minus its value in
each common world), or practically equal (``|mean(d)| + Z * se(d) < EPSILON * scale``). A level
ends when one candidate is left (the best move is clear) or its share is spent.

The value shown (the winner's curse): the best of many noisy means is too high on the worlds it
was chosen on, so the chosen move is played again on ``FRESH_WORLDS`` fresh worlds (world
numbers from ``FRESH_OFFSET`` on, never raced on; at most ``FRESH_SHARE`` of the playout and
time budgets) and its value and interval are those of the fresh worlds, cut to what a round can
score (``engine.coach.objective.score_range``). The other moves keep their racing values; how far
each is behind the best is paired over the worlds they share.

A candidate's estimate is the mean over its worlds with a 95% interval: Wilson's for a
probability whose samples are all 0 or 1, else the normal one (mean ± 1.96 standard errors).
``allocation="flat"`` with ``remeasure=False`` is the search before issue #28 (every move raced
from the first world, the best move's value on its own racing worlds), kept for the bench's
before/after figures (bench/coach_quality.py).

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
from engine.players.club import club_move_for
from engine.rules import legal_moves
from engine.seat_view import SeatView, sample_state, stand_in

BATCH = 16  # worlds per batch, for every candidate still racing
MIN_WORLDS = 32  # worlds in common with the leader before a candidate may leave the race
FINAL_WORLDS = 200  # flat search without re-measure: worlds the clear best move is played on to
FRESH_WORLDS = 200  # fresh worlds the chosen move's shown value is measured on
FRESH_SHARE = 0.2  # the most of the playout and time budgets the re-measure may take
FRESH_OFFSET = 1 << 30  # fresh world i is world FRESH_OFFSET + i of the hint's seed
Z = 2.5  # bound of the racing rule (2.5 standard errors: several looks per hint)
EPSILON = 0.01  # "practically equal": 1 percentage point (times the scale for points)
Z95 = 1.96
COVER_WORLDS = 4  # fresh worlds each move that never raced is valued on (its group lost)
COVER_SHARE = 0.1  # the most of the playout budget those moves may take
LEVELS = 3  # cards, their order, their wish and calls
LEVEL_Z = 1.0  # a level's share spent: candidates behind the leader by this many standard errors stop


class CoachError(EngineError):
    """A position the coach cannot advise on (the round is over)."""


class Hint(NamedTuple):
    """The coach's answer for the seat to move: every legal move valued, the best first."""

    seat: int
    players: int
    objective: Objective
    moves: tuple[MoveEstimate, ...]
    playouts: int  # rollouts played in all
    worlds: int  # sampled deals (racing and fresh)
    stopped: str  # "clear" | "equal" | "budget" | "time" | "only_move"
    reasons: tuple[CoachReason, ...]
    seconds: float
    fresh: int = 0  # fresh worlds the best move's value was re-measured on (0: its racing worlds)

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
            "fresh_worlds": self.fresh,
            "stopped": self.stopped,
            "reasons": [r.to_json() for r in self.reasons],
        }


class _Race:
    """Candidates' values per world; candidate ``c`` has played worlds ``start[c]`` onwards."""

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
        self.start = [0] * len(moves)
        self.alive: list[int] = []
        self.entered: set[int] = set()
        self.worlds = 0
        self.playouts = 0

    def enter(self, candidates: list[int]) -> None:
        """Adds candidates that have not raced yet; they play from the next world on."""
        for c in candidates:
            if c not in self.entered:
                self.entered.add(c)
                self.start[c] = self.worlds
                self.alive.append(c)

    def play(self, candidates: list[int], w: int) -> list[float]:
        """Deals world ``w`` and plays each candidate out in it; their values."""
        rng = world_rng(self.seed, w)
        base = Playout.from_state(sample_state(self.view, rng))
        roll_seed = rng.getrandbits(64)
        obj, seat = self.obj, self.seat
        out = []
        for c in candidates:
            q = base.copy()
            q._run(None, 1, self.actions[c])
            rollout(q, random.Random(roll_seed), seat, obj.stop_at_first_out, self.horizon)
            out.append(score(obj, q, seat))
        self.playouts += len(candidates)
        return out

    def play_world(self) -> None:
        """Deals the next world and plays every candidate still racing out in it."""
        for c, v in zip(self.alive, self.play(self.alive, self.worlds), strict=True):
            self.values[c].append(v)
        self.worlds += 1

    def paired(self, a: int, b: int) -> list[float]:
        """``a``'s advantage over ``b`` (the objective's sign) in each world both played."""
        va, vb, sa, sb = self.values[a], self.values[b], self.start[a], self.start[b]
        lo, hi = max(sa, sb), min(sa + len(va), sb + len(vb))
        return [self.sign * (va[w - sa] - vb[w - sb]) for w in range(lo, hi)]

    def leader(self) -> int:
        """The candidate racing with the best mean, paired against the longest-racing one."""
        anchor = max(self.alive, key=lambda c: (len(self.values[c]), self.sign * mean(self.values[c]), -c))
        best, best_d = anchor, 0.0
        for c in self.alive:
            if c != anchor and len(self.values[c]) >= MIN_WORLDS:
                d = mean(self.paired(c, anchor))
                if d > best_d:
                    best, best_d = c, d
        return best

    def cull(self, z: float = Z, least: int = MIN_WORLDS) -> str | None:
        """Applies the racing rule (``z`` standard errors for "worse", from ``least`` common
        worlds on); returns "clear"/"equal" when one candidate is left."""
        if len(self.alive) < 2:
            return None
        lead = self.leader()
        if len(self.values[lead]) < least:
            return None
        scale = 1.0 if self.obj.kind in ("win", "place", "not_loser") else max(1.0, abs(mean(self.values[lead])))
        equal = False
        keep = []
        for c in self.alive:
            d = self.paired(lead, c) if c != lead else []
            if len(d) < least:
                keep.append(c)
                continue
            m, se = mean(d), standard_error(d)
            if m - z * se > 0:
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


def _key(move: Move, level: int) -> Any:
    """What a player chooses at ``level``: 0 the cards, 1 their order, 2 the whole move."""
    if move.kind != "play" or level >= 2:
        return move
    return tuple(sorted(move.cards)) if level == 0 else move.cards


def _split(moves: list[Move], members: list[int], level: int) -> tuple[list[list[int]], int]:
    """The first level from ``level`` on that splits ``members`` into several groups, and the groups."""
    for lv in range(level, LEVELS):
        groups: dict[Any, list[int]] = {}
        for i in members:
            groups.setdefault(_key(moves[i], lv), []).append(i)
        if len(groups) > 1:
            return list(groups.values()), lv
    return [members], LEVELS


def _representative(view: SeatView, moves: list[Move], members: list[int]) -> int:
    """The club player's choice among a group's moves: the first order listed, its wish and calls."""
    first = moves[members[0]]
    if first.kind != "play":
        return members[0]
    same = [i for i in members if moves[i].cards == first.cards]
    pick = club_move_for(view, first.cards, [moves[i] for i in same])
    return next((i for i in same if moves[i] == pick), same[0])


def _cost(moves: list[Move], members: list[int], level: int) -> int:
    """The candidates the levels below ``level`` race at most, refining ``members``."""
    groups, lv = _split(moves, members, level)
    if len(groups) < 2:
        return 0
    return len(groups) + max(_cost(moves, g, lv + 1) for g in groups)


def _run(race: _Race, until: int, deadline: float | None) -> str | None:
    """Races in batches until ``until`` playouts would be passed, one candidate is left or time is
    up; "time", "clear", "equal" or None (the share is spent)."""
    verdict = None
    while len(race.alive) > 1 or not race.worlds:
        alive = len(race.alive)
        room = until - race.playouts
        if race.worlds and (room < alive):
            return verdict
        if race.worlds and deadline is not None and time.perf_counter() >= deadline:
            return "time"
        for _ in range(max(1, min(BATCH, room // alive))):
            race.play_world()
        verdict = race.cull()
    return verdict


def _next_split(race: _Race, view: SeatView, lead: int | None) -> tuple[list[list[int]], int, list[int]] | None:
    """The first split on the way down to ``lead``'s own group whose representatives have not all
    raced: its groups, level and representatives (None when ``lead`` is a single move)."""
    moves = race.moves
    members, level = list(range(len(moves))), 0
    while True:
        groups, lv = _split(moves, members, level)
        if len(groups) < 2:
            return None
        reps = [_representative(view, moves, g) for g in groups]
        if lead is None or any(r not in race.entered for r in reps):
            return groups, lv, reps
        members, level = next(g for g in groups if lead in g), lv + 1


def _grouped(race: _Race, view: SeatView, budget: int, cover_cap: int, deadline: float | None) -> str:
    """The two-level search (module docstring): the cards first, then their order, wish and calls.
    ``budget`` less what the moves not yet raced may need to be covered (at most ``cover_cap``)."""
    moves = race.moves
    stopped = "budget"
    lead: int | None = None
    while (split := _next_split(race, view, lead)) is not None:
        groups, level, reps = split
        if lead is not None and stopped == "budget":
            race.cull(LEVEL_Z, BATCH)  # the share ran out: only what may still be best goes deeper
        race.enter(reps)
        rest = max(_cost(moves, g, level + 1) for g in groups)
        alive = len(race.alive)
        room = _room(race, budget, cover_cap)
        verdict = _run(race, race.playouts + room * alive // (alive + rest), deadline)
        if verdict == "time":
            return "time"
        stopped = verdict or "budget"
        lead = race.leader()
    if len(race.alive) > 1:
        stopped = _run(race, race.playouts + _room(race, budget, cover_cap), deadline) or "budget"
    return stopped


def _room(race: _Race, budget: int, cover_cap: int) -> int:
    """The racing playouts left once the moves not yet raced are covered (``COVER_WORLDS`` each)."""
    waiting = len(race.moves) - len(race.entered)
    return budget - race.playouts - min(cover_cap, COVER_WORLDS * waiting)


def _flat(race: _Race, budget: int, deadline: float | None, early_stop: bool, final_worlds: int) -> str:
    """Every move races from the first world (the search before issue #28); the stop reason."""
    race.enter(list(range(len(race.moves))))
    stopped = "only_move" if len(race.moves) == 1 else "budget"
    while True:
        alive = len(race.alive)
        room = budget - race.playouts
        if race.worlds:
            if room < alive:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                stopped = "time"
                break
            if early_stop and alive == 1 and race.worlds >= final_worlds:
                break
        batch = max(1, min(BATCH, room // alive))
        if early_stop and alive == 1:
            batch = max(1, min(batch, final_worlds - race.worlds))
        for _ in range(batch):
            race.play_world()
        if early_stop:
            verdict = race.cull()
            if verdict is not None:
                stopped = verdict
    return stopped


def _remeasure(race: _Race, c: int, count: int, deadline: float | None) -> list[float]:
    """The candidate's values on ``count`` fresh worlds (one batch at least, then while time lasts)."""
    xs: list[float] = []
    for i in range(count):
        if i >= BATCH and i % BATCH == 0 and deadline is not None and time.perf_counter() >= deadline:
            break
        xs += race.play([c], FRESH_OFFSET + i)
    return xs


def _behind(race: _Race, best: int, c: int, fresh: list[float], covered: list[float] | None) -> tuple[float, float]:
    """How far ``c`` is behind the best move: paired over the worlds both played (a covered move
    over the fresh worlds, the others over their racing worlds), else unpaired."""
    if covered is not None and len(fresh) >= len(covered):
        d = [race.sign * (b - x) for b, x in zip(fresh, covered, strict=False)]
    else:
        d = race.paired(best, c)
    if len(d) >= 2:
        return mean(d), standard_error(d)
    vb, vc = race.values[best], covered if covered is not None else race.values[c]
    se = math.hypot(standard_error(vb), standard_error(vc))
    return race.sign * (mean(vb) - mean(vc)), se


def _cover(race: _Race, unraced: list[int], count: int) -> dict[int, list[float]]:
    """The moves that never raced (their group lost), each on the first ``count`` fresh worlds."""
    out: dict[int, list[float]] = {c: [] for c in unraced}
    if not unraced:
        return out
    for i in range(count):
        for c, v in zip(unraced, race.play(unraced, FRESH_OFFSET + i), strict=True):
            out[c].append(v)
    return out


def _estimate(move: Move, notation: str, xs: list[float], limits: tuple[float, float]) -> MoveEstimate:
    """A move's mean and 95% interval over ``xs``, cut to ``limits``, what a round can score."""
    low, high = interval(xs, limits)
    return MoveEstimate(move, notation, mean(xs), low, high, len(xs))


class _Plan(NamedTuple):
    """How a hint's budget is split: whether the chosen move is re-measured on fresh worlds and on how
    many, whether the moves race in groups, the playouts for moves whose group lost, the deadlines."""

    remeasure: bool
    fresh: int
    grouped: bool
    cover: int
    deadline: float | None
    end: float | None


def _plan(
    moves: list[Move],
    playouts: int,
    seconds: float | None,
    early_stop: bool,
    allocation: str,
    remeasure: bool,
    start: float,
) -> _Plan:
    """The split of the budget (docs/COACH.md, "How a hint is computed", steps 5–8)."""
    chosen = len(moves) > 1 and remeasure
    fresh = min(FRESH_WORLDS, int(playouts * FRESH_SHARE)) if chosen else 0
    grouped = allocation == "grouped" and early_stop and len(moves) > 1
    cover = min(COVER_WORLDS * len(moves), int(playouts * COVER_SHARE)) if grouped else 0
    share = 1 - FRESH_SHARE if chosen else 1.0
    deadline = None if seconds is None else start + seconds * share
    return _Plan(chosen, fresh, grouped, cover, deadline, None if seconds is None else start + seconds)


def _run_race(race: _Race, view: SeatView, plan: _Plan, playouts: int, early_stop: bool) -> str:
    """Races the moves as the plan says; why the race stopped."""
    if len(race.moves) == 1:
        return _flat(race, playouts, plan.deadline, early_stop, FINAL_WORLDS)
    if plan.grouped:
        return _grouped(race, view, playouts - plan.fresh, plan.cover, plan.deadline)
    return _flat(race, playouts - plan.fresh, plan.deadline, early_stop, 0 if plan.remeasure else FINAL_WORLDS)


def _fresh_values(race: _Race, plan: _Plan, best: int, playouts: int) -> list[float]:
    """The best move's values on fresh worlds (none without the re-measure); a race decided early
    leaves playouts, which go to the fresh worlds too (up to ``FRESH_WORLDS``)."""
    if not plan.remeasure:
        return []
    left = playouts - race.playouts - min(plan.cover, COVER_WORLDS * (len(race.moves) - len(race.entered)))
    return _remeasure(race, best, max(2, max(plan.fresh, min(FRESH_WORLDS, left))), plan.end)


def _ranked(
    race: _Race, view: SeatView, best: int, fresh: list[float], covered: dict[int, list[float]]
) -> tuple[tuple[MoveEstimate, ...], list[int]]:
    """Every move's estimate, best first then by how far behind it is; and that order of indices."""
    limits = score_range(race.obj, view.rules, view.players)
    estimates: dict[int, MoveEstimate] = {}
    for c, move in enumerate(race.moves):
        xs = fresh if c == best and fresh else covered.get(c, race.values[c])
        estimates[c] = _estimate(move, format_move(move, view.rules.deck), xs, limits)
    behind = {c: _behind(race, best, c, fresh, covered.get(c)) for c in range(len(race.moves)) if c != best}
    order = [best] + sorted(behind, key=lambda c: (behind[c][0], -estimates[c].playouts, c))
    for c in order[1:]:
        estimates[c] = estimates[c]._replace(behind=behind[c][0], behind_se=behind[c][1])
    return tuple(estimates[c] for c in order), order


def _reasons(
    race: _Race, view: SeatView, ranked: tuple[MoveEstimate, ...], order: list[int], seed: int
) -> tuple[CoachReason, ...]:
    """The reasons for the best move, counted on the worlds it shares with the runner-up."""
    best = order[0]
    best_values, second_values = race.values[best], None
    if len(order) > 1:
        best_values, second_values = _aligned(race, best, order[1])
    return explain_best(view, ranked, race.obj, best_values, second_values, seed, race.worlds)


def hint(
    view: SeatView,
    playouts: int = 1000,
    seed: int = 0,
    seconds: float | None = None,
    early_stop: bool = True,
    explain: bool = True,
    horizon: int = ROLLOUT_CAP,
    allocation: str = "grouped",
    remeasure: bool = True,
) -> Hint:
    """Values every legal move of ``view``'s seat by determinised Monte Carlo; best move first."""
    if view.over:
        raise CoachError("the round is over: there is no move to advise on")
    if view.to_move != view.seat:
        raise CoachError(f"player {view.seat + 1} is not to move (player {view.to_move + 1} is)")
    start = time.perf_counter()
    moves = legal_moves(stand_in(view))
    race = _Race(view, moves, seed, horizon)
    plan = _plan(moves, playouts, seconds, early_stop, allocation, remeasure, start)
    stopped = _run_race(race, view, plan, playouts, early_stop)
    best = race.leader() if race.alive else 0
    fresh = _fresh_values(race, plan, best, playouts)
    unraced = [c for c in range(len(moves)) if not race.values[c]]
    spare = playouts - race.playouts
    covered = _cover(race, unraced, max(1, min(len(fresh), COVER_WORLDS, spare // max(1, len(unraced)))))
    ranked, order = _ranked(race, view, best, fresh, covered)
    reasons = _reasons(race, view, ranked, order, seed) if explain else ()
    # covered moves play fresh worlds the best move played: they add no worlds of their own
    return Hint(
        view.seat,
        view.players,
        race.obj,
        ranked,
        race.playouts,
        race.worlds + len(fresh),
        stopped,
        reasons,
        time.perf_counter() - start,
        len(fresh),
    )


def _aligned(race: _Race, a: int, b: int) -> tuple[list[float], list[float]]:
    """The values of ``a`` and ``b`` in the worlds both played, world by world."""
    va, vb, sa, sb = race.values[a], race.values[b], race.start[a], race.start[b]
    lo, hi = max(sa, sb), min(sa + len(va), sb + len(vb))
    return va[lo - sa : hi - sa], vb[lo - sb : hi - sb]
