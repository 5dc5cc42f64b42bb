"""The guarded way in: every reproduction of the reliability review (D1–D5) is refused cleanly,
every code format detects a cut end, and ruleset fields keep the ranges of one table."""
from __future__ import annotations

import base64
import dataclasses
import json
import subprocess
import sys
import time
import tomllib
import typing
import zlib
from pathlib import Path

import pytest

from engine import guard
from engine.deal import new_game
from engine.drills import load_drills
from engine.errors import NotationError, RulesetError
from engine.moves import Move
from engine.packing import PackError, unpack_json
from engine.position import decode_share_code, encode_share_code, parse_position, position_from_json
from engine.ruleset import Call, CardRule, Ruleset, load_ruleset, load_ruleset_text, ruleset_from_dict, variant_ids
from engine.ruleset_bounds import check_bounds, range_of, schema_markdown, with_schema_table
from engine.ruleset_toml import ruleset_to_dict, ruleset_to_toml
from engine.scenario import load_scenarios
from ui.compare.table import card_label
from ui.learn.progress import ProgressCodeError as LearnCodeError
from ui.learn.progress import progress_code, read_progress_code
from ui.practice.score import Progress, ProgressCodeError, decode_progress, encode_progress, record
from ui.present.i18n import translator
from ui.sandbox.model import read_share_code
from ui.shell import house_rules
from ui.shell.quiz_link import QuizCodeError, decode_quiz, encode_quiz

ROOT = Path(__file__).resolve().parents[2]
PL_TOML = (ROOT / "engine" / "rulesets" / "pl.toml").read_text(encoding="utf-8")
GOOD = {"variant": "pl", "hands": [["7h", "Kc"], ["2h"]], "to_move": 0, "pile": ["7s"]}
DRILLS = load_drills()
NINES = "9" * 5000


def raw_code(raw: bytes, prefix: str = "") -> str:
    """Packs raw bytes the way the review did: zlib level 9, base64url without padding."""
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


def quiz_code() -> str:
    drill = next(d for d in DRILLS if d.variant == "pl")
    return encode_quiz("pl", [drill.id])


def practice_code() -> str:
    progress = record(record(Progress(), "pl", "jack", True), "pl", "queen", False)
    return encode_progress(progress)


# ------------------------------------------------------------------ D1: 5,000-digit integers

D1_SHARE = raw_code(b'{"variant":"pl","hands":[3,3],"to_move":0,"pile":["5h"],"seed":' + NINES.encode() + b'}')


def test_d1_the_reviews_share_code_is_refused_naming_the_long_number() -> None:
    assert len(D1_SHARE) == 119                          # the review's "119-char code"
    with pytest.raises(guard.InputError) as caught:
        decode_share_code(D1_SHARE)
    assert caught.value.code == "number_too_long" and caught.value.kind == "not_json"
    assert str(caught.value) == "the share code holds a number of more than 100 digits"


def test_d1_the_sandbox_link_reader_answers_unreadable_instead_of_raising() -> None:
    assert read_share_code(D1_SHARE).error == "unreadable"


def test_d1_the_quiz_code_with_a_5000_digit_variant_is_a_quiz_code_error() -> None:
    code = raw_code(b'{"v":' + NINES.encode() + b',"d":["x"]}', "Q1.")
    with pytest.raises(QuizCodeError) as caught:
        decode_quiz(code, DRILLS)
    assert caught.value.code == "unreadable"                  # whole, not damaged (reliability N5)
    assert caught.value.refusal == ("number_too_long", {"limit": 100})


def test_d1_the_practice_progress_code_with_a_5000_digit_count_is_a_progress_code_error() -> None:
    code = raw_code(b'{"s":[' + NINES.encode() + b',0],"t":{}}', "MP1.")
    with pytest.raises(ProgressCodeError) as caught:
        decode_progress(code)
    assert caught.value.code == "corrupt"


def test_d1_position_json_text_with_a_5000_digit_seed_is_a_notation_error() -> None:
    text = json.dumps({**GOOD, "seed": 1})[:-1].replace('"seed": 1', '"seed": ' + NINES) + "}"
    with pytest.raises(guard.InputError) as caught:
        parse_position(text)
    assert caught.value.code == "number_too_long"


