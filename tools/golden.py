"""Writes the golden playthroughs: seeded games per variant as readable text.

    python -m tools.golden            # regenerate tests/golden/*.txt
    python -m tools.golden --check    # exit 1 if any stored file differs

A game names its ruleset by a shipped id, or by a house ruleset spec as the bench does
(``pl+play.runs=3``: ``engine.ruleset_toml.house_ruleset``); a house game's header says which
house fields are on, and its file is named by the spec.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from engine.deal import new_game
from engine.policies import eager_move
from engine.position import encode_share_code
from engine.rules import apply_move, check
from engine.ruleset_toml import house_fields, house_ruleset
from ui.present.reasons import card_text, describe_event, describe_verdict
from ui.present.rules_text import runs_sentences

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
GAMES = [("pl", 3, 1), ("pl", 2, 7), ("pl-trad", 4, 2), ("pl-trad", 6, 3),
         ("da", 4, 4), ("da", 2, 5), ("hu", 3, 6), ("hu", 5, 8), ("pl-devdo", 3, 9), ("pl-devdo", 7, 10),
         ("ru-101", 3, 11), ("ru-101", 2, 17), ("de-maumau-9", 3, 11), ("de-maumau-9", 5, 12)]
# House rulesets with runs of one suit (no shipped ruleset plays them): seeds chosen so that each
# game has at least two runs going down, one of them ending on an attack or wish card
# (tests/engine/test_golden.py holds them to it).
RUNS_GAMES = [("pl+play.runs=3", 3, 14), ("pl+play.runs=3", 4, 63),
              ("da+play.runs=3", 4, 17), ("da+play.runs=3", 2, 50)]
GAMES += RUNS_GAMES
STEP_CAP = 600


def playthrough(variant: str, players: int, seed: int) -> str:
    """Plays one seeded game with the eager policy and narrates every move."""
    rules = house_ruleset(variant)
    deck = rules.deck
    st = new_game(rules, players, seed)
    rng = random.Random(seed)
    lines = [f"# {rules.name} ({variant}), {players} players, seed {seed}", *house_header(variant, rules),
             f"# start: {encode_share_code(st)}",
             "pile: " + " ".join(card_text(c, deck, _EN) for c in st.pile)]
    for seat, hand in enumerate(st.hands):
        lines.append(f"player {seat + 1}: " + " ".join(card_text(c, deck, _EN) for c in hand))
    step = 0
    while not st.over and step < STEP_CAP:
        step += 1
        move = eager_move(st, rng)
        verdict = check(st, move)
        st, events = apply_move(st, move, verdict=verdict)
        lines.append(f"{step:3}. player {st_seat(verdict, events)}: {verdict.notation} — {describe_verdict(verdict, deck)}")
        for event in events:
            if event.kind not in ("played", "turn"):
                lines.append("     " + describe_event(event, deck))
    lines.append("end: " + ("round over" if st.over else f"stopped after {STEP_CAP} moves"))
    return "\n".join(lines) + "\n"


def house_header(variant: str, rules) -> list[str]:
    """The header lines naming the house fields of a spec (none for a shipped ruleset), the runs rule in words."""
    base, fields = house_fields(variant)
    if not fields:
        return []
    lines = [f"# house rule: [{section}] {name} = {json.dumps(value)}" for section, name, value in fields]
    if rules.runs:
        lines += [f"#   {sentence}" for sentence in runs_sentences(rules, _EN)]
    lines.append(f"# (the start code names the shipped ruleset {base}; read it with the house rule above)")
    return lines


def st_seat(verdict, events) -> int:
    for event in events:
        if "seat" in event.params:
            return event.params["seat"] + 1
    return 0


class _English:
    """English texts without a catalog (msgids are English)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, one: str, many: str, n: int) -> str:
        return one if n == 1 else many

    def pgettext(self, context: str, message: str) -> str:
        return message


_EN = _English()


def path_for(variant: str, players: int, seed: int) -> Path:
    return GOLDEN_DIR / f"{variant}-{players}p-seed{seed}.txt"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    differ = []
    for variant, players, seed in GAMES:
        text = playthrough(variant, players, seed)
        path = path_for(variant, players, seed)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                differ.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
    if differ:
        print("golden playthroughs differ: " + ", ".join(differ), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
