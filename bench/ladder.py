"""The rating ladder: beginner, club and expert rated from rounds of four on fixed deals (issue #28).

    python bench/ladder.py [--variants hu,pl,pl-trad,da] [--rounds 200] [--first 30000] [--minutes 20]

Every round is a seeded 4-seat round (deal ``10_000 + r``, move generators ``move_rng(deal, ply)``)
with four entrants: ``beginner``, ``club``, ``club-2`` (the club player again, rated on its own:
the gap between the two clubs shows what the noise alone makes of equal players) and ``expert``,
seated in rotation (round ``r`` moves them ``r % 4`` seats on), so each plays every seat equally
often on fixed deals. The round's order is the order the seats went out, then those still holding
cards by fewer cards (``engine.rules.round_result``'s places) — the same order ``ui.play.rating`` rates a learner's round
by. Ratings: ``openskill``'s Plackett–Luce model (mu 25, sigma 25/3 to start), one update per
round. Printed per ruleset: each entrant's mu ± 1.96 sigma, and the gaps club − beginner, expert −
club and club − club-2 with ± 1.96·sqrt(sigma_a² + sigma_b²). The mu and sigma are the anchors
``ui/play/rating.py`` keeps (``LADDER``).
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from openskill.models import PlackettLuce  # noqa: E402

from engine.fastplay import Playout  # noqa: E402
from engine.match import move_rng, playout_view  # noqa: E402
from engine.players import choose_move  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from ui.play.rating import round_ranks  # noqa: E402

ENTRANTS = ("beginner", "club", "club-2", "expert")


def play(variant: str, r: int) -> list[int]:
    """Round ``r`` with the entrants seated ``r % 4`` seats on; the rank of each entrant (1 is best)."""
    rules = load_ruleset(variant)
    seed = 10_000 + r
    p = Playout.new_game(rules, 4, seed)
    seat_of = {e: (i + r) % 4 for i, e in enumerate(ENTRANTS)}
    strength = {s: e.removesuffix("-2") for e, s in seat_of.items()}
    ply = 0
    while not p.over and ply < 5000:
        view = playout_view(p)
        p.apply(choose_move(view, strength[view.seat], move_rng(seed, ply)))
        ply += 1
    holders = sorted((s for s in range(4) if s not in p.finished), key=lambda s: p.hs[s])
    ranks = round_ranks(list(p.finished) + holders)
    return [ranks[seat_of[e]] for e in ENTRANTS]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default="hu,pl,pl-trad,da")
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--first", type=int, default=30_000)
    ap.add_argument("--minutes", type=float, default=20.0, help="CPU minutes a ruleset at most")
    args = ap.parse_args(argv)
    print("# rating ladder: openskill Plackett-Luce, rounds of four on fixed deals; mu ± 1.96 sigma\n")
    print("| ruleset | rounds | beginner | club | club-2 | expert | club − beginner | expert − club | club − club-2 | CPU s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for variant in [v for v in args.variants.split(",") if v]:
        model = PlackettLuce()
        ratings = [model.rating(name=e) for e in ENTRANTS]
        start = time.process_time()
        n = 0
        for i in range(args.rounds):
            if time.process_time() - start > 60 * args.minutes:
                break
            ranks = play(variant, args.first + i)
            ratings = [t[0] for t in model.rate([[x] for x in ratings], ranks=ranks)]
            n += 1
        by = dict(zip(ENTRANTS, ratings, strict=True))

        def gap(a: str, b: str, by=by) -> str:
            return f"{by[a].mu - by[b].mu:+.2f} ±{1.96 * math.hypot(by[a].sigma, by[b].sigma):.2f}"

        cells = " | ".join(f"{by[e].mu:.2f} ±{1.96 * by[e].sigma:.2f}" for e in ENTRANTS)
        print(f"| {variant} | {n} | {cells} | {gap('club', 'beginner')} | {gap('expert', 'club')} | "
              f"{gap('club', 'club-2')} | {time.process_time() - start:.0f} |", flush=True)
        print("  anchors: " + ", ".join(f'"{e}": ({by[e].mu:.2f}, {by[e].sigma:.2f})' for e in ENTRANTS),
              file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