def test_d1_the_cli_answers_the_reviews_stdin_with_status_2_and_one_line() -> None:
    text = f'{{"variant":"pl","hands":[3,3],"to_move":0,"pile":["5h"],"seed":{NINES}}}'
    result = subprocess.run([sys.executable, "-m", "engine", "explain", "-"], input=text, capture_output=True,
                            text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == ["error: position: the position holds a number of more than 100 digits"]


def test_a_seed_of_100_digits_still_reads() -> None:
    big = int("9" * 100)
    assert parse_position(json.dumps({**GOOD, "seed": big})).seed == big


# ------------------------------------------------------------ D2: nested tables, long numbers

def nested_tables(levels: int) -> str:
    return "x = " + "{a=" * levels + "1" + "}" * levels + "\n"


def test_d2_a_ruleset_with_400_nested_tables_is_a_ruleset_error() -> None:
    text = nested_tables(400) + PL_TOML
    assert nested_tables(400).count("{") == 400 and len(text.encode()) < 8_000   # the review's file: 4.5 KB
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "house.toml")
    assert caught.value.code == "too_deep"
    assert str(caught.value).startswith("house.toml: ")


def test_d2_nesting_that_tomllib_reads_is_refused_by_the_table_naming_the_field() -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(nested_tables(6) + PL_TOML, "house.toml")
    assert caught.value.code == "field_too_deep" and caught.value.params["field"] == "x.a.a.a.a"


def test_d2_a_5000_digit_hand_size_is_a_ruleset_error() -> None:
    text = PL_TOML.replace("hand_size = 5", "hand_size = " + NINES)
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "house.toml")
    assert caught.value.code == "number_too_long"
    assert str(caught.value) == "house.toml: the file holds a number of more than 4300 digits"


def test_d2_a_hex_number_beyond_python_s_digit_limit_never_reaches_a_message_whole() -> None:
    text = PL_TOML.replace('forbidden = [', 'forbidden = [0x' + "f" * 6000 + ", ")
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "house.toml")
    assert caught.value.code == "out_of_range" and "digits" in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize("text", [nested_tables(400) + PL_TOML, PL_TOML.replace("hand_size = 5", "hand_size = " + NINES)])
def test_d2_the_compare_page_upload_keeps_the_house_rules_and_says_why(text: str) -> None:
    state: dict = {}
    house_rules.start_from_preset("pl", state)
    before = house_rules.house_ruleset(state)
    assert house_rules.use_upload("house.toml", text.encode(), state) is False
    assert house_rules.house_ruleset(state) is before
    error = house_rules.house_error(state)
    assert error["file"] == "house.toml" and error["code"] in ("too_deep", "number_too_long")


# ------------------------------------------------------------------------ D3: deck copies

def test_d3_a_billion_decks_are_refused_naming_field_and_range() -> None:
    text = PL_TOML.replace("hand_size = 5", "hand_size = 5\ndeck_copies = [[2, 1000000000]]")
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "house.toml")
    assert str(caught.value) == "house.toml: field 'deck_copies[0][1]' must be between 1 and 4, not 1000000000"
    assert caught.value.code == "out_of_range"
    assert caught.value.params == {
        "field": "deck_copies[0][1]", "low": 1, "high": 4, "value": "1000000000",
        "value_kind": "number", "value_text": "1000000000", "value_digits": 0,
    }


@pytest.mark.parametrize("copies", [5, 20_000, 100_000])
def test_d3_more_than_four_decks_are_refused(copies: int) -> None:
    text = PL_TOML.replace("hand_size = 5", f"hand_size = 5\ndeck_copies = [[2, {copies}]]")
    with pytest.raises(RulesetError, match=r"deck_copies\[0\]\[1\]' must be between 1 and 4"):
        load_ruleset_text(text, "house.toml")


def test_d3_four_decks_are_accepted_and_deal() -> None:
    rules = load_ruleset_text(PL_TOML.replace("hand_size = 5", "hand_size = 5\ndeck_copies = [[2, 4]]"))
    st = new_game(rules, 2, 0)
    assert len(st.deck) + sum(len(h) for h in st.hands) + len(st.pile) == 4 * 52


