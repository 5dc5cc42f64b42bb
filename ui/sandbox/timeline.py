"""The sandbox's positions played on: a timeline of moves with undo and redo, the verdicts of
every card and answer, and the same position judged under other rules. Plain Python.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.errors import Problem
from engine.moves import Move
from engine.position import position_to_json
from engine.rules import apply_move, check, legal_moves, verdicts
from engine.state import State
from engine.verdicts import Event, Verdict
from ui.sandbox.model import SHIPPED, Rulebook, validate

ANSWERS = ("draw", "wait", "pass")   # what a seat may do instead of playing

# ------------------------------------------------------------------------------- timeline

@dataclass(frozen=True)
class Step:
    """One applied move: who made it, in notation, and what happened."""

    seat: int
    move: str
    after: State
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Timeline:
    """A position played forward: the moves done (undoable) and undone (redoable)."""

    root: State
    done: tuple[Step, ...] = ()
    undone: tuple[Step, ...] = ()     # the most recently undone last

    @property
    def current(self) -> State:
        return self.done[-1].after if self.done else self.root

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def play(self, move: Move) -> "Timeline":
        """Applies a legal move to the current position; raises IllegalMoveError otherwise."""
        state = self.current
        after, events = apply_move(state, move)
        step = Step(state.to_move, check(state, move).notation, after, tuple(events))
        return Timeline(self.root, self.done + (step,), ())

    def undo(self) -> "Timeline":
        """Takes the last move back (nothing happens when there is none)."""
        if not self.done:
            return self
        return Timeline(self.root, self.done[:-1], self.undone + (self.done[-1],))

    def redo(self) -> "Timeline":
        """Plays the last undone move again."""
        if not self.undone:
            return self
        return Timeline(self.root, self.done + (self.undone[-1],), self.undone[:-1])


def current_position(timeline: Timeline | None, draft: dict[str, Any]) -> dict[str, Any]:
    """The position to share or export: the draft itself before any move, then the position reached."""
    if timeline is None or not timeline.done:
        return copy.deepcopy(draft)
    return position_to_json(timeline.current)


# ------------------------------------------------------------------------------- verdicts

@dataclass(frozen=True)
class PlayGroup:
    """The verdicts that play the same cards (one per wish choice and last-card call)."""

    cards: tuple[int, ...]
    verdicts: tuple[Verdict, ...]

    @property
    def legal(self) -> bool:
        return any(v.legal for v in self.verdicts)

    @property
    def main(self) -> Verdict:
        """The verdict that explains the play best: legal, with the call made, if there is one."""
        for v in self.verdicts:
            if v.legal and not any(r.code.startswith("forgot_") for r in v.reasons):
                return v
        return next((v for v in self.verdicts if v.legal), self.verdicts[0])


def play_groups(state: State) -> list[PlayGroup]:
    """Groups the verdicts on every play of the seat to move: each card alone, then multi-card plays."""
    groups: dict[tuple[int, ...], list[Verdict]] = {}
    for v in verdicts(state):
        if v.move.kind == "play":
            groups.setdefault(v.move.cards, []).append(v)
    ordered = sorted(groups, key=lambda cards: (len(cards) > 1, len(cards), cards))
    return [PlayGroup(cards, tuple(groups[cards])) for cards in ordered]


def answer_verdicts(state: State) -> list[Verdict]:
    """Judges draw, wait and pass for the seat to move, with the effects of the legal ones."""
    if state.over:
        return []
    out = []
    for kind in ANSWERS:
        if kind == "pass" and state.drawn is None:
            continue
        v = check(state, Move(kind))
        if v.legal:
            _, events = apply_move(state, v.move, verdict=v)
            v = Verdict(v.move, v.notation, True, v.reasons, tuple(events))
        out.append(v)
    return out


def single_card_verdict(state: State, card: int) -> Verdict:
    """The verdict on playing one card alone (the clearest legal way, else why not)."""
    group = next((g for g in play_groups(state) if g.cards == (card,)), None)
    return group.main if group is not None else check(state, Move("play", (card,)))


@dataclass(frozen=True)
class RulesColumn:
    """The position under one variant: its State, or the problems that make it impossible there."""

    variant: str
    state: State | None
    problems: tuple[Problem, ...] = field(default=())


def same_deck_variants(variant: str, book: Rulebook = SHIPPED) -> list[str]:
    """The variants of the book (house rules included) that use the same deck as this one, this one first."""
    deck = book.load(variant).deck.id
    others = [v for v in book.ids() if v != variant and book.load(v).deck.id == deck]
    return [variant, *others]


def _played_together(columns: list[RulesColumn]) -> list[tuple[int, ...]]:
    """The sets of several cards that go down in one play under some variant, in the order first met."""
    found: dict[tuple[int, ...], None] = {}
    for col in columns:
        if col.state is not None and not col.state.over:
            for move in legal_moves(col.state):
                if move.kind == "play" and len(move.cards) > 1:
                    found.setdefault(move.cards, None)
    return list(found)


def _cards_verdict(state: State, cards: tuple[int, ...]) -> Verdict:
    """Several cards under one variant: a legal play of exactly these cards (its first, with whatever
    demand, wish or call it takes), or the engine's verdict on the bare play when there is none."""
    legal = next((m for m in legal_moves(state) if m.kind == "play" and m.cards == cards), None)
    return check(state, legal if legal is not None else Move("play", cards))


def under_other_rules(state: State, book: Rulebook = SHIPPED) -> list[RulesColumn]:
    """Judges the same position under every variant with the same deck (this one first)."""
    data = position_to_json(state)
    data.pop("over", None)
    columns = []
    for variant in same_deck_variants(state.rules.id, book):
        result = validate({**data, "variant": variant}, book)
        columns.append(RulesColumn(variant, result.state, result.problems))
    return columns


def comparison_rows(state: State, columns: list[RulesColumn]) -> list[tuple[str, dict[str, Verdict | None]]]:
    """One row per card in the mover's hand, per set of cards some variant lets go down together (a
    group, or a run under house rules) and per draw/wait/pass: the verdict under each variant."""
    deck = state.rules.deck
    rows: list[tuple[str, dict[str, Verdict | None]]] = []
    for card in dict.fromkeys(state.hands[state.to_move]):
        cells = {col.variant: (single_card_verdict(col.state, card) if col.state is not None and not col.state.over
                               else None) for col in columns}
        rows.append((f"play {deck.name(card)}", cells))
    for cards in _played_together(columns):
        cells = {col.variant: (_cards_verdict(col.state, cards) if col.state is not None and not col.state.over
                               else None) for col in columns}
        rows.append(("play " + " ".join(deck.name(c) for c in cards), cells))
    for kind in ANSWERS:
        cells = {}
        for col in columns:
            if col.state is None or col.state.over or (kind == "pass" and col.state.drawn is None):
                cells[col.variant] = None
            else:
                cells[col.variant] = check(col.state, Move(kind))
        if any(cell is not None for cell in cells.values()):
            rows.append((kind, cells))
    return rows
