"""Chromium asks the coach on the Play page: the hint lit on the card table, the move checker, the review.

Each position is chosen in Python first, with the coach itself, so the browser's answer can be
compared with the engine's: the page's hint and checker are cut by time (2 s and 1 s), so the tests
take positions where the coach's answer is settled well before that (the hint stops "clear" within
a few hundred playouts; the checker's 300 playouts take a small part of its second). The round for the
review is the test habit of tests/e2e/test_play_browser.py, played move for move in the browser.
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

from engine.moves import DRAW
from engine.position import encode_share_code
from engine.ruleset import load_ruleset
from tests.e2e.conftest import screenshot, wait_for_app
from tests.e2e.test_play_browser import PHONE, deal, play_round_by_tapping, short_seed
from ui.play import coaching, model
from ui.present.coach_text import move_text

BUTTON_LINE = "The coach's best move: "


def first_position(variant: str, seed: int) -> model.Game:
    """The round the browser deals with this seed (beginners at the other seats), before any move."""
    return model.start(model.make_settings(load_ruleset(variant), 4, 1, ["beginner"] * 3, seed))


def settled_group_hint(variant: str) -> tuple[int, model.Game, coaching.Hint]:
    """A seed whose first position the coach answers clearly, within 500 playouts, with two cards or more
    (so a table that lit one card, or the first playable one, would be seen)."""
    for seed in range(1, 200):
        game = first_position(variant, seed)
        if not model.human_to_move(game):
            continue
        h = coaching.hint_for(game.state, coaching.hint_seed(game.round_seed, 0), coaching.HINT_PLAYOUTS, None)
        if h is not None and h.stopped == "clear" and h.playouts <= 500 and len(h.best.move.cards) >= 2:
            return seed, game, h
    raise AssertionError(f"no {variant} seed below 200 has a clear group as the coach's best first move")


def clearly_questioned_draw(variant: str) -> tuple[int, model.Game, coaching.Shortfall]:
    """A seed whose first position makes the move checker question a draw: its quick look (300 playouts)
    and its second look (the Hint's 1,000) both find the draw clearly worse. Both budgets are spent long
    before their time cuts (1 s, 2 s), so the page's checker judges it the same."""
    for seed in range(1, 200):
        game = first_position(variant, seed)
        if not model.human_to_move(game) or model.non_play_move(game.state) != DRAW:
            continue
        at = coaching.hint_seed(game.round_seed, 0)
        quick = coaching.hint_for(game.state, at, coaching.CHECK_PLAYOUTS, None)
        if quick is None or coaching.questionable(quick, DRAW) is None:
            continue
        closer = coaching.hint_for(game.state, at, coaching.HINT_PLAYOUTS, None)
        found = coaching.questionable(closer, DRAW) if closer is not None else None
        if found is not None:
            return seed, game, found
    raise AssertionError(f"no {variant} seed below 200 has a draw the checker questions clearly")


def test_the_hint_lights_exactly_the_coachs_cards_on_the_table(app_url, new_page) -> None:
    seed, game, h = settled_group_hint("da")
    deck = game.rules.deck
    wanted = [deck.name(c) for c in h.best.move.cards]
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    expect(page.locator(".ct-hand .ct-card.is-coach")).to_have_count(0)
    expect(page.locator(".ct-coach")).to_have_count(0)
    page.locator(".st-key-play_hint button:visible").click()
    wait_for_app(page)
    lit = page.locator(".ct-hand .ct-card.is-coach")
    expect(lit).to_have_count(len(wanted))
    assert [lit.nth(i).get_attribute("data-card") for i in range(len(wanted))] == \
        [name for name in (c.get_attribute("data-card") for c in page.locator(".ct-hand .ct-card").all())
         if name in wanted]                                  # the hand's order: no card of the move is missing
    assert sorted(c.get_attribute("data-card") for c in lit.all()) == sorted(wanted)
    for order, name in enumerate(wanted, start=1):          # the badge says in which order they go down
        card = page.locator(f".ct-hand .ct-card.is-coach[data-card='{name}']")
        expect(card.locator(".ct-coach-badge")).to_have_text(f"Best {order}")
        expect(card.locator(".ct-coach-badge")).to_be_visible()
        expect(card).to_have_attribute("aria-label", re.compile(r", the coach's best move$"))
    expect(page.locator(".ct-coach")).to_have_text(BUTTON_LINE + move_text(h.best.move, game.rules))
    # The hint says the move in words first; the ranked list, folded under "The coach's numbers", names it first.
    expect(page.locator(".st-key-play_hint_box")).to_contain_text("Play " + move_text(h.best.move, game.rules) + ".")
    page.locator(".st-key-play_hint_box summary").click()
    first_row = page.locator(".st-key-play_hint_box table tbody tr").first
    expect(first_row).to_be_visible()
    expect(first_row).to_contain_text(move_text(h.best.move, game.rules))
    expect(first_row).to_contain_text("best move")
    # The outline is not the playable lighting: a lit card the coach does not name has none.
    other = page.locator(".ct-hand button.ct-card.is-legal:not(.is-coach)")
    if other.count():
        assert other.first.evaluate("n => getComputedStyle(n).outlineStyle") == "none"
    assert lit.first.evaluate("n => getComputedStyle(n).outlineStyle") == "double"
    screenshot(page, "coach-hint-lit")


def badge_in_view(card) -> bool:
    """Whether the card's coach badge, from its left to its right end, is on top (no other card lies over it)."""
    return card.locator(".ct-coach-badge").evaluate(
        """badge => {
            const box = badge.getBoundingClientRect();
            const root = badge.getRootNode();
            const finder = root.elementFromPoint ? root : document;
            const y = box.top + box.height / 2;
            return [box.left + 3, box.left + box.width / 2, box.right - 3].every(x => {
                const hit = finder.elementFromPoint(x, y);   // the badge lets taps through to its card
                return badge.parentElement.contains(hit);
            });
        }""")


def test_on_a_phone_the_coachs_cards_lie_on_top_of_the_overlapping_hand(app_url, browser) -> None:
    seed, game, h = settled_group_hint("da")
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        deal(page, app_url, "da", seed)
        # The Hint button sits under the table, by the hand, not above it out of the thumb's reach.
        button = page.locator(".st-key-play_hint button:visible")
        expect(button).to_be_visible()
        table_box = page.locator(".st-key-play_table_box").bounding_box()
        button_box = button.bounding_box()
        assert table_box and button_box and button_box["y"] >= table_box["y"] + table_box["height"] - 1
        button.click()
        wait_for_app(page)
        lit = page.locator(".ct-hand .ct-card.is-coach")
        expect(lit).to_have_count(len(h.best.move.cards))
        for card in lit.all():
            card.scroll_into_view_if_needed()
            expect(card.locator(".ct-coach-badge")).to_be_visible()
            assert badge_in_view(card), card.get_attribute("data-card")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1
        screenshot(page, "coach-hint-phone")
    finally:
        context.close()


def test_the_move_checker_warns_before_a_worse_move_and_lets_you_choose_again(app_url, new_page) -> None:
    seed, game, found = clearly_questioned_draw("da")
    best = move_text(found.best.move, game.rules)
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    page.locator(".st-key-play_checker label").click()
    wait_for_app(page)
    expect(page.locator(".st-key-play_checker input")).to_be_checked()
    page.locator('.ct-buttons button[data-action="draw"]').click()
    wait_for_app(page)
    # The question stands in the table, by the hand the move was made from, in view without scrolling.
    question = page.locator(".ct-why")
    expect(question).to_contain_text("Move checker: Are you sure?")
    expect(question).to_contain_text(f"The coach's best move: {best} — ")
    expect(question).to_contain_text("points on average")       # da: the numbers say what they count
    expect(question).to_be_in_viewport()
    expect(page.locator('.ct-buttons button[data-action="reconsider"]')).to_be_in_viewport()
    box = page.locator(".st-key-play_checker_box")
    expect(box.locator(".st-key-play_confirm button")).to_be_visible()
    # The table lights the better move while the question stands, and no move was made.
    expect(page.locator(".ct-coach")).to_have_text(BUTTON_LINE + best)
    expect(page.locator(".ct-hand .ct-card.is-coach")).to_have_count(len(found.best.move.cards))
    expect(page.get_by_text("No move yet. Player 1 starts.")).to_be_visible()
    screenshot(page, "coach-checker-asks")
    page.locator('.ct-buttons button[data-action="reconsider"]').click()
    wait_for_app(page)
    expect(box).to_have_count(0)
    expect(question).to_have_count(0)
    expect(page.locator(".ct-coach")).to_have_count(0)
    expect(page.locator(".ct-headline")).to_contain_text("Your turn")
    expect(page.get_by_text("No move yet. Player 1 starts.")).to_be_visible()
    # The coach's own move goes down without a question: tap its card(s), then Play (a card that can
    # only go down alone plays at its one tap).
    for card in found.best.move.cards:
        page.locator(f".ct-hand .ct-card[data-card='{game.rules.deck.name(card)}']").click()
        wait_for_app(page)
    if page.locator('.ct-buttons button[data-action="play"]').count():
        page.locator('.ct-buttons button[data-action="play"]').click()
        wait_for_app(page)
    if page.locator(".ct-picker").count():                 # a wishing card: the coach's wish is lit too
        page.locator(".ct-picker button.is-coach").click()
        wait_for_app(page)
    expect(page.locator(".st-key-play_checker_box")).to_have_count(0)
    expect(page.locator(".st-key-play_log")).to_contain_text("Player 1 (you) plays")
    expect(page.get_by_text("No move yet. Player 1 starts.")).to_have_count(0)


def test_the_review_after_a_round_lists_your_moves_with_the_coachs_values(app_url, new_page) -> None:
    seed, expected = short_seed("da", 40)
    turns = expected.rounds[-1].turns
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    play_round_by_tapping(page, expected)
    expect(page.get_by_role("heading", name="Scores")).to_be_visible()
    page.locator(".st-key-play_review_ask button:visible").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="The moments that mattered")).to_be_visible()
    moments = [page.locator(f".st-key-play_review_{i}") for i in range(coaching.REVIEW_SHOWN)]
    count = sum(1 for m in moments if m.count())
    if count == 0:
        expect(page.get_by_text("The coach found no move of yours that was clearly worse")).to_be_visible()
        assert not coaching.review(turns, lambda seat: seat == 0, expected.rounds[-1].seed, seconds=None)
        return
    assert 1 <= count <= coaching.REVIEW_SHOWN
    # "Move 5. Your move: 4♠ — 12.3 points on average (8.1–16.5). The coach's best move: 9♦ — 20.1 points …"
    said = re.compile(r"Move (\d+)\. Your move: (.+?) — (.+?\))\. The coach's best move: (.+?) — (.+?\))\.")
    for i in range(count):
        text = moments[i].inner_text()
        match = said.search(text)
        assert match, text
        number, chosen, value, best, best_value = match.groups()
        turn = turns[int(number) - 1]
        assert turn.seat == 0                                   # a move of the learner's
        assert chosen == move_text(turn.move, expected.rules)
        assert best != chosen
        assert re.search(r"\d", value) and re.search(r"\d", best_value)   # values, with their intervals
        assert "–" in value and "–" in best_value
        assert "points on average" in value and "points on average" in best_value
        assert "-" not in value                                  # no interval below 0 points
    screenshot(page, "coach-review")
    page.locator(".st-key-play_review_open_0 button:visible").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Sandbox: try any position", level=1)).to_be_visible()


