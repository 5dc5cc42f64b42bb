"""A learner's and a teacher's first hour in a real browser: axe on every page in every language, a lesson
and a Sandbox move with the keyboard alone, the phone layout, the stars, and the Compare summary."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import screenshot, wait_for_app
from tests.e2e.pace import set_pace
from ui.present.i18n import LANGUAGES
from ui.shell.pages import PAGES

PHONE = {"width": 390, "height": 844}
# The focused element, looking inside shadow roots (the card table draws in one).
DEEP_ACTIVE = """() => { let a = document.activeElement;
  while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a; }"""


def path_of(spec) -> str:
    return "/" if spec.default else f"/{spec.url_path}"


def serious_violations(page) -> list[tuple[str, str, list[str]]]:
    """Runs axe-core on the page; returns its serious and critical violations (rule, impact, first nodes)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["html"][:120] for n in v["nodes"][:3]])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def tab_to(page, selector: str, limit: int = 200) -> None:
    """Presses Tab until the focused element matches ``selector`` (the keyboard alone, no clicks)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const a = ({DEEP_ACTIVE})(); return !!a && a.matches({selector!r}); }}"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def key_press(page, selector: str, key: str = "Enter") -> None:
    """Tabs to an element and presses a key on it, then waits for the app's rerun."""
    tab_to(page, selector)
    page.keyboard.press(key)
    wait_for_app(page)


# --------------------------------------------------------------------------- axe-core

@pytest.mark.parametrize("language", list(LANGUAGES))
def test_axe_finds_no_serious_or_critical_violation_on_any_page(app_url, new_page, language: str) -> None:
    page = new_page()
    found = {}
    for spec in PAGES:
        page.goto(f"{app_url}{path_of(spec)}?lang={language}&variant=pl")
        wait_for_app(page)
        found[spec.url_path] = serious_violations(page)
    # The states a learner spends most time in: a lesson on its card table, a position in the Sandbox.
    page.goto(f"{app_url}/learn?lang={language}&variant=pl")
    wait_for_app(page)
    page.locator(".st-key-learn_start_pl-05-battle-kings button").click()
    wait_for_app(page)
    expect(page.locator(".ct-felt")).to_be_visible()
    found["lesson"] = serious_violations(page)
    page.goto(f"{app_url}/sandbox?lang={language}&variant=pl")
    wait_for_app(page)
    page.locator(".st-key-sandbox_deal button").click()
    wait_for_app(page)
    found["sandbox-dealt"] = serious_violations(page)
    assert not any(found.values()), {where: v for where, v in found.items() if v}


def play_until_a_dimmed_card_says_why(page, turns: int = 12) -> None:
    """Plays a Play round on (clicks, as a learner does) until the computer seats have moved and a
    card of yours may not go; then taps that card, so its reason shows. Every step waits for what
    it did to show (the card selected, a new line in the log), so no click lands on a stale table."""
    log = page.locator(".st-key-play_log [data-testid=stMarkdownContainer]")
    for _ in range(turns):
        expect(page.locator(".ct-hand button.ct-card").first).to_be_visible()      # your turn
        wait_for_app(page)
        lines = log.count()
        dimmed = page.locator(".ct-hand button.ct-card.is-illegal")
        if lines >= 2 and dimmed.count():
            dimmed.first.click()
            expect(page.locator(".ct-why")).to_be_visible()
            wait_for_app(page)
            return
        legal = page.locator(".ct-hand button.ct-card.is-legal")
        if legal.count():
            card = legal.first.get_attribute("data-card")
            alone = legal.first.get_attribute("data-alone") == "true"               # one tap plays it
            legal.first.click()
            if not alone:
                expect(page.locator(f".ct-hand .ct-card.is-selected[data-card='{card}']")).to_have_count(1)
                wait_for_app(page)
                page.locator(f".ct-hand button.ct-card[data-card='{card}']").click()  # a second tap plays it
            choice = page.locator(".ct-picker button.is-choice")
            played = page.locator(".ct-hand:not(:has(.ct-card.is-selected))")
            expect(choice.or_(played).first).to_be_visible()                       # a jack or an ace asks first
            if choice.count():
                choice.first.click()
        else:
            page.locator(".ct-buttons button[data-action='draw'], .ct-buttons button[data-action='wait'], "
                         ".ct-buttons button[data-action='pass']").first.click()
        expect(log).not_to_have_count(lines)                                       # the move is in the log
        wait_for_app(page)
    raise AssertionError("no dimmed card came up after the computer players moved")


