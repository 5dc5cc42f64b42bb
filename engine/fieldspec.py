"""File formats declared as data: each field's type, range, default, meaning and refusal codes.

A format is a ``Spec`` (a table of ``Field``\\ s, each holding a ``Spec``). One generic reader
(``read``) follows it and refuses the first field that does not fit, with the format's own error
(``Refuse``), or — collecting (``read(..., collect=[...])``) — notes every misfit and reads on,
leaving out what does not fit (a position is judged as a whole); ``bound_paths`` lists its ranges for the bounds table and ``json_schema`` writes it as
JSON Schema (draft 2020-12) for editors. Checks a type cannot say (a card pattern of the file's deck,
``[min, max]`` seats) are functions on the spec that raise through the same ``Refuse``; their codes
are declared beside them (``Spec.codes``) so the docs can list them. Stdlib only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from engine.guard import shown, value_params

Path = tuple[str | int, ...]


class Range(NamedTuple):
    """Inclusive bounds of one field, measured in ``unit`` (value, characters or entries), and why.

    ``off`` is the value that means "this card has no such rule" (a draw of 0): the house-rules
    form shows such a field only while the rule is on, so it offers the values above ``off``.
    """

    low: int
    high: int
    doc: str
    unit: str = "value"
    off: int | None = None


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


REQUIRED = _Marker("REQUIRED")  # a missing field is refused (code ``missing``)
OMITTED = _Marker("OMITTED")  # a missing field is left out of what the reader returns

_TYPES: dict[str, type] = {"int": int, "bool": bool, "str": str, "dict": dict, "list": list, "any": object}
_JSON_TYPES = {"int": "integer", "bool": "boolean", "str": "string", "dict": "object", "list": "array"}


class Refuse:
    """How a format refuses a field: ``error(path, code, params)`` builds the exception to raise."""

    def __init__(self, error: Callable[[Path, str, dict[str, Any]], Exception]) -> None:
        self.error = error


class _Noted(Exception):
    """A misfit noted while collecting: the field (or list entry) being read is left out."""


@dataclass
class Place:
    """Where the reader stands: the field's path, the values read so far (``root``, ``siblings``)."""

    refuse_with: Refuse
    path: Path
    root: dict[str, Any]
    siblings: dict[str, Any]
    raw: dict[str, Any] = field(default_factory=dict)  # the table being read, as the file gives it
    context: dict[str, Any] = field(default_factory=dict)  # what the caller knows (a drill file's variant)
    collect: list[Exception] | None = None  # the misfits noted so far, when the reader lists them all

    def at(self, key: str | int) -> Place:
        """The place of a field below this one (siblings stay those of this table)."""
        return self.moved((*self.path, key))

    def up(self) -> Place:
        """The place of the field that holds this one."""
        return self.moved(self.path[:-1])

    def moved(self, path: Path, siblings: dict[str, Any] | None = None, raw: dict[str, Any] | None = None) -> Place:
        """This place at another path (in another table, given its values and raw data)."""
        here = self.siblings if siblings is None else siblings
        return Place(
            self.refuse_with, path, self.root, here, self.raw if raw is None else raw, self.context, self.collect
        )

    def refuse(self, code: str, **params: Any) -> Exception:
        """The format's error for this field (to raise); collecting, the error is noted and the
        exception raised leaves the field out."""
        error = self.refuse_with.error(self.path, code, params)
        if self.collect is None:
            return error
        self.collect.append(error)
        return _Noted()

    def note(self, code: str, **params: Any) -> None:
        """Notes a misfit and reads on when collecting (a value may hold several); raises it otherwise."""
        error = self.refuse_with.error(self.path, code, params)
        if self.collect is None:
            raise error
        self.collect.append(error)


Check = Callable[[Any, Place], Any]
KeyCheck = Callable[[str, Any, Place], None]


