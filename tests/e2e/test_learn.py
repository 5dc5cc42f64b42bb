"""A real browser plays the first Polish lesson by clicking cards, with one wrong try first."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import screenshot, wait_for_app


def press(page, key: str) -> None:
    """Clicks the Streamlit button with this widget key and waits for the rerun."""
    page.locator(f".st-key-{key} button:visible").first.click()
    wait_for_app(page)


def test_a_lesson_is_completed_in_the_browser_by_clicking_cards(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/learn?variant=pl&lang=en")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Learn step by step", level=1)).to_be_visible()
    press(page, "learn_start_pl-01-goal-matching")
    press(page, "learn_next")
    press(page, "learn_card_5s")
    press(page, "learn_play")
    expect(page.get_by_text("5♠ is neither a heart nor a nine.")).to_be_visible()
    # After a wrong try the playable cards are marked: 7♥ is green, 5♠ veiled.
    expect(page.locator("svg.makao-card--legal[data-card='7h']")).to_have_count(1)
    expect(page.locator("svg.makao-card--illegal[data-card='5s']")).to_have_count(1)
    screenshot(page, "learn-wrong-try")
    press(page, "learn_card_7h")
    press(page, "learn_play")
    expect(page.get_by_text("Right!", exact=False)).to_be_visible()
    press(page, "learn_next")
    expect(page.get_by_text("Player 2 plays 7♠.")).to_be_visible()
    press(page, "learn_next")
    press(page, "learn_card_7c")
    press(page, "learn_play")
    press(page, "learn_next")
    expect(page.get_by_text("Lesson complete!")).to_be_visible()
    expect(page.get_by_text("You earned 2 stars · 1 mistake · 0 hints")).to_be_visible()
    screenshot(page, "learn-complete")
