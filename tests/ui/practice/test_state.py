"""The practice state over a plain dict: a class quiz link is read once, and answers are scored."""
from __future__ import annotations

from typing import Any

from ui.practice import state as ps
from ui.practice.score import Progress
from ui.shell.quiz_link import encode_quiz


def test_a_quiz_code_opens_the_class_quiz_once_and_names_its_variant() -> None:
    state: dict[str, Any] = {}
    assert ps.init(state, encode_quiz("da", ["da-queen-01", "da-ace-02"])) == "da"
    assert ps.mode(state) == "class"
    assert [d.id for d in ps.drill_list(state, "da")] == ["da-queen-01", "da-ace-02"]
    state[ps.INDEX] = 1
    assert ps.init(state, encode_quiz("pl", ["pl-ace-01"])) is None   # read once per session
    assert state[ps.INDEX] == 1 and ps.mode(state) == "class"


def test_a_bad_quiz_code_is_remembered_not_raised() -> None:
    state: dict[str, Any] = {}
    assert ps.init(state, "Q1.broken") is None
    assert state[ps.QUIZ_ERROR] in ("corrupt", "format", "invalid")
    assert ps.mode(state) == "drills"
    assert isinstance(ps.progress(state), Progress)


def test_an_answer_is_scored_once_and_the_next_question_follows() -> None:
    state: dict[str, Any] = {}
    ps.init(state, None)
    question = ps.current_question(state, "pl")
    assert question is not None
    right = next(o for o in question.options if question.is_correct(o)) if question.kind != "select" else None
    if right is not None:
        state[ps.CHOICE.format(qid=question.id)] = right
    ps.submit(state, "pl")
    ps.submit(state, "pl")                                 # a second press scores nothing more
    assert state[ps.ANSWER]["id"] == question.id
    assert ps.progress(state).attempts == 1
    ps.next_question(state)
    assert state[ps.INDEX] == 1 and state[ps.ANSWER] is None
