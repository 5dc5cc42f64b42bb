"""The Sandbox on the shared card table: taps select and play, dimmed cards say why, demands and calls.

AppTest cannot tap inside the card-table component, so the flows send the very actions the component
sends (``{"type": "tap", "card": "Ks"}``, ``{"type": "play"}`` ...) through
``ui.sandbox.controller.on_table`` (the one function every table action goes through) and read what
the table shows from the component's data. The pure ``ui.sandbox.table.act`` is pinned underneath.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.position import position_from_json
from ui.present.i18n import translator
from ui.sandbox import controller as ctl
from ui.sandbox import table as tb
from ui.sandbox.controller import EDITOR, NOTICE, PICK, TIMELINE, TIMELINE_SOURCE
from ui.sandbox.model import load_examples
from ui.widgets.kept_record import PROBE_KEY as KEPT_PROBE

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
KEPT = (TIMELINE, TIMELINE_SOURCE, PICK, NOTICE)


def open_example(example_id: str, lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("app_pages/sandbox.py").run()
    at.selectbox(key="sandbox_example").set_value(example_id)
    at.button(key="sandbox_load_example").click().run()
    assert not at.exception, at.exception
    return at


def table(at: AppTest) -> dict:
    """The data the Sandbox's card table was drawn from (what the browser shows)."""
    found = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
    assert len(found) == 1
    return json.loads(found[0].proto.json)


def send(at: AppTest, *actions: dict) -> None:
    """Sends table actions as the component does, through the controller, and reruns the page."""
    for action in actions:
        state = {key: at.session_state[key] for key in KEPT if key in at.session_state}
        ctl.on_table(state, action)
        for key in KEPT:
            if key in state:
                at.session_state[key] = state[key]
            elif key == NOTICE and key in at.session_state:
                at.session_state[key] = None
        at.run()
        assert not at.exception, at.exception


def hand(at: AppTest) -> dict[str, dict]:
    return {c["card"]: c for c in table(at)["hand"]["cards"]}


def played(at: AppTest) -> list[str]:
    return [step.move for step in at.session_state[TIMELINE].done]


def example_state(example_id: str):
    return position_from_json(next(e for e in load_examples() if e.id == example_id).position())


# ------------------------------------------------------------------------------- through the page

def test_the_hand_of_the_player_to_move_is_on_the_table_with_playable_cards_lit() -> None:
    at = open_example("battle-kings")
    data = table(at)
    cards = hand(at)
    assert {c: v["state"] for c, v in cards.items()} == {"Ks": "legal", "2h": "legal", "9c": "illegal"}
    assert cards["9c"]["label"] == "9♣ — nine of clubs, may not be played"
    assert data["hand"]["label"] == "Hand of player 1"
    assert data["banners"] == [{"kind": "attack", "text": "Player 1 must draw 5 cards or defend."}]
    seats = {s["name"]: s for s in data["seats"]}
    assert seats["Player 1"]["you"] and seats["Player 2"]["roles"] == ["next"]
    assert seats["Player 3"]["roles"] == ["previous"]
    assert seats["Player 2"]["faces"] and len(seats["Player 3"]["faces"]) == 3     # beginner: every hand open
    assert [b["label"] for b in data["buttons"]][:1] == ["Draw 5 cards"]


def test_the_player_view_turns_the_other_hands_face_down() -> None:
    at = open_example("battle-kings")
    at.radio(key="_sandbox_view_picker").set_value("player").run()
    seats = {s["name"]: s for s in table(at)["seats"]}
    assert seats["Player 2"]["faces"] is None and seats["Player 3"]["faces"] is None
    assert seats["Player 2"]["count_text"] == "4 cards"
    assert set(hand(at)) == {"Ks", "2h", "9c"}                  # the mover's own hand stays open


def test_a_dimmed_card_tapped_says_the_engines_reason_and_plays_nothing() -> None:
    at = open_example("battle-kings")
    send(at, {"type": "tap", "card": "9c"})
    data = table(at)
    assert data["why_label"] == "Why not"
    assert data["why"].startswith("9♣ may not be played: an attack is pending")
    assert not played(at)


def test_a_card_tapped_twice_is_played_narrated_and_undone() -> None:
    at = open_example("battle-kings")
    send(at, {"type": "tap", "card": "Ks"})
    assert hand(at)["Ks"]["state"] == "selected"
    assert [b["id"] for b in table(at)["buttons"]][:2] == ["play", "clear"]
    send(at, {"type": "tap", "card": "Ks"})
    assert played(at) == ["play Ks"]
    assert "Player 1 plays K♠." in at.info[0].value
    data = table(at)
    assert data["hand"]["label"] == "Hand of player 3" and data["headline"] == "Player 3 is to move."
    assert data["banners"][0]["text"] == "Player 3 must draw 10 cards or defend."
    send(at, {"type": "draw"})
    assert played(at) == ["play Ks", "draw"]
    at.button(key="sandbox_undo").click().run()
    assert played(at) == ["play Ks"] and table(at)["hand"]["label"] == "Hand of player 3"


def test_a_jack_asks_for_its_demand_in_the_picker() -> None:
    at = open_example("jack-demand")
    send(at, {"type": "tap", "card": "Jd"}, {"type": "play"})
    picker = table(at)["picker"]
    assert picker["title"] == "Choose the rank to demand"
    labels = [o["label"] for o in picker["options"]]
    assert "Demand 7" in labels and "No demand" in labels and labels[-1] == "Clear"
    assert table(at)["buttons"] == []                           # nothing else while the picker asks
    send(at, {"type": "pick", "value": "K"})                     # kings are not demanded in pl: nothing happens
    assert not played(at)
    send(at, {"type": "pick", "value": "7"})
    assert played(at) == ["play Jd demand 7"]


