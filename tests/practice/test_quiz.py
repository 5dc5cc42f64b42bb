"""Generated quizzes: valid positions only, always an answer the engine agrees with, reproducible."""
from __future__ import annotations

import pytest

from engine.drills import drill_by_id, playable_cards
from engine.position import position_from_json, position_to_json
from engine.quiz import LEVELS, QuizError, classify, generate, variant_topics, verify_question
from engine.ruleset import load_ruleset

VARIANTS = ("pl", "pl-trad", "da", "hu")
CASES = [(v, t) for v in VARIANTS for t in variant_topics(load_ruleset(v))]


@pytest.mark.parametrize("variant, topic", CASES, ids=lambda x: str(x))
def test_generated_questions_are_valid_and_answered_by_the_engine(variant: str, topic: str) -> None:
    for seed in range(12):
        question = generate(variant, topic, None, seed)
        assert question.topic == topic and question.variant == variant
        state = position_from_json(question.position)          # the validator accepts it
        assert position_to_json(state) == question.position    # and it round-trips unchanged
        assert topic in classify(state)
        verify_question(question)                              # the stated answer is the engine's
        if question.kind == "select":
            assert question.answer == playable_cards(state)
        else:
            assert question.answer[0] in question.options and len(question.options) >= 2


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_gives_a_question(variant: str, level: int) -> None:
    for topic in variant_topics(load_ruleset(variant)):
        question = generate(variant, topic, level, seed=level)
        verify_question(question)
        assert question.level in LEVELS


def test_any_topic_and_level_works_too() -> None:
    for seed in range(20):
        verify_question(generate("pl", None, None, seed))


def test_the_same_seed_gives_the_same_question() -> None:
    assert generate("da", "queen", 2, 7) == generate("da", "queen", 2, 7)
    assert generate("da", "queen", 2, 7).position != generate("da", "queen", 2, 8).position


def test_a_topic_the_variant_lacks_is_refused() -> None:
    with pytest.raises(QuizError, match="no questions about 'queen'"):
        generate("pl-trad", "queen")
    with pytest.raises(QuizError, match="no questions about 'hu_seven'"):
        generate("pl", "hu_seven")
    with pytest.raises(QuizError, match="level"):
        generate("pl", "jack", 7)


@pytest.mark.parametrize("drill_id, topic", [
    ("pl-battle-kings-01", "battle_kings"), ("pl-two-three-01", "two_three"), ("pl-four-01", "four"),
    ("pl-jack-01", "jack"), ("pl-ace-01", "ace"), ("hu-hu-seven-01", "hu_seven"), ("hu-hu-ace-01", "hu_ace"),
    ("hu-hu-felso-01", "hu_felso"), ("hu-hu-also-01", "hu_also"), ("pl-drawing-01", "drawing"),
    ("pl-makao-call-01", "makao_call"), ("pl-matching-01", "matching"),
])
def test_classify_names_the_topic_of_a_drill_position(drill_id: str, topic: str) -> None:
    assert topic in classify(drill_by_id(drill_id).state())


def test_variant_topics_follow_the_rules() -> None:
    assert "queen" not in variant_topics(load_ruleset("pl-trad"))
    assert "makao_call" not in variant_topics(load_ruleset("da"))
    hu = variant_topics(load_ruleset("hu"))
    assert {"hu_seven", "hu_ace", "hu_felso", "hu_also", "makao_call"} <= set(hu)
    assert "several_cards" not in hu and "jack" not in hu
