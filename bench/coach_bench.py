"""Coach bench: hint speed beside OpenSpiel's MCTS bot, and the expert player's strength.

    python bench/coach_bench.py [--variants pl,pl-trad,da,hu] [--positions 10] [--rounds 1000]
                                [--budget 240] [--horizon 16] [--deviate 2.0] [--drop 2.0]
                                [--wishes] [--race-leader] [--record FILE] [--first R]
                                [--skip-speed] [--skip-strength] [--wall]

Speed (same process, same run, one thread):

* ours: 10 fixed mid-game positions per seed ruleset (4 seats, dealt with seeds 0, 1, … and
  played on with seeded random moves; positions with one legal move are skipped). Each gets a
  1,000-playout hint with the early stop **off** (exactly 1,000 playouts, the explanation pass
  off), and the default hint (early stop and explanation on, as the Play page asks for it).
  Figures: playouts/s and seconds per 1,000-playout hint.
* reference: ``open_spiel.python.algorithms.mcts.MCTSBot`` with ``RandomRolloutEvaluator
  (n_rollouts=1)``, 1,000 simulations, ``solve=False``, choosing one move in 10 mid-game
  ``crazy_eights(players=4)`` positions (dealt and played on with seeded random moves). MCTSBot
  sees every hand: it is a speed anchor, not a strength one.
* bar: our 1,000-playout hint takes <= 1.0x the bot's time for one move.

Strength: ``--rounds`` seeded 4-seat rounds per seed ruleset (deal ``10_000 + r``, every move's
generator ``engine.match.move_rng(deal, ply)``); the expert (``engine.coach.expert``, ``--budget``
rollouts a move) sits at seat ``r % 4`` against three club players
(``engine.players.choose_move(view, "club", rng)``). Where ``engine.players`` is not installed
the opponents are beginners (a random legal move, the last-card calls always made), and the
table says so. The reference, in the same run: the opponents' own player in the expert's seat on
the very same deals and generators (parity measured, not assumed), and the paired gain (expert
minus reference, round by round, with its 95% interval). A win is going out first (25% is
parity); bar: >= 35%. The table also gives each ruleset's own objective for both (mean place in
pl, not the loser in pl-trad, points in da) and the expert's CPU time per move. A running tally
goes to stderr every 25 rounds.

The expert's search switches (``engine.coach.expert.ExpertSettings``; defaults: the player as
the Play page has it) are ``--budget --horizon --deviate --drop --wishes --race-leader``.
``--record FILE`` writes every round's result to ``FILE`` with the ruleset as its suffix
(``ruleset round expert_win reference_win expert_objective reference_objective``), so two
settings, run on the same deals, can be compared round by round; ``--first R`` starts at round
``R`` (deal ``10_000 + R``), to add rounds to an earlier run.

Time is this process's CPU time (``time.process_time``) unless ``--wall``.
"""
from __future__ import annotations

import argparse
import math
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.coach import hint, objective_for  # noqa: E402
from engine.coach.expert import EXPERT_PLAYOUTS, ExpertSettings, choose_expert  # noqa: E402
from engine.fastplay import Playout, compiled  # noqa: E402
from engine.rules import legal_moves  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from engine.seat_view import stand_in, view_of  # noqa: E402

SEED_RULESETS = ("pl", "pl-trad", "da", "hu")
RATIO_BAR, WIN_BAR = 1.0, 0.35
CLOCK = time.process_time


# ------------------------------------------------------------------ positions

def midgame_positions(variant: str, count: int) -> list:
    """``count`` fixed mid-game positions of 4-seat rounds, each with more than one legal move."""
    rules = load_ruleset(variant)
    out = []
    seed = 0
    while len(out) < count:
        p = Playout.new_game(rules, 4, seed)
        rng = random.Random(seed)
        for _ in range(12 + seed % 9):
            if p.over:
                break
            moves = p.legal_moves()
            p.apply(moves[rng.randrange(len(moves))])
        seed += 1
        st = p.to_state()
        if not st.over and len(legal_moves(st)) > 1:
            out.append(st)
    return out


