"""Rule steps shared by the reference engine (``engine.rules``) and the playout kernel
(``engine.fastplay``): what a play adds up to, the moves a play can be written as, and pl's
halve-hands fallback — written once so both apply the same rules — and the per-card tables
(``Tables``) they read, compiled once per ruleset."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.moves import Move
from engine.ruleset import AttackTarget, CardRule, DefenceCondition, Ruleset, cached

RANK_WISH, SUIT_WISH = 1, 2  # Tables.wish_kind of a card (0: it makes no wish)


def give_back_half(hand: list[int], rng: random.Random) -> list[int]:
    """Takes a random half (rounded down) out of a hand and returns it — pl's fallback when the
    deck cannot be remade: "każdy gracz oddaje losowo wybraną połowę swoich kart"."""
    back = rng.sample(range(len(hand)), len(hand) // 2)
    return [hand.pop(i) for i in sorted(back, reverse=True)]


def attack_totals(t: Tables, cards: tuple[int, ...]) -> tuple[int, int, int]:
    """Adds up the attacks of the cards played together: (cards to draw, turns to sit out, the last
    attacking card or -1) — RULES.md: "the effects of all cards played add up"; a run acts by its
    top card alone (``acting_cards``)."""
    draw_total = skip_total = 0
    attacker = -1
    for card in acting_cards(t, cards):
        if t.draw[card]:
            draw_total += t.draw[card]
            attacker = card
        elif t.skip[card]:
            skip_total += t.skip[card]
            attacker = card
    return draw_total, skip_total, attacker


def group_refusal(rules: Ruleset, t: Tables, cards: tuple[int, ...]) -> str | None:
    """Says why cards of one rank may not go down together here, or None: fewer than the ruleset's
    ``min_group`` (devdo-eu/macau: "Pack is 3 or 4 cards"), or cards of two ``separate`` classes
    (devdo-eu/macau: battle kings and ordinary kings are not mixed)."""
    if len(cards) < 2:
        return None
    if len(cards) < rules.min_group:
        return "group_too_small"
    group = t.group_class
    first = group[cards[0]]
    if any(group[c] != first for c in cards[1:]):
        return "cards_not_mixed"
    return None


def play_moves(rules: Ruleset, t: Tables, cards: tuple[int, ...], remaining: int) -> list[Move]:
    """Every legal way to play ``cards`` leaving ``remaining`` in hand: one move per wish choice
    of the last card, doubled where a last-card call may be made or forgotten."""
    rule = t.wish_rule[cards[-1]]
    wishes: list[tuple[str | None, str | None]] = [(None, None)]
    if rule is not None:
        values = [
            *(rule.wish_values if rule.wish == "rank" else rules.deck.suits),
            *(["none"] if rule.wish_optional else []),
        ]
        wishes = [(v, None) for v in values] if rule.wish == "rank" else [(None, v) for v in values]
    calls = [(False, False)]
    if remaining == 1 and rules.call("makao"):
        calls = [(True, False), (False, False)]
    elif remaining == 0 and rules.call("kakao"):
        calls = [(False, True), (False, False)]
    return [Move("play", cards, d, s, m, k) for d, s in wishes for m, k in calls]


# ---------------------------------------------------------------------------- direction of play


def reversals(t: Tables, cards: tuple[int, ...]) -> int:
    """Counts the reversing cards among cards played together: each one flips the direction, so an
    even number leaves it as it was (Mau-Mau's optional 9, relatives.md §1.7; Chodské prší's 8)."""
    reverse = t.reverse
    return sum(1 for card in acting_cards(t, cards) if reverse[card])


def step_seat(seat: int, players: int, direction: int) -> int:
    """The seat after ``seat`` in the direction of play (1 clockwise, -1 counter-clockwise)."""
    return (seat + direction) % players


def wrapped(seat: int, nxt: int, direction: int) -> bool:
    """Whether the turn passing from ``seat`` to ``nxt`` goes past the end of the seat order in the
    direction of play (clockwise past the last seat, counter-clockwise past seat 0) — pl-devdo's
    end of the round of turns (``end.mode = "finish_round"``)."""
    return nxt <= seat if direction > 0 else nxt >= seat


# ---------------------------------------------------------------------------- runs of one suit
# A house rule (issue #18; the Danish source's "ingen rækker" names the homes that play them):
# with ``[play] runs = n`` a play may be a run of ``n`` or more cards of one suit with consecutive
# ranks in the deck's rank order (2 … 10 J Q K A; an ace is high only, no wrap-around), going up or
# down, written in the order played. Its first card must be able to go down alone, and only the
# card left on top acts: its attack, wish, reversal or cover (docs/ENGINE.md, runs of one suit).


def is_run(t: Tables, cards: tuple[int, ...]) -> bool:
    """Whether a play is meant as a run: its first two cards differ in rank (a group shares one)."""
    return len(cards) > 1 and t.rank[cards[0]] != t.rank[cards[1]]


def acting_cards(t: Tables, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The cards of a play whose effects count: every card of a group, only the top card of a run."""
    return cards[-1:] if is_run(t, cards) else cards


def run_refusal(rules: Ruleset, t: Tables, cards: tuple[int, ...]) -> tuple[str, int] | None:
    """Says why ``cards`` (a play whose first two ranks differ) are no run here, or None: the code
    and the index of the card at fault — ``run_mixed_suits``, ``run_not_consecutive`` (a gap, a turn
    of direction or a wrap from ace to two), ``run_too_short`` (fewer than ``[play] runs``)."""
    suit, rank = t.suit, t.rank
    step = rank[cards[1]] - rank[cards[0]]
    for i in range(1, len(cards)):
        if suit[cards[i]] != suit[cards[0]]:
            return "run_mixed_suits", i
        if rank[cards[i]] - rank[cards[i - 1]] != step or step not in (1, -1):
            return "run_not_consecutive", i
    if len(cards) < rules.runs:
        return "run_too_short", len(cards) - 1
    return None


