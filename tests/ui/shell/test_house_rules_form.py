"""The house-rules form keeps the bounds of uploads (one source) and edits per-attack defence rows."""
from __future__ import annotations

import pytest

from engine import ruleset_bounds
from engine.ruleset import load_ruleset, variant_ids
from engine.ruleset_bounds import BOUNDS, Range, form_range, range_of
from engine.ruleset_toml import ruleset_to_dict
from ui.compare.table import card_label
from ui.present.i18n import translator
from ui.shell import house_rules

EN = translator("en")
BOUNDED_KINDS = {"int": "value", "text": "characters", "multi": "entries"}


def started(variant: str = "pl") -> dict:
    state: dict = {}
    house_rules.start_from_preset(variant, state)
    return state


def fields_of(state: dict) -> list[house_rules.HouseField]:
    ruleset = house_rules.house_ruleset(state)
    return house_rules.house_fields(ruleset, EN, lambda p: card_label(ruleset, p, EN), state)


def loaded(variant: str = "pl") -> tuple[dict, list[house_rules.HouseField]]:
    state = started(variant)
    fields = fields_of(state)
    house_rules.load_form(fields, house_rules.house_ruleset(state), state)
    return state, fields


@pytest.mark.parametrize("variant", variant_ids())
def test_every_bounded_field_of_the_form_reads_its_limits_from_the_ruleset_bounds(variant: str) -> None:
    _, fields = loaded(variant)
    assert fields
    for field in fields:
        if field.kind not in BOUNDED_KINDS:
            continue
        assert field.bound, f"{field.key} has no bound"
        if field.kind == "int":
            assert (field.low, field.high) == form_range(field.bound), field.key
            table = range_of(field.bound)
            assert table is not None and table.high == field.high and field.low in (table.low, table.low + 1)
        else:
            table = range_of(field.bound, BOUNDED_KINDS[field.kind])
            assert table is not None and field.high == table.high, field.key


def test_changing_a_bound_in_the_engine_changes_the_form_and_the_reader(monkeypatch) -> None:
    monkeypatch.setitem(BOUNDS, "hand_size", Range(1, 12, "cards dealt to each player"))
    monkeypatch.setitem(BOUNDS, "cards.*.draw", Range(0, 20, "cards to draw", off=0))
    monkeypatch.setitem(BOUNDS, "name", Range(1, 30, "the name", "characters"))
    monkeypatch.setattr(ruleset_bounds, "_PATTERNS", ruleset_bounds._index())
    state, fields = loaded("pl")
    by_key = {f.key: f for f in fields}
    assert (by_key["hand_size"].low, by_key["hand_size"].high) == (1, 12)
    assert (by_key["draw_2"].low, by_key["draw_2"].high) == (1, 20)
    assert by_key["name"].high == 30
    state["house_field_hand_size"] = 11    # beyond the shipped 10, within the changed bound
    state["house_field_draw_2"] = 20
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state) is None
    house = house_rules.house_ruleset(state)
    assert house.hand_size == 11 and next(r for r in house.cards if r.pattern == "2").draw == 20


def _at_bound(fields, state: dict, field: house_rules.HouseField, value) -> None:
    if field.key == "players_min":          # the fewest seats may not pass the most
        state["house_field_players_max"] = value
    state[house_rules.form_key(field)] = value


@pytest.mark.parametrize("end", ["low", "high"])
def test_every_number_at_its_bound_round_trips_through_the_form_writer_and_reader(end: str) -> None:
    _, fields = loaded("pl")
    numbers = [f for f in fields if f.kind == "int"]
    assert {"hand_size", "players_min", "players_max", "decks_10", "min_group", "draw_Kh", "skip_4",
            "makao_penalty", "points_per_card"} <= {f.key for f in numbers}
    for field in numbers:
        state, fresh = loaded("pl")
        field = next(f for f in fresh if f.key == field.key)
        value = field.low if end == "low" else field.high
        _at_bound(fresh, state, field, value)
        house_rules.apply_form(fresh, state)
        assert house_rules.house_error(state) is None, (field.key, house_rules.house_error_text(EN, state))
        house = house_rules.house_ruleset(state)
        again = house_rules.read_uploaded("house.toml", house_rules.house_toml(house).encode())
        assert field.get(ruleset_to_dict(again)) == value, field.key


def test_a_name_of_the_most_characters_round_trips_and_one_more_is_refused() -> None:
    state, fields = loaded("pl")
    name = next(f for f in fields if f.key == "name")
    state["house_field_name"] = "N" * name.high
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.read_uploaded("h.toml", house_rules.house_toml(house).encode()).name == "N" * name.high
    state["house_field_name"] = "N" * (name.high + 1)
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state)["code"] == "text_length"
    assert state["house_field_name"] == "N" * (name.high + 1)       # what was typed stays in the form


def test_the_decks_label_counts_players_in_every_plural_form() -> None:
    pl = translator("pl")
    ruleset = load_ruleset("pl")
    labels = {f.key: f.label for f in house_rules.house_fields(ruleset, pl, lambda p: p)}
    assert labels["decks_2"] == pl.ngettext("Decks shuffled together with {count} player",
                                            "Decks shuffled together with {count} players", 2).format(count=2)
    assert "{count}" not in labels["decks_5"] and "5" in labels["decks_5"]


