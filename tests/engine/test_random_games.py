"""Random games for every variant x every allowed number of seats x 30 seeds.

Every seat picks uniformly at random among its legal moves (the `selfplay` policy). The games
are played on the playout kernel (``engine.fastplay``), which chooses exactly the moves the
reference engine would (``tests/engine/test_fastplay.py`` and ``test_kernel_exhaustive.py``
prove it agrees with ``engine.rules``); every game ends.

The reference engine is checked on a sample of every game: on its first steps and then at
intervals, the position is taken from the kernel and the reference must list the same legal
moves and reach the same state after the move chosen. At those steps cards are conserved, the
seat to move holds cards and does not sit out. Every fifth seed is played one step at a time
with those invariants at every step, and its sampled positions also get the full cross-check of
the slow path: the verdict list agrees with the fast legal move list and with what applying each
move does, and position JSON round-trips.
"""
from __future__ import annotations

import random

import pytest

from engine.deal import new_game
from engine.errors import IllegalMoveError
from engine.fastplay import Playout
from engine.position import position_from_json, position_to_json
from engine.rules import apply_move, check, child, legal_moves, verdicts
from engine.ruleset import load_ruleset, variant_ids
from engine.state import State

# A seeded property test with a budget: seeds 0-29 for every variant and seat count (100 before,
# 300 before that), every fifth (0, 5, ..., 25) with the full cross-check at every step. The single
# steps are proven exhaustively by test_kernel_exhaustive.py and at every step of 30 games by
# test_fastplay.py; that rounds end is played 40 times per ruleset and seat count (and 1,500 times in
# ru-101) by test_rounds_end.py; these games keep what only whole games show (reshuffles, cards
# conserved, the reference agreeing along a game) in every case.
SEEDS = range(30)
STEP_CAP = 20_000
SAMPLE_PREFIX = 12          # steps of each game compared with the reference...
SAMPLE_EVERY = 400          # ...and every this many steps after that
FULL_CHECK_SEEDS = 5        # every this many seeds, those steps get the full verdict cross-check

CASES = [(v, n) for v in variant_ids() for n in range(load_ruleset(v).players[0], load_ruleset(v).players[1] + 1)]


def _cross_check(st: State, house: bool = False) -> None:
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
    again = position_from_json(position_to_json(st), rules=st.rules if house else None)
    assert again == st, "position JSON does not round-trip"


def _cards(p: Playout) -> int:
    return sum(p.hs) + len(p.pile) + len(p.deck)


@pytest.mark.parametrize("variant,players", CASES)
def test_random_games_keep_every_invariant(variant: str, players: int) -> None:
    play_random_games(load_ruleset(variant), players, SEEDS)


def play_random_games(rules, players: int, seeds: range, house: bool = False) -> None:
    """Plays the seeds' random games on the kernel, checking every invariant above on the way."""
    variant = rules.id
    sampled = 0
    for seed in seeds:
        st = new_game(rules, players, seed)
        total = st.card_count()
        assert total == rules.deck.size * rules.copies_for(players)
        p = Playout.from_state(st)
        rng = random.Random(seed)
        full = seed % FULL_CHECK_SEEDS == 0
        steps = 0
        where = f"{variant}/{players} seed {seed}"
        while not p.over:
            assert steps < STEP_CAP, f"{where}: no end after {STEP_CAP} steps"
            seat = p.to_move
            # ... unless it must cover the nine it played as its last card (ru-101: it draws to cover it)
            assert (p.hs[seat] > 0 or p.cv) and seat not in p.finished, f"{where} step {steps}: seat {seat} to move holds no cards"
            if p.cv:   # a card to cover is on top, its player to move, nothing else pending
                assert p.k.t.cover[p.pile[-1]] and not p.ak and p.drawn < 0, f"{where} step {steps}: a cover out of place"
            assert p.ak or not p.waiting[seat], f"{where} step {steps}: seat {seat} to move sits out"
            if steps >= SAMPLE_PREFIX and steps % SAMPLE_EVERY and not full:
                # the kernel's own choices (the same draws as rng.randrange) up to the next sample
                steps += p.play_random(rng, SAMPLE_EVERY - steps % SAMPLE_EVERY)
                assert _cards(p) == total, f"{where} step {steps}: cards not conserved"
                continue
            if steps < SAMPLE_PREFIX or steps % SAMPLE_EVERY == 0:
                # the reference on a sample: same options, same state after the same random choice
                st = p.to_state()
                if full:
                    _cross_check(st, house)
                moves = legal_moves(st)
                assert moves, f"{where} step {steps}: no legal option"
                assert p.legal_moves() == moves, f"{where} step {steps}: the kernel lists other moves"
                move = moves[rng.randrange(len(moves))]
                p.apply(move)
                assert p.to_state() == child(st, move), f"{where} step {steps}: the kernel applies it otherwise"
                sampled += 1
            else:
                p.play_random(rng, 1)   # the kernel's own choice: the same draws as rng.randrange
            steps += 1
            assert _cards(p) == total, f"{where} step {steps}: cards not conserved"
        end = p.to_state()
        assert end.over and end.card_count() == total
        assert legal_moves(end) == [] and verdicts(end) == []
        assert position_from_json(position_to_json(end), rules=rules if house else None) == end
    assert sampled >= len(seeds) * SAMPLE_PREFIX // 2
