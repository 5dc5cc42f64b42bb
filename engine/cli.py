"""The engine's command line: variants, new, explain, selfplay (POSITION.md, "Command line").

Output is JSON on stdout. Input that cannot be read gives exit status 2 and one line on
stderr naming the field or token at fault — never a traceback.

The engine writes no sentences: ``explain`` gets its ``why`` and narration from a describer that
a text layer registers in the entry-point group ``DESCRIBERS`` (the app registers
``ui.present.describer:describer``). This module builds the parser and dispatches; what the
commands share (``CliError``, the one-line parser, reading a position, the describer) lives in
``engine.cli_common``, which ``engine.cli_play`` and ``engine.cli_coach`` import too. To add a
command: a ``cmd_<name>(args)`` returning JSON data, and its ``sub.add_parser`` lines in
``build_parser`` (or a ``register(sub)`` of its own module).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine import cli_coach, cli_play
from engine.cli_common import CliError, Parser, describer_for, read_position
from engine.errors import EngineError

# Each command imports what it needs when it runs, so `explain`, `move` and `new` start without the
# coach, the playout kernel or importlib.metadata (docs/ENGINE.md, "Start time").


def cmd_variants(args: argparse.Namespace) -> Any:
    from engine.ruleset import load_ruleset, variant_ids

    out = []
    for vid in variant_ids():
        r = load_ruleset(vid)
        out.append(
            {
                "id": r.id,
                "name": r.name,
                "deck": r.deck.id,
                "cards": r.deck.size,
                "players": list(r.players),
                "hand_size": r.hand_size,
                "source": r.source,
            }
        )
    return out


def cmd_new(args: argparse.Namespace) -> Any:
    from engine.deal import new_game
    from engine.position import position_to_json
    from engine.ruleset import load_ruleset

    try:
        rules = load_ruleset(args.variant)
        return position_to_json(new_game(rules, args.players, args.seed))
    except EngineError as exc:
        raise CliError(str(exc)) from None


def cmd_explain(args: argparse.Namespace) -> Any:
    from engine.moves import parse_move
    from engine.position import position_to_json
    from engine.rules import apply_move, check, verdicts

    describe = describer_for(args.lang)
    st = read_position(args.position)
    why, narrate = describe.verdict, describe.event
    deck = st.rules.deck
    if args.move is None:
        return {
            "to_move": st.to_move,
            "options": [
                {
                    "move": v.notation,
                    "legal": v.legal,
                    "why": why(v, deck),
                    "reasons": [r.to_json() for r in v.reasons],
                    **(
                        {
                            "effects": [e.to_json() for e in v.effects],
                            "narration": [narrate(e, deck) for e in v.effects],
                        }
                        if v.legal
                        else {}
                    ),
                }
                for v in verdicts(st)
            ],
        }
    try:
        move = parse_move(args.move, st.rules.deck)
    except EngineError as exc:
        raise CliError(f"--move: {exc}") from None
    v = check(st, move)
    out: dict[str, Any] = {
        "move": v.notation,
        "legal": v.legal,
        "why": why(v, deck),
        "reasons": [r.to_json() for r in v.reasons],
    }
    if v.legal:
        new, events = apply_move(st, move, verdict=v)
        out["events"] = [e.to_json() for e in events]
        out["narration"] = [narrate(e, deck) for e in events]
        out["position"] = position_to_json(new)
    return out


def cmd_selfplay(args: argparse.Namespace) -> Any:
    if args.games < 0 or args.games > 1_000_000:
        raise CliError("--games must be between 0 and 1000000")
    from engine.fastplay import run_random_games
    from engine.policies import reference_random_games
    from engine.ruleset import load_ruleset

    try:
        rules = load_ruleset(args.variant)
        if not rules.players[0] <= args.players <= rules.players[1]:
            raise CliError(
                f"{rules.id} is played by {rules.players[0]} to {rules.players[1]} players, not {args.players}"
            )
    except EngineError as exc:
        raise CliError(str(exc)) from None
    if args.reference:
        return reference_random_games(args.variant, args.players, args.games, args.seed)
    return run_random_games(args.variant, args.players, args.games, args.seed)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m engine", description="The makao rules engine.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    sub.add_parser("variants", help="list the rule systems").set_defaults(run=cmd_variants)
    p = sub.add_parser("new", help="deal a new position")
    p.add_argument("--variant", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(run=cmd_new)
    p = sub.add_parser("explain", help="every option of the seat to move, or one move checked")
    p.add_argument("position", help="a position JSON file, or - for standard input")
    p.add_argument("--move")
    p.add_argument("--lang", default="en")
    p.set_defaults(run=cmd_explain)
    p = sub.add_parser("selfplay", help="random games: speed and soak")
    p.add_argument("--variant", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--reference",
        action="store_true",
        help="play on the reference engine (legal_moves + child) instead of the playout kernel",
    )
    p.set_defaults(run=cmd_selfplay)
    cli_play.register(sub)
    cli_coach.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        result = args.run(args)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head
        sys.stderr.close()
    return 0
