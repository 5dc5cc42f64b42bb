"""Learn: a lesson played through AppTest, every lesson through the state machine, and progress codes."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.ruleset import variant_ids
from engine.scenario import load_scenarios
from ui.learn import lesson as ls
from ui.learn.page import RUN, STARS
from ui.learn.progress import ProgressCodeError, progress_code, read_progress_code
from ui.present.i18n import LANGUAGES
from ui.widgets.kept_record import PROBE_KEY as KEPT_PROBE

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
LESSONS = load_scenarios()


def open_learn(lang: str = "en", variant: str = "pl") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = lang
    at.query_params["variant"] = variant
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def keys(at: AppTest) -> list[str]:
    return [b.key for b in at.button]


# --------------------------------------------------------------------------- AppTest flows
# AppTest cannot tap inside the card-table component, so the flows send the very actions the
# component sends (``{"type": "tap", "card": "7h"}``, ``{"type": "play"}``...) through
# ``ui.learn.lesson.act``, and read what the table shows from the component's data.

def table(at: AppTest) -> dict:
    """The data the lesson's card table was drawn from (what the browser shows)."""
    found = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
    assert len(found) == 1
    return json.loads(found[0].proto.json)


def send(at: AppTest, *actions: dict) -> None:
    for action in actions:
        run = dict(at.session_state[RUN])
        lesson = next(s for s in LESSONS if s.id == run["lesson"])
        ls.act(lesson, run, action)
        at.session_state[RUN] = run
        at.run()
        assert not at.exception, at.exception


def play(at: AppTest, *cards: str, wish: list[str] | None = None) -> None:
    send(at, *({"type": "tap", "card": c} for c in cards))
    send(at, {"type": "play", "wish": wish} if wish else {"type": "play"})


def test_a_lesson_is_completed_after_a_wrong_try_with_the_engines_reason_and_two_stars() -> None:
    at = open_learn()
    click(at, "learn_start_pl-01-goal-matching")
    click(at, "learn_next")                       # the goal of the game
    play(at, "5s")                                # wrong: 5♠ on 9♥
    error = at.error[0].value
    assert "5♠ may not be played: it matches the top card 9♥ neither in suit nor in rank." in error
    assert "5♠ is neither a heart nor a nine." in error   # the lesson's teaching remark
    play(at, "7h")
    assert "Right!" in at.success[0].value and "same suit" in at.success[0].value
    assert "You play 7♥." in at.success[0].value          # the learner is "you" in the feedback
    click(at, "learn_next")
    assert any("Player 2 plays 7♠" in m.value for m in at.markdown)   # the scripted reply, explained
    click(at, "learn_next")
    play(at, "7c")
    click(at, "learn_next")
    assert at.success[0].value == "Lesson complete!"
    assert any("You earned 2 stars · 1 mistake · 0 hints" in m.value for m in at.markdown)
    assert any('data-stars="2"' in m.value and "2 of 3 stars" in m.value for m in at.markdown)
    assert at.session_state[STARS] == {"pl-01-goal-matching": 2}


def test_the_table_draws_seats_in_order_with_you_and_the_next_and_previous_player() -> None:
    at = open_learn()
    click(at, "learn_start_pl-05-battle-kings")
    data = table(at)
    names = [seat["name"] for seat in data["seats"]]
    assert names[0] == "You" and all(name.startswith("Player ") for name in names[1:])
    assert data["hand"]["label"] == "Your hand"
    assert [seat["offset"] for seat in data["seats"]] == list(range(len(names)))
    assert "Order of play: You → Player 2" in data["order_text"]
    roles = {seat["name"]: seat["roles"] for seat in data["seats"]}
    assert "next" in roles["Player 2"] and "previous" in roles[names[-1]]


def test_playable_cards_are_lit_from_the_start_for_a_beginner_and_not_for_a_player() -> None:
    at = open_learn()
    click(at, "learn_start_pl-01-goal-matching")
    click(at, "learn_next")
    states = {c["card"]: c["state"] for c in table(at)["hand"]["cards"]}
    assert states["7h"] == "legal" and states["5s"] == "illegal"
    assert any(c["label"].endswith("may be played") for c in table(at)["hand"]["cards"])
    at.radio(key="_learn_level_picker").set_value("player").run()
    assert {c["state"] for c in table(at)["hand"]["cards"]} == {"plain"}
    play(at, "5s")                               # a mistake lights them even for a player
    assert {c["card"]: c["state"] for c in table(at)["hand"]["cards"]}["7h"] == "legal"
    play(at, "7h")
    click(at, "learn_next")                      # a scripted step draws no picker…
    click(at, "learn_next")
    assert {c["state"] for c in table(at)["hand"]["cards"]} == {"plain"}   # …and the choice is kept


def test_a_wrong_demand_is_told_what_was_demanded_and_what_the_step_wants() -> None:
    at = open_learn()
    click(at, "learn_start_pl-09-jack")
    send(at, {"type": "tap", "card": "Jc"})
    picker = table(at)["picker"]
    assert picker is not None and "Demand 7" in [o["label"] for o in picker["options"]]
    assert "play" not in [b["id"] for b in table(at)["buttons"]]
    send(at, {"type": "play", "wish": ["rank", "5"]})
    warning = at.warning[0].value
    assert "You demanded the rank 5; this step wants the rank 7." in warning
    assert ".)," not in warning and "practises something else" not in warning
    assert at.session_state[RUN]["mistakes"] == 0


