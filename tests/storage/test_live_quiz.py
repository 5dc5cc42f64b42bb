"""The live quiz's storage, on SQLite and PostgreSQL: one answer per pupil per question, deadlines, points, results."""
from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select

from engine.drills import drill_by_id
from storage.database import make_engine, migrate
from storage.errors import AccessRefused, InputRefused
from storage.live_quiz import (
    ENDED,
    OPEN,
    SHOWN,
    LiveQuizzes,
    choose_questions,
    option_order,
    points_for,
    quiz_drills,
)
from storage.models import LiveAnswer
from storage.repository import Storage
from tests.storage.conftest import Clock

TAPS = 24


def _wrong(drill) -> str:
    return next(o for o in drill.options if not drill.is_correct(o))


def _right(drill) -> str:
    return drill.answer[0]


@pytest.fixture
def quizzes(store) -> LiveQuizzes:
    return LiveQuizzes(store)


@pytest.fixture
def room(store):
    made = store.create_class("4b", "pl", "pl")
    pupils = [store.join(made.info.code, name) for name in ("Ala", "Bartek", "Celina")]
    return made.teacher_key, pupils


def test_points_are_500_plus_up_to_500_for_the_time_left_and_0_when_wrong():
    assert points_for(True, 1_000, 1_000, 21_000) == 1000      # at once
    assert points_for(True, 11_000, 1_000, 21_000) == 750      # half the time left
    assert points_for(True, 21_000, 1_000, 21_000) == 500      # at the buzzer
    assert points_for(True, 16_000, 1_000, 21_000) == 625
    assert points_for(False, 1_000, 1_000, 21_000) == 0


def test_the_questions_have_options_and_put_the_class_s_own_first_then_mix_topics():
    pool = quiz_drills("pl")
    assert pool and all(d.kind in ("next", "best") and d.options for d in pool)
    own = pool[-1].id
    chosen = choose_questions("pl", ["pl-matching-01", own], 8)   # a "select" drill of the class is left out
    assert chosen[0] == own and len(chosen) == 8 and len(set(chosen)) == 8
    assert drill_by_id("pl-matching-01").kind == "select" and "pl-matching-01" not in chosen
    topics = [drill_by_id(i).topic for i in chosen[1:]]
    assert len(set(topics)) >= 4, topics                          # mixed, not eight of the first topic
    one = choose_questions("pl", [], 5, topic=pool[0].topic)
    assert one and all(drill_by_id(i).topic == pool[0].topic for i in one)


def test_the_options_are_mixed_the_same_way_on_every_call():
    drill = quiz_drills("pl")[0]
    assert option_order(drill) == option_order(drill) and sorted(option_order(drill)) == sorted(drill.options)


def test_a_quiz_runs_question_by_question_and_keeps_its_results(quizzes, room, clock):
    key, (ala, bartek, celina) = room
    quiz = quizzes.start(key, count=3, seconds=20)
    assert (quiz.index, quiz.phase, quiz.deadline_at - quiz.opened_at) == (0, OPEN, 20_000)
    drill = drill_by_id(quiz.question_id)
    clock.advance(5)
    assert quizzes.answer(ala.token, quiz.id, 0, _right(drill)).points == 875
    clock.advance(5)
    assert quizzes.answer(bartek.token, quiz.id, 0, _right(drill)).points == 750
    assert quizzes.answer(celina.token, quiz.id, 0, _wrong(drill)).points == 0
    board = quizzes.board(key)
    assert board.counts == {_right(drill): 2, _wrong(drill): 1} and board.answered == 3 and board.pupils == 3
    assert [(s.nickname, s.points, s.right) for s in board.standings] == [("Ala", 875, 1), ("Bartek", 750, 1),
                                                                        ("Celina", 0, 0)]
    shown = quizzes.show_answer(key)
    assert shown.phase == SHOWN and shown.version == quiz.version + 1
    with pytest.raises(InputRefused) as refused:
        quizzes.show_answer(key)
    assert refused.value.code == "quiz_wrong_step"
    second = quizzes.next_question(key)
    assert (second.index, second.phase) == (1, OPEN)
    clock.advance(1)
    quizzes.answer(celina.token, quiz.id, 1, _right(drill_by_id(second.question_id)))   # 975: 19 of 20 s left
    quizzes.show_answer(key)
    quizzes.next_question(key)
    quizzes.show_answer(key)
    ended = quizzes.next_question(key)   # after the last question the quiz ends
    assert ended.phase == ENDED
    with pytest.raises(AccessRefused) as refused:
        quizzes.next_question(key)
    assert refused.value.code == "quiz_not_running"
    past = quizzes.past(key)
    assert len(past) == 1 and past[0].questions == 3
    assert [(s.nickname, s.points, s.right, s.answered) for s in past[0].standings] == [
        ("Celina", 975, 1, 2), ("Ala", 875, 1, 1), ("Bartek", 750, 1, 1)]


def test_a_late_answer_is_refused_by_the_stored_deadline(quizzes, room, clock):
    key, (ala, bartek, _celina) = room
    quiz = quizzes.start(key, count=3, seconds=20)
    drill = drill_by_id(quiz.question_id)
    clock.advance(19.999)
    assert quizzes.answer(ala.token, quiz.id, 0, _right(drill)).points == 500
    clock.advance(0.001)   # the deadline itself: too late
    with pytest.raises(AccessRefused) as refused:
        quizzes.answer(bartek.token, quiz.id, 0, _right(drill))
    assert refused.value.code == "quiz_closed"
    assert quizzes.board(key).answered == 1


