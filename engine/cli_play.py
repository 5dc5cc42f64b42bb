"""The command line's computer-player commands: ``play`` (rounds between computer players) and
``move`` (the move one would make in a position); POSITION.md, "additions for computer players".

    python -m engine play --variant ID --players N --strength S[,S...] --rounds R [--seed S]
    python -m engine move FILE|- --strength S [--seed S]

Same conventions as ``engine.cli`` (shared through ``engine.cli_common``): JSON on stdout; input
that cannot be used gives exit status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from engine.cli_common import CliError, Parser, read_position
from engine.errors import EngineError
from engine.players import STRENGTHS

MAX_ROUNDS = 1000


def cmd_play(args: argparse.Namespace) -> Any:
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise CliError(f"--rounds must be between 1 and {MAX_ROUNDS}, not {args.rounds}")
    from engine.match import play_match  # the kernel's rounds: imported by this command only
    from engine.ruleset import load_ruleset

    strengths = [s.strip() for s in args.strength.split(",")]
    try:
        rules = load_ruleset(args.variant)
        match = play_match(
            rules, args.players, strengths[0] if len(strengths) == 1 else strengths, args.rounds, args.seed
        )
    except EngineError as exc:
        raise CliError(str(exc)) from None
    return {"seed": args.seed, **match.to_json()}


def cmd_move(args: argparse.Namespace) -> Any:
    from engine.moves import format_move
    from engine.players import choose_move
    from engine.seat_view import view_of

    st = read_position(args.position)
    try:
        move = choose_move(view_of(st), args.strength, random.Random(args.seed))
    except EngineError as exc:
        raise CliError(str(exc)) from None
    return {"move": format_move(move, st.rules.deck), "strength": args.strength, "seat": st.to_move}


def register(sub: argparse._SubParsersAction[Parser]) -> None:
    """Adds ``play`` and ``move`` to the engine's command line."""
    names = ", ".join(STRENGTHS)
    p = sub.add_parser("play", help="rounds between computer players, scored as the variant says")
    p.add_argument("--variant", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--strength", required=True, help=f"one for all seats or one per seat, comma-separated ({names})")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_play)
    p = sub.add_parser("move", help="the move a computer player makes in a position, seeing only its seat")
    p.add_argument("position", help="a position JSON file, or - for standard input")
    p.add_argument("--strength", required=True, help=names)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_move)
