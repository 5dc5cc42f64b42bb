"""What the coach maximises for a seat, per ruleset, and how a played-out round scores it.

The value of a move is the mean over playouts of the seat's result, in the ruleset's own terms
(RULES.md, "end" of each variant):

============== ================= ===================================================== =======
objective      rulesets          value of one played-out round                          better
============== ================= ===================================================== =======
``win``        hu, cz-prsi,      1 if the seat goes out first, else 0 (the probability  higher
               de-maumau         of winning the round)
``place``      pl                place score ``(n - place) / (n - 1)``: 1 for 1st, 0    higher
                                 for last (a win-chance-like score); the expected place
                                 itself is reported beside it
``not_loser``  pl-trad           1 unless the seat is the last one holding cards (the   higher
                                 probability of *not* being the loser)
``points``     da                the seat's points: 10 per card its opponents hold when higher
                                 it wins, else 0 (expected points)
``penalty``    ru-101            the seat's penalty points: the card points left in its lower
                                 hand (0 for the winner); 101 lose the game (expected
                                 penalty points)
============== ================= ===================================================== =======

The objective follows the ruleset's ``[end] result``; ``penalty_points`` rounds count as a
``win`` (prší, Mau-Mau: the round is won by going out) except in ``ru-101``, whose game is lost
by reaching 101 penalty points, so every point counts. A house ruleset follows its ``result``.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.fastplay import Playout
from engine.ruleset import Ruleset

# [end] result -> objective; ru-101 (and house rules copied from it, which keep its id) counts points.
_BY_RESULT = {"winner": "win", "places": "place", "loser": "not_loser", "points": "points", "penalty_points": "win"}
_PENALTY_GAMES = ("ru-101",)
OBJECTIVES = ("win", "place", "not_loser", "points", "penalty")


class Objective(NamedTuple):
    """The quantity the coach estimates for a ruleset, and whether higher is better."""

    kind: str  # one of OBJECTIVES
    higher_is_better: bool
    binary: bool  # every playout scores 0 or 1 (a probability)
    stop_at_first_out: bool  # the seat's result is known as soon as anyone goes out


def objective_for(rules: Ruleset) -> Objective:
    """Returns what the coach estimates in rounds of ``rules`` (see the module docstring)."""
    if rules.end_result == "penalty_points" and rules.id in _PENALTY_GAMES:
        kind = "penalty"
    else:
        kind = _BY_RESULT.get(rules.end_result, "win")
    first_out = kind in ("win", "points", "penalty")
    return Objective(kind, kind != "penalty", kind in ("win", "not_loser"), first_out)


def score_range(obj: Objective, rules: Ruleset, players: int) -> tuple[float, float]:
    """The least and most one round can score for a seat: shares and place scores lie in [0, 1];
    da's points reach at most every card of the deal, ru-101's penalty every card's points."""
    if obj.kind in ("win", "place", "not_loser"):
        return 0.0, 1.0
    cards = [rules.deck.rank_of(c) for c in range(rules.deck.size)] * rules.copies_for(players)
    if obj.kind == "points":
        return 0.0, float(rules.points_per_card * len(cards))
    return 0.0, float(sum(rules.card_points.get(rank, 0) for rank in cards))


def score(obj: Objective, p: Playout, seat: int) -> float:
    """The seat's result in the round ``p`` has reached (in the objective's units); a round cut
    off before the seat's result is known is scored by ``estimate``."""
    finished = p.finished
    if obj.kind == "win":
        if finished:
            return 1.0 if finished[0] == seat else 0.0
        return estimate(obj, p, seat)
    if obj.kind == "place":
        n = p.n
        if seat in finished:
            return (n - 1 - finished.index(seat)) / (n - 1)
        if p.over:
            return 0.0
        return estimate(obj, p, seat)
    if obj.kind == "not_loser":
        if seat in finished:
            return 1.0
        if p.over:
            return 0.0
        return estimate(obj, p, seat)
    if obj.kind == "points":
        if finished:
            if finished[0] != seat:
                return 0.0
            return float(p.rules.points_per_card * sum(p.hs[s] for s in range(p.n) if s not in finished))
        return estimate(obj, p, seat)
    # penalty
    if finished:
        return 0.0 if seat in finished else float(hand_points(p, seat))
    return estimate(obj, p, seat)


def hand_points(p: Playout, seat: int) -> int:
    """The card points of a seat's hand (Mau-Mau, prší, 101 scoring)."""
    name = p.rules.deck.rank_of
    points = p.rules.card_points
    return sum(points[name(c)] for c in p.hand(seat))


def estimate(obj: Objective, p: Playout, seat: int) -> float:
    """A cheap evaluation of a round cut off before the seat's result is known: every seat still
    holding cards goes out with a chance inversely proportional to its hand size (a seat with
    ``h`` cards beats one with ``g`` cards with probability ``g / (g + h)``)."""
    active = [s for s in range(p.n) if not p.fin[s]]
    hs = list(p.hs)
    if p.ak == 1:  # a pending draw attack counts against its target
        hs[p.to_move] += p.aa
    mine = max(hs[seat], 1)
    first = (1 / mine) / sum(1 / max(hs[s], 1) for s in active)
    if obj.kind == "win":
        return first
    if obj.kind == "points":
        return first * p.rules.points_per_card * sum(hs[s] for s in active if s != seat)
    if obj.kind == "penalty":
        return (1 - first) * hand_points(p, seat)
    if obj.kind == "place":
        place = len(p.finished) + 1 + sum(mine / (mine + max(hs[s], 1)) for s in active if s != seat)
        return (p.n - place) / (p.n - 1)
    last = 1.0
    for s in active:
        if s != seat:
            last *= mine / (mine + max(hs[s], 1))
    return 1 - last
