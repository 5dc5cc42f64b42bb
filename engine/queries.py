"""Questions about a ruleset that the app asks the engine instead of reading its compiled tables.

Every answer comes from the same tables the judge (``engine.rules``) plays by, so a page, a
lesson or the sandbox editor never decides a rule itself.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from engine.moves import Move
from engine.rules import check, judge_card
from engine.ruleset import Ruleset
from engine.state import State, tables_for
from engine.transitions import run_refusal
from engine.verdicts import Verdict

AttackKind = Literal["draw", "skip"]
WishKind = Literal["rank", "suit"]


def attack_kinds(rules: Ruleset) -> tuple[AttackKind, ...]:
    """The kinds of attack some card of this ruleset makes: draw cards, sit out turns, or both."""
    t = tables_for(rules)
    kinds: list[AttackKind] = []
    if any(t.draw):
        kinds.append("draw")
    if any(t.skip):
        kinds.append("skip")
    return tuple(kinds)


def wish_values(rules: Ruleset, kind: str) -> tuple[str, ...]:
    """What a wish of this kind may name in this ruleset (ranks a jack may demand, or every suit);
    empty when no card makes such a wish."""
    t = tables_for(rules)
    if kind == "rank":
        rule = t.rank_wish_card_rule
        return tuple(rule.wish_values) if rule is not None else ()
    if kind == "suit":
        return tuple(rules.deck.suits) if t.suit_wish_card_rule is not None else ()
    return ()


def wish_kinds(rules: Ruleset) -> tuple[WishKind, ...]:
    """The kinds of wish some card of this ruleset makes (rank: a demand; suit)."""
    return tuple(k for k in ("rank", "suit") if wish_values(rules, k))


class WishChoice(NamedTuple):
    """The wish a card makes when it goes down last: its kind, the values to choose from, and
    whether it may be left out."""

    kind: WishKind
    values: tuple[str, ...]
    optional: bool


def wish_choice(rules: Ruleset, card: int) -> WishChoice | None:
    """The wish this card makes when it goes down last, or None when it makes none."""
    rule = tables_for(rules).wish_rule[card]
    if rule is None or rule.wish is None:  # wish_rule holds only cards that make a wish
        return None
    values = tuple(rule.wish_values) if rule.wish == "rank" else tuple(rules.deck.suits)
    return WishChoice(rule.wish, values, rule.wish_optional)


def play_together(rules: Ruleset, first: int, card: int) -> bool:
    """Tells whether card may follow first in one play: several cards go down together only when
    they share a rank (RULES.md, several cards at once; ``not_same_rank`` in ``engine.rules.check``)
    and, where ``[play] separate`` keeps classes apart, a class (``cards_not_mixed``)."""
    t = tables_for(rules)
    return t.rank[card] == t.rank[first] and t.group_class[card] == t.group_class[first]


def first_card_reason(st: State, card: int) -> str:
    """The judge's reason code for this card as the first card of a play now."""
    return judge_card(st, tables_for(st.rules), card)


def has_cards_to_cover(rules: Ruleset) -> bool:
    """Whether some card of this ruleset must be covered by its player (ru-101's nine)."""
    return any(tables_for(rules).cover)


def reverses_direction(rules: Ruleset) -> bool:
    """Whether some card of this ruleset reverses the direction of play (de-maumau-9's 9)."""
    return any(tables_for(rules).reverse)


def prefix_verdict(st: State, plays: list[Move], prefix: tuple[int, ...]) -> Verdict:
    """The verdict on tapping cards in this order: the play ``prefix`` itself when legal, else the first
    legal play of ``plays`` that goes on from it (a run of three tapped card by card, a pl-devdo pack),
    else the refusal of ``prefix`` as a play."""
    whole = next((m for m in plays if m.cards == prefix), None)
    if whole is None:
        whole = next((m for m in plays if m.cards[: len(prefix)] == prefix), Move("play", prefix))
    return check(st, whole)


def goes_down_at_once(rules: Ruleset, hand: tuple[int, ...]) -> bool:
    """Whether a whole hand has the shape of one play: one card, cards of one rank (several cards at
    once), or a run of one suit where ``[play] runs`` allows it — who may need a last-card call."""
    t = tables_for(rules)
    if len(hand) <= 1 or (rules.several_cards and len({t.rank[c] for c in hand}) == 1):
        return True
    if not rules.runs or len(hand) < rules.runs:
        return False
    return run_refusal(rules, t, tuple(sorted(hand, key=lambda c: t.rank[c]))) is None
