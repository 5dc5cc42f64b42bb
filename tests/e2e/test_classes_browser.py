"""A real browser and two app servers on one PostgreSQL: a teacher makes a class, two pupils join and answer,
the teacher's board on the other server fills in by itself; a reload keeps a pupil's progress; no key, no board.

The database is a throwaway PostgreSQL cluster (tests/storage/pg_cluster.py); if it cannot start,
the test fails with the server's log — it never skips. Every wait is on a condition in the page.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.drills import drill_by_id
from tests.e2e.conftest import screenshot, wait_for_app
from ui.classes.model import drill_label
from ui.present.i18n import translator

EN = translator("en")

QUIZ = ("pl-jack-01", "pl-matching-01")
QUIZ_FIRST = drill_by_id(QUIZ[0])      # a "select" question: which cards may go under the demand
SLOW_RUN_MS = 120_000     # a first run on a fresh server, two cores shared by many test runs
BOARD_REFRESH_MS = 20_000                   # the board refreshes every 5 s; a shared machine may lag


@pytest.fixture(scope="module")
def two_servers(behind_nginx):
    """Two app servers on one PostgreSQL database behind nginx (tests/e2e/nginx.py): the browser sees one
    address; ``on(page, 0 or 1)`` sends a page's context to server A or B."""
    return behind_nginx


def on(proxy, page, index: int):
    """Pins the page's browser context to app server ``index`` behind nginx; returns the page."""
    proxy.pin(page.context, index)
    page.context.set_default_timeout(SLOW_RUN_MS)
    return page


def fill(page, key: str, text: str) -> None:
    box = page.locator(f".st-key-{key} input")
    box.fill(text)
    box.press("Enter")
    wait_for_app(page)


def click(page, key: str) -> None:
    page.locator(f".st-key-{key} button:visible").first.click()
    wait_for_app(page)


def pick_quiz(page) -> None:
    """Picks the QUIZ drills, one by one, in the Make-a-class form's Class quiz box."""
    quiz = page.locator(".st-key-classes_form_quiz input")
    for drill_id in QUIZ:
        label = drill_label(drill_id, EN)
        quiz.click()
        quiz.fill(label)
        page.get_by_role("option", name=label, exact=True).click()
        wait_for_app(page)
        expect(page.locator(f'.st-key-classes_form_quiz [data-tag][aria-label="{label}"]').first).to_be_attached()
    page.keyboard.press("Escape")


def make_class(page, base: str) -> tuple[str, str]:
    """Makes a class with a two-question quiz on the Classes page; returns (class code, teacher link)."""
    page.goto(base + "/classes?lang=en&variant=pl")
    wait_for_app(page)
    page.get_by_role("tab", name="Make a class (teachers)").click()
    fill(page, "classes_form_name", "4b")
    pick_quiz(page)
    click(page, "classes_create")
    code = page.locator(".makao-class-code").inner_text().strip()
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}", code), code
    link = page.locator("code", has_text="teacher=tk_").inner_text().strip()
    return code, link


def join(page, base: str, code: str, nickname: str) -> str:
    """Joins the class with its code and a nickname; returns the PIN shown once."""
    page.goto(base + "/classes?lang=en")
    wait_for_app(page)
    fill(page, "classes_join_code", code.lower().replace("-", " "))
    fill(page, "classes_join_nickname", nickname)
    click(page, "classes_join")
    expect(page.get_by_text(f"You are {nickname} in the class 4b")).to_be_visible()
    pin = page.locator(".makao-pin").inner_text().strip()
    assert re.fullmatch(r"\d{4}", pin)
    return pin


def answer_first_question(page, right: bool) -> None:
    """Starts the class quiz and answers its first question (the cards that may go), rightly or not."""
    click(page, "classes_start_quiz")
    expect(page.get_by_text("Class quiz: question 1 of 2.")).to_be_visible()
    if right:
        for card in QUIZ_FIRST.answer:
            page.locator(f".st-key-_practice_pick_{QUIZ_FIRST.id}_{card} label").click()
            wait_for_app(page)
    click(page, "practice_check")
    expect(page.get_by_text("Right!" if right else "Not quite.", exact=False).first).to_be_visible()


def scrolled(page) -> float:
    """How far the page is scrolled (Streamlit scrolls an inner element, not the window)."""
    return page.evaluate("() => Math.max(window.scrollY, ...Array.from(document.querySelectorAll('*'), e => e.scrollTop))")


