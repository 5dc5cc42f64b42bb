"""Switching tables: the generated lesson (every step a lesson the engine verifies), its
sentences in every language, and the page played through AppTest from pl to da."""
from __future__ import annotations

import html
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import FRENCH
from engine.moves import parse_move
from engine.ruleset import load_ruleset
from engine.scenario import start_state, verify
from engine.witness import find_witnesses
from ui.present.i18n import LANGUAGES, translator
from ui.present.switch_text import difference_sentence, feedback, hint, rule_sentence
from ui.switch import model
from ui.switch.page import RUN_KEY, TABLE_KEY, move_choices

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
PAIRS = [("pl", "da"), ("da", "pl"), ("pl", "pl-trad"), ("pl-trad", "da"), ("hu", "cz-prsi")]


@cache
def report(home: str, table: str):
    return find_witnesses(load_ruleset(home), load_ruleset(table), rounds=6)


@pytest.mark.parametrize("home,table", PAIRS)
def test_every_step_is_a_lesson_the_engine_verifies(home: str, table: str) -> None:
    lesson = model.build_lesson(report(home, table))
    assert model.DEFAULT_MIN <= len(lesson.steps) <= model.DEFAULT_MAX
    for step in lesson.steps:
        assert verify(step.scenario) == len(step.scenario.steps[0].accept)
        assert step.scenario.variant == table and step.scenario.learner == step.witness.position["to_move"]


@pytest.mark.parametrize("home,table", PAIRS)
def test_steps_follow_frequency_and_meet_every_field_before_repeating_one(home: str, table: str) -> None:
    r = report(home, table)
    lesson = model.build_lesson(r)
    frequencies = [s.witness.frequency.rounds_with for s in lesson.steps]
    assert frequencies == sorted(frequencies, reverse=True)
    fields = {k for w in r.witnesses for k in w.fields}
    met = {k for s in lesson.steps for k in s.witness.fields}
    assert met == fields or len(lesson.steps) == model.DEFAULT_MAX
    everything = model.build_lesson(r, everything=True)
    assert len(everything.steps) == everything.available == len(r.witnesses)


def test_the_home_habit_is_wrong_and_the_feedback_names_the_home_rule() -> None:
    en = translator("en")
    lesson = model.build_lesson(report("pl", "pl-trad"), everything=True)
    index = next(i for i, s in enumerate(lesson.steps) if s.witness.kind == "home_only")
    run = {**model.new_run(), "step": index}
    step = lesson.steps[index]
    assert model.submit(lesson, run, step.witness.move) == "wrong" and run["mistakes"] == 1
    text = feedback(run["feedback"], step.witness.home, step.witness.table, FRENCH, en)
    assert text.startswith("That is the rule from home.")
    assert rule_sentence(step.witness.home, FRENCH, en) in text and rule_sentence(step.witness.table, FRENCH, en) in text
    right = step.scenario.steps[0].accept[0]
    assert model.submit(lesson, run, right) == "right" and run["solved"]


def test_a_lesson_walked_through_ends_with_stars() -> None:
    lesson = model.build_lesson(report("pl", "da"))
    run = model.new_run()
    model.take_hint(run)
    for step in lesson.steps:
        assert model.submit(lesson, run, step.scenario.steps[0].accept[0]) == "right"
        model.next_step(lesson, run)
    assert run["finished"] and model.run_stars(run) == 2


def test_a_house_ruleset_gets_its_lesson() -> None:
    pl = load_ruleset("pl")
    house = replace(pl, id="house", name="Our rules", draw_adds=False)
    lesson = model.build_lesson(find_witnesses(pl, house, rounds=4))
    assert lesson.steps
    for step in lesson.steps:
        verify(step.scenario)
        assert start_state(step.scenario).rules is house


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_difference_is_said_in_every_language(language: str) -> None:
    t = translator(language)
    for home, table in PAIRS:
        deck = load_ruleset(table).deck
        for w in report(home, table).witnesses:
            for text in (difference_sentence(w.kind, parse_move(w.move, deck), w.home, w.table, deck, t),
                         hint(w.kind, parse_move(w.move, deck), w.table, deck, t)):
                assert text and "{" not in text and "}" not in text


