"""The declared file formats: the generic reader, the bounds and the published JSON Schemas agree."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from engine import fieldspec, guard, position_format, schemas
from engine.drills import DrillError, drill_from_dict, drill_to_dict, load_drill_file
from engine.errors import PositionError, RulesetError
from engine.fieldspec import OMITTED, Field, Range, Refuse, Spec
from engine.position import position_from_json, position_to_json
from engine.position_format import FIELDS, REQUIRED
from engine.ruleset import load_ruleset, ruleset_from_dict, variant_ids
from engine.ruleset_bounds import BOUNDS
from engine.ruleset_format import RULESET
from engine.ruleset_toml import ruleset_to_dict
from engine.scenario import ScenarioError, scenario_from_dict, scenario_to_dict

ROOT = Path(__file__).resolve().parents[2]


def validator(name: str) -> jsonschema.Draft202012Validator:
    committed = json.loads((ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(committed)
    return jsonschema.Draft202012Validator(committed)


def refused_by_both(error: type[Exception], read, data: dict, schema: str) -> Exception:
    """What a reader raises for ``data`` (read from a copy), once the format's schema refused it too."""
    with pytest.raises(error) as refused:
        read(copy.deepcopy(data))
    assert not validator(schema).is_valid(data), refused.value
    return refused.value


# A format's document, the command that regenerates it and a line its field table must hold.
DOCUMENTS = [
    ("RULESET_SCHEMA.md", schemas.ruleset_doc, "| `cards.*.cover` | `true` or `false` | `false` |"),
    ("POSITION.md", schemas.position_doc, "| `drawn` | card | (none) |"),
    ("SCENARIO_SCHEMA.md", schemas.scenario_doc, "| `steps[].wrong[].reason` | text | required |"),
    ("DRILL_SCHEMA.md", schemas.drill_doc, "| `drill[].kind` | one of `select`, `next`, `best` | required |"),
]


@pytest.mark.parametrize("name,generated,line", DOCUMENTS)
def test_each_formats_document_shows_its_declarations_table(name: str, generated, line: str) -> None:
    doc = (ROOT / "docs" / name).read_text(encoding="utf-8")
    assert generated(doc) == doc, "run: python -m engine.schemas (or make schemas)"
    assert line in doc


