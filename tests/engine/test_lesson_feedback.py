"""A legal move that misses a lesson step's goal is told what it did and what the step asked;
hints come in levels, gentlest first."""
import gettext

import pytest

from engine.cards import FRENCH
from engine.moves import parse_move
from engine.rules import legal_moves
from engine.scenario import (
    LESSON_CODES,
    ScenarioError,
    accepted_move,
    load_scenarios,
    scenario_from_dict,
    state_at,
    step_mismatch,
)

LESSONS = {sc.id: sc for sc in load_scenarios()}


def _mismatch(lesson_id: str, step: int, move: str, answers=()):
    sc = LESSONS[lesson_id]
    st = state_at(sc, list(answers), step)
    return step_mismatch(sc, st, sc.steps[step], parse_move(move, st.rules.deck))


@pytest.mark.parametrize("lesson, step, move, code, params", [
    ("pl-09-jack", 0, "play Jc demand 5", "lesson_other_demand", {"card": "Jc", "done": "5", "wanted": "7"}),
    ("pl-09-jack", 0, "play Jc demand none", "lesson_other_demand", {"card": "Jc", "done": "none", "wanted": "7"}),
    ("pl-09-jack", 0, "play Qh", "lesson_other_card", {"card": "Qh"}),
    ("pl-11-ace", 0, "play Ad suit h", "lesson_other_suit", {"card": "Ad", "done": "h", "wanted": "s"}),
    ("pl-03-several-cards", 0, "play 7c", "lesson_other_count", {"done": 1, "wanted": 2}),
    ("pl-05-battle-kings", 0, "draw", "lesson_wanted_play", {"done": "draw"}),
    ("hu-06-also", 0, "play Ua demand 9", "lesson_other_demand", {"card": "Ua", "done": "9", "wanted": "8"}),
])
def test_a_legal_miss_names_what_was_done_and_what_was_wanted(lesson, step, move, code, params):
    reason = _mismatch(lesson, step, move)
    assert (reason.code, reason.params) == (code, params)


def test_every_legal_miss_in_every_lesson_gets_a_lesson_code():
    seen = set()
    for sc in LESSONS.values():
        answers = []
        for i, step in enumerate(sc.steps):
            if step.kind != "learner":
                continue
            st = state_at(sc, answers, i)
            for move in legal_moves(st):
                if accepted_move(sc, st, step, move) is None:
                    seen.add(step_mismatch(sc, st, step, move).code)
            answers.append(step.accept[0])
    assert seen <= set(LESSON_CODES)
    assert {"lesson_wanted_play", "lesson_other_demand", "lesson_other_suit", "lesson_other_count",
            "lesson_other_card"} <= seen


def test_every_learner_step_states_a_goal_with_hints_from_the_rule_to_the_card():
    for sc in LESSONS.values():
        for step in sc.learner_steps:
            assert len(step.hints) >= 2, (sc.id, step.index)
            assert step.hint == step.hints[0]


def test_a_step_narration_does_not_give_the_move_away():
    """The goal is said, not the card: no learner step's text says "Play <the card>"."""
    from ui.present.cards import card_short
    for sc in LESSONS.values():
        answers = []
        for i, step in enumerate(sc.steps):
            if step.kind != "learner":
                continue
            st = state_at(sc, answers, i)
            move = parse_move(step.accept[0], st.rules.deck)
            for card in move.cards:
                short = card_short(card, st.rules.deck)
                assert f"Play {short}" not in step.narration and f"play {short}" not in step.narration, (sc.id, i)
            answers.append(step.accept[0])


def test_hint_levels_are_texts_and_bounded():
    base = dict(_raw("pl-09-jack").items())
    base["steps"][0]["hint"] = ["one", "two", "three", "four"]
    with pytest.raises(ScenarioError, match="at most 3"):
        scenario_from_dict(base, "x.toml")
    base["steps"][0]["hint"] = [1]
    with pytest.raises(ScenarioError, match="text"):
        scenario_from_dict(base, "x.toml")


def _raw(lesson_id: str) -> dict:
    import tomllib

    from engine.scenario import SCENARIO_DIR
    return tomllib.loads((SCENARIO_DIR / f"{lesson_id}.toml").read_text(encoding="utf-8"))


def test_mismatch_sentences_say_both_sides():
    from ui.present.lesson_text import describe_mismatch
    tr = gettext.NullTranslations()
    text = describe_mismatch(_mismatch("pl-09-jack", 0, "play Jc demand 5"), FRENCH, tr)
    assert "5" in text and "7" in text and "demanded" in text
    text = describe_mismatch(_mismatch("pl-03-several-cards", 0, "play 7c"), FRENCH, tr)
    assert "1 card" in text and "2 cards" in text
    text = describe_mismatch(_mismatch("pl-11-ace", 0, "play Ad suit h"), FRENCH, tr)
    assert "hearts" in text and "spades" in text
