"""What one seat may see of a round, and worlds consistent with it.

A computer player or the coach decides from a ``SeatView`` alone: its own hand, the pile, how
many cards every other seat holds, how many are left in the deck, and what is pending
(attack, wish, who sits out, who has finished). The others' cards and the deck order are
hidden. ``sample_state`` deals the hidden cards at random into a full ``State`` that agrees
with the view (determinisation), so a search can play it out without ever reading the true
hidden cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from engine.ruleset import Ruleset
from engine.state import Attack, State, Wish


class SeatView(NamedTuple):
    """One seat's information about a round: its own cards and what is public."""

    rules: Ruleset
    seat: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    to_move: int
    attack: Attack | None
    wish: Wish | None
    waiting: tuple[int, ...]
    drawn: int | None  # the card this seat just drew (only the drawer sees it)
    finished: tuple[int, ...]
    over: bool
    cover: bool = False  # the seat to move must cover the top card (ru-101's nine): public
    direction: int = 1  # the direction of play, public (a reversing card turns it)

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def top(self) -> int:
        return self.pile[-1]

    def unseen(self) -> tuple[int, ...]:
        """The cards this seat cannot see, as a sorted multiset: the whole deck (every copy)
        less its own hand and the pile."""
        return _unseen(self.rules, self.players, self.hand, self.pile)


def view_of(st: State, seat: int | None = None) -> SeatView:
    """Returns what ``seat`` (by default the seat to move) sees of ``st``."""
    seat = st.to_move if seat is None else seat
    return SeatView(
        rules=st.rules,
        seat=seat,
        hand=st.hands[seat],
        pile=st.pile,
        hand_sizes=tuple(len(h) for h in st.hands),
        deck_size=len(st.deck),
        to_move=st.to_move,
        attack=st.attack,
        wish=st.wish,
        waiting=st.waiting,
        drawn=st.drawn if st.to_move == seat else None,
        finished=st.finished,
        over=st.over,
        cover=st.cover,
        direction=st.direction,
    )


def _unseen(rules: Ruleset, players: int, hand: tuple[int, ...], pile: tuple[int, ...]) -> tuple[int, ...]:
    pool = Counter({c: rules.copies_for(players) for c in rules.deck.all_cards()})
    pool.subtract(hand)
    pool.subtract(pile)
    return tuple(sorted(pool.elements()))


def stand_in(view: SeatView) -> State:
    """A fixed full ``State`` agreeing with ``view`` (the unseen cards dealt in sorted order):
    enough to list the seat's legal moves, which never depend on hidden cards."""
    return sample_state(view, random.Random(0))


def sample_state(view: SeatView, rng: random.Random) -> State:
    """Deals the unseen cards at random into the other hands (by their sizes) and the deck,
    giving a full ``State`` that agrees with ``view`` in everything the seat can see.

    A hand-made position may hold fewer cards than a whole deck; the unseen cards it needs are
    then a random part of the unseen pool. One that holds more (impossible in a dealt round) is
    filled up with random cards of the deck kind.
    """
    pool = list(view.unseen())
    need = sum(n for s, n in enumerate(view.hand_sizes) if s != view.seat) + view.deck_size
    rng.shuffle(pool)
    while len(pool) < need:
        pool.append(rng.randrange(view.rules.deck.size))
    pool = pool[:need]
    hands: list[tuple[int, ...]] = []
    at = 0
    for s, n in enumerate(view.hand_sizes):
        if s == view.seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(pool[at : at + n])))
            at += n
    return world_of(view, tuple(hands), tuple(pool[at:]), rng.randrange(2**31))


def world_of(view: SeatView, hands: tuple[tuple[int, ...], ...], deck: tuple[int, ...], seed: int) -> State:
    """The full ``State`` that agrees with ``view`` and holds these hidden cards (every hand, the deck)."""
    return State(
        rules=view.rules,
        hands=hands,
        pile=view.pile,
        deck=deck,
        to_move=view.to_move,
        attack=view.attack,
        wish=view.wish,
        waiting=view.waiting,
        drawn=view.drawn if view.to_move == view.seat else None,
        finished=view.finished,
        over=view.over,
        seed=seed,
        cover=view.cover,
        direction=view.direction,
    )
