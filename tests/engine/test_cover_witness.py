"""Witnesses for the new fields: ru-101 with and without its nine to cover, pl with and without a
penalised seat playing on — the Switching-tables lesson and Compare can show each difference."""
from __future__ import annotations

from engine.ruleset import load_ruleset, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from engine.witness import differing_fields, find_witnesses


def _house(base: str, change, house_id: str):
    data = ruleset_to_dict(load_ruleset(base))
    data["id"] = house_id
    change(data)
    return ruleset_from_dict(data, house_id)


def test_a_nine_to_cover_is_witnessed_between_ru_101_and_a_home_without_it() -> None:
    home = _house("ru-101", lambda d: d["cards"].pop("9"), "ru-101-plain-nine")
    table = load_ruleset("ru-101")
    assert [f.key for f in differing_fields(home, table)] == ["cards.9.cover"]
    report = find_witnesses(home, table, rounds=6)
    assert any("cards.9.cover" in w.fields for w in report.witnesses), report.unwitnessed


def test_playing_on_after_a_penalty_is_witnessed() -> None:
    home = load_ruleset("pl")
    table = _house("pl", lambda d: d["attack"].__setitem__("after_penalty", "same"), "pl-plays-on")
    assert [f.key for f in differing_fields(home, table)] == ["attack.after_penalty"]
    report = find_witnesses(home, table, rounds=6)
    witness = next(w for w in report.witnesses if "attack.after_penalty" in w.fields)
    assert witness.move == "draw" and witness.kind == "effect"
