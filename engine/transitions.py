"""Rule steps shared by the reference engine (``engine.rules``) and the playout kernel
(``engine.fastplay``): what a play adds up to, the moves a play can be written as, and pl's
halve-hands fallback — written once so both apply the same rules."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.moves import Move
from engine.ruleset import Ruleset

if TYPE_CHECKING:
    from engine.state import Tables


def give_back_half(hand: list[int], rng: random.Random) -> list[int]:
    """Takes a random half (rounded down) out of a hand and returns it — pl's fallback when the
    deck cannot be remade: "każdy gracz oddaje losowo wybraną połowę swoich kart"."""
    back = rng.sample(range(len(hand)), len(hand) // 2)
    return [hand.pop(i) for i in sorted(back, reverse=True)]


def attack_totals(t: Tables, cards: tuple[int, ...]) -> tuple[int, int, int]:
    """Adds up the attacks of the cards played together: (cards to draw, turns to sit out, the last
    attacking card or -1) — RULES.md: "the effects of all cards played add up"."""
    draw_total = skip_total = 0
    attacker = -1
    for card in cards:
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
