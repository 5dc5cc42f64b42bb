"""Chromium plays whole rounds on the Play page by tapping cards on the card table.

The seed of each round is chosen in Python first: the model plays candidate deals with the very
habit the browser test follows (tap the first lit card, tap it again, take the first wish, say
"Makao!" with two cards left, else draw), and the test takes a short one — so the browser round is
the same round, move for move, and ends within a few dozen moves.
"""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine.ruleset import load_ruleset
from tests.e2e.conftest import screenshot, wait_for_app
from ui.play import model
from ui.play.model import act

PHONE = {"width": 390, "height": 844}


def habit(game: model.Game) -> dict:
    """What the browser test does at its turn, written as the action the table sends."""
    deck = game.rules.deck
    if game.picking:
        return {"type": "pick", "value": model.wish_options(game)[1][0]}
    hand = game.state.hands[game.state.to_move]
    if "makao" in model.call_choices(game) and len(hand) == 2 and "makao" not in game.calls:
        return {"type": "call", "call": "makao"}
    if game.selected:
        return {"type": "tap", "card": deck.name(game.selected[-1])}
    lit = [c for c, v in model.selectable(game).items() if v.legal]
    if lit:
        return {"type": "tap", "card": deck.name(lit[0])}
    return {"type": model.non_play_move(game.state).kind}


def short_seed(variant: str, longest: int) -> tuple[int, model.Game]:
    """A seed whose round, played with the habit against beginners, needs at most ``longest`` moves at the
    table: until it ends, or until the learner is out and the rest is played at once."""
    rules = load_ruleset(variant)
    for seed in range(1, 400):
        game = model.start(model.make_settings(rules, 4, 1, ["beginner"] * 3, seed))
        for _ in range(longest * 4):
            if game.over or model.people_out(game) or len(game.turns) > longest:
                break
            game = act(game, habit(game) if model.human_to_move(game) else {"type": "step"})
        if (game.over or model.people_out(game)) and len(game.turns) <= longest:
            return seed, model.run_computers(game)
    raise AssertionError(f"no {variant} seed ends within {longest} moves")


def deal(page, url: str, variant: str, seed: int) -> None:
    page.goto(f"{url}/play?variant={variant}&lang=en")
    wait_for_app(page)
    if page.viewport_size["width"] < 600:
        # On a phone the sidebar starts folded, out of the way of the table.
        expect(page.locator("[data-testid=stSidebar]")).to_have_attribute("data-collapsed", "true")
    page.locator(".st-key-play_set_seed input").fill(str(seed))
    page.locator(".st-key-play_set_seed input").press("Enter")
    wait_for_app(page)
    for seat in (1, 2, 3):
        box = page.locator(f".st-key-play_set_strength_{seat}")
        box.click()
        page.get_by_role("option", name="beginner").click()
        wait_for_app(page)
    page.locator(".st-key-play_deal button").click()
    wait_for_app(page)
    expect(page.locator(".ct-felt")).to_be_visible()
    page.locator(".st-key-play_faster label").click()
    wait_for_app(page)


def tap(page, locator) -> None:
    """Taps something on the table and waits until the table has been drawn again for it."""
    before = page.locator(".ct-root").get_attribute("data-stamp")
    locator.click()
    expect(page.locator(".ct-root")).not_to_have_attribute("data-stamp", before or "")
    wait_for_app(page)


def tap_a_habitual_move(page) -> None:
    """Taps what the learner's habit plays next (as ``habit`` does in the model): the wish choice, the
    makao call when two cards are left, the selection again, the first lit card, else draw/wait/pass."""
    picker = page.locator(".ct-picker button")
    makao = page.locator('.ct-buttons button[data-action="call_makao"][aria-pressed="false"]')
    selected = page.locator(".ct-hand .ct-card.is-selected")
    lit = page.locator(".ct-hand button.ct-card.is-legal")
    if picker.count():
        tap(page, picker.first)
    elif makao.count() and page.locator(".ct-hand .ct-card").count() == 2:
        tap(page, makao)
    elif selected.count():
        tap(page, selected.last)
    elif lit.count():
        tap(page, lit.first)
    else:
        tap(page, page.locator('.ct-buttons button[data-action="draw"], .ct-buttons button[data-action="wait"], '
                               '.ct-buttons button[data-action="pass"]').first)


def play_round_by_tapping(page, game: model.Game) -> int:
    """Plays the round as the habit says, by tapping in the browser; returns the number of taps."""
    headline = page.locator(".ct-headline")
    taps = 0
    for _ in range(400):
        expect(headline).to_have_text(re.compile(r"Your turn|The round is over|You are out"))
        if "The round is over" in headline.inner_text():
            return taps
        if "You are out" in headline.inner_text():
            # The computer players keep moving meanwhile, and each move draws the table again: a click
            # that lands on a button just replaced is tried again.
            for _ in range(10):
                finish = page.locator('.ct-buttons button[data-action="finish"]')
                if finish.count():
                    finish.click()
                try:
                    expect(headline).to_have_text(re.compile("The round is over"), timeout=3000)
                    break
                except AssertionError:
                    continue
            expect(headline).to_have_text(re.compile("The round is over"))
            wait_for_app(page)
            return taps
        tap_a_habitual_move(page)
        taps += 1
    raise AssertionError("the round did not end in the browser")