def crazy_eights_positions(game, count: int) -> list:
    """``count`` mid-game crazy_eights states: dealt and played on with seeded random moves."""
    out = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        s = game.new_initial_state()
        moves = 0
        while not s.is_terminal() and moves < 20 + seed % 9:
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                s.apply_action(rng.choices(outcomes, probs)[0])
                continue
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
        while s.is_chance_node():
            outcomes, probs = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(rng.choices(outcomes, probs)[0])
        seed += 1
        if not s.is_terminal() and len(s.legal_actions()) > 1:
            out.append(s)
    return out


# ------------------------------------------------------------------ speed

def speed_ours(variant: str, count: int) -> dict:
    positions = midgame_positions(variant, count)
    compiled(positions[0].rules)
    full, default, playouts = [], [], 0
    for st in positions:
        view = view_of(st)
        start = CLOCK()
        h = hint(view, playouts=1000, seed=0, early_stop=False, explain=False)
        full.append(CLOCK() - start)
        playouts += h.playouts
        start = CLOCK()
        hint(view, playouts=1000, seed=0)
        default.append(CLOCK() - start)
    return {"variant": variant, "positions": len(positions), "playouts_per_s": playouts / sum(full),
            "full": statistics.mean(full), "full_max": max(full), "default": statistics.mean(default),
            "default_max": max(default)}


def speed_openspiel(count: int) -> dict | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError as exc:
        print(f"OpenSpiel is not installed ({exc}); pip install open_spiel", file=sys.stderr)
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 4})
    positions = crazy_eights_positions(game, count)
    times = []
    for i, s in enumerate(positions):
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(i))
        bot = mcts.MCTSBot(game, uct_c=2, max_simulations=1000, evaluator=evaluator, solve=False,
                           random_state=np.random.RandomState(i))
        start = CLOCK()
        bot.step(s)
        times.append(CLOCK() - start)
    return {"positions": len(positions), "per_move": statistics.mean(times), "max": max(times),
            "simulations_per_s": 1000 * len(times) / sum(times)}


# ------------------------------------------------------------------ strength

def _beginner(view, rng: random.Random):
    moves = legal_moves(stand_in(view))
    called = {m._replace(makao=False, kakao=False) for m in moves if m.makao or m.kakao}
    moves = [m for m in moves if m not in called]
    return moves[rng.randrange(len(moves))]


def opponents():
    """The club player when ``engine.players`` is installed, else the beginner; and its name."""
    try:
        from engine.players import choose_move
    except ImportError:
        return _beginner, "beginner (engine.players not installed)"
    return (lambda view, rng: choose_move(view, "club", rng)), "club"


def _round(rules, obj, r: int, expert: int, chooser, opponent) -> tuple[bool, float, float, int]:
    """One seeded 4-seat round (deal ``10_000 + r``, move generators ``move_rng(deal, ply)``), the
    seat ``expert`` played by ``chooser``; its win, its own objective, CPU seconds and moves."""
    from engine.match import move_rng, playout_view
    seed = 10_000 + r
    p = Playout.new_game(rules, 4, seed)
    ply = 0
    spent, moves = 0.0, 0
    while not p.over and ply < 5000:
        view = playout_view(p)
        rng = move_rng(seed, ply)
        if view.seat == expert:
            start = CLOCK()
            move = chooser(view, rng)
            spent += CLOCK() - start
            moves += 1
        else:
            move = opponent(view, rng)
        p.apply(move)
        ply += 1
        if obj.kind in ("place", "not_loser") and expert in p.finished:
            break   # the expert's result is fixed; the others' play does not change it
    win, value = round_result(rules, obj, p, expert)
    return win, value, spent, moves


def round_result(rules, obj, p: Playout, seat: int) -> tuple[bool, float]:
    """Whether ``seat`` went out first in the (finished or decided) round ``p``, and its own objective:
    its place (pl), 1 for not the loser (pl-trad), its points (da), its penalty points, or the win."""
    finished = p.finished
    win = bool(finished) and finished[0] == seat
    if obj.kind == "place":
        value = finished.index(seat) + 1 if seat in finished else 4
    elif obj.kind == "not_loser":
        value = float(seat in finished)
    elif obj.kind == "points":
        value = (rules.points_per_card * sum(p.hs[s] for s in range(4) if s not in finished) if win else 0)
    elif obj.kind == "penalty":
        from engine.coach.objective import hand_points
        value = 0 if seat in finished else hand_points(p, seat)
    else:
        value = float(win)
    return win, value