def test_hint_levels_come_one_by_one_and_only_the_second_costs_a_star() -> None:
    at = open_learn()
    click(at, "learn_start_pl-09-jack")
    click(at, "learn_hint")
    assert [i.value for i in at.info if i.value.startswith("Hint")] == [
        "Hint 1: A jack demands a rank from 5 to 10: select it, then choose the rank."]
    assert at.session_state[RUN]["hints"] == 0           # the first level is free
    click(at, "learn_hint")
    assert any(i.value.startswith("Hint 2: Select J♣") for i in at.info)
    assert at.session_state[RUN]["hints"] == 1
    assert "learn_hint" not in keys(at)                  # no third level in this step
    click(at, "learn_show")                              # already paid at this step
    assert at.session_state[RUN]["hints"] == 1
    assert any("Play J♣, demand 7" in i.value for i in at.info)


def test_a_jack_demand_is_chosen_in_the_picker_and_show_me_costs_a_star() -> None:
    at = open_learn()
    click(at, "learn_start_pl-09-jack")
    click(at, "learn_show")
    assert any("Play J♣, demand 7" in i.value for i in at.info)
    play(at, "Jc", wish=["rank", "7"])
    assert "Right!" in at.success[0].value and "You demand 7." in at.success[0].value
    while "learn_next" in keys(at):
        click(at, "learn_next")
        if at.session_state[RUN]["finished"]:
            break
        if any(c["card"] == "7s" and c["action"] for c in table(at)["hand"]["cards"]):
            play(at, "Qh")
            assert "While a jack's demand is active, the queen is not wild." in at.error[0].value
            play(at, "7s")
    assert at.session_state[STARS]["pl-09-jack"] == 1   # one hint, one mistake
    assert all("wish" not in m.value.lower() for m in at.markdown)   # "demand", never "wish", for the jack


def test_the_makao_call_is_a_toggle_and_forgetting_it_is_a_mistake() -> None:
    at = open_learn()
    click(at, "learn_start_pl-12-makao")
    click(at, "learn_next")
    play(at, "6c")
    assert "Without calling \"makao\" this costs 5 penalty cards." in at.error[0].value
    send(at, {"type": "call", "call": "makao"})
    assert [b["pressed"] for b in table(at)["buttons"] if b["id"] == "call_makao"] == [True]
    play(at, "6c")
    assert "Right!" in at.success[0].value


def test_the_lesson_list_shows_earned_and_missing_stars_and_progress_per_variant() -> None:
    at = open_learn()
    at.session_state[STARS] = {"pl-01-goal-matching": 3, "pl-02-drawing": 1}
    at.run()
    shown = " ".join(m.value for m in at.markdown)
    assert 'data-stars="3"' in shown and "3 of 3 stars" in shown and "1 of 3 stars" in shown
    assert shown.count('class="mk-star is-earned"') == 4
    assert "Polish makao" in shown and "2 of" in shown and "4 of" in shown


def test_a_bad_progress_code_gives_a_clear_message_and_a_good_one_restores_stars() -> None:
    at = open_learn()
    at.text_input(key="learn_code_input").set_value("hello").run()
    click(at, "learn_code_load")
    assert "This is not a progress code" in at.error[0].value
    code = progress_code({"pl-01-goal-matching": 3, "pl-03-several-cards": 1}, LESSONS)
    at.text_input(key="learn_code_input").set_value(code).run()
    click(at, "learn_code_load")
    assert "Progress loaded: 2 lessons." in at.success[0].value
    assert at.session_state[STARS] == {"pl-01-goal-matching": 3, "pl-03-several-cards": 1}
    assert code in [c.value for c in at.code]


def test_a_variant_without_lessons_says_so() -> None:
    without = [v for v in variant_ids() if v not in {s.variant for s in LESSONS}]
    if not without:
        pytest.skip("every variant has lessons")
    at = open_learn(variant=without[0])
    assert "There are no lessons for" in at.info[0].value


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_lesson_list_runs_in_every_language(language: str) -> None:
    at = open_learn(language, "hu")
    assert "learn_start_hu-01-goal-matching" in keys(at)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda s: s.id)
def test_every_step_of_every_lesson_draws(lesson) -> None:
    at = open_learn("en", lesson.variant)
    run = ls.new_run(lesson)
    while True:
        at.session_state[RUN] = run
        at.run()
        assert not at.exception, (lesson.id, run["step"], at.exception)
        step = ls.step_of(lesson, run)
        if step.kind == "learner" and not run["solved"]:
            hand = [ls.state_before(lesson, run).rules.deck.name(c) for c in ls.state_before(lesson, run).hands[lesson.learner]]
            assert [c["card"] for c in table(at)["hand"]["cards"]] == hand
            run = dict(run)
            assert ls.submit(lesson, run, step.accept[0]) == "right"
            continue
        if run["finished"]:
            break
        run = dict(run)
        ls.next_step(lesson, run)
    assert "learn_restart" in keys(at)


