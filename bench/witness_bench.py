"""Witness bench: the time to build one pair's witnesses (``engine.witness.find_witnesses``) for
every ordered pair of the shipped rulesets, beside the engine's random-playout speed measured in
the same run as the reference (``engine.fastplay.run_random_games``).

    python bench/witness_bench.py [--rounds R] [--seed S] [--wall]

Times are this process's CPU time (``time.process_time``) so other load on a shared machine
does not skew them; ``--wall`` uses the wall clock. Pairs of two decks (da → hu) are searched
through the deck map (``engine.deckmap``); pairs not compared at all (decks whose suits do not
correspond, no common seat count) are answered at once and listed apart. The ratio column says how many random-playout
decisions the reference makes in the time one pair's witnesses take: the search judges every
candidate move of every decision under two rulesets, minimises each witness and names the
fields behind it, so it costs that many plain decisions.

The bar (issue 19): a house ruleset's lesson is built while the user waits — the slowest pair
of rulesets sharing a deck, house ruleset included, is printed against it.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.fastplay import run_random_games  # noqa: E402
from engine.ruleset import load_ruleset, variant_ids  # noqa: E402
from engine.witness import find_witnesses  # noqa: E402

WAIT_BAR_SECONDS = 10.0   # what a user waits for a generated lesson without giving up


def reference(clock, seed: int) -> float:
    """Random-playout decisions per second on the kernel (pl, 3 seats, 200 games)."""
    start = clock()
    stats = run_random_games(load_ruleset("pl"), 3, 200, seed)
    return stats["decisions"] / (clock() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=None, help="simulated rounds per pair (default: the app's)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = parser.parse_args()
    clock = time.perf_counter if args.wall else time.process_time
    options = {} if args.rounds is None else {"rounds": args.rounds}

    before = reference(clock, args.seed)
    pl = load_ruleset("pl")
    house = replace(pl, id="house", name="House: 2s do not add up", draw_adds=False,
                    wild_blocked_by_suit_wish=True)
    rulesets = [load_ruleset(v) for v in variant_ids()] + [house]
    rows, apart = [], []
    for a in rulesets:
        for b in rulesets:
            if a is b:
                continue
            start = clock()
            report = find_witnesses(a, b, seed=args.seed, **options)
            seconds = clock() - start
            if not report.comparable:
                apart.append((a.id, b.id, report.why, seconds))
                continue
            rows.append((a.id, b.id, seconds, len(report.witnesses), len(report.fields), len(report.unwitnessed),
                         report.decisions))
    after = reference(clock, args.seed)
    rate = (before + after) / 2

    print(f"reference: random playouts (pl, 3 seats) {rate:,.0f} decisions/s "
          f"(before {before:,.0f}, after {after:,.0f})")
    print(f"{'home':>10} {'table':>10} {'seconds':>8} {'witnesses':>9} {'fields':>6} {'unwitnessed':>11} "
          f"{'decisions':>9} {'x playout decisions':>20}")
    for a, b, seconds, witnesses, fields, unwitnessed, decisions in rows:
        print(f"{a:>10} {b:>10} {seconds:8.2f} {witnesses:9d} {fields:6d} {unwitnessed:11d} {decisions:9d} "
              f"{seconds * rate:20,.0f}")
    for a, b, why, seconds in apart:
        print(f"{a:>10} {b:>10} {seconds:8.4f}  not compared: {why}")
    slowest = max(rows, key=lambda r: r[2])
    house_rows = [r for r in rows if "house" in (r[0], r[1])]
    slowest_house = max(house_rows, key=lambda r: r[2])
    print(f"slowest pair: {slowest[0]} -> {slowest[1]} {slowest[2]:.2f} s; "
          f"slowest with the house ruleset: {slowest_house[0]} -> {slowest_house[1]} {slowest_house[2]:.2f} s; "
          f"bar {WAIT_BAR_SECONDS:.0f} s: {'met' if slowest_house[2] <= WAIT_BAR_SECONDS else 'NOT met'}")


if __name__ == "__main__":
    main()