# --- defence rows ------------------------------------------------------------------------


def test_every_attacking_card_shows_its_defence_rows() -> None:
    state, fields = loaded("pl")
    blocks = {b.pattern: b for b in house_rules.defence_blocks(fields)}
    assert list(blocks) == ["2", "3", "4", "Kh", "Ks"]
    assert [state[house_rules.form_key(w)] for w, _ in blocks["Kh"].rows] == [["Kh", "Ks"], ["2", "3"]]
    assert [state[house_rules.form_key(c)] for _, c in blocks["Kh"].rows] == ["any", "same_suit"]
    ru_blocks = house_rules.defence_blocks(loaded("ru-101")[1])
    assert all(block.undefendable() for block in ru_blocks)   # ru-101: nothing answers an attack
    assert not any(block.undefendable(state) for block in blocks.values())
    state["house_field_defence_Kh_0_with"] = []
    state["house_field_defence_Kh_1_with"] = []
    assert blocks["Kh"].undefendable(state)                    # rows without cards defend nothing


def test_removing_every_row_of_an_attack_makes_it_undefendable_and_round_trips() -> None:
    state, _ = loaded("pl")
    house_rules.remove_defence_row("4", 0, state)
    fields = fields_of(state)
    assert next(b for b in house_rules.defence_blocks(fields) if b.pattern == "4").undefendable(state)
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state) is None
    house = house_rules.house_ruleset(state)
    assert not any("4" in d.against for d in house.defences)
    again = house_rules.read_uploaded("h.toml", house_rules.house_toml(house).encode())
    assert again.defences == house.defences and len(again.defences) == 3


def test_an_added_row_defends_and_rows_alike_share_one_rule() -> None:
    state, _ = loaded("pl")
    state["house_field_hand_size"] = 6                    # typed, not applied: adding a row keeps it
    house_rules.add_defence_row("Ks", state)
    house_rules.add_defence_row("4", state)
    assert state["house_field_hand_size"] == 6
    fields = fields_of(state)
    state["house_field_defence_Ks_2_with"] = ["Q"]
    state["house_field_defence_Ks_2_condition"] = "same_suit"
    state["house_field_defence_4_1_with"] = ["Q"]
    state["house_field_defence_4_1_condition"] = "same_suit"
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state) is None
    house = house_rules.house_ruleset(state)
    added = [d for d in house.defences if d.with_ == ("Q",)]
    assert len(added) == 1 and added[0].against == ("4", "Ks") and added[0].condition == "same_suit"
    assert house.hand_size == 6
    again = house_rules.read_uploaded("h.toml", house_rules.house_toml(house).encode())
    assert again.defences == house.defences


def test_an_empty_added_row_defends_nothing_and_removing_a_middle_row_moves_the_next_up() -> None:
    state, _ = loaded("pl")
    house_rules.add_defence_row("Kh", state)              # rows: [Kh Ks any], [2 3 same_suit], [] any
    house_rules.remove_defence_row("Kh", 0, state)
    assert state[house_rules.defence_rows_key("Kh")] == 2
    assert state["house_field_defence_Kh_0_with"] == ["2", "3"]
    assert state["house_field_defence_Kh_1_with"] == []
    assert "house_field_defence_Kh_2_with" not in state
    house_rules.apply_form(fields_of(state), state)
    house = house_rules.house_ruleset(state)
    against_kh = [d for d in house.defences if "Kh" in d.against]
    assert [(d.with_, d.condition) for d in against_kh] == [(("2", "3"), "same_suit")]


def test_the_rows_stop_at_the_bound_of_defence_rules() -> None:
    state, _ = loaded("pl")
    most = range_of("defence", "entries").high
    for _ in range(most + 5):
        house_rules.add_defence_row("2", state)
    assert state[house_rules.defence_rows_key("2")] == most


@pytest.mark.parametrize("variant", ["pl-trad", "hu"])
def test_a_choice_the_form_does_not_offer_is_refused_by_code_never_raised(variant: str) -> None:
    for field in [f for f in loaded(variant)[1] if f.kind == "choice"]:
        for sent in ("dup", "", 7, ["0"]):
            if sent in field.options:
                continue
            state, fields = loaded(variant)
            before = house_rules.house_ruleset(state)
            state[house_rules.form_key(field)] = sent
            house_rules.apply_form(fields, state)
            error = house_rules.house_error(state)
            assert error is not None and error["code"] == "not_one_of", (field.key, sent)
            assert house_rules.house_ruleset(state) == before, field.key
            text = house_rules.house_error_text(EN, state)
            assert text and text.startswith("The field ") and "must be one of" in text, text


def test_the_runs_choice_names_its_field_and_the_value_sent() -> None:
    state, fields = loaded("hu")
    state[house_rules.form_key(next(f for f in fields if f.key == "runs"))] = "dup"
    house_rules.apply_form(fields, state)
    assert house_rules.house_error_text(EN, state) == (
        "The field “play.runs” must be one of 0, 2, 3, 4, 5, 6, 7, 8, not “dup”.")
