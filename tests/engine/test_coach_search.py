"""The coach's search where many moves are legal (issue #28): the cards are chosen before their
order and wish, two seeds agree where the best move is clearly best, and the value shown for the
chosen move is measured on fresh worlds (stored references: tests/cases/coach/references.toml,
written by bench/coach_references.py)."""
from __future__ import annotations

import json
import math
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.coach import hint  # noqa: E402
from engine.coach.search import _split  # noqa: E402
from engine.moves import format_move, parse_move  # noqa: E402
from engine.position import position_from_json  # noqa: E402
from engine.rules import legal_moves  # noqa: E402
from engine.seat_view import view_of  # noqa: E402

CASES = tomllib.loads((ROOT / "tests" / "cases" / "coach.toml").read_text(encoding="utf-8"))
REFERENCES = tomllib.loads((ROOT / "tests" / "cases" / "coach" / "references.toml").read_text(encoding="utf-8"))
STORED = {r["id"]: r for r in REFERENCES["case"]}
MANY = [c for c in CASES["case"] if c["id"] in STORED]


def _state(position):
    pos = json.loads(position) if isinstance(position, str) else dict(position)
    pos.setdefault("variant", CASES["variant"])
    return position_from_json(pos)


def test_the_case_table_has_many_move_positions():
    # Every seed ruleset, and demands among the right answers (a pl jack's, a hu alsó's, a da jack's):
    # each demand is a legal move of its own, so these are the positions with the most moves.
    variants = {_state(c["position"]).rules.id for c in MANY}
    assert len(MANY) >= 8 and {"pl", "pl-trad", "da", "hu"} <= variants
    demands = {_state(c["position"]).rules.id for c in MANY if "demand" in c["move"]}
    assert {"pl", "hu", "da"} <= demands
    assert all(len(legal_moves(_state(c["position"]))) > 10 for c in MANY)


@pytest.mark.parametrize("case", MANY, ids=[c["id"] for c in MANY])
def test_seeds_0_and_1_name_the_move_a_long_reference_finds_clearly_best(case):
    st = _state(case["position"])
    ref = STORED[case["id"]]
    right = format_move(parse_move(case["move"], st.rules.deck), st.rules.deck)
    assert ref["best"] == right and ref["margin"] > 4 * ref["margin_se"]   # the stored run separates it
    named = [hint(view_of(st), playouts=1000, seed=seed, explain=False).best.notation for seed in (0, 1)]
    assert named == [right, right], (case["rule"], named)


def test_the_shown_value_of_the_best_move_agrees_with_its_fresh_reference_value():
    # The shown value is that of fresh worlds, so it differs from the long reference value of the
    # same move by chance alone: within 1.96 standard errors of the difference (the hint's and the
    # reference's, combined) about 95% of the time. The racing worlds' value (the winner's curse)
    # sat 2.4 to 7.3 points above it where many moves are legal (docs/COACH.md, issue #28). The
    # stored sample (40 positions, 10 a seed ruleset) holds every legal move's reference value, so
    # whichever move the hint names is looked up. Measured: 38 of 40 at 300 and at 1,000 playouts
    # (the misses: two pl place scores at 300, two da points at 1,000). At least 90% is asked.
    agree, rows = 0, []
    for sample in REFERENCES["sample"]:
        st = _state(sample["position"])
        h = hint(view_of(st), playouts=1000, seed=0, explain=False)
        stored = sample["values"].get(h.best.notation)
        if stored is not None:
            se = (h.best.high - h.best.low) / (2 * 1.96)
            agree += abs(h.best.mean - stored[0]) <= 1.96 * math.hypot(se, stored[1]) + 1e-9
        rows.append((sample["id"], h.best.notation, round(h.best.mean, 3), stored))
    assert len(rows) >= 40
    assert agree >= 0.9 * len(rows), rows


def test_the_cards_are_chosen_first_then_their_order_then_wish_and_calls():
    st = position_from_json({"variant": "pl", "hands": [["Jd", "Jh", "9d", "5c"], 5, 5], "to_move": 0,
                             "pile": ["7d", "Jc"]})
    moves = legal_moves(st)
    groups, level = _split(moves, list(range(len(moves))), 0)
    assert level == 0
    cards = [{tuple(sorted(moves[i].cards)) if moves[i].kind == "play" else moves[i].kind for i in g} for g in groups]
    assert all(len(c) == 1 for c in cards)                    # one set of cards (or draw) a group
    both_jacks = next(g for g in groups if len(moves[g[0]].cards) == 2 and moves[g[0]].kind == "play")
    orders, level = _split(moves, both_jacks, 1)
    assert level == 1 and len(orders) == 2                   # J♦ J♥ and J♥ J♦
    wishes, level = _split(moves, orders[0], 2)
    assert level == 2 and len(wishes) == len(orders[0]) > 1  # each demand a candidate of its own


def test_every_move_is_valued_and_no_interval_leaves_what_a_round_can_score():
    for case in MANY:
        st = _state(case["position"])
        h = hint(view_of(st), playouts=400, seed=3, explain=False)
        assert len(h.moves) == len(legal_moves(st)) and all(m.playouts >= 1 for m in h.moves)
        assert h.playouts <= 400 and h.best.playouts == h.fresh
        low, high = (0.0, float("inf")) if h.objective.kind == "points" else (0.0, 1.0)
        assert all(low <= m.low <= m.mean <= m.high <= high for m in h.moves)
