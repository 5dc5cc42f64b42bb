"""``python -m engine hint FILE|- [--playouts N] [--seed S] [--seconds T] [--lang L]``.

Stops at the playouts or after ``--seconds`` (default 10 s), whichever comes first. Prints JSON:
the seat to move, what the numbers measure (``objective``, ``better``), every legal
move with its estimate, 95% interval and playouts (best first), the coach's reason codes and
its sentence (``coach``) in the language asked for. Bad input exits with status 2 and one line
on stderr, like every command of ``engine/cli.py`` (``engine.cli_common``).
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

from engine.cli_common import CliError, Parser, check_lang, describer_for, read_position

if TYPE_CHECKING:
    from engine.coach import Hint
    from engine.state import State

MAX_PLAYOUTS = 1_000_000
# A default time budget: a huge --playouts cannot tie a shell up for minutes (reliability.md N4).
DEFAULT_SECONDS = 10.0


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds the ``hint`` command to the engine's command line."""
    p = sub.add_parser("hint", help="the coach: every legal move with its estimated value, best first")
    p.add_argument("position", help="a position JSON file, or - for standard input")
    p.add_argument("--playouts", type=int, default=1000, help="playouts in all (default 1000)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help=f"the time budget in seconds (default {DEFAULT_SECONDS:g}; the playouts still cap it)",
    )
    p.add_argument("--lang", default="en")
    p.set_defaults(run=cmd_hint)


def cmd_hint(args: argparse.Namespace) -> Any:
    check_lang(args.lang)
    if not 1 <= args.playouts <= MAX_PLAYOUTS:
        raise CliError(f"--playouts must be between 1 and {MAX_PLAYOUTS}")
    if not 0 < args.seconds < math.inf:
        raise CliError("--seconds must be more than 0 (and finite)")
    # The coach and its kernel are imported by this command only: the others start without them.
    from engine.coach import CoachError, hint
    from engine.seat_view import view_of

    st = read_position(args.position)
    try:
        h = hint(view_of(st), playouts=args.playouts, seed=args.seed, seconds=args.seconds)
    except CoachError as exc:
        raise CliError(str(exc)) from None
    return {"to_move": st.to_move, **h.to_json(), "coach": coach_sentence(h, st, args.lang)}


def coach_sentence(h: Hint, st: State, lang: str) -> str:
    """The coach's words in ``lang`` on the hint of position ``st``, from the text layer, as ``explain --lang`` finds its own."""
    return describer_for(lang).coach(h, st.rules, st)
