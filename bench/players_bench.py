"""Computer players bench: decisions per second of the club and the beginner player next to the
engine's random playouts, and a strength table (one club player against three others).

    python bench/players_bench.py [--rounds N] [--seconds S] [--variants pl,pl-trad,da,hu] [--wall]

Speed (interleaved in R=3 rounds, S seconds in all per figure, CPU time of this process so other
load on a shared machine does not skew one figure against another):

* ``club`` / ``beginner``: ``choose_move(view, strength, rng)`` on SeatViews collected from real
  rounds (club and beginner seats mixed), the view building not included;
* ``random playout``: ``engine.fastplay.run_random_games`` (whole random games on the kernel,
  deal included), the engine's own figure for one decision.

Strength (N seeded 4-player rounds per variant, default 1000): the club player sits at seat
``i % 4`` in round ``i`` (every seat in turn; seat 0 plays first) against three beginners, then
against three "eager" players (a random legal *play* whenever one exists, else draw: a tougher
reference than the beginner, who draws at random too). What a "win" is, per ruleset:

* pl: first place (first out; the others play on for places)   parity 25 %
* pl-trad: first out (the ruleset names only a loser: the last seat holding cards; "not the
  loser", parity 75 %, is shown too)                            parity 25 %
* da, hu (and the relatives): the round's winner (first out)    parity 25 %

Bar (the issue): the club player wins >= 45 % of the rounds against three beginners in every
variant; the eager table has no bar.
"""
from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.fastplay import Playout, compiled, run_random_games  # noqa: E402
from engine.match import move_rng, playout_view, quick_round  # noqa: E402
from engine.players import choose_move  # noqa: E402
from engine.players.common import calls_made  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402

BAR = 0.45
SEED_VARIANTS = ("pl", "pl-trad", "da", "hu")
CLOCK = time.process_time


def _views(variant: str, count: int) -> list:
    """SeatViews of the seats to move in seeded rounds, club and beginner seats mixed."""
    rules = load_ruleset(variant)
    out = []
    game = 0
    while len(out) < count:
        p = Playout.new_game(rules, 4, 900 + game)
        rng = random.Random(game)
        seats = ["club", "beginner", "club", "beginner"]
        while not p.over and len(out) < count:
            view = playout_view(p)
            out.append(view)
            p.apply(choose_move(view, seats[p.to_move], rng))
        game += 1
    return out


def speed(variants: list[str], seconds: float, rounds: int = 3) -> list[dict]:
    rows = []
    for variant in variants:
        rules = load_ruleset(variant)
        compiled(rules)
        views = _views(variant, 4000)
        for strength in ("club", "beginner"):   # warm the per-ruleset tables
            for v in views[:50]:
                choose_move(v, strength, random.Random(0))
        totals = {"club": [0, 0.0], "beginner": [0, 0.0], "random playout": [0, 0.0]}
        box = seconds / rounds
        for r in range(rounds):
            for strength in ("club", "beginner"):
                rng = random.Random(r)
                start = CLOCK()
                n = 0
                while CLOCK() - start < box:
                    for v in views:
                        choose_move(v, strength, rng)
                    n += len(views)
                totals[strength][0] += n
                totals[strength][1] += CLOCK() - start
            start = CLOCK()
            n, g = 0, 0
            while CLOCK() - start < box:
                n += run_random_games(rules, 4, 20, seed=1000 * r + g)["decisions"]
                g += 20
            totals["random playout"][0] += n
            totals["random playout"][1] += CLOCK() - start
        rate = {k: n / s for k, (n, s) in totals.items()}
        rows.append({"variant": variant, **{k: round(v) for k, v in rate.items()},
                     "club/playout": rate["club"] / rate["random playout"],
                     "beginner/playout": rate["beginner"] / rate["random playout"]})
    return rows


def _eager(p: Playout, rng: random.Random):
    """A random legal play when there is one (calls made), else draw / wait / pass."""
    moves = calls_made(p.legal_moves())
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        return moves[-1]
    return plays[rng.randrange(len(plays))]


