"""What Play tells the learner's record: a mistake the move checker or the review found, a finished round.

Pure Python over the session's state mapping; ``ui.play.page`` calls these hooks where the checker
holds a move back, where the review has found its moments, and where a round is over
(docs/LEARNING.md). The record itself is ``ui.shell.learner``'s.
"""
from __future__ import annotations

from collections.abc import Iterable, MutableMapping
from typing import Any

from engine.match import round_winners
from engine.players import STRENGTHS
from ui.play.coaching import Moment
from ui.play.model import Game
from ui.shell import learner

COUNTED = "_play_learning_rounds"     # the rounds already told to the record: (round seed, round number)


def after_act(state: MutableMapping[str, Any], before: Game | None, after: Game) -> None:
    """A move the checker has just held back becomes a review card: the position, the coach's move."""
    if after.pending is not None and (before is None or before.pending is None):
        found = after.pending.shortfall
        learner.play_mistake(state, after.state, after.pending.move, found.best.move)


def reviewed(state: MutableMapping[str, Any], moments: Iterable[Moment]) -> None:
    """The review's moments become review cards (the same moment twice is one card)."""
    for moment in moments:
        learner.play_mistake(state, moment.before, moment.shortfall.chosen.move, moment.shortfall.best.move)


def round_over(state: MutableMapping[str, Any], game: Game) -> None:
    """A finished round of one person against the computer counts for the path's Play goals, once."""
    if not game.rounds or game.settings.humans != 1:
        return
    record = game.rounds[-1]
    told = set(state.get(COUNTED, ()))
    if (record.seed, record.number) in told:
        return
    state[COUNTED] = [*told, (record.seed, record.number)]
    learner.round_finished(state, game.rules.id, game.settings.strengths, 0 in round_winners(record.result))


def wanted_strength(payload: dict[str, Any] | None) -> str | None:
    """The computer players' strength another page asked for (the path's Play goal), if any."""
    strength = (payload or {}).get("strength")
    return strength if strength in STRENGTHS else None
