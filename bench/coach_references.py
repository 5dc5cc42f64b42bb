"""The coach's stored references: many-move positions with one clearly right move, and a sample
for the honest-value test, each with a long reference run (written once; tests read the file).

    python bench/coach_references.py [--cases 2] [--sample 3] [--out tests/cases/coach/references.toml]

Positions come from seeded club-vs-club rounds (``bench/coach_quality.positions``, deals from
``60_000``, coin tag ``reference``), written as the seat's own view (the other hands as counts,
no deck) and kept only when that JSON reads back to the very same view.

* cases: positions with more than 10 legal moves where a hint of seed ``SCREEN_SEED`` stops
  "clear" (a cheap screen; the tests use seeds 0 and 1). Reference: every legal move on ``STAGE1``
  worlds (seed ``REFERENCE_SEED``), then the best ``TOP`` on ``STAGE2`` more; a position is kept
  when its best move leads the runner-up by more than ``CLEAR_SE`` paired standard errors and
  by ``CLEAR_MARGIN`` of a share (``CLEAR_POINTS`` in da). ``--cases`` per seed ruleset. The
  printed ``[[case]]`` tables go into tests/cases/coach.toml (rules cases: the move's first
  reason code is the engine's); the reference numbers go into ``--out``.
* sample: positions with more than 5 legal moves; reference: every legal move on ``STAGE1 +
  STAGE2`` worlds, each move's value (mean and standard error) stored, so the test can look up
  whichever move a hint picks. ``--sample`` per seed ruleset.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from coach_quality import positions  # noqa: E402

from engine.coach import hint  # noqa: E402
from engine.coach.objective import objective_for  # noqa: E402
from engine.coach.records import mean, standard_error  # noqa: E402
from engine.coach.search import _Race  # noqa: E402
from engine.moves import format_move, parse_move  # noqa: E402
from engine.position import position_from_json, position_to_json  # noqa: E402
from engine.rules import check, legal_moves  # noqa: E402
from engine.seat_view import stand_in, view_of  # noqa: E402

SEED_RULESETS = ("pl", "pl-trad", "da", "hu")
REFERENCE_SEED = 888_001
SCREEN_SEED = 5  # a case is looked at only when this seed's hint stops "clear" (seeds 0, 1 are tested)
STAGE1, STAGE2, TOP = 40, 760, 4
CLEAR_SE, CLEAR_MARGIN, CLEAR_POINTS = 4.0, 0.03, 3.0


def seat_json(state) -> dict | None:
    """The position as its seat to move sees it (other hands as counts, no deck), if it reads back."""
    js = position_to_json(state)
    seat = state.to_move
    js["hands"] = [h if s == seat else len(h) for s, h in enumerate(js["hands"])]
    js.pop("deck", None)
    js.pop("format", None)
    try:
        same = view_of(position_from_json(js), seat) == view_of(state, seat)
    except Exception:  # a position this writer cannot express is skipped
        return None
    return js if same else None


def toml_inline(value) -> str:
    """A JSON value written as a TOML inline value (tables inline, arrays as JSON writes them)."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_inline(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def long_reference(view, top: int | None = TOP) -> list[tuple[str, float, float, list[float]]]:
    """The best ``top`` moves (every move when None), best first: notation, mean and standard
    error, and the values."""
    moves = legal_moves(stand_in(view))
    race = _Race(view, moves, REFERENCE_SEED)
    race.enter(list(range(len(moves))))
    for _ in range(STAGE1):
        race.play_world()
    race.alive = sorted(range(len(moves)), key=lambda c: -race.sign * mean(race.values[c]))[:top]
    for _ in range(STAGE2):
        race.play_world()
    deck = view.rules.deck
    top = sorted(race.alive, key=lambda c: -race.sign * mean(race.values[c]))
    return [(format_move(moves[c], deck), mean(race.values[c]), standard_error(race.values[c]), race.values[c])
            for c in top]


def clear_margin(ref, sign: float) -> tuple[float, float]:
    """The best move's paired lead over the runner-up, and its standard error."""
    best, second = ref[0][3], ref[1][3]
    d = [sign * (a - b) for a, b in zip(best, second, strict=True)]
    return mean(d), standard_error(d)