@pytest.mark.parametrize("name", sorted(schemas.FORMATS))
def test_the_committed_schema_is_what_the_declaration_gives(name: str) -> None:
    committed = (ROOT / "docs" / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
    assert committed == schemas.schema_text(name), "run: python -m engine.schemas (or make schemas)"


def test_the_schema_command_writes_every_format(tmp_path: Path) -> None:
    written = schemas.write_all(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.schema.json" for n in schemas.FORMATS)
    for path in written:
        assert path.read_text(encoding="utf-8") == schemas.schema_text(path.name.split(".")[0])


@pytest.mark.parametrize("variant", variant_ids())
def test_every_shipped_ruleset_and_its_written_form_pass_the_schema(variant: str) -> None:
    check = validator("ruleset")
    data = tomllib.loads((ROOT / "engine" / "rulesets" / f"{variant}.toml").read_text(encoding="utf-8"))
    assert list(check.iter_errors(data)) == []
    written = ruleset_to_dict(load_ruleset(variant))
    assert list(check.iter_errors(written)) == []
    assert ruleset_from_dict(written, f"{variant}.toml") == load_ruleset(variant)


def _pl() -> dict:
    return tomllib.loads((ROOT / "engine" / "rulesets" / "pl.toml").read_text(encoding="utf-8"))


def _set(path: tuple, value: object):
    def change(data: dict) -> None:
        *head, last = path
        for key in head:
            data = data[key]
        data[last] = value

    return change


def _drop(path: tuple):
    def change(data: dict) -> None:
        *head, last = path
        for key in head:
            data = data[key]
        del data[last]

    return change


# Bad files of the fuzzing corpus and the bad-input tests that a schema can see: the reader's code.
BAD_RULESETS = [
    ("missing", _drop(("id",))),
    ("missing", _drop(("end", "mode"))),
    ("wrong_type", _set(("hand_size",), "5")),
    ("wrong_type", _set(("play", "several_cards"), 1)),
    ("wrong_type", _set(("play",), [])),
    ("not_one_of", _set(("deck",), "tarot")),
    ("not_one_of", _set(("defence", 0, "condition"), "sometimes")),
    ("not_one_of", _set(("cards", "J", "wish"), "colour")),
    ("unknown_field", _set(("cards", "2", "explode"), True)),
    ("unknown_field", _set(("calls", "mau"), {"required": True})),
    ("unknown_field", _set(("colour",), "red")),
    ("out_of_range", _set(("hand_size",), 11)),
    ("out_of_range", _set(("cards", "2", "draw"), 11)),
    ("out_of_range", _set(("deck_copies",), [[2, 1_000_000_000]])),
    ("text_length", _set(("name",), "x" * 81)),
    ("text_length", _set(("id",), "")),
    ("entry_count", _set(("notes",), [{"topic": "t", "text": "x"}] * 31)),
    ("not_table", _set(("defence",), ["any"])),
    ("players_range", _set(("players",), [2, 4, 6])),
    ("not_pairs", _set(("deck_copies",), [[2]])),
    ("not_pairs", _set(("deck_copies",), [[True, 1]])),
    ("pattern_key", _set(("cards", "Z"), {"draw": 2})),
    ("not_pattern", _set(("starter", "forbidden"), ["Z"])),
    ("empty_class", _set(("play", "separate"), ["K"])),
]


@pytest.mark.parametrize("code,change", BAD_RULESETS)
def test_a_bad_ruleset_the_reader_refuses_the_schema_refuses_too(code: str, change) -> None:
    data = _pl()
    change(data)
    refused = refused_by_both(RulesetError, lambda d: ruleset_from_dict(d, "house.toml"), data, "ruleset")
    assert refused.code == code, refused


def test_the_bounds_table_is_the_declarations() -> None:
    assert fieldspec.bound_paths(RULESET) == BOUNDS
    assert BOUNDS["cards.*.draw"] == Range(0, 10, "cards the attacked player draws (0: no draw attack)", off=0)
    schema = schemas.schema("ruleset")
    assert schema["properties"]["hand_size"]["maximum"] == BOUNDS["hand_size"].high
    assert schema["properties"]["cards"]["additionalProperties"]["properties"]["skip"]["maximum"] == 5


def test_every_code_the_declaration_names_has_its_sentence() -> None:
    declared = fieldspec.codes(RULESET)
    assert {"players_range", "not_pairs", "pattern_key", "cover_rank_mixed", "run_length"} <= set(declared)
    assert set(declared) <= set(guard.RULESET_MESSAGES)


# ---------------------------------------------------------------- the generic reader on its own

TINY = Spec(
    "dict",
    fields=(
        Field("name", Spec("str")),
        Field("size", Spec("int"), 3),
        Field("colour", Spec("str", options=("red", "blue")), OMITTED),
        Field("parts", Spec("list", item=Spec("dict", fields=(Field("n", Spec("int")),))), []),
    ),
)


def _tiny_refuse() -> Refuse:
    return Refuse(lambda path, code, params: ValueError(fieldspec.dotted(path), code, params))


def _refusal(data: object) -> tuple:
    with pytest.raises(ValueError) as refused:
        fieldspec.read(TINY, data, _tiny_refuse())
    return refused.value.args[:2]


def test_the_reader_fills_defaults_and_leaves_omitted_fields_out() -> None:
    assert fieldspec.read(TINY, {"name": "a"}, _tiny_refuse()) == {"name": "a", "size": 3, "parts": []}
    read = fieldspec.read(TINY, {"name": "a", "colour": "red", "parts": [{"n": 1}]}, _tiny_refuse())
    assert read["colour"] == "red" and read["parts"] == [{"n": 1}]


def test_the_reader_names_the_first_field_that_does_not_fit() -> None:
    assert _refusal({}) == ("name", "missing")
    assert _refusal({"name": "a", "size": True}) == ("size", "wrong_type")
    assert _refusal({"name": "a", "colour": "green"}) == ("colour", "not_one_of")
    assert _refusal({"name": "a", "parts": [{"n": 1}, 5]}) == ("parts[1]", "not_table")
    assert _refusal({"name": "a", "parts": [{"n": 1, "m": 2}]}) == ("parts[0].m", "unknown_field")
    assert _refusal({"name": "a", "extra": 1}) == ("extra", "unknown_field")
    assert _refusal([]) == ("", "not_table")


def test_collecting_the_reader_notes_every_misfit_and_reads_on() -> None:
    noted: list[Exception] = []
    data = {"size": True, "colour": "green", "parts": [{"n": 1}, 5, {"n": 2, "m": 3}], "extra": 1}
    read = fieldspec.read(TINY, data, _tiny_refuse(), collect=noted)
    assert [error.args[:2] for error in noted] == [
        ("name", "missing"),
        ("size", "wrong_type"),
        ("colour", "not_one_of"),
        ("parts[1]", "not_table"),
        ("parts[2].m", "unknown_field"),
        ("extra", "unknown_field"),  # a table's unknown fields come after its own (no unknown_first)
    ]
    assert read == {"parts": [{"n": 1}, {"n": 2}]}  # what does not fit is left out, defaults too


def test_a_reader_may_read_the_fields_in_its_own_order_and_with_its_own_checks() -> None:
    seen: list[str] = []
    spec = fieldspec.adapted(TINY, ("size", "name", "colour", "parts"), name={"check": lambda v, p: seen.append(v)})
    assert [item.name for item in spec.fields] == ["size", "name", "colour", "parts"]
    assert fieldspec.read(spec, {"name": "a"}, _tiny_refuse()) == {"size": 3, "name": "a", "parts": []}
    assert seen == ["a"] and TINY.fields[0].spec.check is None  # the declaration itself is unchanged
    with pytest.raises(ValueError):
        fieldspec.adapted(TINY, ("name", "size"))


def test_the_ruleset_document_holds_the_declarations_field_table() -> None:
    assert fieldspec.fields_markdown(RULESET) in (ROOT / "docs" / "RULESET_SCHEMA.md").read_text(encoding="utf-8")


# ---------------------------------------------------------------- Position JSON v1

def _positions() -> list[dict]:
    """Every position of the case tables and the scenario files (the position test corpus)."""
    found: list[dict] = []

    def walk(node: object, variant: str | None) -> None:
        if isinstance(node, dict):
            variant = node.get("variant", variant) if isinstance(node.get("variant"), str) else variant
            if isinstance(node.get("position"), dict):
                found.append({"variant": variant, **node["position"]})
                # a contrast's setup: one position judged under each of its variants
                found.extend({"variant": v, **node["position"]} for v in node.get("variants", []))
            for value in node.values():
                walk(value, variant)
        elif isinstance(node, list):
            for value in node:
                walk(value, variant)

    for path in sorted((ROOT / "tests" / "cases").glob("*.toml")) + sorted((ROOT / "scenarios").rglob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), None)
    return [p for p in found if p["variant"]]


def test_every_readable_position_passes_the_schema_and_round_trips() -> None:
    check = validator("position")
    readable = 0
    for data in _positions():
        try:
            state = position_from_json(data)
        except PositionError:
            continue
        readable += 1
        assert list(check.iter_errors(data)) == [], data
        written = position_to_json(state)
        assert list(check.iter_errors(written)) == [], written
        assert position_from_json(written) == state
        assert position_to_json(position_from_json(json.loads(json.dumps(written)))) == written
    assert readable > 300  # the corpus was found


POSITION = {"variant": "pl", "hands": [["Kh", "2c"], 3], "to_move": 0, "pile": ["5h"]}

# Bad positions of the bad-input tests that a schema can see: a code the reader lists for each.
BAD_POSITIONS = [
    ("unknown_field", {"colour": "red"}),
    ("bad_format", {"format": "makao-position/2"}),
    ("missing_field", {"pile": ...}),
    ("bad_type", {"seed": "7"}),
    ("bad_type", {"hands": "Kh"}),
    ("bad_type", {"over": "yes"}),
    ("bad_count", {"deck": 10_001}),
    ("bad_card", {"pile": ["Zz"]}),
    ("empty_pile", {"pile": []}),
    ("bad_attack", {"attack": {"draw": 2, "skip": 1}}),
    ("bad_attack_amount", {"attack": {"draw": 0}}),
    ("bad_wish", {"wish": {"rank": "7"}}),
    ("bad_waiting", {"waiting": [0, -1]}),
    ("bad_direction", {"direction": "widdershins"}),
    ("players_out_of_range", {"hands": [["Kh"]]}),
]


@pytest.mark.parametrize("code,change", BAD_POSITIONS)
def test_a_bad_position_the_reader_refuses_the_schema_refuses_too(code: str, change: dict) -> None:
    data = {**POSITION, **change}
    data = {k: v for k, v in data.items() if v is not ...}
    refused = refused_by_both(PositionError, position_from_json, data, "position")
    assert code in [p.code for p in refused.problems], refused


def test_the_position_reader_takes_its_fields_from_the_declaration() -> None:
    assert tuple(f.name for f in position_format.POSITION.fields) == FIELDS
    assert REQUIRED == ("variant", "hands", "to_move", "pile")
    assert position_from_json({**POSITION, "direction": None, "attack": None}).direction == 1


# ---------------------------------------------------------------- lessons

LESSONS = sorted((ROOT / "scenarios" / "lessons").glob("*.toml"))


def test_every_lesson_passes_the_schema_and_round_trips() -> None:
    check = validator("scenario")
    for path in LESSONS:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert list(check.iter_errors(data)) == [], path.name
        lesson = scenario_from_dict(data, path.name)
        written = scenario_to_dict(lesson)
        assert list(check.iter_errors(written)) == [], path.name
        assert scenario_from_dict(copy.deepcopy(written), path.name) == lesson
    assert len(LESSONS) > 20


def _lesson() -> dict:
    return tomllib.loads(LESSONS[0].read_text(encoding="utf-8"))


# Bad lessons of tests/engine/test_scenarios.py and the fuzzing corpus a schema can see, with the
# place the reader names.
BAD_LESSONS = [
    ("scenario", lambda d: d.pop("id")),
    ("order", lambda d: d.__setitem__("order", "1")),
    ("colour", lambda d: d.__setitem__("colour", "red")),
    ("view", lambda d: d.__setitem__("view", "closed")),
    ("topics[0]", lambda d: d.__setitem__("topics", ["bogus"])),
    ("step 1", lambda d: d["steps"].__setitem__(0, "narration")),
    ("step 1.bogus", lambda d: d["steps"][0].__setitem__("bogus", 1)),
    ("step 2.wrong[0].reason", lambda d: d["steps"][1]["wrong"][0].__setitem__("reason", 7)),
    ("check.bogus", lambda d: d.__setitem__("check", {"bogus": 1})),
]


@pytest.mark.parametrize("where,change", BAD_LESSONS)
def test_a_bad_lesson_the_reader_refuses_the_schema_refuses_too(where: str, change) -> None:
    data = _lesson()
    change(data)
    refused = refused_by_both(ScenarioError, lambda d: scenario_from_dict(d, "lesson.toml"), data, "scenario")
    assert refused.where == where, refused


# ---------------------------------------------------------------- drills

DRILL_FILES = sorted((ROOT / "scenarios" / "drills").glob("*.toml"))


def test_every_drill_file_passes_the_schema_and_its_drills_round_trip() -> None:
    check = validator("drill")
    count = 0
    for path in DRILL_FILES:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert list(check.iter_errors(data)) == [], path.name
        drills = load_drill_file(path)
        written = {"variant": data["variant"], "drill": [drill_to_dict(d) for d in drills]}
        assert list(check.iter_errors(written)) == [], path.name
        for index, (drill, table) in enumerate(zip(drills, written["drill"], strict=True)):
            assert drill_from_dict(copy.deepcopy(table), data["variant"], path.name, index) == drill
            count += 1
    assert count > 50


def _drills() -> dict:
    return tomllib.loads(DRILL_FILES[0].read_text(encoding="utf-8"))


def _first_of(kind: str):
    def pick(data: dict) -> dict:
        return next(d for d in data["drill"] if d["kind"] == kind)

    return pick


# Bad drills of tests/practice and the fuzzing corpus a schema can see, with the reader's text.
BAD_DRILLS = [
    ("select", "field 'id' is missing", lambda d: d.pop("id")),
    ("select", "unknown field 'colour'", lambda d: d.__setitem__("colour", "red")),
    ("select", "unknown kind 'guess'", lambda d: d.__setitem__("kind", "guess")),
    ("select", "level must be one of 1, 2, 3", lambda d: d.__setitem__("level", 4)),
    ("select", "field 'title' has the wrong type (int)", lambda d: d.__setitem__("title", 5)),
    ("select", "field 'move' does not belong to a 'select' drill", lambda d: d.__setitem__("move", "draw")),
    ("best", "a 'best' drill needs at least one other option in 'wrong'", lambda d: d.__setitem__("wrong", [])),
    ("best", "wrong[0] must be a table with 'move' and 'reason'", lambda d: d.__setitem__("wrong", ["draw"])),
    ("best", "field 'ask' does not belong to a 'best' drill", lambda d: d.__setitem__("ask", "penalty")),
]


@pytest.mark.parametrize("kind,text,change", BAD_DRILLS)
def test_a_bad_drill_the_reader_refuses_the_schema_refuses_too(kind: str, text: str, change) -> None:
    data = next(
        tomllib.loads(p.read_text(encoding="utf-8")) for p in DRILL_FILES
        if any(d["kind"] == kind for d in tomllib.loads(p.read_text(encoding="utf-8"))["drill"])
    )
    table = _first_of(kind)(data)
    change(table)
    with pytest.raises(DrillError) as refused:  # the reader reads one drill, the schema the whole file
        drill_from_dict(copy.deepcopy(table), data["variant"], "drills.toml", 0)
    assert text in str(refused.value)
    assert not validator("drill").is_valid(data), text
