"""A real browser: a Polish player learns the Danish table (one home habit tried first), then
downloads the "what changes" sheet and finds every difference in it."""
from __future__ import annotations

import html

from playwright.sync_api import expect

from engine.cards import FRENCH
from engine.moves import parse_move
from engine.ruleset import load_ruleset
from engine.scenario import start_state
from engine.witness import find_witnesses
from tests.e2e.conftest import ARTIFACTS, screenshot, wait_for_app
from ui.present.i18n import translator
from ui.present.switch_text import difference_sentence
from ui.switch import model
from ui.switch.page import move_choices
from ui.switch.sheet import rule_groups, sheet_html

EN = translator("en")


def press(page, key: str) -> None:
    """Clicks the Streamlit button with this widget key and waits for the rerun."""
    page.locator(f".st-key-{key} button:visible").first.click()
    wait_for_app(page)


def test_a_polish_player_learns_the_danish_table_and_prints_what_changes(app_url, new_page) -> None:
    # The search is seeded: the server finds the very lesson computed here.
    report = find_witnesses(load_ruleset("pl"), load_ruleset("da"))
    lesson = model.build_lesson(report)
    page = new_page("en-US")
    page.goto(app_url + "/switch?variant=pl&lang=en")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Switching tables", level=1)).to_be_visible()
    page.locator(".st-key-switch_table").click()
    page.get_by_role("option", name="Danish Makao").click()
    wait_for_app(page)
    expect(page.get_by_text(f"Position 1 of {len(lesson.steps)}")).to_be_visible()
    habit_tried = False
    for number, step in enumerate(lesson.steps, start=1):
        expect(page.get_by_text(f"Position {number} of {len(lesson.steps)}")).to_be_visible()
        choices = move_choices(lesson, step, start_state(step.scenario))
        if step.witness.kind == "home_only" and not habit_tried:
            press(page, f"switch_move_{choices.index(step.witness.move)}")
            expect(page.get_by_text("That is the rule from home.", exact=False)).to_be_visible()
            screenshot(page, "switch-home-habit")
            habit_tried = True
        right = next(c for c in choices if c in step.scenario.steps[0].accept)
        press(page, f"switch_move_{choices.index(right)}")
        expect(page.get_by_text("Right", exact=False).first).to_be_visible()
        press(page, "switch_next")
    expect(page.get_by_role("heading", name="Lesson complete")).to_be_visible()
    assert habit_tried
    screenshot(page, "switch-complete")

    page.get_by_text("A printable sheet: what changes").click()
    with page.expect_download(timeout=60_000) as info:
        page.locator("button:visible", has_text="Download the sheet (HTML)").click()
    path = ARTIFACTS / "what-changes-pl-da.html"
    info.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    everything = model.build_lesson(report, everything=True)
    for group in rule_groups(everything):   # one heading per rule, its example and the fields it does not show
        for w in (group.example, *group.more):
            assert html.escape(difference_sentence(w.kind, parse_move(w.move, FRENCH), w.home, w.table, FRENCH, EN)) in text
    viewer = new_page()
    viewer.goto(path.as_uri())
    expect(viewer.get_by_role("heading", name="What changes from Polish makao to Danish Makao", level=1)).to_be_visible()
    expect(viewer.locator("svg.makao-card").first).to_be_visible()
    screenshot(viewer, "switch-sheet")
    with page.expect_download(timeout=60_000) as info:
        page.locator("button:visible", has_text="Download the sheet (PDF)").click()
    assert (info.value.path().read_bytes() if info.value.path() else b"").startswith(b"%PDF-")


# Room for one rule of the sheet at 1280 px (heading, sentence, one row of cards, two lines, a few
# lines beneath), and for the title, the two decks and the rules in words.
PER_RULE_PX, FRAME_PX = 330, 900


def test_the_sheet_is_one_box_per_rule_with_each_hand_in_a_row(new_page, tmp_path) -> None:
    for home, table in (("pl", "da"), ("da", "hu")):
        report = find_witnesses(load_ruleset(home), load_ruleset(table), rounds=6)
        lesson = model.build_lesson(report, everything=True)
        groups = rule_groups(lesson)
        path = tmp_path / f"sheet-{home}-{table}.html"
        path.write_text(sheet_html(lesson, EN, report=report), encoding="utf-8")
        page = new_page()
        page.set_viewport_size({"width": 1280, "height": 900})
        page.goto(path.as_uri())
        expect(page.locator(".diff.rule")).to_have_count(len(groups))
        # Each position's cards share one line: every card of a row has the same top edge.
        tops = page.eval_on_selector_all(
            ".cards", "rows => rows.map(r => [...r.querySelectorAll('svg')].map(s => s.getBoundingClientRect().top))")
        assert tops and all(len(set(row)) == 1 for row in tops), tops
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= FRAME_PX + PER_RULE_PX * len(groups), (home, table, height, len(groups))
        screenshot(page, f"switch-sheet-{home}-{table}")