@dataclass(frozen=True)
class Spec:
    """What one value of a file may hold.

    ``kind`` is its TOML/JSON type (int, bool, str, dict, list). A dict has either ``fields`` (a
    table of named fields, read in their order, others refused) or ``values`` (a table keyed freely,
    such as card patterns; ``key_check`` tests each key). A list has ``item`` (entries) or ``items``
    (fixed positions). ``check`` tests the read value further; the reader reads the entries of a
    list of tables itself, and leaves other entries to the item's ``check`` (or the list's own).
    """

    kind: str
    doc: str = ""
    bound: Range | None = None
    options: tuple[str, ...] = ()
    fields: tuple[Field, ...] = ()
    values: Spec | None = None
    item: Spec | None = None
    items: tuple[Spec, ...] = ()
    check: Check | None = None  # may return the value to keep instead (a list of steps read into Steps)
    key_check: KeyCheck | None = None
    unknown_first: bool = False  # refuse an unknown field before reading the others (scenario files)
    known: tuple[
        str, ...
    ] = ()  # every field name a table may hold, when not ``fields`` (in the order refusals list them)
    codes: tuple[str, ...] = ()  # the refusal codes ``check`` and ``key_check`` may raise
    schema: dict[str, Any] = field(default_factory=dict)  # JSON Schema words no type above can say
    word: str = ""  # what the docs' field table says it holds, where its type says too little ("card")
    instead: Any = OMITTED  # collecting: what a list keeps in place of an entry it refused (OMITTED: none)


@dataclass(frozen=True)
class Field:
    """One named field of a table: its spec and its default (``REQUIRED``, ``OMITTED`` or a value)."""

    name: str
    spec: Spec
    default: Any = REQUIRED
    before: Callable[[dict[str, Any], Place], None] | None = None  # a check of the raw table, run just before


def read(
    spec: Spec,
    data: Any,
    refuse: Refuse,
    context: dict[str, Any] | None = None,
    collect: list[Exception] | None = None,
) -> dict[str, Any]:
    """Reads a whole file (a table) as its spec says; raises the format's error for the first misfit,
    or, given a ``collect`` list, notes every misfit there and returns what fits."""
    root: dict[str, Any] = {}
    place = Place(refuse, (), root, root, {}, context or {}, collect)
    if not isinstance(data, dict):
        raise place.refuse("not_table")
    _read_table(spec, data, place, root)
    return root


def _read_table(spec: Spec, data: dict[str, Any], place: Place, out: dict[str, Any]) -> None:
    place = place.moved(place.path, out, data)
    if spec.unknown_first:
        _refuse_unknown(spec, data, place)
    read_fields(spec.fields, data, place, out)
    if spec.check is not None:
        spec.check(out, place)
    if not spec.unknown_first:
        _refuse_unknown(spec, data, place)


def read_fields(fields: tuple[Field, ...], data: dict[str, Any], place: Place, out: dict[str, Any]) -> None:
    """Reads the named fields of a table into ``out``, in their order (a check may read more).

    A check that returns ``OMITTED`` leaves its field out (collecting, a value that cannot be judged
    without a field refused before it)."""
    for item in fields:
        here = place.moved((*place.path, item.name), out, data)
        try:
            value = _field_value(item, data, here)
        except _Noted:
            continue
        if value is not OMITTED:
            out[item.name] = value


def _field_value(item: Field, data: dict[str, Any], here: Place) -> Any:
    if item.before is not None:
        item.before(data, here)
    if item.name in data:
        return _read_value(item.spec, data[item.name], here)
    if item.default is REQUIRED:
        raise here.refuse("missing")
    if item.default is not OMITTED and item.default is not None:
        return _read_value(item.spec, item.default, here)  # a default meets the same checks
    return item.default


def _refuse_unknown(spec: Spec, data: dict[str, Any], place: Place) -> None:
    names = spec.known or tuple(item.name for item in spec.fields)
    for key in data:
        if key not in names:
            place.at(key).note("unknown_field", known=names)


def _fits(spec: Spec, value: Any) -> bool:
    wanted = _TYPES[spec.kind]
    return isinstance(value, wanted) and not (wanted is int and isinstance(value, bool))


