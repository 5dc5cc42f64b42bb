"""Runs of one suit (``[play] runs``): the playout kernel against the reference engine on house
rulesets that allow them — with pl's attacks and wishes, one card a turn (de-maumau), two decks
(pl-trad with many seats), the reversing 9 and ru-101's nine to cover — with the differential
checks of tests/engine/test_fastplay.py; and the states the games pass through really hold runs."""
from __future__ import annotations

import random

import pytest

from engine.deal import new_game
from engine.rules import child, legal_moves
from engine.state import tables_for
from engine.transitions import is_run
from tests.engine.test_cases import house_rules
from tests.engine.test_fastplay import _branch_all, follow_new_game


def _runs(base: str, length: int, **tables: object):
    return house_rules({"base": base, "id": f"{base}-runs{length}", "play": {"runs": length}, **tables})


RULESETS = {
    "pl runs 3": lambda: _runs("pl", 3),
    "pl runs 2": lambda: _runs("pl", 2),
    "pl-trad runs 3 (two decks at 6+ seats)": lambda: _runs("pl-trad", 3),
    "da runs 3": lambda: _runs("da", 3),
    "hu runs 3": lambda: _runs("hu", 3),
    "de-maumau runs 3 (one card a turn otherwise)": lambda: _runs("de-maumau", 3),
    "de-maumau-9 runs 2 (reversing 9)": lambda: _runs("de-maumau-9", 2),
    "ru-101 runs 3 (nine to cover)": lambda: _runs("ru-101", 3),
}


def _seat_counts(rules) -> list[int]:
    low, high = rules.players
    return sorted({low, 3, min(7, high)} & set(range(low, high + 1)))


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_games_step_by_step(name: str) -> None:
    rules = RULESETS[name]()
    for players in _seat_counts(rules):
        for seed in range(12):
            p, _ = follow_new_game(rules, players, seed, f"{name}/{players} seed {seed}")
            assert p.over, f"{name}/{players} seed {seed}: no end"


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_move_applied_on_both_along_a_game(name: str) -> None:
    rules = RULESETS[name]()
    st = new_game(rules, 3 if rules.players[0] <= 3 <= rules.players[1] else rules.players[0], 7)
    rng = random.Random(7)
    step = 0
    while not st.over and step < 60:
        _branch_all(st, f"{name} step {step}", follow=20)
        moves = legal_moves(st)
        st = child(st, moves[rng.randrange(len(moves))])
        step += 1


def test_runs_are_played_in_the_random_games() -> None:
    """The differential games above really offer and play runs (else they would prove nothing)."""
    rules = RULESETS["pl runs 3"]()
    t = tables_for(rules)
    offered = played = 0
    for seed in range(20):
        st = new_game(rules, 3, seed)
        rng = random.Random(seed)
        while not st.over:
            moves = legal_moves(st)
            runs = [m for m in moves if m.kind == "play" and is_run(t, m.cards)]
            offered += bool(runs)
            move = runs[0] if runs and rng.random() < 0.5 else moves[rng.randrange(len(moves))]
            played += move in runs
            st = child(st, move)
    assert offered > 30 and played > 15, (offered, played)


def test_shipped_rulesets_offer_no_runs() -> None:
    """Runs are off in every shipped ruleset: no legal move of a random game is a run."""
    from engine.ruleset import load_ruleset, variant_ids

    for variant in variant_ids():
        rules = load_ruleset(variant)
        assert rules.runs == 0, variant
        t = tables_for(rules)
        st = new_game(rules, rules.players[0], 3)
        rng = random.Random(3)
        while not st.over:
            moves = legal_moves(st)
            assert not any(m.kind == "play" and is_run(t, m.cards) for m in moves), variant
            st = child(st, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("name", ["pl runs 3", "de-maumau runs 3 (one card a turn otherwise)", "ru-101 runs 3 (nine to cover)"])
def test_random_games_with_runs_keep_every_invariant(name: str) -> None:
    """tests/engine/test_random_games.py's invariants (every round ends, cards conserved, verdicts
    agree with the legal list and with applying each move) over house rulesets with runs on."""
    from tests.engine.test_random_games import play_random_games

    rules = RULESETS[name]()
    for players in _seat_counts(rules):
        play_random_games(rules, players, range(30), house=True)


def test_the_club_player_plays_a_run_of_one_suit() -> None:
    """The club player weighs runs with the other plays (C7: every card shed counts): holding
    5♥ 6♥ 7♥ 8♥ on a heart, it sheds the four at once."""
    from engine.players import choose_move
    from engine.position import position_from_json
    from engine.seat_view import view_of

    rules = RULESETS["pl runs 3"]()
    st = position_from_json({"variant": rules.id, "hands": [["5h", "6h", "7h", "8h", "Kc", "9s"], 6, 6],
                             "to_move": 0, "pile": ["9h"]}, rules=rules)
    move = choose_move(view_of(st, 0), "club", random.Random(1))
    assert move.kind == "play" and len(move.cards) == 4 and is_run(tables_for(rules), move.cards), move


def test_every_computer_player_makes_only_legal_moves_with_runs_on() -> None:
    from engine.players import STRENGTHS, choose_move
    from engine.seat_view import view_of

    rules = RULESETS["pl runs 3"]()
    t = tables_for(rules)
    runs = 0
    for strength in STRENGTHS:
        for seed in range(4 if strength != "expert" else 1):
            st = new_game(rules, 3, seed)
            rng = random.Random(seed)
            steps = 0
            while not st.over and steps < 400:
                move = choose_move(view_of(st, st.to_move), strength, rng)
                assert move in legal_moves(st), (strength, move)
                runs += move.kind == "play" and is_run(t, move.cards)
                st = child(st, move)
                steps += 1
    assert runs > 0


def test_switching_tables_witnesses_the_runs_field() -> None:
    """Home pl, table pl with runs of three: the witness search finds a run refused at home
    (runs_not_allowed) and legal at the table, explained by play.runs alone."""
    from engine.ruleset import load_ruleset
    from engine.witness import find_witnesses

    report = find_witnesses(load_ruleset("pl"), RULESETS["pl runs 3"](), rounds=4, step_cap=150)
    assert [f.key for f in report.fields] == ["play.runs"] and not report.unwitnessed
    witness = report.witnesses_of("play.runs")[0]
    assert witness.fields == ("play.runs",)
    assert not witness.home.legal and witness.home.reasons[0].code == "runs_not_allowed" and witness.table.legal
