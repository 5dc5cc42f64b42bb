"""Seeded dealing of a new round, and the verdict on a turned-up starter card."""

from __future__ import annotations

import random

from engine.errors import RulesetError
from engine.moves import Move
from engine.ruleset import Ruleset
from engine.state import Attack, State, tables_for
from engine.verdicts import Reason, Verdict


def judge_starter(rules: Ruleset, card: int) -> Verdict:
    """Judges a card turned up to start the pile: accepted or not, and whether its effect counts.

    RULES.md, starter card: a card the ruleset lists in ``starter_forbidden`` is not accepted
    (another card is turned up); an accepted special card has no effect, except where
    ``starter_triggers`` (prší) makes its attack act on the first player. A starter is not a
    move: the verdict's notation is empty and its move plays the card alone.
    """
    t = tables_for(rules)
    name = rules.deck.name(card)
    move = Move("play", (card,))
    if t.starter_forbidden[card]:
        return Verdict(move, "", False, (Reason("starter_forbidden", {"card": name}),))
    reasons = [Reason("starter_allowed", {"card": name})]
    if rules.starter_triggers and (t.draw[card] or t.skip[card]):
        kind, count = ("draw", t.draw[card]) if t.draw[card] else ("skip", t.skip[card])
        reasons.append(Reason("starter_attacks", {"card": name, "kind": kind, "count": count}))
    elif t.attacks[card] or t.wish_kind[card] or t.wild[card]:
        reasons.append(Reason("starter_effect_void", {"card": name}))
    return Verdict(move, "", True, tuple(reasons))


def new_game(rules: Ruleset, players: int, seed: int = 0) -> State:
    """Deals a new round: ``hand_size`` cards each, then a starter card the variant accepts."""
    low, high = rules.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise RulesetError(f"{rules.id} is played by {low} to {high} players, not {players}")
    rng = random.Random(seed)
    cards = list(rules.deck.all_cards()) * rules.copies_for(players)
    rng.shuffle(cards)
    hands: list[list[int]] = [[] for _ in range(players)]
    # The seat left of the dealer gets cards first and plays first: seat 0.
    for _ in range(rules.hand_size):
        for seat in range(players):
            hands[seat].append(cards.pop(0))
    rejected = []
    starter = cards.pop(0)
    verdict = judge_starter(rules, starter)
    while not verdict.legal and cards:
        rejected.append(starter)
        starter = cards.pop(0)
        verdict = judge_starter(rules, starter)
    pile: tuple[int, ...]
    if rules.starter_rejected_to == "deck_bottom":  # pl-trad: "wkładamy zakryte na spód talonu"
        pile, deck = (starter,), tuple(cards + rejected)
    else:  # pl, da: they stay under the starter
        pile, deck = (*rejected, starter), tuple(cards)
    attack = None
    for reason in verdict.reasons:
        if reason.code == "starter_attacks":
            # prší: the starter acts on the first player as if the previous player had played it.
            attack = Attack(reason.params["kind"], reason.params["count"], starter)
    return State(
        rules=rules,
        hands=tuple(tuple(sorted(h)) for h in hands),
        pile=pile,
        deck=deck,
        to_move=0,
        attack=attack,
        waiting=(0,) * players,
        seed=rng.randrange(2**31),
    )
