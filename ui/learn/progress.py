"""Learn progress as a short code a student can copy and paste back later.

The code lists, per variant, one character per lesson in lesson order — ``0``–``3`` stars,
``x`` not done — and ends with a checksum so a mistyped code is refused rather than misread:
``MK1:pl=332x1;hu=3:5e``. Lessons are keyed by (variant, order), so adding a lesson at the end
of a variant keeps old codes valid. Stdlib only.
"""
from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Mapping

from engine.scenario import Scenario

PREFIX = "MK1"
MAX_CODE = 400
_PART = re.compile(r"([a-z][a-z0-9-]{0,23})=([0-3x]{0,60})")  # ruleset ids have digits: ru-101, de-maumau-9


class ProgressCodeError(ValueError):
    """A progress code that cannot be read; ``problem`` says why, in a word the UI translates."""

    def __init__(self, problem: str):
        self.problem = problem  # "empty" | "too_long" | "format" | "checksum"
        super().__init__(problem)


def _checksum(payload: str) -> str:
    return f"{zlib.crc32(payload.encode('utf-8')) & 0xFF:02x}"


def progress_code(stars: Mapping[str, int], lessons: Iterable[Scenario]) -> str:
    """Writes the stars earned per lesson id as a progress code."""
    by_variant: dict[str, dict[int, int]] = {}
    for lesson in lessons:
        if lesson.id in stars:
            by_variant.setdefault(lesson.variant, {})[lesson.order] = max(0, min(3, int(stars[lesson.id])))
    parts = []
    for variant, orders in by_variant.items():
        digits = "".join(str(orders[o]) if o in orders else "x" for o in range(1, max(orders) + 1))
        parts.append(f"{variant}={digits}")
    payload = ";".join(parts)
    return f"{PREFIX}:{payload}:{_checksum(payload)}"


def read_progress_code(code: str, lessons: Iterable[Scenario]) -> dict[str, int]:
    """Reads a progress code back into stars per lesson id; raises ProgressCodeError.

    Lessons the code names but this app no longer has are ignored.
    """
    if not isinstance(code, str) or not code.strip():
        raise ProgressCodeError("empty")
    text = "".join(code.split())
    if len(text) > MAX_CODE:
        raise ProgressCodeError("too_long")
    pieces = text.split(":")
    if len(pieces) != 3 or pieces[0].upper() != PREFIX:
        raise ProgressCodeError("format")
    payload, check = pieces[1], pieces[2].lower()
    if _checksum(payload) != check:
        raise ProgressCodeError("checksum")
    index = {(lesson.variant, lesson.order): lesson.id for lesson in lessons}
    stars: dict[str, int] = {}
    for part in payload.split(";") if payload else []:
        match = _PART.fullmatch(part)
        if match is None:
            raise ProgressCodeError("format")
        variant, digits = match.groups()
        for order, digit in enumerate(digits, start=1):
            lesson_id = index.get((variant, order))
            if digit != "x" and lesson_id is not None:
                stars[lesson_id] = int(digit)
    return stars
