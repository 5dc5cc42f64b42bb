"""The class quiz link: a fixed sequence of shipped drills, written as a short code (``?quiz=``).

The code is ``Q1.`` + base64url of compressed JSON ``{"v": variant, "d": [drill ids without
the variant prefix]}``. ``decode_quiz`` checks everything against the shipped drills and raises
``QuizCodeError`` whose ``code`` tells the page which message to show (and, for a code that unpacks
but holds what the guard refuses, the guard's own reason). No Streamlit here.
"""
from __future__ import annotations

from typing import Any

from engine.drills import Drill
from engine.packing import PackError, pack_json, unpack_json
from engine.ruleset import variant_ids

PREFIX = "Q1."
MAX_DRILLS = 30
MAX_CODE = 2000


# The guard's codes of a code damaged on its way (cut short, a character changed): the link's own fault.
DAMAGED = ("truncated", "corrupt", "trailing")


class QuizCodeError(ValueError):
    """A quiz code that cannot be used; ``code`` is one of empty, format, corrupt, unreadable, invalid,
    unknown_drill; ``refusal`` is the guard's code and params when it says exactly why (unreadable)."""

    def __init__(self, code: str, detail: str = "", refusal: tuple[str, dict[str, Any]] | None = None):
        self.code, self.refusal = code, refusal
        super().__init__(f"{code}: {detail}" if detail else code)


def encode_quiz(variant: str, drill_ids: list[str] | tuple[str, ...]) -> str:
    """Writes a quiz of shipped drills of one variant as a short code."""
    prefix = f"{variant}-"
    short = [i[len(prefix):] if i.startswith(prefix) else i for i in drill_ids]
    return pack_json({"v": variant, "d": short}, PREFIX)


def decode_quiz(code: Any, drills: tuple[Drill, ...]) -> tuple[str, tuple[str, ...]]:
    """Reads a quiz code into (variant, drill ids); every id must name a shipped drill of the variant."""
    try:
        data = unpack_json(code, MAX_CODE, 16 * 1024, PREFIX)
    except PackError as exc:
        if exc.kind in ("empty", "format"):
            raise QuizCodeError(exc.kind, str(exc)) from None
        if exc.code in DAMAGED:
            raise QuizCodeError("corrupt", str(exc)) from None
        # whole but not a quiz the app reads (a 5,000-digit number, nesting too deep): say exactly why
        raise QuizCodeError("unreadable", str(exc), refusal=(exc.code, dict(exc.params))) from None
    if not isinstance(data, dict) or set(data) != {"v", "d"}:
        raise QuizCodeError("invalid", "unexpected fields")
    variant, short = data["v"], data["d"]
    if variant not in variant_ids() or not isinstance(short, list) or not 1 <= len(short) <= MAX_DRILLS:
        raise QuizCodeError("invalid", "bad variant or drill list")
    known = {d.id for d in drills if d.variant == variant}
    ids = []
    for item in short:
        if not isinstance(item, str):
            raise QuizCodeError("invalid", "a drill id must be text")
        full = f"{variant}-{item}"
        if full not in known:
            raise QuizCodeError("unknown_drill", full)
        ids.append(full)
    return variant, tuple(ids)
