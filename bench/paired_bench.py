"""The expert's paired gain over the club player in each ruleset's own objective (issue #28).

    python bench/paired_bench.py [--variants hu,pl,pl-trad,da] [--minutes 40] [--rounds 2000]
                                 [--first 5000] [--record bench/paired.txt] [--summary FILE]

Round ``r`` of a ruleset is the seeded 4-seat round of ``bench/coach_bench.py`` (deal ``10_000 +
r``, move generators ``move_rng(deal, ply)``): the expert (``engine.coach.expert``, as shipped)
sits at seat ``r % 4`` against three club players, and the reference is the club player in that
very seat on the very same deal and generators. The rulesets take turns round by round, so a run
cut short by ``--minutes`` (CPU time) leaves every ruleset with about the same count. Every
round's result is appended to ``--record`` as it ends (``ruleset round expert reference``, each
the seat's own objective), and the table is printed from that file, so ``--summary FILE`` prints
the figures of a run still going or killed.

The gain, expert minus club, round by round, with its 95% interval (mean ± 1.96 standard errors
of the paired differences), in each ruleset's own terms and with the issue's bar:

* hu (first seat out wins): points of first-out wins, bar +3;
* pl (places): places gained (club's place minus the expert's), bar +0.15;
* pl-trad (the last seat holding cards loses): points of not being the loser, bar +5;
* da (points): game points a round, bar +3.

"rounds needed" is how many rounds would put the interval's half-width at the measured gain
(so that a gain of that size is clear of 0) and at the bar, from the measured spread.
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

from coach_bench import _round, opponents  # noqa: E402

from engine.coach import objective_for  # noqa: E402
from engine.coach.expert import choose_expert  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402

# ruleset: (the gain's unit, its scale from the round's own value, sign: +1 when more is better, bar)
TERMS = {
    "hu": ("points of first-out wins", 100.0, 1.0, 3.0),
    "pl": ("places", 1.0, -1.0, 0.15),
    "pl-trad": ("points of not being the loser", 100.0, 1.0, 5.0),
    "da": ("game points a round", 1.0, 1.0, 3.0),
}


def play_pair(variant: str, r: int, opponent) -> tuple[float, float, float, int]:
    """Round ``r`` with the expert in seat ``r % 4``, and with the club player there: both objectives,
    the expert's CPU seconds and its moves."""
    rules = load_ruleset(variant)
    obj = objective_for(rules)
    _, value, spent, moves = _round(rules, obj, r, r % 4, choose_expert, opponent)
    _, reference, _, _ = _round(rules, obj, r, r % 4, opponent, opponent)
    return value, reference, spent, moves


def gains(record: Path) -> dict[str, list[float]]:
    """The paired gains in each ruleset's own unit, read from a record file."""
    out: dict[str, list[float]] = {}
    for line in record.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        variant, _, expert, reference = line.split()[:4]
        _, scale, sign, _ = TERMS[variant]
        out.setdefault(variant, []).append(sign * scale * (float(expert) - float(reference)))
    return out


def needed(sd: float, half: float) -> float:
    """Rounds that put 1.96 standard errors of a spread ``sd`` at ``half``."""
    return math.inf if half <= 0 else (1.96 * sd / half) ** 2


def summary(record: Path, seconds: dict[str, float] | None = None) -> str:
    """The table of a record file: rounds, gain ±95%, bar, whether clear of 0, rounds needed."""
    rows = ["| ruleset | objective | rounds | gain (expert − club) | 95% interval | bar | clear of 0 | "
            "rounds for the gain to be clear | rounds for the bar | expert CPU s |",
            "|---|---|---:|---:|---:|---:|:---:|---:|---:|---:|"]
    for variant, d in gains(record).items():
        unit, _, _, bar = TERMS[variant]
        m = statistics.mean(d)
        sd = statistics.stdev(d) if len(d) > 1 else math.inf
        half = 1.96 * sd / math.sqrt(len(d))
        spent = f"{seconds[variant]:.0f}" if seconds and variant in seconds else "—"
        rows.append(f"| {variant} | {unit} | {len(d)} | {m:+.3f} | ±{half:.3f} | +{bar} | "
                    f"{'yes' if m - half > 0 else 'no'} | {needed(sd, abs(m)):,.0f} | {needed(sd, bar):,.0f} | {spent} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", default="hu,pl,pl-trad,da")
    ap.add_argument("--rounds", type=int, default=2000)
    ap.add_argument("--minutes", type=float, default=40.0, help="CPU minutes, then the run stops")
    ap.add_argument("--first", type=int, default=5000, help="the first round (deal 10_000 + first)")
    ap.add_argument("--record", type=Path, default=ROOT / "bench" / "paired.txt")
    ap.add_argument("--summary", type=Path, default=None, help="print the table of this record file and stop")
    args = ap.parse_args(argv)
    if args.summary:
        print(summary(args.summary))
        return 0
    variants = [v for v in args.variants.split(",") if v]
    opponent, name = opponents()
    start = time.process_time()
    seconds = dict.fromkeys(variants, 0.0)
    args.record.write_text(f"# paired_bench: expert vs {name}, rounds from {args.first}\n", encoding="utf-8")
    with args.record.open("a", encoding="utf-8") as out:
        for i in range(args.rounds):
            if time.process_time() - start > 60 * args.minutes:
                break
            for v in variants:
                t = time.process_time()
                value, reference, _, _ = play_pair(v, args.first + i, opponent)
                seconds[v] += time.process_time() - t
                out.write(f"{v} {args.first + i} {value} {reference}\n")
                out.flush()
            if (i + 1) % 50 == 0:
                print(f"  {i + 1} rounds a ruleset, {time.process_time() - start:.0f} s", file=sys.stderr, flush=True)
    print(f"# expert (as shipped) against three {name}; CPU time; rounds from {args.first}\n")
    print(summary(args.record, seconds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