def strength(variant: str, rounds: int, budget: int, opponent, settings: ExpertSettings | None = None,
             record: Path | None = None, first: int = 0) -> dict:
    """The expert at seat ``r % 4`` of round ``r`` against three opponents, and in the same run the
    reference: the opponent's own player in that seat on the same deals (parity, paired)."""
    rules = load_ruleset(variant)
    obj = objective_for(rules)
    cfg = settings or ExpertSettings()
    expert = lambda view, rng: choose_expert(view, rng, budget, cfg.horizon, cfg)  # noqa: E731
    lines = []
    wins = ref_wins = 0
    objective_sum = ref_objective = 0.0
    expert_moves = 0
    expert_time = 0.0
    diffs = []
    for i in range(rounds):
        r = first + i
        win, value, spent, moves = _round(rules, obj, r, r % 4, expert, opponent)
        rwin, rvalue, _, _ = _round(rules, obj, r, r % 4, opponent, opponent)
        wins += win
        ref_wins += rwin
        diffs.append(win - rwin)
        objective_sum += value
        ref_objective += rvalue
        expert_time += spent
        expert_moves += moves
        lines.append(f"{variant} {r} {int(win)} {int(rwin)} {value} {rvalue}\n")
        if record is not None and ((i + 1) % 25 == 0 or i + 1 == rounds):
            record.write_text("".join(lines))
        if (i + 1) % 25 == 0:   # a running tally, for long runs on a busy machine
            print(f"  {variant}: {i + 1} rounds, expert wins {wins} ({100 * wins / (i + 1):.1f}%), reference "
                  f"{ref_wins} ({100 * ref_wins / (i + 1):.1f}%), own objective {objective_sum / (i + 1):.3f} vs "
                  f"{ref_objective / (i + 1):.3f}, {1000 * expert_time / max(1, expert_moves):.1f} ms a move",
                  file=sys.stderr, flush=True)
    rate = wins / rounds
    half = 1.96 * math.sqrt(rate * (1 - rate) / rounds)
    gain = statistics.mean(diffs)
    gain_half = 1.96 * statistics.stdev(diffs) / math.sqrt(rounds) if rounds > 1 else float("inf")
    return {"variant": variant, "rounds": rounds, "wins": wins, "rate": rate, "half": half,
            "ref_rate": ref_wins / rounds, "gain": gain, "gain_half": gain_half,
            "objective": obj.kind, "objective_mean": objective_sum / rounds, "ref_objective": ref_objective / rounds,
            "ms_per_move": 1000 * expert_time / max(1, expert_moves), "moves": expert_moves}


_OBJECTIVE_NAME = {"place": "mean place (parity 2.5)", "not_loser": "not the loser (parity 75%)",
                   "points": "mean points", "win": "wins", "penalty": "mean penalty points"}


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default=",".join(SEED_RULESETS))
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=1000)
    ap.add_argument("--budget", type=int, default=EXPERT_PLAYOUTS)
    ap.add_argument("--horizon", type=int, default=ExpertSettings().horizon,
                    help="moves a rollout is played on before the cut-off evaluation")
    ap.add_argument("--deviate", type=float, default=ExpertSettings().deviate,
                    help="standard errors above the club move for the expert to change it")
    ap.add_argument("--drop", type=float, default=ExpertSettings().drop,
                    help="standard errors behind for a candidate to leave the race")
    ap.add_argument("--wishes", action="store_true", help="search every wish, not only the club player's")
    ap.add_argument("--race-leader", action="store_true",
                    help="candidates leave when clearly behind the leader (not the club move)")
    ap.add_argument("--record", type=Path, default=None,
                    help="write every round's result (ruleset, round, expert win, reference win, objectives) "
                         "to this file, for paired comparisons of two settings")
    ap.add_argument("--first", type=int, default=0, help="the first round (deal 10_000 + first)")
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--skip-strength", action="store_true")
    ap.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time")
    return ap.parse_args(argv)


