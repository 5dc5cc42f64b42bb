"""Chromium, as a new learner meets the coach: the several-cards line under the hand, the review on a phone.

Found walking through Play as a learner: nothing said that cards of one rank may be tapped one after
another and put down together; the review's numbers had no unit ("9.7 (-4.5–23.8)") and its words
compared the best move with a runner-up the learner never played; a reviewed moment did not show
where it happened.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.ruleset import load_ruleset
from tests.e2e.conftest import screenshot, wait_for_app
from tests.e2e.test_play_browser import PHONE, deal, play_round_by_tapping, short_seed
from ui.play.text import several_cards_tip
from ui.present.i18n import translator

TIP = ".st-key-play_several_tip"


def test_the_line_under_the_hand_says_how_several_cards_go_down_together(app_url, new_page) -> None:
    seed, _ = short_seed("da", 40)
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    tip = page.locator(TIP)
    expect(tip).to_have_text(re.compile(re.escape(several_cards_tip(load_ruleset("da"), translator("en")))))
    expect(tip).to_be_visible()
    # Where a learner looks for it: just under the hand and the table's buttons, before the log.
    hand = page.locator(".ct-hand").bounding_box()
    line = tip.bounding_box()
    log = page.get_by_role("heading", name="What happened").bounding_box()
    assert hand and line and log
    assert hand["y"] + hand["height"] <= line["y"] < log["y"]


def test_rules_of_one_card_a_turn_show_no_such_line(app_url, new_page) -> None:
    page = new_page("en-US")
    deal(page, app_url, "hu", 3)
    expect(page.locator(".ct-hand .ct-card").first).to_be_visible()
    expect(page.locator(TIP)).to_have_count(0)


def test_on_a_phone_the_line_and_the_review_fit_the_screen_and_say_what_the_numbers_count(app_url, browser) -> None:
    seed, expected = short_seed("da", 40)
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        deal(page, app_url, "da", seed)
        tip = page.locator(TIP)
        tip.scroll_into_view_if_needed()
        expect(tip).to_be_visible()
        box = tip.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]   # wrapped, not cut off
        screenshot(page, "coach-walk-phone-tip")
        play_round_by_tapping(page, expected)
        expect(page.get_by_role("heading", name="Scores")).to_be_visible()
        page.locator(".st-key-play_review_ask button:visible").click()
        wait_for_app(page)
        expect(page.get_by_role("heading", name="The moments that mattered")).to_be_visible()
        expect(page.locator(".st-key-play_review_ask button")).to_have_count(0)   # done: no button to ask again
        moments = page.locator("[class*='st-key-play_review_']:not([class*='open']):not([class*='ask'])")
        if moments.count() == 0:
            expect(page.get_by_text("The coach found no move of yours that was clearly worse")).to_be_visible()
            return
        first = page.locator(".st-key-play_review_0")
        first.scroll_into_view_if_needed()
        text = first.inner_text()
        assert "points on average" in text and "the next best" not in text and "both moves are about as good" not in text
        assert not re.search(r"\(-\d", text)                       # no interval below 0 points
        # The moment shows the top card and the hand then, inside the screen's width.
        expect(first.get_by_text("On the pile")).to_be_visible()
        expect(first.get_by_text("Your hand then")).to_be_visible()
        expect(first.locator("[data-card]").first).to_be_visible()
        # Your move's cards raised, the coach's outlined, and a line that says which is which.
        marked = first.locator(".makao-card--selected, .makao-card--legal")
        if marked.count():
            expect(marked.first).to_be_visible()
            expect(first.get_by_text(re.compile(r"edge: the cards of (your|the coach's best) move"))).to_be_visible()
        for card in first.locator("[data-card]").all():
            card_box = card.bounding_box()
            assert card_box and card_box["x"] + card_box["width"] <= PHONE["width"] + 1
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
        screenshot(page, "coach-walk-phone-review")
    finally:
        context.close()


def cut_labels(page) -> list[str]:
    """The Play options' switch labels whose words do not fit their box (Streamlit draws them with "…")."""
    return page.evaluate(
        """() => [...document.querySelectorAll(
                '.st-key-play_lighting, .st-key-play_checker')]
            .map(n => n.querySelector('[data-testid=stWidgetLabel] [data-testid=stMarkdownContainer]'))
            .filter(n => n && n.scrollWidth > n.clientWidth)
            .map(n => n.textContent.trim())""")


def test_the_switches_above_the_table_show_their_whole_labels(app_url, browser) -> None:
    # Three equal columns cut "Light up the cards I may play" to "Light up the cards I may …" (and worse in hu).
    for language, viewport in (("en", {"width": 1280, "height": 1000}), ("hu", {"width": 1280, "height": 1000}),
                               ("hu", PHONE)):
        context = browser.new_context(viewport=viewport, locale=language)
        try:
            page = context.new_page()
            page.goto(f"{app_url}/play?variant=hu&lang={language}")
            wait_for_app(page)
            page.locator(".st-key-play_deal button").click()
            wait_for_app(page)
            expect(page.locator(".st-key-play_checker label")).to_be_visible()
            assert cut_labels(page) == [], (language, viewport)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"] + 1
        finally:
            context.close()
