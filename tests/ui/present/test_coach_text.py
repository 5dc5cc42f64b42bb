"""The coach's words a learner reads: numbers with their unit, intervals a round can score, the review's sentences."""
from __future__ import annotations

import pytest

from engine.coach import CoachReason, Hint, MoveEstimate
from engine.coach.objective import objective_for
from engine.moves import parse_move
from engine.position import position_from_json
from engine.ruleset import load_ruleset
from ui.present.coach_text import (
    bounded_interval,
    describe_coach_reason,
    describe_hint,
    describe_shortfall,
    estimate_text,
    hint_lead,
    move_text,
    objective_label,
    value_text,
)
from ui.present.i18n import translator

# One ruleset per objective (docs/COACH.md, "What the numbers are, per ruleset").
JACK_6 = parse_move("play Jc demand 6", load_ruleset("da").deck)
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
    text = describe_coach_reason(reason, rules, 4, best=JACK_6)
    assert "0 cards" not in text and "88%" in text
    held = describe_coach_reason(CoachReason("wish_held", {"kind": "rank", "value": "6", "held": 2, "percent": 88}),
                                 rules, 4, best=JACK_6)
    assert "still hold 2 cards" in held
    suit = describe_coach_reason(CoachReason("wish_held", {"kind": "suit", "value": "h", "held": 0, "percent": 40}),
                                 rules, 4, best=parse_move("play As suit h", rules.deck))
    assert "0 cards" not in suit


@pytest.mark.parametrize("language", ["en", "pl", "da", "hu"])
def test_a_wish_for_what_you_lack_is_not_recommended_by_saying_you_lack_it(language: str) -> None:
    # Seen in hu: "Ezt a színt kéred: piros, pedig neked magadnak nincs ilyen színű lapod; …" ("you wish for
    # hearts although you hold none; …"): lacking the suit argues against the wish, not for it.
    rules = load_ruleset("hu")
    t = translator(language)
    for kind, value in (("suit", "h"), ("rank", "8")):
        text = describe_coach_reason(CoachReason("wish_held", {"kind": kind, "value": value, "held": 0, "percent": 45}),
                                     rules, 4, t, best=parse_move("play Ob suit h" if kind == "suit" else "play Ub demand 8",
                                                                  rules.deck))
        assert "45" in text
        for lacking in ("do not hold", "pedig", "nincs", "nie masz", "ikke selv"):
            assert lacking not in text, text


def test_a_wish_for_a_suit_you_keep_without_a_share_gives_the_kept_cards_as_its_reason() -> None:
    # The engine leaves the share out when it says nothing for the wish (9% of the deals stuck).
    rules = load_ruleset("pl")
    text = describe_coach_reason(CoachReason("wish_held", {"kind": "suit", "value": "c", "held": 2}), rules, 4,
                                 best=parse_move("play As suit c", rules.deck))
    assert text == ("You wish for clubs and still hold 2 cards of that suit, to play on the wished suit when your turn "
                    "comes round again.")
    assert "deals" not in text and "cannot follow" not in text


@pytest.mark.parametrize("language", ["en", "pl", "da", "hu"])
def test_the_best_move_is_named_before_the_reasons_that_say_it(language: str) -> None:
    # Seen in the Sandbox: "After it player 2, who holds 4 cards, has no card to play in 55% of the deals.
    # Best: 3♥…" — "it" pointed at nothing; the engine gives the numbers last.
    rules = load_ruleset("pl")
    t = translator(language)
    best = estimate("pl", "play 3h", 0.6, 0.5, 0.7)
    second = estimate("pl", "draw", 0.4, 0.3, 0.5)
    stuck = CoachReason("next_stuck", {"seat": 1, "cards": 4, "percent": 55})
    numbers = CoachReason("better_by", {"move": "play 3h", "value": 0.6, "other": "draw", "other_value": 0.4,
                                        "objective": "place"})
    h = hint_of("pl", best, second, reasons=(stuck, numbers))
    text = describe_hint(h, rules, t)
    reason = describe_coach_reason(stuck, rules, 4, t, best=best.move)
    assert text == describe_coach_reason(numbers, rules, 4, t, best=best.move) + " " + reason
    if language == "en":
        # After the runner-up's name ("the next best, draw a card, …") "it" would be the draw: the move is named.
        assert reason == "After 3♥, player 2, who holds 4 cards, has no card to play in 55% of the deals."
        assert "it" not in reason.split()