def _eager_round(rules, club_seat: int, seed: int) -> tuple[list[int], list[int]]:
    p = Playout.new_game(rules, 4, seed)
    ply = 0
    while not p.over:
        rng = move_rng(seed, ply)
        move = choose_move(playout_view(p), "club", rng) if p.to_move == club_seat else _eager(p, rng)
        p.apply(move)
        ply += 1
    holders = [s for s in range(4) if s not in p.finished]
    return list(p.finished), holders


def strength(variants: list[str], rounds: int) -> list[dict]:
    rows = []
    for variant in variants:
        rules = load_ruleset(variant)
        for opponent in ("beginner", "eager"):
            first = not_loser = points = opp_points = moves = 0
            start = CLOCK()
            for i in range(rounds):
                seat = i % 4
                seed = 50_000 + i
                if opponent == "beginner":
                    seats = ["beginner"] * 4
                    seats[seat] = "club"
                    score = quick_round(rules, 4, seats, seed)
                    winner = score.result["winner"]
                    loser = score.result.get("loser")
                    points += score.scores[seat]
                    opp_points += sum(score.scores) - score.scores[seat]
                    moves += score.moves
                else:
                    finished, holders = _eager_round(rules, seat, seed)
                    winner = finished[0] if finished else None
                    loser = holders[0] if len(holders) == 1 and rules.end_result == "loser" else None
                first += winner == seat
                not_loser += loser != seat
            row = {"variant": variant, "opponents": opponent, "rounds": rounds, "win": first / rounds,
                   "not_loser": not_loser / rounds if rules.end_result == "loser" else None,
                   "seconds": round(CLOCK() - start, 1)}
            if opponent == "beginner":
                row["mean_moves"] = round(moves / rounds)
                if rules.end_result == "points":
                    row["club_points"] = round(points / rounds, 1)
                    row["beginner_points"] = round(opp_points / rounds / 3, 1)
            rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    global CLOCK
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=1000, help="4-player rounds per variant and opponent")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per speed figure")
    parser.add_argument("--variants", default=",".join(SEED_VARIANTS))
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    args = parser.parse_args(argv)
    if args.wall:
        CLOCK = time.perf_counter
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{'wall clock' if args.wall else 'CPU time'}")
    print()
    print("Decisions per second (4 players; same run)")
    print(f"{'variant':10} {'club':>10} {'beginner':>10} {'random playout':>15} {'club/playout':>13} {'beginner/playout':>17}")
    for row in speed(variants, args.seconds):
        print(f"{row['variant']:10} {row['club']:>10,} {row['beginner']:>10,} {row['random playout']:>15,} "
              f"{row['club/playout']:>13.2f} {row['beginner/playout']:>17.2f}")
    print()
    print(f"Strength: one club player (seat i % 4) against three others, {args.rounds} seeded 4-player rounds")
    print(f"{'variant':10} {'opponents':10} {'win':>7} {'parity':>7} {'bar':>5} {'not loser':>10} "
          f"{'club pts':>9} {'opp pts':>8} {'moves':>6}")
    failed = []
    for row in strength(variants, args.rounds):
        bar = row["opponents"] == "beginner"
        ok = row["win"] >= BAR
        if bar and not ok:
            failed.append(row["variant"])
        nl = f"{row['not_loser']:.1%}" if row["not_loser"] is not None else "-"
        print(f"{row['variant']:10} {row['opponents']:10} {row['win']:>7.1%} {'25%':>7} "
              f"{('ok' if ok else 'FAIL') if bar else '-':>5} {nl:>10} "
              f"{row.get('club_points', '-'):>9} {row.get('beginner_points', '-'):>8} {row.get('mean_moves', '-'):>6}")
    print()
    print("bar: club wins >= 45% against three beginners in every variant:",
          "met" if not failed else "NOT met in " + ", ".join(failed))
    return 0 if not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