def answered(page) -> str:
    metric = page.locator("[data-testid=stMetric]", has_text="Answered")
    return metric.locator("[data-testid=stMetricValue]").inner_text().strip()


def test_a_class_on_two_servers_fills_the_teachers_board_live(two_servers, new_page) -> None:
    proxy = two_servers
    teacher = on(proxy, new_page(), 0)
    code, link = make_class(teacher, proxy.url)
    assert link.startswith(proxy.url)                      # the link names the proxy's address, not a server's
    # The teacher projects the board from the other server: same database, same class.
    board = on(proxy, new_page(), 1)
    board.goto(link)
    wait_for_app(board)
    expect(board.get_by_text("Board of the class 4b")).to_be_visible()
    expect(board.locator(".makao-class-code")).to_have_text(code)
    assert "teacher=" not in board.url                     # the key left the projected address bar
    expect(board.get_by_text("Nobody has joined yet", exact=False)).to_be_visible()

    ala, ola = on(proxy, new_page(), 0), on(proxy, new_page(), 1)
    join(ala, proxy.url, code, "Ala")                     # on server A
    join(ola, proxy.url, code, "<i>Ola</i>")              # on server B, a nickname with HTML in it
    answer_first_question(ala, right=False)
    answer_first_question(ola, right=True)

    # The board (server B) shows both pupils and their answers, without anyone reloading it.
    grid = board.locator("table.makao-board")
    expect(grid.locator("th", has_text="Ala")).to_be_visible(timeout=BOARD_REFRESH_MS)
    expect(grid.locator("th", has_text="<i>Ola</i>")).to_be_visible(timeout=BOARD_REFRESH_MS)
    assert grid.locator("i").count() == 0                  # the nickname's HTML is shown as text
    question = board.locator(f"tr[data-question='{QUIZ_FIRST.id}']")
    expect(question).to_contain_text("50 %", timeout=BOARD_REFRESH_MS)
    expect(question).to_contain_text("may be played")      # the engine's reason for the wrong answer
    expect(board.get_by_text("2 pupils")).to_be_visible()
    pages = [line for line in proxy.access_log.read_text().splitlines() if '"GET /classes' in line]
    assert {line.rsplit(" ", 1)[-1] for line in pages} == {s.removeprefix("http://") for s in proxy.servers}
    screenshot(board, "classes-board")

    # The teacher filters and scrolls; the next refresh keeps both.
    board.locator(".st-key-classes_only_stuck label").click()
    wait_for_app(board)
    expect(board.get_by_text("Nobody is stuck on these topics.")).to_be_visible()
    # Scrolled by the page's own script in one step: the 5-second refresh redraws the table, and a
    # Playwright scroll holding the old node failed once ("Element is not attached to the DOM").
    expect(board.locator("table.makao-questions")).to_be_attached()
    board.evaluate("() => document.querySelector('table.makao-questions').scrollIntoView({block: 'nearest'})")
    before = scrolled(board)
    assert before > 0
    click(ala, "practice_next")
    click(ala, "practice_check")                          # the second question, nothing chosen: wrong
    expect(board.get_by_text("3 answers")).to_be_visible(timeout=BOARD_REFRESH_MS)
    expect(board.locator(".st-key-classes_only_stuck input")).to_be_checked()
    expect(board.get_by_text("Nobody is stuck on these topics.")).to_be_visible()
    assert abs(scrolled(board) - before) < 5

    # A pupil reloads and keeps the progress: this device's cookie, no token in the address bar.
    assert "pupil=" not in ala.url
    ala.reload()
    wait_for_app(ala)
    expect(ala.get_by_text("Your progress is saved in the class 4b as Ala.")).to_be_visible()
    assert answered(ala) == "2"

    # A pupil opening the teacher link without the key is refused; the board is not shown.
    ola.goto(proxy.url + "/classes?lang=en&teacher=")
    wait_for_app(ola)
    expect(ola.get_by_text("This teacher link is not valid", exact=False)).to_be_visible()
    expect(ola.locator("table.makao-board")).to_have_count(0)
    screenshot(ola, "classes-refused")


# ---------------------------------------------------------------------------- what stays where it was

MAKE_TAB = "Make a class (teachers)"


def selected_tab(page) -> str:
    return page.get_by_role("tab", selected=True).inner_text().strip()


