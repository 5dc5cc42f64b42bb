"""The ranges every ruleset field must keep: one table read by the ruleset reader, the house-rules form and the docs.

A ruleset is data a user may upload, so every number has a range, every text a length and every
list a size (docs/RULESET_SCHEMA.md is generated from ``BOUNDS``, which the ruleset's declaration
``engine.ruleset_format.RULESET`` gives). ``check_bounds`` walks the
parsed TOML before the reader looks at it and refuses the first field outside its range, naming
the field and the range. Values of the wrong type are left to the reader, which names them.

Why these ranges: the house-rules form reads its limits from here (``form_range``), so an upload
can do what the form can and no more; a deck is 32 or 52 cards and more than four decks only makes
dealing slow (100,000 decks are 5.2 M cards, 527 MB); a name is read in menus and a
60,000-character one took 27 s to render.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from engine.fieldspec import Range, bound_paths
from engine.guard import MAX_TOML_DEPTH, RulesetInputError, shown, value_params
from engine.ruleset_format import RULESET

__all__ = ["ANY_KEY", "ANY_LIST", "ANY_NUMBER", "ANY_TEXT", "BOUNDS", "Range", "check_bounds", "form_range"]
__all__ += ["field_name", "range_of", "range_of_path", "schema_markdown", "with_schema_table"]


# Paths: keys joined by ".", "*" any key of a table, "[]" any entry of a list, "[1]" the second entry.
# The ranges are the declaration's (engine.ruleset_format.RULESET), never written twice.
BOUNDS: dict[str, Range] = bound_paths(RULESET)

# Everything the table does not name: the reader refuses such fields anyway, but only after these
# limits, so no message ever repeats a 60,000-character text or a 4,000-digit number.
ANY_TEXT = Range(0, 100, "any other text (ids of decks, conditions, card patterns)", "characters")
ANY_LIST = Range(0, 100, "any other list or table", "entries")
ANY_NUMBER = Range(-1000, 1000, "any other number")
ANY_KEY = Range(0, 40, "the name of a field or a card pattern", "characters")

_SEGMENT = re.compile(r"([^.\[\]]+)|\[(\d*)\]")


def _segments(path: str) -> tuple[str | int, ...]:
    out: list[str | int] = []
    for key, index in _SEGMENT.findall(path):
        out.append(key if key else ("[]" if index == "" else int(index)))
    return tuple(out)


def _index() -> dict[tuple[int, str | int], list[tuple[tuple[str | int, ...], Range]]]:
    """The table's paths by (depth, first key), so a field is matched against a handful, not all."""
    index: dict[tuple[int, str | int], list[tuple[tuple[str | int, ...], Range]]] = {}
    for path, bound in BOUNDS.items():
        segments = _segments(path)
        if segments[0] in ("*", "[]") or not isinstance(segments[0], str):
            raise ValueError(f"a path of BOUNDS starts with a key, not {path!r}")
        index.setdefault((len(segments), segments[0]), []).append((segments, bound))
    return index


_PATTERNS = _index()


def _matches(pattern: tuple[str | int, ...], where: tuple[str | int, ...]) -> bool:
    if len(pattern) != len(where):
        return False
    for want, got in zip(pattern, where, strict=False):
        if want == "*":
            if not isinstance(got, str):
                return False
        elif want == "[]":
            if not isinstance(got, int):
                return False
        elif want != got or type(want) is not type(got):
            return False
    return True


