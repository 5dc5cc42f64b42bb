"""The house-rules form's reversing-rank field: it sets, moves and clears the rank whose cards
reverse the direction of play, round-trips through the form and the TOML file, and the engine
plays what it set."""
from __future__ import annotations

import random

from engine.deal import new_game
from engine.rules import child, legal_moves
from engine.ruleset import load_ruleset_text
from engine.ruleset_toml import ruleset_to_toml
from tests.ui.shell import form_steps
from tests.ui.shell.form_steps import fields_of
from ui.compare.table import topic_cell
from ui.present.i18n import translator
from ui.shell import house_rules

EN = translator("en")
KEY = "house_field_reverse_rank"


def edit(variant: str, value: str) -> dict:
    return form_steps.edit(variant, KEY, value)


def reversing(ruleset) -> list[str]:
    return [rule.pattern for rule in ruleset.cards if rule.reverse]


def test_the_form_shows_the_reversing_rank_of_the_preset() -> None:
    for variant, shown in (("de-maumau-9", "9"), ("de-maumau", ""), ("pl", "")):
        state: dict = {}
        house_rules.start_from_preset(variant, state)
        house = house_rules.house_ruleset(state)
        house_rules.load_form(fields_of(house), house, state)
        assert state[KEY] == shown, variant


def test_setting_a_reversing_rank_makes_its_cards_reverse() -> None:
    house = house_rules.house_ruleset(edit("cz-prsi", "8"))
    assert reversing(house) == ["8"]
    assert topic_cell("direction", house, EN).startswith("Clockwise until VIII reverses it")
    # every other card keeps its rule
    assert {r.pattern for r in house.cards} == {"7", "A", "O", "8"}


def test_a_rank_that_attacks_keeps_its_attack_and_reverses_too() -> None:
    house = house_rules.house_ruleset(edit("pl", "K"))
    assert reversing(house) == ["K"]
    assert next(r for r in house.cards if r.pattern == "Ks").draw == 5   # single-card rules stay


def test_moving_and_clearing_the_reversing_rank() -> None:
    state = edit("de-maumau-9", "10")
    house = house_rules.house_ruleset(state)
    assert reversing(house) == ["10"] and "9" not in {r.pattern for r in house.cards}
    fields = fields_of(house)
    house_rules.load_form(fields, house, state)
    assert state[KEY] == "10"
    state[KEY] = ""
    house_rules.apply_form(fields, state)
    cleared = house_rules.house_ruleset(state)
    assert reversing(cleared) == [] and topic_cell("direction", cleared, EN).startswith("Always clockwise")


def test_a_single_reversing_card_from_a_file_survives_an_edit_of_the_form() -> None:
    text = ruleset_to_toml(house_rules.house_ruleset(edit("pl", ""))).replace(
        '[cards.Ks]\ndraw = 5\ntarget = "previous"', '[cards.Ks]\ndraw = 5\ntarget = "previous"\nreverse = true')
    state: dict = {}
    assert house_rules.use_upload("house.toml", text.encode(), state)
    house = house_rules.house_ruleset(state)
    assert reversing(house) == ["Ks"]
    fields = fields_of(house)
    house_rules.load_form(fields, house, state)
    assert state[KEY] == ""
    house_rules.apply_form(fields, state)
    assert reversing(house_rules.house_ruleset(state)) == ["Ks"]


def test_the_field_round_trips_through_the_downloaded_file() -> None:
    house = house_rules.house_ruleset(edit("hu", "9"))
    again = load_ruleset_text(house_rules.house_toml(house), "again.toml")
    assert reversing(again) == ["9"]
    state: dict = {}
    house_rules.load_form(fields_of(again), again, state)
    assert state[KEY] == "9"


def test_a_house_ruleset_with_a_reversing_rank_plays_random_rounds_that_reverse() -> None:
    house = house_rules.house_ruleset(edit("pl", "9"))
    flips = 0
    for seed in range(5):
        st = new_game(house, 4, seed)
        rng = random.Random(seed)
        steps = 0
        while not st.over and steps < 20_000:
            moves = legal_moves(st)
            nxt = child(st, moves[rng.randrange(len(moves))])
            flips += nxt.direction != st.direction
            st, steps = nxt, steps + 1
        assert st.over
    assert flips > 0
