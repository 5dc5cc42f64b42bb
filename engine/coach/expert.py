"""The expert computer player: the club player's move, changed only where a paired search says
another move is clearly better.

The default move is the club player's (``engine.players.club.choose_club``), so the expert starts
at the club player's strength and the search only adds to it (policy improvement by rollouts).

The search (``search_club``): the candidates are the default move, one move per other set of
cards that may go down (with the club player's wish and calls) and the draw / wait / pass option.
World ``w`` deals the hidden cards at random consistently with the view (``sample_state``, seeded
by ``(seed, w)``: the expert never sees the true hidden cards); every candidate still racing is
played in that world, then the round goes on with **every seat playing the club player** (the
opponent model: the seats at the Play table are club players or people who play like them) from
the same rollout seed (common random numbers: the candidates are compared on the same deals and
the same tie-breaks). A rollout stops when the seat's result is known or after ``HORIZON`` moves,
where the objective's cheap evaluation (``engine.coach.objective.estimate``, by hand sizes)
scores it: a truncated rollout has far less variance than a played-out one, so the paired
differences resolve with fewer worlds.

Racing: worlds come in batches of ``BATCH``; from ``MIN_WORLDS`` worlds on, a candidate whose
paired advantage over the default is below zero by ``DROP`` standard errors leaves the race. The
search stops when only the default is left or ``EXPERT_PLAYOUTS`` rollouts are spent. The expert
plays the candidate with the largest mean advantage over the default if that advantage exceeds
``DEVIATE`` standard errors of the paired difference; otherwise it keeps the default.
Deterministic for a view and a generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from engine.coach.objective import Objective, objective_for, score
from engine.coach.records import mean, standard_error, world_rng
from engine.fastplay import Playout, playout_view
from engine.moves import Move
from engine.players.club import choose_club, club_move_for
from engine.players.common import calls_made, view_moves
from engine.seat_view import SeatView, sample_state
from engine.state import State

# How a search deals the hidden cards of a world: the uniform deal consistent with the view
# (``sample_state``) unless a study of beliefs (bench/expert_information.py) passes another.
Deal = Callable[[SeatView, random.Random], State]

EXPERT_PLAYOUTS = 240  # rollouts a move, over every candidate
HORIZON = 16  # moves a rollout is played on before the cheap evaluation scores it
BATCH = 8  # worlds per batch
MIN_WORLDS = 16  # worlds before a candidate may leave the race
DROP = 2.0  # standard errors below the default: the candidate leaves the race
DEVIATE = 2.0  # standard errors above the default: the expert plays the candidate


class ExpertSettings(NamedTuple):
    """How the expert searches (the module's constants are the defaults; the bench varies them)."""

    budget: int = EXPERT_PLAYOUTS
    horizon: int = HORIZON
    deviate: float = DEVIATE
    drop: float = DROP
    wishes: bool = False  # every wish of a wish card is a candidate, not only the club player's
    race_leader: bool = False  # candidates leave when clearly behind the leader, not the default


class ExpertSearch(NamedTuple):
    """What the expert's search found: the candidates (the default first), each one's mean
    advantage over the default and its standard error, the worlds each was played in, and the
    index of the move the expert plays."""

    moves: tuple[Move, ...]
    advantage: tuple[float, ...]
    advantage_se: tuple[float, ...]
    worlds: tuple[int, ...]
    chosen: int
    playouts: int

    @property
    def move(self) -> Move:
        return self.moves[self.chosen]


def default_settings() -> ExpertSettings:
    """The expert's settings from the module's constants (read when a search starts)."""
    return ExpertSettings(EXPERT_PLAYOUTS, HORIZON, DEVIATE, DROP)


def candidates(view: SeatView, default: Move, wishes: bool = False) -> list[Move]:
    """The default move first, then one move per other set of cards that may go down (with the
    club player's wish and calls; with ``wishes``, every wish it may make), then the draw / wait /
    pass option."""
    groups: dict[tuple[int, ...], list[Move]] = {}
    rest: list[Move] = []
    for m in calls_made(view_moves(view)):
        if m.kind == "play":
            groups.setdefault(m.cards, []).append(m)
        else:
            rest.append(m)
    out = [default]
    for cards, group in groups.items():
        m = club_move_for(view, cards, group)
        if m not in out:
            out.append(m)
        if wishes:
            out += [w for w in calls_made(group) if w not in out]
    out += [m for m in rest if m not in out]
    return out


def club_rollout(p: Playout, rng: random.Random, seat: int, stop_at_first_out: bool, cap: int) -> int:
    """Plays ``p`` on in place, every seat the club player, until ``seat``'s result is known or
    ``cap`` moves are made; returns the number of moves made."""
    steps = 0
    fin = p.fin
    while not p.over and steps < cap and not fin[seat] and not (stop_at_first_out and p.finished):
        p.apply(choose_club(playout_view(p), rng))
        steps += 1
    return steps


def search_club(
    view: SeatView,
    seed: int,
    budget: int = EXPERT_PLAYOUTS,
    horizon: int = HORIZON,
    default: Move | None = None,
    settings: ExpertSettings | None = None,
    deal: Deal = sample_state,
) -> ExpertSearch:
    """Compares every candidate with the club player's move over paired, seeded worlds (see the
    module docstring) and says which the expert plays. ``deal`` deals each world's hidden cards."""
    cfg = (settings or default_settings())._replace(budget=budget, horizon=horizon)
    if default is None:
        default = choose_club(view, random.Random(seed))
    moves = candidates(view, default, cfg.wishes)
    obj = objective_for(view.rules)
    values: list[list[float]] = [[] for _ in moves]
    alive = list(range(len(moves)))
    used = w = 0
    while used < cfg.budget and len(alive) > 1:
        for _ in range(BATCH):
            used += _play_world(view, moves, alive, values, world_rng(seed, w), obj, cfg, deal)
            w += 1
        if w >= MIN_WORLDS:
            alive = _race(values, alive, cfg)
    adv, ses, chosen = _advantages(values, cfg.deviate)
    return ExpertSearch(tuple(moves), tuple(adv), tuple(ses), tuple(len(v) for v in values), chosen, used)


def _play_world(
    view: SeatView,
    moves: list[Move],
    alive: list[int],
    values: list[list[float]],
    rng: random.Random,
    obj: Objective,
    cfg: ExpertSettings,
    deal: Deal,
) -> int:
    """Plays every candidate still racing in one world (its own seeded deal and rollout seed, shared
    by every candidate); appends each one's signed score; returns the rollouts played."""
    sign = 1.0 if obj.higher_is_better else -1.0
    base = Playout.from_state(deal(view, rng))
    roll_seed = rng.getrandbits(64)
    for c in alive:
        q = base.copy()
        q._run(None, 1, base.k.action(moves[c]))
        club_rollout(q, random.Random(roll_seed), view.seat, obj.stop_at_first_out, cfg.horizon)
        values[c].append(sign * score(obj, q, view.seat))
    return len(alive)


def _advantages(values: list[list[float]], deviate: float) -> tuple[list[float], list[float], int]:
    """Each candidate's mean paired advantage over the default and its standard error, and the
    candidate the expert plays: the largest advantage above ``deviate`` standard errors, else 0."""
    adv, ses = [0.0], [0.0]
    chosen, best = 0, 0.0
    for c in range(1, len(values)):
        if not values[c]:
            adv.append(0.0)
            ses.append(float("inf"))
            continue
        diffs = [a - b for a, b in zip(values[c], values[0], strict=False)]
        m, se = mean(diffs), standard_error(diffs)
        adv.append(m)
        ses.append(se)
        if m > deviate * se and m > best:
            chosen, best = c, m
    return adv, ses, chosen


def _race(values: list[list[float]], alive: list[int], cfg: ExpertSettings) -> list[int]:
    """The candidates still racing after a batch: those not clearly behind the default (or, with
    ``race_leader``, behind the candidate with the best mean) by ``drop`` standard errors."""
    lead = max(alive, key=lambda c: mean(values[c])) if cfg.race_leader else 0
    keep = []
    for c in alive:
        if c == lead or (c == 0 and not cfg.race_leader):
            keep.append(c)
            continue
        diffs = [a - b for a, b in zip(values[c], values[lead], strict=False)]
        m, se = mean(diffs), standard_error(diffs)
        if m + cfg.drop * se >= 0:
            keep.append(c)
    return sorted(keep)


def choose_expert(
    view: SeatView,
    rng: random.Random,
    budget: int = EXPERT_PLAYOUTS,
    horizon: int = HORIZON,
    settings: ExpertSettings | None = None,
    deal: Deal = sample_state,
) -> Move:
    """Plays the club player's move for ``view``'s seat unless a paired search of ``budget``
    rollouts finds another move clearly better (module docstring)."""
    moves = view_moves(view)
    if len(moves) == 1:
        return moves[0]
    default = choose_club(view, rng)
    return search_club(view, rng.randrange(2**31), budget, horizon, default, settings, deal).move
