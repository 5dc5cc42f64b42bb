"""Scores (accuracy, streaks, mastery, suggestions), the progress code and the class quiz code."""
from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.drills import load_drills
from ui.classroom_quiz import QuizCodeError, decode_quiz, encode_quiz
from ui.practice_score import Progress, ProgressCodeError, decode_progress, encode_progress, record, suggestions

TOPICS = ("matching", "jack", "queen", "ace")


def answers(progress: Progress, topic: str, results: str, variant: str = "pl") -> Progress:
    for ch in results:
        progress = record(progress, variant, topic, ch == "1")
    return progress


def test_accuracy_and_streaks_follow_the_answers() -> None:
    p = answers(Progress(), "jack", "1101110")
    score = p.score("pl", "jack")
    assert (score.attempts, score.correct) == (7, 5)
    assert p.streak == 0 and p.best_streak == 3
    p = answers(p, "queen", "11")
    assert p.streak == 2 and p.attempts == 9 and p.correct == 7


def test_a_topic_is_mastered_with_eight_of_the_last_ten_right() -> None:
    p = answers(Progress(), "jack", "1111111")
    assert not p.score("pl", "jack").mastered
    p = answers(p, "jack", "1")
    assert p.score("pl", "jack").mastered
    p = answers(p, "jack", "000")            # last ten: 1111110 00 0 -> 7 right
    assert not p.score("pl", "jack").mastered
    assert len(p.score("pl", "jack").recent) == 10


def test_scores_are_kept_per_variant() -> None:
    p = answers(Progress(), "jack", "11111111", variant="da")
    assert p.score("da", "jack").mastered and not p.score("pl", "jack").attempts


def test_suggestions_put_the_weakest_tried_topics_first_and_leave_out_mastered_ones() -> None:
    p = answers(Progress(), "matching", "1111111111")
    p = answers(p, "jack", "1100")
    p = answers(p, "queen", "0001")
    assert suggestions(p, "pl", TOPICS) == ["queen", "jack", "ace"]
    assert suggestions(Progress(), "pl", TOPICS, count=2) == ["matching", "jack"]


@given(st.lists(st.tuples(st.sampled_from(["pl", "hu"]), st.sampled_from(["matching", "makao_call", "end_of_round"]),
                          st.booleans()), max_size=60))
def test_the_progress_code_round_trips(history) -> None:
    p = Progress()
    for variant, topic, right in history:
        p = record(p, variant, topic, right)
    back = decode_progress(encode_progress(p))
    assert back == p
    assert encode_progress(p).startswith("MP1.") and len(encode_progress(p)) < 400


def _code(data) -> str:
    raw = json.dumps(data).encode()
    return "MP1." + base64.urlsafe_b64encode(zlib.compress(raw)).rstrip(b"=").decode()


@pytest.mark.parametrize("code, problem", [
    ("", "empty"), ("   ", "empty"), ("hello", "format"), ("MP1.", "format"), ("MP1.@@@", "format"),
    ("MP1.AAAA", "corrupt"), ("MP1." + "x" * 5000, "format"),
    (_code({"s": [0, 0]}), "invalid"),
    (_code({"s": [3, 1], "t": {}}), "invalid"),
    (_code({"s": [0, 0], "t": {"pl/flying": [1, 1, "1"]}}), "invalid"),
    (_code({"s": [0, 0], "t": {"xx/jack": [1, 1, "1"]}}), "invalid"),
    (_code({"s": [0, 0], "t": {"pl/jack": [1, 2, "1"]}}), "invalid"),
    (_code({"s": [0, 0], "t": {"pl/jack": [2, 1, "11"]}}), "invalid"),
    (_code({"s": [0, 0], "t": {"pl/jack": [-1, 0, ""]}}), "invalid"),
    (_code({"s": [0, 0], "t": {"pl/jack": [1, 1, "2"]}}), "invalid"),
    (_code([1, 2]), "invalid"),
])
def test_a_bad_progress_code_says_what_is_wrong(code: str, problem: str) -> None:
    with pytest.raises(ProgressCodeError) as caught:
        decode_progress(code)
    assert caught.value.code == problem


def test_the_quiz_code_round_trips_and_refuses_bad_codes() -> None:
    drills = load_drills()
    ids = ["pl-battle-kings-01", "pl-battle-kings-02", "pl-jack-01"]
    code = encode_quiz("pl", ids)
    assert code.startswith("Q1.") and len(code) < 120
    assert decode_quiz(code, drills) == ("pl", tuple(ids))
    for bad, problem in [("", "empty"), ("Q2.abc", "format"), ("Q1.AAAA", "corrupt"),
                         (encode_quiz("pl", ["pl-no-such-drill"]), "unknown_drill"),
                         (encode_quiz("xx", ["a"]), "invalid"), (encode_quiz("pl", []), "invalid"),
                         (encode_quiz("da", ["pl-jack-01"]), "unknown_drill")]:
        with pytest.raises(QuizCodeError) as caught:
            decode_quiz(bad, drills)
        assert caught.value.code == problem, bad
