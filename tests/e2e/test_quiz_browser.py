"""The live quiz in a real browser: a teacher and three pupils on two app servers sharing one PostgreSQL,
behind Debian's nginx (tests/e2e/nginx.py: sticky sessions, websockets), as at a school.

The teacher (server A) starts the quiz; the pupils (two on server B, one on A) see the question on
their phones and tap; the teacher's board shows "3 of 3 pupils answered", then on *Show answer* the
chart of the answers with the counts, the right answer with the engine's reason, and the leaderboard
in the order the points give (right and fast first). Every wait is on a condition in the page.
"""
from __future__ import annotations

from playwright.sync_api import expect

from engine.drills import drill_by_id
from storage.live_quiz import choose_questions, option_order
from tests.e2e.conftest import choose, screenshot
from tests.e2e.test_classes_browser import click, fill, join, make_class, on, two_servers  # noqa: F401

QUIZ_WAIT_MS = 120_000  # the panels poll every second; a shared machine may lag
PAGE_WAIT_MS = 240_000   # a first page of a cold server: its imports took 90 s on the loaded shared machine


def _page(proxy, new_page, server: int):
    """A new browser context pinned to app server ``server`` (0: A, 1: B) behind nginx."""
    page = on(proxy, new_page(), server)
    page.context.set_default_timeout(PAGE_WAIT_MS)
    return page


def _first_question() -> object:
    """The quiz's first question: a class made with only "select" drills starts with the variant's own order."""
    return drill_by_id(choose_questions("pl", (), 3)[0])


def _button(page, drill, right: bool):
    order = option_order(drill)
    wanted = drill.answer[0] if right else next(o for o in order if o != drill.answer[0])
    return page.locator(f".st-key-classes_quiz_option_{order.index(wanted)} button")


def test_a_live_quiz_with_a_teacher_and_three_pupils_on_two_servers(two_servers, new_page) -> None:  # noqa: F811
    proxy = two_servers
    teacher = _page(proxy, new_page, 0)
    code, _link = make_class(teacher, proxy.url)
    pupils = []
    for nickname, server in (("Ala", 1), ("Bartek", 1), ("Celina", 0)):
        page = _page(proxy, new_page, server)
        join(page, proxy.url, code, nickname)
        expect(page.get_by_text("No live quiz right now", exact=False)).to_be_visible(timeout=QUIZ_WAIT_MS)
        pupils.append(page)
    fill(teacher, "classes_quiz_count", "3")
    choose(teacher, "classes_quiz_seconds", "120 seconds")   # a loaded shared machine needs the longest
    click(teacher, "classes_quiz_start")
    panel = teacher.locator(".st-key-classes_quiz_panel")
    expect(panel.get_by_text("Question 1 of 3")).to_be_visible(timeout=QUIZ_WAIT_MS)
    drill = _first_question()
    try:
        buttons = [_button(page, drill, right) for page, right in zip(pupils, (True, True, False), strict=True)]
        for button in buttons:   # every phone shows the question before anyone taps (the timer runs meanwhile)
            expect(button).to_be_visible(timeout=QUIZ_WAIT_MS)
        for button in buttons:   # Ala first, then Bartek: Ala is faster
            button.click()
        for page in pupils:
            expect(page.get_by_text("Your answer is in", exact=False)).to_be_visible(timeout=QUIZ_WAIT_MS)
        expect(panel.get_by_text("3 of 3 pupils answered")).to_be_visible(timeout=QUIZ_WAIT_MS)
        click(teacher, "classes_quiz_show")
        order = option_order(drill)
        wrong = next(o for o in order if o != drill.answer[0])
        symbols = "▲◆●■★"
        counts = {symbols[i]: {drill.answer[0]: 2, wrong: 1}.get(o, 0) for i, o in enumerate(order)}
        expected = " · ".join(f"{s} {n}" for s, n in counts.items())
        expect(teacher.locator(".st-key-classes_quiz_counts")).to_have_text(expected, timeout=QUIZ_WAIT_MS)
        expect(panel.locator("[data-testid=stVegaLiteChart]")).to_be_visible(timeout=QUIZ_WAIT_MS)
        expect(teacher.locator(".st-key-classes_quiz_answer")).to_contain_text("Right answer:", timeout=QUIZ_WAIT_MS)
        board = teacher.locator(".st-key-classes_quiz_leaderboard")
        expect(board).to_be_visible(timeout=QUIZ_WAIT_MS)
        lines = [line for line in board.inner_text().splitlines() if "point" in line]
        assert [line.split("—")[0].strip() for line in lines] == ["Ala", "Bartek", "Celina"], lines
        assert "0 points" in lines[2] and "1 right answer" in lines[0]
        for page, said in zip(pupils, ("Right! +", "Right! +", "Not right this time."), strict=True):
            expect(page.get_by_text(said, exact=False)).to_be_visible(timeout=QUIZ_WAIT_MS)
        click(teacher, "classes_quiz_next")
        expect(panel.get_by_text("Question 2 of 3")).to_be_visible(timeout=QUIZ_WAIT_MS)
        expect(pupils[1].get_by_text("Question 2 of 3")).to_be_visible(timeout=QUIZ_WAIT_MS)
        click(teacher, "classes_quiz_end")
        expect(panel.get_by_text("The quiz is over.")).to_be_visible(timeout=QUIZ_WAIT_MS)
        expect(pupils[0].get_by_text("The quiz has ended.")).to_be_visible(timeout=QUIZ_WAIT_MS)
    except Exception:
        screenshot(teacher, "quiz-teacher")
        for i, page in enumerate(pupils):
            screenshot(page, f"quiz-pupil-{i}")
        raise
