"""The Play page driven through AppTest: whole rounds in the seed rulesets, calls, demands, take back, hot seat.

AppTest cannot tap inside the card-table component, so the tests send the very actions the
component sends, through ``ui.play.model.act`` (the one function every table action goes through),
and read what the table shows from the component's data.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.ruleset import load_ruleset
from ui.play import model
from ui.play.model import act
from ui.widgets.kept_record import PROBE_KEY as KEPT_PROBE

ROOT = Path(__file__).resolve().parents[3]
GAME = "play_game"
# Club players end rounds sooner than beginners (fewer reruns of the page per test).
STRENGTH = model.DEFAULT_STRENGTH


def open_play(variant: str = "da", lang: str = "en") -> AppTest:
    # 90 s: a process's first run imports the whole app, which on a shared, busy machine took over 30 s.
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=90)
    at.query_params["variant"] = variant
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/play.py").run()
    assert not at.exception
    return at


def deal(at: AppTest, variant: str, players: int = 4, humans: int = 1, seed: int = 1, rounds: int = 1,
         counted: bool = False, strength: str = STRENGTH) -> None:
    at.selectbox(key="play_set_rules").set_value(variant).run()
    at.number_input(key="play_set_players").set_value(players).run()
    at.number_input(key="play_set_humans").set_value(humans).run()
    for seat in range(humans, players):
        at.selectbox(key=f"play_set_strength_{seat}").set_value(strength)
    at.number_input(key="play_set_seed").set_value(seed)
    at.number_input(key="play_set_rounds").set_value(rounds)
    if counted:
        at.toggle(key="play_set_counted").set_value(True)
    at.button(key="play_deal").click().run()
    assert not at.exception


def table(at: AppTest) -> dict:
    """The data the card table was drawn from (what the browser shows)."""
    found = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
    assert len(found) == 1
    return json.loads(found[0].proto.json)


def send(at: AppTest, action: dict) -> model.Game:
    at.session_state[GAME] = act(at.session_state[GAME], action)
    at.run()
    assert not at.exception, at.exception
    return at.session_state[GAME]


def log_text(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


# --- the learner's habits, shared by the seed search and the AppTest runs -----------------------

def learner_action(game: model.Game, *, forget_makao: bool, prefer: tuple[str, ...] = ("J", "K")) -> dict:
    """What a test learner does: play a lit card (jacks and kings first), wish the first choice, else draw."""
    deck = game.rules.deck
    if game.picking:
        kind, values = model.wish_options(game)
        return {"type": "pick", "value": next(v for v in values if v != "none")}
    if game.selected:
        return {"type": "play"}
    calls = model.call_choices(game)
    hand = game.state.hands[game.state.to_move]
    if calls and not forget_makao and len(hand) == 2 and "makao" not in game.calls:
        return {"type": "call", "call": "makao"}
    legal = [c for c, v in model.selectable(game).items() if v.legal]
    if legal:
        legal.sort(key=lambda c: (deck.rank_of(c) not in prefer, c))
        return {"type": "tap", "card": deck.name(legal[0])}
    return {"type": model.non_play_move(game.state).kind}


def play_out(game: model.Game, *, forget_makao: bool = False) -> tuple[model.Game, list[dict]]:
    """Plays a round to its end in the model alone; returns it and the actions sent."""
    actions = []
    for _ in range(model.MAX_TURNS * 4):
        if game.over:
            break
        action = learner_action(game, forget_makao=forget_makao) if model.human_to_move(game) else {"type": "step"}
        actions.append(action)
        game = act(game, action)
    return game, actions


def human_moves(game: model.Game) -> list[model.Turn]:
    return [t for t in game.rounds[-1].turns if t.seat == 0]


def find_seed(variant: str, want, forget_makao: bool = False, strength: str = STRENGTH) -> int:
    """The first seed whose round (with the test learner and these computer players) shows what ``want`` asks."""
    rules = load_ruleset(variant)
    for seed in range(1, 200):
        settings = model.make_settings(rules, 4, 1, [strength] * 3, seed)
        game, _ = play_out(model.start(settings), forget_makao=forget_makao)
        if game.over and want(game):
            return seed
    raise AssertionError(f"no seed in 1..199 shows the wanted round in {variant}")


def _forgotten_and_caught(game: model.Game) -> bool:
    return any(t.seat == 0 and t.caught_by not in (None, 0) for t in game.rounds[-1].turns)


def _human_jack_demand(game: model.Game) -> bool:
    return any(t.move.demand not in (None, "none") for t in human_moves(game))


def _spade_king(game: model.Game) -> bool:
    ks = game.rules.deck.parse("Ks")
    return any(ks in t.move.cards and any(e.kind == "attack" for e in t.events) for t in game.rounds[-1].turns)


# --- whole rounds ---------------------------------------------------------------------------------

def run_round(at: AppTest, variant: str, seed: int, forget_makao: bool = False,
              strength: str = STRENGTH) -> tuple[model.Game, str]:
    """Plays a round through the page; returns the game and every log line the page showed on the way."""
    deal(at, variant, seed=seed, strength=strength)
    game = at.session_state[GAME]
    seen: set[str] = set()
    for _ in range(model.MAX_TURNS * 4):
        if game.over:
            break
        if model.people_out(game):
            # Out first in a round played on for places: the table offers the rest at once.
            at.session_state[GAME] = game
            at.run()
            finish = [b for b in table(at)["buttons"] if b["id"] == "finish"]
            assert finish and "play on for the places" in table(at)["headline"]
            game = send(at, finish[0]["action"])
            seen.update(m.value for m in at.markdown)
            seen.add("(the rest was played at once)")
            break
        action = learner_action(game, forget_makao=forget_makao) if model.human_to_move(game) else {"type": "step"}
        if model.human_to_move(game) or game.over or action["type"] != "step":
            game = send(at, action)
            seen.update(m.value for m in at.markdown)
        else:  # a computer's move: the page is drawn after each of yours and at the end of theirs
            game = act(game, action)
            at.session_state[GAME] = game
            if model.human_to_move(game) or game.over:
                at.run()
                assert not at.exception, at.exception
                seen.update(m.value for m in at.markdown)
    assert game.over
    return game, "\n".join(sorted(seen))


def test_a_polish_round_with_a_forgotten_makao_a_jack_demand_and_a_spade_king() -> None:
    seed = find_seed("pl", lambda g: _forgotten_and_caught(g) and _human_jack_demand(g) and _spade_king(g),
                     forget_makao=True)
    at = open_play("pl")
    game, text = run_round(at, "pl", seed, forget_makao=True)
    catcher = next(t.caught_by for t in game.rounds[-1].turns if t.seat == 0 and t.caught_by is not None)
    assert f'Player {catcher + 1} calls "Stop makao!"' in text
    assert 'Player 1 (you) forgot to call "makao" and draws 5 penalty cards.' in text
    assert "Player 1 (you) demands" in text
    assert "K♠. The previous player, " in text
    # pl is played on for places: the score table names every place once.
    cells = [c.replace("\\", "") for row in at.table[0].value.values.tolist() for c in row]   # Markdown escapes
    assert sorted(c for c in cells if c.startswith("place")) == ["place 1 (3)", "place 2 (2)", "place 3 (1)", "place 4 (0)"]


@pytest.mark.parametrize("variant", ["pl-trad", "pl-devdo", "da", "hu"])
def test_a_round_is_played_to_its_end(variant: str) -> None:
    at = open_play(variant)
    game, text = run_round(at, variant, seed=3)
    record = game.rounds[-1]
    assert record.turns and game.stats.rounds == 1
    assert "The round is over" in text
    data = table(at)
    assert data["timer"] is None and data["buttons"] == []          # nothing left to press at the table
    if variant == "da":
        # 10 points per card the others hold, to the winner only.
        winner = record.result["winner"]
        left = sum(len(h) for s, h in enumerate(game.state.hands) if s != winner)
        assert record.scores[winner] == 10 * left and sum(record.scores) == 10 * left
        assert 'The game says "Makao!" for' in text
    if variant == "pl-trad":
        assert sum(record.scores) == 1 and record.scores[record.result["loser"]] == 1
    transcript = at.get("download_button")[0]
    assert transcript.proto.label == "Download the round (text)"


def test_out_first_the_computer_players_rest_is_played_at_once() -> None:
    # Beginners play on for a long time after the learner is out: the case the button is for.
    seed = find_seed("pl-trad", lambda g: g.rounds[-1].result["places"][0] == 0 and len(g.rounds[-1].turns) > 400,
                     strength="beginner")
    at = open_play("pl-trad")
    game, text = run_round(at, "pl-trad", seed, strength="beginner")
    assert "(the rest was played at once)" in text
    assert game.over and game.rounds[-1].result["places"][0] == 0
    assert "The round is over: player " in text and "is left holding cards and loses." in text


def test_a_dimmed_card_says_why_it_may_not_go() -> None:
    at = open_play("da")
    for seed in range(1, 60):
        deal(at, "da", seed=seed)
        game = at.session_state[GAME]
        illegal = [c for c, v in model.selectable(game).items() if not v.legal]
        if model.human_to_move(game) and illegal:
            break
    else:
        raise AssertionError("no deal with a dimmed first card")
    card = game.rules.deck.name(illegal[0])
    before = table(at)
    shown = next(c for c in before["hand"]["cards"] if c["card"] == card)
    assert shown["state"] == "illegal" and "may not be played" in shown["label"]
    send(at, {"type": "tap", "card": card})
    why = table(at)["why"]
    assert why and why.startswith(card.replace("c", "♣").replace("d", "♦").replace("h", "♥").replace("s", "♠")[:-1])
    assert "may not" in why


def test_take_back_returns_to_the_position_before_your_move() -> None:
    at = open_play("da")
    deal(at, "da", seed=5)
    game = at.session_state[GAME]
    before = game.state
    action = learner_action(game, forget_makao=False)
    game = send(at, action)
    if game.selected:
        game = send(at, {"type": "play"})
    if game.picking:
        game = send(at, learner_action(game, forget_makao=False))
    assert game.state != before
    game = send(at, {"type": "step"})
    game = send(at, {"type": "takeback"})
    assert game.state == before and game.turns == ()
    assert "Your last move was taken back." in [c.value for c in at.caption]
    # A counted match has no take-backs.
    deal(at, "da", seed=5, counted=True)
    game = send(at, learner_action(at.session_state[GAME], forget_makao=False))
    assert all(b["id"] != "takeback" for b in table(at)["buttons"])
    game = send(at, {"type": "takeback"})
    assert game.notice == "no_takeback"


def test_hot_seat_hides_the_hand_until_the_next_person_takes_the_device() -> None:
    at = open_play("da")
    deal(at, "da", players=3, humans=2, seed=2)
    game = at.session_state[GAME]
    assert game.state.to_move == 0 and table(at)["hand"]["cards"]
    for _ in range(20):
        game = send(at, learner_action(game, forget_makao=False))
        if game.state.to_move == 1 or game.curtain is not None:
            break
    assert game.curtain == 1
    data = table(at)
    assert data["hand"]["cards"] == [] and data["curtain"]["text"].startswith("Pass the device to Player 2")
    names = {game.rules.deck.name(c) for c in game.state.hands[1]}
    assert not any(f'"card": "{name}"' in json.dumps(data) for name in names)
    assert send(at, {"type": "tap", "card": sorted(names)[0]}).notice == "pass_device"
    game = send(at, {"type": "ready"})
    assert game.curtain is None and game.viewer == 1
    shown = {c["card"] for c in table(at)["hand"]["cards"]}
    assert shown == names


def test_no_action_raises_and_every_bad_one_leaves_the_game_as_it_was() -> None:
    at = open_play("hu")
    deal(at, "hu", seed=4)
    for action in [None, "play", {}, {"type": 3}, {"type": "nonsense"}, {"type": "tap"},
                   {"type": "tap", "card": "Zz"}, {"type": "tap", "card": ["Kh"]}, {"type": "pick", "value": "h"},
                   {"type": "call", "call": "shout"}, {"type": "replay", "to": "x"}, {"type": "next_round"},
                   {"type": "ready"}, {"type": "play"}, {"type": "wait"}, {"type": "pass"}]:
        before = at.session_state[GAME].state
        game = send(at, action)
        assert game.state == before
    # Every button the table offers is accepted, whatever the state.
    for _ in range(60):
        game = at.session_state[GAME]
        if game.over:
            break
        data = table(at)
        for b in data["buttons"] + [{"action": c["action"]} for c in data["hand"]["cards"] if c["action"]][:2]:
            send(at, b["action"])
        send(at, {"type": "step"})


def test_a_match_keeps_scores_and_statistics_and_a_round_can_be_replayed() -> None:
    at = open_play("da")
    deal(at, "da", seed=7, rounds=2)
    for number in (1, 2):
        game = at.session_state[GAME]
        game, _ = play_out(game)
        at.session_state[GAME] = game
        at.run()
        assert not at.exception
        if number == 1:
            at.button(key="play_next_round").click().run()
            assert at.session_state[GAME].round_no == 2
    game = at.session_state[GAME]
    assert game.match_over and game.stats.rounds == 2
    frame = at.table[0].value
    assert list(frame.index) == ["Round 1", "Round 2", "Total"]
    assert [int(v) for v in frame.loc["Total"]] == list(model.totals(game))
    assert any("Rounds: 2" in c.value for c in at.caption)
    at.button(key="play_replay").click().run()
    assert table(at)["seats"][1]["faces"] is not None          # the replay shows every hand
    at.button(key="play_replay_forward").click().run()
    assert at.session_state[GAME].replay == 1
    at.button(key="play_replay_end").click().run()
    assert at.session_state[GAME].replay is None


def test_two_sessions_do_not_share_a_game() -> None:
    first, second = open_play("da"), open_play("da")
    deal(first, "da", seed=9)
    assert GAME in first.session_state
    second.run()
    assert GAME not in second.session_state
    # No table in the second session: only the component that asks its browser for a kept game.
    assert not [e for e in second.main if e.type == "bidi_component" and "seats" in json.loads(e.proto.json)]


@pytest.mark.parametrize("lang", ["pl", "da", "hu"])
def test_the_table_speaks_the_session_language(lang: str) -> None:
    at = open_play("da", lang)
    deal(at, "da", seed=1)
    if not model.human_to_move(at.session_state[GAME]):
        send(at, {"type": "step"})
    data = table(at)
    english = open_play("da", "en")
    deal(english, "da", seed=1)
    if not model.human_to_move(english.session_state[GAME]):
        send(english, {"type": "step"})
    theirs = [c["label"] for c in table(english)["hand"]["cards"]]
    ours = [c["label"] for c in data["hand"]["cards"]]
    assert len(ours) == len(theirs) and all(a != b for a, b in zip(ours, theirs, strict=False))    # card names translated
    assert all(line not in log_text(english) for line in log_text(at).splitlines()[2:])  # narration too


def test_the_hungarian_score_table_keeps_its_ordinals_as_names_not_a_numbered_list() -> None:
    # "1. játékos", "1. leosztás": st.table reads labels as Markdown, where "1. " starts a numbered list.
    at = open_play("hu", lang="hu")
    run_round(at, "hu", seed=3)
    frame = at.table[0].value
    assert list(frame.columns)[:2] == ["1\\. játékos", "2\\. játékos"]
    assert list(frame.index)[0] == "1\\. leosztás"


def test_play_again_deals_new_cards_with_the_next_seed_shown_in_the_form() -> None:
    at = open_play("da")
    first, _ = run_round(at, "da", seed=3)
    assert first.match_over
    at.button(key="play_again").click().run()
    assert not at.exception, at.exception
    again = at.session_state[GAME]
    assert again.settings.seed == 4 and at.number_input(key="play_set_seed").value == 4
    assert again.state.hands[0] != first.rounds[-1].turns[0].before.hands[0]     # other cards


def test_the_switches_and_the_new_game_form_survive_a_page_switch() -> None:
    at = open_play("da")
    deal(at, "da", seed=7)
    at.toggle(key="play_checker").set_value(True).run()
    at.toggle(key="play_lighting").set_value(False).run()
    at.switch_page("app_pages/rules.py").run()
    at.switch_page("app_pages/play.py").run()
    assert not at.exception, at.exception
    assert at.toggle(key="play_checker").value is True and at.session_state[GAME].checker
    assert at.toggle(key="play_lighting").value is False
    assert at.number_input(key="play_set_seed").value == 7