# --------------------------------------------------------------------------- the state machine

@pytest.mark.parametrize("lesson", LESSONS, ids=lambda s: s.id)
def test_every_lesson_can_be_played_through_and_every_listed_wrong_move_is_a_mistake(lesson) -> None:
    run = ls.new_run(lesson)
    wrongs = 0
    while not run["finished"]:
        step = ls.step_of(lesson, run)
        if step.kind == "learner":
            for wrong in step.wrong:
                assert ls.submit(lesson, run, wrong.move) == "wrong"
                assert run["show_legal"] and run["feedback"]["remark"] == wrong.remark
                wrongs += 1
            assert ls.submit(lesson, run, step.accept[-1]) == "right"
        ls.next_step(lesson, run)
    assert run["mistakes"] == wrongs
    assert ls.lesson_stars(run) == max(0, 3 - wrongs)


def test_a_legal_move_that_is_not_the_lesson_is_not_a_mistake() -> None:
    lesson = next(s for s in LESSONS if s.id == "pl-02-drawing")
    run = ls.new_run(lesson)
    assert ls.submit(lesson, run, "play 5c") == "wrong"
    lesson = next(s for s in LESSONS if s.id == "hu-05-felso")
    run = ls.new_run(lesson)
    ls.next_step(lesson, run)
    assert ls.submit(lesson, run, "play Oh suit l") == "other"
    assert run["mistakes"] == 0 and not run["solved"]


def test_selecting_a_card_of_another_rank_replaces_the_selection() -> None:
    lesson = next(s for s in LESSONS if s.id == "pl-03-several-cards")
    run = ls.new_run(lesson)
    ls.toggle_card(lesson, run, "7c")
    ls.toggle_card(lesson, run, "7s")
    assert run["selected"] == ["7c", "7s"]
    ls.toggle_card(lesson, run, "9s")
    assert run["selected"] == ["9s"]
    ls.toggle_card(lesson, run, "9s")
    assert run["selected"] == []


def test_hints_count_once_per_step() -> None:
    lesson = next(s for s in LESSONS if s.steps[0].kind == "learner" and len(s.steps[0].hints) > 1)
    run = ls.new_run(lesson)
    ls.take_hint(lesson, run)
    ls.show_me(lesson, run)
    ls.take_hint(lesson, run)
    assert run["hints"] == 1


# --------------------------------------------------------------------------- progress codes

def test_a_progress_code_round_trips() -> None:
    earned = {s.id: i % 4 for i, s in enumerate(LESSONS) if i % 3}
    code = progress_code(earned, LESSONS)
    assert code.startswith("MK1:") and len(code) < 120
    assert read_progress_code(code, LESSONS) == earned
    assert read_progress_code("  " + code.lower().replace("mk1", "MK1") + "\n", LESSONS) == earned


def test_an_empty_progress_code_round_trips() -> None:
    assert read_progress_code(progress_code({}, LESSONS), LESSONS) == {}


@pytest.mark.parametrize(("code", "problem"), [
    ("", "empty"), ("hello", "format"), ("MK1:pl=33:00", "checksum"), ("MK2:pl=3:11", "format"),
    ("MK1:pl=39:" + progress_code({}, LESSONS)[-2:], "checksum"), ("x" * 500, "too_long"),
])
def test_a_bad_progress_code_is_refused(code: str, problem: str) -> None:
    with pytest.raises(ProgressCodeError) as error:
        read_progress_code(code, LESSONS)
    assert error.value.problem == problem


def test_a_damaged_payload_with_a_valid_checksum_is_still_refused() -> None:
    import zlib
    payload = "pl=39"
    code = f"MK1:{payload}:{zlib.crc32(payload.encode()) & 0xFF:02x}"
    with pytest.raises(ProgressCodeError, match="format"):
        read_progress_code(code, LESSONS)


@pytest.mark.parametrize("variant", ["pl", "da", "hu"])
def test_start_with_the_lessons_on_home_opens_lesson_one_of_the_chosen_variant(variant: str) -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["variant"] = variant
    at.query_params["lang"] = "en"
    at.run()
    click(at, "home_start_lessons")
    first = next(s for s in LESSONS if s.variant == variant)
    assert first.order == min(s.order for s in LESSONS if s.variant == variant)
    assert at.session_state[RUN]["lesson"] == first.id and at.session_state[RUN]["step"] == 0
    assert [h.value for h in at.subheader][0] == first.title        # the lesson itself, not the list
    assert "learn_next" in keys(at) and "learn_back" in keys(at)
    assert not [k for k in keys(at) if k.startswith("learn_start_")]
    click(at, "learn_next")                                          # and it plays on from there
    assert at.session_state[RUN]["step"] == 1


def test_start_with_the_lessons_under_a_variant_without_lessons_shows_why() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["variant"] = "cz-prsi"
    at.query_params["lang"] = "en"
    at.run()
    click(at, "home_start_lessons")
    assert at.session_state.get(RUN) is None
    assert any("There are no lessons for" in i.value for i in at.info)