def test_on_a_phone_a_lit_card_past_the_screens_edge_is_brought_into_view_and_its_badge_is_whole(
        app_url, browser) -> None:
    # pl, twelve cards on K♣: only the last one (the hand is shown by rank), K♦, may go. On a phone the
    # hand scrolls sideways and K♦ starts past the right edge; the coach's answer must bring it into
    # view, its badge uncut.
    hand = ["4h", "4d", "5h", "5d", "6h", "6d", "7h", "8d", "9h", "10d", "Jh", "Kd"]
    position = {"variant": "pl", "hands": [hand, 5], "to_move": 0, "pile": ["Kc"]}
    context = browser.new_context(viewport=PHONE, locale="pl-PL", is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/sandbox?pos={encode_share_code(position)}&variant=pl&lang=pl")
        wait_for_app(page)
        target = page.locator(".ct-hand .ct-card[data-card='Kd']")
        expect(target).to_have_count(1)
        box = page.locator(".ct-hand").bounding_box()
        before = target.bounding_box()
        assert box and before and before["x"] + before["width"] > box["x"] + box["width"]   # past the edge
        # A dimmed card's ✕ sits low, off the corner that shows its rank and suit.
        dimmed = page.locator(".ct-hand .ct-card.is-illegal").first
        mark, face = dimmed.locator(".ct-mark").bounding_box(), dimmed.bounding_box()
        assert mark and face and mark["y"] > face["y"] + face["height"] / 2
        page.locator(".st-key-sandbox_coach_ask button:visible").click()
        wait_for_app(page)
        expect(page.locator(".ct-hand .ct-card.is-coach")).to_have_count(1)
        expect(target).to_have_class(re.compile(r"\bis-coach\b"))
        page.wait_for_function(          # the table lives in its component's shadow root
            """() => [...document.querySelectorAll('*')].filter(n => n.shadowRoot).some(host => {
                const hand = host.shadowRoot.querySelector('.ct-hand');
                const card = hand && hand.querySelector('.ct-card.is-coach');
                if (!card) return false;
                const h = hand.getBoundingClientRect(), c = card.getBoundingClientRect();
                return c.left >= h.left && c.right <= h.right;
            })""")
        badge = target.locator(".ct-coach-badge")
        expect(badge).to_be_visible()
        assert badge.evaluate("b => b.scrollWidth <= b.clientWidth + 1")          # not cut ("Najlep…")
        page.locator(".ct-hand").evaluate("h => h.scrollIntoView({block: 'center', inline: 'nearest'})")  # page only
        assert badge_in_view(target)
        screenshot(page, "coach-sandbox-phone-far-card")
    finally:
        context.close()


def test_on_a_laptop_the_checkers_question_and_its_answers_come_into_view(app_url, browser) -> None:
    # 1280 × 900: the question pushed its buttons below the window's edge (a walkthrough, da seed 3).
    seed, _, _ = clearly_questioned_draw("da")
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        page = context.new_page()
        deal(page, app_url, "da", seed)
        page.locator(".st-key-play_checker label").click()
        wait_for_app(page)
        page.locator('.ct-buttons button[data-action="draw"]').click()
        wait_for_app(page)
        expect(page.locator(".ct-why")).to_contain_text("Are you sure?")
        expect(page.locator(".ct-why")).to_be_in_viewport(ratio=1.0)
        expect(page.locator('.ct-buttons button[data-action="reconsider"]')).to_be_in_viewport(ratio=1.0)
        screenshot(page, "coach-checker-laptop")
    finally:
        context.close()
