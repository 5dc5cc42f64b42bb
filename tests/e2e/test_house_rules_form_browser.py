"""A real browser on the house-rules form, in Polish: defence rows added and removed, a refusal in the catalog's words."""
from __future__ import annotations

from playwright.sync_api import expect

from engine.ruleset import load_ruleset
from engine.ruleset_toml import ruleset_to_toml
from tests.e2e.conftest import screenshot, wait_for_app
from ui.present.i18n import LANGUAGES, translator
from ui.shell import session

PL = translator("pl")


def click(page, key: str) -> None:
    page.locator(f".st-key-{key} button:visible").first.click()
    wait_for_app(page)


def test_defence_rows_and_a_refused_upload_in_polish(app_url, new_page) -> None:
    page = new_page("pl-PL")
    page.goto(app_url + "/variants?lang=pl")
    wait_for_app(page)
    page.get_by_role("tab", name=PL.gettext("House rules")).click()
    wait_for_app(page)
    click(page, "house_start")
    expect(page.locator(".st-key-house_field_defence_4_0_with")).to_be_visible()

    page.locator(".st-key-house_field_hand_size input").fill("7")       # typed, not applied
    click(page, "house_defence_remove_4_0")
    expect(page.locator(".st-key-house_field_defence_4_0_with")).to_have_count(0)
    expect(page.locator(".st-key-house_field_hand_size input")).to_have_value("7")
    click(page, "house_defence_add_4")
    expect(page.locator(".st-key-house_field_defence_4_0_with")).to_be_visible()
    click(page, "house_defence_remove_4_0")
    click(page, "house_apply")
    expect(page.get_by_text(PL.gettext("House rules updated."))).to_be_visible()
    caption = PL.gettext("{card} cannot be defended: the attacked player takes it.").split("{card}")[-1].strip()
    expect(page.get_by_text(caption, exact=False).first).to_be_visible()
    screenshot(page, "house-rules-defence-rows-pl")

    broken = ruleset_to_toml(load_ruleset("da")).replace("hand_size = 5", "hand_size = 0")
    page.locator(".st-key-house_upload input[type=file]").set_input_files(
        files=[{"name": "broken.toml", "mimeType": "application/toml", "buffer": broken.encode()}]
    )
    wait_for_app(page)
    error = page.locator("[data-testid=stAlertContentError]")
    expect(error).to_contain_text("broken.toml")
    expect(error).to_contain_text("hand_size")
    expect(error).not_to_contain_text("field 'hand_size'")          # the engine's English text
    screenshot(page, "house-rules-refused-upload-pl")


def test_after_a_switch_to_polish_the_house_rules_start_from_the_chosen_variant(app_url, new_page) -> None:
    """The "Start from" box keeps its variant, shown in the new language: before, the browser sent back
    the English label it still showed ("Polish makao"), and pressing Start crashed the page."""
    page = new_page("en-US")
    page.goto(app_url + "/variants?lang=en")
    wait_for_app(page)
    page.get_by_role("tab", name="House rules").click()
    wait_for_app(page)
    page.locator(f"[data-testid=stSidebar] .st-key-{session.LANGUAGE_PICKER}").get_by_role("combobox").click()
    page.get_by_role("option", name=LANGUAGES["pl"], exact=True).click()
    wait_for_app(page)
    page.get_by_role("tab", name=PL.gettext("House rules")).click()
    base = page.locator(".st-key-house_base").get_by_role("combobox")
    expect(base).to_have_value(PL.gettext(load_ruleset("pl").name))    # the label follows the language
    click(page, "house_start")
    expect(page.locator(".st-key-house_field_hand_size input")).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    expect(page.get_by_text("This app has encountered an error")).to_have_count(0)
