"""Seeded dealing of a new round."""
from __future__ import annotations

import random

from engine.errors import RulesetError
from engine.ruleset import Ruleset
from engine.state import Attack, State, tables_for


def new_game(rules: Ruleset, players: int, seed: int = 0) -> State:
    """Deals a new round: ``hand_size`` cards each, then a starter card the variant accepts."""
    low, high = rules.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise RulesetError(f"{rules.id} is played by {low} to {high} players, not {players}")
    t = tables_for(rules)
    rng = random.Random(seed)
    cards = list(rules.deck.all_cards()) * rules.copies_for(players)
    rng.shuffle(cards)
    hands = [[] for _ in range(players)]
    # The seat left of the dealer gets cards first and plays first: seat 0.
    for _ in range(rules.hand_size):
        for seat in range(players):
            hands[seat].append(cards.pop(0))
    rejected = []
    starter = cards.pop(0)
    while t.starter_forbidden[starter] and cards:
        rejected.append(starter)
        starter = cards.pop(0)
    if rules.starter_rejected_to == "deck_bottom":   # pl-trad: "wkładamy zakryte na spód talonu"
        pile, deck = (starter,), tuple(cards + rejected)
    else:                                            # pl, da: they stay under the starter
        pile, deck = (*rejected, starter), tuple(cards)
    attack = None
    if rules.starter_triggers:
        # prší: the starter acts on the first player as if the previous player had played it.
        if t.draw[starter]:
            attack = Attack("draw", t.draw[starter], starter)
        elif t.skip[starter]:
            attack = Attack("skip", t.skip[starter], starter)
    return State(
        rules=rules, hands=tuple(tuple(sorted(h)) for h in hands), pile=pile, deck=deck,
        to_move=0, attack=attack, waiting=(0,) * players, seed=rng.randrange(2**31),
    )