def complete_the_first_lesson(page) -> None:
    """Plays Learn's lesson 1 (pl) to its "Lesson complete" card with clicks."""
    for selector in (".st-key-learn_start_pl-01-goal-matching button", ".st-key-learn_next button",
                     ".ct-hand button.ct-card[data-card='7h']", ".ct-buttons button[data-action='play']",
                     ".st-key-learn_next button", ".st-key-learn_next button",
                     ".ct-hand button.ct-card[data-card='7c']", ".ct-buttons button[data-action='play']",
                     ".st-key-learn_next button"):
        page.locator(selector).click()
        wait_for_app(page)
    expect(page.locator(".mk-stars svg.is-earned")).to_have_count(3)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_axe_finds_no_serious_or_critical_violation_mid_way(app_url, new_page, language: str) -> None:
    """The states a learner meets mid-way: Play after a few moves (a computer seat's move in the log,
    a dimmed card's reason), the "Lesson complete" card, the Sandbox's card table with a card tapped."""
    page = new_page()
    found = {}
    page.goto(f"{app_url}/play?lang={language}&variant=pl")
    wait_for_app(page)
    page.locator(".st-key-play_deal button").click()
    wait_for_app(page)
    set_pace(page, "fast")                                      # the computer seats answer sooner
    wait_for_app(page)
    play_until_a_dimmed_card_says_why(page)
    found["play-mid-game"] = serious_violations(page)
    screenshot(page, f"axe-play-mid-game-{language}")

    page.goto(f"{app_url}/learn?lang={language}&variant=pl")
    wait_for_app(page)
    complete_the_first_lesson(page)
    found["lesson-complete"] = serious_violations(page)
    screenshot(page, f"axe-lesson-complete-{language}")

    page.goto(f"{app_url}/sandbox?lang={language}&variant=pl")
    wait_for_app(page)
    page.locator(".st-key-sandbox_deal button").click()
    wait_for_app(page)
    expect(page.locator(".ct-felt")).to_be_visible()
    dimmed = page.locator(".ct-hand button.ct-card.is-illegal")
    (dimmed if dimmed.count() else page.locator(".ct-hand button.ct-card.is-legal")).first.click()
    wait_for_app(page)
    page.locator(".st-key-sandbox_moves_box summary").click()
    wait_for_app(page)
    found["sandbox-table"] = serious_violations(page)
    screenshot(page, f"axe-sandbox-table-{language}")
    assert not any(found.values()), {where: v for where, v in found.items() if v}


# --------------------------------------------------------------------------- the keyboard alone

def test_a_lesson_is_completed_with_the_keyboard_alone(app_url, new_page) -> None:
    page = new_page()
    page.goto(app_url + "/learn?variant=pl&lang=en")
    wait_for_app(page)
    key_press(page, ".st-key-learn_start_pl-01-goal-matching button")
    key_press(page, ".st-key-learn_next button")
    # A beginner sees the playable cards lit from the start, and each says so in its label.
    expect(page.locator(".ct-hand .ct-card.is-legal[data-card='7h']")).to_have_count(1)
    expect(page.locator(".ct-hand .ct-card.is-illegal[data-card='5s']")).to_have_count(1)
    key_press(page, ".ct-hand button.ct-card[data-card='7h']")
    expect(page.locator(".ct-hand .ct-card.is-selected[data-card='7h']")).to_have_count(1)
    key_press(page, ".ct-buttons button[data-action='play']")
    expect(page.get_by_text("Right!", exact=False)).to_be_visible()
    key_press(page, ".st-key-learn_next button")
    key_press(page, ".st-key-learn_next button")
    key_press(page, ".ct-hand button.ct-card[data-card='7c']", key="Space")
    key_press(page, ".ct-buttons button[data-action='play']")
    key_press(page, ".st-key-learn_next button")
    expect(page.get_by_text("Lesson complete!")).to_be_visible()
    stars = page.locator(".mk-stars").first
    expect(stars).to_have_attribute("aria-label", "3 of 3 stars")
    expect(stars.locator("svg.is-earned")).to_have_count(3)
    key_press(page, ".st-key-learn_done_back button")
    expect(page.locator(".mk-stars[data-stars='3']")).to_have_count(1)             # the list shows them too
    expect(page.get_by_text("1 of 13 lessons done", exact=False).first).to_be_visible()


