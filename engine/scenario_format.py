"""The lesson file format (``scenarios/lessons/*.toml``, scenarios/README.md), declared once.

``SCENARIO`` is read by ``engine.scenario.scenario_from_dict`` (through ``engine.fieldspec.read``)
and gives docs/schemas/scenario.schema.json (``python -m engine.schemas``). The checks below say what
a type cannot (a known variant and topic, a deterministic start position, one kind per step); each
refusal is a ``("says", text)`` the scenario reader turns into a ScenarioError naming the file and
the step or field. Whether the moves are legal is ``engine.scenario.verify``'s part.
"""

from __future__ import annotations

from typing import Any

from engine.fieldspec import OMITTED, Field, Place, Spec
from engine.ruleset import variant_ids
from engine.verdicts import REASON_CODES

TOPICS = (
    "matching",
    "drawing",
    "several_cards",
    "two_three",
    "battle_kings",
    "four",
    "jack",
    "queen",
    "ace",
    "makao_call",
    "end_of_round",
    "hu_seven",
    "hu_ace",
    "hu_felso",
    "hu_also",
    "cover",  # ru-101: cover the nine
    "reverse",  # a card that reverses the direction of play (de-maumau-9's 9)
)
VIEWS = ("open", "hidden")
CHECK_FIELDS = ("top", "hand_sizes", "to_move", "attack", "wish", "waiting", "finished", "over", "direction")
MAX_HINTS = 3


def _says(place: Place, text: str) -> Exception:
    return place.refuse("says", text=text)


def _variant(value: str, place: Place) -> None:
    if value not in variant_ids():
        raise _says(place, f"unknown variant {value!r} (known: {', '.join(variant_ids())})")


def _order(value: int, place: Place) -> None:
    if value < 1:
        raise _says(place, "must be 1 or more")


def _topics(value: list[Any], place: Place) -> None:
    for i, topic in enumerate(value):
        if topic not in TOPICS:
            raise _says(place.at(i), f"unknown topic {topic!r} (known: {', '.join(TOPICS)})")
    if not value:
        raise _says(place, "name at least one topic")


def _view(value: str, place: Place) -> None:
    if value not in VIEWS:
        raise _says(place, f"must be one of {', '.join(VIEWS)}, not {value!r}")


def _position(value: dict[str, Any], place: Place) -> dict[str, Any]:
    """The start position, every card placed (a lesson is deterministic), with the lesson's variant."""
    variant = place.root["variant"]
    if value.get("variant", variant) != variant:
        raise _says(place.at("variant"), f"is {value.get('variant')!r} but the scenario is {variant!r}")
    position = {"variant": variant, **value}
    if not isinstance(position.get("deck"), list):
        raise _says(place.at("deck"), "must list the deck's cards in order (the lesson must be deterministic)")
    hands = position.get("hands", [])
    if not isinstance(hands, (list, str, dict)):  # a number or a switch: no hands at all (was a crash)
        raise _says(place.at("hands"), "must list one hand of cards per seat")
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list):
            raise _says(place.at("hands").at(seat), "must list the cards (no unknown cards in a lesson)")
    return position


def _hints(value: Any, place: Place) -> tuple[str, ...]:
    """A step's hint levels: one text, or a list from the gentlest (a question, the rule) to the
    most telling (the card); at most MAX_HINTS."""
    hints = (value,) if isinstance(value, str) else value
    if not isinstance(hints, (list, tuple)) or not all(isinstance(h, str) and h for h in hints):
        raise _says(place, "must be a text or a list of texts")
    if len(hints) > MAX_HINTS:
        raise _says(place, f"at most {MAX_HINTS} hint levels")
    return tuple(hints)


def _moves(value: Any, place: Place) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items or not all(isinstance(i, str) and i.strip() for i in items):
        raise _says(place, "must be a move or a non-empty list of moves")
    return tuple(items)