# ----------------------------------------------------- D4: uploads stay within the form's bounds

@pytest.mark.parametrize("old,new,field,range_text", [
    ("draw = 2", "draw = 1000000000000000000", "cards.2.draw", "between 0 and 10, not 1000000000000000000"),
    ("skip = 1", "skip = 1000000000", "cards.4.skip", "between 0 and 5, not 1000000000"),
    ("penalty = 5", "penalty = 1000000000", "calls.makao.penalty", "between 0 and 10, not 1000000000"),
    ('name = "', 'name = "' + "n" * 60_000, "name", "1 to 80 characters long, not 60012"),
])
def test_d4_an_upload_outside_the_forms_bounds_is_refused_naming_field_and_range(old, new, field, range_text) -> None:
    assert old in PL_TOML
    started = time.perf_counter()
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(PL_TOML.replace(old, new, 1), "house.toml")
    assert time.perf_counter() - started < 1.0           # not the 27 s render of a 60,000-character name
    assert str(caught.value) == f"house.toml: field '{field}' must be {range_text}"
    assert caught.value.params["field"] == field


def test_d4_the_review_s_60000_character_name_upload_leaves_the_house_rules_unchanged() -> None:
    state: dict = {}
    text = PL_TOML.replace('name = "', 'name = "' + "n" * 60_000, 1)
    assert house_rules.use_upload("long.toml", text.encode(), state) is False
    assert house_rules.house_ruleset(state) is None
    error = house_rules.house_error(state)
    assert error["code"] == "text_length" and error["params"]["field"] == "name" and error["params"]["length"] > 60_000


# ----------------------------------------------------------- D5: a code cut short is refused

def test_d5_the_review_s_share_code_without_its_last_six_characters_is_refused() -> None:
    code = encode_share_code(position_from_json(GOOD))
    with pytest.raises(guard.InputError) as caught:
        decode_share_code(code[:-6])
    assert caught.value.code == "truncated"
    assert str(caught.value) == "the share code is cut short: its end is missing (copy the whole code or link)"
    assert read_share_code(code[:-6]).error == "unreadable"


def every_cut(code: str, prefix: str = "") -> list[str]:
    return [code[:end] for end in range(len(prefix) + 1, len(code))]


def test_d5_a_share_code_cut_anywhere_is_refused() -> None:
    code = encode_share_code({**GOOD, "hands": [["7h", "Kc", "Qd", "9s"], 3]})
    for cut in every_cut(code):
        with pytest.raises(guard.InputError) as caught:
            decode_share_code(cut)
        assert caught.value.code in ("truncated", "corrupt"), (len(cut), caught.value.code)
    assert decode_share_code(code)["hands"][1] == 3


def test_d5_the_quiz_and_practice_codes_cut_anywhere_are_refused() -> None:
    quiz, practice = quiz_code(), practice_code()
    for cut in every_cut(quiz, "Q1."):
        with pytest.raises(QuizCodeError):
            decode_quiz(cut, DRILLS)
    for cut in every_cut(practice, "MP1."):
        with pytest.raises(ProgressCodeError):
            decode_progress(cut)
    assert decode_quiz(quiz, DRILLS)[0] == "pl"
    assert decode_progress(practice).attempts == 2


def test_d5_the_learn_progress_code_cut_anywhere_is_refused_by_its_own_checksum() -> None:
    lessons = load_scenarios()
    stars = {lesson.id: 3 for lesson in lessons[:5]}
    code = progress_code(stars, lessons)
    for cut in every_cut(code, "MK1:"):
        with pytest.raises(LearnCodeError):
            read_progress_code(cut, lessons)
    assert read_progress_code(code, lessons) == stars


def test_a_changed_character_is_corrupt_and_extra_characters_are_trailing() -> None:
    code = encode_share_code(position_from_json(GOOD))
    changed = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    with pytest.raises(guard.InputError) as caught:
        decode_share_code(changed)
    assert caught.value.code in ("corrupt", "not_json")
    with pytest.raises(guard.InputError) as caught:
        decode_share_code(code + "AAAA")
    assert caught.value.code == "trailing"


