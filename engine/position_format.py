"""Position JSON v1 declared once (POSITION.md, "Position"): every field, its type, bounds and meaning.

``POSITION`` gives ``engine.position`` its field names and required fields, docs/POSITION.md its
field table and docs/schemas/position.schema.json its text (``python -m engine.schemas``). A position
is judged as a whole (a card twice, a wish by a seat that does not exist), so its reader
(``engine.position.position_from_json``) reads this declaration collecting every problem rather than
stopping at the first, in its own order and with the checks that need the variant's deck; the schema
is the first check an editor or another program can make.
"""

from __future__ import annotations

from typing import Any

from engine import fieldspec
from engine.fieldspec import OMITTED, Field, Range, Spec, json_schema

FORMAT = "makao-position/1"
MAX_UNKNOWN = 10_000  # unknown cards a hand or the deck may hold
MAX_TURNS = 100  # turns a seat may still sit out
MAX_ATTACK = 1000  # cards to draw or turns to sit out of a pending attack

# A card as POSITION.md writes it: rank then suit; ranks case-insensitive, T for 10 (the deck of
# the variant decides which exist).
CARD_REGEX = r"^\s*(10|[2-9TtJjQqKkAaUuOo])[CDHSBLAcdhsbla]\s*$"
_CARD = Spec("str", "a card: rank then suit (10h, Qs, Ua)", schema={"pattern": CARD_REGEX}, word="card")
_SEAT = Spec("int", "a seat (0 is the first)", Range(0, 9, "a seat"), word="seat")
_UNKNOWN = Spec("int", "that many unknown cards", Range(0, MAX_UNKNOWN, "unknown cards"))
_CARDS = Spec("list", "cards, bottom first", item=_CARD)


def _one_of(*choices: Spec) -> dict[str, Any]:
    return {"anyOf": [json_schema(choice) for choice in choices]}


def _attack(kind: str, doc: str) -> Spec:
    return Spec(
        "dict",
        doc,
        fields=(
            Field(kind, Spec("int", doc, Range(1, MAX_ATTACK, doc))),
            Field("card", Spec("str", "the attacking card, when it is not the top card", schema=_CARD.schema), OMITTED),
        ),
    )


def _wish(kind: str, doc: str) -> Spec:
    return Spec("dict", doc, fields=(Field(kind, Spec("str", doc)), Field("by", _SEAT)))


POSITION = Spec(
    "dict",
    "A makao position (Position JSON v1, POSITION.md).",
    fields=(
        Field("format", Spec("str", "optional on input, always written on output", options=(FORMAT,)), OMITTED),
        Field("variant", Spec("str", "ruleset id: pl, pl-trad, da, hu, …", Range(1, 40, "a ruleset id", "characters"))),
        Field(
            "hands",
            Spec(
                "list",
                "one entry per seat: a list of cards, or an integer = that many unknown cards",
                Range(2, 10, "seats", "entries"),
                word="list of hands (each a list of cards, or a number)",
            ),
        ),
        Field("to_move", Spec("int", "the seat to move", _SEAT.bound, word="seat")),
        Field(
            "pile", Spec("list", "discard pile, bottom → top; at least one card", item=_CARD, schema={"minItems": 1})
        ),
        Field(
            "deck",
            Spec(
                "list",
                "draw pile, next card first; an integer = that many unknown cards; "
                "default: every card not elsewhere, shuffled with seed",
                item=_CARD,
                word="list of cards, or a number",
            ),
            OMITTED,
        ),
        Field(
            "attack",
            Spec("dict", 'pending attack the seat to move must answer: {"draw": N} or {"skip": N}'),
            OMITTED,
        ),
        Field("wish", Spec("dict", 'active wish: {"rank": "7", "by": SEAT} or {"suit": "s", "by": SEAT}'), OMITTED),
        Field(
            "waiting",
            Spec(
                "list",
                "turns each seat still sits out (default all 0)",
                item=Spec("int", "turns", Range(0, MAX_TURNS, "turns")),
            ),
            OMITTED,
        ),
        Field(
            "drawn",
            Spec(
                "str", "the card the seat to move has just drawn and may still play", schema=_CARD.schema, word="card"
            ),
            OMITTED,
        ),
        Field("finished", Spec("list", "seats that are out of cards, in finishing order", item=_SEAT), []),
        Field("over", Spec("bool", "the round has ended under this variant's rules"), False),
        Field("seed", Spec("int", "seed for unknown cards and shuffles, so every result is reproducible"), 0),
        Field("cover", Spec("bool", "the seat to move must cover the top card it played (ru-101's nine)"), False),
        Field(
            "direction",
            Spec(
                "str",
                "the direction of play (default clockwise: seat numbers rising)",
                options=("clockwise", "counterclockwise"),
            ),
            OMITTED,
        ),
    ),
)

ATTACKS = (_attack("draw", "cards to draw"), _attack("skip", "turns to sit out"))
WISHES = (_wish("rank", "the wished rank"), _wish("suit", "the wished suit"))
FIELDS = tuple(item.name for item in POSITION.fields)
REQUIRED = tuple(item.name for item in POSITION.fields if item.default is fieldspec.REQUIRED)


def position_schema() -> dict[str, Any]:
    """POSITION as JSON Schema: the unions (a hand of cards or a count, an attack of either kind) and
    optional fields given as null (POSITION.md: "null means absent") spelled out."""
    body = json_schema(POSITION)
    props = body["properties"]
    props["deck"] = _one_of(_CARDS, _UNKNOWN) | {"description": props["deck"]["description"]}
    props["hands"]["items"] = _one_of(_CARDS, _UNKNOWN)
    attacks = _one_of(*ATTACKS)
    for choice in attacks["anyOf"]:  # attack.card given as null is absent too
        choice["properties"]["card"] = {"anyOf": [choice["properties"]["card"], {"type": "null"}]}
    props["attack"] = attacks | {"description": props["attack"]["description"]}
    props["wish"] = _one_of(*WISHES) | {"description": props["wish"]["description"]}
    required = set(body["required"])
    for name, schema in props.items():
        if name not in required:
            props[name] = {"anyOf": [schema, {"type": "null"}]}
    return body
