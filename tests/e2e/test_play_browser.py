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
from tests.e2e.pace import set_pace
from ui.play import model
from ui.play.model import act

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module", autouse=True)
def warm_server(app_url, browser):
    """Opens Play once before the tests: a fresh server's first page imports the app, which on a busy
    machine outlasts a test's 30-second wait."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{app_url}/play?lang=en", timeout=180_000)
        page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=180_000)
    finally:
        context.close()


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


def deal(page, url: str, variant: str, seed: int, rounds: int = 1) -> None:
    page.goto(f"{url}/play?variant={variant}&lang=en")
    wait_for_app(page)
    if page.viewport_size["width"] < 600:
        # On a phone the sidebar starts folded, out of the way of the table.
        expect(page.locator("[data-testid=stSidebar]")).to_have_attribute("data-collapsed", "true")
    page.locator(".st-key-play_set_seed input").fill(str(seed))
    page.locator(".st-key-play_set_seed input").press("Enter")
    wait_for_app(page)
    if rounds > 1:
        page.locator(".st-key-play_set_rounds input").fill(str(rounds))
        page.locator(".st-key-play_set_rounds input").press("Enter")
        wait_for_app(page)
    for seat in (1, 2, 3):
        box = page.locator(f".st-key-play_set_strength_{seat}")
        box.click()
        page.get_by_role("option", name="beginner").click()
        wait_for_app(page)
    page.locator(".st-key-play_deal button").click()
    wait_for_app(page)
    expect(page.locator(".ct-felt")).to_be_visible()
    set_pace(page, "fast")
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
    # The three tops are read in one frame: read one by one, they straddled the table's own layout pass.
    keys = ("play_lighting", "play_pace_box", "play_checker")
    one_row = """keys => { const tops = keys.map(k => document.querySelector('.st-key-' + k)?.getBoundingClientRect().top);
                            return tops.every(t => t !== undefined) && Math.max(...tops) - Math.min(...tops) < 4; }"""
    page.wait_for_function(one_row, arg=list(keys), timeout=30_000)
    screenshot(page, f"play-switches-{lang}")


def test_one_tap_plays_a_lone_card(app_url, new_page) -> None:
    rules = load_ruleset("da")
    seed = next(s for s in range(1, 200)
                if (g := model.start(model.make_settings(rules, 4, 1, ["beginner"] * 3, s)))
                and model.human_to_move(g) and model.lone_cards(g))
    game = model.start(model.make_settings(rules, 4, 1, ["beginner"] * 3, seed))
    card = rules.deck.name(sorted(model.lone_cards(game))[0])
    page = new_page("en-US")
    deal(page, app_url, "da", seed)
    lone = page.locator(f".ct-hand button.ct-card[data-card='{card}']")
    expect(lone).to_have_attribute("data-alone", "true")
    cards = page.locator(".ct-hand .ct-card").count()
    tap(page, lone)
    # One tap: the card is on the pile and out of the hand, and no selection waits for a second tap.
    expect(page.locator(".ct-hand .ct-card")).to_have_count(cards - 1)
    expect(page.locator(".ct-hand .ct-card.is-selected")).to_have_count(0)
    expect(page.locator(".st-key-play_log")).to_contain_text(re.compile(r"Player 1 \(you\) plays"))


def kept_view(page) -> dict:
    """What a reload must bring back: the hand, the pile, the log, the match table and the statistics."""
    wait_for_app(page)
    scores = page.locator("[data-testid=stTable]")
    return {"hand": [c.get_attribute("data-card") for c in page.locator(".ct-hand .ct-card").all()],
            "pile": page.locator(".ct-pile").get_attribute("aria-label"),
            "log": page.locator(".st-key-play_log").inner_text() if page.locator(".st-key-play_log").count() else "",
            "scores": scores.first.inner_text() if scores.count() else "",
            "stats": page.get_by_text(re.compile(r"^Rounds: \d+ · wins")).inner_text()}


def test_a_reload_brings_back_the_round_the_match_table_and_the_statistics(app_url, new_page) -> None:
    seed, expected = short_seed("da", 40)
    page = new_page("en-US")
    deal(page, app_url, "da", seed, rounds=2)
    play_round_by_tapping(page, expected)
    expect(page.get_by_role("heading", name="Scores")).to_be_visible()
    over = kept_view(page)
    assert over["stats"].startswith("Rounds: 1 ·") and "Round 1" in over["scores"]
    page.reload()
    # The browser hands the kept game back and the server rebuilds it: on a busy machine that takes a while.
    expect(page.get_by_role("heading", name="Scores")).to_be_visible(timeout=60_000)
    assert kept_view(page) == over                   # after the round: the match table and the statistics
    page.locator(".st-key-play_next_round button").click()
    headline = page.locator(".ct-headline")
    expect(headline).to_have_text(re.compile("Your turn"))
    tap_a_habitual_move(page)
    expect(headline).to_have_text(re.compile("Your turn"))
    expect(page.locator(".st-key-play_log")).to_contain_text("Player 1 (you)")
    during = kept_view(page)
    page.reload()
    expect(page.locator(".ct-felt")).to_be_visible(timeout=60_000)
    expect(headline).to_have_text(re.compile("Your turn"))
    assert kept_view(page) == during                 # mid-round: the same hand, pile and moves
    assert during["stats"] == over["stats"]


def first_lone_then_dimmed(rules) -> tuple[int, str]:
    """A seed whose first hand has a card one tap plays, and whose next turn has a dimmed card."""
    for s in range(1, 300):
        game = model.start(model.make_settings(rules, 4, 1, ["beginner"] * 3, s))
        if not (model.human_to_move(game) and model.lone_cards(game)):
            continue
        card = rules.deck.name(sorted(model.lone_cards(game))[0])
        later = model.run_computers(act(game, {"type": "tap", "card": card}))
        if model.human_to_move(later) and any(not v.legal for v in model.selectable(later).values()):
            return s, card
    raise AssertionError("no such seed")


def test_the_browser_moves_first_and_a_refused_card_comes_back_with_its_reason(app_url, new_page) -> None:
    rules = load_ruleset("da")
    seed, card = first_lone_then_dimmed(rules)
    page = new_page("en-US")
    link = {"hold": False, "held": [], "ws": None}

    def route(ws) -> None:
        server = ws.connect_to_server()
        link["ws"] = ws
        ws.on_message(server.send)

        def down(message) -> None:
            if link["hold"]:
                link["held"].append(message)
            else:
                ws.send(message)
        server.on_message(down)

    page.route_web_socket(re.compile(r"/_stcore/stream"), route)
    deal(page, app_url, "da", seed)
    root = page.locator(".ct-root")
    lone = page.locator(f".ct-hand button.ct-card[data-card='{card}']")
    expect(lone).to_have_attribute("data-alone", "true")
    stamp = root.get_attribute("data-stamp")
    cards = page.locator(".ct-hand .ct-card:not(.is-gone)").count()
    link["hold"] = True                     # the server's answer is held back from here on
    lone.click()
    expect(root).to_have_attribute("data-flown", card)
    expect(page.locator(".ct-hand .ct-card:not(.is-gone)")).to_have_count(cards - 1)
    pile = page.locator(".ct-pile").bounding_box()
    page.wait_for_function("""(pile) => { const f = [...document.querySelectorAll('*')].filter(n => n.shadowRoot)
            .map(host => host.shadowRoot.querySelector('.ct-flying')).find(Boolean);   // the component's shadow root
        if (!f) return false; const b = f.getBoundingClientRect();
        return b.left < pile.x + pile.width && b.right > pile.x && b.top < pile.y + pile.height && b.bottom > pile.y; }""",
                           arg=pile)
    assert root.get_attribute("data-stamp") == stamp            # on the pile, and no answer drawn yet
    link["hold"] = False
    for message in link["held"]:
        link["ws"].send(message)
    link["held"].clear()
    expect(root).not_to_have_attribute("data-stamp", stamp or "")
    expect(root).not_to_have_attribute("data-flown", card)
    expect(page.locator(".ct-hand .ct-card.is-returned")).to_have_count(0)   # confirmed
    expect(page.locator(".ct-headline")).to_have_text(re.compile("Your turn"), timeout=30_000)
    wait_for_app(page)
    # A guess the server refuses (the browser's copy said the card goes alone, the server says it may
    # not): it flies, then comes back to the hand with the reason.
    dimmed = page.locator(".ct-hand button.ct-card.is-illegal").first
    name = dimmed.get_attribute("data-card")
    dimmed.evaluate("node => { node.dataset.alone = 'true'; }")
    stamp = root.get_attribute("data-stamp")
    dimmed.click()
    expect(root).not_to_have_attribute("data-stamp", stamp or "")
    expect(root).to_have_attribute("data-returned", name)
    expect(page.locator(f".ct-hand .ct-card.is-returned[data-card='{name}']")).to_be_visible()
    expect(page.locator(".ct-why")).to_contain_text(re.compile(r"Why not: .+ may not"))


def first_move_and_replies(variant: str) -> tuple[int, model.Game, list[str]]:
    """A seed whose first move of the learner (the habit's) is answered by three computer moves, and
    their narration, in order."""
    from ui.play.text import narrate_turn
    from ui.present.i18n import translator
    rules = load_ruleset(variant)
    for seed in range(1, 200):
        game = model.start(model.make_settings(rules, 4, 1, ["beginner"] * 3, seed))
        if not model.human_to_move(game):
            continue
        moved = game
        while model.human_to_move(moved) and len(moved.turns) == 0:
            moved = act(moved, habit(moved))
        after = model.run_computers(moved)
        if not after.over and model.human_to_move(after) and len(after.turns) == 4:
            return seed, after, [" ".join(narrate_turn(t, after, translator("en"))) for t in after.turns[1:]]
    raise AssertionError("no such seed")


def steps_of(page) -> list[str]:
    return [m.inner_text() for m in page.locator(".ct-steps li.ct-step").all()]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_computer_players_moves_come_as_one_list_played_step_by_step(app_url, browser, motion) -> None:
    seed, after, said = first_move_and_replies("da")
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900}, reduced_motion=motion)
    try:
        page = context.new_page()
        runs = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda payload: runs.append(payload)))
        deal(page, app_url, "da", seed)
        pace = "slow" if motion == "reduce" else "fast"      # the pace the learner sets reaches the browser
        set_pace(page, pace)
        wait_for_app(page)
        sent = len(runs)
        while page.locator(".ct-hand .ct-card").count() == len(after.turns[0].before.hands[0]):
            tap_a_habitual_move(page)
        marks = page.locator(".ct-steps li.ct-step")
        expect(marks).to_have_count(3)                      # every computer move of the answer, in order
        assert steps_of(page) == said
        assert [m.get_attribute("data-seat") for m in marks.all()] == ["1", "2", "3"]
        expect(page.locator(".ct-root")).to_have_attribute("data-motion", "reduced" if motion == "reduce" else "full")
        expect(page.locator(".ct-root")).not_to_have_attribute("data-playing", "true")
        expect(page.locator(".ct-root")).to_have_attribute("data-step-ms", str(model.PACES[pace]))
        expect(page.locator(".ct-headline")).to_have_text(re.compile("Your turn"))
        # No round trip per computer move: the browser sent only the taps (one message each).
        assert len(runs) - sent <= 2
    finally:
        context.close()
