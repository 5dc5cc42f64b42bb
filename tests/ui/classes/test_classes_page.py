"""AppTest: a teacher makes a class, pupils join and answer, the board shows it; keys, hostile names, reloads."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.drills import drill_by_id
from storage.database import make_engine, migrate
from storage.errors import AccessRefused
from storage.repository import Storage
from ui.classes import page
from ui.classes import progress as saved
from ui.classes.page import JOINED, TEACHER_KEY
from ui.learn import page as learn_page
from ui.practice import state as ps
from ui.present.i18n import translator
from ui.shell import session
from ui.widgets import keeper

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
CLASSES = "app_pages/classes.py"
QUIZ = ["pl-jack-01", "pl-matching-01"]


@pytest.fixture(autouse=True)
def database(tmp_path, monkeypatch) -> str:
    """Every test on its own SQLite file, through the app's own setting."""
    url = f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    monkeypatch.setenv("MAKAO_DB_URL", url)
    return url


@pytest.fixture
def store(database) -> Storage:
    engine = make_engine(database)
    migrate(engine)
    yield Storage(engine)
    engine.dispose()


def open_page(script: str = CLASSES, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    at.switch_page(script).run()
    assert not at.exception, at.exception
    return at


def first_run(**query: str) -> AppTest:
    """The first run of a new session opened with a link (what a reload does)."""
    at = AppTest.from_file(APP, default_timeout=30)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def make_class(name: str = "4b", quiz=QUIZ) -> AppTest:
    at = open_page()
    at.text_input(key="classes_form_name").set_value(name)
    at.selectbox(key="classes_form_ruleset").set_value("pl").run()
    at.multiselect(key="classes_form_quiz").set_value(list(quiz))
    at.button(key="classes_create").click().run()
    assert not at.exception, at.exception
    return at


def class_code(store: Storage, teacher_key: str) -> str:
    return store.authorize_teacher(teacher_key).board_code


def join(code: str, nickname: str) -> AppTest:
    at = open_page()
    at.text_input(key="classes_join_code").set_value(code)
    at.text_input(key="classes_join_nickname").set_value(nickname)
    at.button(key="classes_join").click().run()
    assert not at.exception, at.exception
    return at


def answer_quiz_question(at: AppTest, right: bool) -> None:
    """Answers the class quiz question on screen of a pupil's practice page."""
    index = at.session_state[ps.INDEX]
    drill = drill_by_id(at.session_state[ps.CLASS_QUIZ]["ids"][index])
    if drill.kind == "select":
        for box in at.checkbox:
            if box.key.startswith("_practice_pick_"):
                card = box.key.rsplit("_", 1)[1]
                box.set_value((card in drill.answer) == right)
    else:
        wrong = next(o for o in drill.options if o != drill.answer[0])
        at.radio(key=f"_practice_choice_{drill.id}").set_value(drill.answer[0] if right else wrong)
    at.button(key="practice_check").click().run()
    assert not at.exception, at.exception


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def _act(at: AppTest, action: dict) -> None:
    """One action on the lesson's card table, as the component sends it (AppTest cannot tap inside it)."""
    from engine.scenario import load_scenarios
    from ui.learn import lesson as ls
    run = dict(at.session_state[learn_page.RUN])
    lesson = next(s for s in load_scenarios() if s.id == run["lesson"])
    ls.act(lesson, run, action)
    at.session_state[learn_page.RUN] = run
    at.run()
    assert not at.exception, at.exception


def play_the_jack_lesson(at: AppTest) -> None:
    """Plays Learn's jack lesson to its end with one "show me" and one mistake: one star."""
    keys = lambda: [b.key for b in at.button]   # noqa: E731
    click(at, "learn_start_pl-09-jack")
    click(at, "learn_show")
    _act(at, {"type": "tap", "card": "Jc"})
    _act(at, {"type": "play", "wish": ["rank", "7"]})
    mistake_made = False
    while "learn_next" in keys():
        click(at, "learn_next")
        run = at.session_state[learn_page.RUN]
        if not mistake_made and run["step"] == 2 and not run["solved"]:
            _act(at, {"type": "tap", "card": "Qh"})
            _act(at, {"type": "play"})
            _act(at, {"type": "tap", "card": "7s"})
            _act(at, {"type": "play"})
            mistake_made = True
    assert mistake_made
    assert at.session_state[learn_page.STARS]["pl-09-jack"] == 1


def start_quiz(pupil: AppTest) -> None:
    pupil.button(key="classes_start_quiz").click().run()     # the page switches to Practice in a browser
    assert not pupil.exception, pupil.exception
    pupil.switch_page("app_pages/practice.py").run()        # AppTest keeps its own page: follow by hand
    assert pupil.session_state[ps.MODE] == "class"
    assert pupil.session_state[ps.CLASS_QUIZ]["ids"] == QUIZ


def test_a_teacher_makes_a_class_and_gets_the_code_and_the_link_once(store) -> None:
    at = make_class()
    key = at.session_state[TEACHER_KEY]
    assert key.startswith("tk_")
    assert any(f"teacher={key}" in c.value for c in at.code)          # the teacher link, with the key
    code = class_code(store, key)
    assert f">{code}<" in texts(at)                                    # the big class code
    assert "0 pupils" in texts(at)
    at.button(key="classes_link_saved").click().run()
    assert not any("teacher=" in c.value for c in at.code)            # shown once


def test_pupils_join_answer_and_the_board_shows_them(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    ala = join(code, "Ala")
    joined = ala.session_state[JOINED]
    assert joined["pin"].isdigit() and len(joined["pin"]) == 4
    assert any("pupil=pt_" in c.value for c in ala.code)
    assert "You are **Ala**" in texts(ala)
    ala.button(key="classes_joined_saved").click().run()
    assert not any("pupil=pt_" in c.value for c in ala.code) and "makao-pin" not in texts(ala)   # shown once
    start_quiz(ala)
    answer_quiz_question(ala, right=False)          # pl-jack-01, wrongly
    ala.button(key="practice_next").click().run()
    answer_quiz_question(ala, right=True)           # pl-matching-01, rightly
    ola = join(code, "Ola")
    start_quiz(ola)
    answer_quiz_question(ola, right=True)
    teacher.run()
    assert not teacher.exception, teacher.exception
    board = texts(teacher)
    assert "2 pupils" in board and "3 answers" in board
    assert ">Ala</th>" in board and ">Ola</th>" in board
    assert "data-question='pl-jack-01'" in board and "50 %" in board   # one of two right
    stored = store.progress(ala.session_state[saved.TOKEN])
    wrong = next(a for a in stored.answers if not a.correct)
    assert wrong.kind == "quiz" and wrong.question_id == "pl-jack-01" and wrong.reason
    assert "(1 time)" in board                                         # the most common wrong answer


def test_a_wrong_key_and_an_old_key_are_refused(store) -> None:
    refused = open_page(teacher="tk_" + "x" * 43)
    assert "This teacher link is not valid" in refused.error[0].value
    assert TEACHER_KEY not in refused.session_state or not refused.session_state[TEACHER_KEY]
    assert "0 pupils" not in texts(refused)
    teacher = make_class()
    old = teacher.session_state[TEACHER_KEY]
    teacher.button(key="classes_rotate").click().run()
    assert teacher.session_state[TEACHER_KEY] != old
    stale = open_page(teacher=old)
    assert "This teacher link is old" in stale.error[0].value
    pupil_token_as_key = open_page(teacher="pt_" + "y" * 32)
    assert "This teacher link is not valid" in pupil_token_as_key.error[0].value


def test_a_pupil_without_the_key_cannot_open_the_board(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    pupil = join(code, "Ala")
    token = pupil.session_state[saved.TOKEN]
    for attempt in (open_page(teacher="", pupil=token), open_page(teacher=token)):
        assert attempt.error and "This teacher link is not valid" in attempt.error[0].value
        assert "makao-board" not in texts(attempt) and "0 pupils" not in texts(attempt)


def test_a_hostile_nickname_is_escaped_on_the_board(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    hostile = "<img src=x onerror=1>"
    pupil = join(code, hostile)
    assert not pupil.error
    start_quiz(pupil)
    answer_quiz_question(pupil, right=False)
    teacher.run()
    board = texts(teacher)
    assert "&lt;img src=x onerror=1&gt;" in board
    assert hostile not in board
    assert "<img" not in board


def test_refusals_are_clear_messages(store) -> None:
    at = open_page()
    at.text_input(key="classes_join_code").set_value("ZZZZ-ZZZZ")
    at.text_input(key="classes_join_nickname").set_value("Ala")
    at.button(key="classes_join").click().run()
    assert at.error[0].value == "No class has this code. Check it with your teacher."
    at.text_input(key="classes_join_code").set_value("nope")
    at.button(key="classes_join").click().run()
    assert at.error[0].value.startswith("A class code has 8 letters and digits")
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    join(code, "Ala")
    again = join(code, "ALA")
    assert again.error[0].value.startswith("Someone in this class already has this nickname")
    disguised = join(code, "Ala\u202eola")                 # a right-to-left override
    assert disguised.error[0].value.startswith("A nickname may not contain invisible or control characters")


def test_a_reload_with_the_pupil_link_brings_the_progress_back(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    pupil = join(code, "Ala")
    token = pupil.session_state[saved.TOKEN]
    start_quiz(pupil)
    answer_quiz_question(pupil, right=True)
    # A lesson played to its end on the Learn page (as tests/ui/learn plays it): the stars are saved.
    pupil.switch_page("app_pages/learn.py").run()
    play_the_jack_lesson(pupil)
    assert store.progress(token).stars == {"pl-09-jack": 1}
    # A new session (a reload, another device) with a one-time link of the pupil's.
    again = open_page("app_pages/learn.py", pupil=store.device_token(token))
    assert again.session_state[learn_page.STARS] == {"pl-09-jack": 1}
    assert any("1 of 3 stars" in m.value for m in again.markdown)             # the stars in the lesson list
    assert "saved in the class 4b as Ala" in "\n".join(c.value for c in again.caption)
    practice = open_page("app_pages/practice.py", pupil=store.device_token(token))
    assert next(m.value for m in practice.metric if m.label == "Answered") == "1"
    assert "pupil" not in practice.query_params                      # no token in the address bar


def test_rejoining_on_another_device_with_the_pin(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    first = join(code, "Ala")
    pin = first.session_state[JOINED]["pin"]
    store.record_stars(first.session_state[saved.TOKEN], "pl-02-drawing", 3)
    other = open_page()
    other.text_input(key="classes_rejoin_code").set_value(code.lower())
    other.text_input(key="classes_rejoin_nickname").set_value("ala")
    other.text_input(key="classes_rejoin_pin").set_value("0000" if pin != "0000" else "1111")
    other.button(key="classes_rejoin").click().run()
    assert other.error[0].value.startswith("This PIN is wrong")
    other.text_input(key="classes_rejoin_pin").set_value(pin)
    other.button(key="classes_rejoin").click().run()
    assert not other.error
    assert other.session_state[saved.TOKEN] != first.session_state[saved.TOKEN]
    other.switch_page("app_pages/learn.py").run()
    assert other.session_state[learn_page.STARS]["pl-02-drawing"] == 3


def test_the_teacher_deletes_a_pupil_and_the_class(store) -> None:
    teacher = make_class()
    key = teacher.session_state[TEACHER_KEY]
    code = class_code(store, key)
    pupil = join(code, "Ala")
    teacher.run()
    teacher.selectbox(key="classes_manage_pupil").set_value(pupil.session_state[saved.PUPIL]["pupil_id"])
    assert teacher.button(key="classes_delete_pupil").disabled            # confirmation first
    teacher.checkbox(key="classes_delete_pupil_sure").check().run()
    teacher.button(key="classes_delete_pupil").click().run()
    assert "The pupil and everything saved for them are deleted." in teacher.success[0].value
    assert ">Ala</th>" not in texts(teacher)
    gone = first_run(pupil=pupil.session_state[saved.TOKEN])
    assert "the teacher deleted this pupil" in gone.warning[0].value      # said on the page, not in a toast
    assert saved.TOKEN not in gone.session_state and "pupil" not in gone.query_params
    teacher.checkbox(key="classes_delete_class_sure").check().run()
    teacher.button(key="classes_delete_class").click().run()
    assert TEACHER_KEY not in teacher.session_state
    assert "The class, its pupils and all their answers are deleted." in teacher.success[0].value
    with pytest.raises(AccessRefused) as refused:
        store.authorize_teacher(key)
    assert refused.value.code == "teacher_key_wrong"


def test_anonymous_use_never_touches_the_database(tmp_path, monkeypatch) -> None:
    path = tmp_path / "untouched" / "never.sqlite3"
    monkeypatch.setenv("MAKAO_DB_URL", f"sqlite:///{path}")
    for script in ("app_pages/learn.py", "app_pages/practice.py", "app_pages/classroom.py", CLASSES):
        open_page(script)
    assert not path.exists()


def test_a_rate_limit_says_how_long_to_wait(database, monkeypatch) -> None:
    from storage.ratelimit import Limit, Limits

    engine = make_engine(database)
    migrate(engine)
    tight = Storage(engine, Limits(join_fail_global=Limit(2, 600)), clock=lambda: 1_800_000_000.0)
    monkeypatch.setattr(page, "get_storage", lambda: tight)
    at = open_page()
    at.text_input(key="classes_join_nickname").set_value("Ala")
    for attempt in range(2):
        at.text_input(key="classes_join_code").set_value(f"ZZZZ-ZZZ{attempt + 2}")
        at.button(key="classes_join").click().run()
        assert at.error[0].value.startswith("No class has this code")
    at.text_input(key="classes_join_code").set_value("ZZZZ-ZZZ9")
    at.button(key="classes_join").click().run()
    assert at.error[0].value == "Too many attempts. Please wait about 10 minutes and try again."
    engine.dispose()


def test_the_board_says_who_is_stuck_where_with_the_engines_reason(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    token = join(code, "Ala").session_state[saved.TOKEN]
    drill = drill_by_id("pl-jack-01")
    from ui.classes.answers import answer_fields
    for n in range(3):
        fields = answer_fields(drill, [], False)
        store.record_answer(token, f"drill:t:{n}", drill.id, "drill", "pl", "jack", fields.answer, False,
                            fields.reason)
    teacher.run()
    board = texts(teacher)
    assert "**Ala** — The jack's demand: 3 wrong answers in a row" in board
    assert "may be played: it is the demanded rank" in board
    assert "makao-stuck" in board and "<b>!</b> 0/3" in board
    teacher.toggle(key="classes_only_stuck").set_value(True).run()
    assert ">Ala</th>" in texts(teacher)


def test_a_pupil_follows_the_class_and_the_board_shows_lesson_stars(store) -> None:
    made = store.create_class("Danes", "da", "da", lessons=["da-01-goal-matching", "da-02-drawing"],
                              drills=["da-matching-01", "da-matching-04"])
    access = store.join(made.info.code, "Ala")
    store.record_stars(access.token, "da-02-drawing", 2)
    pupil = open_page(pupil=store.device_token(access.token))
    assert pupil.session_state["variant"] == "da" and pupil.session_state["language"] == "da"
    assert "★★☆" in texts(pupil)
    pupil.button(key="classes_start_drills").click().run()
    pupil.switch_page("app_pages/practice.py").run()
    assert pupil.session_state[ps.CLASS_QUIZ]["ids"] == ["da-matching-01", "da-matching-04"]
    answer_quiz_question(pupil, right=True)
    assert [a.kind for a in store.progress(access.token).answers] == ["drill"]
    teacher = open_page(teacher=made.teacher_key)
    board = texts(teacher)
    assert "makao-lessons" in board and "★★☆" in board and "–" in board


def test_a_database_that_cannot_be_reached_gets_a_message_not_a_traceback(monkeypatch) -> None:
    monkeypatch.setenv("MAKAO_DB_URL", "postgresql://nobody@127.0.0.1:9/nothing")   # port 9: nothing listens
    at = open_page()
    at.text_input(key="classes_join_code").set_value("ZZZZ-ZZZZ")
    at.text_input(key="classes_join_nickname").set_value("Ala")
    at.button(key="classes_join").click().run()
    assert not at.exception
    assert at.error[0].value == "The class's database cannot be reached right now. Please try again in a moment."
    learn = first_run(pupil="pt_" + "z" * 32)
    assert not learn.exception
    assert learn.toast[0].value.startswith("The class's database cannot be reached")


def test_a_pupils_finished_play_round_is_saved_once_in_the_class(store) -> None:
    from engine.ruleset import load_ruleset
    from ui.play import model as play_model
    from ui.play.page import GAME
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    pupil = join(code, "Ala")
    token = pupil.session_state[saved.TOKEN]
    pupil.switch_page("app_pages/play.py").run()
    assert not pupil.exception, pupil.exception
    # A da round against three computer players, played through the table's one action function
    # exactly as the Play tests play it.
    from tests.ui.play.test_play_page import play_out
    game, _ = play_out(play_model.start(play_model.make_settings(load_ruleset("da"), 4, 1, ["beginner"] * 3, 3)))
    assert game.over and game.rounds
    pupil.session_state[GAME] = game
    pupil.run()
    pupil.run()                                      # a rerun must not save the round again
    assert not pupil.exception, pupil.exception
    rounds = store.progress(token).rounds
    assert rounds.played == 1
    assert rounds.won == (game.rounds[-1].result.get("winner") == 0)
    assert rounds.points == game.rounds[-1].scores[0]


# ---------------------------------------------------------------------------- what stays where it was

MAKE_TAB = "Make a class (teachers)"


def test_a_refusal_is_said_in_the_make_tab_and_the_tab_stays_open() -> None:
    at = open_page()
    at.session_state[page.TABS] = MAKE_TAB                     # the teacher opened the tab
    at.run()
    click(at, "classes_create")                                # no name
    make = next(tab for tab in at.tabs if tab.label == MAKE_TAB)
    assert [e.value for e in make.error] == ["Give the class a name first."]   # beside the form, not above the tabs
    assert at.session_state[page.TABS] == MAKE_TAB
    at.text_input(key="classes_form_name").set_value("5c").run()          # Enter: the message goes, the tab stays
    assert not at.error and at.session_state[page.TABS] == MAKE_TAB


def test_a_pin_refusal_is_said_in_the_box_and_the_box_stays_open() -> None:
    at = open_page()
    at.session_state[page.REJOIN_BOX] = True
    at.run()
    at.text_input(key="classes_rejoin_code").set_value("ZZZZ-ZZZZ")
    at.text_input(key="classes_rejoin_nickname").set_value("Ala")
    at.text_input(key="classes_rejoin_pin").set_value("12")
    click(at, "classes_rejoin")
    box = at.expander[0]
    assert [e.value for e in box.error] == ["A PIN has 4 digits."]
    assert at.session_state[page.REJOIN_BOX] is True
    at.text_input(key="classes_rejoin_pin").set_value("1234").run()
    assert at.session_state[page.REJOIN_BOX] is True


def test_what_was_typed_and_the_open_tab_survive_a_visit_to_another_page() -> None:
    at = open_page()
    at.session_state[page.TABS] = MAKE_TAB
    at.session_state[page.REJOIN_BOX] = True
    at.run()
    at.text_input(key="classes_form_name").set_value("5c")
    at.multiselect(key="classes_form_quiz").set_value(QUIZ)
    at.text_input(key="classes_join_code").set_value("K7QM-2XVD")
    at.text_input(key="classes_join_nickname").set_value("Ala")
    at.text_input(key="classes_rejoin_nickname").set_value("Ola")
    at.run()
    at.switch_page("app_pages/classroom.py").run()
    assert "classes_form_name" not in [w.key for w in at.text_input]
    at.switch_page(CLASSES).run()
    assert not at.exception, at.exception
    assert at.text_input(key="classes_form_name").value == "5c"
    assert at.multiselect(key="classes_form_quiz").value == QUIZ
    assert at.text_input(key="classes_join_code").value == "K7QM-2XVD"
    assert at.text_input(key="classes_join_nickname").value == "Ala"
    assert at.text_input(key="classes_rejoin_nickname").value == "Ola"
    assert at.session_state[page.TABS] == MAKE_TAB and at.session_state[page.REJOIN_BOX] is True


def test_the_open_tab_follows_a_switch_of_language() -> None:
    at = open_page()
    at.session_state[page.TABS] = MAKE_TAB
    at.run()
    at.selectbox(key=session.LANGUAGE_PICKER).set_value("pl").run()
    assert not at.exception, at.exception
    assert at.session_state[page.TABS] == translator("pl").gettext(MAKE_TAB)


def test_a_change_in_manage_the_class_is_confirmed_inside_the_box(store) -> None:
    teacher = make_class()
    teacher.session_state[page.MANAGE_BOX] = True
    teacher.run()
    teacher.toggle(key="classes_joining_open").set_value(False).run()
    assert not teacher.exception, teacher.exception
    box = next(e for e in teacher.expander if e.label == "Manage the class")
    assert [m.value for m in box.success] == ["The class is closed to new pupils; its pupils can still come back."]
    assert teacher.session_state[page.MANAGE_BOX] is True
    assert not [m for m in teacher.success if m not in box.success]          # nothing at the top of the page
    click(teacher, "classes_rotate")
    box = next(e for e in teacher.expander if e.label == "Manage the class")
    assert box.success[0].value.startswith("A new teacher link is made")


def test_a_damaged_pupil_link_is_said_on_every_page_until_closed(store) -> None:
    teacher = make_class()
    token = join(class_code(store, teacher.session_state[TEACHER_KEY]), "Ala").session_state[saved.TOKEN]
    cut = token[:-4]
    for script in (CLASSES, "app_pages/practice.py"):
        at = open_page(script, pupil=cut)
        assert "may have been opened already, or it is cut short or copied wrong" in at.warning[0].value
        assert not at.toast
        at.run()                                                   # it lasts: a rerun still shows it
        assert "cut short" in at.warning[0].value
        assert saved.TOKEN not in at.session_state and "pupil" not in at.query_params
    click(at, "classes_link_refused_close")
    assert not any("cut short" in w.value for w in at.warning)


def test_the_board_says_what_really_happens_for_a_wrong_outcome(store) -> None:
    teacher = make_class(quiz=["pl-battle-kings-03"])
    token = join(class_code(store, teacher.session_state[TEACHER_KEY]), "Ala").session_state[saved.TOKEN]
    # As answers were saved before: the move's legality code stored beside a wrong count of cards.
    store.record_answer(token, "quiz:x:0", "pl-battle-kings-03", "quiz", "pl", "battle_kings", "draw 7 @2", False,
                        "match_suit")
    teacher.run()
    board = texts(teacher)
    assert "Player 3 must draw 7 cards or defend. (1 time)" in board       # the most common wrong answer
    assert "What really happens: Player 3 must draw 5 cards or defend. K♠ hits the previous player." in board
    assert "may be played" not in board


def test_the_board_charts_count_pupils_in_whole_numbers_and_show_whole_labels(store) -> None:
    import json
    teacher = make_class()
    token = join(class_code(store, teacher.session_state[TEACHER_KEY]), "Ala").session_state[saved.TOKEN]
    store.record_answer(token, "quiz:x:0", "pl-jack-01", "quiz", "pl", "jack", "", False, "")
    teacher.run()
    specs = [json.loads(c.proto.spec) for c in teacher.get("vega_lite_chart")]
    assert len(specs) == 2
    pupils_axis = specs[0]["encoding"]["x"]["axis"]
    assert pupils_axis["tickMinStep"] == 1 and pupils_axis["format"] == "d"
    for spec in specs:
        axis = spec["encoding"]["y"]["axis"]
        assert axis["labelLimit"] == 0 and "split(datum.label" in axis["labelExpr"]


def test_the_teacher_lets_a_pupil_stopped_after_wrong_pins_try_again(store) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    ala = store.join(code, "Ala")
    for pin in [p for p in ("0000", "1111", "2222", "3333", "4444", "5555") if p != ala.pin][:5]:
        with pytest.raises(AccessRefused):
            store.rejoin(code, "Ala", pin)
    other = open_page()
    other.text_input(key="classes_rejoin_code").set_value(code)
    other.text_input(key="classes_rejoin_nickname").set_value("Ala")
    other.text_input(key="classes_rejoin_pin").set_value(ala.pin)
    other.button(key="classes_rejoin").click().run()
    assert other.error[0].value.startswith("Too many attempts")           # the right PIN waits too
    teacher.session_state[page.MANAGE_BOX] = True
    teacher.run()
    click(teacher, "classes_lift_blocks")
    box = next(e for e in teacher.expander if e.label == "Manage the class")
    assert box.success[0].value == "Pupils who were stopped after wrong PINs may try again now."
    other.button(key="classes_rejoin").click().run()
    assert not other.error and other.session_state[saved.PUPIL]["nickname"] == "Ala"


@pytest.mark.parametrize("hostile, escaped", [
    ("[hi](http://evil.x)", r"\[hi\]\(http\:\/\/evil\.x\)"),     # D5: was a live link on the board
    (":red[x] **b** $x^2$", r"\:red\[x\] \*\*b\*\* \$x\^2\$"),   # was a red span
    ("' OR 1=1 --", r"\' OR 1\=1 \-\-"),                           # was shown with an em dash
])
def test_markdown_in_a_nickname_is_text_on_the_board_and_in_the_pupils_view(store, hostile, escaped) -> None:
    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    pupil = join(code, hostile)
    token = pupil.session_state[saved.TOKEN]
    for i in range(3):   # three wrong in a row: the pupil is in "Who is stuck where"
        store.record_answer(token, f"t{i}", "pl-matching-01", "drill", "pl", "matching", "7h", False, "no_match")
    teacher.run()
    stuck = [m.value for m in teacher.markdown if "wrong answers in a row" in m.value]
    assert stuck and all(escaped in line and hostile not in line for line in stuck)
    pupil.run()
    mine = next(m.value for m in pupil.markdown if m.value.startswith("You are"))
    assert f"**{escaped}**" in mine


def test_the_projector_link_shows_the_board_without_manage_or_downloads(store) -> None:
    teacher = make_class()
    key = teacher.session_state[TEACHER_KEY]
    code = class_code(store, key)
    join(code, "Ala")
    teacher.session_state[page.MANAGE_BOX] = True
    teacher.run()
    click(teacher, "classes_board_link")
    link = next(c.value for c in teacher.code if "board=bk_" in c.value)
    board_key = link.split("board=", 1)[1].split("&", 1)[0]
    projector = open_page(board=board_key)
    assert "board" not in projector.query_params                              # out of the address bar
    assert "Projector view" in "\n".join(c.value for c in projector.caption)
    assert ">Ala</th>" in texts(projector)                                    # the live board
    assert not [e for e in projector.expander if e.label == "Manage the class"]
    assert not projector.get("download_button")
    keys = {b.key for b in projector.button}
    assert not keys & {"classes_delete_class", "classes_rotate", "classes_delete_pupil", "classes_reset_pin"}
    assert store.authorize_teacher(key).id                                    # the class is untouched


def test_an_answer_given_while_the_database_is_away_is_said_not_saved_and_saved_later(store, monkeypatch) -> None:
    from sqlalchemy.exc import OperationalError

    teacher = make_class()
    code = class_code(store, teacher.session_state[TEACHER_KEY])
    pupil = join(code, "Tomek")
    start_quiz(pupil)
    real = page.get_storage
    away = {"down": True}

    def flaky():
        if away["down"]:
            raise OperationalError("connect", {}, ConnectionRefusedError("connection refused"))
        return real()

    monkeypatch.setattr(page, "get_storage", flaky)
    answer_quiz_question(pupil, right=True)                   # D9: the page said "Right!" and lost it
    sidebar = [w.value for w in pupil.sidebar.warning]
    assert sidebar and sidebar[0].startswith("Not saved yet: 1 answer or result.")
    assert store.progress(pupil.session_state[saved.TOKEN]).answers == ()
    away["down"] = False
    pupil.run()
    assert not pupil.sidebar.warning
    assert any(c.value.endswith("Your progress is saved in the class 4b as Tomek.") for c in pupil.sidebar.caption)
    assert len(store.progress(pupil.session_state[saved.TOKEN]).answers) == 1


# ---------------------------------------------------------------------------- no credentials in addresses (#27 item 4)

def cookie_token(at: AppTest) -> str:
    """The token in the cookie the keeper is asked to write this run."""
    line = at.session_state[keeper.WRITE]["cookie"]
    assert "SameSite=Strict" in line and f"Max-Age={keeper.COOKIE_SECONDS}" in line
    return line.split(";")[0].removeprefix(f"{keeper.COOKIE}=")


def test_a_pupil_link_opens_once_and_leaves_the_address_bar(store) -> None:
    teacher = make_class()
    ala = join(class_code(store, teacher.session_state[TEACHER_KEY]), "Ala")
    link = ala.session_state[JOINED]["link"]
    assert "#pupil=pt_" in link and "?" not in link              # the token after "#": never sent to a server
    one_time = link.split("#pupil=")[1]
    assert one_time not in (ala.session_state[saved.TOKEN], cookie_token(ala))
    phone = AppTest.from_file(APP, default_timeout=30)
    phone.session_state[keeper.TAKEN] = ("pupil", one_time)      # what the keeper sends from "#pupil=…"
    phone.run()
    assert phone.session_state[saved.PUPIL]["nickname"] == "Ala"
    assert phone.session_state[saved.TOKEN] != one_time          # exchanged for the session's own token
    copied = first_run(pupil=one_time)                           # the same link again, as an old-style query
    assert saved.TOKEN not in copied.session_state
    assert "a link opens once and may have been opened already" in copied.warning[0].value
    assert "pupil" not in copied.query_params                    # out of the address bar on the first run


def test_an_old_style_query_link_opens_once_and_leaves_the_address_bar(store) -> None:
    teacher = make_class()
    ala = join(class_code(store, teacher.session_state[TEACHER_KEY]), "Ala")
    link_token = store.device_token(ala.session_state[saved.TOKEN])
    opened = first_run(pupil=link_token)
    assert opened.session_state[saved.PUPIL]["nickname"] == "Ala"
    assert "pupil" not in opened.query_params
    with pytest.raises(AccessRefused):
        store.pupil(link_token)                                  # burned: a logged copy opens nothing


def test_a_reload_comes_back_with_the_devices_cookie_which_is_exchanged(store, monkeypatch) -> None:
    teacher = make_class()
    ala = join(class_code(store, teacher.session_state[TEACHER_KEY]), "Ala")
    cookie = cookie_token(ala)
    monkeypatch.setattr(keeper, "device_cookie", lambda: cookie)
    reload = first_run()
    assert reload.session_state[saved.PUPIL]["nickname"] == "Ala"
    assert "saved in the class 4b as Ala" in "\n".join(c.value for c in reload.caption)
    rotated = cookie_token(reload)
    assert rotated != cookie
    stale = first_run()                                          # the old cookie (a copy of it): burned
    assert saved.TOKEN not in stale.session_state and not stale.warning
    monkeypatch.setattr(keeper, "device_cookie", lambda: rotated)
    back = first_run()
    back.switch_page(CLASSES).run()
    device, session_token = cookie_token(back), back.session_state[saved.TOKEN]
    click(back, "classes_leave")
    assert "Max-Age=0" in back.session_state[keeper.WRITE]["cookie"]    # the cookie is removed
    for burned in (device, session_token):                            # and this device's tokens burned
        with pytest.raises(AccessRefused):
            store.pupil(burned)
    assert store.pupil(ala.session_state[saved.TOKEN]).nickname == "Ala"   # the pupil and other devices stay


def test_a_teacher_link_carries_its_key_after_the_hash(store) -> None:
    at = make_class()
    key = at.session_state[TEACHER_KEY]
    assert any(c.value.endswith(f"/classes#teacher={key}") for c in at.code)
    projector = AppTest.from_file(APP, default_timeout=30)
    projector.session_state[keeper.TAKEN] = ("teacher", key)
    projector.run()
    projector.switch_page(CLASSES).run()
    assert projector.session_state[TEACHER_KEY] == key
    assert "makao-class-code" in texts(projector) and not projector.error


def test_a_pupils_play_round_shows_its_place_and_checker_mistakes_on_the_board_and_to_the_pupil(
        store, monkeypatch) -> None:
    from tests.ui.play.test_round_record import BUDGET, _checked_round
    from ui.play import coaching
    from ui.play import model as play_model
    from ui.play.page import GAME
    for name in ("HINT_PLAYOUTS", "CHECK_PLAYOUTS"):
        monkeypatch.setattr(coaching, name, BUDGET)
    for name in ("HINT_SECONDS", "CHECK_SECONDS"):
        monkeypatch.setattr(coaching, name, None)
    teacher = make_class()
    key = teacher.session_state[TEACHER_KEY]
    pupil = join(class_code(store, key), "Ala")
    pupil.switch_page("app_pages/play.py").run()
    # A da round in which the move checker questioned one of Ala's moves (asked twice, made anyway).
    game = _checked_round()
    *_, place, mistakes = play_model.finished_rounds(game)[0]
    assert mistakes == 1 and place is not None
    pupil.session_state[GAME] = game
    pupil.run()
    assert not pupil.exception, pupil.exception
    rounds = store.progress(pupil.session_state[saved.TOKEN]).rounds
    assert (rounds.played, rounds.place_total, rounds.checked, rounds.mistakes) == (1, place, 1, 1)
    teacher.run()
    assert not teacher.exception, teacher.exception
    board = texts(teacher)
    row = board.split(">Ala</th>")[1].split("</tr>")[0]
    assert f">average {place}.0 · {place}/4</td>" in row
    assert ">1 mistake · 1.0 per round</td>" in row
    pupil.switch_page(CLASSES).run()
    assert not pupil.exception, pupil.exception
    mine = "\n".join(c.value for c in pupil.caption)
    assert f"Places: average {place}.0 · {place}/4" in mine and "Move checker: 1 mistake · 1.0 per round" in mine