def _hint_speed(variants: list[str], positions: int) -> bool:
    """Prints the hint-speed table (ours between two OpenSpiel measurements); True when every bar is met."""
    ok = True
    ref_before = speed_openspiel(positions)
    ours = [speed_ours(v, positions) for v in variants]
    ref_after = speed_openspiel(positions)
    print("\n## Hint speed: a 1,000-playout hint vs OpenSpiel MCTSBot (1,000 simulations) choosing one move")
    if ref_before and ref_after:
        ref = (ref_before["per_move"] + ref_after["per_move"]) / 2
        print(f"OpenSpiel MCTSBot, crazy_eights(players=4), {ref_before['positions']} positions: "
              f"{ref_before['per_move']:.3f} s a move before ours, {ref_after['per_move']:.3f} s after "
              f"(mean {ref:.3f} s; {ref_before['simulations_per_s']:.0f} simulations/s)")
    else:
        ref = None
    print("\n| ruleset | positions | playouts/s | 1,000-playout hint (s) | max (s) | ratio to MCTSBot | bar <= 1.0 | "
          "default hint, early stop + words (s) |")
    print("|---|---:|---:|---:|---:|---:|:---:|---:|")
    for o in ours:
        ratio = o["full"] / ref if ref else float("nan")
        passed = ref is not None and ratio <= RATIO_BAR
        ok &= passed
        print(f"| {o['variant']} | {o['positions']} | {o['playouts_per_s']:,.0f} | {o['full']:.3f} | "
              f"{o['full_max']:.3f} | {ratio:.2f}x | {'yes' if passed else 'NO'} | {o['default']:.3f} |")
    return ok


def _strength_row(v: str, s: dict) -> bool:
    """Prints one ruleset's strength row; True when its bar is met."""
    passed = s["rate"] >= WIN_BAR
    show = (lambda x: f"{x:.2f}") if s["objective"] in ("place", "points", "penalty") else (
        lambda x: f"{100 * x:.1f}%")
    print(f"| {v} | {s['rounds']} | {100 * s['rate']:.1f}% | ±{100 * s['half']:.1f} | "
          f"{'yes' if passed else 'NO'} | {100 * s['ref_rate']:.1f}% | {100 * s['gain']:+.1f} "
          f"±{100 * s['gain_half']:.1f} | {_OBJECTIVE_NAME[s['objective']]}: {show(s['objective_mean'])} / "
          f"{show(s['ref_objective'])} | {s['ms_per_move']:.1f} |", flush=True)
    return passed


def _strength(variants: list[str], args: argparse.Namespace) -> bool:
    """Prints the strength table: one expert against three opponents per ruleset; True when every bar is met."""
    ok = True
    opponent, name = opponents()
    print(f"\n## Strength: one expert ({args.budget} playouts a move, horizon {args.horizon}, deviate "
          f"{args.deviate} SE, drop {args.drop} SE, wishes {'all' if args.wishes else 'club'}, race against "
          f"{'the leader' if args.race_leader else 'the club move'}) against three {name}, "
          f"{args.rounds} seeded rounds per ruleset")
    print("\n| ruleset | rounds | expert wins | 95% interval | bar >= 35% | reference in the seat, same deals | "
          "paired gain | own objective (expert / reference) | ms a move |")
    print("|---|---:|---:|---:|:---:|---:|---:|---:|---:|")
    for v in variants:
        cfg = ExpertSettings(args.budget, args.horizon, args.deviate, args.drop, args.wishes, args.race_leader)
        record = args.record.with_suffix(f".{v}.txt") if args.record else None
        ok &= _strength_row(v, strength(v, args.rounds, args.budget, opponent, cfg, record, args.first))
    return ok


def main(argv: list[str] | None = None) -> int:
    global CLOCK
    args = _arguments(argv)
    if args.wall:
        CLOCK = time.perf_counter
    variants = [v for v in args.variants.split(",") if v]
    print(f"# coach bench — Python {platform.python_version()}, {platform.machine()}, "
          f"{'wall' if args.wall else 'CPU'} time")
    ok = True
    if not args.skip_speed:
        ok &= _hint_speed(variants, args.positions)
    if not args.skip_strength:
        ok &= _strength(variants, args)
    print(f"\nAll bars met: {'yes' if ok else 'NO'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
