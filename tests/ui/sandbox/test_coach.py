"""AppTest: "What is the best move here?" in the Sandbox — the coach's number next to every legal move.

A cheap budget (100 playouts); the coach is handed the mover's view only, so the answer cannot
depend on the other hands the Sandbox shows face up (the hint engine's own tests pin that).
"""
from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.rules import legal_moves
from tests.ui.sandbox.test_page import load_example, open_sandbox, texts
from ui.present.coach_text import describe_hint, value_text
from ui.sandbox import coach
from ui.sandbox.controller import TIMELINE
from ui.sandbox.model import load_examples
from ui.shell import handoff
from ui.shell.pages import SANDBOX_SCRIPT


@pytest.fixture(autouse=True)
def cheap_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coach, "PLAYOUTS", 100)
    monkeypatch.setattr(coach, "SECONDS", None)


def ask_the_coach_on(position: dict, variant: str) -> AppTest:
    """Hands the position to the Sandbox, as Play does, and asks "What is the best move here?"."""
    at = open_sandbox(variant=variant)
    handoff.leave(SANDBOX_SCRIPT, position, at.session_state)
    at.run()
    assert not at.exception, at.exception
    at.button(key="sandbox_coach_ask").click().run()
    assert not at.exception, at.exception
    return at


def test_the_best_move_answer_puts_the_chances_next_to_each_verdict() -> None:
    example = load_examples()[0]
    at = open_sandbox(variant=example.position()["variant"])
    load_example(at, example.id)
    at.button(key="sandbox_coach_ask").click().run()
    assert not at.exception, at.exception
    state = at.session_state[TIMELINE].current
    h = coach.answer(at.session_state, state)
    assert h is not None
    assert {e.move for e in h.moves} == set(legal_moves(state))
    shown = texts(at)
    assert describe_hint(h, state.rules) in shown
    for estimate in h.moves:   # every legal move's verdict row carries its number
        assert value_text(estimate, h) in shown
    assert shown.count("the best move.") == 1
    # A move played on: the kept answer belonged to the old position and is no longer shown.
    at.button(key=next(b.key for b in at.button if b.key and b.key.startswith("sandbox_move_"))).click().run()
    assert not at.exception, at.exception
    assert coach.answer(at.session_state, at.session_state[TIMELINE].current) is None
    assert describe_hint(h, state.rules) not in texts(at)


def test_the_fold_holding_the_best_move_opens_so_its_number_is_in_view() -> None:
    # Seen in da: the coach's best move, J♦ J♣ with no demand, sat folded under "14 ways to play it".
    from engine.position import position_to_json
    from engine.ruleset import load_ruleset
    from ui.play import model
    game = model.start(model.make_settings(load_ruleset("da"), 4, 1, ["club"] * 3, 4))
    position = position_to_json(game.state)
    position.pop("over", None)
    at = ask_the_coach_on(position, "da")
    h = coach.answer(at.session_state, at.session_state[TIMELINE].current)
    assert h is not None and h.best.move.demand is not None      # the best is one of a jack's many ways
    folds = [e for e in at.expander if "ways to play it" in e.label]
    assert folds
    opened = [e for e in folds if e.proto.expanded]
    assert len(opened) == 1
    assert any(f"Coach: {value_text(h.best, h)}, the best move." in m.value for m in opened[0].markdown)


def test_under_a_draw_attack_the_answer_names_the_draw_as_the_penalty() -> None:
    # Seen under "Attack: player 1 (you) must draw 5 cards": the coach named the draw "draw a card".
    position = {"variant": "pl", "hands": [["2c", "9d", "5s"], ["7h", "8s", "Jd", "Qd"], ["6h", "9s", "Jc", "Kd"]],
                "to_move": 0, "pile": ["8h", "2h", "3h"], "attack": {"draw": 5}, "deck": ["4c", "4d", "5c", "5d",
                                                                                       "6c", "6d", "7c", "7d"]}
    at = ask_the_coach_on(position, "pl")
    state = at.session_state[TIMELINE].current
    h = coach.answer(at.session_state, state)
    assert h is not None and state.attack is not None
    shown = texts(at)
    assert describe_hint(h, state.rules, state=state) in shown
    assert "draw the 5 penalty cards" in describe_hint(h, state.rules, state=state)
    assert "draw a card" not in " ".join(shown)
