"""Bad input gets a clear error, never a traceback: notation, positions, share codes, the CLI."""
from __future__ import annotations

import base64
import contextlib
import json
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import FRENCH, HUNGARIAN
from engine.errors import EngineError, NotationError, PositionError, RulesetError
from engine.moves import format_move, parse_move
from engine.position import decode_share_code, encode_share_code, parse_position, position_from_json
from engine.ruleset import load_ruleset, load_ruleset_text

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"variant": "pl", "hands": [["7h", "Kc"], ["2h"]], "to_move": 0, "pile": ["7s"]}


def problems_of(data) -> list[str]:
    with pytest.raises(PositionError) as err:
        position_from_json(data)
    return [str(p) for p in err.value.problems]


def test_card_notation_round_trips_for_every_card_of_both_decks() -> None:
    for deck in (FRENCH, HUNGARIAN):
        for card in deck.all_cards():
            assert deck.parse(deck.name(card)) == card
            assert deck.parse(deck.name(card).lower()) == card
    assert FRENCH.parse("Th") == FRENCH.parse("10h")


@pytest.mark.parametrize("text", ["1h", "11h", "Kx", "K", "", "10", "Zz", "Ub", "hK"])
def test_a_card_not_in_the_french_deck_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        FRENCH.parse(text)


def test_hungarian_deck_has_no_twos_and_no_french_suits() -> None:
    for text in ("2h", "Jh", "7c", "Qs"):
        with pytest.raises(NotationError):
            HUNGARIAN.parse(text)


@pytest.mark.parametrize("text", [
    "play 7h Kc demand 8 suit h makao", "draw", "wait", "pass", "play Jc demand none", "play As suit none",
    "play 10h 10c", "play 5d kakao",
])
def test_move_notation_round_trips(text: str) -> None:
    move = parse_move(text, FRENCH)
    assert format_move(move, FRENCH) == text
    assert parse_move(format_move(move, FRENCH), FRENCH) == move


