"""AppTest: a house ruleset with a reversing card, made in the house-rules form, plays a whole
seeded random round in the Sandbox; the editor sets the direction of play."""
from __future__ import annotations

import json
import random
from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.moves import format_move
from engine.rules import legal_moves
from ui.compare import page as compare_view
from ui.sandbox.controller import DRAFT, EDITOR, TIMELINE, move_key
from ui.shell import house_rules
from ui.widgets.kept_record import PROBE_KEY as KEPT_PROBE

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
SANDBOX = "app_pages/sandbox.py"
VARIANTS = "app_pages/variants.py"
SEED = 7   # a 3-player round of 29 moves in which the direction turns four times


def start() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.run()
    assert not at.exception, at.exception
    return at


def make_house_rules_with_a_reversing_nine(at: AppTest) -> None:
    at.switch_page(VARIANTS).run()
    at.selectbox(key=compare_view.HOUSE_BASE).set_value("de-maumau").run()
    at.button(key=compare_view.HOUSE_START).click().run()
    at.selectbox(key="house_field_reverse_rank").set_value("9")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    assert not at.exception and house_rules.house_error(at.session_state) is None
    house = house_rules.house_ruleset(at.session_state)
    assert [r.pattern for r in house.cards if r.reverse] == ["9"]


def test_a_house_ruleset_with_a_reversing_card_plays_a_full_random_round_in_the_sandbox() -> None:
    at = start()
    make_house_rules_with_a_reversing_nine(at)
    at.switch_page(SANDBOX).run()
    at.selectbox(key=f"{EDITOR}variant").set_value("de-maumau-house").run()
    at.number_input(key=f"{EDITOR}seats").set_value(3).run()
    at.number_input(key="sandbox_seed").set_value(SEED).run()
    at.button(key="sandbox_deal").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    rng = random.Random(SEED)
    directions = []
    for _ in range(200):
        state = at.session_state[TIMELINE].current
        directions.append(state.direction)
        if state.over:
            break
        moves = legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        at.button(key=move_key(format_move(move, state.rules.deck))).click().run()
        assert not at.exception, at.exception
    assert at.session_state[TIMELINE].current.over, "the round did not end"
    turns = sum(1 for a, b in zip(directions, directions[1:], strict=False) if a != b)
    assert turns == 4
    shown = [m.value for m in at.markdown] + [i.value for i in at.info]
    assert any("The round is over" in text for text in shown)


def test_the_editor_sets_the_direction_and_the_verdicts_follow() -> None:
    at = start()
    make_house_rules_with_a_reversing_nine(at)
    at.switch_page(SANDBOX).run()
    at.selectbox(key=f"{EDITOR}variant").set_value("de-maumau-house").run()
    at.number_input(key=f"{EDITOR}seats").set_value(3).run()
    for place, text in (("pile", "10h"), ("hand_0", "7h Kc Qd"), ("hand_1", "5"), ("hand_2", "5")):
        at.text_input(key=f"{EDITOR}{place}_text").input(text).run()
    at.radio(key=f"{EDITOR}direction").set_value("counterclockwise").run()
    assert not at.exception
    assert at.session_state[DRAFT]["direction"] == "counterclockwise"
    # The board's lines are the card table's banners now; its arrow turns too.
    [component] = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
    data = json.loads(component.proto.json)
    assert any("counterclockwise" in b["text"] for b in data["banners"]) and data["clockwise"] is False
    at.button(key=move_key("play 7h")).click().run()
    assert at.session_state[TIMELINE].current.to_move == 2   # the 7 hits player 3, the next one the other way
    at.radio(key=f"{EDITOR}direction").set_value("clockwise").run()
    assert "direction" not in at.session_state[DRAFT]
