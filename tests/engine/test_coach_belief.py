"""The opponent-model belief (engine/coach/belief.py, issue #28 item 3): it never gives the true
hands weight 0, it weighs them above a void-consistent deal on average, and its worlds agree with
the seat's view."""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.coach.belief import Belief  # noqa: E402
from engine.fastplay import Playout  # noqa: E402
from engine.match import move_rng, playout_view  # noqa: E402
from engine.players.club import choose_club  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from engine.seat_view import view_of  # noqa: E402

DECISIONS = 250  # a ruleset: 1,000 in the four seed rulesets


def _decisions(variant: str, count: int):
    """Seeded club rounds (deals from 90,000, the belief's seat ``deal % 4``): at each of that seat's
    decisions, the belief, the view and the true hands."""
    rules = load_ruleset(variant)
    n, deal = 0, 90_000
    while n < count:
        p = Playout.new_game(rules, 4, deal)
        seat = deal % 4
        belief = Belief(list(p.hs), seat)
        ply = 0
        while not p.over and ply < 400 and n < count:
            view = playout_view(p)
            if view.seat == seat:
                n += 1
                yield belief, view, tuple(tuple(sorted(p.hand(s))) for s in range(4)), p.to_state()
            public = view._replace(hand=(), drawn=None if view.drawn is None else -1)
            move = choose_club(view, move_rng(deal, ply))
            p.apply(move)
            belief.see(public, move, playout_view(p)._replace(hand=()))
            ply += 1
        deal += 1


@pytest.mark.parametrize("variant", ["hu", "pl", "pl-trad", "da"])
def test_the_belief_never_gives_the_true_hands_weight_0_and_weighs_them_above_a_random_deal(variant):
    zero, logs = 0, []
    for i, (belief, view, truth, _) in enumerate(_decisions(variant, DECISIONS)):
        w = belief.weight(truth)
        zero += w == 0
        if belief.plays and w > 0:
            rng = random.Random(i)
            others = [belief.weight(belief._void_deal(view, rng)[0]) for _ in range(16)]
            logs.append(math.log(w / (sum(others) / len(others))))
    assert zero == 0
    # The club player's likelihood is informative: the true hands (which club players did play from)
    # weigh more than void-consistent deals of the same cards (measured +0.34 to +0.72 in log).
    assert len(logs) > DECISIONS / 2 and sum(logs) / len(logs) > 0.15


def test_a_world_of_the_belief_agrees_with_the_view_and_is_seeded():
    for i, (belief, view, _truth, state) in enumerate(_decisions("pl", 60)):
        world = belief.deal(view, random.Random(i))
        assert view_of(world, view.seat) == view
        again = belief.deal(view_of(state, view.seat), random.Random(i))
        assert again == world  # the same public record and seed: the same world


def test_without_the_likelihood_the_belief_is_the_voids_alone():
    for belief, _, truth, _ in _decisions("hu", 40):
        belief.likelihood = False
        assert belief.weight(truth) == 1.0
