"""Rounds and matches: every ruleset's end of round and scoring (case table), the score table of a
match, the driver for tables with people, and the command line's play and move commands."""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from engine.cli import main
from engine.deal import new_game
from engine.match import (
    HUMAN,
    Match,
    MatchError,
    RoundScore,
    computer_move,
    play_match,
    play_round,
    quick_round,
    round_scores,
)
from engine.moves import parse_move
from engine.position import parse_position
from engine.rules import apply_move, round_result
from engine.ruleset import load_ruleset

ROOT = Path(__file__).resolve().parents[2]
TABLE = tomllib.loads((ROOT / "tests/cases/scoring/scoring.toml").read_text(encoding="utf-8"))
ROUND_KEYS = {"id", "rule", "position", "move", "over", "places", "scores", "winner", "loser"}
MATCH_KEYS = {"id", "rule", "variant", "planned", "rounds", "totals", "decided", "loser", "leaders"}


def test_the_case_table_has_only_known_keys_and_unique_ids():
    ids = [c["id"] for c in TABLE["round"] + TABLE["match"]]
    assert len(ids) == len(set(ids))
    assert set(TABLE) == {"round", "match"}
    for case in TABLE["round"]:
        assert set(case) <= ROUND_KEYS, case["id"]
    for case in TABLE["match"]:
        assert set(case) <= MATCH_KEYS, case["id"]
    # every end-of-round kind of the rulesets appears
    variants = {json.loads(c["position"])["variant"] for c in TABLE["round"]}
    assert variants == {"pl", "pl-trad", "da", "hu", "cz-prsi", "de-maumau", "ru-101"}


@pytest.mark.parametrize("case", TABLE["round"], ids=lambda c: c["id"])
def test_the_round_ends_and_scores_as_its_ruleset_says(case):
    st = parse_position(case["position"])
    st, events = apply_move(st, parse_move(case["move"], st.rules.deck))
    assert st.over == case.get("over", True)
    if not st.over:
        assert not any(e.kind == "round_over" for e in events)
        return
    result = round_result(st.rules, st.hands, st.finished)
    assert [e.params for e in events if e.kind == "round_over"] == [result]
    assert result["places"] == case["places"]
    assert list(round_scores(st.rules, result)) == case["scores"]
    assert result["winner"] == case["winner"]
    assert result.get("loser") == case.get("loser")


def _fake_round(scores: list[int]) -> RoundScore:
    return RoundScore(0, {"places": list(range(len(scores))), "winner": None}, tuple(scores), 1)


@pytest.mark.parametrize("case", TABLE["match"], ids=lambda c: c["id"])
def test_a_match_adds_up_its_rounds(case):
    rules = load_ruleset(case["variant"])
    players = len(case["rounds"][0])
    match = Match.start(rules, players, "club", case["planned"])
    for scores in case["rounds"]:
        match = match.add(_fake_round(scores))
    assert list(match.totals) == case["totals"]
    assert match.decided == case["decided"]
    assert match.loser == case.get("loser")
    assert match.leaders == case["leaders"]
    if match.decided:
        with pytest.raises(MatchError):
            match.add(_fake_round(case["rounds"][0]))


def test_a_match_before_its_first_round_has_every_seat_leading():
    match = Match.start(load_ruleset("da"), 4, [HUMAN, "club", "club", "beginner"], 3)
    assert match.totals == (0, 0, 0, 0) and match.leaders == [0, 1, 2, 3] and not match.decided
    with pytest.raises(MatchError):
        Match.start(load_ruleset("da"), 4, "club", 0)
    with pytest.raises(MatchError):
        match.add(_fake_round([1, 2, 3]))


def test_a_ru_101_match_stops_when_a_seat_goes_over_101():
    rules = load_ruleset("ru-101")
    match = play_match(rules, 3, "beginner", rounds=200, seed=3)
    assert match.decided and match.loser is not None
    assert len(match.rounds) < 200
    assert match.totals[match.loser] > 101
    before = Match.start(rules, 3, "beginner", 200)
    for r in match.rounds[:-1]:
        before = before.add(r)
    assert before.loser is None and max(before.totals) <= 101


def test_a_match_plays_its_rounds_with_their_own_deals():
    rules = load_ruleset("da")
    match = play_match(rules, 4, ["club", "beginner", "beginner", "beginner"], rounds=5, seed=40)
    assert len(match.rounds) == 5 and match.decided and match.loser is None
    assert [r.seed for r in match.rounds] == [40, 41, 42, 43, 44]
    for r in match.rounds:   # da: only the winner scores, 10 per card the others hold
        assert sum(1 for s in r.scores if s) == 1 and r.scores[r.result["winner"]] == r.result["points"] > 0
    slow = play_match(rules, 4, ["club", "beginner", "beginner", "beginner"], rounds=5, seed=40, fast=False)
    assert slow == match


