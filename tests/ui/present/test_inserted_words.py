"""Cards and players put into sentences outside the reason builder carry their case and article."""
from __future__ import annotations

from engine.cards import FRENCH, HUNGARIAN
from engine.coach.search import CoachReason
from engine.moves import parse_move
from engine.ruleset import load_ruleset
from ui.present.coach_text import describe_coach_reason, move_text
from ui.present.i18n import translator
from ui.present.move_text import move_words
from ui.present.problems import field_text
from ui.present.reasons import cards_placeholders, cards_text

HU = load_ruleset("hu")


def test_hungarian_deck_cards_are_joined_with_commas_and_french_ones_side_by_side() -> None:
    hu = translator("hu")
    assert cards_text([HUNGARIAN.parse("7h"), HUNGARIAN.parse("7l")], HUNGARIAN, hu) == "piros hetes, zöld hetes"
    assert cards_text([FRENCH.parse("7h"), FRENCH.parse("7c")], FRENCH, hu) == "7♥ 7♣"
    assert move_words(parse_move("play 7h", HU.deck), HU.deck, hu) == "Kijátszás: piros hetes"


def test_the_forms_of_several_cards_go_with_the_first_card() -> None:
    assert cards_placeholders("cards", [HUNGARIAN.parse("7h"), HUNGARIAN.parse("7l")], HUNGARIAN, translator("hu"))["cards_the"] == (
        "a piros hetes, zöld hetes")
    assert cards_placeholders("cards", [HUNGARIAN.parse("Ah")], HUNGARIAN, translator("pl"))["cards_gen"] == "asa czerwiennego"


def test_the_coach_names_the_last_cards_with_their_article_and_the_place_with_its_own() -> None:
    reason = CoachReason("goes_out", {"cards": ["Ah"], "place": 1, "objective": "place"})
    ace = parse_move("play Ah", HU.deck)
    assert describe_coach_reason(reason, HU, 3, translator("hu"), best=ace) == "A piros ász az utolsó lapod: az 1. helyen mész ki."
    keep = CoachReason("keeps_card", {"cards": ["Ah"], "percent": 40})
    assert describe_coach_reason(keep, HU, 3, translator("pl"), best=parse_move("draw", HU.deck)).startswith(
        "Zatrzymanie asa czerwiennego oszczędza")


def test_the_coach_says_the_call_as_a_part_of_the_move() -> None:
    assert move_text(parse_move("play 7h makao", HU.deck), HU, translator("hu")) == "piros hetes, „Makaó” bemondásával"
    assert move_text(parse_move("play 7h makao", HU.deck), HU, translator("pl")) == "siódemka czerwienna, z zapowiedzią „Makaó”"


def test_a_position_field_names_its_player_in_the_case_the_sentence_needs() -> None:
    assert field_text("hands[1]", translator("hu")) == "a 2. játékos lapjai"
    assert field_text("hands[1]", translator("pl")) == "karty gracza 2"
    assert field_text("waiting[0]", translator("hu")) == "az 1. játékos kimaradó körei"
