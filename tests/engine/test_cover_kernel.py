"""Cards to cover (ru-101's nine) and ``[attack] after_penalty``: the playout kernel against the
reference engine, on ru-101 and on house rulesets that use them with several cards a turn, two
decks and pl's attacks — the same differential checks as tests/engine/test_fastplay.py."""
from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from engine.deal import new_game
from engine.fastplay import Playout
from engine.moves import parse_move
from engine.position import position_from_json
from engine.rules import child, legal_moves
from engine.ruleset import load_ruleset, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from tests.engine.test_cases import house_rules
from tests.engine.test_fastplay import _branch_all, case_state, follow_new_game

ROOT = Path(__file__).resolve().parents[2]


def _house(base: str, nine_cover: bool, play_on: bool, house_id: str):
    data = ruleset_to_dict(load_ruleset(base))
    data["id"] = house_id
    if nine_cover:
        data.setdefault("cards", {})["9"] = {"cover": True}
    if play_on:
        data["attack"]["after_penalty"] = "same"
    return ruleset_from_dict(data, house_id)


RULESETS = {
    "ru-101": lambda: load_ruleset("ru-101"),
    "ru-101 plays on": lambda: _house("ru-101", True, True, "ru-101-on"),
    "pl cover nine (several cards)": lambda: _house("pl", True, False, "pl-nine"),
    "pl cover nine, plays on": lambda: _house("pl", True, True, "pl-nine-on"),
    "pl-trad cover nine (two decks)": lambda: _house("pl-trad", True, False, "pl-trad-nine"),
    "da plays on": lambda: _house("da", False, True, "da-on"),
}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_games_step_by_step(name: str) -> None:
    rules = RULESETS[name]()
    covered = 0
    for players in sorted({rules.players[0], 3, min(7, rules.players[1])} & set(range(rules.players[0], rules.players[1] + 1))):
        for seed in range(25):
            p, _ = follow_new_game(rules, players, seed, f"{name}/{players} seed {seed}")
            assert p.over, f"{name}/{players} seed {seed}: no end"
            covered += 1
    assert covered >= 25


def test_cover_states_arise_in_random_games() -> None:
    """The differential games above really pass through covers, empty-hand covers and play-ons."""
    rules = RULESETS["ru-101"]()
    seen = {"cover": 0, "empty": 0}
    for seed in range(40):
        st = new_game(rules, 2, seed)
        rng = random.Random(seed)
        while not st.over:
            moves = legal_moves(st)
            st = child(st, moves[rng.randrange(len(moves))])
            if st.cover:
                seen["cover"] += 1
                seen["empty"] += not st.hands[st.to_move]
    assert seen["cover"] > 100 and seen["empty"] > 0, seen


def _case_file_positions(file: str):
    data = tomllib.loads((ROOT / "tests" / "cases" / file).read_text(encoding="utf-8"))
    rules = house_rules(data.get("house"))
    for case in data["case"]:
        yield case["id"], {**case["position"], "variant": data["variant"]}, case.get("before", []), rules


def kernel_follows_case_file(file: str) -> int:
    """Branches every move of every position of a case file on both engines; the positions used."""
    used = 0
    for cid, position, before, rules in _case_file_positions(file):
        st = case_state(position, before, rules)
        if st is None:
            continue  # a case about a refused position
        _branch_all(st, f"{file}::{cid}", follow=80)
        used += 1
    return used


@pytest.mark.parametrize("file", ["ru-101.toml", "pl-penalty-plays-on.toml"])
def test_case_positions_on_the_kernel(file: str) -> None:
    assert kernel_follows_case_file(file) >= 6


def test_the_coach_rollout_policy_covers_a_nine_with_its_one_covering_card() -> None:
    """Under a nine to cover the legal list has no draw at its end; one covering card is the choice."""
    from engine.coach.rollout import keen_action
    from engine.match import computer_move

    st = position_from_json({"variant": "ru-101", "hands": [["8c", "10h"], 5], "to_move": 0,
                             "pile": ["7h", "9h"], "cover": True, "deck": ["6c", "Js", "Ad"]})
    p = Playout.from_state(st)
    assert [a.move for a in p._actions()] == legal_moves(st) == [parse_move("play 10h", st.rules.deck)]
    assert keen_action(p, random.Random(1)).move == parse_move("play 10h", st.rules.deck)
    for strength in ("beginner", "club", "expert"):
        assert computer_move(st, (strength, "club"), 1, 0) in legal_moves(st), strength
