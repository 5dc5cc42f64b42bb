"""The playout kernel against the reference engine over every situation its tables tell apart.

OpenSpiel's kind of guarantee (``kuhn_poker_test.test_consistent``: two implementations agree on
all states), on top of the sampled games of ``test_fastplay.py``. The kernel's tables are keyed
by the top card, the pending attack (its kind and attacking card), the wish (kind, value,
duration, who made it) and the cards played (one card or a group of one rank, with 0, 1 or more
cards left in hand); so, per ruleset:

* listing: for every top card x every pending situation, a mover holding every other card of the
  deck gets the same legal moves, in the same order, from ``Playout.legal_moves`` and
  ``engine.rules.legal_moves`` — every card and every same-rank group, legal or not;
* playing: for every pending situation x every card alone and every same-rank pair (and, with
  several decks, both copies of a card) x 0, 1 or 2 other cards in hand, the mover's every legal move is applied by the kernel's own playout loop
  (its memoised lists, chosen by index) and by ``engine.rules.child``: the same moves in the same
  order, and the same state after each (hands, pile, deck, attack, wish, waiting, finished);
* drawing: for every top card x every wish x every card drawn, the same state after ``draw``
  (whether the drawn card may still be played).

A pending situation is: nothing; an attack by each attacking card; a wish of each value the
ruleset can make, by each seat; in rulesets where a wish outlives the card that met it
(pl-trad), an attack and a suit wish at once. Seat 1 sometimes sits out, seat 2 sometimes has
finished (in play-on rulesets), so passing over and K♠'s look back are covered.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from engine.fastplay import Playout
from engine.moves import DRAW, format_move
from engine.rules import child, judge_card, legal_moves
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from engine.state import Attack, State, Wish, tables_for
from engine.verdicts import LEGAL_PLAY

SEATS = 3


class _Index:
    """A stand-in random generator that makes the kernel's playout loop choose move ``index``."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.calls = 0

    def getrandbits(self, bits: int) -> int:
        self.calls += 1
        if self.calls > 1 and bits > 1:
            raise AssertionError(f"the kernel lists fewer moves than the reference ({self.index} is out of range)")
        return self.index


def _pendings(rules: Ruleset) -> list[tuple[Attack | None, Wish | None, tuple[int, ...], tuple[int, ...]]]:
    """Every pending situation: (attack, wish, waiting, finished)."""
    t = tables_for(rules)
    attacks: list[Attack | None] = [None]
    for card in rules.deck.all_cards():
        if t.draw[card]:
            attacks.append(Attack("draw", t.draw[card], card))
        elif t.skip[card]:
            attacks.append(Attack("skip", t.skip[card], card))
    wishes: list[Wish | None] = [None]
    suit_rule = t.suit_wish_card_rule
    for rule in (t.rank_wish_card_rule, suit_rule):
        if rule is None:
            continue
        values = rule.wish_values if rule.wish == "rank" else rules.deck.suits
        for value in values:
            for by in range(SEATS):
                wishes.append(Wish(rule.wish, value, by, rule.wish_duration))
    seatings: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((0,) * SEATS, ()), ((0, 1, 0), ())]
    if rules.end_mode == "play_on":
        seatings.append(((0, 0, 0), (2,)))
    out: list[tuple[Attack | None, Wish | None, tuple[int, ...], tuple[int, ...]]] = []
    for waiting, finished in seatings:
        for attack in attacks:
            out.append((attack, None, waiting, finished))
        for wish in wishes[1:]:
            if finished and wish.by in finished:
                continue
            out.append((None, wish, waiting, finished))
    # pl-trad: a suit wish lasts until the turn returns to its maker, so an attack may meet it.
    if suit_rule is not None and suit_rule.wish_duration == "until_return":
        for attack in attacks[1:]:
            for suit in rules.deck.suits:
                out.append((attack, Wish("suit", suit, 1, suit_rule.wish_duration), (0,) * SEATS, ()))
    return out


def _state(rules: Ruleset, top: int, mover: list[int], others: list[list[int]],
           pending: tuple[Attack | None, Wish | None, tuple[int, ...], tuple[int, ...]]) -> State:
    attack, wish, waiting, finished = pending
    hands = [mover] + others
    for seat in finished:
        hands[seat] = []
    used = {top, *mover, *(c for h in others for c in h)}
    deck = tuple(c for c in rules.deck.all_cards() if c not in used)
    return State(rules=rules, hands=tuple(tuple(sorted(h)) for h in hands), pile=(top,), deck=deck,
                 to_move=0, attack=attack, wish=wish, waiting=waiting, finished=finished, seed=11)


def _others(rules: Ruleset, avoid: set[int]) -> list[list[int]]:
    """Two cards each for seats 1 and 2, none of them in ``avoid``."""
    free = [c for c in rules.deck.all_cards() if c not in avoid]
    return [free[0:2], free[2:4]]


