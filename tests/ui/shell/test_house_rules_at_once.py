"""The house-rules form's choice "a K♠ is taken at once" (``[attack] after_penalty = "after_attacker"``,
pl-devdo's K♠ as devdo-eu/macau plays it): offered like the other values, round-trips, refused with a
defence against the K♠ (the field named, nothing lost)."""
from __future__ import annotations

import random

from engine.deal import new_game
from engine.fastplay import Playout
from engine.ruleset import AFTER_PENALTIES
from tests.ui.shell.form_steps import started
from ui.compare.table import topic_cell
from ui.present.i18n import translator
from ui.present.rules_text import rules_markdown
from ui.shell import house_rules

EN = translator("en")


def test_the_form_shows_pl_devdo_s_spade_king_taken_at_once_among_the_upload_choices() -> None:
    state, fields = started("pl-devdo")
    assert state["house_field_after_penalty"] == "after_attacker"
    field = next(f for f in fields if f.key == "after_penalty")
    assert tuple(field.options) == AFTER_PENALTIES and "after_attacker" in field.options
    assert "taken at once" in field.option_label("after_attacker")


def test_switching_pl_devdo_back_to_the_next_seat_round_trips_and_changes_the_text() -> None:
    state, fields = started("pl-devdo")
    state["house_field_after_penalty"] = "next"
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state) is None
    house = house_rules.house_ruleset(state)
    assert house.after_penalty == "next"
    assert "taken at once" not in topic_cell("after_penalty", house, EN)
    state["house_field_after_penalty"] = "after_attacker"
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    again = house_rules.read_uploaded("house.toml", house_rules.house_toml(house).encode())
    assert again.after_penalty == "after_attacker"
    refill: dict = {}
    house_rules.load_form(fields, again, refill)
    assert refill["house_field_after_penalty"] == "after_attacker"
    assert topic_cell("after_penalty", again, EN).startswith("K♠ is taken at once")
    assert "K♠ is taken at once" in rules_markdown(again, EN)
    p = Playout.from_state(new_game(again, 4, 3))
    p.play_random(random.Random(3))
    assert p.over


def test_a_spade_king_taken_at_once_with_a_defence_against_it_is_refused() -> None:
    state, fields = started("pl")   # pl: K♥ and K♠ answer each other
    state["house_field_after_penalty"] = "after_attacker"
    house_rules.apply_form(fields, state)
    error = house_rules.house_error(state)
    assert error is not None and error["code"] == "at_once_defended"
    assert error["params"]["field"] == "attack.after_penalty" and error["params"]["card"] == "Ks"
    assert house_rules.house_ruleset(state).after_penalty == "next"   # nothing lost
