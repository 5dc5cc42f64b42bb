"""A belief about the opponents' hands from the table's public record (issue #28, item 3).

Two layers, both under the opponent model that the other seats play like the club player
(``engine.players.club``):

* **Voids** (hard): the club player plays whenever a card may go (C1, C2), so a seat that drew or
  sat out with no attack pending held no card that could go down first; one that took an attack
  held no defence; a drawn card that stayed in hand could not go either. Each card an opponent
  holds is a *slot* with the set of cards it cannot be; every world is dealt consistently with
  the slots. Sound for club opponents (the true hands always fit: tested).
* **Likelihood** (soft, particles): each opponent's latest play is weighed by how likely the club
  player was to choose it from the hand the world gives it (that hand plus the cards it played):
  a softmax of the club player's scores at ``TEMPERATURE``, mixed with a uniform choice among the
  sets of cards it could play (``FLOOR``), so no world consistent with the voids gets weight 0 —
  a learner who plays unlike the club player is still in the belief. A world is drawn by
  sampling-importance-resampling: ``PARTICLES`` void-consistent deals, one kept with chance
  proportional to its weight.

It reads public facts only: the top, the wish, the attack, the hand sizes, whose turn it is, and
the moves. ``Belief.see`` is told every move of the round (with the table before and after it,
no hand in either); ``Belief.deal`` is a ``Deal`` for ``engine.coach.expert.search_club``.
"""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from engine.fastplay import compiled
from engine.moves import Move
from engine.players.club import club_scores
from engine.ruleset import WishDuration
from engine.seat_view import SeatView, world_of
from engine.state import State

PARTICLES = 8  # void-consistent deals a world is resampled from
TEMPERATURE = 10.0  # club score points per factor e of likelihood (SHED is 10 a card)
FLOOR = 0.1  # share of a uniform choice among the plays in the opponent model


class Play(NamedTuple):
    """An opponent's latest play: the table before it (no hand) and the cards it put down."""

    public: SeatView
    cards: tuple[int, ...]


def first_cards(view: SeatView) -> int:
    """The cards (a bit mask over card ids) that could go down first for the seat to move, from the
    public facts alone: a defence under an attack, a card meeting the wish, else one on the top."""
    k = compiled(view.rules)
    top = view.pile[-1]
    if view.cover:
        return 0  # ru-101's nine: not tracked
    if view.attack is not None:
        return int(k.def_ok[view.attack.card][top])
    wish = view.wish
    if wish is not None and not (wish.by == view.to_move and wish.duration == WishDuration.UNTIL_RETURN):
        return int(k.wish_mask(wish.kind, wish.value)[top])
    return int(k.top_ok[top])


def take_slot(slots: list[int], card: int, newest: bool) -> None:
    """Removes the slot a played card came from: the newest for a drawn card played at once, else the
    most constrained slot the card fits (the loosest reading: it keeps the remaining slots weakest)."""
    if not slots:
        return
    if newest:
        slots.pop()
        return
    fit = [i for i, m in enumerate(slots) if not (m >> card) & 1] or list(range(len(slots)))
    slots.pop(max(fit, key=lambda i: slots[i].bit_count()))


