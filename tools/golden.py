"""Writes the golden playthroughs: seeded games per variant as readable text.

    python -m tools.golden            # regenerate tests/golden/*.txt
    python -m tools.golden --check    # exit 1 if any stored file differs
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from engine.deal import new_game
from engine.policies import eager_move
from engine.position import encode_share_code
from engine.rules import apply_move, check
from engine.ruleset import load_ruleset
from ui.present.reasons import card_text, describe_event, describe_verdict

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
GAMES = [("pl", 3, 1), ("pl", 2, 7), ("pl-trad", 4, 2), ("pl-trad", 6, 3),
         ("da", 4, 4), ("da", 2, 5), ("hu", 3, 6), ("hu", 5, 8), ("pl-devdo", 3, 9), ("pl-devdo", 7, 10),
         ("ru-101", 3, 11), ("ru-101", 2, 17), ("de-maumau-9", 3, 11), ("de-maumau-9", 5, 12)]
STEP_CAP = 600


def playthrough(variant: str, players: int, seed: int) -> str:
    """Plays one seeded game with the eager policy and narrates every move."""
    rules = load_ruleset(variant)
    deck = rules.deck
    st = new_game(rules, players, seed)
    rng = random.Random(seed)
    lines = [f"# {rules.name} ({variant}), {players} players, seed {seed}",
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