def test_show_answer_closes_the_question_at_once(quizzes, room, clock):
    key, (ala, bartek, _celina) = room
    quiz = quizzes.start(key, count=3, seconds=60)
    clock.advance(2)
    quizzes.show_answer(key)
    with pytest.raises(AccessRefused) as refused:
        quizzes.answer(ala.token, quiz.id, 0, _right(drill_by_id(quiz.question_id)))
    assert refused.value.code == "quiz_closed"
    quizzes.end(key)
    with pytest.raises(AccessRefused) as refused:
        quizzes.answer(bartek.token, quiz.id, 0, _right(drill_by_id(quiz.question_id)))
    assert refused.value.code == "quiz_not_running"


def test_an_answer_to_an_old_question_or_no_option_is_refused(quizzes, room, clock):
    key, (ala, _bartek, _celina) = room
    quiz = quizzes.start(key, count=3, seconds=20)
    with pytest.raises(InputRefused) as refused:
        quizzes.answer(ala.token, quiz.id, 0, "not an option")
    assert refused.value.code == "answer_invalid"
    quizzes.show_answer(key)
    quizzes.next_question(key)
    with pytest.raises(AccessRefused) as refused:
        quizzes.answer(ala.token, quiz.id, 0, _right(drill_by_id(quiz.question_id)))
    assert refused.value.code == "quiz_closed"


def test_a_second_tap_is_refused_not_doubled(quizzes, room):
    key, (ala, _bartek, _celina) = room
    quiz = quizzes.start(key, count=3)
    drill = drill_by_id(quiz.question_id)
    quizzes.answer(ala.token, quiz.id, 0, _wrong(drill))
    with pytest.raises(InputRefused) as refused:
        quizzes.answer(ala.token, quiz.id, 0, _right(drill))   # changing one's mind is a second answer
    assert refused.value.code == "quiz_answered"
    assert quizzes.for_pupil(ala.token).mine.choice == _wrong(drill)


def test_settings_out_of_range_and_a_variant_without_questions_are_refused(quizzes, store):
    key = store.create_class("4b", "pl", "pl").teacher_key
    for count, seconds, field in ((2, 20, "questions"), (16, 20, "questions"), (8, 4, "seconds"), (8, 121, "seconds")):
        with pytest.raises(InputRefused) as refused:
            quizzes.start(key, count=count, seconds=seconds)
        assert (refused.value.code, refused.value.params["field"]) == ("quiz_setting", field)
    with pytest.raises(InputRefused) as refused:
        quizzes.start(key, topic="no_such_topic")
    assert refused.value.code == "quiz_no_questions"


def test_only_the_teacher_key_steps_the_quiz_and_the_board_key_reads_it(quizzes, store, room):
    key, (ala, _b, _c) = room
    board_key = store.new_board_key(key)
    with pytest.raises(AccessRefused):
        quizzes.start(board_key)
    with pytest.raises(AccessRefused):
        quizzes.start(ala.token)
    quiz = quizzes.start(key, count=3)
    with pytest.raises(AccessRefused):
        quizzes.show_answer(board_key)
    assert quizzes.board(board_key).quiz.id == quiz.id
    assert quizzes.version(ala.token) == (quiz.id, quiz.version)


def test_a_new_quiz_ends_the_running_one(quizzes, room):
    key, _pupils = room
    first = quizzes.start(key, count=3)
    second = quizzes.start(key, count=4)
    assert second.id != first.id and [p.id for p in quizzes.past(key)] == [first.id]


def test_deleting_a_pupil_or_the_class_removes_their_quiz_answers(quizzes, store, room):
    key, (ala, bartek, _c) = room
    quiz = quizzes.start(key, count=3)
    drill = drill_by_id(quiz.question_id)
    quizzes.answer(ala.token, quiz.id, 0, _right(drill))
    quizzes.answer(bartek.token, quiz.id, 0, _right(drill))
    store.delete_pupil(key, ala.pupil_id)
    assert [s.nickname for s in quizzes.board(key).standings] == ["Bartek", "Celina"]
    store.delete_class(key)
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(LiveAnswer)).scalar_one() == 0


def test_parallel_taps_of_one_pupil_on_two_servers_store_one_answer(db_url):
    """TAPS threads over two engines (two app servers) tap for the same pupil at once: one is stored."""
    clock = Clock()
    engines = [make_engine(db_url, pool_size=TAPS, max_overflow=TAPS) for _ in range(2)]
    migrate(engines[0])
    servers = [LiveQuizzes(Storage(e, clock=clock)) for e in engines]
    store = servers[0].store
    made = store.create_class("4b", "pl", "pl")
    ala = store.join(made.info.code, "Ala")
    quiz = servers[0].start(made.teacher_key, count=3)
    drill = drill_by_id(quiz.question_id)
    outcomes: list[str] = []
    barrier = threading.Barrier(TAPS)

    def tap(i: int) -> None:
        barrier.wait()
        try:
            servers[i % 2].answer(ala.token, quiz.id, 0, drill.options[i % len(drill.options)])
            outcomes.append("stored")
        except (AccessRefused, InputRefused) as refused:
            outcomes.append(refused.code)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(TAPS)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not any(t.is_alive() for t in threads)
        assert sorted(outcomes) == ["quiz_answered"] * (TAPS - 1) + ["stored"]
        with engines[1].connect() as conn:
            assert conn.execute(select(func.count()).select_from(LiveAnswer)).scalar_one() == 1
        assert servers[1].board(made.teacher_key).answered == 1
    finally:
        for e in engines:
            e.dispose()
