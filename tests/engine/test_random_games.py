"""Random games for every variant x every allowed number of seats x 300 seeds.

Every seat picks uniformly at random among its legal moves (the `selfplay` policy). At every
step: cards are conserved, a round not over offers a legal option. On a prefix of each game and
then at intervals, the slow path is cross-checked: the verdict list agrees with the fast legal
move list and with what applying each move does, and position JSON round-trips.
"""
from __future__ import annotations

import random

import pytest

from engine.deal import new_game
from engine.errors import IllegalMoveError
from engine.position import position_from_json, position_to_json
from engine.rules import apply_move, check, child, legal_moves, verdicts
from engine.ruleset import load_ruleset, variant_ids

SEEDS = range(300)
STEP_CAP = 20_000
FULL_CHECK_PREFIX = 12      # steps of each game checked in full...
FULL_CHECK_EVERY = 400      # ...and every this many steps after that

CASES = [(v, n) for v in variant_ids() for n in range(load_ruleset(v).players[0], load_ruleset(v).players[1] + 1)]


def _cross_check(st) -> None:
    fast = legal_moves(st)
    listed = verdicts(st)
    legal = [v.move for v in listed if v.legal]
    assert sorted(fast) == sorted(legal), "legal_moves and verdicts disagree"
    assert len(set(fast)) == len(fast), "a legal move is listed twice"
    hand = st.hands[st.to_move]
    shown = {c for v in listed if v.move.kind == "play" for c in v.move.cards}
    assert set(hand) <= shown, "a card in hand has no verdict"
    for v in listed:
        assert check(st, v.move).legal == v.legal
        if v.legal:
            new, events = apply_move(st, v.move)
            assert new.card_count() == st.card_count()
            assert tuple(events) == v.effects, "a verdict's effects differ from applying it"
            assert new == child(st, v.move), "the fast path and the slow path disagree"
        else:
            with pytest.raises(IllegalMoveError):
                apply_move(st, v.move)
    again = position_from_json(position_to_json(st))
    assert again == st, "position JSON does not round-trip"


@pytest.mark.parametrize("variant,players", CASES)
def test_random_games_keep_every_invariant(variant: str, players: int) -> None:
    rules = load_ruleset(variant)
    for seed in SEEDS:
        st = new_game(rules, players, seed)
        total = st.card_count()
        assert total == rules.deck.size * rules.copies_for(players)
        rng = random.Random(seed)
        steps = 0
        while not st.over:
            assert steps < STEP_CAP, f"{variant}/{players} seed {seed}: no end after {STEP_CAP} steps"
            moves = legal_moves(st)
            assert moves, f"{variant}/{players} seed {seed} step {steps}: no legal option"
            if steps < FULL_CHECK_PREFIX or steps % FULL_CHECK_EVERY == 0:
                _cross_check(st)
            st = child(st, moves[rng.randrange(len(moves))])
            steps += 1
            assert st.card_count() == total, f"{variant}/{players} seed {seed} step {steps}: cards not conserved"
        assert legal_moves(st) == [] and verdicts(st) == []
        assert position_from_json(position_to_json(st)) == st
