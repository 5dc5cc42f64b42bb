"""The Play page's pace of the computer players, set as a learner does: open its popover, press Fast."""
from __future__ import annotations

from playwright.sync_api import expect

PACES = ("slow", "normal", "fast")


def set_pace(page, pace: str = "fast") -> None:
    """Opens "Computer players: …" and presses the pace (by position, so every language works)."""
    page.locator(".st-key-play_pace_box button").first.click()
    option = page.locator(".st-key-play_pace button").nth(PACES.index(pace))
    option.click()
    expect(option).to_have_attribute("aria-checked", "true")
    page.keyboard.press("Escape")
