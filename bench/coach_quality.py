"""Hint quality where many moves are legal: regret and seed agreement, the search before issue #28
beside today's, in the same run, against a long reference.

    python bench/coach_quality.py [--variants pl,pl-trad,da,hu] [--positions 30] [--moves 6]
                                  [--budget 1000] [--out FILE]

Positions: decisions of any seat in seeded 4-seat club-vs-club rounds (deal ``50_000 + g``, move
generators ``engine.match.move_rng(deal, ply)``), kept with a seeded coin (p = 0.2) when the seat
has at least ``--moves`` legal moves; the hint sees the seat's view only.

Per position, in the same process: the flat search (``allocation="flat", remeasure=False``: every
move raced from the first world, the best move's value on its racing worlds, as before #28) and
today's (two-level, re-measured), each with seeds 0 and 1, ``--budget`` playouts, explanation
off; CPU time per hint.

Reference (the hint's own model, other worlds: seed ``REFERENCE_SEED``, common random numbers):
every legal move on ``STAGE1`` worlds, then the best ``TOP`` of them and every hinted move on
``STAGE2`` more worlds each, so every move compared is valued on the same ``STAGE1 + STAGE2``
worlds (about 4x the budget). Regret: the reference-best move's value minus the hinted move's,
paired. "Shown - fresh": the hint's value for its move minus the reference's value of that move;
"covered": the reference's value lies inside the hint's interval. A row per position goes to
``--out`` (JSON lines) and the table to stdout, with 95% intervals (normal for means, Wilson for
shares).
"""
from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.coach import hint  # noqa: E402
from engine.coach.records import mean  # noqa: E402
from engine.coach.search import _Race  # noqa: E402
from engine.fastplay import Playout  # noqa: E402
from engine.match import move_rng, playout_view  # noqa: E402
from engine.players import choose_move  # noqa: E402
from engine.rules import legal_moves  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from engine.seat_view import stand_in  # noqa: E402

REFERENCE_SEED = 777_001
STAGE1, STAGE2, TOP = 40, 560, 3
CLOCK = time.process_time


def positions(variant: str, count: int, min_moves: int, tag: str = "pick", first: int = 50_000) -> list:
    """``count`` seat views of club rounds with at least ``min_moves`` legal moves (module
    docstring), as ``(deal, ply, view, state)``; ``tag`` and ``first`` seed the coin and the deals."""
    rules = load_ruleset(variant)
    out = []
    g = 0
    while len(out) < count and g < 5000:
        deal = first + g
        p = Playout.new_game(rules, 4, deal)
        ply = 0
        while not p.over and ply < 400 and len(out) < count:
            view = playout_view(p)
            pick = random.Random(f"{tag}/{variant}/{deal}/{ply}").random() < 0.2
            if pick and len(legal_moves(stand_in(view))) >= min_moves:
                out.append((deal, ply, view, p.to_state()))
            p.apply(choose_move(view, "club", move_rng(deal, ply)))
            ply += 1
        g += 1
    return out


def reference(view, hinted: list) -> tuple[dict, object]:
    """The reference values (module docstring) of the top moves and the hinted ones, per world."""
    moves = legal_moves(stand_in(view))
    race = _Race(view, moves, REFERENCE_SEED)
    race.enter(list(range(len(moves))))
    for _ in range(STAGE1):
        race.play_world()
    ranked = sorted(range(len(moves)), key=lambda c: -race.sign * mean(race.values[c]))
    keep = list(dict.fromkeys(ranked[:TOP] + [moves.index(m) for m in hinted]))
    race.alive = keep
    for _ in range(STAGE2):
        race.play_world()
    return {moves[c]: race.values[c] for c in keep}, race


def study_position(view, budget: int) -> dict:
    row: dict = {"moves": len(legal_moves(stand_in(view)))}
    hints = {}
    for name, kw in (("flat", {"allocation": "flat", "remeasure": False}), ("two_level", {})):
        for seed in (0, 1):
            t = CLOCK()
            h = hint(view, budget, seed, explain=False, **kw)
            row[f"{name}_{seed}_seconds"] = CLOCK() - t
            hints[(name, seed)] = h
    ref, race = reference(view, [h.best.move for h in hints.values()])
    sign = race.sign
    best = max(ref, key=lambda m: sign * mean(ref[m]))
    for (name, seed), h in hints.items():
        m = h.best.move
        d = [sign * (a - b) for a, b in zip(ref[best], ref[m], strict=True)]
        fresh = mean(ref[m])
        row[f"{name}_{seed}_regret"] = mean(d)
        row[f"{name}_{seed}_shown_minus_fresh"] = sign * (h.best.mean - fresh)
        row[f"{name}_{seed}_covered"] = h.best.low <= fresh <= h.best.high
    for name in ("flat", "two_level"):
        row[f"{name}_agree"] = hints[(name, 0)].best.move == hints[(name, 1)].best.move
    return row


def _mean_ci(xs: list[float]) -> str:
    if len(xs) < 2:
        return "-"
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{statistics.mean(xs):.2f} ±{half:.2f}"


def _share_ci(flags: list[bool]) -> str:
    n, k = len(flags), sum(flags)
    if not n:
        return "-"
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{k}/{n} ({100 * (centre - half):.0f}–{100 * (centre + half):.0f}%)"


def table(variant: str, rows: list[dict], unit: float) -> str:
    def col(key: str) -> list:
        return [r[key] for r in rows]

    out = []
    for name in ("flat", "two_level"):
        regret = [unit * x for x in col(f"{name}_0_regret")]
        excess = [unit * x for x in col(f"{name}_0_shown_minus_fresh") + col(f"{name}_1_shown_minus_fresh")]
        secs = col(f"{name}_0_seconds") + col(f"{name}_1_seconds")
        out.append(
            f"| {variant} | {name} | {len(rows)} | {statistics.mean(col('moves')):.1f} | {_mean_ci(regret)} "
            f"| {_share_ci(col(f'{name}_agree'))} | {_mean_ci(excess)} "
            f"| {_share_ci(col(f'{name}_0_covered') + col(f'{name}_1_covered'))} | {statistics.mean(secs):.2f} |"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default="pl,pl-trad,da,hu")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--moves", type=int, default=6)
    ap.add_argument("--budget", type=int, default=1000)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args(argv)
    print("| ruleset | search | positions | legal moves | regret (seed 0) | seeds 0 and 1 agree "
          "| shown − fresh value | fresh value inside the interval | CPU s a hint |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for variant in args.variants.split(","):
        rows = []
        for deal, ply, view, _ in positions(variant, args.positions, args.moves):
            row = study_position(view, args.budget)
            row.update(variant=variant, deal=deal, ply=ply)
            rows.append(row)
            if args.out:
                with args.out.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            print(f"  {variant} {len(rows)}/{args.positions}", file=sys.stderr, flush=True)
        unit = 1.0 if variant == "da" else 100.0  # points in da, else percentage points of the share
        print(table(variant, rows, unit), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