def test_the_reasons_name_the_move_they_speak_for_instead_of_it() -> None:
    rules = load_ruleset("pl")
    two = parse_move("play 2c", rules.deck)
    answer = describe_coach_reason(CoachReason("avoids_penalty", {"kind": "draw", "amount": 10}), rules, 4, best=two)
    assert answer == "2♣ answers the attack: you avoid drawing 10 cards now."
    call = describe_coach_reason(CoachReason("makes_call", {"call": "makao", "word": "makao", "penalty": 5}), rules, 4,
                                 best=parse_move("play 5d makao", rules.deck))
    assert call == "Say \"makao\" as you play 5♦: forgetting the call costs 5 penalty cards."


def test_a_draw_under_a_draw_attack_is_named_as_the_penalty() -> None:
    # Seen under "Attack: player 1 (you) must draw 5 cards": "Your move: draw a card — expected place 2.9".
    state = position_from_json({"variant": "pl", "hands": [["9d", "5s"], 4, 4], "to_move": 0, "pile": ["8h", "2h", "3h"],
                                "attack": {"draw": 5}})
    rules = state.rules
    draw = parse_move("draw", rules.deck)
    assert move_text(draw, rules, state=state) == "draw the 5 penalty cards"
    assert move_text(draw, rules) == "draw a card"                       # no position: the old words
    calm = state._replace(attack=None)
    assert move_text(draw, rules, state=calm) == "draw a card"
    best = estimate("pl", "play 9d", 0.4, 0.3, 0.5)
    penalty = estimate("pl", "draw", 0.2, 0.1, 0.3)
    numbers = CoachReason("better_by", {"move": "draw", "value": 0.4, "other": "play 9d", "other_value": 0.2,
                                        "objective": "place"})
    h = hint_of("pl", penalty, best, reasons=(numbers,))
    assert describe_hint(h, rules, state=state).startswith("Best: draw the 5 penalty cards, with an expected place")
    close = numbers._replace(code="close_call", params={**numbers.params, "move": "play 9d", "other": "draw"})
    assert "draw the 5 penalty cards is about as good" in describe_shortfall(
        h._replace(reasons=(close,)), parse_move("play 5s", rules.deck), rules, state=state).lower()


def test_a_wait_under_a_sit_out_attack_is_named_with_its_turns() -> None:
    state = position_from_json({"variant": "pl", "hands": [["9d", "5s"], 4, 4], "to_move": 0, "pile": ["8h", "4h"],
                                "attack": {"skip": 2}})
    wait = parse_move("wait", state.rules.deck)
    assert move_text(wait, state.rules, state=state) == "sit out 2 turns"
    assert move_text(wait, state.rules, state=state._replace(attack=state.attack._replace(amount=1))) == "sit out 1 turn"


def test_the_points_label_says_whose_points_and_that_more_are_better() -> None:
    # da, ru-101: "expected points" said neither, unlike "expected penalty points (fewer are better)".
    assert objective_label("points") == "your expected points (more are better)"
    assert objective_label("penalty") == "expected penalty points (fewer are better)"


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
    assert text.startswith(describe_coach_reason(wish, rules, 4, best=best.move))
    assert "next best" not in text and "both moves" not in text
    # The runner-up within the noise is named as about as good: the demand 7 is not the one right answer.
    assert text.endswith("J♣, demand 5 is about as good as J♣, demand 7: the difference is within the noise of the "
                         "simulation.")
    better = CoachReason("better_by", {**close.params})
    assert describe_shortfall(h._replace(reasons=(wish, better)), chosen.move, rules) == describe_coach_reason(
        wish, rules, 4, best=best.move)


