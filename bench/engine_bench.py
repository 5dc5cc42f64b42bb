"""Engine speed bench: random playouts on the kernel (engine/fastplay.py) and on the reference
engine (engine/rules.py), verdict listings, side by side with OpenSpiel crazy_eights and
RLCard uno measured in the same run.

    python bench/engine_bench.py [--seconds S] [--rounds R] [--variants pl,hu,...]

A variant may carry house fields: ``pl+play.runs=3`` is pl with runs of one suit of three or more
(``section.field=value``, the value read as TOML; several ``+`` parts add up), so house effects that
no shipped ruleset uses are timed too (read by ``engine.ruleset_toml.house_ruleset``, as the golden playthroughs are).

Each figure is measured for S seconds in total (default 2), split into R interleaved rounds
(default 3): every round measures every item in turn, so drift and noise hit all alike.
A rate is the total count over the total time of its rounds; "±" is the spread of the rounds.
Time is this process's CPU time (``time.process_time``), so other load on a shared machine does
not skew one figure against another; ``--wall`` uses the wall clock instead. Everything runs in
one thread of one process, the comparators included.

* kernel / reference: whole random games (deal included), every seat choosing uniformly among
  its legal moves; decisions = moves chosen by seats (the figure of ``python -m engine selfplay``).
* verdicts: ``engine.rules.verdicts(st)`` (with effects) and ``verdicts(st, effects=False)`` on
  positions sampled from random games; one listing = all verdicts of one position.
* OpenSpiel: ``pyspiel.load_game("crazy_eights", {"players": 4})``, driven from Python; chance
  outcomes sampled by their probabilities; decisions = non-chance actions.
* RLCard: ``rlcard.make("uno")``; steps = ``env.step`` calls with a random legal action.

``--baseline REV`` also measures the kernel as it was at git revision REV (read with ``git show``,
loaded beside today's, each with its own compiled tables) on the very same games, and prints
today's kernel speed over it: a kernel change shows its cost measured in the same run.

Bars (the issue): kernel decisions/s >= 0.5 x OpenSpiel decisions/s and >= 4 x RLCard steps/s,
for every variant.
"""
from __future__ import annotations

import argparse
import platform
import random
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.deal import new_game  # noqa: E402
from engine.fastplay import Playout, compiled  # noqa: E402
from engine.rules import child, legal_moves, verdicts  # noqa: E402
from engine.ruleset import variant_ids  # noqa: E402
from engine.ruleset_toml import house_ruleset  # noqa: E402

OS_BAR, RLCARD_BAR = 0.5, 4.0
CLOCK = time.process_time   # CPU time of this process; --wall switches to time.perf_counter


