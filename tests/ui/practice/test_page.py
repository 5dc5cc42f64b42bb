"""AppTest: a drill session with right and wrong answers and the score; quiz links; the classroom page."""
from __future__ import annotations

import base64
import zlib
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.drills import drill_by_id
from engine.quiz import generate
from ui.practice import state as ps
from ui.practice.score import Progress, encode_progress, record
from ui.shell.quiz_link import encode_quiz

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")


def open_page(script: str, **query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    at.switch_page(script).run()
    assert not at.exception, at.exception
    return at


def metric(at: AppTest, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def current(at: AppTest):
    return drill_by_id(_current_id(at))


def _current_id(at: AppTest) -> str:
    picks = [c.key for c in at.checkbox if c.key.startswith("_practice_pick_")]
    if picks:
        return picks[0][len("_practice_pick_"):].rsplit("_", 1)[0]
    choice = next(r.key for r in at.radio if r.key.startswith("_practice_choice_"))
    return choice[len("_practice_choice_"):]


def answer(at: AppTest, right: bool, drill=None) -> None:
    """Answers the drill on screen, rightly or wrongly, and checks it."""
    drill = drill or current(at)
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


def test_a_drill_session_scores_right_and_wrong_answers() -> None:
    at = open_page("app_pages/practice.py", variant="pl")
    at.selectbox(key=ps.TOPIC_PICKER).set_value("battle_kings").run()
    first = current(at)
    assert first.topic == "battle_kings"
    answer(at, right=True)
    assert at.success[0].value == "Right!"
    assert any("K♠" in m.value for m in at.markdown)          # the engine's reasons are shown
    assert metric(at, "Answered") == "1" and metric(at, "Right") == "1" and metric(at, "Streak") == "1"
    at.button(key="practice_next").click().run()
    assert current(at).id != first.id
    answer(at, right=False)
    assert at.error[0].value.startswith("Not quite. The answer:")
    assert metric(at, "Answered") == "2" and metric(at, "Right") == "1"
    assert metric(at, "Streak") == "0" and metric(at, "Best streak") == "1"
    table = at.dataframe[0].value
    row = table[table["Topic"] == "Battle kings"].iloc[0]
    assert row["Answered"] == 2 and row["Right (%)"] == "50" and row["Last 10"] == "1/2"
    assert None not in set(table["Right (%)"]) and "—" in set(table["Right (%)"])   # never "None" on screen


def test_checking_without_an_answer_asks_for_one() -> None:
    at = open_page("app_pages/practice.py", variant="pl")
    at.selectbox(key=ps.TOPIC_PICKER).set_value("ace").run()
    while current(at).kind == "select":
        at.session_state[ps.INDEX] += 1
        at.run()
    at.button(key="practice_check").click().run()
    assert at.warning[0].value == "Choose an answer first."
    assert metric(at, "Answered") == "0"


def test_a_topic_becomes_mastered_after_eight_right_answers() -> None:
    at = open_page("app_pages/practice.py", variant="pl")
    at.selectbox(key=ps.TOPIC_PICKER).set_value("jack").run()
    for _ in range(8):
        answer(at, right=True)
        at.button(key="practice_next").click().run()
    table = at.dataframe[0].value
    assert bool(table[table["Topic"] == "The jack's demand"].iloc[0]["Mastered"])
    assert any("Mastered: The jack's demand" in m.value for m in at.markdown)
    assert "practice_suggest_jack" not in [b.key for b in at.button]


def test_endless_practice_asks_generated_questions_and_scores_them() -> None:
    at = open_page("app_pages/practice.py", variant="hu")
    at.radio(key=ps.MODE_PICKER).set_value("endless").run()
    at.selectbox(key=ps.TOPIC_PICKER).set_value("hu_seven").run()
    seen = set()
    for round_number in range(3):
        question = generate("hu", "hu_seven", None, at.session_state[ps.SEED])
        assert _current_id(at) == question.id and question.id.startswith("gen-hu-hu_seven")
        seen.add(question.position["seed"])
        answer(at, right=round_number != 1, drill=question)
        at.button(key="practice_next").click().run()
    assert len(seen) == 3
    assert metric(at, "Answered") == "3" and metric(at, "Right") == "2"


def test_progress_exports_and_imports_and_a_bad_code_says_why() -> None:
    at = open_page("app_pages/practice.py", variant="pl")
    saved = record(record(Progress(), "pl", "queen", True), "pl", "queen", False)
    at.text_input(key=ps.IMPORT_BOX).set_value(encode_progress(saved)).run()
    at.button(key="practice_import").click().run()
    assert at.success[0].value == "Progress loaded."
    assert metric(at, "Answered") == "2"
    assert encode_progress(saved) in [c.value for c in at.code]
    at.text_input(key=ps.IMPORT_BOX).set_value("MP1.AAAA").run()
    at.button(key="practice_import").click().run()
    assert at.error[0].value.startswith("This progress code is damaged")
    assert metric(at, "Answered") == "2"


def test_a_quiz_link_opens_the_class_quiz_and_scores_it() -> None:
    ids = ["da-queen-01", "da-ace-02"]
    at = open_page("app_pages/practice.py", quiz=encode_quiz("da", ids))
    # the page was opened from another page here; the link is read on the first practice visit
    assert at.session_state["variant"] == "da"
    assert at.info[0].value == "Class quiz: question 1 of 2."
    answer(at, right=True)
    at.button(key="practice_next").click().run()
    answer(at, right=False)
    at.button(key="practice_next").click().run()
    assert at.success[0].value == "Quiz finished: 1 of 2 answers right."
    at.button(key="practice_quiz_leave").click().run()
    assert at.session_state[ps.MODE] == "drills"


def test_a_bad_quiz_link_gives_a_clear_message() -> None:
    at = open_page("app_pages/practice.py", quiz="Q1.broken")
    assert "quiz link is damaged" in at.error[0].value
    at = open_page("app_pages/practice.py", quiz="nonsense")
    assert "not a Makao Tutor quiz link" in at.error[0].value


def test_a_quiz_link_with_a_number_of_5000_digits_says_so_not_that_it_was_cut() -> None:
    code = "Q1." + base64.urlsafe_b64encode(zlib.compress(b'{"v":' + b"9" * 5000 + b',"d":["x"]}', 9)).rstrip(
        b"=").decode()
    at = open_page("app_pages/practice.py", quiz=code)
    assert at.error[0].value == ("The quiz link cannot be read. It holds a number of more than 100 digits. "
                                 "Ask your teacher for a new link.")
    polish = open_page("app_pages/practice.py", quiz=code, lang="pl")
    assert "100 cyfr" in polish.error[0].value and "uszkodz" not in polish.error[0].value


def test_the_classroom_page_gives_a_quiz_link_and_a_projector() -> None:
    at = open_page("app_pages/classroom.py", variant="pl")
    at.multiselect(key="_w_classroom_topics").set_value(["battle_kings"]).run()
    link = at.code[0].value
    assert "/practice?quiz=Q1." in link
    code = link.split("quiz=")[1]
    practice = open_page("app_pages/practice.py", quiz=code)
    assert practice.info[0].value.startswith("Class quiz: question 1 of 6")
    at.toggle(key="_w_classroom_projector").set_value(True).run()
    assert not at.exception
    assert at.markdown[0].value.startswith("## ")
    at.button(key="projector_reveal").click().run()
    assert any(m.value.startswith("### Answer:") for m in at.markdown)
    at.button(key="projector_next").click().run()
    assert not any(m.value.startswith("### Answer:") for m in at.markdown)
    assert at.caption[0].value == "Position 2 of 6"


def test_the_classroom_material_can_be_in_another_language() -> None:
    at = open_page("app_pages/classroom.py", variant="hu", lang="en")
    at.selectbox(key="_w_classroom_language").set_value("hu").run()
    at.toggle(key="_w_classroom_projector").set_value(True).run()
    assert not at.exception


def test_a_half_answered_question_survives_a_page_switch() -> None:
    at = open_page("app_pages/practice.py", variant="pl", lang="en")
    drill = current(at)
    if drill.kind == "select":
        box = next(b for b in at.checkbox if b.key.startswith("_practice_pick_"))
        key = box.key
        box.check().run()
    else:
        key = f"_practice_choice_{drill.id}"
        at.radio(key=key).set_value(drill.options[-1]).run()
    at.switch_page("app_pages/classroom.py").run()
    at.switch_page("app_pages/practice.py").run()
    assert not at.exception, at.exception
    assert _current_id(at) == drill.id
    if drill.kind == "select":
        assert next(b for b in at.checkbox if b.key == key).value is True
    else:
        assert at.radio(key=key).value == drill.options[-1]
