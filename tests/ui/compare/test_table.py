"""The comparison table is generated from the ruleset data: change the data, the cell changes."""
from __future__ import annotations

from dataclasses import replace

import pandas as pd
import pytest

from engine.ruleset import DefenceRule, load_ruleset, variant_ids
from ui.compare.table import (
    ODD_CSS,
    ROW_CSS,
    TOPICS,
    comparison_csv,
    comparison_frame,
    differing_rows,
    highlight_differences,
    odd_cells,
    only_differences,
    topic_cell,
)
from ui.present.i18n import LANGUAGES, translator

EN = translator("en")


def cell(ruleset, topic: str) -> str:
    return topic_cell(topic, ruleset, EN)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_variant_fills_every_topic_in_every_language(language: str) -> None:
    t = translator(language)
    frame = comparison_frame([(v, load_ruleset(v)) for v in variant_ids()], t)
    assert frame.shape == (len(TOPICS), len(variant_ids()))
    assert frame.map(lambda text: isinstance(text, str) and text.strip() != "").all().all()


def test_hand_size_cell_follows_the_data() -> None:
    pl = load_ruleset("pl")
    assert cell(pl, "hand_size") == "5 cards each."
    assert cell(replace(pl, hand_size=7), "hand_size") == "7 cards each."


def test_several_cards_cell_follows_the_data() -> None:
    pl = load_ruleset("pl")
    assert cell(pl, "several") != cell(replace(pl, several_cards=False), "several")
    assert cell(replace(pl, several_cards=False), "several") == cell(load_ruleset("hu"), "several")


def test_the_jack_and_wish_cells_follow_the_wish_duration() -> None:
    pl = load_ruleset("pl")
    cards = tuple(replace(rule, wish_duration="until_return") if rule.pattern == "J" else rule for rule in pl.cards)
    changed = replace(pl, cards=cards)
    assert "comes back" not in cell(pl, "jack") and "comes back" in cell(changed, "jack")
    assert cell(pl, "wish_duration") != cell(changed, "wish_duration")


def test_the_two_three_cell_follows_the_defence_condition() -> None:
    pl = load_ruleset("pl")
    defences = tuple(DefenceRule(d.against, d.with_, "any") if d.against == ("2", "3") else d for d in pl.defences)
    assert "matches the top card" in cell(pl, "two_three")
    assert "matches the top card" not in cell(replace(pl, defences=defences), "two_three")


def test_the_wild_card_cell_follows_the_queen_exceptions() -> None:
    pl, da = load_ruleset("pl"), load_ruleset("da")
    assert cell(pl, "wild") != cell(da, "wild")
    assert cell(replace(pl, wild_blocked_by_suit_wish=True), "wild") == cell(da, "wild")


def test_the_relatives_rows_name_their_sources_and_special_cards() -> None:
    for variant in ("cz-prsi", "de-maumau", "ru-101"):
        ruleset = load_ruleset(variant)
        assert ruleset.source_title in cell(ruleset, "source").replace("\\", "")
    assert "sits out 1 turn" in cell(load_ruleset("de-maumau"), "eight")     # the 8 skips (not a reverse)
    assert "draws 1 card" in cell(load_ruleset("ru-101"), "six")
    assert "32 German-suited cards" in cell(load_ruleset("cz-prsi"), "deck")
    assert "36 French-suited cards" in cell(load_ruleset("ru-101"), "deck")
    assert cell(load_ruleset("hu"), "two_three") == "Not in this deck."


def test_only_differences_keeps_exactly_the_rows_that_differ() -> None:
    frame = comparison_frame([("pl", load_ruleset("pl")), ("da", load_ruleset("da"))], EN)
    kept = only_differences(frame)
    assert 0 < len(kept) < len(frame)
    assert all(row.nunique() > 1 for _, row in kept.iterrows())
    assert EN.gettext("Hand size") not in kept.index and EN.gettext("Wild card") in kept.index


def test_a_ruleset_compared_with_itself_has_no_differences() -> None:
    pl = load_ruleset("pl")
    frame = comparison_frame([("a", pl), ("b", pl)], EN)
    assert not differing_rows(frame).any() and only_differences(frame).empty


def test_cells_that_differ_from_the_row_majority_are_marked() -> None:
    frame = pd.DataFrame({"a": ["x", "1", "p"], "b": ["x", "2", "p"], "c": ["x", "1", "q"]}, index=["r0", "r1", "r2"])
    odd = odd_cells(frame)
    assert not odd.loc["r0"].any()
    assert list(odd.loc["r1"]) == [False, True, False]
    assert list(odd.loc["r2"]) == [False, False, True]
    styles = highlight_differences(frame)._compute().ctx
    assert not any(value for _, value in styles.get((0, 0), []))
    assert ("background-color", ODD_CSS.split(": ", 1)[1].split(";")[0]) in styles[(1, 1)]
    assert ("background-color", ROW_CSS.split(": ", 1)[1]) in styles[(1, 0)]


def test_the_csv_holds_the_table_in_plain_text() -> None:
    frame = comparison_frame([("Polish \\*house\\*", load_ruleset("pl")), ("ru-101", load_ruleset("ru-101"))], EN)
    text = comparison_csv(frame).decode("utf-8-sig")
    assert "Polish *house*" in text and "\\*" not in text
    assert "shram.kiev.ua: 101" in text


def test_cells_are_marked_against_the_first_variant_not_the_majority() -> None:
    frame = pd.DataFrame({"a": ["z"], "b": ["y"], "c": ["y"]}, index=["r0"])
    assert list(odd_cells(frame).loc["r0"]) == [False, True, True]


def test_an_ordinary_card_and_a_missing_card_mean_the_same() -> None:
    from ui.compare.table import meaning_frame
    columns = [("pl", load_ruleset("pl")), ("hu", load_ruleset("hu"))]
    frame, meanings = comparison_frame(columns, EN), meaning_frame(columns, EN)
    assert frame.loc["6", "pl"] != frame.loc["6", "hu"]             # different words…
    assert not differing_rows(frame, meanings)["6"]                 # …the same meaning
    assert differing_rows(frame, meanings)["Queen"]
