"""AppTest: German Mau-Mau with the reversing 9 (de-maumau-9) appears by itself on Rules, Compare,
Sandbox, Learn and Play, and each page says what the 9 does to the direction of play."""
from __future__ import annotations

import json
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.ui.compare.test_page import comparison
from ui.compare import page as compare_view
from ui.play import model
from ui.play.model import act
from ui.widgets.kept_record import PROBE_KEY as KEPT_PROBE

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")
VARIANT = "de-maumau-9"
NAME = "German Mau-Mau with the reversing 9"


def open_page(script: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["variant"] = VARIANT
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page(script).run()
    assert not at.exception, at.exception
    return at


def markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_the_rules_page_says_the_nine_reverses_the_direction() -> None:
    at = open_page("app_pages/rules.py")
    text = markdown(at)
    assert "It reverses the direction of play" in text
    assert "With two players it changes nothing about who moves next." in text
    assert "The 9 reverses the direction of play, as some German tables" in text.replace("\\", "")


def test_the_compare_table_has_the_direction_row_and_tells_the_two_mau_mau_apart() -> None:
    at = open_page("app_pages/variants.py")
    at.multiselect(key=compare_view.PICKER).set_value(["de-maumau", VARIANT]).run()
    assert not at.exception
    frame = comparison(at)
    row = frame.loc["Direction of play"]
    assert row["German Mau-Mau"] == "Always clockwise: no card reverses it."
    assert row[NAME].startswith("Clockwise until 9 reverses it")
    assert frame.loc["9", "German Mau-Mau"] != frame.loc["9", NAME]


def test_the_sandbox_deals_a_round_and_offers_the_direction() -> None:
    at = open_page("app_pages/sandbox.py")
    at.button(key="sandbox_deal").click().run()
    assert not at.exception and not at.error
    assert at.radio(key="sandbox_ed_direction").value == "clockwise"


def test_learn_lists_the_reversing_lesson() -> None:
    at = open_page("app_pages/learn.py")
    assert "The 9: turn the direction around" in markdown(at) + "\n".join(b.label for b in at.button)


def test_play_deals_a_round_whose_table_shows_the_direction() -> None:
    at = open_page("app_pages/play.py")
    at.selectbox(key="play_set_rules").set_value(VARIANT).run()
    at.number_input(key="play_set_players").set_value(4).run()
    at.number_input(key="play_set_seed").set_value(68)
    at.button(key="play_deal").click().run()
    assert not at.exception
    seen = set()
    for _ in range(300):
        [component] = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
        data = json.loads(component.proto.json)
        game = at.session_state["play_game"]
        seen.add(data["clockwise"])
        assert data["clockwise"] == (game.state.direction > 0)
        assert data["direction_text"] == ("Direction of play: clockwise" if data["clockwise"]
                                          else "Direction of play: counterclockwise")
        if game.over or model.people_out(game):
            break
        if model.human_to_move(game):
            legal = [c for c, v in model.selectable(game).items() if v.legal]
            action = ({"type": "pick", "value": model.wish_options(game)[1][0]} if game.picking else
                      {"type": "play"} if game.selected else
                      {"type": "tap", "card": game.rules.deck.name(legal[0])} if legal else
                      {"type": model.non_play_move(game.state).kind})
        else:
            action = {"type": "step"}
        at.session_state["play_game"] = act(game, action)
        at.run()
        assert not at.exception, at.exception
    assert seen == {True, False}
