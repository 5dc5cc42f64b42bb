"""A real browser against `streamlit run`: deep links, the language picker, the rules, a screenshot."""
from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from engine.ruleset import load_ruleset
from tests.e2e.conftest import ROOT, screenshot, wait_for_app
from ui.present.i18n import LANGUAGES, translator
from ui.shell import session
from ui.shell.pages import PAGES, PageSpec


def page_url(base: str, spec: PageSpec, query: str = "") -> str:
    path = "/" if spec.default else f"/{spec.url_path}"
    return base + path + (f"?{query}" if query else "")


def pick(page, key: str, option: str) -> None:
    """Chooses an option of the sidebar selectbox with this widget key, as a user would."""
    page.locator(f"[data-testid=stSidebar] .st-key-{key}").get_by_role("combobox").click()
    page.get_by_role("option", name=option, exact=True).click()


@pytest.mark.parametrize("spec", PAGES, ids=lambda spec: spec.url_path)
def test_each_page_opens_by_its_url_on_a_fresh_server(fresh_server, new_page, spec: PageSpec) -> None:
    with fresh_server(f"deep-link-{spec.url_path}") as base:
        page = new_page()
        page.goto(page_url(base, spec, "lang=pl"))
        wait_for_app(page)
        heading = translator("pl").gettext(spec.heading)
        expect(page.get_by_role("heading", name=heading, level=1)).to_be_visible()
        expect(page.get_by_text("Page not found")).to_have_count(0)
        screenshot(page, f"deep-link-{spec.url_path}-pl")


def test_the_language_picker_switches_every_page(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Learn makao", level=1)).to_be_visible()
    pick(page, session.LANGUAGE_PICKER, LANGUAGES["hu"])
    hu = translator("hu")
    expect(page.get_by_role("heading", name=hu.gettext("Learn makao"), level=1)).to_be_visible()
    screenshot(page, "home-hu")
    page.locator("[data-testid=stSidebarNav]").get_by_role("link", name=hu.gettext("Rules")).click()
    expect(page.get_by_role("heading", name=hu.gettext("Rules of the game"), level=1)).to_be_visible()
    wait_for_app(page)
    screenshot(page, "rules-hu")


def test_the_browser_locale_chooses_the_first_language(app_url, new_page) -> None:
    page = new_page("da-DK")
    page.goto(app_url + "/")
    wait_for_app(page)
    expect(page.get_by_role("heading", name=translator("da").gettext("Learn makao"), level=1)).to_be_visible()


def test_the_rules_page_follows_the_variant_picker(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/rules")
    wait_for_app(page)
    main = page.locator("[data-testid=stMain]")
    expect(main.get_by_text(load_ruleset("pl").name).first).to_be_visible()
    pick(page, session.VARIANT_PICKER, load_ruleset("hu").name)
    expect(main.get_by_text(re.compile("felső")).first).to_be_visible()
    wait_for_app(page)
    screenshot(page, "rules-hu-variant-en")


def test_home_shows_real_cards_with_text_alternatives(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/?lang=pl")
    wait_for_app(page)
    cards = page.locator("svg.makao-card")
    expect(cards.first).to_be_visible()
    assert cards.count() >= 4
    labels = [cards.nth(i).get_attribute("aria-label") or "" for i in range(cards.count())]
    assert any("król kier" in label for label in labels), labels


def test_screenshot_of_the_home_page(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/")
    wait_for_app(page)
    expect(page.locator("svg.makao-card").first).to_be_visible()
    path = screenshot(page, "home-en")
    if os.environ.get("UPDATE_SCREENSHOT") == "1":
        (ROOT / "docs").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "docs" / "screenshot.png"), full_page=False, animations="disabled")
    assert path.stat().st_size > 10_000
