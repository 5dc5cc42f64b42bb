"""Every problem code of an impossible position has a sentence, in every language, and outside
values are cut short and escaped before they reach the page."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.cards import FRENCH, HUNGARIAN
from engine.errors import PositionError, Problem
from engine.position import PROBLEM_CODES, position_from_json
from engine.ruleset import Ruleset, load_ruleset
from ui.present.i18n import LANGUAGES, translator
from ui.present.problems import describe_problem, describe_problems, field_text, message_codes

BASE: dict[str, Any] = {"variant": "pl", "hands": [["5h"], ["6h"]], "to_move": 0, "pile": ["9h"]}

# One position per code that makes the engine report exactly that code (among others).
TRIGGERS: dict[str, dict[str, Any]] = {
    "bad_attack": {**BASE, "attack": {"draw": 2, "skip": 1}},
    "attack_taken_at_once": {**BASE, "variant": "pl-devdo", "pile": ["Ks"], "attack": {"draw": 5}},
    "bad_cover": {**BASE, "cover": True},   # pl has no card to cover
    "bad_attack_amount": {**BASE, "pile": ["2h"], "attack": {"draw": -3}},
    "bad_card": {**BASE, "hands": [["5h", "1x"], ["6h"]]},
    "bad_count": {**BASE, "hands": [["5h"], 100000]},
    "bad_direction": {**BASE, "direction": "sideways"},
    "bad_format": {**BASE, "format": "chess/1"},
    "bad_type": {**BASE, "seed": "x"},
    "bad_waiting": {**BASE, "waiting": [0, "x"]},
    "bad_wish": {**BASE, "wish": {"rank": "7"}},
    "bad_wish_value": {**BASE, "wish": {"rank": "Z", "by": 1}},
    "card_does_not_attack": {**BASE, "attack": {"draw": 2}},
    "drawn_not_in_hand": {**BASE, "drawn": "Kc"},
    "drawn_not_playable": {"variant": "hu", "hands": [["7h"], ["8h"]], "to_move": 0, "pile": ["9h"], "drawn": "7h"},
    "drawn_under_attack": {**BASE, "pile": ["2h"], "attack": {"draw": 2}, "drawn": "5h"},
    "duplicate_card": {**BASE, "hands": [["5h"], ["5h"]]},
    "empty_pile": {**BASE, "pile": []},
    "finished_holds_cards": {**BASE, "hands": [["5h"], ["6h"], ["7h"]], "finished": [1]},
    "missing_field": {"variant": "pl", "hands": [["5h"], ["6h"]], "to_move": 0},
    # Every shipped variant has both attacks and both wishes: these two need a plain house ruleset.
    "no_such_attack": {**BASE, "variant": "plain", "attack": {"skip": 1}},
    "no_such_wish": {**BASE, "variant": "plain", "wish": {"suit": "h", "by": 0}},
    "not_a_seat": {**BASE, "to_move": 7},
    "players_out_of_range": {**BASE, "hands": [["5h"]]},
    "round_already_over": {"variant": "da", "hands": [["5h"], [], ["7h"]], "to_move": 0, "pile": ["9h"], "finished": [1]},
    "seat_listed_twice": {**BASE, "hands": [["5h"], [], []], "finished": [1, 1]},
    "to_move_finished": {**BASE, "hands": [[], ["6h"], ["7h"]], "finished": [0]},
    "empty_hand": {**BASE, "hands": [["5h"], [], ["7h"]]},
    "to_move_waiting": {**BASE, "waiting": [1, 0]},
    "too_many_cards": {**BASE, "hands": [["5h"], 60]},
    "unknown_field": {**BASE, "colour": "red"},
    "unknown_variant": {**BASE, "variant": "chess"},
    "waiting_length": {**BASE, "waiting": [0]},
    "wish_not_allowed": {**BASE, "wish": {"rank": "K", "by": 1}},
}
FALLBACK = "cannot describe yet"


def plain_rules() -> Ruleset:
    """A house ruleset without special cards: no attacks, no wishes."""
    return replace(load_ruleset("pl"), id="plain", cards=())


def problems_of(position: dict[str, Any]) -> list[Problem]:
    rules = plain_rules() if position.get("variant") == "plain" else None
    with pytest.raises(PositionError) as caught:
        position_from_json(position, rules)
    return caught.value.problems


def test_every_problem_code_has_a_sentence_and_no_other() -> None:
    assert message_codes(translator("en")) == frozenset(PROBLEM_CODES)


def test_every_problem_code_has_a_triggering_position_in_this_test() -> None:
    assert set(TRIGGERS) == set(PROBLEM_CODES)


@pytest.mark.parametrize("code", PROBLEM_CODES)
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_problem_the_engine_reports_is_described_in_every_language(code: str, language: str) -> None:
    found = [p for p in problems_of(TRIGGERS[code]) if p.code == code]
    assert found, f"{code} was not reported for its triggering position"
    t = translator(language)
    for problem in found:
        deck = HUNGARIAN if TRIGGERS[code]["variant"] == "hu" else FRENCH
        sentence = describe_problem(problem, deck, t)
        assert sentence and FALLBACK not in sentence
        assert "{" not in sentence and "}" not in sentence, sentence


def test_the_english_sentences_name_the_place_and_the_card() -> None:
    t = translator("en")
    [dup] = [p for p in problems_of(TRIGGERS["duplicate_card"]) if p.code == "duplicate_card"]
    assert describe_problem(dup, FRENCH, t) == "5♥ is used twice; there is only one in the deck."
    [bad] = [p for p in problems_of(TRIGGERS["bad_card"]) if p.code == "bad_card"]
    assert "the hand of player 1" in describe_problem(bad, FRENCH, t)
    [seat] = [p for p in problems_of(TRIGGERS["not_a_seat"]) if p.code == "not_a_seat"]
    assert describe_problem(seat, FRENCH, t) == "8 in the player to move is not a player (there are players 1 to 2)."


def test_a_position_with_many_faults_is_described_fault_by_fault() -> None:
    position = {"variant": "pl", "hands": [["5h", "zz"], ["5h"], ["Kc"]], "to_move": 5, "pile": [],
                "waiting": [0], "colour": 1}
    sentences = describe_problems(problems_of(position), FRENCH, translator("en"))
    assert len(sentences) >= 5
    assert len(set(sentences)) == len(sentences)


def test_outside_values_are_cut_short_and_escaped_for_markdown() -> None:
    t = translator("en")
    hostile = "<script>alert(1)</script>" + "x" * 500
    text = describe_problem(Problem("unknown_field", "", {"field": hostile}), FRENCH, t)
    assert "<script>" not in text and "\\<script\\>" in text
    assert len(text) < 120
    link = describe_problem(Problem("unknown_variant", "", {"variant": "[click](http://evil)"}), FRENCH, t)
    assert "[click]" not in link


def test_an_unknown_code_or_bad_parameters_never_raise() -> None:
    t = translator("en")
    assert FALLBACK in describe_problem(Problem("brand_new", "", {}), FRENCH, t)
    assert describe_problem(Problem("duplicate_card", "", {"card": object()}), FRENCH, t)
    assert FALLBACK in describe_problem(Problem("to_move_waiting", "", {"turns": "x"}), FRENCH, t)


def test_field_names_read_as_places() -> None:
    t = translator("en")
    assert field_text("hands[2]", t) == "the hand of player 3"
    assert field_text("hands[0][3]", t) == "the hand of player 1"
    assert field_text("deck[4]", t) == "the deck"
    assert field_text("waiting[1]", t) == "the turns player 2 sits out"
    assert field_text("wish.by", t) == "the player who made the wish"