class Item:
    """One measured figure: a callable that runs for about ``box`` seconds and returns
    (units, games) done; rounds are accumulated."""

    def __init__(self, name: str, run):
        self.name, self.run = name, run
        self.units = self.games = 0
        self.seconds = 0.0
        self.rates: list[float] = []

    def measure(self, box: float) -> None:
        start = CLOCK()
        units, games = self.run(box)
        took = CLOCK() - start
        self.units += units
        self.games += games
        self.seconds += took
        self.rates.append(units / took if took else 0.0)

    @property
    def rate(self) -> float:
        return self.units / self.seconds if self.seconds else 0.0

    @property
    def game_rate(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def spread(self) -> float:
        if len(self.rates) < 2 or not self.rate:
            return 0.0
        return (max(self.rates) - min(self.rates)) / 2 / self.rate


def baseline_kernel(rev: str) -> types.ModuleType:
    """engine/fastplay.py as it was at git revision ``rev``, loaded as a module of its own."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:engine/fastplay.py"],
                            capture_output=True, text=True, check=True).stdout
    import engine.state
    try:   # helpers that moved out of engine/state.py since: give the old kernel its imports
        import engine.transitions as moved
        for name in ("attack_totals", "give_back_half", "play_moves"):
            if not hasattr(engine.state, name):
                setattr(engine.state, name, getattr(moved, name))
    except ImportError:
        pass
    module = types.ModuleType(f"fastplay_at_{rev}")
    exec(compile(source, f"{rev}:engine/fastplay.py", "exec"), module.__dict__)
    cache = f"_fastplay_at_{rev}"

    def own_compiled(rules):   # its compiled tables apart from today's kernel's
        k = rules.__dict__.get(cache)
        if k is None:
            k = module._Compiled(rules)
            object.__setattr__(rules, cache, k)
        return k
    module.compiled = own_compiled
    return module


def kernel_games(rules, players: int, kernel=None):
    playout = Playout if kernel is None else kernel.Playout
    (compiled if kernel is None else kernel.compiled)(rules)  # once per ruleset, outside the timing
    state = {"seed": 0}

    def run(box: float):
        rng = random.Random(12345 + state["seed"])
        end = CLOCK() + box
        decisions = games = 0
        while CLOCK() < end:
            p = playout.new_game(rules, players, state["seed"])
            state["seed"] += 1
            decisions += p.play_random(rng)
            games += 1
        return decisions, games
    return run


def reference_games(rules, players: int):
    state = {"seed": 0}

    def run(box: float):
        rng = random.Random(12345 + state["seed"])
        end = CLOCK() + box
        decisions = games = 0
        while CLOCK() < end:
            st = new_game(rules, players, state["seed"])
            state["seed"] += 1
            steps = 0
            while not st.over and steps < 20_000:
                moves = legal_moves(st)
                st = child(st, moves[rng.randrange(len(moves))])
                steps += 1
            decisions += steps
            games += 1
        return decisions, games
    return run


def sample_positions(rules, players: int, count: int = 300) -> list:
    """Positions met in random games (every 7th position, a few games), none over."""
    out = []
    seed = 10_000
    rng = random.Random(1)
    while len(out) < count:
        st = new_game(rules, players, seed)
        seed += 1
        steps = 0
        while not st.over and steps < 3000 and len(out) < count:
            if steps % 7 == 3:
                out.append(st)
            moves = legal_moves(st)
            st = child(st, moves[rng.randrange(len(moves))])
            steps += 1
    return out


def verdict_listings(positions: list, effects: bool):
    state = {"i": 0}

    def run(box: float):
        end = CLOCK() + box
        done = 0
        n = len(positions)
        while CLOCK() < end:
            for _ in range(20):
                verdicts(positions[state["i"] % n], effects=effects)
                state["i"] += 1
                done += 1
        return done, 0
    return run


def openspiel_games():
    try:
        import pyspiel
    except ImportError as exc:
        print(f"note: OpenSpiel (pyspiel) is not installed, skipped ({exc})")
        return None
    game = pyspiel.load_game("crazy_eights", {"players": 4})
    state_box = {"seed": 0}

    def run(box: float):
        rng = random.Random(777 + state_box["seed"])
        state_box["seed"] += 1
        end = CLOCK() + box
        decisions = games = 0
        while CLOCK() < end:
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    x = rng.random()
                    chosen = outcomes[-1][0]
                    for action, p in outcomes:
                        x -= p
                        if x < 0:
                            chosen = action
                            break
                    s.apply_action(chosen)
                else:
                    actions = s.legal_actions()
                    s.apply_action(actions[rng.randrange(len(actions))])
                    decisions += 1
            games += 1
        return decisions, games
    return run


def rlcard_games():
    try:
        import rlcard
    except ImportError as exc:
        print(f"note: RLCard is not installed, skipped ({exc})")
        return None
    env = rlcard.make("uno", config={"seed": 0})
    state_box = {"seed": 0}

    def run(box: float):
        rng = random.Random(999 + state_box["seed"])
        state_box["seed"] += 1
        end = CLOCK() + box
        steps = games = 0
        while CLOCK() < end:
            state, _ = env.reset()
            while not env.is_over():
                actions = list(state["legal_actions"])
                state, _ = env.step(actions[rng.randrange(len(actions))])
                steps += 1
            games += 1
        return steps, games
    return run


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="time per figure, all rounds together (default 2)")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds per figure (default 3)")
    ap.add_argument("--variants", default="", help="comma-separated ruleset ids (default: all shipped)")
    ap.add_argument("--no-verdicts", action="store_true", help="skip the verdict listings")
    ap.add_argument("--baseline", default="", metavar="REV",
                    help="also measure the kernel of this git revision, on the same games")
    ap.add_argument("--wall", action="store_true", help="time with the wall clock instead of this process's CPU time")
    return ap.parse_args(argv)


def _variant_rows(variants: list[str], args: argparse.Namespace, base) -> list[dict]:
    """One row of items per ruleset: kernel, reference, optionally the baseline and the verdicts."""
    rows = []
    for vid in variants:
        rules = house_ruleset(vid)
        low, high = rules.players
        players = 4 if low <= 4 <= high else high
        row = {"variant": vid, "players": players,
               "kernel": Item(f"{vid} kernel", kernel_games(rules, players)),
               "reference": Item(f"{vid} reference", reference_games(rules, players))}
        if base is not None:
            row["baseline"] = Item(f"{vid} kernel at {args.baseline}", kernel_games(rules, players, base))
        if not args.no_verdicts:
            positions = sample_positions(rules, players)
            row["verdicts"] = Item(f"{vid} verdicts", verdict_listings(positions, True))
            row["verdicts_fx0"] = Item(f"{vid} verdicts(effects=False)", verdict_listings(positions, False))
        rows.append(row)
    return rows


def _measure_interleaved(comparators: list, items: list[Item], rounds: int, box: float) -> None:
    """Each round runs the comparators (half a box each, twice), then every variant's items."""
    for r in range(rounds):
        order = comparators if r % 2 == 0 else comparators[::-1]
        for item in [x for x in order if x] + items:
            half = box / 2 if item in comparators else box
            item.measure(half)
            if item in comparators:
                item.measure(half)


def _print_comparators(os_item: Item | None, rl_item: Item | None) -> None:
    print()
    if os_item:
        print(f"OpenSpiel crazy_eights (4 players): {os_item.rate:>10,.0f} decisions/s ±{os_item.spread:.0%}"
              f"  ({os_item.game_rate:,.0f} games/s)  bar {OS_BAR:g}x = {OS_BAR * os_item.rate:,.0f}/s")
    if rl_item:
        print(f"RLCard uno env.step:                {rl_item.rate:>10,.0f} steps/s     ±{rl_item.spread:.0%}"
              f"  ({rl_item.game_rate:,.0f} games/s)  bar {RLCARD_BAR:g}x = {RLCARD_BAR * rl_item.rate:,.0f}/s")
    print()


def _print_rows(rows: list[dict], os_item: Item | None, rl_item: Item | None) -> bool:
    """The table of every ruleset against the comparators; True when every bar is met."""
    head = (f"{'variant':<11} {'seats':>5} | {'kernel dec/s':>13} {'games/s':>8} | {'reference dec/s':>15} {'games/s':>8} "
            f"{'speedup':>7} | {'verdicts/s':>10} {'no effects':>10} | {'xOpenSpiel':>10} {'xRLCard':>8} | result")
    print(head)
    print("-" * len(head))
    all_pass = True
    for row in rows:
        k, ref = row["kernel"], row["reference"]
        v = row.get("verdicts")
        v0 = row.get("verdicts_fx0")
        x_os = k.rate / os_item.rate if os_item and os_item.rate else None
        x_rl = k.rate / rl_item.rate if rl_item and rl_item.rate else None
        verdict = []
        if x_os is not None:
            verdict.append("OS " + ("PASS" if x_os >= OS_BAR else "FAIL"))
        if x_rl is not None:
            verdict.append("RLC " + ("PASS" if x_rl >= RLCARD_BAR else "FAIL"))
        if any(x.endswith("FAIL") for x in verdict):
            all_pass = False
        print(f"{row['variant']:<11} {row['players']:>5} | {k.rate:>10,.0f}±{k.spread:>2.0%} {k.game_rate:>8,.0f} | "
              f"{ref.rate:>12,.0f}±{ref.spread:>2.0%} {ref.game_rate:>8,.1f} {k.rate / ref.rate if ref.rate else 0:>6.1f}x | "
              f"{(v.rate if v else 0):>10,.0f} {(v0.rate if v0 else 0):>10,.0f} | "
              f"{x_os if x_os is not None else float('nan'):>9.2f}x {x_rl if x_rl is not None else float('nan'):>7.2f}x | "
              f"{' '.join(verdict) or 'no comparator'}")
    return all_pass


def _print_baseline(rows: list[dict], baseline: str) -> None:
    print()
    head = f"{'variant':<11} {'seats':>5} | {'kernel dec/s':>13} | {'at ' + baseline:>14} | {'now / then':>10}"
    print(head)
    print("-" * len(head))
    for row in rows:
        k, b = row["kernel"], row["baseline"]
        print(f"{row['variant']:<11} {row['players']:>5} | {k.rate:>10,.0f}±{k.spread:>2.0%} | "
              f"{b.rate:>11,.0f}±{b.spread:>2.0%} | {k.rate / b.rate if b.rate else 0:>9.3f}x")


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    variants = [v for v in args.variants.split(",") if v] or variant_ids()
    print(f"Python {platform.python_version()} on {platform.machine()}; {args.seconds:g} s per figure "
          f"in {args.rounds} interleaved rounds; clock: {'wall' if args.wall else 'process CPU time'}")
    os_run, rl_run = openspiel_games(), rlcard_games()
    os_item = Item("openspiel", os_run) if os_run else None
    rl_item = Item("rlcard", rl_run) if rl_run else None
    base = baseline_kernel(args.baseline) if args.baseline else None
    rows = _variant_rows(variants, args, base)
    items = [row[k] for row in rows for k in ("kernel", "baseline", "reference", "verdicts", "verdicts_fx0") if k in row]
    _measure_interleaved([os_item, rl_item], items, args.rounds, args.seconds / max(1, args.rounds))
    _print_comparators(os_item, rl_item)
    all_pass = _print_rows(rows, os_item, rl_item)
    if base is not None:
        _print_baseline(rows, args.baseline)
    print()
    if os_item or rl_item:
        print("ALL PASS" if all_pass else "SOME FAIL", f"(bars: >= {OS_BAR:g}x OpenSpiel decisions/s, "
              f">= {RLCARD_BAR:g}x RLCard steps/s)")
    return 0 if all_pass else 1


if __name__ == "__main__":
    raise SystemExit(main())
