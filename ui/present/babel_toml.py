"""Babel extractor for the data files: ruleset names and notes, scenario texts.

Declared in ``babel.cfg``; ``pybabel extract`` calls ``extract_toml`` for every matching
``.toml`` file. It yields the top-level ``name`` and, at any depth, every string (or
list of strings) under one of ``TEXT_KEYS``; the app translates them with ``gettext``.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterator
from typing import Any, BinaryIO

TEXT_KEYS = frozenset({"title", "goal", "narration", "hint", "feedback", "text", "remark", "summary"})
TOP_LEVEL_KEYS = frozenset({"name"})


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str) and item.strip()]
    return []


def translatable_texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Yields (field path, text) for every translatable text of a parsed data file, in file order."""
    for key in data:
        if key in TOP_LEVEL_KEYS:
            for text in _strings(data[key]):
                yield key, text

    def walk(value: Any, path: str) -> Iterator[tuple[str, str]]:
        if isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else key
                if key in TEXT_KEYS:
                    for text in _strings(item):
                        yield where, text
                walk_items = item if isinstance(item, (dict, list)) else None
                if walk_items is not None:
                    yield from walk(walk_items, where)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, (dict, list)):
                    yield from walk(item, f"{path}[{index}]")

    yield from walk(data, "")


def _line_of(lines: list[str], text: str) -> int:
    probe = text.splitlines()[0][:40] if text else ""
    for quote in ('"', "'", ""):
        for number, line in enumerate(lines, start=1):
            if probe and quote + probe in line and not line.lstrip().startswith("#"):
                return number
    return 1


def extract_toml(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method: yields (line, None, message, comments) for each text of a TOML file."""
    raw = fileobj.read().decode("utf-8")
    data = tomllib.loads(raw)
    lines = raw.splitlines()
    for where, text in translatable_texts(data):
        yield _line_of(lines, text), None, text, [f"TOML field: {where}"]
