"""The Play page's pace of the computer players, set as a learner does: open its popover, press Fast."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.conftest import wait_for_app

PACES = ("slow", "normal", "fast")


def set_pace(page, pace: str = "fast", tries: int = 3) -> None:
    """Opens "Computer players: …" and presses the pace (by position, so every language works). On a
    loaded machine a press during a rerun of the page can be drawn over by that rerun: pressed again."""
    option = page.locator(".st-key-play_pace button").nth(PACES.index(pace))
    for attempt in range(tries):
        wait_for_app(page)
        if not option.is_visible():
            page.locator(".st-key-play_pace_box button").first.click()
        expect(option).to_be_visible()
        option.click()
        try:
            expect(option).to_have_attribute("aria-checked", "true", timeout=10_000)
            break
        except AssertionError:
            if attempt == tries - 1:
                raise
    wait_for_app(page)
    page.keyboard.press("Escape")
