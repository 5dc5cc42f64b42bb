"""A real browser plays the first Polish lesson by tapping cards on the lesson's card table, with one wrong try first."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import screenshot, wait_for_app


def press(page, key: str) -> None:
    """Clicks the Streamlit button with this widget key and waits for the rerun."""
    page.locator(f".st-key-{key} button:visible").first.click()
    wait_for_app(page)


def tap(page, card: str) -> None:
    """Taps a card of the lesson's hand and waits until the table shows it selected."""
    wait_for_app(page)
    page.locator(f".ct-hand button.ct-card[data-card='{card}']").click()
    expect(page.locator(f".ct-hand .ct-card.is-selected[data-card='{card}']")).to_have_count(1)
    wait_for_app(page)


def test_a_lesson_is_completed_in_the_browser_by_tapping_cards(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/learn?variant=pl&lang=en")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Learn step by step", level=1)).to_be_visible()
    press(page, "learn_start_pl-01-goal-matching")
    press(page, "learn_next")
    # The player setting: no card is lit before a mistake.
    page.locator(".st-key-_learn_level_picker label", has_text="Player").click()
    wait_for_app(page)
    expect(page.locator(".ct-hand .ct-card.is-legal")).to_have_count(0)
    tap(page, "5s")
    page.locator(".ct-buttons button[data-action='play']").click()
    expect(page.get_by_text("5♠ is neither a heart nor a nine.")).to_be_visible()
    # After a wrong try the playable cards are lit and say so: 7♥ may be played, 5♠ may not.
    expect(page.locator(".ct-hand .ct-card.is-legal[data-card='7h']")).to_have_count(1)
    expect(page.locator(".ct-hand .ct-card.is-illegal[data-card='5s']")).to_have_attribute(
        "aria-label", "5♠ — five of spades, may not be played")
    screenshot(page, "learn-wrong-try")
    tap(page, "7h")
    page.locator(".ct-buttons button[data-action='play']").click()
    expect(page.get_by_text("Right!", exact=False)).to_be_visible()
    press(page, "learn_next")
    expect(page.get_by_text("Player 2 plays 7♠.")).to_be_visible()
    press(page, "learn_next")
    tap(page, "7c")
    page.locator(".ct-buttons button[data-action='play']").click()
    expect(page.get_by_text("Right!", exact=False)).to_be_visible()
    press(page, "learn_next")
    expect(page.get_by_text("Lesson complete!")).to_be_visible()
    expect(page.get_by_text("You earned 2 stars · 1 mistake · 0 hints")).to_be_visible()
    # Earned and missing stars differ in shape, and the count is said in words.
    stars = page.locator(".mk-stars[data-stars='2']").first
    expect(stars).to_have_attribute("aria-label", "2 of 3 stars")
    expect(stars.locator("svg.is-earned")).to_have_count(2)
    expect(stars.locator("svg.is-missing")).to_have_count(1)
    screenshot(page, "learn-complete")
