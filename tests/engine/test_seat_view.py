"""A seat's view shows only what that seat may see; sampled worlds agree with it."""
import random

import pytest

from engine.deal import new_game
from engine.fastplay import Playout
from engine.ruleset import load_ruleset, variant_ids
from engine.seat_view import sample_state, view_of


def _midgame(variant: str, players: int, seed: int, steps: int = 12):
    p = Playout.new_game(load_ruleset(variant), players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if p.over:
            break
        moves = p.legal_moves()
        p.apply(moves[rng.randrange(len(moves))])
    return p.to_state()


@pytest.mark.parametrize("variant", variant_ids())
def test_sampled_world_agrees_with_the_view_and_conserves_cards(variant):
    rules = load_ruleset(variant)
    players = max(rules.players[0], min(4, rules.players[1]))
    for seed in range(20):
        st = _midgame(variant, players, seed)
        view = view_of(st)
        world = sample_state(view, random.Random(seed))
        assert view_of(world) == view
        assert world.card_count() == st.card_count()
        assert sorted([*world.deck, *(c for s, h in enumerate(world.hands) if s != st.to_move for c in h)]) == \
            sorted([*st.deck, *(c for s, h in enumerate(st.hands) if s != st.to_move for c in h)])


def test_the_view_does_not_change_when_hidden_cards_move():
    st = new_game(load_ruleset("pl"), 4, seed=3)
    hidden = [c for s, h in enumerate(st.hands) if s != 0 for c in h] + list(st.deck)
    random.Random(1).shuffle(hidden)
    hands = [st.hands[0]]
    at = 0
    for s in range(1, 4):
        n = len(st.hands[s])
        hands.append(tuple(sorted(hidden[at:at + n])))
        at += n
    other = st.with_(hands=tuple(hands), deck=tuple(hidden[at:]))
    assert other != st
    assert view_of(other, 0) == view_of(st, 0)
    assert view_of(other, 1) != view_of(st, 1)


def test_the_drawn_card_is_seen_only_by_its_drawer():
    st = new_game(load_ruleset("da"), 3, seed=2).with_(drawn=5)
    assert view_of(st, 0).drawn == 5
    assert view_of(st, 1).drawn is None


def test_legal_moves_from_a_stand_in_are_the_true_ones():
    from engine.rules import legal_moves
    from engine.seat_view import stand_in
    for variant in ("pl", "pl-trad", "da", "hu"):
        for seed in range(10):
            st = _midgame(variant, 3, seed, steps=seed)
            if not st.over:
                assert legal_moves(stand_in(view_of(st))) == legal_moves(st)
