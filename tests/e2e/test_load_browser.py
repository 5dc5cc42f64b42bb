"""A real browser: cards drawn from the cached sprite, <html lang> following the session (D7), link notices (D6)."""
from __future__ import annotations

import io
import re

from playwright.sync_api import expect

from tests.e2e.conftest import screenshot, wait_for_app
from ui.present.i18n import LANGUAGES
from ui.shell import session

SPRITE = "/app/static/cards/french.svg"


def pick(page, key: str, option: str) -> None:
    """Chooses an option of the sidebar selectbox with this widget key, as a user would."""
    page.locator(f"[data-testid=stSidebar] .st-key-{key}").get_by_role("combobox").click()
    page.get_by_role("option", name=option, exact=True).click()


def ink(page, selector: str, colour) -> int:
    """Counts the pixels of a drawn element that pass a colour test (the sprite really drew)."""
    from PIL import Image

    image = Image.open(io.BytesIO(page.locator(selector).first.screenshot())).convert("RGB")
    data = image.tobytes()
    return sum(1 for at in range(0, len(data), 3) if colour(data[at], data[at + 1], data[at + 2]))


def red(r: int, g: int, b: int) -> bool:
    return r > 150 and g < 90 and b < 90


def green(r: int, g: int, b: int) -> bool:
    return g > 90 and r < 80 and b < 110 and g > r + 40


def test_cards_from_the_sprite_draw_and_the_sprite_is_fetched_once(app_url, new_page) -> None:
    page = new_page()
    # Every answer to a request for the sprite, as (status, from the server?): Chromium reports the
    # answers it takes from its disk cache too (a page switch may drop the parsed sprite from memory
    # and ask the cache again), so only the server's answers count as fetches.
    sprite_answers: list[tuple[int, bool]] = []
    network = page.context.new_cdp_session(page)
    network.send("Network.enable")
    network.on("Network.responseReceived", lambda event: sprite_answers.append(
        (event["response"]["status"], not (event["response"].get("fromDiskCache")
                                           or event["response"].get("fromPrefetchCache")))
    ) if SPRITE in event["response"]["url"] else None)
    page.goto(app_url + "/")
    wait_for_app(page)
    heart = "svg.makao-card[data-card$='h']"
    expect(page.locator(heart).first).to_be_visible()
    assert page.locator(f"{heart} use").first.get_attribute("href").endswith("french.svg#" + page.locator(
        heart).first.get_attribute("data-card"))
    # The face is in the sprite, not in the page; still it draws: red pips on a heart.
    page.wait_for_function("() => performance.getEntriesByType('resource').some(e => e.name.includes('french.svg'))")
    for _ in range(50):
        if ink(page, heart, red) > 20:
            break
        page.wait_for_timeout(100)
    assert ink(page, heart, red) > 20
    assert page.locator(f"{heart} path").count() == 0          # nothing of the drawing is inlined
    expect(page.locator(heart).first).to_have_attribute("role", "img")
    assert page.locator(f"{heart} title").first.text_content()  # the text alternative stays
    # Four colours: clubs come from their own green symbols.
    page.locator(f"[data-testid=stSidebar] .st-key-{session.FOUR_COLOUR_PICKER} label").first.click()
    club = "svg.makao-card[data-card$='c']"
    expect(page.locator(f"{club} use").first).to_have_attribute("href", re.compile(r"french\.svg#\w+c-4$"))
    wait_for_app(page)
    for _ in range(50):
        if ink(page, club, green) > 20:
            break
        page.wait_for_timeout(100)
    assert ink(page, club, green) > 20
    screenshot(page, "sprite-four-colour")
    # Reruns and page switches do not fetch the sprite from the server again. Streamlit's app/static
    # route sends no Cache-Control: the browser keeps the file fresh for a tenth of its age, which
    # `make test` and `make run` set from static/cards/dates.json (Makefile, static-dates;
    # docs/CAPACITY.md). A sprite dated "now" is stale at once and fetched again: this test fails.
    page.locator("[data-testid=stSidebarNav]").get_by_role("link").nth(3).click()
    wait_for_app(page)
    page.locator("[data-testid=stSidebarNav]").get_by_role("link").nth(0).click()
    wait_for_app(page)
    expect(page.locator(heart).first).to_be_visible()
    assert all(status == 200 for status, _ in sprite_answers), sprite_answers
    assert [from_server for _, from_server in sprite_answers].count(True) == 1, sprite_answers


def test_html_lang_follows_the_session_language(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/?lang=pl")
    wait_for_app(page)
    page.wait_for_function("() => document.documentElement.lang === 'pl'")
    pick(page, session.LANGUAGE_PICKER, LANGUAGES["da"])
    page.wait_for_function("() => document.documentElement.lang === 'da'")
    wait_for_app(page)
    assert page.evaluate("document.documentElement.lang") == "da"


def test_an_unknown_link_language_is_said_once_without_injecting_anything(app_url, new_page) -> None:
    page = new_page("en-US")
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(app_url + "/?lang=zz&variant=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E")
    wait_for_app(page)
    alerts = page.locator("[data-testid=stAlertContentWarning]")
    expect(alerts).to_have_count(2)
    expect(alerts.first).to_contain_text("the language 'zz'")
    expect(alerts.nth(1)).to_contain_text("<img src=x onerror")     # shown as text
    assert page.locator("img[src=x]").count() == 0 and dialogs == []
    page.wait_for_function("() => document.documentElement.lang === 'en'")


def test_the_play_card_table_draws_its_cards_from_the_sprite(app_url, new_page) -> None:
    page = new_page()
    page.goto(app_url + "/play?variant=pl&lang=en")
    wait_for_app(page)
    page.locator(".st-key-play_deal button").click()
    wait_for_app(page)
    hand = page.locator(".ct-hand svg.makao-card")
    expect(hand.first).to_be_visible()
    assert hand.count() >= 5
    assert page.locator(".ct-hand svg.makao-card path").count() == 0    # faces are references, not drawings
    assert page.locator(".ct-hand svg.makao-card use").first.get_attribute("href").startswith(
        "app/static/cards/french.svg#")
    # Every card of the hand drew its face: ink darker than its paper (white, or grey under the veil
    # of a card that may not be played) and its grey edge.
    def inked(r: int, g: int, b: int) -> bool:
        return max(r, g, b) - min(r, g, b) > 60 or r + g + b < 400
    for index in range(hand.count()):
        selector = f".ct-hand svg.makao-card >> nth={index}"
        for _ in range(50):
            if ink(page, selector, inked) > 15:
                break
            page.wait_for_timeout(100)
        if ink(page, selector, inked) <= 15:
            screenshot(page, "play-table-sprite-failed")
            page.locator(selector).screenshot(path="test-artifacts/play-card-failed.png")
            raise AssertionError((index, page.locator(selector).evaluate("e => e.outerHTML")))
    screenshot(page, "play-table-sprite")