def _one_kind(step: dict[str, Any], place: Place) -> None:
    """A step is narration only, a scripted move (``move``) or a learner step (``accept``), never two."""
    if "move" in step and "accept" in step:
        raise _says(place.up(), "give either 'move' (a scripted move) or 'accept' (a learner step), not both")


def _learner_parts(step: dict[str, Any], place: Place) -> None:
    """``hint`` and ``wrong`` belong to learner steps; a step without a move needs narration."""
    if "accept" in step:
        return
    if place.siblings["hint"] or "wrong" in step:
        raise _says(place.up(), "'hint' and 'wrong' belong to learner steps (with 'accept')")
    if "move" not in step and not place.siblings["narration"]:
        raise _says(place.up(), "a step needs narration, a 'move' or an 'accept'")


def _reason(value: str, place: Place) -> None:
    if value not in REASON_CODES:
        raise _says(place, f"unknown reason code {value!r}")


def _steps(value: list[Any], place: Place) -> None:
    if not value:
        raise _says(place, "a lesson needs at least one step")


def _check_fields(value: dict[str, Any], place: Place) -> None:
    for key in value:
        if key not in CHECK_FIELDS:
            raise place.at(key).refuse("unknown_field", known=CHECK_FIELDS)


def _text(doc: str) -> Spec:
    return Spec("str", doc)


_TEXTS = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}

WRONG = Spec(
    "dict",
    "a wrong answer the step teaches against",
    unknown_first=True,
    known=("move", "reason", "remark"),
    fields=(
        Field("reason", Spec("str", "the engine's reason code for refusing it", check=_reason)),
        Field("move", _text("the wrong move (move notation)")),
        Field("remark", _text("what the learner is told"), ""),
    ),
)

STEP = Spec(
    "dict",
    "one step: narration only, a scripted move of another seat, or a learner step",
    unknown_first=True,
    known=("narration", "move", "accept", "hint", "wrong"),
    fields=(
        Field("narration", _text("what is said at this step"), ""),
        Field("hint", Spec("any", "hint levels: one text or a list, gentlest first", check=_hints, schema=_TEXTS), ()),
        Field("move", _text("a scripted move of another seat"), OMITTED, before=_one_kind),
        Field(
            "accept",
            Spec("any", "the learner's accepted move or moves", check=_moves, schema=_TEXTS),
            OMITTED,
            before=_learner_parts,
        ),
        Field("wrong", Spec("list", "wrong answers and why", item=WRONG), []),
    ),
)

SCENARIO = Spec(
    "dict",
    "A lesson: a start position and its steps (scenarios/README.md).",
    unknown_first=True,
    fields=(
        Field("id", _text("the lesson's id (its file name)")),
        Field("variant", Spec("str", "the ruleset the lesson teaches", check=_variant)),
        Field("order", Spec("int", "its place among the variant's lessons (1 or more)", check=_order)),
        Field(
            "topics", Spec("list", "what it teaches", item=Spec("str", schema={"enum": list(TOPICS)}), check=_topics)
        ),
        Field("title", _text("the lesson's title")),
        Field("goal", _text("what the learner will be able to do")),
        Field("summary", _text("the rule in one sentence"), ""),
        Field("learner", Spec("int", "the learner's seat"), 0),
        Field(
            "view",
            Spec("str", "whether the other hands are shown", check=_view, schema={"enum": list(VIEWS)}),
            "hidden",
        ),
        Field("position", Spec("dict", "the start position (Position JSON v1, every card placed)", check=_position)),
        Field("steps", Spec("list", "the steps, in order", item=STEP, check=_steps)),
        Field(
            "check",
            Spec(
                "dict",
                "the success check after the last step",
                check=_check_fields,
                schema={"propertyNames": {"enum": list(CHECK_FIELDS)}},
            ),
            {},
        ),
    ),
)
TOP_FIELDS = tuple(item.name for item in SCENARIO.fields)
STEP_FIELDS = STEP.known
WRONG_FIELDS = WRONG.known
