"""The immutable game state and the compact tables the rules run on.

Hands are sorted tuples of card ids (a multiset: with two decks a card may appear
twice). A new state is made for every move; nothing is ever changed in place.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from engine.ruleset import Ruleset, WishDuration, WishKind

# The per-card tables live with the rule steps that read them (engine.transitions); imported here
# for the many callers that take the state and its tables together.
from engine.transitions import RANK_WISH, SUIT_WISH, Tables, tables_for

__all__ = ["RANK_WISH", "SUIT_WISH", "Attack", "AttackKind", "State", "Tables", "Wish", "tables_for"]
AttackKind = Literal["draw", "skip"]


class Attack(NamedTuple):
    """A pending attack on the seat to move: draw ``amount`` cards or sit out ``amount`` turns."""

    kind: AttackKind
    amount: int
    card: int  # the card defences are judged against (the last attacking card played)


class Wish(NamedTuple):
    """An active wish: a rank (jack, alsó) or a suit (ace, felső), made by seat ``by``."""

    kind: WishKind
    value: str  # rank or suit letter
    by: int
    duration: WishDuration


class State(NamedTuple):
    """A position of one round: who holds what, the pile, the deck and what is pending.

    Immutable (a NamedTuple, cheap to build once per move); derive a changed copy with ``with_``.
    """

    rules: Ruleset
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    deck: tuple[int, ...]
    to_move: int
    attack: Attack | None = None
    wish: Wish | None = None
    waiting: tuple[int, ...] = ()
    drawn: int | None = None
    finished: tuple[int, ...] = ()
    over: bool = False
    seed: int = 0
    cover: bool = False  # the seat to move must cover the top card it played (ru-101's nine)
    direction: int = 1  # 1: clockwise (seat numbers rising), -1: counter-clockwise (after a reversing card)

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def top(self) -> int:
        """The top card of the pile."""
        return self.pile[-1]

    def card_count(self) -> int:
        """Counts every card in hands, pile and deck (conserved by every move)."""
        return sum(len(h) for h in self.hands) + len(self.pile) + len(self.deck)

    def with_(self, **changes: Any) -> State:
        """Returns a copy with the given fields changed."""
        return self._replace(**changes)