def test_a_sandbox_move_is_played_with_the_keyboard_alone(app_url, new_page) -> None:
    page = new_page()
    page.goto(app_url + "/sandbox?variant=pl&lang=en")
    wait_for_app(page)
    key_press(page, ".st-key-sandbox_deal button")
    expect(page.get_by_text("No move yet", exact=False)).to_be_visible()
    # On the card table: Tab to a playable card, Enter selects it, Enter on Play plays it.
    key_press(page, ".ct-hand button.ct-card.is-legal")
    expect(page.locator(".ct-hand .ct-card.is-selected")).to_have_count(1)
    key_press(page, ".ct-buttons button[data-action='play']")
    expect(page.get_by_text("No move yet", exact=False)).to_have_count(0)
    expect(page.locator(".st-key-sandbox_undo button")).to_be_enabled()


# --------------------------------------------------------------------------- a phone

def test_on_a_phone_the_sidebar_is_folded_the_hand_is_a_row_and_the_sandbox_shows_the_table_first(
        app_url, browser) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(app_url + "/learn?variant=pl&lang=en")
        wait_for_app(page)
        expect(page.locator("[data-testid=stSidebar]")).to_have_attribute("data-collapsed", "true")
        page.locator(".st-key-learn_start_pl-05-battle-kings button").click()
        wait_for_app(page)
        cards = page.locator(".ct-hand .ct-card")
        expect(cards.first).to_be_visible()
        boxes = [c.bounding_box() for c in cards.all()]
        tops = [round(b["y"]) for b in boxes if b]
        assert max(tops) - min(tops) < 30, tops                # one row of cards, not one per line
        seats = page.locator(".ct-seat")
        expect(seats).to_have_count(3)
        expect(page.locator(".ct-seat.is-next")).to_contain_text("Player 2")
        expect(page.locator(".ct-seat.is-previous")).to_contain_text("Player 3")
        # The pile and the hand fit in one screen.
        pile = page.locator(".ct-pile").bounding_box()
        assert boxes[-1]["y"] + boxes[-1]["height"] - pile["y"] < PHONE["height"]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
        screenshot(page, "learn-phone")
        page.goto(app_url + "/sandbox?variant=pl&lang=en")
        wait_for_app(page)
        page.locator(".st-key-sandbox_deal button").click()
        wait_for_app(page)
        table = page.get_by_role("heading", name="The table").bounding_box()
        editor = page.locator("[data-testid=stExpander]", has_text="Set up the position").first
        assert editor.bounding_box()["y"] > table["y"]
        expect(editor.locator("details")).not_to_have_attribute("open", "")
        screenshot(page, "sandbox-phone")
    finally:
        context.close()


# --------------------------------------------------------------------------- Compare, Home and the icon

def test_the_compare_summary_answers_whether_the_queen_is_wild_in_danish_makao(app_url, new_page) -> None:
    page = new_page()
    page.goto(app_url + "/variants?lang=en")
    wait_for_app(page)
    answer = page.evaluate("""() => {
      const table = [...document.querySelectorAll('table')].find(t => t.textContent.includes('Is the queen wild?'));
      const heads = [...table.querySelectorAll('thead th')].map(th => th.textContent.trim());
      const row = [...table.querySelectorAll('tbody tr')].find(r => r.textContent.includes('Is the queen wild?'));
      const cells = [...row.children].map(c => c.textContent.trim());
      return cells[heads.indexOf('Danish Makao')];
    }""")
    assert answer == "✓ Yes"
    summary = page.get_by_role("heading", name="At a glance")
    full = page.get_by_role("heading", name="Every rule, side by side")
    assert summary.bounding_box()["y"] < full.bounding_box()["y"]
    screenshot(page, "compare-summary")


def test_home_opens_at_its_own_path_with_a_start_here_and_no_web_font_is_fetched(app_url, new_page) -> None:
    page = new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(app_url + "/home?lang=en")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Learn makao", level=1)).to_be_visible()
    expect(page.get_by_text("Page not found")).to_have_count(0)
    expect(page.get_by_text("New to makao? Start here.")).to_be_visible()
    page.get_by_role("button", name="Start with the lessons").click()
    wait_for_app(page)
    # Lesson 1 itself, ready to play: its title, its first step and the card table, not the list.
    expect(page.get_by_role("heading", name="Learn step by step", level=1)).to_be_visible()
    expect(page.get_by_role("heading", name="The goal: empty your hand")).to_be_visible()
    expect(page.get_by_text("Step 1 of", exact=False)).to_be_visible()
    expect(page.locator(".ct-felt")).to_be_visible()
    expect(page.locator(".st-key-learn_start_pl-01-goal-matching")).to_have_count(0)
    expect(page).to_have_url(f"{app_url}/learn")
    # Nothing leaves the app's own server (the card table's script is a blob: of this page).
    assert not [url for url in requests if not url.startswith((app_url, "blob:" + app_url, "data:"))], requests