def _describe(st: State) -> str:
    name = st.rules.deck.name
    return (f"top {name(st.pile[-1])}, attack {st.attack}, wish {st.wish}, waiting {st.waiting}, "
            f"finished {st.finished}, hand {[name(c) for c in st.hands[0]]}")


def _same_play(st: State) -> int:
    """Applies every legal move of ``st`` on both engines, the kernel choosing through its own loop."""
    ref = legal_moves(st)
    p = Playout.from_state(st)
    mine = p.legal_moves()
    assert mine == ref, f"{_describe(st)}: legal moves differ: kernel {len(mine)}, reference {len(ref)}"
    for index, move in enumerate(ref):
        q = p.copy()
        q.play_random(_Index(index), 1)  # type: ignore[arg-type]  # stands in for random.Random
        expected = child(st, move)
        got = q.to_state()
        if got != expected:
            diff = [f for f in expected._fields if getattr(got, f) != getattr(expected, f)]
            pytest.fail(f"{_describe(st)}: after {format_move(move, st.rules.deck)!r} the kernel differs in "
                        f"{diff}: {[(getattr(got, f), getattr(expected, f)) for f in diff]}")
    return len(ref)


def _groups(rules: Ruleset) -> Iterator[tuple[int, ...]]:
    """Every card alone and every pair of cards of one rank; with several decks (pl-trad above
    5 seats) also both copies of every card, which the kernel counts apart from its bitmasks."""
    t = tables_for(rules)
    cards = list(rules.deck.all_cards())
    for card in cards:
        yield (card,)
    if rules.several_cards:
        for a, b in combinations(cards, 2):
            if t.rank[a] == t.rank[b]:
                yield (a, b)
        if rules.copies_for(rules.players[1]) > 1:
            for card in cards:
                yield (card, card)


def _legal_top(rules: Ruleset, st: State, first: int) -> int:
    """A top card under which ``first`` may go down in this situation (else any other card)."""
    t = tables_for(rules)
    for top in rules.deck.all_cards():
        if top != first and judge_card(st._replace(pile=(top,)), t, first) in LEGAL_PLAY:
            return top
    return next(c for c in rules.deck.all_cards() if c != first)


VARIANTS = variant_ids()


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_top_and_pending_lists_the_same_moves(variant: str) -> None:
    rules = load_ruleset(variant)
    compared = 0
    for top in rules.deck.all_cards():
        # The mover holds every card but the top and the four cards seats 1 and 2 hold; a second
        # hand swaps those four for four others, so every card is in the mover's hand once.
        first = _others(rules, {top})
        second = _others(rules, {top} | {c for h in first for c in h})
        for others in (first, second):
            held = {c for h in others for c in h}
            mover = [c for c in rules.deck.all_cards() if c != top and c not in held]
            for pending in _pendings(rules):
                st = _state(rules, top, mover, others, pending)
                assert Playout.from_state(st).legal_moves() == legal_moves(st), f"{variant}: {_describe(st)}"
                compared += 1
    assert compared >= rules.deck.size * 2 * len(_pendings(rules))


PARTS = 4   # the pending situations of a ruleset in four interleaved parts, so workers share the longest ruleset


@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_and_group_plays_the_same(variant: str, part: int) -> None:
    rules = load_ruleset(variant)
    moves = situations = 0
    for pending in _pendings(rules)[part::PARTS]:
        for group in _groups(rules):
            probe = _state(rules, group[0], list(group), [[], []], pending)
            top = _legal_top(rules, probe, group[0])
            for rest in (0, 1, 2):
                avoid = {top, *group}
                others = _others(rules, avoid)
                avoid |= {c for h in others for c in h}
                t = tables_for(rules)
                filler = [c for c in rules.deck.all_cards() if c not in avoid and t.rank[c] != t.rank[group[0]]][:rest]
                st = _state(rules, top, [*group, *filler], others, pending)
                if pending[2][0] or st.hands[0] == ():
                    continue
                moves += _same_play(st)
                situations += 1
    assert situations > 0 and moves > situations


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_drawn_card_lands_the_same(variant: str) -> None:
    rules = load_ruleset(variant)
    compared = 0
    for pending in _pendings(rules):
        attack, _, waiting, finished = pending
        if attack is not None or any(waiting) or finished:   # drawing reads the top and the wish
            continue
        for top in rules.deck.all_cards():
            for drawn in rules.deck.all_cards():
                if drawn == top:
                    continue
                others = _others(rules, {top, drawn})
                filler = next(c for c in rules.deck.all_cards() if c not in {top, drawn} | {x for h in others for x in h})
                st = _state(rules, top, [filler], others, pending)
                st = st._replace(deck=(drawn, *[c for c in st.deck if c != drawn]))
                p = Playout.from_state(st)
                p.apply(DRAW)
                assert p.to_state() == child(st, DRAW), f"{variant}: draw {rules.deck.name(drawn)} with {_describe(st)}"
                compared += 1
    assert compared > 0
