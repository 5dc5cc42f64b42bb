"""Typed errors of the engine: bad syntax, impossible positions, illegal moves, bad data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(EngineError, ValueError):
    """Text that is not a card, a move or a position (bad syntax)."""


@dataclass(frozen=True)
class Problem:
    """One problem of an impossible position: a code with parameters, and an English text."""

    code: str
    text: str
    params: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text


class PositionError(EngineError, ValueError):
    """A position that cannot exist; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


class RulesetError(EngineError, ValueError):
    """A ruleset file that cannot be used; the message names the file and the field."""


class IllegalMoveError(EngineError):
    """A well-formed move that the rules forbid here; carries its verdict."""

    def __init__(self, verdict: Any):
        self.verdict = verdict
        codes = ", ".join(r.code for r in verdict.reasons)
        super().__init__(f"illegal move {verdict.notation!r}: {codes}")
