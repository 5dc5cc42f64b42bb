"""The house-rules form's runs field (``[play] runs``): it offers exactly the values an upload may
give, round-trips through the form and the TOML file, shows on the Rules text and the Compare row,
and the engine plays what it set."""
from __future__ import annotations

import random

from engine.deal import new_game
from engine.errors import RulesetError
from engine.rules import child, legal_moves
from engine.ruleset import load_ruleset_text
from engine.ruleset_toml import ruleset_to_toml
from engine.state import tables_for
from engine.transitions import is_run
from tests.ui.shell import form_steps
from tests.ui.shell.form_steps import fields_of
from ui.compare.table import topic_cell
from ui.present.i18n import translator
from ui.present.rules_text import rules_sections
from ui.present.ruleset_text import ruleset_refusal_text
from ui.shell import house_rules

EN = translator("en")
KEY = "house_field_runs"


def edit(variant: str, value: str) -> dict:
    return form_steps.edit(variant, KEY, value)


def test_the_form_offers_no_runs_or_two_up_to_the_decks_ranks() -> None:
    for variant, high in (("pl", 13), ("hu", 8), ("ru-101", 9)):
        state: dict = {}
        house_rules.start_from_preset(variant, state)
        house = house_rules.house_ruleset(state)
        fields = fields_of(house)
        field = next(f for f in fields if f.key == "runs")
        assert field.options == ("0", *(str(n) for n in range(2, high + 1))), variant
        assert field.option_label("0") == "no runs" and field.option_label("3") == "runs of 3 cards or more"
        house_rules.load_form(fields, house, state)
        assert state[KEY] == "0", variant   # off in every shipped ruleset


def test_setting_runs_round_trips_through_the_form_and_the_file() -> None:
    state = edit("pl", "3")
    house = house_rules.house_ruleset(state)
    assert house.runs == 3
    again = load_ruleset_text(ruleset_to_toml(house))
    assert again.runs == 3 and again.cards == house.cards and again.several_cards == house.several_cards
    fields = fields_of(house)
    house_rules.clear_form(state)
    house_rules.load_form(fields, house, state)
    assert state[KEY] == "3"
    state[KEY] = "0"
    house_rules.apply_form(fields, state)
    assert house_rules.house_ruleset(state).runs == 0


def test_runs_show_on_the_rules_text_and_the_compare_row() -> None:
    house = house_rules.house_ruleset(edit("pl", "4"))
    section = next(s for s in rules_sections(house, EN) if s.key == "runs")
    assert section.paragraphs[0].startswith("A run of 4 or more cards of one suit")
    assert "no run answers an attack" in section.paragraphs[1]
    assert topic_cell("runs", house, EN).startswith("A run of 4 or more")
    plain = house_rules.house_ruleset(edit("pl", "0"))
    assert "runs" not in [s.key for s in rules_sections(plain, EN)]
    assert topic_cell("runs", plain, EN).startswith("No runs")


def test_an_upload_with_a_run_of_one_is_refused_with_a_sentence() -> None:
    house = house_rules.house_ruleset(edit("pl", "0"))
    text = ruleset_to_toml(house).replace("runs = 0", "runs = 1")
    try:
        house_rules.read_uploaded("house.toml", text.encode())
    except RulesetError as exc:
        assert exc.code == "run_length"
        message = ruleset_refusal_text(exc.code, exc.params, EN)
        assert "play.runs" in message and "from 2 to 13" in message, message
    else:
        raise AssertionError("a run of one card was accepted")


def test_the_engine_plays_the_runs_the_form_set() -> None:
    house = house_rules.house_ruleset(edit("pl", "3"))
    t = tables_for(house)
    played = 0
    for seed in range(10):
        st = new_game(house, 3, seed)
        rng = random.Random(seed)
        while not st.over:
            moves = legal_moves(st)
            runs = [m for m in moves if m.kind == "play" and is_run(t, m.cards)]
            move = runs[0] if runs else rng.choice(moves)
            played += bool(runs)
            st = child(st, move)
    assert played > 5
