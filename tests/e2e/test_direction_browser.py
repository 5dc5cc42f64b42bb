"""Chromium: on the Play page the arrow around the pile shows the direction of play and turns
when a 9 reverses it (de-maumau-9), with a label that says which way play goes.

The seed is chosen in Python first, as in test_play_browser: the model plays candidate deals with
the browser test's habit and records the direction at each of the learner's taps; the test takes a
short round in which the direction turns counterclockwise and back, and the browser must show that
very sequence.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.ruleset import load_ruleset
from tests.e2e.conftest import screenshot, wait_for_app
from tests.e2e.test_play_browser import deal, habit, tap_a_habitual_move
from ui.play import model
from ui.play.model import act

VARIANT = "de-maumau-9"
NAMES = {1: "clockwise", -1: "counterclockwise"}


def directions_at_each_tap(seed: int) -> list[int] | None:
    """The direction of play at each of the learner's actions, until the round ends (None if it does not)."""
    game = model.start(model.make_settings(load_ruleset(VARIANT), 4, 1, ["beginner"] * 3, seed))
    seen = []
    for _ in range(400):
        if game.over or model.people_out(game):
            return seen if game.over else None
        if model.human_to_move(game):
            seen.append(game.state.direction)
            game = act(game, habit(game))
        else:
            game = act(game, {"type": "step"})
    return None


def a_round_that_turns_and_turns_back() -> tuple[int, list[int]]:
    for seed in range(1, 400):
        seen = directions_at_each_tap(seed)
        if seen and len(seen) <= 16 and -1 in seen and seen[-1] == 1 and seen[0] == 1:
            return seed, seen
    raise AssertionError("no short de-maumau-9 round reverses the direction and back")


def test_the_play_table_arrow_turns_when_a_nine_reverses_the_direction(app_url, new_page) -> None:
    seed, expected = a_round_that_turns_and_turns_back()
    page = new_page("en-US")
    deal(page, app_url, VARIANT, seed)
    arrow = page.locator("svg.ct-direction")
    headline = page.locator(".ct-headline")
    shown: list[int] = []
    for direction in expected:
        expect(headline).to_have_text(re.compile(r"Your turn"))
        name = NAMES[direction]
        expect(arrow).to_have_attribute("data-direction", name)
        expect(arrow).to_have_attribute("aria-label", re.compile(rf"^Direction of play: {name}\. Order of play"))
        if direction < 0 and -1 not in shown:
            # counterclockwise: the mirrored arrow, and the order of play read the other way round
            assert "is-counterclockwise" in (arrow.get_attribute("class") or "")
            expect(arrow).to_have_attribute("aria-label", re.compile(r"Player 1 \(you\) → Player 4 → Player 3 → Player 2",
                                                                    re.I))
            screenshot(page, "play-direction-counterclockwise")
        shown.append(direction)
        tap_a_habitual_move(page)
    assert shown == expected
    expect(headline).to_have_text(re.compile(r"The round is over"))
    wait_for_app(page)
    screenshot(page, "play-direction-round-over")
