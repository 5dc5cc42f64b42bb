"""The house-rules form's fields for cards to cover (ru-101's nine) and who moves after a penalty."""
from __future__ import annotations

from engine.deal import new_game
from engine.fastplay import Playout
from tests.ui.shell.form_steps import started
from ui.compare.table import topic_cell
from ui.present.i18n import translator
from ui.shell import house_rules

EN = translator("en")


def test_the_form_shows_ru_101s_nine_and_the_default_penalty_turn() -> None:
    state, _ = started("ru-101")
    assert state["house_field_cover_ranks"] == ["9"]
    assert state["house_field_after_penalty"] == "next"


def test_the_form_adds_a_card_to_cover_and_the_play_on_rule_and_they_round_trip() -> None:
    state, fields = started("pl")
    assert state["house_field_cover_ranks"] == []
    state["house_field_cover_ranks"] = ["9", "10"]
    state["house_field_after_penalty"] = "same"
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state) is None
    house = house_rules.house_ruleset(state)
    assert house.after_penalty == "same"
    assert sorted(r.pattern for r in house.cards if r.cover) == ["10", "9"]
    again = house_rules.read_uploaded("house.toml", house_rules.house_toml(house).encode())
    assert again.after_penalty == "same" and sorted(r.pattern for r in again.cards if r.cover) == ["10", "9"]
    # the form read back from the edited rules shows the same values
    refill: dict = {}
    house_rules.load_form(fields, again, refill)
    assert sorted(refill["house_field_cover_ranks"]) == ["10", "9"] and refill["house_field_after_penalty"] == "same"
    # the Compare row and the Rules text say it
    assert "cover" in topic_cell("cover", house, EN)
    assert "may still play" in topic_cell("after_penalty", house, EN)
    # and the engine plays it to the end
    p = Playout.from_state(new_game(house, 3, 4))
    import random
    p.play_random(random.Random(4))
    assert p.over


def test_removing_ru_101s_nine_makes_it_an_ordinary_card() -> None:
    state, fields = started("ru-101")
    state["house_field_cover_ranks"] = []
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.house_error(state) is None
    assert not any(r.cover for r in house.cards) and all(r.pattern != "9" for r in house.cards)
    assert topic_cell("cover", house, EN) == "No card must be covered."


def test_a_card_to_cover_that_also_attacks_is_refused_with_the_field_named() -> None:
    state, fields = started("ru-101")
    state["house_field_cover_ranks"] = ["9", "7"]   # the 7 attacks in ru-101
    house_rules.apply_form(fields, state)
    error = house_rules.house_error(state)
    assert error is not None and error["code"] == "cover_with_effect" and error["params"]["field"] == "cards.7.cover"
    assert [r.pattern for r in house_rules.house_ruleset(state).cards if r.cover] == ["9"]   # nothing lost