def test_keeping_a_card_is_said_only_when_your_move_played_it() -> None:
    rules = load_ruleset("pl")
    best = estimate("pl", "draw", 0.6, 0.5, 0.7)
    seven = estimate("pl", "play 7h", 0.4, 0.3, 0.5)
    king = estimate("pl", "play Kc", 0.3, 0.2, 0.4)
    keep = CoachReason("keeps_card", {"cards": ["7h"], "percent": 43})
    h = hint_of("pl", best, seven, king, reasons=(keep,))
    assert "7♥" in describe_shortfall(h, seven.move, rules)
    assert "keep" not in describe_shortfall(h, king.move, rules).lower()
    assert describe_shortfall(h, best.move, rules) == ""


def test_without_a_reason_the_coach_says_plainly_that_its_playouts_end_better() -> None:
    # pl-trad, seed 11, the move checker: A♠ wishing ♦ against the coach's 6♠. The only "why" was about a
    # third move ("J♠, no demand is about as good …"), not about the learner's move (walkthrough D5).
    rules = load_ruleset("pl-trad")
    best = estimate("pl-trad", "play 6s", 0.75, 0.7, 0.8)
    runner_up = estimate("pl-trad", "play Js demand none", 0.73, 0.68, 0.78)
    chosen = estimate("pl-trad", "play As suit d", 0.25, 0.2, 0.3)
    close = CoachReason("close_call", {"move": "play 6s", "value": 0.75, "other": "play Js demand none",
                                       "other_value": 0.73, "objective": "not_loser"})
    h = hint_of("pl-trad", best, runner_up, chosen, reasons=(close,))
    text = describe_shortfall(h, chosen.move, rules)
    assert text.startswith("No single reason stands out: in the coach's playouts, 6♠ simply ends better than "
                           "A♠, wish diamonds (75% against 25%).")
    assert text.endswith("J♠, no demand is about as good as 6♠: the difference is within the noise of the simulation.")
    polish = describe_shortfall(h, chosen.move, rules, translator("pl"))
    assert "75%" in polish and "25%" in polish and polish != text


def test_the_hint_leads_with_the_move_as_advice_and_the_coachs_first_reason() -> None:
    # A newcomer got "Best: Q♠, with an expected place of 2.5 …" and a statistics table first (walkthrough D13).
    rules = load_ruleset("da")
    best = estimate("da", "play Jc demand 7", 51.7, 25.2, 78.1)
    other = estimate("da", "play 3c", 25.7, 6.7, 44.6)
    wish = CoachReason("wish_held", {"kind": "rank", "value": "7", "held": 1, "percent": 57})
    better = CoachReason("better_by", {"move": "play Jc demand 7", "value": 51.7, "other": "play 3c",
                                       "other_value": 25.7, "objective": "points"})
    h = hint_of("da", best, other, reasons=(better, wish))
    lead = hint_lead(h, rules)
    assert lead == "Play J♣, demand 7. " + describe_coach_reason(wish, rules, 4, best=best.move)
    assert "Best:" not in lead and "(" not in lead                      # no numbers table in the lead
    assert hint_lead(h._replace(reasons=(better,)), rules) == (
        "Play J♣, demand 7. No single reason stands out: it simply ends best in the coach's playouts.")
    assert hint_lead(h, rules, translator("pl")).startswith("Zagraj J♣, żądanie: 7.")


def test_the_hint_names_a_penalty_taken_as_the_advice() -> None:
    state = position_from_json({"variant": "pl", "hands": [["9d", "5s"], 4, 4], "to_move": 0, "pile": ["8h", "2h", "3h"],
                                "attack": {"draw": 5}})
    draw = estimate("pl", "draw", 0.4, 0.3, 0.5)
    h = hint_of("pl", draw, reasons=(CoachReason("only_move", {"move": "draw", "value": 0.4, "objective": "place"}),))
    assert hint_lead(h, state.rules, state=state) == "Take the penalty: draw 5 cards. It is your only move."