def main(argv: list[str] | None = None) -> int:
    """Writes the coach's reference cases and samples for each variant; prints the case tables."""
    args = _arguments(argv)
    cases_toml: list[str] = []
    ref_toml = [f"# Written by bench/coach_references.py (reference seed {REFERENCE_SEED}, "
                f"{STAGE1} + {STAGE2} worlds); read by tests/engine/test_coach_search.py.\n"]
    for variant in args.variants.split(","):
        _find_cases(variant, args, cases_toml, ref_toml)
        _sample(variant, args, ref_toml)
    _write(args, ref_toml, cases_toml)
    return 0


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line of the script."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=2)
    ap.add_argument("--sample", type=int, default=3)
    ap.add_argument("--variants", default=",".join(SEED_RULESETS))
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "cases" / "coach" / "references.toml")
    ap.add_argument("--at", default="", help="variant:deal:ply,... the cases to write again (no scan)")
    ap.add_argument("--scan", type=int, default=40, help="positions looked at per ruleset for the cases")
    ap.add_argument("--first", type=int, default=60_000, help="the first deal the cases are looked for in")
    ap.add_argument("--demand", action="store_true", help="keep only cases whose right move makes a demand")
    ap.add_argument("--append", action="store_true", help="add the new cases to --out instead of writing it anew")
    return ap.parse_args(argv)


def _find_cases(variant: str, args: argparse.Namespace, cases_toml: list[str], ref_toml: list[str]) -> None:
    """Appends the clear cases of one variant (or those of --at) to both TOML texts."""
    kept = 0
    wanted = {(int(d), int(p)) for v, d, p in (a.split(":") for a in args.at.split(",") if a) if v == variant}
    for deal, ply, view, state in positions(variant, args.scan, 11, tag="reference", first=args.first):
        if kept >= args.cases or (args.at and not wanted):
            break
        js = seat_json(state)
        if args.at:
            if (deal, ply) not in wanted:
                continue
            wanted.discard((deal, ply))
        elif js is None or hint(view, 1000, SCREEN_SEED, explain=False).stopped != "clear":
            continue
        ref = long_reference(view)
        sign = 1.0 if objective_for(view.rules).higher_is_better else -1.0
        m, se = clear_margin(ref, sign)
        need = CLEAR_POINTS if variant == "da" else CLEAR_MARGIN
        print(f"  {variant} {deal}/{ply}: {len(legal_moves(stand_in(view)))} moves, "
              f"{ref[0][0]} by {m:.3f} ±{se:.3f}", file=sys.stderr, flush=True)
        if m < need or m < CLEAR_SE * se or (args.demand and "demand" not in ref[0][0]):
            continue
        kept += 1
        cid = f"{variant}-many-moves-{deal}-{ply}"
        move = ref[0][0]
        st = position_from_json(js)
        reason = check(st, parse_move(move, st.rules.deck)).reasons[0].code
        cases_toml.append(
            f'[[case]]\nid = "{cid}"\nrule = "coach, {variant}: {len(legal_moves(stand_in(view)))} legal moves; '
            f'{move} leads {ref[1][0]} by {m:.3f} ±{1.96 * se:.3f} over {STAGE1 + STAGE2} reference worlds"\n'
            f"position = {toml_inline(js)}\nmove = \"{move}\"\nlegal = true\n"
            f'reason = "{reason}"\n')
        ref_toml.append(
            f'[[case]]\nid = "{cid}"\nbest = "{move}"\nvalue = {ref[0][1]:.4f}\nse = {ref[0][2]:.4f}\n'
            f'runner_up = "{ref[1][0]}"\nmargin = {m:.4f}\nmargin_se = {se:.4f}\n')


def _sample(variant: str, args: argparse.Namespace, ref_toml: list[str]) -> None:
    """Appends the sampled positions of one variant, with every move's reference value."""
    taken = 0
    for deal, ply, view, state in positions(variant, 30, 6, tag="sample", first=70_000):
        if taken >= args.sample:
            break
        js = seat_json(state)
        if js is None:
            continue
        taken += 1
        ref = long_reference(view, None)
        values = ", ".join(f'"{n}" = [{v:.4f}, {s:.4f}]' for n, v, s, _ in ref)
        ref_toml.append(f"[[sample]]\nid = \"{variant}-sample-{deal}-{ply}\"\n"
                        f"position = {toml_inline(js)}\nvalues = {{ {values} }}\n")
        print(f"  {variant} sample {taken}", file=sys.stderr, flush=True)


def _write(args: argparse.Namespace, ref_toml: list[str], cases_toml: list[str]) -> None:
    """Writes (or appends) the references to --out and prints the case tables."""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if args.append:
        with args.out.open("a", encoding="utf-8") as out:
            out.write("\n" + "\n".join(ref_toml[1:]))
    else:
        args.out.write_text("\n".join(ref_toml), encoding="utf-8")
    print("\n".join(cases_toml))


if __name__ == "__main__":
    raise SystemExit(main())
