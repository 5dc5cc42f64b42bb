"""The coach at the Play table: the hint for the seat to move, the move checker's verdict, the round's review.

Pure Python, no Streamlit. Everything here decides from the mover's ``SeatView`` alone
(``engine.seat_view.view_of``): the coach never sees the other hands or the deck order, so a hint
at the table is the one a player could work out (docs/COACH.md, "At the Play table").

Budgets: a hint asked for with the Hint button plays ``HINT_PLAYOUTS`` playouts, cut at
``HINT_SECONDS`` seconds so the page stays usable; the move checker and the review use smaller
budgets (``CHECK_PLAYOUTS``, ``REVIEW_PLAYOUTS``) because they run on every move the player makes.
A move the small budget finds wanting is looked at again with the Hint's own budget and seed, and is
called a mistake only when that look agrees (``check_move``, ``review``): a small sample now and then
shows a gap that is not there, and the checker must never contradict the Hint on the same position.
Where the player has asked for the Hint already, the checker judges by that very hint.

The move checker's threshold: a move is questioned when it is behind the best move by more than
``CHECK_SHARE`` (15 percentage points) of the objective's share — chance to win, place score or
chance not to be the loser — or, where the objective is counted in points (``da`` points, ``ru-101``
penalty points), by more than ``CHECK_SHARE`` of the best move's value and at least
``CHECK_MIN_POINTS``; and only when the shortfall is clear of the simulation's noise
(``behind − 1.96·se > 0`` on the paired difference).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from engine.coach import CoachError, Hint, MoveEstimate, hint
from engine.moves import Move
from engine.seat_view import view_of
from engine.state import State

HINT_PLAYOUTS = 1000
HINT_SECONDS = 2.0
CHECK_PLAYOUTS = 300
CHECK_SECONDS = 1.0
REVIEW_PLAYOUTS = 300
REVIEW_SECONDS = 0.5          # per reviewed move
REVIEW_SHOWN = 3
REVIEW_LOOKED_AGAIN = 2       # the review looks again at up to this many times REVIEW_SHOWN of the biggest losses
CHECK_SHARE = 0.15
CHECK_MIN_POINTS = 1.0
Z95 = 1.96
SHARE_KINDS = ("win", "place", "not_loser")


class Shortfall(NamedTuple):
    """A move of the player judged against the coach's best move in the same position."""

    hint: Hint
    chosen: MoveEstimate
    best: MoveEstimate
    loss: float           # how far the chosen move is behind the best one, in the objective's units


def hint_seed(round_seed: int, turn: int) -> int:
    """The coach's seed for the position after ``turn`` moves of a round: the same position, the same hint."""
    return (round_seed * 1_000_003 + turn * 7919 + 17) % (2**31)


def hint_for(state: State, seed: int, playouts: int = HINT_PLAYOUTS, seconds: float | None = HINT_SECONDS,
             explain: bool = True) -> Hint | None:
    """The coach's hint for the seat to move, from that seat's view (None when the round is over).

    Play races every move from the first world (``allocation="flat"``): the move checker and the
    review weigh the learner's own move against the best, and the grouped search leaves a move whose
    cards lost with 1–8 worlds, too few to call any mistake clear (docs/COACH.md, "Play's search")."""
    if state.over:
        return None
    try:
        return hint(view_of(state, state.to_move), playouts=playouts, seed=seed, seconds=seconds, explain=explain,
                    allocation="flat", remeasure=False)
    except CoachError:
        return None


def estimate_of(h: Hint, move: Move) -> MoveEstimate | None:
    """The hint's estimate of ``move`` (None when the move is not one of its candidates)."""
    return next((e for e in h.moves if e.move == move), None)


def threshold(h: Hint) -> float:
    """How far behind the best move a move may be before the move checker asks (objective's units)."""
    if h.objective.kind in SHARE_KINDS:
        return CHECK_SHARE
    return max(CHECK_SHARE * abs(h.best.mean), CHECK_MIN_POINTS)


def shortfall(h: Hint, move: Move) -> Shortfall | None:
    """The chosen move against the best one (None when the hint does not know the move)."""
    chosen = estimate_of(h, move)
    if chosen is None:
        return None
    return Shortfall(h, chosen, h.best, chosen.behind)


