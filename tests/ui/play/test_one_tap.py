"""One tap plays a card that can only go down alone; where a group is possible, or a last-card call is
due, the first tap selects (as before) and the group's cards light."""
from __future__ import annotations

from dataclasses import replace

from engine.position import position_from_json
from engine.ruleset import load_ruleset
from ui.play import model
from ui.play.model import act
from ui.play.view import table_data
from ui.present.i18n import translator

EN = translator("en")


def at(variant: str, hand: list[str], top: str, players: int = 3) -> model.Game:
    rules = load_ruleset(variant)
    game = model.start(model.make_settings(rules, players, 1, ["club"] * (players - 1), 1))
    state = position_from_json({"variant": variant, "hands": [hand] + [5] * (players - 1), "to_move": 0,
                                "pile": [top]}, rules)
    return replace(game, state=state)


def tap(game: model.Game, card: str) -> model.Game:
    return act(game, {"type": "tap", "card": card})


def test_a_lone_card_goes_down_at_the_first_tap() -> None:
    game = at("da", ["9d", "Kc", "4s"], "9h")
    assert game.rules.deck.parse("9d") in model.lone_cards(game)
    after = tap(game, "9d")
    assert len(after.turns) == 1 and after.turns[0].move.cards == (game.rules.deck.parse("9d"),)
    assert after.selected == ()
    cards = {c["card"]: c for c in table_data(game, EN)["hand"]["cards"]}
    assert cards["9d"]["alone"] and not cards["Kc"]["alone"]      # the browser knows which tap plays


def test_a_card_that_may_start_a_group_is_selected_first() -> None:
    game = at("da", ["9d", "9c", "4s"], "9h")
    after = tap(game, "9d")
    assert after.turns == () and after.selected == (game.rules.deck.parse("9d"),)
    lit = {c["card"]: c["state"] for c in table_data(after, EN)["hand"]["cards"]}
    assert lit["9c"] == "legal"                 # its neighbour in the group lights, as before
    assert len(tap(after, "9d").turns) == 1      # and a second tap plays the selection


def test_a_wishing_card_alone_opens_its_wish_at_the_first_tap() -> None:
    game = at("da", ["Jc", "4s", "5h"], "9c")
    after = tap(game, "Jc")
    assert after.picking and after.turns == ()
    assert len(act(after, {"type": "pick", "value": model.wish_options(after)[1][0]}).turns) == 1


def test_with_a_last_card_call_due_the_first_tap_selects() -> None:
    game = at("pl", ["5d", "9s"], "6d")          # two cards left in pl: "Makao!" goes with the play
    assert model.lone_cards(game) == frozenset()
    assert tap(game, "5d").selected == (game.rules.deck.parse("5d"),)
    called = act(game, {"type": "call", "call": "makao"})
    played = tap(called, "5d")
    assert len(played.turns) == 1 and played.turns[0].move.makao


def test_the_coach_s_group_is_lit_as_a_group_not_dimmed() -> None:
    from ui.play import coaching
    game = at("da", ["9c", "9d", "9h", "Js"], "8h")
    h = coaching.hint_for(game.state, 0, 40, None)
    group = next(e for e in h.moves if e.notation.startswith("play 9h") and len(e.move.cards) == 3)
    game = replace(game, coach=h._replace(moves=(group, *(e for e in h.moves if e is not group))))
    cards = {c["card"]: c for c in table_data(game, EN)["hand"]["cards"]}
    later = [game.rules.deck.name(c) for c in group.move.cards[1:]]
    for name in later:         # alone they may not go first, yet they are the coach's move: no ✕, no "may not"
        assert cards[name]["state"] == "group" and "may not" not in cards[name]["label"]
    assert cards["9h"]["state"] == "legal"