def test_an_ace_asks_for_its_suit_in_the_picker() -> None:
    at = open_example("ace-wish-queen")
    send(at, {"type": "tap", "card": "Ad"}, {"type": "tap", "card": "Ad"})     # a second tap asks, too
    picker = table(at)["picker"]
    assert picker["title"] == "Choose the suit to wish for"
    assert "Wish for spades" in [o["label"] for o in picker["options"]]
    send(at, {"type": "pick", "value": "s"})
    assert played(at) == ["play Ad suit s"]
    assert table(at)["banners"][0] == {"kind": "wish", "text": "Player 1 has wished for spades."}


def test_a_group_of_one_rank_goes_down_in_the_order_tapped() -> None:
    at = open_example("three-against-two")
    send(at, {"type": "tap", "card": "3h"})
    assert hand(at)["3c"]["state"] == "legal"                   # 3♣ may follow 3♥ (same rank)
    assert hand(at)["Qh"]["state"] == "illegal"
    send(at, {"type": "tap", "card": "3c"})
    assert [b["label"] for b in table(at)["buttons"]][0] == "Play 2 cards"
    send(at, {"type": "play"})
    assert played(at) == ["play 3h 3c"]


def test_the_makao_call_is_a_toggle_that_goes_with_the_play() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    at.switch_page("app_pages/sandbox.py").run()
    for place, text in (("pile", "7h"), ("hand_0", "7c 8h"), ("hand_1", "3")):
        at.text_input(key=f"{EDITOR}{place}_text").input(text).run()
    call = next(b for b in table(at)["buttons"] if b["id"] == "call_makao")
    assert call["label"] == 'Say "Makao!"' and call["pressed"] is False
    send(at, {"type": "call", "call": "makao"})
    assert next(b for b in table(at)["buttons"] if b["id"] == "call_makao")["pressed"] is True
    send(at, {"type": "tap", "card": "7c"}, {"type": "play"})
    assert played(at) == ["play 7c makao"]


def test_the_table_runs_in_every_language() -> None:
    for lang in ("pl", "da", "hu"):
        at = open_example("battle-kings", lang=lang)
        send(at, {"type": "tap", "card": "9c"})
        data = table(at)
        assert data["why"] and data["why_label"] != "Why not", lang
        assert data["hand"]["label"] != "Hand of player 1", lang


def test_the_coach_lights_its_best_move_on_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    from ui.sandbox import coach
    monkeypatch.setattr(coach, "PLAYOUTS", 60)
    at = open_example("battle-kings")
    at.button(key="sandbox_coach_ask").click().run()
    assert not at.exception, at.exception
    h = coach.answer(dict(at.session_state.to_dict()), at.session_state[TIMELINE].current)
    best = {example_state("battle-kings").rules.deck.name(c) for c in h.best.move.cards}
    lit = {c for c, v in hand(at).items() if v["coach"]}
    assert lit == best and all(hand(at)[c]["label"].endswith("the coach's best move") for c in lit)
    # Visible as on Play: the widget draws the badge and the line only when the table carries them.
    coach_mark = table(at)["coach"]
    assert coach_mark["badge"] == "Best" and coach_mark["text"].startswith("The coach's best move: ")


def test_a_best_move_that_draws_lights_the_deck_and_the_draw_button() -> None:
    from engine.moves import DRAW

    state = example_state("battle-kings")
    data = tb.table_data(state, tb.Pick(), translator("en"), best=DRAW, best_notation="draw")
    assert data["coach"]["text"].startswith("The coach's best move: ") and data["coach"]["badge"] == "Best"
    assert not any(c["coach"] for c in data["hand"]["cards"])
    draw = [b for b in data["buttons"] if b["id"] == "draw"]
    assert draw and draw[0]["coach"] and draw[0]["aria"].endswith("the coach's best move")
    if data["deck"]["action"] is not None:
        assert data["deck"]["coach"]
    assert tb.table_data(state, tb.Pick(), translator("en"))["coach"] is None   # no answer kept: nothing lit


# ------------------------------------------------------------------------------- the pure table

def test_stale_or_unknown_actions_change_nothing() -> None:
    state = example_state("battle-kings")
    pick = tb.Pick()
    for action in (None, {}, {"type": "tap", "card": "Ah"}, {"type": "tap", "card": "zz"}, {"type": "play"},
                   {"type": "pick", "value": "7"}, {"type": "call", "call": "kakao"}, {"type": "fly"}):
        assert tb.act(state, pick, action) == (pick, None), action


def test_the_wrong_answer_to_an_attack_gives_its_reason() -> None:
    state = example_state("battle-kings")           # a draw attack: waiting is for sit-out attacks
    pick, move = tb.act(state, tb.Pick(), {"type": "wait"})
    assert move is None and pick.why is not None and not pick.why.legal
    assert tb.other_move(example_state("fours-and-waiting")).kind == "wait"


def test_the_buttons_offer_the_answer_the_position_allows() -> None:
    t = translator("en")
    skip = tb.table_data(example_state("fours-and-waiting"), tb.Pick(), t)
    assert [b["id"] for b in skip["buttons"]][:1] == ["wait"] and skip["deck"]["action"] is None
    assert "draw" not in [b["id"] for b in skip["buttons"]]
    draw = tb.table_data(example_state("battle-kings"), tb.Pick(), t)
    assert draw["deck"]["action"] == {"type": "draw"}