def is_clear(found: Shortfall) -> bool:
    """Whether the chosen move is behind the best one beyond the simulation's noise (paired, at 95%)."""
    return found.loss - Z95 * found.chosen.behind_se > 0


def questionable(h: Hint, move: Move) -> Shortfall | None:
    """The shortfall when the move checker should ask "are you sure?" about ``move``, else None."""
    found = shortfall(h, move)
    if found is None or found.chosen.move == found.best.move:
        return None
    if found.loss <= threshold(h) or not is_clear(found):
        return None
    return found


def check_move(state: State, seed: int, move: Move, shown: Hint | None = None) -> Shortfall | None:
    """The move checker's question about ``move``, or None: judged by the hint the player was ``shown`` for
    this position if any, else by a quick look confirmed with the Hint's own budget and seed."""
    if shown is not None:
        return questionable(shown, move)
    quick = hint_for(state, seed, CHECK_PLAYOUTS, CHECK_SECONDS)
    if quick is None or questionable(quick, move) is None:
        return None
    closer = hint_for(state, seed, HINT_PLAYOUTS, HINT_SECONDS)
    return questionable(closer, move) if closer is not None else None


def _mistake(h: Hint | None, move: Move) -> Shortfall | None:
    gap = shortfall(h, move) if h is not None and len(h.moves) >= 2 else None
    if gap is not None and gap.loss > 0 and gap.chosen.move != gap.best.move and is_clear(gap):
        return gap
    return None


class Moment(NamedTuple):
    """A move of the reviewed round where the player's choice lost against the coach's best move."""

    index: int            # the turn's index in the round (the position is ``turns[index].before``)
    before: State
    shortfall: Shortfall


def _weight(moment: Moment) -> tuple[float, int]:
    return -moment.shortfall.loss / max(threshold(moment.shortfall.hint), 1e-9), moment.index


def review(turns, is_person, round_seed: int, shown: int = REVIEW_SHOWN, playouts: int = REVIEW_PLAYOUTS,
           seconds: float | None = REVIEW_SECONDS, progress: Callable[[int, int], None] | None = None,
           closer: Callable[[int, int], None] | None = None, closer_playouts: int | None = None,
           closer_seconds: float | None = None) -> tuple[Moment, ...]:
    """The ``shown`` moves of people (``is_person(seat)``) that lost most against the best move, biggest loss first.

    Moves with one legal answer are skipped; a move as good as the best one, or behind it only within the
    simulation's noise (``is_clear``), is no moment: the coach does not call a coin toss a mistake. The
    biggest losses (up to ``REVIEW_LOOKED_AGAIN · shown`` of them) are then looked at again with
    ``closer_playouts`` (by default the Hint's budget) and the Hint's seed, and only those that stay clear
    are shown, with the closer look's figures.
    ``progress(done, total)`` is told after each move of a person is looked at, ``closer(done, total)``
    after each closer look (``seconds=None``: no time cut).
    """
    found: list[Moment] = []
    mine = [index for index, turn in enumerate(turns) if is_person(turn.seat)]
    for done, index in enumerate(mine, start=1):
        turn = turns[index]
        gap = _mistake(hint_for(turn.before, hint_seed(round_seed, index), playouts, seconds), turn.move)
        if gap is not None:
            found.append(Moment(index, turn.before, gap))
        if progress is not None:
            progress(done, len(mine))
    found.sort(key=_weight)
    budget = HINT_PLAYOUTS if closer_playouts is None else closer_playouts
    kept: list[Moment] = []
    looked_at = found[:REVIEW_LOOKED_AGAIN * shown]       # the review stays brisk: a few seconds more at most
    for done, moment in enumerate(looked_at, start=1):
        if len(kept) == shown:
            break
        h = hint_for(moment.before, hint_seed(round_seed, moment.index), budget, closer_seconds)
        gap = _mistake(h, turns[moment.index].move)
        if gap is not None:
            kept.append(Moment(moment.index, moment.before, gap))
        if closer is not None:
            closer(done, len(looked_at))
    kept.sort(key=_weight)
    return tuple(kept)
