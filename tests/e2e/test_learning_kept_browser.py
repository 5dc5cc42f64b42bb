"""A real browser: the learner's record survives a reload (the path's position, the placement done), issue 29."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.path import placement_drills, shipped_paths
from tests.e2e.conftest import wait_for_app
from ui.widgets.kept_record import STORE_KEY

STEPS_DONE = re.compile(r"\d+ of \d+ steps? done\.")
FIRST_RUN = 180_000     # ms: the server's first run imports the whole app, on a shared, loaded machine


def _open_home(page, base: str) -> None:
    page.goto(base + "/?variant=pl&lang=en")
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=FIRST_RUN)
    wait_for_app(page)


def _answer_placement(page) -> None:
    """Answers every placement question with its first choice (right or wrong: the path records either)."""
    for number, drill in enumerate(placement_drills(shipped_paths()["pl"]), start=1):
        expect(page.get_by_text(f"Question {number} of ", exact=False)).to_be_visible()
        if drill.kind == "select":
            page.locator(f"[class*='st-key-_learning_pick_{drill.id}_'] label").first.click()
        else:
            page.locator(f".st-key-_learning_choice_{drill.id} label").first.click()
        wait_for_app(page)
        page.locator(".st-key-learning_placement_check button").click()
        wait_for_app(page)


def test_a_reload_keeps_the_path_position_and_the_placement(app_url, new_page) -> None:
    page = new_page()
    _open_home(page, app_url)
    _answer_placement(page)
    path_box = page.locator(".st-key-learning_path")
    expect(path_box.get_by_text(STEPS_DONE)).to_be_visible()
    done_before = path_box.get_by_text(STEPS_DONE).inner_text()
    next_before = page.locator(".st-key-learning_next_step button p").inner_text()
    page.wait_for_function(f"() => !!window.localStorage.getItem({STORE_KEY!r})")
    page.reload()
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=FIRST_RUN)
    wait_for_app(page)
    expect(page.locator(".st-key-learning_path").get_by_text(done_before)).to_be_visible()
    expect(page.locator(".st-key-learning_next_step button p")).to_have_text(next_before)
    expect(page.get_by_text("Question 1 of ", exact=False)).to_have_count(0)


def test_a_record_changed_in_the_browser_is_refused_with_a_message_and_the_app_keeps_working(app_url, new_page) -> None:
    page = new_page()
    _open_home(page, app_url)
    page.evaluate(f"() => window.localStorage.setItem({STORE_KEY!r}, 'deadbeef.' + btoa('made up'))")
    page.reload()
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=FIRST_RUN)
    wait_for_app(page)
    expect(page.get_by_text("could not be read", exact=False)).to_be_visible()
    expect(page.get_by_text("Question 1 of ", exact=False)).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
