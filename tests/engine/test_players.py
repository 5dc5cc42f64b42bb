"""Computer players: only legal moves in every ruleset and seat count, rounds that end, choices
that depend on the seat's view alone, and the club player's rules (engine/players/club.py, C1–C13)."""
from __future__ import annotations

import json
import random

import pytest

from engine.deal import new_game
from engine.fastplay import Playout
from engine.match import computer_move, play_round, playout_view, quick_round
from engine.moves import format_move
from engine.players import STRENGTHS, PlayerError, choose_move
from engine.players.common import view_moves
from engine.position import parse_position
from engine.rules import legal_moves
from engine.ruleset import load_ruleset, variant_ids
from engine.seat_view import sample_state, stand_in, view_of

# A seeded budget: 40 rounds per ruleset and seat count (100, then 300 before): every seat count is
# kept, and the beginner sits in every seat at least 4 times at up to 10 seats (_seats).
ROUNDS = 40


def test_the_strengths_are_beginner_club_expert():
    assert STRENGTHS == ("beginner", "club", "expert")


def _seats(players: int, i: int) -> list[str]:
    """One beginner among club players, a different seat each round."""
    return ["beginner" if (i + j) % players == 0 else "club" for j in range(players)]


@pytest.mark.parametrize("variant", variant_ids())
def test_computer_players_make_only_legal_moves_and_every_round_ends(variant):
    rules = load_ruleset(variant)
    for players in range(rules.players[0], rules.players[1] + 1):
        for i in range(ROUNDS):
            # quick_round(check=True) raises on a move that is not among the legal ones, and on a
            # round still going after MAX_MOVES moves.
            score = quick_round(rules, players, _seats(players, i), seed=1000 * players + i, check=True)
            assert score.result["places"] and sorted(score.result["places"]) == list(range(players))


@pytest.mark.parametrize("variant", variant_ids())
def test_the_kernel_rounds_are_the_reference_rounds_on_a_sample(variant):
    # play_round judges every move with engine.rules.check (IllegalMoveError otherwise).
    rules = load_ruleset(variant)
    for players in range(rules.players[0], rules.players[1] + 1):
        for i in range(3):
            seats = _seats(players, i + 1)
            rec = play_round(rules, players, seats, seed=77 + i)
            assert rec.score() == quick_round(rules, players, seats, seed=77 + i)


@pytest.mark.parametrize("variant", variant_ids())
def test_a_playout_view_is_the_view_of_its_state(variant):
    rules = load_ruleset(variant)
    players = rules.players[1]
    for seed in range(4):
        p = Playout.new_game(rules, players, seed)
        rng = random.Random(seed)
        while not p.over:
            view = playout_view(p)
            assert view == view_of(p.to_state())
            assert view_moves(view) == legal_moves(stand_in(view)) == p.legal_moves()
            p.apply(choose_move(view, "club" if rng.random() < 0.7 else "beginner", rng))


