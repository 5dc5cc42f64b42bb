"""Lessons (scenarios/lessons/*.toml): each one replays under the engine and teaches what it claims."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.scenario import (
    SCENARIO_DIR,
    TOPICS,
    ScenarioError,
    lessons_of,
    load_scenario,
    load_scenarios,
    scenario_from_dict,
    stars,
    verify,
    verify_all,
)

FILES = sorted(SCENARIO_DIR.glob("*.toml"))
# Every topic of RULES.md that a learner of the variant can get wrong (RULES.md, per variant):
# pl-trad has no makao call; da says "Makao!" for you (no penalty); hu has its own cards.
EXPECTED_TOPICS = {
    "pl": {"matching", "drawing", "several_cards", "two_three", "battle_kings", "four", "jack", "queen", "ace",
           "makao_call", "end_of_round"},
    "pl-trad": {"matching", "drawing", "several_cards", "two_three", "battle_kings", "four", "jack", "queen",
                "ace", "end_of_round"},
    "da": {"matching", "drawing", "several_cards", "two_three", "battle_kings", "four", "jack", "queen", "ace",
           "end_of_round"},
    "hu": {"matching", "drawing", "several_cards", "hu_seven", "hu_ace", "hu_felso", "hu_also", "makao_call",
           "end_of_round"},
    "ru-101": {"cover"},   # the relatives' first lesson: the rule of theirs a makao player does not know
}
FULL_COURSES = ("pl", "pl-trad", "da", "hu")


# Relatives without a full course get a lesson for each effect a learner meets there that the
# Polish, Danish and Hungarian courses do not teach.
EFFECT_LESSONS = {"de-maumau-9": {"reverse"}}


def raw(name: str) -> dict:
    return tomllib.loads((SCENARIO_DIR / name).read_text(encoding="utf-8"))


def test_there_are_lessons_for_every_variant() -> None:
    lessons = load_scenarios()
    assert {s.variant for s in lessons} == set(EXPECTED_TOPICS) | set(EFFECT_LESSONS)
    for variant in FULL_COURSES:
        assert len(lessons_of(variant, lessons)) >= 8


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_lesson_replays_under_the_engine(path: Path) -> None:
    lesson = load_scenario(path)
    assert lesson.id == path.stem, "a lesson file is named after its id"
    assert verify(lesson) >= 1
    assert lesson.learner_steps, "every lesson has something for the learner to do"


def test_lesson_ids_and_orders_are_unique_and_orders_have_no_gaps() -> None:
    lessons = load_scenarios()
    verify_all(lessons)
    for variant in EXPECTED_TOPICS:
        assert [s.order for s in lessons_of(variant, lessons)] == list(range(1, len(lessons_of(variant, lessons)) + 1))


@pytest.mark.parametrize("variant", list(EFFECT_LESSONS))
def test_a_relative_has_a_lesson_for_each_of_its_own_effects(variant: str) -> None:
    lessons = lessons_of(variant, load_scenarios())
    assert {topic for s in lessons for topic in s.topics} == EFFECT_LESSONS[variant]
    assert [s.order for s in lessons] == list(range(1, len(lessons) + 1))


def test_every_ruleset_with_a_reversing_card_has_the_reversing_lesson() -> None:
    from engine.queries import reverses_direction
    from engine.ruleset import load_ruleset, variant_ids

    lessons = load_scenarios()
    for variant in variant_ids():
        if reverses_direction(load_ruleset(variant)):
            assert any("reverse" in s.topics for s in lessons_of(variant, lessons)), variant


@pytest.mark.parametrize("variant", list(EXPECTED_TOPICS))
def test_every_applicable_topic_is_taught_in_each_variant(variant: str) -> None:
    lessons = lessons_of(variant, load_scenarios())
    taught = {topic for s in lessons for topic in s.topics}
    assert EXPECTED_TOPICS[variant] <= taught, f"{variant} misses {EXPECTED_TOPICS[variant] - taught}"
    assert taught <= EXPECTED_TOPICS[variant], f"{variant} teaches topics that do not apply: {taught - EXPECTED_TOPICS[variant]}"


@pytest.mark.parametrize("variant", FULL_COURSES)   # a relative's lessons teach only what differs
def test_lessons_follow_the_teaching_order(variant: str) -> None:
    lessons = lessons_of(variant, load_scenarios())
    assert "matching" in lessons[0].topics, "the first lesson states the goal and teaches matching"
    assert "end_of_round" in lessons[-1].topics, "the last lesson is the end of the round"
    first = {topic: min(s.order for s in lessons if topic in s.topics) for s in lessons for topic in s.topics}
    assert first["drawing"] < first["several_cards"] or variant == "hu"
    specials = [t for t in first if t not in ("matching", "drawing", "several_cards", "makao_call", "end_of_round")]
    assert max(first[t] for t in specials) <= first.get("makao_call", 99)


def test_every_learner_step_of_a_special_card_lesson_teaches_against_a_wrong_move() -> None:
    for lesson in load_scenarios():
        steps = lesson.learner_steps
        assert any(step.wrong for step in steps), f"{lesson.file}: no wrong move taught"


def test_every_listed_wrong_move_has_a_known_reason_and_every_text_is_set() -> None:
    for lesson in load_scenarios():
        assert lesson.title and lesson.goal and lesson.summary, lesson.file
        for step in lesson.steps:
            assert step.narration, f"{lesson.file}: step {step.index + 1} has no narration"


# --------------------------------------------------------------------------- broken lessons

def test_an_illegal_scripted_move_names_the_file_and_the_step() -> None:
    data = raw("pl-04-twos-threes.toml")
    data["steps"][2]["move"] = "play 6s"   # player 2 may not answer a pending 2 with an ordinary card
    with pytest.raises(ScenarioError) as error:
        verify(scenario_from_dict(data, "broken.toml"))
    assert str(error.value) == "broken.toml: step 3.move: scripted move 'play 6s' is illegal (not_a_defence)"


def test_an_unknown_topic_names_the_file_and_the_field() -> None:
    data = raw("pl-01-goal-matching.toml")
    data["topics"] = ["matching", "jokers"]
    with pytest.raises(ScenarioError, match=r"broken\.toml: topics\[1\]: unknown topic 'jokers'"):
        scenario_from_dict(data, "broken.toml")


def test_an_unknown_field_names_the_file_and_the_field() -> None:
    data = raw("pl-01-goal-matching.toml")
    data["steps"][1]["answer"] = "play 7h"
    with pytest.raises(ScenarioError, match=r"broken\.toml: step 2\.answer: unknown field"):
        scenario_from_dict(data, "broken.toml")


def test_a_wrong_stated_reason_names_the_file_and_the_step() -> None:
    data = raw("pl-04-twos-threes.toml")
    data["steps"][1]["wrong"][0]["reason"] = "no_match"  # 3♣ on 2♥ fails for defence_must_match
    with pytest.raises(ScenarioError, match=r"broken\.toml: step 2\.wrong\[0\]\.reason: the engine gives defence_must_match"):
        verify(scenario_from_dict(data, "broken.toml"))


def test_a_legal_move_listed_as_wrong_is_refused() -> None:
    data = raw("pl-01-goal-matching.toml")
    data["steps"][3]["wrong"][0] = {"move": "play 7c", "reason": "match_rank"}
    data["steps"][3]["accept"] = ["play 5s"]
    with pytest.raises(ScenarioError, match="step 4.wrong"):
        verify(scenario_from_dict(data, "broken.toml"))


def test_an_illegal_accepted_answer_is_refused() -> None:
    data = raw("pl-01-goal-matching.toml")
    data["steps"][1]["accept"] = "play 5s"
    data["steps"][1]["wrong"] = []
    with pytest.raises(ScenarioError, match=r"step 2\.accept: accepted move 'play 5s' is illegal \(no_match\)"):
        verify(scenario_from_dict(data, "broken.toml"))


def test_a_failed_success_check_names_the_field() -> None:
    data = raw("pl-01-goal-matching.toml")
    data["check"]["to_move"] = 0
    with pytest.raises(ScenarioError, match=r"broken\.toml: check\.to_move: expected 0, found 1"):
        verify(scenario_from_dict(data, "broken.toml"))


def test_a_learner_step_when_another_seat_is_to_move_is_refused() -> None:
    data = raw("pl-04-twos-threes.toml")
    data["steps"].insert(0, {"narration": "x", "accept": "play 2c"})
    with pytest.raises(ScenarioError, match="step 1: a learner step, but seat 1 is to move"):
        verify(scenario_from_dict(data, "broken.toml"))


def test_a_lesson_needs_an_explicit_deck() -> None:
    data = raw("pl-01-goal-matching.toml")
    del data["position"]["deck"]
    with pytest.raises(ScenarioError, match=r"position\.deck"):
        scenario_from_dict(data, "broken.toml")


def test_a_file_that_is_not_toml_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("id = ", encoding="utf-8")
    with pytest.raises(ScenarioError, match="bad.toml: file: is not valid TOML"):
        load_scenario(bad)


def test_the_topic_list_is_the_fixed_one() -> None:
    assert TOPICS == ("matching", "drawing", "several_cards", "two_three", "battle_kings", "four", "jack", "queen",
                      "ace", "makao_call", "end_of_round", "hu_seven", "hu_ace", "hu_felso", "hu_also", "cover",
                      "reverse")


@pytest.mark.parametrize(("mistakes", "hints", "expected"), [(0, 0, 3), (1, 0, 2), (0, 1, 2), (1, 1, 1), (2, 2, 0)])
def test_stars_drop_one_per_mistake_or_hint(mistakes: int, hints: int, expected: int) -> None:
    assert stars(mistakes, hints) == expected