# --------------------------------------------------------------------------- AppTest

def test_a_polish_player_completes_the_danish_table_lesson() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "en"
    at.query_params["variant"] = "pl"
    at.run()
    at.switch_page("app_pages/switch.py").run()
    assert not at.exception, at.exception
    at.selectbox(key=TABLE_KEY).set_value("da").run()
    assert not at.exception, at.exception
    lesson = at.session_state["switch_lesson"]
    assert (lesson.home.id, lesson.table.id) == ("pl", "da")
    mistakes = 0
    for step in lesson.steps:
        state = start_state(step.scenario)
        choices = move_choices(lesson, step, state)
        if step.witness.kind == "home_only":
            at.button(key=f"switch_move_{choices.index(step.witness.move)}").click().run()
            mistakes += 1
            assert "That is the rule from home." in at.error[0].value
        right = next(c for c in choices if c in step.scenario.steps[0].accept)
        at.button(key=f"switch_move_{choices.index(right)}").click().run()
        assert not at.exception, at.exception
        assert at.success[0].value.startswith("Right")
        at.button(key="switch_next").click().run()
    assert at.session_state[RUN_KEY]["finished"]
    assert any(m.value == "Lesson complete" for m in at.subheader)
    assert mistakes >= 1


# --------------------------------------------------------------------------- the sheet

def test_the_sheet_says_every_difference_and_draws_its_position() -> None:
    from ui.switch.sheet import rule_groups, sheet_html, sheet_pdf

    en = translator("en")
    lesson = model.build_lesson(report("pl", "da"), everything=True)
    page = sheet_html(lesson, en)
    assert "What changes from Polish makao to Danish Makao" in page
    groups = rule_groups(lesson)
    for group in groups:
        for w in (group.example, *group.more):
            sentence = difference_sentence(w.kind, parse_move(w.move, FRENCH), w.home, w.table, FRENCH, en)
            assert html.escape(sentence) in page
    assert page.count('<div class="diff rule">') == len(groups) and page.count("<svg") >= 2 * len(groups)
    pdf = sheet_pdf(lesson, en)
    assert pdf.startswith(b"%PDF-") and len(pdf) > 5000


def test_the_page_offers_the_sheet_and_a_sandbox_link() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "en"
    at.query_params["variant"] = "pl"
    at.run()
    at.switch_page("app_pages/switch.py").run()
    at.selectbox(key=TABLE_KEY).set_value("da").run()
    assert not at.exception, at.exception
    assert at.session_state["switch_sheets"]
    assert len(at.get("download_button")) == 2
    assert at.get("link_button") and "pos=" in at.get("link_button")[0].proto.url


def test_the_compare_page_links_each_differing_row_to_its_positions() -> None:
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("app_pages/variants.py").run()
    assert not at.exception, at.exception
    at.button(key="compare_witness_find").click().run()
    assert not at.exception, at.exception
    text = "\n".join(m.value for m in at.markdown)
    # The default pair: Polish makao at home, traditional Polish at the table.
    for row in ("2 and 3", "Queen", "Jack", "The last-card call"):
        assert f"**{row}**: [position 1](sandbox?" in text, row
    assert "**Starter card**: no position: it changes only the deal." in text


def test_the_session_house_rules_can_be_the_table() -> None:
    from ui.shell.house_rules import HOUSE_RULESET

    pl = load_ruleset("pl")
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = "en"
    at.query_params["variant"] = "pl"
    at.run()
    at.session_state[HOUSE_RULESET] = replace(pl, id="house-1", name="Our kitchen table", draw_adds=False)
    at.switch_page("app_pages/switch.py").run()
    at.selectbox(key=TABLE_KEY).set_value("house").run()
    assert not at.exception, at.exception
    lesson = at.session_state["switch_lesson"]
    assert lesson.table.name == "Our kitchen table"
    assert {k for s in lesson.steps for k in s.witness.fields} == {"attack.draw_adds"}
    assert any("rounds the engine played at this table" in c.value for c in at.caption)
    assert not at.get("link_button")   # the Sandbox opens shipped variants only


