"""The coach's words a learner reads: numbers with their unit, intervals a round can score, the review's sentences."""
from __future__ import annotations

import pytest

from engine.coach import CoachReason, Hint, MoveEstimate
from engine.coach.objective import objective_for
from engine.moves import parse_move
from engine.ruleset import load_ruleset
from ui.present.coach_text import (
    bounded_interval,
    describe_coach_reason,
    describe_shortfall,
    estimate_text,
    value_text,
)
from ui.present.i18n import translator

# One ruleset per objective (docs/COACH.md, "What the numbers are, per ruleset").
OBJECTIVE_RULES = {"win": "hu", "place": "pl", "not_loser": "pl-trad", "points": "da", "penalty": "ru-101"}


def hint_of(variant: str, *estimates: MoveEstimate, reasons: tuple[CoachReason, ...] = ()) -> Hint:
    rules = load_ruleset(variant)
    return Hint(seat=0, players=4, objective=objective_for(rules), moves=estimates, playouts=300, worlds=100,
                stopped="budget", reasons=reasons, seconds=0.1)


def estimate(variant: str, notation: str, mean: float, low: float, high: float) -> MoveEstimate:
    move = parse_move(notation, load_ruleset(variant).deck)
    return MoveEstimate(move, notation, mean, low, high, 100)


def test_an_interval_below_zero_points_is_cut_at_zero_in_da() -> None:
    # Seen after a round of da: "9.7 (-4.5–23.8)" — a round never scores below 0 points.
    e = estimate("da", "draw", 9.7, -4.5, 23.8)
    h = hint_of("da", e)
    assert bounded_interval(e, h) == (0.0, 23.8)
    assert estimate_text(e, h) == "9.7 (0.0–23.8)"
    assert "-" not in value_text(e, h) and "−" not in value_text(e, h)


def test_a_place_interval_stays_between_first_and_last_place_in_pl() -> None:
    e = estimate("pl", "draw", 0.9, 0.8, 1.05)             # the upper end past a certain first place
    h = hint_of("pl", e)
    assert estimate_text(e, h) == "place 1.3 (1.0–1.6)"


@pytest.mark.parametrize(("kind", "unit"), [
    ("win", "chance to win"), ("place", "expected place"), ("not_loser", "chance not to be the loser"),
    ("points", "points on average"), ("penalty", "penalty points on average"),
])
def test_a_value_in_a_sentence_says_what_it_counts(kind: str, unit: str) -> None:
    variant = OBJECTIVE_RULES[kind]
    e = estimate(variant, "draw", 0.5, 0.4, 0.6)
    h = hint_of(variant, e)
    assert h.objective.kind == kind
    text = value_text(e, h)
    assert unit in text and "(" in text and "–" in text


@pytest.mark.parametrize("language", ["pl", "da", "hu"])
def test_a_value_in_a_sentence_is_written_the_readers_way(language: str) -> None:
    e = estimate("da", "draw", 45.04, 35.0, 54.9)
    assert "45,0" in value_text(e, hint_of("da", e), translator(language))


def test_a_wish_for_a_rank_you_do_not_hold_does_not_say_you_hold_0_cards() -> None:
    rules = load_ruleset("da")
    reason = CoachReason("wish_held", {"kind": "rank", "value": "6", "held": 0, "percent": 88})
    text = describe_coach_reason(reason, rules, 4)
    assert "0 cards" not in text and "do not hold" in text and "88%" in text
    held = describe_coach_reason(CoachReason("wish_held", {"kind": "rank", "value": "6", "held": 2, "percent": 88}),
                                 rules, 4)
    assert "still hold 2 cards" in held
    suit = describe_coach_reason(CoachReason("wish_held", {"kind": "suit", "value": "h", "held": 0, "percent": 40}),
                                 rules, 4)
    assert "0 cards" not in suit and "do not hold" in suit


def test_the_words_on_your_own_move_leave_out_the_comparison_with_the_runner_up() -> None:
    # The review and the move checker compare the best move with the learner's; "the next best, J♣, demand
    # 5, … both moves are about as good" spoke of another move and read as if the learner's were as good.
    best = estimate("da", "play Jc demand 7", 51.7, 25.2, 78.1)
    runner_up = estimate("da", "play Jc demand 5", 47.0, 20.0, 70.0)
    chosen = estimate("da", "play 3c", 25.7, 6.7, 44.6)
    wish = CoachReason("wish_held", {"kind": "rank", "value": "7", "held": 1, "percent": 57})
    close = CoachReason("close_call", {"move": "play Jc demand 7", "value": 51.7, "other": "play Jc demand 5", "other_value": 47.0,
                                       "objective": "points"})
    h = hint_of("da", best, runner_up, chosen, reasons=(wish, close))
    rules = load_ruleset("da")
    text = describe_shortfall(h, chosen.move, rules)
    assert text.startswith(describe_coach_reason(wish, rules, 4))
    assert "next best" not in text and "both moves" not in text
    # The runner-up within the noise is named as about as good: the demand 7 is not the one right answer.
    assert text.endswith("J♣, demand 5 is about as good: the difference is within the noise of the simulation.")
    better = CoachReason("better_by", {**close.params})
    assert describe_shortfall(h._replace(reasons=(wish, better)), chosen.move, rules) == describe_coach_reason(wish, rules, 4)


def test_keeping_a_card_is_said_only_when_your_move_played_it() -> None:
    rules = load_ruleset("pl")
    best = estimate("pl", "draw", 0.6, 0.5, 0.7)
    seven = estimate("pl", "play 7h", 0.4, 0.3, 0.5)
    king = estimate("pl", "play Kc", 0.3, 0.2, 0.4)
    keep = CoachReason("keeps_card", {"cards": ["7h"], "percent": 43})
    h = hint_of("pl", best, seven, king, reasons=(keep,))
    assert "7♥" in describe_shortfall(h, seven.move, rules)
    assert describe_shortfall(h, king.move, rules) == ""