# ------------------------------------------------------------------ the guard's other checks

def test_padding_and_white_space_inside_a_code_are_accepted() -> None:
    code = encode_share_code(position_from_json(GOOD))
    padded = code + "=" * (-len(code) % 4)
    wrapped = "\n".join(padded[i:i + 20] for i in range(0, len(padded), 20))
    assert decode_share_code(wrapped) == decode_share_code(code)


@pytest.mark.parametrize("code,expected", [
    (None, "empty"), (42, "not_text"), ("", "empty"), ("   ", "empty"), ("Q1.", "only_prefix"),
    ("Q2.abc", "wrong_prefix"), ("Q1.ab$c", "not_base64"), ("Q1.abcde", "truncated"),
    ("Q1." + "A" * 3000, "too_long"), ("Q1." + " " * 5000, "too_long"),
])
def test_every_malformed_code_gets_its_own_code(code, expected) -> None:
    with pytest.raises(PackError) as caught:
        unpack_json(code, 2000, 16 * 1024, "Q1.")
    assert caught.value.code == expected
    assert caught.value.kind in ("empty", "format", "corrupt", "too_large", "not_json")


def test_a_zip_bomb_is_refused_before_it_is_inflated() -> None:
    code = raw_code(b" " * 45_000_000)
    assert len(code) < 64 * 1024
    with pytest.raises(guard.InputError) as caught:
        decode_share_code(code)
    assert caught.value.code == "unpacks_too_large" and str(caught.value).endswith("more than 64 KiB")


@pytest.mark.parametrize("text,expected", [
    ("[" * 60_000, "too_deep"), ("[" * 21 + "]" * 21, "too_deep"), ('{"a": "' + "[" * 500 + '"}', None),
    ("", "empty"), ("{", "not_json"), ("NaN", None), ('{"a": 1e999}', None), ("-" + "1" * 101, "number_too_long"),
])
def test_json_text_is_limited_in_nesting_and_number_length(text: str, expected: str | None) -> None:
    if expected is None:
        guard.load_json(text)                  # brackets inside a string do not count
        return
    with pytest.raises(guard.InputError) as caught:
        guard.load_json(text)
    assert caught.value.code == expected


@pytest.mark.parametrize("text", ['"' + '\\"' * 21_000, '"\\' * 30_000, '["' + 'a\\"' * 20_000])
def test_quotes_and_backslashes_are_scanned_in_linear_time(text: str) -> None:
    # A regular expression for JSON strings took 16-33 s on these; the scan takes milliseconds.
    started = time.process_time()
    with pytest.raises(guard.InputError):
        guard.load_json(text)
    assert time.process_time() - started < 1.0


def test_brackets_inside_strings_and_after_escaped_quotes_are_counted_right() -> None:
    assert not guard._too_deep('["[[[[", "\\"[[[[", "\\\\"]' + "," * 30, 3)
    assert guard._too_deep('["\\\\", [[[[]]]]]', 3)          # the string ends after an escaped backslash
    assert guard._too_deep("[" * 4 + "]" * 4, 3) and not guard._too_deep("[" * 3 + "]" * 3, 3)


@pytest.mark.parametrize("text,line", [
    ("a" + ".a" * 20_000 + " = 1\n", 1), ("x = 1\n[" + "a." * 20_000 + "a]\n", 2),
    ("x = {" + "a." * 20_000 + "a = 1}\n", 1), ('"a"' + '."a"' * 12_000 + " = 1\n", 1),
    ("a.b.c.d.e.f.g.h.i.j.k = 1\n", 1), ('x = "\\""\n' + "a." * 20 + "a = 1\n", 2),
])
def test_a_dotted_key_of_more_than_ten_parts_is_refused_before_tomllib(text: str, line: int) -> None:
    started = time.process_time()
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "house.toml")
    assert time.process_time() - started < 1.0              # tomllib alone took 10 s on the first
    assert caught.value.code == "key_too_long" and caught.value.params == {"limit": 10, "line": line}