# --------------------------------------------------------------------------- D12: an empty deck in one sentence

def test_an_empty_deck_and_a_draw_of_nothing_are_one_sentence() -> None:
    from engine.verdicts import Event
    from ui.present.reasons import describe_events

    events = [Event("deck_exhausted", {"seat": 0, "missing": 1}), Event("drew", {"seat": 0, "count": 0, "cards": []}),
              Event("turn", {"seat": 1})]
    en = translator("en")
    assert describe_events(events, FRENCH, en) == ["No cards are left to draw, so player 1 draws nothing.",
                                                   "Player 2 is to move."]
    assert describe_events(events, FRENCH, en, you=0)[0] == "No cards are left to draw, so you draw nothing."
    # A partial draw keeps both sentences: the cards drawn and the ones missing.
    partial = [Event("deck_exhausted", {"seat": 0, "missing": 1}), Event("drew", {"seat": 0, "count": 1, "cards": ["5h"]})]
    assert len(describe_events(partial, FRENCH, en)) == 2
    for language in LANGUAGES:
        text = describe_events(events, FRENCH, translator(language))[0]
        assert "{" not in text and "0" not in text


def test_no_switching_sentence_says_a_player_draws_no_cards() -> None:
    en = translator("en")
    texts = [difference_sentence(w.kind, parse_move(w.move, FRENCH), w.home, w.table, FRENCH, en)
             for home, table in (("pl", "da"), ("da", "pl")) for w in report(home, table).witnesses]
    assert any("No cards are left to draw, so player" in t for t in texts)
    assert not any("draws 0 cards" in t or "card fewer" in t for t in texts)


# --------------------------------------------------------------------------- two decks: da/pl ↔ hu

CROSS = [("da", "hu"), ("pl", "hu"), ("hu", "da"), ("hu", "pl")]


@pytest.mark.parametrize("home,table", CROSS)
def test_a_cross_deck_lesson_is_played_in_the_tables_deck(home: str, table: str) -> None:
    r = report(home, table)
    lesson = model.build_lesson(r)
    assert lesson.deck_map is not None and model.DEFAULT_MIN <= len(lesson.steps) <= model.DEFAULT_MAX
    for step in lesson.steps:
        verify(step.scenario)
        assert start_state(step.scenario).rules.deck is load_ruleset(table).deck


@pytest.mark.parametrize("home,table", CROSS)
def test_every_cross_deck_difference_is_a_position_or_said_in_words(home: str, table: str) -> None:
    from ui.present.switch_text import field_title, no_counterpart_lines, said_in_words

    en = translator("en")
    r = report(home, table)
    witnessed = {k for w in r.witnesses for k in w.fields}
    told = {title for title, _ in said_in_words(r, en)}
    for u in r.unwitnessed:
        if u.why == "no_counterpart":
            assert no_counterpart_lines(r, en), u.key
        else:
            assert field_title(u.key, r, en) in told, u.key
    assert {f.key for f in r.fields} <= witnessed | {u.key for u in r.unwitnessed}


