"""Fuzzing every way in: share, quiz and progress codes, position JSON, ruleset TOML, uploads, moves, the CLI.

Each input is built from a valid one by hostile edits (cuts, changed characters, 5,000-digit
numbers, nesting thousands deep, huge texts, wrong types). The only exceptions allowed are the
project's own errors; Hypothesis's deadline bounds the time of each example, and tracemalloc
bounds the memory of the crafted big inputs.
"""
from __future__ import annotations

import base64
import contextlib
import io
import json
import time
import tracemalloc
import zlib
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import cli, guard
from engine.cards import FRENCH, HUNGARIAN
from engine.drills import load_drills
from engine.errors import EngineError
from engine.moves import parse_move
from engine.position import decode_share_code, encode_share_code, parse_position, position_from_json
from engine.ruleset import load_ruleset_text
from engine.scenario import load_scenarios
from ui.learn.progress import ProgressCodeError as LearnCodeError
from ui.learn.progress import progress_code, read_progress_code
from ui.practice.score import Progress, ProgressCodeError, decode_progress, encode_progress, record
from ui.sandbox.model import read_position_text, read_share_code
from ui.shell import house_rules
from ui.shell.quiz_link import QuizCodeError, decode_quiz, encode_quiz

ROOT = Path(__file__).resolve().parents[2]
PL_TOML = (ROOT / "engine" / "rulesets" / "pl.toml").read_text(encoding="utf-8")
HU_TOML = (ROOT / "engine" / "rulesets" / "hu.toml").read_text(encoding="utf-8")
DRILLS = load_drills()
LESSONS = load_scenarios()
OWN_ERRORS = (EngineError, QuizCodeError, ProgressCodeError, LearnCodeError)
FUZZ = settings(deadline=timedelta(seconds=2), max_examples=200,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
MEMORY_CAP = 2 * 1024 * 1024         # bytes traced while refusing one crafted input (the worst needs 0.7 MB)

POSITIONS = [
    {"variant": "pl", "hands": [["7h", "Kc"], ["2h", "3h"]], "to_move": 0, "pile": ["7s"]},
    {"variant": "pl", "hands": [["3c", "9d"], ["5h"]], "to_move": 0, "pile": ["2h"], "attack": {"draw": 2}},
    {"variant": "hu", "hands": [["7p", "Ak"], 4, 3], "to_move": 1, "pile": ["Uz"], "seed": 7,
     "wish": {"suit": "p", "by": 0}},
    {"variant": "pl-trad", "hands": [["Jc", "Qd"], [], ["2h"]], "to_move": 0, "pile": ["Kd"], "finished": [1]},
]
SHARE_CODES = [encode_share_code(p) for p in POSITIONS]
QUIZ_CODES = [encode_quiz(v, [d.id for d in DRILLS if d.variant == v][:n]) for v, n in (("pl", 1), ("hu", 5))]
PRACTICE_CODES = [encode_progress(record(record(Progress(), "pl", "jack", True), "hu", "ace", False)),
                  encode_progress(Progress())]
LEARN_CODES = [progress_code({lesson.id: 3 for lesson in LESSONS[:6]}, LESSONS), progress_code({}, LESSONS)]
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def refused_or_read(read, *args):
    """Calls one way in; the project's own errors are the expected refusals."""
    try:
        return read(*args)
    except OWN_ERRORS:
        return None


# ------------------------------------------------------------------------------ hostile parts

def nested(open_: str, close: str, inner: str):
    return st.integers(1, 3000).map(lambda n: open_ * n + inner + close * n)


long_digits = st.integers(90, 6000).map(lambda n: "9" * n)
long_numbers = st.one_of(long_digits, long_digits.map(lambda d: "-" + d), long_digits.map(lambda d: "0." + d),
                         st.just("1e999"), st.integers(-10 ** 40, 10 ** 40).map(str))
deep_nesting = nested("[", "]", "1") | nested('{"a":', "}", "1")
json_hostile = st.one_of(   # four groups drawn about equally often
    long_numbers, deep_nesting,
    st.integers(0, 70_000).map(lambda n: json.dumps("x" * n)) | st.just('"\\ud800"')
    | st.integers(1, 20_000).map(lambda n: '"' + '\\"' * n) | st.integers(1, 20_000).map(lambda n: '"\\' * n),
    st.sampled_from(["NaN", "-Infinity", "true", "null", "{}"])
    | st.lists(st.sampled_from(["7h", "Kc", "2h", "Ua", 3, None, -1, "10h"]), max_size=70).map(json.dumps),
)
FIELDS = ["variant", "hands", "to_move", "pile", "deck", "attack", "wish", "waiting", "drawn", "finished",
          "over", "seed", "format", "colour"]


@st.composite
def hostile_position_text(draw) -> str:
    """A valid position with one to three fields replaced by hostile JSON text."""
    data = dict(draw(st.sampled_from(POSITIONS)))
    replaced = draw(st.lists(st.sampled_from(FIELDS), min_size=1, max_size=3, unique=True))
    for i, name in enumerate(replaced):
        data[name] = f"@HOSTILE{i}@"
    text = json.dumps(data)
    for i, _ in enumerate(replaced):
        text = text.replace(f'"@HOSTILE{i}@"', draw(json_hostile))
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        text = text[:cut] if draw(st.booleans()) else text[:cut] + draw(st.text(max_size=8)) + text[cut:]
    return text


@st.composite
def mutated(draw, codes: list[str]) -> str:
    """A valid code after one to three edits: cut, dropped, changed or inserted characters, padding."""
    code = draw(st.sampled_from(codes))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["cut", "drop", "change", "insert", "append", "pad", "space", "case"]))
        i = draw(st.integers(0, len(code)))
        if op == "cut":
            code = code[:i]
        elif op == "drop":
            code = code[:i] + code[i + 1:]
        elif op == "change":
            code = code[:i] + draw(st.sampled_from(B64)) + code[i + 1:]
        elif op == "insert":
            code = code[:i] + draw(st.text(max_size=6)) + code[i:]
        elif op == "append":
            code += draw(st.text(alphabet=B64 + "=", max_size=12))
        elif op == "pad":
            code += "=" * draw(st.integers(1, 4))
        elif op == "space":
            code = code[:i] + draw(st.sampled_from([" ", "\n", "\t", "\u00a0", "\u2028"])) + code[i:]
        else:
            code = code.swapcase()
    return code


