"""The coach's best move lit on the Play table, and the move checker's spinner.

The table data (``ui.play.view.table_data``) is what the card-table component draws: the best move's
cards carry ``coach`` (the component gives them the ``is-coach`` outline and a badge), the deck or the
button of a draw / sit-out / call is marked the same way, and ``coach.text`` is the visible line that
names the move with its wish. Real positions and real hints (a cheap budget); where a test needs a
best move of a given shape, the hint's own estimate of that legal move is put first.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
import streamlit

from engine.moves import DRAW, parse_move
from engine.position import position_from_json
from engine.ruleset import load_ruleset
from tests.ui.play.test_coach_play import BUDGET, cheap_coach, draw_is_questioned  # noqa: F401 (fixture)
from tests.ui.play.test_play_page import GAME, deal, open_play, table
from ui.play import coaching, model
from ui.play.model import act
from ui.play.view import table_data
from ui.present.coach_text import move_text
from ui.present.i18n import translator

EN = translator("en")


def first_game(variant: str, seed: int, players: int = 4) -> model.Game:
    game = model.start(model.make_settings(load_ruleset(variant), players, 1, ["club"] * (players - 1), seed))
    assert model.human_to_move(game)
    return game


def with_best(game: model.Game, notation: str) -> model.Game:
    """The game with a real hint for its position in which the legal move ``notation`` is the best."""
    h = coaching.hint_for(game.state, 0, BUDGET, None)
    chosen = next(e for e in h.moves if e.notation == notation)
    return replace(game, coach=h._replace(moves=(chosen, *(e for e in h.moves if e is not chosen))))


def lit(data: dict) -> list[str]:
    return [c["card"] for c in data["hand"]["cards"] if c["coach"]]


def test_a_group_lights_every_card_in_the_order_it_is_played() -> None:
    game = with_best(first_game("da", 37), "play 5h 5s")
    data = table_data(game, EN)
    assert sorted(lit(data)) == ["5h", "5s"]
    cards = {c["card"]: c for c in data["hand"]["cards"]}
    assert (cards["5h"]["coach_order"], cards["5s"]["coach_order"]) == (1, 2)
    assert all(c["coach_order"] is None for c in data["hand"]["cards"] if not c["coach"])
    for name in ("5h", "5s"):
        assert cards[name]["label"].endswith(", the coach's best move")
    assert data["coach"] == {"badge": "Best", "text": "The coach's best move: 5♥ 5♠"}
    # A play lights no control; the cards keep their own lighting beside the coach's mark: the group's
    # first card ("Best 1") is the one that may be tapped first.
    assert not any(b.get("coach") for b in data["buttons"]) and not data["deck"].get("coach")
    assert cards["5h"]["state"] == "legal"
    after_first = table_data(act(game, {"type": "tap", "card": "5h"}), EN)
    assert {c["card"]: c["state"] for c in after_first["hand"]["cards"]}["5s"] == "legal"
    assert sorted(lit(after_first)) == ["5h", "5s"]          # the mark stays while the group is put together


def test_a_single_card_is_lit_and_no_other() -> None:
    game = with_best(first_game("da", 3), "play 9d")
    data = table_data(game, EN, lighting=False)           # the coach's mark does not depend on the lighting switch
    assert lit(data) == ["9d"]
    assert [c["coach_order"] for c in data["hand"]["cards"] if c["coach"]] == [None]
    assert data["coach"]["text"] == "The coach's best move: 9♦"


def test_a_draw_lights_the_deck_and_the_draw_button() -> None:
    game = with_best(first_game("da", 3), "draw")
    data = table_data(game, EN)
    assert lit(data) == []
    assert data["deck"]["coach"] and data["deck"]["aria"] == data["deck"]["label"] + ": the coach's best move"
    draw = next(b for b in data["buttons"] if b["id"] == "draw")
    assert draw["coach"] and draw["aria"] == "Draw: the coach's best move"
    assert data["coach"]["text"] == "The coach's best move: draw a card"


def test_a_demand_is_said_in_the_line_and_lit_in_the_picker() -> None:
    game = with_best(first_game("da", 2), "play Jc demand 7")
    data = table_data(game, EN)
    assert lit(data) == ["Jc"]
    assert data["coach"]["text"] == "The coach's best move: " + move_text(parse_move("play Jc demand 7", game.rules.deck), game.rules) \
        == "The coach's best move: J♣, demand 7"
    picking = act(act(game, {"type": "tap", "card": "Jc"}), {"type": "play"})
    assert picking.picking and picking.coach is game.coach
    options = table_data(picking, EN)["picker"]["options"]
    marked = [o for o in options if o.get("coach")]
    assert [o["action"]["value"] for o in marked] == ["7"]
    assert marked[0]["aria"].endswith(": the coach's best move")


def test_the_picker_lights_no_wish_when_the_coach_plays_other_cards() -> None:
    game = with_best(first_game("da", 2), "draw")
    picking = act(act(game, {"type": "tap", "card": "Jc"}), {"type": "play"})
    assert picking.picking
    data = table_data(picking, EN)
    assert not any(o.get("coach") for o in data["picker"]["options"])
    assert data["coach"]["text"] == "The coach's best move: draw a card"


def test_a_last_card_call_in_the_best_move_lights_the_call_button() -> None:
    rules = load_ruleset("pl")
    state = position_from_json({"variant": "pl", "hands": [["5d", "9s"], 3, 3], "to_move": 0, "pile": ["6d"]}, rules)
    game = with_best(replace(first_game("pl", 1, players=3), state=state), "play 5d makao")
    data = table_data(game, EN)
    assert lit(data) == ["5d"]
    call = next(b for b in data["buttons"] if b["id"] == "call_makao")
    assert call["coach"] and call["aria"] == call["label"] + ": the coach's best move"
    assert data["coach"]["text"] == "The coach's best move: " + move_text(parse_move("play 5d makao", rules.deck), rules)
    assert "makao" in data["coach"]["text"].lower()


def test_nothing_is_lit_without_a_hint_or_for_a_computer_seat() -> None:
    game = first_game("da", 3)
    data = table_data(game, EN)
    assert data["coach"] is None and lit(data) == [] and not data["deck"].get("coach")
    after = act(with_best(game, "draw"), {"type": "draw"})          # the move clears the hint
    assert after.coach is None and table_data(after, EN)["coach"] is None


def test_the_hint_button_lights_the_hints_best_move_on_the_table() -> None:
    at = open_play("da")
    deal(at, "da", seed=37)
    at.button(key="play_hint").click().run()
    assert not at.exception, at.exception
    game = at.session_state[GAME]
    best = game.coach.best
    data = table(at)
    assert sorted(lit(data)) == sorted(game.rules.deck.name(c) for c in best.move.cards)
    assert data["coach"]["text"] == "The coach's best move: " + move_text(best.move, game.rules)


def test_while_the_checker_asks_the_table_lights_its_better_move() -> None:
    seed = draw_is_questioned("da")
    at = open_play("da")
    deal(at, "da", seed=seed)
    at.toggle(key="play_checker").set_value(True).run()
    at.session_state["play_queued"] = {"type": "draw"}    # what the table's callback holds while the checker is on
    at.run()
    game = at.session_state[GAME]
    assert game.pending is not None and game.pending.move == DRAW
    best = game.pending.shortfall.best
    data = table(at)
    assert sorted(lit(data)) == sorted(game.rules.deck.name(c) for c in best.move.cards)
    assert data["coach"]["text"] == "The coach's best move: " + move_text(best.move, game.rules)


class SpinnerLog:
    """Stands in for ``st.spinner`` and keeps the messages it was opened with."""

    def __init__(self, real) -> None:
        self.real, self.messages = real, []

    def __call__(self, text: str, *args, **kwargs):
        self.messages.append(text)
        return self.real(text, *args, **kwargs)


def test_the_move_checker_judges_the_move_under_a_spinner(monkeypatch: pytest.MonkeyPatch) -> None:
    spinner = SpinnerLog(streamlit.spinner)
    monkeypatch.setattr(streamlit, "spinner", spinner)
    seed = draw_is_questioned("da")
    at = open_play("da")
    deal(at, "da", seed=seed)
    at.toggle(key="play_checker").set_value(True).run()
    assert spinner.messages == []
    at.session_state["play_queued"] = {"type": "draw"}
    at.run()
    assert not at.exception, at.exception
    assert spinner.messages == ["The coach is checking your move…"]
    assert at.session_state[GAME].pending is not None and "play_queued" not in at.session_state
    assert [b.key for b in at.button if b.key in ("play_confirm", "play_reconsider")] == ["play_confirm",
                                                                                          "play_reconsider"]
    at.run()                                   # nothing held: no spinner on a plain rerun
    assert spinner.messages == ["The coach is checking your move…"]


def test_the_checker_is_active_only_for_a_person_to_move_without_a_question() -> None:
    game = first_game("da", 3)
    assert not model.checker_active(game)
    on = act(game, {"type": "checker", "on": True})
    assert model.checker_active(on)
    seat = draw_is_questioned("da")
    asked = act(act(first_game("da", seat), {"type": "checker", "on": True}), {"type": "draw"})
    assert asked.pending is not None and not model.checker_active(asked)