def test_a_danish_player_is_told_the_hungarian_names_of_the_cards() -> None:
    from engine.position import position_from_json
    from ui.present.switch_text import deck_map_lines, home_names, no_counterpart_lines

    r = report("da", "hu")
    en, hu = translator("en"), translator("hu")
    lines = deck_map_lines(r.deck_map, en)
    assert "Suits: ♥ hearts = piros (hearts), ♦ diamonds = tök (bells), ♠ spades = zöld (leaves), ♣ clubs = makk (acorns)." in lines
    assert "Figures: J (jack) = alsó (Unter), Q (queen) = felső (Ober), K (king) = király (king), A (ace) = ász (ace)." in lines
    assert "The 2, 3, 4, 5, and 6 do not exist at this table." in lines
    assert any(line.startswith("Színek: ♥ kőr = piros") for line in deck_map_lines(r.deck_map, hu))
    words = no_counterpart_lines(r, en)
    assert any(line.startswith("At home, 2: The next player draws 2 cards.") for line in words)
    assert any("may also demand 5 and 6" in line for line in words)
    back = no_counterpart_lines(report("hu", "pl"), en)
    assert any(line.startswith("New to you, 2: The next player draws 2 cards.") for line in back)
    # The cards of a position are named as the learner knows them: the alsó of leaves is their J♠.
    w = next(w for w in r.witnesses if any(c.startswith("U") for c in w.position["hands"][w.position["to_move"]]))
    st = position_from_json(w.position, r.table)
    names = home_names([st.top, *st.hands[st.to_move]], r.deck_map, en)
    assert names.startswith("In your deck: ") and "Unter of" in names and "= J" in names


def test_a_danish_player_walks_the_hungarian_table_lesson() -> None:
    at = AppTest.from_file(APP, default_timeout=300)
    at.query_params["lang"] = "en"
    at.query_params["variant"] = "da"
    at.run()
    at.switch_page("app_pages/switch.py").run()
    at.selectbox(key=TABLE_KEY).set_value("hu").run()
    assert not at.exception, at.exception
    assert not at.warning, "the pair is no longer refused for its two decks"
    assert any("Figures: J (jack) = alsó (Unter)" in i.value for i in at.info)
    lesson = at.session_state["switch_lesson"]
    step = lesson.steps[0]
    assert any(c.value.startswith("In your deck: ") for c in at.caption)
    right = step.scenario.steps[0].accept[0]
    choices = move_choices(lesson, step, start_state(step.scenario))
    at.button(key=f"switch_move_{choices.index(right)}").click().run()
    assert not at.exception, at.exception
    assert at.success[0].value.startswith("Right")


# --------------------------------------------------------------------------- D11: the sheet grouped by rule

@pytest.mark.parametrize("home,table", [("pl", "da"), ("da", "hu")])
def test_the_sheet_heads_every_rule_once_with_one_position(home: str, table: str) -> None:
    import re

    from ui.switch.sheet import rule_groups, sheet_html

    en = translator("en")
    r = report(home, table)
    lesson = model.build_lesson(r, everything=True)
    groups = rule_groups(lesson)
    page = sheet_html(lesson, en, report=r)
    headings = re.findall(r'<div class="diff rule">\n<h2>\d+\. (.*?)</h2>', page)
    assert len(headings) == len(groups) == len(set(headings)) and len(groups) < len(lesson.steps)
    # Every field a witness explains is under one heading: shown by its example or said beneath it.
    shown = [k for g in groups for w in (g.example, *g.more) for k in w.fields]
    assert set(shown) == {k for w in r.witnesses for k in w.fields}
    # One row of cards per position: the cards sit in a flex row, not one per line.
    assert page.count('<div class="cards">') == len(groups) and ".cards{display:flex" in page
    if r.deck_map is not None:
        assert "The two decks" in page and "In your deck: " in page


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_deck_map_and_the_words_are_said_in_every_language(language: str) -> None:
    from ui.present.switch_text import deck_map_lines, said_in_words

    t = translator(language)
    for home, table in (("da", "hu"), ("hu", "pl")):
        r = report(home, table)
        texts = deck_map_lines(r.deck_map, t) + [f"{a} {b}" for a, b in said_in_words(r, t)]
        assert texts and all(text and "{" not in text and "}" not in text for text in texts)
        if language != "en":
            english = deck_map_lines(r.deck_map, translator("en")) + [b for _, b in said_in_words(r, translator("en"))]
            assert not set(texts) & set(english)