def _midgame_states(variant: str, count: int):
    rules = load_ruleset(variant)
    players = max(rules.players[0], min(4, rules.players[1]))
    for seed in range(count):
        p = Playout.new_game(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(seed % 23):
            if p.over:
                break
            p.apply(choose_move(playout_view(p), "club", rng))
        if not p.over:
            yield p.to_state()


def _shuffle_hidden(st, rng: random.Random):
    """The same position with the other hands and the deck dealt anew from their own cards."""
    hidden = [c for s, h in enumerate(st.hands) if s != st.to_move for c in h] + list(st.deck)
    rng.shuffle(hidden)
    hands, at = [], 0
    for s, h in enumerate(st.hands):
        if s == st.to_move:
            hands.append(h)
        else:
            hands.append(tuple(sorted(hidden[at:at + len(h)])))
            at += len(h)
    return st.with_(hands=tuple(hands), deck=tuple(hidden[at:]))


@pytest.mark.parametrize("variant", variant_ids())
def test_a_choice_does_not_change_when_the_hidden_cards_do(variant):
    changed = 0
    for st in _midgame_states(variant, 40):
        seats = ["beginner", "club", "beginner", "club"][:st.players]
        seats[st.to_move] = "club" if st.to_move % 2 else "beginner"
        rng = random.Random(st.seed)
        worlds = [_shuffle_hidden(st, rng), sample_state(view_of(st), rng)]
        for strength in ("beginner", "club"):
            seats[st.to_move] = strength
            for seed in range(3):
                move = computer_move(st, seats, seed, 5)
                for world in worlds:
                    changed += world != st
                    assert computer_move(world, seats, seed, 5) == move
    assert changed > 0   # the worlds really hid different cards


def test_the_same_view_and_seed_give_the_same_move_and_seeds_vary_the_beginner():
    st = new_game(load_ruleset("pl"), 4, 5)
    view = view_of(st)
    for strength in ("beginner", "club"):
        assert len({choose_move(view, strength, random.Random(7)) for _ in range(5)}) == 1
    assert len({choose_move(view, "beginner", random.Random(s)) for s in range(40)}) > 1


def test_a_player_is_only_asked_for_its_own_turn_in_a_round_in_play():
    st = new_game(load_ruleset("da"), 3, 1)
    with pytest.raises(PlayerError, match="unknown strength"):
        choose_move(view_of(st), "grandmaster", random.Random(0))
    with pytest.raises(PlayerError, match="turn"):
        choose_move(view_of(st, 1), "club", random.Random(0))
    with pytest.raises(PlayerError, match="over"):
        choose_move(view_of(st.with_(over=True)), "club", random.Random(0))


def test_the_expert_plays_a_legal_move_through_the_coach():
    from engine.rules import legal_moves
    st = new_game(load_ruleset("da"), 3, 1)
    assert choose_move(view_of(st), "expert", random.Random(0)) in legal_moves(st)


# ---------------------------------------------------------------------------- the club player's rules

def _club(position: dict, seeds=range(6)) -> set[str]:
    st = parse_position(json.dumps(position))
    return {format_move(choose_move(view_of(st), "club", random.Random(s)), st.rules.deck) for s in seeds}


def test_club_c1_defends_before_drawing():
    assert _club({"variant": "pl", "hands": [["2c", "9d", "Qs"], 5, 5], "to_move": 0,
                  "pile": ["5h", "2h"], "attack": {"draw": 2}}) == {"play 2c"}
    assert _club({"variant": "da", "hands": [["4c", "9d"], 5, 5], "to_move": 0,
                  "pile": ["5h", "4h"], "attack": {"skip": 1}}) == {"play 4c"}


def test_club_c2_c3_keeps_the_queen_but_plays_it_rather_than_draw():
    assert _club({"variant": "da", "hands": [["Qs", "7h"], 5, 5], "to_move": 0, "pile": ["5h"]}) == {"play 7h"}
    assert _club({"variant": "da", "hands": [["Qs", "9d"], 5, 5], "to_move": 0, "pile": ["5h"]}) == {"play Qs"}


def test_club_c4_attacks_a_player_with_one_or_two_cards_and_c13_keeps_attacks_otherwise():
    short = {"variant": "da", "hands": [["2h", "9h", "5c", "6c"], 1, 5], "to_move": 0, "pile": ["7h"]}
    assert _club(short) == {"play 2h"}
    assert _club(dict(short, hands=[["2h", "9h", "5c", "6c"], 2, 5])) == {"play 2h"}
    assert _club(dict(short, hands=[["2h", "9h", "5c", "6c"], 5, 5])) == {"play 9h"}


def test_club_c4_hits_the_previous_player_with_the_king_of_spades_when_it_is_short():
    # da: K♠ makes the previous seat draw 5; the next seat holds 5 cards, the previous one 1.
    assert _club({"variant": "da", "hands": [["Ks", "9s", "5c"], 5, 1], "to_move": 0, "pile": ["7s"]}) == {"play Ks"}


def test_club_c5_turns_an_ace_to_the_suit_it_holds_most():
    assert _club({"variant": "da", "hands": [["Ah", "5s", "7s", "9s", "6d"], 5, 5], "to_move": 0,
                  "pile": ["8h"]}) == {"play Ah suit s"}
    # hu: the felső wishes a suit (one card a turn)
    assert _club({"variant": "hu", "hands": [["Oh", "7b", "8b", "Ka"], 5, 5], "to_move": 0,
                  "pile": ["9h"]}) == {"play Oh suit b"}


def test_club_c6_wishes_the_rank_it_holds_most_or_nothing():
    assert _club({"variant": "da", "hands": [["Jh", "6c", "6d", "9s"], 5, 5], "to_move": 0,
                  "pile": ["10h"]}) == {"play Jh demand 6"}
    assert _club({"variant": "da", "hands": [["Jh", "Kc", "2s"], 5, 5], "to_move": 0,
                  "pile": ["10h"]}) == {"play Jh demand none"}


def test_club_c7_c8_sheds_a_rank_together_ending_on_the_suit_it_keeps():
    assert _club({"variant": "da", "hands": [["7c", "7d", "7s", "Ks"], 5, 5], "to_move": 0,
                  "pile": ["7h"]}) <= {"play 7c 7d 7s", "play 7d 7c 7s"}


def test_club_c9_leaves_a_suit_the_others_cannot_hold_when_the_next_seat_is_short():
    pile = ["2c", "3c", "4c", "5c", "6c", "7c", "9c", "10c", "Jc", "Qc", "Kc", "Ac", "8s"]
    assert _club({"variant": "da", "hands": [["8c", "8h", "5d"], 1, 5], "to_move": 0, "pile": pile}) \
        == {"play 8h 8c"}


def test_club_c10_and_the_beginner_always_call_makao():
    position = {"variant": "pl", "hands": [["7c", "9s"], 5, 5], "to_move": 0, "pile": ["7h"]}
    assert _club(position) == {"play 7c makao"}
    st = parse_position(json.dumps(position))
    seen = {format_move(choose_move(view_of(st), "beginner", random.Random(s)), st.rules.deck) for s in range(30)}
    assert seen == {"play 7c makao", "draw"}


def test_the_beginner_picks_what_to_do_before_the_wish():
    # A jack with 7 wishes and a seven with none: the beginner plays each about as often.
    st = parse_position(json.dumps({"variant": "pl", "hands": [["Jh", "7h", "Kc", "Kd"], 5, 5], "to_move": 0,
                                    "pile": ["5h"]}))
    picks = [choose_move(view_of(st), "beginner", random.Random(s)) for s in range(600)]
    jacks = sum(1 for m in picks if m.cards[:1] == (st.rules.deck.parse("Jh"),))
    sevens = sum(1 for m in picks if m.cards[:1] == (st.rules.deck.parse("7h"),))
    draws = sum(1 for m in picks if m.kind == "draw")
    assert jacks + sevens + draws == 600
    assert 150 < jacks < 250 and 150 < sevens < 250 and 150 < draws < 250
