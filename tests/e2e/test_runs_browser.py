"""Chromium: house rules with runs of one suit, set in the house-rules form and played on the Play
page by tapping — the run's cards one by one in the order they go down, then the last card again.

The seed is chosen in Python first (as in test_play_browser): the model deals the house rules the
form makes (Polish makao with runs of three) against three beginners and finds a round whose first
turn of the learner offers a run of three; the browser must show those cards lit one after the
other, number them in the order tapped and take them from the hand when the run is played.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.state import tables_for
from engine.transitions import is_run
from tests.e2e.conftest import choose, screenshot, wait_for_app
from tests.e2e.test_play_browser import PHONE, tap
from ui.compare.table import card_label
from ui.play import model
from ui.play.model import act
from ui.present.i18n import translator
from ui.shell import house_rules

EN = translator("en")


def house_with_runs():
    """The house ruleset the form makes from Polish makao with "runs of 3 cards or more"."""
    state: dict = {}
    house_rules.start_from_preset("pl", state)
    house = house_rules.house_ruleset(state)
    fields = house_rules.house_fields(house, EN, lambda p: card_label(house, p, EN))
    house_rules.load_form(fields, house, state)
    state["house_field_runs"] = "3"
    house_rules.apply_form(fields, state)
    return house_rules.house_ruleset(state)


def a_first_turn_with_a_run() -> tuple[int, tuple[str, ...]]:
    house = house_with_runs()
    assert house.runs == 3
    t = tables_for(house)
    for seed in range(1, 400):
        game = model.start(model.make_settings(house, 4, 1, ["beginner"] * 3, seed))
        for _ in range(20):
            if model.human_to_move(game) or game.over:
                break
            game = act(game, {"type": "step"})
        if not model.human_to_move(game):
            continue
        hand = game.state.hands[game.state.to_move]
        runs = [m for m in model.legal_moves(game.state) if m.kind == "play" and len(m.cards) == 3
                and is_run(t, m.cards) and not any(t.attacks[c] or t.wish_kind[c] or t.wild[c] for c in m.cards)]
        if runs and len(hand) > 4:   # ordinary cards, and no makao call to make after the run
            return seed, tuple(house.deck.name(c) for c in runs[0].cards)
    raise AssertionError("no seed gives the learner a run of three at the first turn")


def test_a_house_run_is_set_in_the_form_and_played_by_tapping(app_url, new_page) -> None:
    seed, run = a_first_turn_with_a_run()
    page = new_page("en-US")
    deal_with_runs(page, app_url, seed)
    hand = page.locator(".ct-hand .ct-card")
    before = hand.count()
    for order, card in enumerate(run, start=1):
        button = page.locator(f'.ct-hand button.ct-card[data-card="{card}"]')
        expect(button).to_have_class(re.compile(r"is-legal"))       # lit: some legal play goes on from here
        tap(page, button)
        expect(button).to_have_class(re.compile(r"is-selected"))
        expect(button.locator(".ct-order")).to_have_text(str(order))
    expect(page.locator(".ct-why")).to_have_count(0)
    screenshot(page, "play-run-selected")
    tap(page, page.locator(f'.ct-hand button.ct-card[data-card="{run[-1]}"]'))   # the second tap plays it
    for card in run:
        expect(page.locator(f'.ct-hand .ct-card[data-card="{card}"]')).to_have_count(0)
    expect(page.locator(".ct-why")).to_have_count(0)
    expect(hand).to_have_count(before - len(run))   # the learner's hand until their next move
    screenshot(page, "play-run-played")


def badge_uncovered(button) -> bool:
    """Whether a card's tap-order badge is drawn whole: inside the hand's visible strip, and on top
    of every other card at its corners and its middle."""
    return button.locator(".ct-order").evaluate(
        """badge => {
            const box = badge.getBoundingClientRect();
            const strip = badge.closest('.ct-hand').getBoundingClientRect();
            if (box.top < strip.top || box.left < strip.left || box.right > strip.right) return false;
            const root = badge.getRootNode();
            const finder = root.elementFromPoint ? root : document;
            const card = badge.closest('.ct-card');
            return [[box.left + 3, box.top + 3], [box.right - 3, box.top + 3], [box.left + box.width / 2,
                     box.top + box.height / 2], [box.right - 3, box.bottom - 3]].every(
                ([x, y]) => card.contains(finder.elementFromPoint(x, y)));
        }""")


def test_on_a_phone_a_runs_tap_order_stays_in_view(app_url, new_page) -> None:
    seed, run = a_first_turn_with_a_run()
    page = new_page("en-US")
    deal_with_runs(page, app_url, seed)
    page.set_viewport_size(PHONE)   # the phone layout: overlapping cards in the hand (card_table.css)
    expect(page.locator(".ct-hand .ct-card + .ct-card").first).to_have_css("margin-left", "-18px")
    for order, card in enumerate(run, start=1):
        button = page.locator(f'.ct-hand button.ct-card[data-card="{card}"]')
        tap(page, button)
        expect(button.locator(".ct-order")).to_have_text(str(order))
    for card in run:
        button = page.locator(f'.ct-hand button.ct-card[data-card="{card}"]')
        button.scroll_into_view_if_needed()
        assert badge_uncovered(button), card
    screenshot(page, "play-run-selected-phone")


def deal_with_runs(page, app_url: str, seed: int) -> None:
    """Sets runs of three in the house-rules form, then deals that seed on Play against beginners."""
    page.goto(app_url + "/variants?lang=en&variant=pl")
    wait_for_app(page)
    page.get_by_role("tab", name="House rules").click()
    wait_for_app(page)
    page.locator(".st-key-house_start button:visible").first.click()
    wait_for_app(page)
    choose(page, "house_field_runs", "runs of 3 cards or more")
    page.locator(".st-key-house_apply button:visible").first.click()
    wait_for_app(page)
    expect(page.get_by_text("House rules updated.")).to_be_visible()

    # to Play within the session (a new page load would start a session without the house rules)
    page.locator("[data-testid=stSidebarNav]").get_by_role("link", name="Play", exact=True).click()
    wait_for_app(page)
    choose(page, "play_set_rules", "House rules (Polish makao)")
    page.locator(".st-key-play_set_seed input").fill(str(seed))
    page.locator(".st-key-play_set_seed input").press("Enter")
    wait_for_app(page)
    for seat in (1, 2, 3):
        page.locator(f".st-key-play_set_strength_{seat}").click()
        page.get_by_role("option", name="beginner").click()
        wait_for_app(page)
    page.locator(".st-key-play_deal button").click()
    wait_for_app(page)
    expect(page.locator(".ct-felt")).to_be_visible()
    expect(page.locator(".ct-headline")).to_have_text(re.compile(r"Your turn"))
