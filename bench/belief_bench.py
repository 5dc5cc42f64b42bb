"""What the opponent-model belief adds to the expert, paired (issue #28, item 3).

    python bench/belief_bench.py [--variants hu,pl,pl-trad,da] [--minutes 20] [--rounds 1000]
                                 [--first 20000] [--record FILE] [--summary FILE]

Round ``r`` is ``bench/coach_bench.py``'s seeded 4-seat round (deal ``10_000 + r``, move generators
``move_rng(deal, ply)``) with the expert at seat ``r % 4`` against three club players, played twice:
the expert as shipped (each world's hidden cards dealt uniformly, ``sample_state``) and the expert
whose worlds come from ``engine.coach.belief.Belief`` (voids and the club player's likelihood of
the opponents' latest plays, particles). Same deals, same seats, same generators; the difference
round by round in the ruleset's own objective (``bench/paired_bench.py``'s units) with its 95%
interval, and the CPU time a move of each. The rulesets take turns, so a run cut short by
``--minutes`` leaves each with about as many rounds; ``--record`` keeps every round
(``ruleset round uniform belief``) and ``--summary FILE`` prints a record's table.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from coach_bench import round_result  # noqa: E402
from paired_bench import TERMS  # noqa: E402

from engine.coach import objective_for  # noqa: E402
from engine.coach.belief import Belief  # noqa: E402
from engine.coach.expert import choose_expert  # noqa: E402
from engine.fastplay import Playout  # noqa: E402
from engine.match import move_rng, playout_view  # noqa: E402
from engine.players.club import choose_club  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from engine.seat_view import sample_state  # noqa: E402


def play_round(variant: str, r: int, with_belief: bool) -> tuple[float, float, int]:
    """Round ``r`` with the expert at seat ``r % 4``: its own objective, CPU seconds and moves."""
    rules = load_ruleset(variant)
    obj = objective_for(rules)
    seed, seat = 10_000 + r, r % 4
    p = Playout.new_game(rules, 4, seed)
    belief = Belief(list(p.hs), seat)
    deal = belief.deal if with_belief else sample_state
    spent, moves, ply = 0.0, 0, 0
    while not p.over and ply < 5000:
        view = playout_view(p)
        rng = move_rng(seed, ply)
        if view.seat == seat:
            start = time.process_time()
            move = choose_expert(view, rng, deal=deal)
            spent += time.process_time() - start
            moves += 1
        else:
            move = choose_club(view, rng)
        public = view._replace(hand=(), drawn=None if view.drawn is None else -1)  # a drawn card waits: public
        p.apply(move)
        belief.see(public, move, playout_view(p)._replace(hand=()))
        ply += 1
        if obj.kind in ("place", "not_loser") and seat in p.finished:
            break
    return float(round_result(rules, obj, p, seat)[1]), spent, moves


def summary(record: Path) -> str:
    """The table of a record file: the belief's gain over the uniform deal, ±95%, and time a move."""
    rows: dict[str, list[list[float]]] = {}
    for line in record.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            v, _, *nums = line.split()
            rows.setdefault(v, []).append([float(x) for x in nums])
    out = ["| ruleset | objective | rounds | belief − uniform | 95% interval | ms a move, uniform / belief |",
           "|---|---|---:|---:|---:|---:|"]
    for v, got in rows.items():
        unit, scale, sign, _ = TERMS[v]
        d = [sign * scale * (b - u) for u, b, *_ in got]
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else math.inf
        ms = [1000 * sum(g[i] for g in got) / max(1, sum(g[i + 1] for g in got)) for i in (2, 4)]
        out.append(f"| {v} | {unit} | {len(d)} | {statistics.mean(d):+.3f} | ±{half:.3f} | {ms[0]:.1f} / {ms[1]:.1f} |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default="hu,pl,pl-trad,da")
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--minutes", type=float, default=20.0)
    ap.add_argument("--first", type=int, default=20_000)
    ap.add_argument("--record", type=Path, default=ROOT / "bench" / "belief.txt")
    ap.add_argument("--summary", type=Path, default=None)
    args = ap.parse_args(argv)
    if args.summary:
        print(summary(args.summary))
        return 0
    start = time.process_time()
    args.record.write_text(f"# belief_bench: rounds from {args.first}; uniform, belief (objective, s, moves)\n",
                           encoding="utf-8")
    with args.record.open("a", encoding="utf-8") as out:
        for i in range(args.rounds):
            if time.process_time() - start > 60 * args.minutes:
                break
            for v in [v for v in args.variants.split(",") if v]:
                u, us, um = play_round(v, args.first + i, False)
                b, bs, bm = play_round(v, args.first + i, True)
                out.write(f"{v} {args.first + i} {u} {b} {us} {um} {bs} {bm}\n")
                out.flush()
    print(summary(args.record))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