def packed(prefix: str):
    """Hostile JSON packed exactly as a real code is, so it passes base64 and zlib and reaches the parser."""
    inner = hostile_position_text() | json_hostile | st.builds(
        lambda v, d: f'{{"v":{v},"d":{d}}}', json_hostile, json_hostile) | st.builds(
        lambda s, t: f'{{"s":{s},"t":{t}}}', json_hostile, json_hostile)
    return inner.map(lambda text: prefix + base64.urlsafe_b64encode(
        zlib.compress(text.encode("utf-8", "surrogatepass"), 9)).rstrip(b"=").decode())


def code_inputs(codes: list[str], prefix: str):
    noise = st.text(max_size=300) | st.text(alphabet=B64, max_size=300).map(lambda t: prefix + t)
    return st.one_of(mutated(codes), packed(prefix), packed(prefix), noise)


toml_hostile = st.one_of(
    long_digits, long_digits.map(lambda d: "0x" + d.replace("9", "f")), st.just("inf"), st.just("nan"),
    st.integers(-10 ** 20, 10 ** 20).map(str), nested("[", "]", "1"), nested("{a=", "}", "1"),
    st.integers(0, 70_000).map(lambda n: json.dumps("n" * n)), st.just("1979-05-27T07:32:00Z"),
    st.just("true"), st.just('"7h"'), st.just("[[2, 1000000000]]"), st.just("{}"), st.just("[]"),
    st.integers(1, 20_000).map(lambda n: "{" + "a." * n + "a = 1}"), st.integers(1, 20_000).map(lambda n: '"' + '\\"' * n),
)


@st.composite
def hostile_toml(draw) -> str:
    """A shipped ruleset with a value replaced, a line inserted, or the text cut."""
    lines = draw(st.sampled_from([PL_TOML, HU_TOML])).splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        op = draw(st.sampled_from(["value", "value", "insert", "cut", "noise"]))
        if op == "value" and lines and "=" in lines[i]:
            lines[i] = lines[i].split("=", 1)[0] + "= " + draw(toml_hostile)
        elif op == "insert":
            key = draw(st.sampled_from(["deck_copies", "draw", "skip", "penalty", "name", "x", "points_per_card",
                                        "a" + ".a" * draw(st.integers(1, 20_000)), "cards.2.draw", '"x".y."z"']))
            lines.insert(i, f"{key} = {draw(toml_hostile)}")
        elif op == "cut":
            lines = lines[:i]
        else:
            lines.insert(i, draw(st.text(max_size=40)))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ the fuzz tests