def _unit_of(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return "value"
    if isinstance(value, str):
        return "characters"
    if isinstance(value, (list, dict)):
        return "entries"
    return None


def range_of(field: str, unit: str = "value") -> Range | None:
    """Returns the table's range for a field path such as ``cards.2.draw`` (None when the table has none)."""
    return range_of_path(_segments(field), unit)


def form_range(field: str, unit: str = "value") -> tuple[int, int]:
    """Returns the (min, max) the house-rules form offers for a field: the table's range, above ``off``."""
    bound = range_of(field, unit)
    if bound is None:
        raise KeyError(f"no range for {field!r} in BOUNDS")
    low = bound.low + 1 if bound.off is not None and bound.off == bound.low else bound.low
    return low, bound.high


def field_name(where: tuple[str | int, ...]) -> str:
    """Writes a field path as the reader names fields: ``cards.2.draw``, ``deck_copies[0][1]``."""
    out = ""
    for part in where:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = part if len(part) <= ANY_KEY.high else part[:20] + "…"
            out += f".{text}" if out else text
    return out


def _measure(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


def _refuse(origin: str, where: tuple[str | int, ...], bound: Range, value: Any) -> RulesetInputError:
    field = field_name(where)
    if bound.unit == "value":
        return RulesetInputError(
            origin,
            "out_of_range",
            field=field,
            low=bound.low,
            high=bound.high,
            value=shown(value),
            **value_params(value),
        )
    if bound.unit == "characters":
        return RulesetInputError(origin, "text_length", field=field, low=bound.low, high=bound.high, length=len(value))
    return RulesetInputError(origin, "entry_count", field=field, low=bound.low, high=bound.high, count=len(value))


def check_bounds(data: Any, origin: str) -> None:
    """Refuses parsed ruleset data with a field outside BOUNDS; raises RulesetError naming field and range."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        if len(where) > MAX_TOML_DEPTH:
            raise RulesetInputError(origin, "field_too_deep", field=field_name(where), limit=MAX_TOML_DEPTH)
        unit = _unit_of(value)
        if unit is not None and where:
            bound = (
                range_of_path(where, unit) or {"value": ANY_NUMBER, "characters": ANY_TEXT, "entries": ANY_LIST}[unit]
            )
            if not bound.low <= _measure(value) <= bound.high:
                raise _refuse(origin, where, bound, value)
        if isinstance(value, dict):
            children = []
            for key, child in value.items():
                if isinstance(key, str) and len(key) > ANY_KEY.high:
                    raise RulesetInputError(origin, "key_length", field=field_name((*where, key)), high=ANY_KEY.high)
                children.append((child, (*where, key)))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([(child, (*where, i)) for i, child in enumerate(value)]))


def range_of_path(where: tuple[str | int, ...], unit: str) -> Range | None:
    """Returns the table's range for a field given as path segments, in the unit of its value."""
    if not where:
        return None
    for pattern, bound in _PATTERNS.get((len(where), where[0]), ()):
        if bound.unit == unit and _matches(pattern, where):
            return bound
    return None


def schema_markdown() -> str:
    """Returns the table of docs/RULESET_SCHEMA.md, generated from BOUNDS and the fallbacks."""
    unit_words = {"value": "", "characters": " characters", "entries": " entries"}
    lines = ["| field | range | what it is |", "|---|---|---|"]
    for path, bound in BOUNDS.items():
        lines.append(f"| `{path}` | {bound.low} to {bound.high}{unit_words[bound.unit]} | {bound.doc} |")
    for name, bound in (
        ("(any other text)", ANY_TEXT),
        ("(any other list or table)", ANY_LIST),
        ("(any other number)", ANY_NUMBER),
        ("(any field name)", ANY_KEY),
    ):
        lines.append(f"| {name} | {bound.low} to {bound.high}{unit_words[bound.unit]} | {bound.doc} |")
    lines.append(
        f"| (nesting) | at most {MAX_TOML_DEPTH} levels below the top | `cards.2.wish_values[0]` is four levels deep |"
    )
    return "\n".join(lines) + "\n"


START, END = "<!-- bounds table: generated by python -m engine.ruleset_bounds -->", "<!-- end of bounds table -->"


def with_schema_table(doc: str) -> str:
    """Returns the schema document with its generated table replaced by the current one."""
    head, _, rest = doc.partition(START)
    _, _, tail = rest.partition(END)
    return f"{head}{START}\n{schema_markdown()}{END}{tail}"


if __name__ == "__main__":  # python -m engine.ruleset_bounds docs/RULESET_SCHEMA.md: refresh the table
    for name in sys.argv[1:]:
        with open(name, encoding="utf-8") as handle:
            text = handle.read()
        with open(name, "w", encoding="utf-8") as handle:
            handle.write(with_schema_table(text))
