"""A reviewed moment's hand marks both moves: the learner's raised, the coach's best outlined, each named."""
from __future__ import annotations

from engine.moves import parse_move
from engine.ruleset import load_ruleset
from ui.present.i18n import translator
from ui.present.table_marks import moment_marks

PL = load_ruleset("pl")
DECK = PL.deck


def cards(*names: str) -> list[int]:
    return [DECK.parse(name) for name in names]


def test_your_cards_are_raised_and_the_coachs_are_outlined_each_named_for_a_screen_reader() -> None:
    hand = cards("Kh", "Qs", "5c", "5d")
    highlights, labels, legend = moment_marks(hand, parse_move("play 5c 5d", DECK), parse_move("play Qs", DECK),
                                              PL, translator("en"))
    assert highlights == [None, "legal", "selected", "selected"]
    assert labels[0] == "K♥ — king of hearts"
    assert labels[1] == "Q♠ — queen of spades, the coach's best move"
    assert labels[2] == "5♣ — five of clubs, your move" and labels[3].endswith(", your move")
    assert legend == ("Raised, with a blue edge: the cards of your move. "
                      "With a green edge: the cards of the coach's best move.")


def test_a_draw_of_yours_marks_only_the_coachs_cards_and_says_only_that() -> None:
    hand = cards("Kh", "Qs")
    highlights, labels, legend = moment_marks(hand, parse_move("draw", DECK), parse_move("play Qs", DECK),
                                              PL, translator("en"))
    assert highlights == [None, "legal"]
    assert legend == "With a green edge: the cards of the coach's best move."


def test_the_same_card_with_another_wish_is_raised_once_and_named_for_both_moves() -> None:
    hand = cards("Ah", "7c")
    highlights, labels, legend = moment_marks(hand, parse_move("play Ah suit s", DECK),
                                              parse_move("play Ah suit c", DECK), PL, translator("en"))
    assert highlights == ["selected", None]
    assert labels[0] == "A♥ — ace of hearts, in your move and in the coach's best move"
    # The caption said only "the cards of your move": the coach's move, on the same ace, was nowhere.
    assert legend == ("Raised, with a blue edge: the cards of your move. "
                      "The coach's best move plays the same cards, with another wish.")


def test_the_same_card_with_another_call_says_so() -> None:
    hand = cards("5d", "9s")
    _, _, legend = moment_marks(hand, parse_move("play 5d", DECK), parse_move("play 5d makao", DECK), PL,
                                translator("en"))
    assert legend.endswith("The coach's best move plays the same cards, with another call.")


def test_cards_in_both_moves_among_others_are_named() -> None:
    # Your 5♣ 5♦, the coach's 5♦ alone: the raised 5♦ wears no green edge, so the caption names it.
    hand = cards("5c", "5d", "Qs")
    highlights, _, legend = moment_marks(hand, parse_move("play 5c 5d", DECK), parse_move("play 5d", DECK), PL,
                                         translator("en"))
    assert highlights == ["selected", "selected", None]
    assert legend == "Raised, with a blue edge: the cards of your move. Raised, and in the coach's best move too: 5♦."


def test_moves_without_a_shared_card_say_nothing_of_both() -> None:
    hand = cards("Kh", "Qs")
    _, _, legend = moment_marks(hand, parse_move("play Kh", DECK), parse_move("play Qs", DECK), PL, translator("en"))
    assert "both" not in legend and "same" not in legend and "too" not in legend


def test_the_marks_speak_the_readers_language() -> None:
    hand = cards("Kh", "Qs")
    _, labels, legend = moment_marks(hand, parse_move("play Kh", DECK), parse_move("play Qs", DECK),
                                     PL, translator("pl"))
    english = moment_marks(hand, parse_move("play Kh", DECK), parse_move("play Qs", DECK), PL, translator("en"))
    assert legend and legend != english[2]
    assert labels != english[1]