def _read_value(spec: Spec, value: Any, place: Place) -> Any:
    if not _fits(spec, value):
        raise place.refuse("wrong_type", type=type(value).__name__, expected=spec.kind)
    if spec.options and value not in spec.options:
        raise place.refuse("not_one_of", options=", ".join(spec.options), value=shown(value), **value_params(value))
    if spec.fields:
        out: dict[str, Any] = {}
        _read_table(spec, value, place, out)
        return out
    if spec.values is not None:
        read_map: dict[str, Any] = {}
        for key, entry in value.items():
            if spec.key_check is not None:
                spec.key_check(key, entry, place.at(key))
            read_map[key] = _read_value(spec.values, entry, place.at(key))
        value = read_map
    elif spec.item is not None and (spec.item.fields or spec.item.check is not None):
        value = _read_entries(spec, value, place)
    if spec.check is not None:
        kept = spec.check(value, place)
        if kept is not None:
            value = kept
    return value


def read_value(spec: Spec, value: Any, place: Place) -> Any:
    """Reads one value at ``place`` as ``spec`` says (a check reading a value of one of two kinds)."""
    return _read_value(spec, value, place)


def _read_entries(spec: Spec, value: list[Any], place: Place) -> list[Any]:
    """The entries of a list, each read by its item spec (tables) or its item check (which may
    return the value to keep); collecting, a refused entry gives way to the item's ``instead``."""
    item = spec.item
    assert item is not None
    out: list[Any] = []
    for index, entry in enumerate(value):
        try:
            kept = _read_entry(item, entry, place.at(index)) if item.fields else _checked(item, entry, place.at(index))
        except _Noted:
            kept = item.instead
        if kept is not OMITTED:
            out.append(kept)
    return out


def _checked(item: Spec, entry: Any, place: Place) -> Any:
    assert item.check is not None
    kept = item.check(entry, place)
    return entry if kept is None else kept


def adapted(spec: Spec, order: tuple[str, ...], **changes: dict[str, Any]) -> Spec:
    """A table's spec with its fields read in ``order`` and some fields' specs changed (``changes``:
    field name -> Spec attributes), for a reader that judges a field with ones declared after it."""
    by_name = {item.name: item for item in spec.fields}
    if sorted(order) != sorted(by_name) or set(changes) - set(by_name):
        raise ValueError(f"{order} does not name the fields {tuple(by_name)}")
    return replace(
        spec,
        fields=tuple(
            replace(by_name[name], spec=replace(by_name[name].spec, **changes.get(name, {}))) for name in order
        ),
    )


def _read_entry(spec: Spec, entry: Any, place: Place) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise place.refuse("not_table")
    out: dict[str, Any] = {}
    _read_table(spec, entry, place, out)
    return out


