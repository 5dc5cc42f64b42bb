"""The drill file format (``scenarios/drills/*.toml``, scenarios/drills/README.md), declared once.

A drill file names its ``variant`` and holds ``[[drill]]`` tables; ``DRILL`` is one table, read by
``engine.drills.drill_from_dict`` (through ``engine.fieldspec.read``), and ``DRILL_FILE`` the whole
file, from which docs/schemas/drill.schema.json is written (``python -m engine.schemas``). Which
fields a drill holds depends on its ``kind`` (``SELECT``, ``NEXT``, ``BEST``: read after the common
fields). Whether the answer is the engine's is ``engine.drills.verify_drill``'s part.
"""

from __future__ import annotations

from typing import Any

from engine.fieldspec import OMITTED, Field, Place, Spec, json_schema, read_fields
from engine.scenario_format import TOPICS

KINDS = ("select", "next", "best")
# What a "next" question asks about, and how its outcome keys are written:
#   penalty   "draw 7 @1" / "skip 2 @1" (pending attack and its target seat) or "none"
#   to_move   "@2"        the seat to move after the move
#   wish      "round" / "until_return" / "until_covered" / "until_fulfilled" (how long it lasts) or "none"
#   cards     "6"         how many cards the seat that moved holds afterwards
#   round     "over" / "goes_on"
ASKS = ("penalty", "to_move", "wish", "cards", "round")
LEVELS = (1, 2, 3)


def _says(place: Place, text: str) -> Exception:
    return place.refuse("says", text=text)


def _topic(value: str, place: Place) -> None:
    if value not in TOPICS:
        raise _says(place, f"unknown topic {value!r} (known: {', '.join(TOPICS)})")


def _kind(value: str, place: Place) -> None:
    if value not in KINDS:
        raise _says(place, f"unknown kind {value!r} (known: {', '.join(KINDS)})")


def _level(value: int, place: Place) -> None:
    if value not in LEVELS:
        raise _says(place, f"level must be one of {', '.join(map(str, LEVELS))}")


def _position(value: dict[str, Any], place: Place) -> dict[str, Any]:
    """The drill's position, with the file's variant."""
    variant = place.context["variant"]
    if value.get("variant", variant) != variant:
        raise _says(place, f"position.variant is {value.get('variant')!r} but the file is for {variant!r}")
    return {"variant": variant, **value}


def _texts(value: list[Any], place: Place) -> tuple[str, ...]:
    if not all(isinstance(v, str) and v.strip() for v in value):
        raise _says(place, f"field {place.path[-1]!r} must be a list of texts")
    return tuple(value)


def _cards(value: list[Any], place: Place) -> tuple[str, ...]:
    return _texts(value, place) if value else ()


def _ask(value: str, place: Place) -> None:
    if value not in ASKS:
        raise _says(place, f"unknown ask {value!r} (known: {', '.join(ASKS)})")


def _not_in(kind: str, keys: tuple[str, ...], raw: dict[str, Any], place: Place) -> None:
    for key in keys:
        if key in raw:
            text = (
                "field 'wrong' belongs to a 'best' drill"
                if kind == "next"
                else f"field {key!r} does not belong to a {kind!r} drill"
            )
            raise _says(place, text)


def _others(value: list[Any], place: Place) -> None:
    if not value:
        raise _says(place, "a 'best' drill needs at least one other option in 'wrong'")


WRONG = Spec(
    "dict",
    "an option that is not the best, with the engine's reason code for it",
    unknown_first=True,
    fields=(
        Field("move", Spec("str", "the option (move notation)")),
        Field("reason", Spec("str", "the engine's reason code for it")),
        Field("feedback", Spec("str", "what the learner is told"), ""),
    ),
)
_MOVE = Field("move", Spec("str", "next: the move whose result is asked about"))
_ASK = Field(
    "ask",
    Spec(
        "str",
        "next: what is asked",
        check=_ask,
        schema={"enum": list(ASKS)},
        word="one of " + ", ".join(f"`{a}`" for a in ASKS),
    ),
)
_OPTIONS = Field("options", Spec("list", "next: the outcome keys offered", item=Spec("str"), check=_texts))
_ONE_ANSWER = Field("answer", Spec("str", "the outcome key, or the best move"))
_WRONG = Field("wrong", Spec("list", "best: the other options", item=WRONG, check=_others))

