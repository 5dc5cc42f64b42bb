"""The immutable game state and the compact tables the rules run on.

Hands are sorted tuples of card ids (a multiset: with two decks a card may appear
twice). A new state is made for every move; nothing is ever changed in place.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from engine.moves import Move
from engine.ruleset import AttackTarget, CardRule, DefenceCondition, Ruleset, WishDuration, WishKind
from engine.transitions import play_moves

RANK_WISH, SUIT_WISH = 1, 2  # Tables.wish_kind of a card (0: it makes no wish)
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


class Tables:
    """Per-card lookup tables compiled from a ruleset, so playouts never parse patterns."""

    def __init__(self, rules: Ruleset) -> None:
        deck = rules.deck
        n = deck.size
        nsuits = len(deck.suits)
        self.size = n
        self.rank = [c // nsuits for c in range(n)]
        self.suit = [c % nsuits for c in range(n)]
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
        self.attacks = [self.draw[c] > 0 or self.skip[c] > 0 for c in range(n)]
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
    tables = rules.__dict__.get("_tables")
    if tables is None:
        tables = Tables(rules)
        object.__setattr__(rules, "_tables", tables)
    return tables