class Belief:
    """One seat's belief about the other hands (module docstring)."""

    def __init__(self, sizes: list[int], seat: int, likelihood: bool = True):
        self.seat = seat
        self.likelihood = likelihood
        self.slots: list[list[int]] = [[0] * n for n in sizes]
        self.plays: dict[int, Play] = {}

    def see(self, public: SeatView, move: Move, after: SeatView) -> None:
        """Notes the move of ``public.to_move`` (``public`` and ``after``: the table before and after it)."""
        mover = public.to_move
        if mover != self.seat:
            self.plays.pop(mover, None)
            if move.kind == "play":
                self._played(public, move)
            elif public.drawn is None:
                self._passed(public, move, after)
        self._resize(after)

    def _played(self, public: SeatView, move: Move) -> None:
        slots = self.slots[public.to_move]
        for c in move.cards:
            take_slot(slots, c, newest=public.drawn is not None)
        if public.drawn is None:
            self.plays[public.to_move] = Play(public, move.cards)

    def _passed(self, public: SeatView, move: Move, after: SeatView) -> None:
        mover = public.to_move
        slots = self.slots[mover]
        can = first_cards(public)
        for i in range(len(slots)):
            slots[i] |= can  # C1/C2: it drew (or sat out) holding none of them
        drew = after.hand_sizes[mover] - public.hand_sizes[mover]
        slots.extend([0] * max(0, drew))
        voluntary = public.attack is None and move.kind == "draw" and drew == 1
        if voluntary and public.rules.play_drawn and after.to_move != mover and slots:
            slots[-1] |= can  # the drawn card could not go either, so the turn passed

    def _resize(self, after: SeatView) -> None:
        """Cards a seat got or lost outside its own move: slots added or dropped, its play forgotten."""
        for s, slots in enumerate(self.slots):
            if s == self.seat:
                continue
            if len(slots) != after.hand_sizes[s] and s != after.to_move:
                self.plays.pop(s, None)
            while len(slots) < after.hand_sizes[s]:
                slots.append(0)
            while len(slots) > after.hand_sizes[s]:
                slots.pop(0)

    def fits(self, hands: tuple[tuple[int, ...], ...]) -> bool:
        """Whether every opponent's hand fits its slots (greedy, most constrained slot first)."""
        for s, slots in enumerate(self.slots):
            if s == self.seat:
                continue
            left = list(hands[s])
            for mask in sorted(slots, key=lambda m: -m.bit_count()):
                c = next((c for c in left if not (mask >> c) & 1), None)
                if c is None:
                    return False
                left.remove(c)
        return True

    def play_weight(self, s: int, hand: tuple[int, ...]) -> float:
        """How likely seat ``s``'s latest play was from ``hand`` (now) plus its cards, under the model."""
        play = self.plays.get(s)
        if play is None:
            return 1.0
        before = play.public._replace(seat=s, hand=tuple(sorted(hand + play.cards)), drawn=None)
        scores = club_scores(before)
        if len(scores) < 2 or play.cards not in scores:
            return 1.0
        top = max(scores.values())
        exp = {cards: math.exp(max(-50.0, (v - top) / TEMPERATURE)) for cards, v in scores.items()}
        return (1 - FLOOR) * exp[play.cards] / sum(exp.values()) + FLOOR / len(scores)

    def weight(self, hands: tuple[tuple[int, ...], ...]) -> float:
        """The belief's weight of a world's hands: 0 unless they fit the voids, else the likelihood."""
        if not self.fits(hands):
            return 0.0
        if not self.likelihood:
            return 1.0
        w = 1.0
        for s in self.plays:
            w *= self.play_weight(s, hands[s])
        return w

    def _void_deal(self, view: SeatView, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Hands consistent with the slots (the most constrained dealt first) and the deck left."""
        pool = list(view.unseen())
        rng.shuffle(pool)
        order = sorted(
            ((m, s) for s in range(view.players) if s != view.seat for m in self.slots[s]),
            key=lambda t: -t[0].bit_count(),
        )
        got: list[list[int]] = [[] for _ in range(view.players)]
        for mask, s in order:
            if not pool:
                break
            at = next((j for j, c in enumerate(pool) if not (mask >> c) & 1), 0)
            got[s].append(pool[at])
            pool[at] = pool[-1]
            pool.pop()
        hands = tuple(view.hand if s == view.seat else tuple(sorted(got[s])) for s in range(view.players))
        return hands, tuple(pool[: view.deck_size])

    def deal(self, view: SeatView, rng: random.Random) -> State:
        """A world for a search: ``PARTICLES`` void-consistent deals, one kept by its likelihood."""
        particles = [self._void_deal(view, rng) for _ in range(PARTICLES if self.likelihood and self.plays else 1)]
        if len(particles) > 1:
            weights = [self.weight(hands) or 1e-12 for hands, _ in particles]
            hands, deck = particles[rng.choices(range(len(particles)), weights)[0]]
        else:
            hands, deck = particles[0]
        return world_of(view, hands, deck, rng.randrange(2**31))
