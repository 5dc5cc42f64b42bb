"""Steps through the house-rules form as the Compare page takes them (ui.shell.house_rules), on a plain
dict for the session state: start from a preset, read the form's fields, change one and apply it."""
from __future__ import annotations

from typing import Any

from ui.compare.table import card_label
from ui.present.i18n import translator
from ui.shell import house_rules

EN = translator("en")


def fields_of(ruleset) -> list:
    """The form's fields for a ruleset, their card patterns named in English."""
    return house_rules.house_fields(ruleset, EN, lambda p: card_label(ruleset, p, EN))


def started(variant: str) -> tuple[dict, list]:
    """The form's state right after Start from a preset, and its fields."""
    state: dict = {}
    house_rules.start_from_preset(variant, state)
    house = house_rules.house_ruleset(state)
    fields = fields_of(house)
    house_rules.load_form(fields, house, state)
    return state, fields


def edit(variant: str, key: str, value: Any) -> dict:
    """The state after starting from a preset, setting one form field and applying the form."""
    state, fields = started(variant)
    state[key] = value
    house_rules.apply_form(fields, state)
    assert house_rules.house_error(state) is None
    return state
