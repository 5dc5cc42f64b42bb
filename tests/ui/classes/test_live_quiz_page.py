"""AppTest: the live quiz on the Classes page — the teacher's buttons, the projector, the pupil's phone."""
from __future__ import annotations

from engine.drills import drill_by_id
from storage.live_quiz import LiveQuizzes, option_order
from tests.ui.classes import test_classes_page as page_tests
from tests.ui.classes.test_classes_page import class_code, click, first_run, join, make_class, texts
from ui.classes.page import TEACHER_KEY

database = page_tests.database   # the page tests' fixtures: each test on its own SQLite file
store = page_tests.store


def _teacher():
    teacher = make_class("4b", quiz=[])
    return teacher, teacher.session_state[TEACHER_KEY]


def _option_key(drill, right: bool) -> str:
    order = option_order(drill)
    wanted = drill.answer[0] if right else next(o for o in order if o != drill.answer[0])
    return f"classes_quiz_option_{order.index(wanted)}"


def _current(store, key):
    return drill_by_id(LiveQuizzes(store).board(key).quiz.question_id)


def test_the_teacher_paces_the_quiz_and_the_pupils_answer_on_their_phones(store) -> None:
    teacher, key = _teacher()
    code = class_code(store, key)
    ala, bartek = join(code, "Ala"), join(code, "[Bartek](http://evil.x)")
    assert "No live quiz right now" in "\n".join(c.value for c in ala.caption)
    teacher.number_input(key="classes_quiz_count").set_value(3)
    teacher.selectbox(key="classes_quiz_seconds").set_value(60)
    click(teacher, "classes_quiz_start")
    assert "Question 1 of 3" in texts(teacher)
    assert not teacher.button(key="classes_quiz_show").disabled and teacher.button(key="classes_quiz_next").disabled
    assert not [b for b in teacher.button if b.key.startswith("classes_quiz_option_")]   # the board has no answer buttons
    drill = _current(store, key)
    for pupil, right in ((ala, True), (bartek, False)):
        pupil.run()
        assert "Question 1 of 3" in texts(pupil)
        click(pupil, _option_key(drill, right))
        assert "Your answer is in" in "\n".join(i.value for i in pupil.info)
        assert not [b for b in pupil.button if b.key.startswith("classes_quiz_option_")]
    teacher.run()
    assert "2 of 2 pupils answered" in texts(teacher)
    click(teacher, "classes_quiz_show")
    assert "Right answer:" in "\n".join(s.value for s in teacher.success)
    board = next(m.value for m in teacher.markdown if m.value.startswith("1. "))   # the leaderboard
    assert board.index("Ala") < board.index("Bartek")                       # right and fast first
    assert "[Bartek](http://evil.x)" not in board and r"\[Bartek\]\(http\:\/\/evil\.x\)" in board   # escaped
    assert teacher.button(key="classes_quiz_show").disabled and not teacher.button(key="classes_quiz_next").disabled
    ala.run()
    assert any(s.value.startswith("Right! +") for s in ala.success)
    bartek.run()
    assert "Not right this time." in "\n".join(e.value for e in bartek.error)
    click(teacher, "classes_quiz_next")
    assert "Question 2 of 3" in texts(teacher)
    click(teacher, "classes_quiz_end")
    assert "The quiz is over." in texts(teacher)
    assert teacher.button(key="classes_quiz_start")                        # a new quiz may start
    ala.run()
    assert "The quiz has ended." in texts(ala)


def test_a_tap_after_the_quiz_ended_gets_a_clear_message(store) -> None:
    teacher, key = _teacher()
    ala = join(class_code(store, key), "Ala")
    click(teacher, "classes_quiz_start")
    ala.run()
    drill = _current(store, key)
    LiveQuizzes(store).end(key)                                           # ended while the phone still shows it
    click(ala, _option_key(drill, True))
    assert "The quiz has ended." in "\n".join(e.value for e in ala.error)


def test_the_projector_shows_the_quiz_without_the_teacher_s_buttons(store) -> None:
    teacher, key = _teacher()
    board_key = store.new_board_key(key)
    LiveQuizzes(store).start(key, count=3)
    projector = first_run(board=board_key)
    projector.switch_page("app_pages/classes.py").run()
    assert "Question 1 of 3" in texts(projector)
    assert not [b for b in projector.button if b.key and b.key.startswith("classes_quiz_")]


def test_a_pupil_deleted_by_the_teacher_is_told_so_not_shown_a_quiz(store) -> None:
    teacher, key = _teacher()
    ala = join(class_code(store, key), "Ala")
    quizzes = LiveQuizzes(store)
    quizzes.start(key, count=3)
    store.delete_pupil(key, quizzes.board(key).standings[0].pupil_id)
    ala.run()
    assert not ala.exception
    assert not [b for b in ala.button if b.key and b.key.startswith("classes_quiz_option_")]
    assert "not valid any more" in "\n".join(e.value for e in ala.error)