@FUZZ
@given(code_inputs(SHARE_CODES, ""))
def test_share_codes_are_read_or_refused_with_the_projects_errors(code: str) -> None:
    data = refused_or_read(decode_share_code, code)
    if data is not None:
        refused_or_read(position_from_json, data)
    loaded = read_share_code(code)                       # the Sandbox's ?pos= reader never raises
    assert loaded.error is not None or loaded.draft is not None


@FUZZ
@given(code_inputs(QUIZ_CODES, "Q1."))
def test_quiz_codes_are_read_or_refused_with_the_projects_errors(code: str) -> None:
    refused_or_read(decode_quiz, code, DRILLS)


@FUZZ
@given(code_inputs(PRACTICE_CODES, "MP1."))
def test_practice_progress_codes_are_read_or_refused_with_the_projects_errors(code: str) -> None:
    refused_or_read(decode_progress, code)


@FUZZ
@given(mutated(LEARN_CODES) | st.text(max_size=500) | st.text(alphabet="MK1:pl=0123x;hu-", max_size=600))
def test_learn_progress_codes_are_read_or_refused_with_the_projects_errors(code: str) -> None:
    refused_or_read(read_progress_code, code, LESSONS)


@FUZZ
@given(hostile_position_text() | st.text(max_size=300))
def test_position_json_text_is_read_or_refused_with_the_projects_errors(text: str) -> None:
    refused_or_read(parse_position, text)
    loaded = read_position_text(text)                    # the Sandbox's paste box never raises
    assert loaded.error is not None or loaded.draft is not None


@FUZZ
@given(hostile_toml())
def test_ruleset_toml_is_read_or_refused_with_the_projects_errors(text: str) -> None:
    refused_or_read(load_ruleset_text, text, "house.toml")


@FUZZ
@given(hostile_toml().map(lambda t: t.encode("utf-8", "surrogatepass")) | st.binary(max_size=2000))
def test_ruleset_uploads_change_nothing_when_refused(data: bytes) -> None:
    state: dict = {}
    house_rules.start_from_preset("pl", state)
    before = house_rules.house_ruleset(state)
    if not house_rules.use_upload("house.toml", data, state):
        assert house_rules.house_ruleset(state) is before
        assert house_rules.house_error(state)


move_words = st.sampled_from(["play", "draw", "wait", "pass", "demand", "suit", "makao", "kakao", "none",
                              "7h", "10h", "Th", "Kc", "Jc", "As", "Ua", "Zz", "h", "p", "8", "Q", ""])


@FUZZ
@given(st.lists(move_words, max_size=12).map(" ".join) | st.text(max_size=400), st.sampled_from([FRENCH, HUNGARIAN]))
def test_move_notation_is_read_or_refused_with_the_projects_errors(text: str, deck) -> None:
    refused_or_read(guard.read_move, text, deck)
    if len(text) <= guard.MAX_MOVE_CHARS:
        refused_or_read(parse_move, text, deck)


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("cli")


@settings(FUZZ, max_examples=80)
@given(hostile_position_text().map(lambda t: t.encode("utf-8", "surrogatepass")) | st.binary(max_size=500),
       st.none() | st.lists(move_words, max_size=6).map(" ".join))
def test_the_cli_reads_bad_files_with_status_2_and_one_line(files: Path, content: bytes, move: str | None) -> None:
    path = files / "position.json"
    path.write_bytes(content)
    status, out, err = run_main(["explain", str(path)] + (["--move", move] if move is not None else []))
    if status == 0:
        assert err == "" and isinstance(json.loads(out), dict)
    else:
        assert status == 2 and out == ""
        assert len(err.splitlines()) == 1 and err.startswith("error: "), err


hostile_numbers = st.sampled_from(["0", "1", "2", "3", "-1", "x", "1e3", "9" * 5000, "9" * 4000, "1000001", ""])
hostile_words = st.sampled_from(["pl", "hu", "da", "pl-trad", "xx", "<img src=x>", "x" * 70_000, "", "-", "--lang",
                                 "fr", "--move", "draw", "--reference"])


@st.composite
def cli_argv(draw, files: Path) -> list[str]:
    """A command line of one of the engine's commands with hostile values (selfplay kept to a few games)."""
    command = draw(st.sampled_from(["new", "selfplay", "explain", "variants", "frobnicate"]))
    argv = [command]
    if command in ("new", "selfplay"):
        for flag in ("--variant", "--players", "--seed") + (("--games",) if command == "selfplay" else ()):
            if draw(st.integers(0, 5)):
                value = draw(hostile_words if flag == "--variant" else hostile_numbers)
                argv += [flag, "3" if flag == "--games" and value in ("1000001", "9" * 4000) else value]
    elif command == "explain":
        argv.append(draw(st.sampled_from([str(files), str(files / "missing.json"), "/dev/null", "-x"])))
        argv += draw(st.lists(hostile_words, max_size=3))
    return argv