def test_a_danish_round_against_three_computer_players_is_played_by_tapping_cards(app_url, new_page) -> None:
    seed, expected = short_seed("da", 40)
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    expect(page.locator(".ct-seat")).to_have_count(4)
    expect(page.locator(".ct-seat.is-to_move")).to_have_count(1)
    expect(page.locator(".ct-seat.is-next")).to_have_count(1)
    taps = play_round_by_tapping(page, expected)
    assert taps > 0
    expect(page.get_by_role("heading", name="Scores")).to_be_visible()
    winner = expected.rounds[-1].result["winner"]
    expect(page.get_by_text(re.compile(rf"The round is over: player {winner + 1}( \(you\))? wins and scores "
                                       rf"{expected.rounds[-1].scores[winner]} points", re.I)).first).to_be_visible()
    screenshot(page, "play-da-round-over")


def test_a_polish_round_on_a_phone(app_url, browser) -> None:
    seed, expected = short_seed("pl", 60)
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        deal(page, app_url, "pl", seed)
        expect(page.locator(".ct-hand .ct-card").first).to_be_visible()
        # The hand is one row (it scrolls sideways), not one card per line.
        tops = {round(box["y"]) for box in (c.bounding_box() for c in page.locator(".ct-hand .ct-card").all()) if box}
        assert len(tops) <= 3, tops          # lit cards sit a few pixels higher: still one row
        assert max(tops) - min(tops) < 30
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1
        screenshot(page, "play-pl-phone-start")
        play_round_by_tapping(page, expected)
        expect(page.get_by_role("heading", name="Scores")).to_be_visible()
        screenshot(page, "play-pl-phone-over")
    finally:
        context.close()


def test_a_dimmed_card_says_why_not_and_the_moment_opens_in_the_sandbox(app_url, new_page) -> None:
    rules = load_ruleset("da")
    seed = next(s for s in range(1, 200)
                if (g := model.start(model.make_settings(rules, 4, 1, ["beginner"] * 3, s)))
                and model.human_to_move(g) and any(not v.legal for v in model.selectable(g).values()))
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    dimmed = page.locator(".ct-hand button.ct-card.is-illegal").first
    expect(dimmed).to_have_attribute("aria-label", re.compile("may not be played"))
    dimmed.focus()
    page.keyboard.press("Enter")            # the keyboard taps a card as well
    wait_for_app(page)
    expect(page.locator(".ct-why")).to_contain_text(re.compile(r"Why not: .+ may not"))
    screenshot(page, "play-why-not")
    mine = [c.get_attribute("data-card") for c in page.locator(".ct-hand .ct-card").all()]
    page.locator(".st-key-play_open_sandbox button:visible").click()
    sandbox = page
    wait_for_app(sandbox)
    expect(sandbox.get_by_role("heading", name="Sandbox: try any position", level=1)).to_be_visible()
    expect(sandbox.get_by_role("heading", name="The table")).to_be_visible()
    # The Sandbox holds this very position: the learner's cards are on its table.
    for card in mine:
        expect(sandbox.locator(f".ct-hand .ct-card[data-card='{card}']")).to_be_visible()
    screenshot(sandbox, "play-opened-in-sandbox")
    # Back on Play, the game is where it was.
    sandbox.get_by_role("link", name="Play").first.click()
    wait_for_app(sandbox)
    expect(sandbox.locator(".ct-felt")).to_be_visible()
    expect(sandbox.locator(".ct-why")).to_contain_text("may not")     # the game was kept as it was


@pytest.mark.parametrize("lang", ["en", "da", "pl", "hu"])
def test_the_three_switches_stand_in_one_row_on_a_laptop(app_url, new_page, lang: str) -> None:
    # 1280 px wide, Danish: "Træneren tjekker mine valg" wrapped to a second row and, at 900 px high,
    # pushed Draw below the window's edge (walkthrough D10).
    page = new_page("en-US")
    page.goto(f"{app_url}/play?variant=da&lang={lang}")
    wait_for_app(page)
    page.locator(".st-key-play_deal button").click()
    wait_for_app(page)
    expect(page.locator(".ct-felt")).to_be_visible()
    tops = [page.locator(f".st-key-{key}").bounding_box()["y"] for key in ("play_lighting", "play_faster", "play_checker")]
    screenshot(page, f"play-switches-{lang}")
    assert max(tops) - min(tops) < 4, tops
