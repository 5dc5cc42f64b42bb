"""The ruleset TOML writer: every ruleset it writes reads back equal."""
from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest

from engine.errors import RulesetError
from engine.ruleset import Note, load_ruleset, load_ruleset_text, variant_ids
from engine.ruleset_toml import ruleset_to_dict, ruleset_to_toml


def same(a, b) -> bool:
    """Equal as rulesets: every field, including those left out of dataclass equality."""
    return replace(a, path="") == replace(b, path="") and ruleset_to_dict(a) == ruleset_to_dict(b)


@pytest.mark.parametrize("variant", variant_ids())
def test_every_shipped_ruleset_round_trips_through_toml(variant: str) -> None:
    ruleset = load_ruleset(variant)
    again = load_ruleset_text(ruleset_to_toml(ruleset), f"{variant}.toml")
    assert same(again, ruleset)
    assert again.calls == ruleset.calls and again.card_points == ruleset.card_points


def test_the_relatives_are_shipped_and_round_trip() -> None:
    assert {"cz-prsi", "de-maumau", "ru-101"} <= set(variant_ids())


def test_a_changed_ruleset_round_trips_with_its_change() -> None:
    changed = replace(load_ruleset("pl"), hand_size=7, several_cards=False, starter_forbidden=("Q", "Kh"))
    again = load_ruleset_text(ruleset_to_toml(changed))
    assert same(again, changed)
    assert again.hand_size == 7 and not again.several_cards and again.starter_forbidden == ("Q", "Kh")


def test_awkward_text_is_escaped_and_read_back() -> None:
    text = 'a "quoted" word,\nback\\slash, tab\t, ő, ♥, ]] and [[notes]]'
    ruleset = replace(load_ruleset("hu"), name=text, notes=(Note("odd key", text),))
    again = load_ruleset_text(ruleset_to_toml(ruleset))
    assert again.name == text and again.notes == (Note("odd key", text),)


def test_the_comment_is_written_as_toml_comments() -> None:
    text = ruleset_to_toml(load_ruleset("da"), comment="line one\nline two")
    assert text.startswith("# line one\n# line two\n")
    assert tomllib.loads(text)["id"] == "da"


def test_a_broken_written_file_is_still_refused_by_the_reader() -> None:
    text = ruleset_to_toml(load_ruleset("pl")).replace("hand_size = 5", "hand_size = 40")
    with pytest.raises(RulesetError, match="hand_size"):
        load_ruleset_text(text, "house.toml")