def runs_from(rules: Ruleset, t: Tables, held: Callable[[int], bool], first: int) -> list[tuple[int, ...]]:
    """Every run that starts with ``first`` out of the cards ``held`` says are in hand: upwards by
    length, then downwards by length (the order of the legal-move list, reference and kernel)."""
    out: list[tuple[int, ...]] = []
    nsuits = len(rules.deck.suits)
    for step in (nsuits, -nsuits):
        run = [first]
        card = first + step
        while 0 <= card < t.size and held(card):
            run.append(card)
            if len(run) >= rules.runs:
                out.append(tuple(run))
            card += step
    return out


class Tables:
    """Per-card lookup tables compiled from a ruleset, so playouts never parse patterns."""

    def __init__(self, rules: Ruleset) -> None:
        """Compiles every table (moved as it was from engine/state.py), in the order they depend on."""
        deck = rules.deck
        n = deck.size
        nsuits = len(deck.suits)
        self.size = n
        self.rank = [c // nsuits for c in range(n)]
        self.suit = [c % nsuits for c in range(n)]
        self._compile_card_rules(rules)
        self.attacks = [self.draw[c] > 0 or self.skip[c] > 0 for c in range(n)]
        self._compile_defences(rules)
        self.defends = [[self.defence[a][c] == "" for c in range(n)] for a in range(n)]
        self.has_defence = [any(row) for row in self.defends]
        self.starter_forbidden = [any(rules.matches(p, c) for p in rules.starter_forbidden) for c in range(n)]
        self.rank_name = [deck.rank_of(c) for c in range(n)]
        self.group_class = [rules.group_class(c) for c in range(n)]  # [play] separate
        # single_moves[k][card]: every legal way to play ``card`` alone leaving k cards (k = 0, 1, 2+):
        # one move per wish choice, doubled where a last-card call may be made or forgotten.
        # A memo of multi-card moves (rules.py, _multi_moves): derived data, the same for every user.
        self.multi_memo: dict[tuple[int, tuple[int, ...], int], list[Move]] = {}
        self.single_moves = [[play_moves(rules, self, (c,), k) for c in range(n)] for k in (0, 1, 2)]
        self.suit_name = [deck.suit_of(c) for c in range(n)]
        self.suit_index = {s: i for i, s in enumerate(deck.suits)}
        self.rank_index = {r: i for i, r in enumerate(deck.ranks)}

    def _compile_card_rules(self, rules: Ruleset) -> None:
        """Compiles the tables read from each card's [cards] rule: attacks, wishes, wild, cover, reverse."""
        n = self.size
        self.draw = [0] * n
        self.skip = [0] * n
        self.backwards = [False] * n
        self.wish_kind = [0] * n
        self.wish_rule: list[CardRule | None] = [None] * n
        self.wild = [False] * n
        self.cover = [False] * n  # a card its player must cover (ru-101's nine)
        self.reverse = [False] * n  # the card flips the direction of play
        self.rank_wish_card_rule: CardRule | None = None
        self.suit_wish_card_rule: CardRule | None = None
        for c in range(n):
            rule = rules.card_rule(c)
            if rule is None:
                continue
            self.draw[c] = rule.draw
            self.skip[c] = rule.skip
            self.backwards[c] = rule.target is AttackTarget.PREVIOUS
            self.wild[c] = rule.wild
            self.cover[c] = rule.cover
            self.reverse[c] = rule.reverse
            if rule.wish:
                self.wish_kind[c] = RANK_WISH if rule.wish == "rank" else SUIT_WISH
                self.wish_rule[c] = rule
                if rule.wish == "rank" and self.rank_wish_card_rule is None:
                    self.rank_wish_card_rule = rule
                if rule.wish == "suit" and self.suit_wish_card_rule is None:
                    self.suit_wish_card_rule = rule

    def _compile_defences(self, rules: Ruleset) -> None:
        """Compiles defence[a][c] and defence_how[a][c] from the [[defence]] rules, in file order."""
        n = self.size
        # defence[a][c]: "" when c may answer an attack made by a; else the unmet condition
        # (or None when no defence rule names c against a at all).
        self.defence: list[list[str | None]] = [[None] * n for _ in range(n)]
        self.defence_how: list[list[str]] = [[""] * n for _ in range(n)]  # the condition that held
        # Rules in file order: the first rule whose condition holds decides; else the first rule
        # naming the pair gives the unmet condition.
        for defence in rules.defences:
            against = [a for a in range(n) if any(rules.matches(p, a) for p in defence.against)]
            with_ = [c for c in range(n) if any(rules.matches(p, c) for p in defence.with_)]
            for a in against:
                row, how = self.defence[a], self.defence_how[a]
                for c in with_:
                    if row[c] == "":
                        continue
                    if _condition_holds(defence.condition, self, a, c):
                        row[c] = ""
                        how[c] = defence.condition
                    elif row[c] is None:
                        row[c] = defence.condition


def _condition_holds(condition: DefenceCondition, t: Tables, a: int, c: int) -> bool:
    if condition is DefenceCondition.ANY:
        return True
    if condition is DefenceCondition.SAME_SUIT:
        return t.suit[a] == t.suit[c]
    if condition is DefenceCondition.SAME_RANK:
        return t.rank[a] == t.rank[c]
    return t.suit[a] == t.suit[c] or t.rank[a] == t.rank[c]  # MATCH: suit or rank


def tables_for(rules: Ruleset) -> Tables:
    """Returns the compiled tables of a ruleset, built once and kept on the (immutable) ruleset."""
    return cached(rules, "_tables", Tables)
