"""Play under house rules with runs of one suit (``[play] runs = 3``): a run is tapped card by card
in the order it goes down (up or down), the cards in between are lit although a run of two alone
is too short, a second tap on the last card plays it, and a broken run is refused with its reason."""
from __future__ import annotations

from dataclasses import replace

from engine.cards import FRENCH
from engine.position import position_from_json
from engine.state import tables_for
from engine.transitions import is_run
from tests.engine.test_cases import house_rules
from ui.play import model
from ui.play.model import act
from ui.present.i18n import translator
from ui.present.reasons import describe_verdict

EN = translator("en")
RUNS = house_rules({"base": "pl", "id": "pl-house", "play": {"runs": 3}})
HAND = {"variant": "pl-house", "hands": [["5h", "6h", "7h", "8h", "9c", "Kd"], 5, 5], "to_move": 0,
        "pile": ["Qs", "9h"], "deck": ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "10c"]}


def _game(position=HAND) -> model.Game:
    game = model.start(model.make_settings(RUNS, players=3, humans=1, seed=3))
    return replace(game, state=position_from_json(position, rules=RUNS))


def tap(game: model.Game, card: str) -> model.Game:
    return act(game, {"type": "tap", "card": card})


def lit(game: model.Game) -> set[str]:
    return {RUNS.deck.name(c) for c, v in model.selectable(game).items() if v.legal}


def test_a_run_is_tapped_card_by_card_and_played_by_a_second_tap() -> None:
    game = _game()
    assert {"5h", "6h", "7h", "8h", "9c"} <= lit(game)
    game = tap(game, "5h")
    assert lit(game) == {"6h"}            # 5♥ 6♥ alone is too short, but a run goes on from it
    game = tap(game, "6h")
    assert lit(game) == {"7h"}
    game = tap(game, "7h")
    assert lit(game) == {"8h"}            # the selection may stop here (three) or go on
    assert [RUNS.deck.name(c) for c in game.selected] == ["5h", "6h", "7h"]
    game = tap(game, "7h")                # a second tap on the last card plays the run
    played = game.turns[-1].move
    assert [RUNS.deck.name(c) for c in played.cards] == ["5h", "6h", "7h"]
    assert is_run(tables_for(RUNS), played.cards)
    assert {RUNS.deck.name(c) for c in game.state.hands[0]} == {"8h", "9c", "Kd"}


def test_a_run_may_be_tapped_downwards() -> None:
    game = _game({**HAND, "pile": ["Qs", "8s"]})
    for card in ("8h", "7h", "6h", "5h", "5h"):
        game = tap(game, card)
    assert [RUNS.deck.name(c) for c in game.turns[0].move.cards] == ["8h", "7h", "6h", "5h"]


def test_a_run_of_two_is_refused_with_its_reason() -> None:
    game = tap(tap(_game(), "5h"), "6h")
    game = act(game, {"type": "play"})
    assert game.notice == "illegal" and not game.turns
    assert describe_verdict(game.why, FRENCH, EN) == "A run is at least 3 cards long here; 2 cards are too few."


def test_a_card_that_breaks_the_run_is_refused_when_tapped() -> None:
    game = tap(_game(), "5h")
    game = tap(game, "7h")
    assert game.selected == (RUNS.deck.parse("5h"),)
    assert game.why is not None and game.why.reasons[0].code == "run_not_consecutive"
    game = tap(game, "9c")
    assert game.why.reasons[0].code == "run_mixed_suits"


def test_the_kakao_call_is_offered_when_the_hand_is_one_run() -> None:
    hu = house_rules({"base": "hu", "id": "hu-house", "play": {"runs": 3}})
    game = model.start(model.make_settings(hu, players=3, humans=1, seed=3))
    game = replace(game, state=position_from_json(
        {"variant": "hu-house", "hands": [["7h", "8h", "9h"], 5, 5], "to_move": 0, "pile": ["Uh"]}, rules=hu))
    assert "kakao" in model.call_choices(game)
