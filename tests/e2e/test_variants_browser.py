"""A real browser on the Compare variants page: the table, the filter, positions, house rules, upload."""
from __future__ import annotations

from playwright.sync_api import expect

from engine.ruleset import load_ruleset
from engine.ruleset_toml import ruleset_to_toml
from tests.e2e.conftest import screenshot, wait_for_app


def open_tab(page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    wait_for_app(page)


def test_the_compare_page_in_a_browser(app_url, new_page) -> None:
    page = new_page("en-US")
    page.goto(app_url + "/variants")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Compare variants", level=1)).to_be_visible()
    # The first table is the "At a glance" summary; the second is the full table, rules side by side.
    table = page.locator("[data-testid=stTable]").nth(1)
    expect(table.get_by_text("32 German-suited cards, VII to ász (ace).").first).to_be_visible()
    expect(table.get_by_text("Hand size", exact=True)).to_be_visible()
    screenshot(page, "variants-table")

    page.get_by_text("Only the differences").click()
    wait_for_app(page)
    expect(table.get_by_text("Hand size", exact=True)).to_have_count(0)
    expect(table.get_by_text("Wild card", exact=True)).to_be_visible()

    open_tab(page, "Positions where they differ")
    link = page.get_by_role("link", name="Open in the Sandbox").first
    expect(link).to_be_visible()
    assert "sandbox?pos=" in link.get_attribute("href")
    screenshot(page, "variants-positions")

    open_tab(page, "House rules")
    page.get_by_role("button", name="Start").click()
    wait_for_app(page)
    hand = page.locator(".st-key-house_field_hand_size input")
    hand.fill("7")
    page.get_by_role("button", name="Apply the house rules").click()
    wait_for_app(page)
    expect(page.get_by_text("House rules updated.")).to_be_visible()

    broken = ruleset_to_toml(load_ruleset("da")).replace("hand_size = 5", "hand_size = 0")
    page.locator(".st-key-house_upload input[type=file]").set_input_files(
        files=[{"name": "broken.toml", "mimeType": "application/toml", "buffer": broken.encode()}]
    )
    wait_for_app(page)
    error = page.locator("[data-testid=stAlertContentError]")
    expect(error).to_contain_text("broken.toml")
    expect(error).to_contain_text("hand_size")
    screenshot(page, "variants-house-rules")

    open_tab(page, "Rules side by side")
    house_column = page.locator("[data-testid=stTable]").nth(1)
    expect(house_column.get_by_text("House rules (Polish makao)")).to_be_visible()
    # the filter is still on; the hand size now differs, so its row is back, with the house's 7 cards
    expect(house_column.get_by_text("Hand size", exact=True)).to_be_visible()
    expect(house_column.get_by_text("7 cards each.", exact=False).first).to_be_visible()   # marked ◆: differs from the first column
    screenshot(page, "variants-house-column")