@pytest.mark.parametrize("text,needle", [
    ("", "empty"), ("jump 7h", "unknown move"), ("play", "at least one card"), ("play 7x", "7x"),
    ("draw 7h", "nothing after"), ("play Jc demand", "needs a value"), ("play Jc demand Z", "'Z'"),
    ("play As suit q", "'q'"), ("play 7h makao 8h", "before"), ("play Jc demand 5 demand 6", "twice"),
])
def test_malformed_moves_name_the_bad_token(text: str, needle: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_move(text, FRENCH)
    assert needle in str(err.value)


def test_unknown_variant_is_named() -> None:
    problems = problems_of({**GOOD, "variant": "xx"})
    assert any("unknown variant 'xx'" in p for p in problems)


def test_a_duplicate_card_is_named() -> None:
    problems = problems_of({**GOOD, "hands": [["7h", "Kc"], ["7h"]]})
    assert any("7h appears twice" in p for p in problems)


def test_two_decks_allow_a_card_twice_in_pl_trad_with_six_seats() -> None:
    data = {"variant": "pl-trad", "hands": [["7h"], ["7h"], 1, 1, 1, 1], "to_move": 0, "pile": ["7s"]}
    with pytest.raises(PositionError):
        position_from_json({**data, "hands": [["7h"], ["7h"], ["5c"]], "pile": ["7s"]})
    assert position_from_json(data).hands[1] == position_from_json(data).hands[0]


def test_the_validator_lists_every_problem_at_once() -> None:
    data = {"variant": "pl", "hands": [["7h", "Zq"], ["7h"], 3], "to_move": 7, "pile": [],
            "attack": {"draw": -1}, "wish": {"rank": "Q", "by": 9}, "colour": 1}
    problems = problems_of(data)
    text = "\n".join(problems)
    for needle in ("hands[0][1]", "to_move", "at least one card", "attack", "wish.by", "unknown field 'colour'"):
        assert needle in text, (needle, problems)
    assert len(problems) >= 6


@pytest.mark.parametrize("change,needle", [
    ({"to_move": 2}, "not a seat"), ({"to_move": -1}, "not a seat"), ({"to_move": "0"}, "not a seat"),
    ({"hands": "7h"}, "hands must be a list"), ({"pile": "7s"}, "pile must be a list"),
    ({"attack": {"skip": 1}, "pile": ["4s"], "variant": "hu"}, "Hungarian"),
    ({"wish": {"rank": "Q", "by": 0}}, "does not allow wishing Q"),
    ({"attack": {"draw": 2}}, "does not make a draw attack"),
    ({"finished": [1]}, "still holds cards"), ({"waiting": [0]}, "one number per seat"),
    ({"hands": [["7h"]]}, "2 to 4 players"), ({"deck": 60}, "more cards than the deck has"),
    ({"drawn": "Kc"}, None), ({"drawn": "9c"}, "not in the hand"),
])
def test_impossible_positions_say_what_is_wrong(change: dict, needle: str | None) -> None:
    data = {**GOOD, **change}
    if needle is None:
        position_from_json(data)
        return
    if needle == "Hungarian":  # pl cards in a Hungarian position
        assert any("hungarian deck" in p for p in problems_of(data))
        return
    assert any(needle in p for p in problems_of(data)), problems_of(data)


def test_malformed_json_is_a_notation_error() -> None:
    for text in ("{", "[1,2", "", "nul", '{"variant": "pl",}'):
        with pytest.raises(NotationError):
            parse_position(text)
    with pytest.raises(PositionError):
        parse_position("[1, 2]")


def test_share_code_round_trips_and_matches_the_documented_recipe() -> None:
    st = position_from_json(GOOD)
    code = encode_share_code(st)
    assert "=" not in code
    assert position_from_json(decode_share_code(code)) == st
    padded = code + "=" * (-len(code) % 4)
    assert decode_share_code(padded) == decode_share_code(code)
    documented = base64.urlsafe_b64encode(zlib.compress(json.dumps(GOOD, separators=(",", ":")).encode(), 9)).rstrip(b"=")
    assert decode_share_code(documented.decode()) == GOOD


@pytest.mark.parametrize("code,needle", [
    ("", "empty"), ("!!!", "base64"), ("aGVsbG8", "decompress"), ("A" * 70000, "too long"),
    (base64.urlsafe_b64encode(zlib.compress(b"[1,2]", 9)).decode(), "position object"),
    (base64.urlsafe_b64encode(zlib.compress(b"not json", 9)).decode(), "position JSON"),
    (base64.urlsafe_b64encode(zlib.compress(b" " * 10_000_000, 9)).decode(), "64 KiB"),
])
def test_bad_share_codes_are_rejected_clearly(code: str, needle: str) -> None:
    with pytest.raises(NotationError) as err:
        decode_share_code(code)
    assert needle in str(err.value)


def test_a_ruleset_with_an_unknown_field_names_file_and_field() -> None:
    text = (ROOT / "engine" / "rulesets" / "pl.toml").read_text(encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset_text(text.replace("[cards.2]\ndraw = 2", "[cards.2]\ndraw = 2\nexplode = true"), "house.toml")
    assert "house.toml" in str(err.value) and "cards.2.explode" in str(err.value)
    with pytest.raises(RulesetError) as err:
        load_ruleset_text(text.replace('condition = "match"', 'condition = "sometimes"', 1), "house.toml")
    assert "defence[0].condition" in str(err.value)
    with pytest.raises(RulesetError) as err:
        load_ruleset_text(text.replace('deck = "french"', 'deck = "tarot"'), "house.toml")
    assert "'deck'" in str(err.value)
    with pytest.raises(RulesetError):
        load_ruleset("no-such-variant")


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("args,stdin,needle", [
    (("new", "--variant", "xx", "--players", "3"), "", "unknown variant"),
    (("new", "--variant", "pl", "--players", "9"), "", "2 to 4 players"),
    (("explain", "-"), "{not json", "not valid JSON"),
    (("explain", "-"), json.dumps({**GOOD, "to_move": 5}), "to_move"),
    (("explain", "-", "--move", "play 7x"), json.dumps(GOOD), "--move"),
    (("explain", "/no/such/file.json"), "", "cannot be read"),
    (("explain", "-", "--lang", "fr"), json.dumps(GOOD), "--lang"),
    (("frobnicate",), "", "invalid choice"),
    (("selfplay", "--variant", "hu", "--players", "7", "--games", "1"), "", "2 to 5 players"),
])
def test_the_cli_answers_bad_input_with_one_line_and_status_2(args, stdin, needle) -> None:
    result = run_cli(*args, stdin=stdin)
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert needle in result.stderr
    assert result.stdout == ""


def test_the_cli_explains_an_illegal_move_with_status_0() -> None:
    pos = {"variant": "pl", "hands": [["3c", "9d"], ["5h"]], "to_move": 0, "pile": ["2h"], "attack": {"draw": 2}}
    result = run_cli("explain", "-", "--move", "play 3c", stdin=json.dumps(pos))
    assert result.returncode == 0
    out = json.loads(result.stdout)
    assert out["legal"] is False and "position" not in out
    assert "match" in out["why"] and "3♣" in out["why"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_move_parser_never_crashes(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_move(text, FRENCH)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.text(max_size=4)
    | st.sampled_from(["7h", "Kc", "2h", "Qs", "pl", "hu", "da", "pl-trad", "draw", "skip", "rank", "Ua"]),
    lambda children: st.lists(children, max_size=6) | st.dictionaries(
        st.sampled_from(["variant", "hands", "to_move", "pile", "deck", "attack", "wish", "waiting", "drawn",
                         "finished", "over", "seed", "format", "draw", "skip", "rank", "suit", "by", "card"]),
        children, max_size=8),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_position_reader_never_crashes(data) -> None:
    with contextlib.suppress(EngineError):
        position_from_json(data)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["to_move", "pile", "hands", "attack", "wish", "waiting", "deck", "seed"]),
                       json_values, max_size=4))
def test_a_good_position_with_random_fields_never_crashes(change) -> None:
    with contextlib.suppress(EngineError):
        position_from_json({**GOOD, **change})


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80) | st.binary(max_size=80).map(lambda b: base64.urlsafe_b64encode(b).decode()))
def test_share_code_decoder_never_crashes(code: str) -> None:
    with contextlib.suppress(NotationError):
        decode_share_code(code)


def test_an_empty_hand_must_belong_to_a_finished_seat() -> None:
    problems = problems_of({**GOOD, "hands": [["7h", "Kc"], []]})
    assert any("seat 1 holds no cards" in p for p in problems)
    position_from_json({**GOOD, "variant": "pl-trad", "hands": [["7h", "Kc"], [], ["2h"]], "finished": [1]})