@pytest.mark.parametrize("text", [
    'x = "' + "a." * 30_000 + '"\n', "# " + "a." * 30_000 + "\nx = 1\n", 'x = """' + "a.\n" * 20_000 + '"""\n',
    "x = '" + "a." * 30_000 + "'\n", "x = [" + "1.5," * 15_000 + "]\n", "a.b.c.d.e.f.g.h.i.j = 1\n",
])
def test_dots_in_strings_comments_and_numbers_are_no_dotted_key(text: str) -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "house.toml")
    assert getattr(caught.value, "code", None) != "key_too_long"


def test_json_errors_give_line_and_column() -> None:
    with pytest.raises(guard.InputError) as caught:
        parse_position('{\n  "variant": "pl",\n  oops\n}')
    assert caught.value.params == {"line": 3, "column": 3}
    assert str(caught.value) == "the position is not valid JSON (line 3, column 3)"


def test_uploads_are_measured_before_they_are_decoded() -> None:
    with pytest.raises(guard.InputError) as caught:
        guard.upload_text(b"\xff" * (64 * 1024 + 1))
    assert caught.value.code == "too_large"
    with pytest.raises(guard.InputError) as caught:
        guard.upload_text(b"\xff\xfe{}")
    assert caught.value.code == "not_utf8"
    assert guard.upload_text("\ufeff{}".encode()) == "{}"
    with pytest.raises(guard.InputError) as caught:
        guard.upload_text("é" * 40_000)                # 40,000 characters, 80,000 bytes
    assert caught.value.code == "too_large"


def test_ruleset_text_may_be_uploaded_bytes_and_is_limited_in_size() -> None:
    assert load_ruleset_text(PL_TOML.encode()).id == "pl"
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(PL_TOML + "#" * (64 * 1024))
    assert caught.value.code == "too_large"
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text("id = \n")
    assert caught.value.code == "not_toml" and caught.value.params["line"] == 1


def test_a_move_longer_than_its_limit_is_refused_before_parsing() -> None:
    deck = load_ruleset("pl").deck
    assert guard.read_move("play 7h", deck) == Move("play", (deck.parse("7h"),))
    with pytest.raises(NotationError) as caught:
        guard.read_move("play " + "7h " * 1000, deck)
    assert caught.value.code == "too_long"


def test_every_message_code_has_a_kind_and_formats_with_its_params() -> None:
    assert set(guard.MESSAGES) == set(guard.KINDS)
    params = {"limit": 1, "prefix": "Q1.", "line": 1, "column": 1, "options": "en", "value": "'zz'",
              "field": "name", "low": 1, "high": 2, "length": 3, "count": 4,
              "type": "str", "deck": "52", "card": "Kh", "reason": "gone", "detail": "is odd"}
    for code, text in {**guard.MESSAGES, **guard.RULESET_MESSAGES}.items():
        assert "{" not in text.format(**params), code


def test_a_query_parameter_must_name_an_offered_choice() -> None:
    assert guard.read_choice("pl", ("en", "pl"), "language") == "pl"
    with pytest.raises(guard.InputError) as caught:
        guard.read_choice("<img src=x>" * 10_000, ("en", "pl"), "language")
    assert caught.value.code == "not_offered" and len(str(caught.value)) < 100


def test_shown_values_stay_short() -> None:
    assert guard.shown(10 ** 18) == "1000000000000000000"
    assert guard.shown(10 ** 6000 - 1) == "a number of about 6000 digits"
    assert guard.shown("x" * 60_000).endswith("(60000 characters)") and len(guard.shown("x" * 60_000)) < 50
    assert guard.shown([1, 2]) == "a list"


# --------------------------------------------------------------------- the table of ranges

def test_every_shipped_ruleset_keeps_the_table() -> None:
    for variant in variant_ids():
        check_bounds(tomllib.loads((ROOT / "engine" / "rulesets" / f"{variant}.toml").read_text("utf-8")), variant)


def test_the_schema_document_shows_the_table_as_generated() -> None:
    doc = (ROOT / "docs" / "RULESET_SCHEMA.md").read_text(encoding="utf-8")
    assert schema_markdown() in doc
    assert with_schema_table(doc) == doc, "run: python -m engine.ruleset_bounds docs/RULESET_SCHEMA.md"


