"""No English on a Polish, Danish or Hungarian page: every page, and the states a learner reaches first,
read in Chromium; the visible text of the main area and the sidebar must hold no tell-tale English word
(tests/english_words.py: words of our msgids that no translation of the language uses)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import wait_for_app
from tests.english_words import english_words_in
from ui.shell.pages import PAGES

# Each language with the variant of its country: the Hungarian deck's names show on the hu pages.
LANGUAGES = {"pl": "pl", "da": "da", "hu": "hu"}

# The visible text of the main area and the sidebar, including the open shadow roots the card table
# draws in (innerText leaves out what CSS hides). Material icons are words drawn by a font ligature
# ("home", "playing_cards"): hidden while the text is read, they are no words of the page.
VISIBLE_TEXT = """() => {
  const icons = [...document.querySelectorAll(
    '[data-testid=stIconMaterial], [data-testid$=Icon], span[role=img][translate=no]')];
  const shown = icons.map((icon) => icon.style.display);
  icons.forEach((icon) => { icon.style.display = 'none'; });
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        for (const child of el.shadowRoot.children) { if (child.innerText) out.push(child.innerText); }
        walk(el.shadowRoot);
      }
    }
  };
  for (const selector of ['[data-testid=stMain]', '[data-testid=stSidebar]']) {
    const root = document.querySelector(selector);
    if (root) { out.push(root.innerText); walk(root); }
  }
  icons.forEach((icon, i) => { icon.style.display = shown[i]; });
  return out.join('\\n');
}"""


# Folded expanders hold text too (the Sandbox editor, the Compare notes): open them before reading.
OPEN_EXPANDERS = """() => { for (const d of document.querySelectorAll('[data-testid=stExpander] details')) d.open = true; }"""


def visible_text(page) -> str:
    """Returns the text a reader sees in the main area and the sidebar, every expander opened."""
    page.evaluate(OPEN_EXPANDERS)
    text = page.evaluate(VISIBLE_TEXT)
    assert text.strip(), "the page shows no text at all"
    return text


def _path(spec) -> str:
    return "/" if spec.default else f"/{spec.url_path}"


def _open(page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)
    expect(page.locator("[data-testid=stMain]")).to_be_visible()


def _click(page, selector: str) -> None:
    page.locator(selector).first.click()
    wait_for_app(page)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_page_shows_english_words(app_url, new_page, language: str) -> None:
    variant = LANGUAGES[language]
    page = new_page()
    found: dict[str, list[str]] = {}
    for spec in PAGES:
        _open(page, f"{app_url}{_path(spec)}?lang={language}&variant={variant}")
        found[spec.url_path] = english_words_in(visible_text(page), language)
    # The states reached in the first minutes: a lesson on its table, a dealt Sandbox, a round of Play.
    _open(page, f"{app_url}/learn?lang={language}&variant={variant}")
    _click(page, "[class*='st-key-learn_start_'] button")
    expect(page.locator(".ct-felt")).to_be_visible()
    found["learn: a lesson"] = english_words_in(visible_text(page), language)
    _open(page, f"{app_url}/sandbox?lang={language}&variant={variant}")
    _click(page, ".st-key-sandbox_deal button")
    found["sandbox: dealt"] = english_words_in(visible_text(page), language)
    _open(page, f"{app_url}/play?lang={language}&variant={variant}")
    _click(page, ".st-key-play_deal button")
    expect(page.locator(".ct-felt")).to_be_visible()
    found["play: a round"] = english_words_in(visible_text(page), language)
    assert not any(found.values()), {where: words for where, words in found.items() if words}


def test_an_untranslated_message_on_a_page_is_caught(app_url, new_page) -> None:
    # The same reading and checker catch an English msgid put on a real Polish page.
    page = new_page()
    _open(page, f"{app_url}/rules?lang=pl&variant=pl")
    assert english_words_in(visible_text(page), "pl") == []
    page.evaluate("""() => { const p = document.createElement('p');
        p.textContent = 'Choose the rank to demand:';
        document.querySelector('[data-testid=stMain]').appendChild(p); }""")
    assert english_words_in(visible_text(page), "pl") == ["choose", "demand", "rank", "the"]
