"""What every command of ``python -m engine`` shares: the parser that fails in one line, the error
it raises, reading a position file, and the describer behind ``--lang``.

``engine.cli`` builds the parser and dispatches; ``engine.cli_play`` and ``engine.cli_coach`` add
their commands. All three import this module, and it imports none of them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import NoReturn, Protocol

from engine import guard
from engine.cards import DeckKind
from engine.coach import Hint
from engine.errors import EngineError, PositionError
from engine.position import MAX_POSITION_BYTES, parse_position
from engine.ruleset import Ruleset
from engine.state import State
from engine.verdicts import Event, Verdict

LANGS = ("en", "pl", "da", "hu")
DESCRIBERS = "makao_tutor.describers"  # entry-point group: name -> callable(lang) -> Describer


class CliError(Exception):
    """Input the command line cannot use; printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one ``CliError`` line (exit 2), not a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise CliError(message)


class Describer(Protocol):
    """Verdicts, events and the coach's hints as sentences in one language."""

    def verdict(self, verdict: Verdict, deck: DeckKind) -> str: ...

    def event(self, event: Event, deck: DeckKind) -> str: ...

    def coach(self, hint: Hint, rules: Ruleset, state: State | None = None) -> str: ...


def find_describer() -> Callable[[str], Describer]:
    """The describer factory registered in ``DESCRIBERS``; a clear error when no text layer is installed."""
    found = sorted(entry_points(group=DESCRIBERS), key=lambda ep: ep.name)
    if not found:
        raise CliError(
            f"explanations need a text layer registered under the entry points {DESCRIBERS!r} "
            "(install the app: pip install -e .)"
        )
    factory: Callable[[str], Describer] = found[0].load()
    return factory


def check_lang(lang: str) -> None:
    """Refuses a ``--lang`` outside ``LANGS`` with one clear line."""
    if lang not in LANGS:
        raise CliError(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")


def describer_for(lang: str) -> Describer:
    """The describer of one language, checked against ``LANGS``."""
    check_lang(lang)
    return find_describer()(lang)


def read_position(source: str) -> State:
    """The position in a JSON file, or on standard input for ``-``; bad input is one ``CliError`` line."""
    # Reads at most one byte past the limit, so a huge file or pipe is refused, not loaded (engine.guard).
    limit = MAX_POSITION_BYTES
    if source == "-":
        data = getattr(sys.stdin, "buffer", sys.stdin).read(limit + 1)
    else:
        try:
            with open(source, "rb") as fh:
                data = fh.read(limit + 1)
        except OSError as exc:
            raise CliError(f"{source}: cannot be read ({exc.strerror})") from None
    try:
        return parse_position(guard.upload_text(data, "position", limit))
    except PositionError as exc:  # the first ten problems: a seat listed 8,000 times makes 8,000 of them
        listed = "; ".join(str(p) for p in exc.problems[:10])
        more = f"; and {len(exc.problems) - 10} more" if len(exc.problems) > 10 else ""
        raise CliError(f"impossible position: {listed}{more}") from None
    except EngineError as exc:
        raise CliError(f"position: {exc}") from None