def int_fields(cls) -> set[str]:
    hints = typing.get_type_hints(cls)
    return {f.name for f in dataclasses.fields(cls) if "int" in str(hints[f.name]) and hints[f.name] is not bool}


def test_every_numeric_field_of_a_ruleset_has_a_range() -> None:
    # Ruleset, CardRule and Call fields that hold numbers, and the TOML path of each one.
    paths = {"hand_size": "hand_size", "players": "players[0]", "deck_copies": "deck_copies[0][1]",
             "points_per_card": "end.points_per_card", "card_points": "end.card_points.A",
             "draw": "cards.2.draw", "skip": "cards.4.skip", "penalty": "calls.makao.penalty",
             "min_group": "play.min_group", "runs": "play.runs"}
    found = int_fields(Ruleset) | int_fields(CardRule) | int_fields(Call)
    assert found <= set(paths), f"a new numeric field needs a range in engine/ruleset_bounds.py: {found - set(paths)}"
    for name in found:
        assert range_of(paths[name]) is not None, name


def test_the_house_rules_form_offers_no_value_the_table_refuses() -> None:
    en = translator("en")
    paths = {"hand_size": "hand_size", "makao_penalty": "calls.makao.penalty",
             "points_per_card": "end.points_per_card", "min_group": "play.min_group",
             "players_min": "players[0]", "players_max": "players[1]",
             **{f"decks_{n}": "deck_copies[0][1]" for n in range(2, 11)}}
    for variant in variant_ids():
        ruleset = load_ruleset(variant)
        for field in house_rules.house_fields(ruleset, en, lambda p, ruleset=ruleset: card_label(ruleset, p, en)):
            if field.kind != "int":
                continue
            kind, _, pattern = field.key.partition("_")
            path = paths.get(field.key) or f"cards.{pattern}.{kind}"
            bound = range_of(path)
            assert bound is not None and bound.low <= field.low and field.high == bound.high, (variant, field.key)


def pl_data() -> dict:
    return ruleset_to_dict(load_ruleset("pl"))


@pytest.mark.parametrize("variant", ["pl", "hu", "ru-101"])
def test_runs_take_no_runs_or_two_up_to_the_decks_ranks(variant: str) -> None:
    data = ruleset_to_dict(load_ruleset(variant))
    ranks = len(load_ruleset(variant).deck.ranks)
    for runs in (0, 2, ranks):
        data["play"]["runs"] = runs
        assert ruleset_from_dict(data, "house.toml").runs == runs
    for runs, code in ((1, "run_length"), (ranks + 1, "run_length" if ranks < 13 else "out_of_range"),
                       (14, "out_of_range"), (-1, "out_of_range")):
        data["play"]["runs"] = runs
        with pytest.raises(RulesetError) as refused:
            ruleset_from_dict(data, "house.toml")
        assert refused.value.code == code and refused.value.params["field"] == "play.runs", (runs, refused.value)


@pytest.mark.parametrize("path,setter", [
    ("hand_size", lambda d, v: d.__setitem__("hand_size", v)),
    ("cards.2.draw", lambda d, v: d["cards"]["2"].__setitem__("draw", v)),
    ("cards.4.skip", lambda d, v: d["cards"]["4"].__setitem__("skip", v)),
    ("calls.makao.penalty", lambda d, v: d["calls"]["makao"].__setitem__("penalty", v)),
    ("deck_copies[0][1]", lambda d, v: d.__setitem__("deck_copies", [[2, v]])),
    ("end.points_per_card", lambda d, v: d["end"].__setitem__("points_per_card", v)),
])
def test_a_field_at_its_bound_is_accepted_and_one_past_it_is_refused(path: str, setter) -> None:
    bound = range_of(path)
    data = pl_data()
    setter(data, bound.high)
    assert ruleset_from_dict(data, "edge") is not None
    for outside in (bound.high + 1, bound.low - 1):
        data = pl_data()
        setter(data, outside)
        with pytest.raises(RulesetError) as caught:
            ruleset_from_dict(data, "edge")
        assert caught.value.params["field"] == path
        assert f"must be between {bound.low} and {bound.high}" in str(caught.value)


