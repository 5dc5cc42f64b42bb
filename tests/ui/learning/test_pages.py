"""AppTest: the path on Home after the placement, a review session on Practice, the charts (issue 29)."""
from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.drills import drill_by_id
from engine.path import placement_drills, shipped_paths
from ui.shell import learner, review

APP = str(Path(__file__).resolve().parents[3] / "streamlit_app.py")
TIMEOUT = 300          # the first run imports the whole app; the shared machine may be slow


def open_app(variant: str = "pl", lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["variant"] = variant
    at.query_params["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


def answer_placement_right(at: AppTest, variant: str) -> None:
    for drill in placement_drills(shipped_paths()[variant]):
        if drill.kind == "select":
            for card in drill.answer:
                at.checkbox(key=f"_learning_pick_{drill.id}_{card}").check()
        else:
            at.radio(key=f"_learning_choice_{drill.id}").set_value(drill.answer[0])
        at.button(key="learning_placement_check").click().run()
        assert not at.exception, at.exception


def test_home_places_a_learner_who_answers_all_right_past_the_basics_and_names_the_next_step() -> None:
    at = open_app("pl")
    assert any(c.value == "Question 1 of 7" for c in at.caption)
    answer_placement_right(at, "pl")
    path = shipped_paths()["pl"]
    first_new = next(s for s in path.steps if not s.basics)
    assert first_new.kind == "lesson"
    nxt = at.button(key="learning_next_step")
    assert nxt.label.startswith("Next: Lesson: ")
    assert nxt.label != "Next: Lesson: The goal: empty your hand"
    assert "home_start_lessons" not in [b.key for b in at.button]      # one button says what to do now
    assert any("6 of 26 steps done." in m.value for m in at.markdown)
    assert at.session_state[learner.LEARNING]["placement"]["pl"]["start"] == 6


def test_home_shows_the_path_in_polish_with_its_plural() -> None:
    at = open_app("pl", "pl")
    answer_placement_right(at, "pl")
    assert at.button(key="learning_next_step").label.startswith("Dalej: Lekcja: ")
    assert any("Zrobiono 6 z 26 kroków." in m.value for m in at.markdown)


def _due_card_state(at: AppTest) -> str:
    """Leaves one wrong answer from an hour ago in the learner's record: it is due now."""
    drill = drill_by_id("pl-jack-01")
    an_hour_ago = learner.now_utc() - timedelta(hours=1)
    at.session_state[learner.LEARNING] = {"cards": review.answer({}, "drill:pl-jack-01", drill, False, an_hour_ago)}
    return drill.id


def test_a_review_session_from_home_asks_the_due_card_and_sends_it_away_when_right() -> None:
    at = open_app("pl")
    drill_id = _due_card_state(at)
    at.run()
    assert any("1 card is due" in m.value for m in at.markdown)
    at.button(key="learning_review_start_home").click().run()
    assert not at.exception, at.exception
    assert at.session_state["practice_mode"] == "review"
    drill = drill_by_id(drill_id)
    for card in drill.answer:
        at.checkbox(key=f"_practice_pick_{drill.id}_{card}").check()
    at.button(key="practice_check").click().run()
    assert at.success[0].value == "Right!"
    cards = at.session_state[learner.LEARNING]["cards"]
    assert review.due_at(cards, "drill:pl-jack-01") > learner.now_utc() + timedelta(minutes=5)
    at.button(key="practice_next").click().run()
    assert any("Today's review is done" in s.value for s in at.success)


def test_the_charts_show_accuracy_rating_and_reviews_due() -> None:
    at = open_app("pl")
    at.switch_page("app_pages/practice.py").run()
    drill = drill_by_id(at.checkbox[0].key[len("_practice_pick_"):].rsplit("_", 1)[0]) if at.checkbox else None
    at.button(key="practice_check").click().run()       # no box ticked: a wrong answer to a select drill
    assert drill is None or at.error
    at.toggle(key="learning_show_charts").set_value(True).run()
    assert not at.exception, at.exception
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    titles = [spec.get("title", {}).get("text") if isinstance(spec.get("title"), dict) else spec.get("title")
              for spec in specs]
    assert titles == ["Right answers per topic (%)", "Your rating", "Reviews due in the next days"]
    assert any(m.label == "Rating" for m in at.metric)