# ---------------------------------------------------------------------------- one round

@pytest.mark.parametrize("variant", ["pl", "pl-trad", "da", "hu", "cz-prsi", "de-maumau", "ru-101"])
def test_a_round_record_replays_on_the_engine(variant):
    rules = load_ruleset(variant)
    rec = play_round(rules, 3, ["club", "beginner", "club"], seed=11)
    st = new_game(rules, 3, 11)
    for (seat, move), events in zip(rec.moves, rec.events, strict=False):
        assert st.to_move == seat
        st, again = apply_move(st, move)
        assert tuple(again) == events
    assert st == rec.final and st.over
    assert rec.result == round_result(rules, st.hands, st.finished)
    assert rec.scores == round_scores(rules, rec.result)
    assert rec.events[-1][-1].kind == "round_over"
    assert rec.score() == quick_round(rules, 3, ["club", "beginner", "club"], seed=11)
    data = rec.to_json()
    assert data["moves"][0]["move"] and data["scores"] == list(rec.scores)
    json.dumps(data)


def test_no_computer_player_ever_forgets_a_call():
    for variant in ("pl", "hu", "de-maumau"):
        rules = load_ruleset(variant)
        for seed in range(12):
            rec = play_round(rules, 3, ["beginner", "club", "beginner"], seed)
            assert not [e for events in rec.events for e in events if e.kind == "call_penalty"], (variant, seed)


def test_the_driver_plays_the_computer_seats_as_play_round_does():
    rules = load_ruleset("pl")
    seats = ["club", "beginner", "club"]
    rec = play_round(rules, 3, seats, seed=8)
    st = new_game(rules, 3, 8)
    for ply, (_seat, move) in enumerate(rec.moves):
        assert computer_move(st, seats, 8, ply) == move
        st, _ = apply_move(st, move)
    assert computer_move(st, seats, 8, len(rec.moves)) is None   # over


def test_the_driver_waits_for_a_person():
    rules = load_ruleset("da")
    st = new_game(rules, 4, 2)
    seats = [HUMAN, "club", "club", "club"]
    assert st.to_move == 0 and computer_move(st, seats, 2, 0) is None
    st, _ = apply_move(st, parse_move("draw", rules.deck))
    if st.to_move == 0:   # the drawn card may go: still the person's turn
        st, _ = apply_move(st, parse_move("pass", rules.deck))
    move = computer_move(st, seats, 2, 2)
    assert move is not None
    apply_move(st, move)   # legal


def test_play_round_refuses_people_and_bad_seats():
    rules = load_ruleset("da")
    with pytest.raises(MatchError):
        play_round(rules, 4, [HUMAN, "club", "club", "club"], 1)
    with pytest.raises(MatchError):
        play_round(rules, 5, "club", 1)
    with pytest.raises(MatchError):
        play_round(rules, 4, ["club", "club"], 1)
    with pytest.raises(MatchError):
        quick_round(rules, 4, "grandmaster", 1)


# ---------------------------------------------------------------------------- command line