# The fields of each kind, in the order they are read; the others of DRILL must be absent.
SELECT = (Field("answer", Spec("list", "select: the cards that may be played", item=Spec("str"), check=_cards)),)
NEXT = (_MOVE, _ASK, _OPTIONS, _ONE_ANSWER)
BEST = (_ONE_ANSWER, _WRONG)
PARTS = {
    "select": (SELECT, ("move", "ask", "options", "wrong")),
    "next": (NEXT, ("wrong",)),
    "best": (BEST, ("move", "ask", "options")),
}


def _kind_part(drill: dict[str, Any], place: Place) -> None:
    fields, absent = PARTS[drill["kind"]]
    read_fields(fields, place.raw, place, drill)
    _not_in(drill["kind"], absent, place.raw, place)


def _optional(item: Field) -> Field:
    return Field(item.name, item.spec, OMITTED)


_ANSWER_ANY = Spec(
    "any",
    "select: the cards that may be played; next: the outcome key; best: the best move",
    word="list of cards, or text",
)

DRILL = Spec(
    "dict",
    "One question about one position.",
    unknown_first=True,
    known=(
        "id",
        "topic",
        "kind",
        "level",
        "title",
        "text",
        "feedback",
        "answer",
        "move",
        "ask",
        "options",
        "wrong",
        "position",
    ),
    fields=(
        Field("id", Spec("str", "the drill's id, unique across the drill files")),
        Field(
            "topic",
            Spec("str", "what it practises", check=_topic, schema={"enum": list(TOPICS)}, word="a topic of a lesson"),
        ),
        Field(
            "kind",
            Spec(
                "str",
                "select (the cards that may go), next (what happens) or best (the best move)",
                check=_kind,
                schema={"enum": list(KINDS)},
                word="one of `select`, `next`, `best`",
            ),
        ),
        Field("level", Spec("int", "1 to 3", check=_level, schema={"enum": list(LEVELS)}, word="1, 2 or 3"), 1),
        Field("title", Spec("str", "the question")),
        Field("text", Spec("str", "more about the question"), ""),
        Field("feedback", Spec("str", "said after the answer"), ""),
        Field("position", Spec("dict", "the position (Position JSON v1, the file's variant)", check=_position)),
    ),
    check=_kind_part,
)
# The kind's own fields, for the docs and the schema (the reader reads them through ``PARTS``).
DRILL_DOC = Spec(
    "dict",
    DRILL.doc,
    fields=(
        *DRILL.fields,
        Field("answer", _ANSWER_ANY),
        *(_optional(f) for f in (_MOVE, _ASK, _OPTIONS, _WRONG)),
    ),
)
DRILL_FIELDS = DRILL.known
WRONG_FIELDS = tuple(item.name for item in WRONG.fields)

DRILL_FILE = Spec(
    "dict",
    "A drill file: the variant and its drills (scenarios/drills/README.md).",
    fields=(
        Field("variant", Spec("str", "the ruleset the drills are for")),
        Field("drill", Spec("list", "the drills", item=DRILL_DOC, schema={"minItems": 1})),
    ),
)


def drill_schema() -> dict[str, Any]:
    """DRILL_FILE as JSON Schema, with each kind's fields required or refused by ``kind``."""
    body = json_schema(DRILL_FILE)
    item = body["properties"]["drill"]["items"]
    item["properties"]["answer"] = {
        "description": _ANSWER_ANY.doc,
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
    }
    item["allOf"] = [
        _when("select", {"answer": {"type": "array"}}, ["answer"], ["move", "ask", "options", "wrong"]),
        _when("next", {"answer": {"type": "string"}}, ["move", "ask", "options", "answer"], ["wrong"]),
        _when(
            "best",
            {"answer": {"type": "string"}, "wrong": {"minItems": 1}},
            ["answer", "wrong"],
            ["move", "ask", "options"],
        ),
    ]
    return body


def _when(kind: str, then: dict[str, Any], required: list[str], absent: list[str]) -> dict[str, Any]:
    rule: dict[str, Any] = {"properties": then, "required": required}
    rule["not"] = {"anyOf": [{"required": [key]} for key in absent]}
    return {"if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]}, "then": rule}
