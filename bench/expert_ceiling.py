"""Expert ceiling: how much a perfect one-move search over the club player could gain at all.

    python bench/expert_ceiling.py [--variants hu,da] [--positions 60] [--budget 4000] [--horizon 16]

The expert (``engine.coach.expert``) is the club player's move, changed where a paired search of
club-played rollouts finds a better one: a one-move policy improvement of the club player. Its
gain a round is bounded by the sum, over the seat's decisions, of how much the best candidate is
ahead of the club move. This bench measures that bound: ``--positions`` decisions of seat 0 in
club-played seeded 4-seat rounds (deal ``900 + g``; every other decision with more than one
candidate, sampled with a seeded coin) each get a search of ``--budget`` rollouts with the race
off (every candidate played in every world), and the table gives the mean advantage of the best
candidate over the club move (in the objective's units; the maximum of noisy means, so biased
upwards), the same candidate's advantage re-measured on fresh worlds (seed ``100_000 + i``: an
unbiased estimate of what picking it gains), how often the club move is the best, and the
decisions with more than one candidate a round. Advantage times decisions is about the most a
one-move search on these rollouts can add to the objective a round.
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.coach.expert import HORIZON, ExpertSettings, candidates, search_club  # noqa: E402
from engine.fastplay import Playout  # noqa: E402
from engine.match import playout_view  # noqa: E402
from engine.players.club import choose_club  # noqa: E402
from engine.players.common import view_moves  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402


def decisions(variant: str, count: int) -> tuple[list, float]:
    """``count`` seat-0 decisions with more than one candidate, and how many such a round."""
    rules = load_ruleset(variant)
    views: list = []
    seen = games = 0
    while len(views) < count:
        p = Playout.new_game(rules, 4, 900 + games)
        rng = random.Random(games)
        while not p.over:
            view = playout_view(p)
            if view.seat == 0 and len(view_moves(view)) > 1 and len(candidates(view, choose_club(view, random.Random(0)))) > 1:
                seen += 1
                if len(views) < count and random.Random(len(views) * 7 + games).random() < 0.5:
                    views.append(view)
            p.apply(choose_club(view, rng))
        games += 1
    return views, seen / games


def ceiling(variant: str, count: int, budget: int, horizon: int) -> dict:
    views, per_round = decisions(variant, count)
    cfg = ExpertSettings(budget=budget, horizon=horizon, drop=float("inf"))
    best, fresh = [], []
    for i, view in enumerate(views):
        found = search_club(view, seed=i, budget=budget, horizon=horizon, settings=cfg)
        b = max(range(len(found.moves)), key=lambda c: found.advantage[c])
        best.append(found.advantage[b])
        # The same candidate on fresh worlds: no winner's curse in this one.
        again = search_club(view, seed=100_000 + i, budget=budget, horizon=horizon, default=found.moves[0], settings=cfg)
        fresh.append(again.advantage[b])
    mean_best, mean_fresh = sum(best) / len(best), sum(fresh) / len(fresh)
    return {"variant": variant, "positions": len(views), "per_round": per_round, "mean_best": mean_best,
            "mean_fresh": mean_fresh, "club_best": sum(b <= 0 for b in best) / len(best),
            "bound": mean_best * per_round, "fresh_bound": mean_fresh * per_round}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="hu,da")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--budget", type=int, default=4000)
    ap.add_argument("--horizon", type=int, default=HORIZON)
    args = ap.parse_args(argv)
    print(f"## Expert ceiling: {args.positions} decisions, {args.budget} rollouts each, race off, "
          f"horizon {args.horizon}")
    print("\n| ruleset | decisions with a choice, a round | club move is the best | best candidate ahead "
          "of the club move, mean | re-measured on fresh worlds | a round, fresh (objective's units) |")
    print("|---|---:|---:|---:|---:|---:|")
    for v in [v for v in args.variants.split(",") if v]:
        c = ceiling(v, args.positions, args.budget, args.horizon)
        print(f"| {v} | {c['per_round']:.1f} | {100 * c['club_best']:.0f}% | {c['mean_best']:+.4f} | "
              f"{c['mean_fresh']:+.4f} | {c['fresh_bound']:+.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
