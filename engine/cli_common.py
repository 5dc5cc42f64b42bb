"""What every command of ``python -m engine`` shares: the parser that fails in one line, the error
it raises, reading a position file, and the describer behind ``--lang``.

``engine.cli`` builds the parser and dispatches; ``engine.cli_play`` and ``engine.cli_coach`` add
their commands. All three import this module, and it imports none of them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from engine.errors import EngineError, PositionError

if TYPE_CHECKING:
    from engine.cards import DeckKind
    from engine.coach import Hint
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
    found = sorted(registered_entry_points(DESCRIBERS)) or _metadata_entry_points(DESCRIBERS)
    if not found:
        raise CliError(
            f"explanations need a text layer registered under the entry points {DESCRIBERS!r} "
            "(install the app: pip install -e .)"
        )
    module, _, attrs = found[0][1].partition(":")
    factory: Any = importlib.import_module(module.strip())
    for attr in attrs.strip().split(".") if attrs.strip() else ():
        factory = getattr(factory, attr)
    described: Callable[[str], Describer] = factory
    return described


def registered_entry_points(group: str) -> list[tuple[str, str]]:
    """(name, ``module:attr``) of the entry points in ``group``, read from the ``entry_points.txt``
    of the distributions installed in the folders of ``sys.path`` — where importlib.metadata reads
    them, without its import cost at every start (a tenth of a second); the first distribution of
    a name on the path wins, as there."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for folder in sys.path:
        try:
            names = sorted(n for n in os.listdir(folder or ".") if n.endswith((".dist-info", ".egg-info")))
        except OSError:  # a zip file or a missing folder: importlib.metadata's turn
            continue
        for name in names:
            dist = name.rpartition(".")[0].partition("-")[0].replace("-", "_").replace(".", "_").lower()
            if dist in seen:
                continue
            seen.add(dist)
            found += _group_in(os.path.join(folder or ".", name, "entry_points.txt"), group)
    return found


def _group_in(path: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of section ``[group]`` of an entry_points.txt (none if absent)."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return []
    section, out = None, []
    for line in lines:
        text = line.strip()
        if not text or text[0] in "#;":
            continue
        if text.startswith("[") and text.endswith("]"):
            section = text[1:-1].strip()
        elif section == group and "=" in text:
            name, _, value = text.partition("=")
            out.append((name.strip(), value.strip()))
    return out


def _metadata_entry_points(group: str) -> list[tuple[str, str]]:
    """The group's entry points by importlib.metadata: distributions in zip files or other finders."""
    from importlib.metadata import entry_points

    return sorted((ep.name, ep.value) for ep in entry_points(group=group))


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
    from engine import guard
    from engine.position import MAX_POSITION_BYTES, parse_position

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
