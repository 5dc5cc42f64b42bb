"""The deck map: which card of one deck a player of another deck takes for the same card.

Hungarian players match their 32-card deck to the French one card for card (docs/ENGINE.md,
"The deck map"): piros = hearts, tök = diamonds, zöld = spades, makk = clubs; alsó = jack,
felső = queen, király = king, ász = ace; VII–X are the 7–10. The French 2–6 have no
counterpart in a Hungarian deck. French decks of different lengths (52, 36, 32 cards) map
rank for rank. ``ruleset_in_deck`` reads a ruleset in another deck through the map, so two
rulesets of different decks can be compared at one table (``engine.witness``).

Stdlib only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.cards import DeckKind
from engine.ruleset import CardRule, DefenceRule, Ruleset

__all__ = ["DeckMap", "deck_map", "ruleset_in_deck"]

# Each deck's ranks and suits under a common name: the French deck's own, the Hungarian deck's by
# the French card Hungarian players take for it (alsó = J, felső = Q; piros = ♥, tök = ♦, zöld = ♠, makk = ♣).
_COMMON_RANK = {"hungarian": {"U": "J", "O": "Q"}}
_COMMON_SUIT = {"hungarian": {"h": "h", "b": "d", "l": "s", "a": "c"}}


def _common_rank(deck: DeckKind, rank: str) -> str:
    return _COMMON_RANK.get(deck.art, {}).get(rank, rank)


def _common_suit(deck: DeckKind, suit: str) -> str:
    return _COMMON_SUIT.get(deck.art, {}).get(suit, suit)


@dataclass(frozen=True)
class DeckMap:
    """The map from the cards of ``home`` (the learner's deck) to the cards of ``table``."""

    home: DeckKind
    table: DeckKind
    ranks: tuple[tuple[str, str], ...]  # (home rank, table rank) for every rank both decks have
    suits: tuple[tuple[str, str], ...]  # (home suit, table suit)

    @property
    def identity(self) -> bool:
        """Tells whether both decks are one deck."""
        return self.home.id == self.table.id

    def rank(self, rank: str) -> str | None:
        """The table's rank for a home rank, or None when the table's deck has none."""
        return dict(self.ranks).get(rank)

    def rank_back(self, rank: str) -> str | None:
        """The home rank for a table rank, or None when the home deck has none."""
        return {t: h for h, t in self.ranks}.get(rank)

    def suit(self, suit: str) -> str:
        return dict(self.suits)[suit]

    def card(self, card: int) -> int | None:
        """The table's card for a home card, or None when the table's deck has no such card."""
        rank = self.rank(self.home.rank_of(card))
        return None if rank is None else self.table.card(rank, self.suit(self.home.suit_of(card)))

    def card_back(self, card: int) -> int | None:
        """The home card for a table card, or None when the home deck has no such card."""
        rank = self.rank_back(self.table.rank_of(card))
        suit = {t: h for h, t in self.suits}[self.table.suit_of(card)]
        return None if rank is None else self.home.card(rank, suit)

    def pattern(self, pattern: str) -> str | None:
        """A home card pattern (a rank, or a rank and a suit) in the table's deck, or None."""
        if pattern in self.home.ranks:
            return self.rank(pattern)
        rank = self.rank(pattern[:-1])
        return None if rank is None else rank + self.suit(pattern[-1])

    def home_only_ranks(self) -> tuple[str, ...]:
        """The home ranks the table's deck lacks (the French 2–6 at a Hungarian table)."""
        return tuple(r for r in self.home.ranks if self.rank(r) is None)

    def table_only_ranks(self) -> tuple[str, ...]:
        """The table's ranks the home deck lacks (the French 2–6 for a Hungarian player)."""
        return tuple(r for r in self.table.ranks if self.rank_back(r) is None)


def deck_map(home: DeckKind, table: DeckKind) -> DeckMap | None:
    """The map between two decks, or None when their suits do not correspond."""
    table_suits = {_common_suit(table, s): s for s in table.suits}
    suits = []
    for suit in home.suits:
        other = table_suits.get(_common_suit(home, suit))
        if other is None:
            return None
        suits.append((suit, other))
    table_ranks = {_common_rank(table, r): r for r in table.ranks}
    ranks = tuple((r, table_ranks[_common_rank(home, r)]) for r in home.ranks if _common_rank(home, r) in table_ranks)
    return DeckMap(home, table, ranks, tuple(suits))


def _patterns(m: DeckMap, patterns: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(p for p in (m.pattern(x) for x in patterns) if p is not None)


def _card_rule(m: DeckMap, rule: CardRule, pattern: str) -> CardRule:
    values = tuple(v for v in (m.rank(x) for x in rule.wish_values) if v is not None)
    return replace(rule, pattern=pattern, wish_values=values)


def ruleset_in_deck(rules: Ruleset, m: DeckMap) -> Ruleset:
    """The ruleset read in the table's deck through the map: the rules of cards without a
    counterpart (a Danish 2, a jack's demand for a 5) are left out; every other rule is kept."""
    if m.identity:
        return rules
    cards = tuple(_card_rule(m, r, p) for r in rules.cards if (p := m.pattern(r.pattern)) is not None)
    defences = []
    for d in rules.defences:
        against, with_ = _patterns(m, d.against), _patterns(m, d.with_)
        if against and with_:
            defences.append(DefenceRule(against, with_, d.condition))
    points = {p: v for k, v in rules.card_points.items() if (p := m.pattern(k)) is not None}
    separate = tuple(s for s in (_patterns(m, group) for group in rules.separate) if s)
    return replace(
        rules,
        deck=m.table,
        cards=cards,
        defences=tuple(defences),
        starter_forbidden=_patterns(m, rules.starter_forbidden),
        card_points=points,
        separate=separate,
        runs=rules.runs if rules.runs <= len(m.table.ranks) else 0,
    )