@settings(FUZZ, max_examples=60)
@given(st.data())
def test_the_cli_answers_hostile_arguments_with_status_2_and_one_line(files: Path, data) -> None:
    status, out, err = run_main(data.draw(cli_argv(files)))
    if status == 0:
        assert err == "" and json.loads(out) is not None
    else:
        assert status == 2 and out == ""
        assert len(err.splitlines()) == 1 and err.startswith("error: "), err


def test_an_unknown_variant_of_70000_characters_is_named_in_a_short_line() -> None:
    status, out, err = run_main(["new", "--variant", "x" * 70_000, "--players", "3"])
    assert (status, out) == (2, "") and len(err) < 200
    assert err.startswith("error: unknown variant 'xxxxxxxxxxxxxxxxxxxx'… (70000 characters) (known: pl, ")


# --------------------------------------------------------- crafted big inputs: time and memory

def bomb_code() -> str:
    """A 61 k-character share code that inflates to 45 MB (the review's zip bomb)."""
    return base64.urlsafe_b64encode(zlib.compress(b" " * 45_000_000, 9)).rstrip(b"=").decode()


CRAFTED = {
    "zip bomb share code": (decode_share_code, lambda: bomb_code()),
    "60,000 open brackets": (parse_position, lambda: "[" * 60_000),
    "a 10 MB position": (parse_position, lambda: " " * 10_000_000),
    "a 10 MB upload": (lambda data: house_rules.read_uploaded("big.toml", data), lambda: b"a" * 10_000_000),
    "a 10 MB ruleset text": (load_ruleset_text, lambda: "#" * 10_000_000),
    "400 nested tables": (load_ruleset_text, lambda: "x = " + "{a=" * 400 + "1" + "}" * 400 + "\n" + PL_TOML),
    "64 KiB of nested arrays": (load_ruleset_text, lambda: "x = " + "[" * 60_000),
    "a 5,000-digit hand size": (load_ruleset_text, lambda: PL_TOML.replace("hand_size = 5", "hand_size = " + "9" * 5000)),
    "a billion decks": (load_ruleset_text, lambda: PL_TOML.replace("hand_size = 5", "hand_size = 5\ndeck_copies = [[2, 1000000000]]")),
    "a 60,000-character name": (load_ruleset_text, lambda: PL_TOML.replace('name = "', 'name = "' + "n" * 60_000, 1)),
    "a 5,000-digit seed": (parse_position, lambda: json.dumps(POSITIONS[0])[:-1] + ', "seed": ' + "9" * 5000 + "}"),
    "a move of a million characters": (lambda text: guard.read_move(text, FRENCH), lambda: "play 7h " * 125_000),
    "quotes and backslashes": (parse_position, lambda: '"' + '\\"' * 21_000),
    "a dotted key of 20,000 parts": (load_ruleset_text, lambda: "a" + ".a" * 20_000 + " = 1\n"),
    "a table header of 20,000 parts": (load_ruleset_text, lambda: "[" + "a." * 20_000 + "a]\n"),
}


@pytest.mark.parametrize("name", list(CRAFTED))
def test_a_crafted_big_input_is_refused_within_bounded_memory_and_time(name: str) -> None:
    read, make = CRAFTED[name]
    given_input = make()                                  # the input itself is not counted
    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(OWN_ERRORS):
            read(given_input)
        elapsed = time.perf_counter() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_CAP, f"{name}: {peak / 1e6:.1f} MB traced"
    assert elapsed < 5, f"{name}: {elapsed:.1f} s"        # a hang detector, not a speed test


def test_the_cli_refuses_a_10_mb_file_without_reading_it_whole(files: Path) -> None:
    path = files / "huge.json"
    path.write_bytes(b" " * 10_000_000)
    tracemalloc.start()
    try:
        status, out, err = run_main(["explain", str(path)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (status, out) == (2, "") and err == "error: position: the position is larger than 64 KiB\n"
    assert peak < MEMORY_CAP


def test_the_cli_names_the_first_ten_problems_of_a_position_with_thousands(files: Path) -> None:
    path = files / "repeated.json"
    path.write_text(json.dumps({**POSITIONS[0], "finished": [0, 1] * 8000}), encoding="utf-8")
    status, out, err = run_main(["explain", str(path)])
    assert (status, out) == (2, "") and len(err.splitlines()) == 1
    assert err.count("; ") == 10 and err.rstrip().endswith(" more") and len(err) < 1000   # not 1.1 MB