def test_texts_and_lists_are_limited_and_named() -> None:
    data = pl_data()
    data["notes"] = [{"topic": "t", "text": "x"}] * 31
    with pytest.raises(RulesetError, match=r"field 'notes' must hold 0 to 30 entries, not 31"):
        ruleset_from_dict(data, "edge")
    data = pl_data()
    data["notes"] = [{"topic": "t", "text": "x" * 1001}]
    with pytest.raises(RulesetError, match=r"field 'notes\[0\]\.text' must be 0 to 1000 characters long"):
        ruleset_from_dict(data, "edge")
    data = pl_data()
    data["deck"] = "d" * 5000                                   # a choice is never echoed whole
    with pytest.raises(RulesetError) as caught:
        ruleset_from_dict(data, "edge")
    assert caught.value.code == "text_length" and len(str(caught.value)) < 100
    data = pl_data()
    data["k" * 100] = 1
    with pytest.raises(RulesetError) as caught:
        ruleset_from_dict(data, "edge")
    assert caught.value.code == "key_length" and len(str(caught.value)) < 120


def test_a_saved_ruleset_at_every_bound_round_trips() -> None:
    data = pl_data()
    data["name"] = "N" * 80
    data["id"] = "i" * 40
    data["cards"]["2"]["draw"] = 10
    data["deck_copies"] = [[2, 1], [3, 4]]
    rules = ruleset_from_dict(data, "edge")
    assert load_ruleset_text(ruleset_to_toml(rules), "edge") == rules


def test_the_schema_document_lists_every_ruleset_error_code_with_its_text() -> None:
    doc = (ROOT / "docs" / "RULESET_SCHEMA.md").read_text(encoding="utf-8")
    for code, text in guard.RULESET_MESSAGES.items():
        assert f"| `{code}` | {text} |" in doc, code


def test_the_input_limits_document_lists_every_code_and_limit() -> None:
    doc = (ROOT / "docs" / "INPUT_LIMITS.md").read_text(encoding="utf-8")
    for code, text in guard.MESSAGES.items():
        assert f"| `{code}` | {text} |" in doc, code
    for name in ("MAX_JSON_BYTES", "MAX_TOML_BYTES", "MAX_TOML_DEPTH", "MAX_TOML_KEY_PARTS", "MAX_JSON_DEPTH",
                 "MAX_INT_DIGITS", "MAX_MOVE_CHARS"):
        assert f"| `{name}` | {getattr(guard, name):,} |" in doc, name


# ------------------------------------------------- the pages the review broke, through AppTest

APP = str(ROOT / "streamlit_app.py")


def open_with(script: str, **query: str):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=30)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    at.switch_page(script).run()
    return at


@pytest.mark.parametrize("code", [D1_SHARE, encode_share_code(GOOD)[:-6]])
def test_the_sandbox_link_with_a_long_number_or_a_cut_checksum_shows_a_message_not_a_traceback(code: str) -> None:
    at = open_with("app_pages/sandbox.py", pos=code)
    assert not at.exception, at.exception
    assert any("cut short or changed" in box.value for box in [*at.error, *at.warning]), [b.value for b in at.error]


def test_the_practice_quiz_link_with_a_5000_digit_number_shows_a_message_not_a_traceback() -> None:
    at = open_with("app_pages/practice.py", quiz=raw_code(b'{"v":' + NINES.encode() + b',"d":["x"]}', "Q1."))
    assert not at.exception, at.exception
    assert any("more than 100 digits" in box.value for box in [*at.error, *at.warning]), [b.value for b in at.error]


def test_the_practice_progress_box_with_a_5000_digit_count_shows_a_message_not_a_traceback() -> None:
    from ui.practice import state as practice_state

    at = open_with("app_pages/practice.py")
    at.text_input(key=practice_state.IMPORT_BOX).set_value(raw_code(b'{"s":[' + NINES.encode() + b',0],"t":{}}', "MP1.")).run()
    at.button(key="practice_import").click().run()
    assert not at.exception, at.exception
    assert at.error[0].value.startswith("This progress code is damaged")