def _run(capsys, *argv: str) -> tuple[int, dict | None, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def test_cli_play_prints_each_round_and_the_totals(capsys):
    code, data, _ = _run(capsys, "play", "--variant", "da", "--players", "4",
                         "--strength", "club,beginner,beginner,beginner", "--rounds", "3", "--seed", "7")
    assert code == 0
    assert data["rounds"] == 3 and len(data["results"]) == 3
    assert data["strengths"] == ["club", "beginner", "beginner", "beginner"]
    for i, r in enumerate(data["results"]):
        assert r["round"] == i + 1 and r["seed"] == 7 + i
        assert len(r["scores"]) == 4 and sorted(r["places"]) == [0, 1, 2, 3]
    totals = data["totals"]
    assert totals["scores"] == [sum(r["scores"][s] for r in data["results"]) for s in range(4)]
    assert totals["better"] == "higher" and totals["decided"] is True
    code, again, _ = _run(capsys, "play", "--variant", "da", "--players", "4",
                          "--strength", "club,beginner,beginner,beginner", "--rounds", "3", "--seed", "7")
    assert again == data


def test_cli_play_one_strength_for_all_seats(capsys):
    code, data, _ = _run(capsys, "play", "--variant", "pl-trad", "--players", "3", "--strength", "club",
                         "--rounds", "2")
    assert code == 0 and data["strengths"] == ["club"] * 3
    for r in data["results"]:
        assert sum(r["scores"]) == 1 and r["scores"][r["loser"]] == 1


def test_cli_move_sees_only_its_seat(capsys, tmp_path):
    full = {"variant": "pl", "hands": [["7h", "Qs", "9c"], ["7c", "8c", "2s"], ["Kh", "Ks", "4d"]],
            "to_move": 0, "pile": ["5h"], "seed": 1}
    hidden = dict(full, hands=[["7h", "Qs", "9c"], 3, 3])
    path = tmp_path / "full.json"
    path.write_text(json.dumps(full), encoding="utf-8")
    code, a, _ = _run(capsys, "move", str(path), "--strength", "club", "--seed", "4")
    assert code == 0 and a == {"move": "play 7h", "strength": "club", "seat": 0}
    path.write_text(json.dumps(hidden), encoding="utf-8")
    for seed in range(5):
        for strength in ("beginner", "club"):
            path.write_text(json.dumps(full), encoding="utf-8")
            _, x, _ = _run(capsys, "move", str(path), "--strength", strength, "--seed", str(seed))
            path.write_text(json.dumps(hidden), encoding="utf-8")
            _, y, _ = _run(capsys, "move", str(path), "--strength", strength, "--seed", str(seed))
            assert x == y


@pytest.mark.parametrize("argv, needle", [
    (["play", "--variant", "xx", "--players", "4", "--strength", "club"], "unknown variant"),
    (["play", "--variant", "da", "--players", "5", "--strength", "club"], "2 to 4 players"),
    (["play", "--variant", "da", "--players", "4", "--strength", "club,club"], "one per seat"),
    (["play", "--variant", "da", "--players", "4", "--strength", "wizard"], "unknown strength"),
    (["play", "--variant", "da", "--players", "4", "--strength", "human"], "unknown strength"),
    (["play", "--variant", "da", "--players", "4", "--strength", "club", "--rounds", "0"], "--rounds"),
    (["play", "--variant", "da", "--players", "four", "--strength", "club"], "invalid int"),
    (["move", "/nonexistent/position.json", "--strength", "club"], "cannot be read"),
    (["move", "-", "--strength", "wizard"], "unknown strength"),
])
def test_cli_bad_input_exits_2_with_one_line(capsys, monkeypatch, argv, needle):
    monkeypatch.setattr(sys, "stdin", __import__("io").StringIO(
        '{"variant": "da", "hands": [["7h"], 3], "to_move": 0, "pile": ["5h"]}'))
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err, err


def test_cli_move_refuses_a_finished_round_and_a_missing_expert(capsys, monkeypatch, tmp_path):
    over = tmp_path / "over.json"
    over.write_text(json.dumps({"variant": "pl", "hands": [[], ["5c", "6c"]], "to_move": 0, "pile": ["7c", "7h"],
                                "deck": ["2c", "3c"], "finished": [0], "over": True}), encoding="utf-8")
    code = main(["move", str(over), "--strength", "club"])
    _, err = capsys.readouterr()
    assert code == 2 and "over" in err and err.count("\n") == 1
    import importlib.util
    if importlib.util.find_spec("engine.coach") is None:
        ok = tmp_path / "ok.json"
        ok.write_text(json.dumps({"variant": "da", "hands": [["7h"], 3], "to_move": 0, "pile": ["5h"]}),
                      encoding="utf-8")
        code = main(["move", str(ok), "--strength", "expert"])
        _, err = capsys.readouterr()
        assert code == 2 and "expert" in err and err.count("\n") == 1


def test_python_m_engine_has_the_commands():
    proc = subprocess.run([sys.executable, "-m", "engine", "play", "--variant", "hu", "--players", "2",
                           "--strength", "club,beginner", "--rounds", "2", "--seed", "1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["rounds"] == 2


def test_the_101_limit_belongs_to_russian_101_and_its_house_copies():
    import dataclasses

    from engine.match import match_limit
    ru = load_ruleset("ru-101")
    assert match_limit(ru) == 101
    assert match_limit(dataclasses.replace(ru, id="ru-101-house")) == 101
    assert match_limit(dataclasses.replace(ru, id="ru-101-house", end_result="winner")) is None
    assert [match_limit(load_ruleset(v)) for v in ("pl", "pl-trad", "da", "hu", "cz-prsi", "de-maumau")] == [None] * 6