def dotted(path: Path) -> str:
    """Writes a field path as messages name fields: ``cards.2.draw``, ``deck_copies[0][1]``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


# ------------------------------------------------------------------------- what the declaration says


def bound_paths(spec: Spec, prefix: str = "") -> dict[str, Range]:
    """Every range of a format by field path: keys joined by ".", ``*`` any key, ``[]`` any entry."""
    out: dict[str, Range] = {}
    if spec.bound is not None and prefix:
        out[prefix] = spec.bound
    for item in spec.fields:
        out.update(bound_paths(item.spec, f"{prefix}.{item.name}" if prefix else item.name))
    if spec.values is not None:
        out.update(bound_paths(spec.values, f"{prefix}.*"))
    if spec.item is not None:
        out.update(bound_paths(spec.item, f"{prefix}[]"))
    for index, position in enumerate(spec.items):
        out.update(bound_paths(position, f"{prefix}[{index}]"))
    return out


def json_schema(spec: Spec, fallback: Callable[[str], Range | None] = lambda unit: None) -> dict[str, Any]:
    """The spec as JSON Schema (draft 2020-12); ``fallback`` gives the range of a field that has none."""
    out: dict[str, Any] = {"type": _JSON_TYPES[spec.kind]} if spec.kind in _JSON_TYPES else {}
    if spec.doc:
        out["description"] = spec.doc
    if spec.options:
        out["enum"] = list(spec.options)
    unit = {"int": "value", "str": "characters"}.get(spec.kind, "entries")
    bound = spec.bound or (fallback(unit) if spec.kind not in ("bool", "any") and not spec.options else None)
    if bound is not None:
        low, high = {
            "int": ("minimum", "maximum"),
            "str": ("minLength", "maxLength"),
            "list": ("minItems", "maxItems"),
            "dict": ("minProperties", "maxProperties"),
        }[spec.kind]
        out[low], out[high] = bound.low, bound.high
    if spec.fields:
        out["properties"] = {item.name: _field_schema(item, fallback) for item in spec.fields}
        required = [item.name for item in spec.fields if item.default is REQUIRED]
        if required:
            out["required"] = required
        out["additionalProperties"] = False
    if spec.values is not None:
        out["additionalProperties"] = json_schema(spec.values, fallback)
    if spec.item is not None:
        out["items"] = json_schema(spec.item, fallback)
    if spec.items:
        out["prefixItems"] = [json_schema(position, fallback) for position in spec.items]
        out["items"] = False
        out["minItems"] = out["maxItems"] = len(spec.items)
    out.update(spec.schema)
    return out


def _field_schema(item: Field, fallback: Callable[[str], Range | None]) -> dict[str, Any]:
    out = json_schema(item.spec, fallback)
    if item.default not in (REQUIRED, OMITTED) and item.default is not None:
        out["default"] = item.default
    return out


def codes(spec: Spec) -> tuple[str, ...]:
    """The refusal codes the checks of a format declare, each once, in declaration order."""
    found: list[str] = list(spec.codes)
    nested = [item.spec for item in spec.fields] + [s for s in (spec.values, spec.item) if s is not None]
    for child in (*nested, *spec.items):
        found.extend(codes(child))
    return tuple(dict.fromkeys(found))


def field_rows(spec: Spec, prefix: str = "") -> list[tuple[str, str, str, str]]:
    """Every field of a format as (path, what it holds, default, meaning), for the docs' field table."""
    rows: list[tuple[str, str, str, str]] = []
    for item in spec.fields:
        path = f"{prefix}.{item.name}" if prefix else item.name
        rows.append((path, _holds(item.spec), _default_text(item.default), item.spec.doc))
        rows.extend(_nested_rows(item.spec, path))
    return rows


def _nested_rows(spec: Spec, path: str) -> list[tuple[str, str, str, str]]:
    if spec.fields:
        return field_rows(spec, path)
    if spec.values is not None:
        return [(f"{path}.*", _holds(spec.values), "", spec.values.doc), *_nested_rows(spec.values, f"{path}.*")]
    if spec.item is not None and spec.item.fields:
        return field_rows(spec.item, f"{path}[]")
    return []


def _holds(spec: Spec) -> str:
    if spec.word:
        return spec.word
    if spec.options:
        return "one of " + ", ".join(f"`{option}`" for option in spec.options)
    words = {
        "int": "whole number",
        "bool": "`true` or `false`",
        "str": "text",
        "dict": "table",
        "list": "list",
        "any": "any",
    }
    text = words[spec.kind]
    if spec.kind == "list" and spec.items:
        text = "[" + ", ".join(_holds(position) for position in spec.items) + "]"
    elif spec.kind == "list" and spec.item is not None:
        text = f"list of {_holds(spec.item) if not spec.item.fields else 'tables'}"
    return text


def _default_text(default: Any) -> str:
    if default is REQUIRED:
        return "required"
    if default is OMITTED or default is None:
        return "(none)"
    return "`" + json.dumps(default, ensure_ascii=False).replace("|", "\\|") + "`"


def fields_markdown(spec: Spec) -> str:
    """The field table of a format's document (docs/RULESET_SCHEMA.md), generated from the declaration."""
    lines = ["| field | holds | default | what it is |", "|---|---|---|---|"]
    lines += [f"| `{path}` | {holds} | {default} | {doc} |" for path, holds, default, doc in field_rows(spec)]
    return "\n".join(lines) + "\n"


def with_generated(doc: str, start: str, end: str, table: str) -> str:
    """Returns a document with the text between two marker lines replaced by ``table``."""
    head, found, rest = doc.partition(start)
    if not found:
        raise ValueError(f"the document has no line {start!r}")
    _, _, tail = rest.partition(end)
    return f"{head}{start}\n{table}{end}{tail}"