def open_classes(page, base: str, query: str = "lang=en") -> None:
    page.goto(f"{base}/classes?{query}")
    wait_for_app(page)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 1400}, {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_a_refusal_leaves_the_make_tab_and_the_pin_box_open(two_servers, new_page, viewport) -> None:
    server_a = two_servers.url
    page = new_page()
    page.set_viewport_size(viewport)
    open_classes(page, server_a)
    page.get_by_role("tab", name=MAKE_TAB).click()
    wait_for_app(page)
    click(page, "classes_create")                                # no name
    refusal = page.locator("[data-testid=stTabPanel]:visible").get_by_text("Give the class a name first.")
    expect(refusal).to_be_visible()                              # beside the form, inside the tab
    assert selected_tab(page) == MAKE_TAB
    expect(page.locator(".st-key-classes_form_name input")).to_be_visible()
    fill(page, "classes_form_name", "5c")                        # Enter: the message goes, the tab stays
    expect(refusal).to_have_count(0)
    assert selected_tab(page) == MAKE_TAB

    page.get_by_role("tab", name="Join a class").click()
    wait_for_app(page)
    page.locator(".st-key-classes_rejoin_box summary").click()
    wait_for_app(page)
    fill(page, "classes_rejoin_code", "ZZZZ-ZZZZ")
    fill(page, "classes_rejoin_nickname", "Ala")
    fill(page, "classes_rejoin_pin", "12")
    click(page, "classes_rejoin")
    box = page.locator(".st-key-classes_rejoin_box")
    expect(box.get_by_text("A PIN has 4 digits.")).to_be_visible()
    expect(page.locator(".st-key-classes_rejoin_pin input")).to_be_visible()
    page.locator(".st-key-classes_rejoin_pin input").press("Enter")   # Enter while the error shows
    wait_for_app(page)
    expect(page.locator(".st-key-classes_rejoin_pin input")).to_be_visible()
    screenshot(page, f"classes-pin-refused-{viewport['width']}")


def test_typed_work_survives_a_visit_to_another_page(two_servers, new_page) -> None:
    server_a = two_servers.url
    page = new_page()
    open_classes(page, server_a, "lang=en&variant=pl")
    page.get_by_role("tab", name=MAKE_TAB).click()
    wait_for_app(page)
    fill(page, "classes_form_name", "5c")
    pick_quiz(page)
    page.get_by_role("tab", name="Join a class").click()
    wait_for_app(page)
    fill(page, "classes_join_code", "K7QM-2XVD")
    fill(page, "classes_join_nickname", "Ala")
    page.get_by_role("tab", name=MAKE_TAB).click()
    wait_for_app(page)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Classroom").click()
    wait_for_app(page)
    expect(page.locator(".st-key-classes_form_name")).to_have_count(0)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Classes").click()
    wait_for_app(page)
    expect(page.locator(".st-key-classes_form_name input")).to_have_value("5c")
    assert selected_tab(page) == MAKE_TAB
    for drill_id in QUIZ:
        expect(page.locator(f'.st-key-classes_form_quiz [data-tag][aria-label="{drill_label(drill_id, EN)}"]')
               .first).to_be_attached()
    expect(page.locator(".st-key-classes_join_code input")).to_have_value("K7QM-2XVD")
    expect(page.locator(".st-key-classes_join_nickname input")).to_have_value("Ala")


def label_fits(page, key: str) -> bool:
    """Whether every line of a widget's label shows whole (nothing cut off with an ellipsis)."""
    return page.evaluate(
        """key => Array.from(document.querySelectorAll(`.st-key-${key} [data-testid=stWidgetLabel] *`))
               .every(e => e.scrollWidth <= e.clientWidth + 1)""", key)


def test_the_board_keeps_manage_open_and_shows_the_whole_switch_label(two_servers, browser) -> None:
    server_a = two_servers.url
    context = browser.new_context(locale="pl-PL", viewport={"width": 1024, "height": 900})
    try:
        page = on(two_servers, context.new_page(), 0)
        _code, link = make_class(page, server_a)
        page.goto(link.replace("/classes#", "/classes?lang=pl#"))
        wait_for_app(page)
        pl = translator("pl").gettext
        switch = page.locator(".st-key-classes_only_stuck")
        # The board comes one run after the page: the keeper hands the "#teacher=" key over first.
        expect(switch).to_contain_text(pl("Only pupils who are stuck"), timeout=SLOW_RUN_MS)
        assert label_fits(page, "classes_only_stuck"), "the switch's label is cut off at 1024 px"
        page.locator(".st-key-classes_manage_box summary").click()
        wait_for_app(page)
        page.locator(".st-key-classes_joining_open label").click()
        wait_for_app(page)
        box = page.locator(".st-key-classes_manage_box")
        expect(box.get_by_text(pl("The class is closed to new pupils; its pupils can still come back."))).to_be_visible()
        expect(page.locator(".st-key-classes_rotate button:visible")).to_be_visible()   # the box stayed open
        screenshot(page, "classes-manage-pl-1024")
    finally:
        context.close()


def test_a_damaged_pupil_link_is_said_on_the_practice_page(two_servers, new_page) -> None:
    server_a = two_servers.url
    page = new_page()
    page.goto(f"{server_a}/practice?lang=en&pupil=pt_{'q' * 28}")
    wait_for_app(page)
    message = page.get_by_text("may have been opened already, or it is cut short or copied wrong", exact=False)
    expect(message).to_be_visible()
    assert "pupil=" not in page.url      # a link that opens nothing is not kept in the address bar
    click(page, "practice_check")        # any click: the message lasts until closed
    expect(message).to_be_visible()
    click(page, "classes_link_refused_close")
    expect(message).to_have_count(0)


# ---------------------------------------------------------------------------- no credentials in addresses

def device_cookie(page) -> str:
    """The pupil cookie the keeper wrote on this device (waited for: it is written after the run)."""
    page.wait_for_function("() => document.cookie.includes('makao_pupil=pt_')")
    return next(c["value"] for c in page.context.cookies() if c["name"] == "makao_pupil")


def test_no_key_token_or_code_reaches_a_log_and_a_reload_keeps_the_pupil(two_servers, new_page) -> None:
    proxy = two_servers
    # The logs are shared by the session's tests (another test sends a made-up ?pupil= link on purpose):
    # the prefixes are looked for in what this test's requests wrote.
    since = [path.stat().st_size if path.exists() else 0 for path in (proxy.access_log, *proxy.server_logs)]
    teacher = on(proxy, new_page(), 0)
    code, link = make_class(teacher, proxy.url)
    assert "/classes#teacher=tk_" in link                  # the key after "#": never sent to a server
    key = link.split("#teacher=")[1]
    board = on(proxy, new_page(), 1)
    board.goto(link)
    wait_for_app(board)
    expect(board.get_by_text("Board of the class 4b")).to_be_visible()
    assert "tk_" not in board.url                          # out of the address bar at once

    pupil = on(proxy, new_page(), 0)
    join(pupil, proxy.url, code, "Ala")
    assert "pupil=" not in pupil.url
    one_time = pupil.locator("code", has_text="pupil=pt_").inner_text().strip()
    assert "/classes#pupil=pt_" in one_time
    first_cookie = device_cookie(pupil)
    pupil.reload()                                         # the cookie brings Ala back, and is exchanged
    wait_for_app(pupil)
    expect(pupil.get_by_text("Your progress is saved in the class 4b as Ala.")).to_be_visible()
    pupil.wait_for_function("old => !document.cookie.includes(old)", arg=first_cookie)
    second_cookie = device_cookie(pupil)

    phone = on(proxy, new_page(), 1)                       # the one-time link on another device
    phone.goto(one_time)
    wait_for_app(phone)
    expect(phone.get_by_text("You are Ala in the class 4b", exact=False)).to_be_visible()
    assert "pupil=" not in phone.url
    copied = on(proxy, new_page(), 0)                      # the same link again (a log, the history): nothing
    copied.goto(one_time)
    wait_for_app(copied)
    expect(copied.get_by_text("a link opens once and may have been opened already", exact=False)).to_be_visible()
    expect(copied.get_by_text("You are Ala", exact=False)).to_have_count(0)

    secrets = [key, one_time.split("#pupil=")[1], first_cookie, second_cookie]
    access = proxy.access_log.read_text(errors="replace")
    assert '"GET /classes' in access and "/_stcore/stream" in access   # the log was written: the check can fail
    servers = "".join(path.read_text(errors="replace") for path in proxy.server_logs)
    assert "Streamlit" in servers
    for name, log in (("nginx's access log", access), ("the app servers' log", servers)):
        leaked = [secret[:6] + "…" for secret in secrets if secret in log]
        assert not leaked, f"{name} holds {leaked}"
    for path, start in zip((proxy.access_log, *proxy.server_logs), since, strict=True):
        log = path.read_bytes()[start:].decode(errors="replace")
        assert "tk_" not in log and "pt_" not in log and "bk_" not in log, path.name
