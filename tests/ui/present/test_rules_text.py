"""The rules text is generated from the ruleset data: every field shows, and changing one changes the text."""
from __future__ import annotations

import dataclasses
import re

import pytest

from engine.ruleset import RULESET_DIR, Call, load_ruleset, load_ruleset_text, variant_ids
from ui.present.i18n import LANGUAGES, translator
from ui.present.rules_text import rules_markdown, rules_sections, special_card_examples, variant_summary

SECTION_KEYS = ["deck", "players", "starter", "matching", "several", "drawing", "special", "calls",
                "end", "reshuffle", "notes", "source"]


def text_of(ruleset, language: str = "en") -> str:
    return rules_markdown(ruleset, translator(language))


def replace_in_file(variant: str, old: str, new: str):
    source = (RULESET_DIR / f"{variant}.toml").read_text(encoding="utf-8")
    assert old in source
    return load_ruleset_text(source.replace(old, new, 1), origin=f"{variant} (edited)")


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("variant", variant_ids())
def test_every_variant_reads_in_every_language_without_stray_placeholders(variant: str, language: str) -> None:
    sections = rules_sections(load_ruleset(variant), translator(language))
    keys = [section.key for section in sections]
    assert [key for key in keys if key in SECTION_KEYS] == SECTION_KEYS
    for section in sections:
        assert section.title and section.paragraphs
        for paragraph in section.paragraphs:
            assert not re.search(r"\{[a-z_]+\}", paragraph), paragraph


def test_the_french_variants_have_a_queen_section_and_hungarian_has_none() -> None:
    t = translator("en")
    assert "queen" in [s.key for s in rules_sections(load_ruleset("pl"), t)]
    assert "queen" not in [s.key for s in rules_sections(load_ruleset("hu"), t)]


def test_the_text_shows_each_rule_of_polish_makao() -> None:
    text = text_of(load_ruleset("pl"))
    assert "Each player is dealt 5 cards." in text
    assert "The previous player draws 5 cards." in text            # K♠ hits the previous seat
    assert "Defence: 2 or 3, if it matches the top card in suit or rank." in text
    assert "The wish lasts one full round" in text                   # jack: wish_duration = round
    assert "The wish binds only until another card covers it." in text   # ace: until_covered
    assert "Except while an attack is pending or a rank wish is active." in text
    assert "forgetting it costs 5 cards" in text
    assert "random half of their hand" in text                       # reshuffle fallback
    assert "Stolik Gier" in text                                     # source_title


def test_traditional_polish_has_no_call_two_decks_and_a_loser() -> None:
    text = text_of(load_ruleset("pl-trad"))
    assert "There is no last-card call and no penalty." in text
    assert "With 6 or more players, 2 decks are shuffled together." in text
    assert "The last player holding cards loses." in text
    assert "goes to the bottom of the deck" in text
    assert "The queen is an ordinary card here." in text


def test_danish_scores_points_and_calls_for_you() -> None:
    text = text_of(load_ruleset("da"))
    assert "scores 10 points for each card" in text
    assert "The app calls “makao” for you" in text


def test_hungarian_names_its_own_cards_and_both_calls() -> None:
    text = text_of(load_ruleset("hu"), "hu")
    assert "piros" in text and "felső" in text and "alsó" in text
    assert "Makaó" in text and "Kakaó" in text
    assert "Körönként egy lapot teszel le." in text


@pytest.mark.parametrize(("change", "before", "after"), [
    ({"hand_size": 7}, "dealt 5 cards", "dealt 7 cards"),
    ({"players": (2, 6)}, "Players: 2 to 4.", "Players: 2 to 6."),
    ({"several_cards": False}, "several cards of one rank", "You play one card per turn."),
    ({"play_drawn": False}, "you may play it at once", "Drawing ends your turn"),
    ({"starter_forbidden": ()}, "If it is 2, 3, 4", "Any card may start the pile."),
    ({"draw_adds": False}, "Cards to draw add up", "Cards to draw do not add up"),
    ({"end_mode": "first_out", "end_result": "winner"}, "play on until", "The first player out wins."),
    ({"end_mode": "finish_round", "end_result": "winner"}, "play on until", "there may be several winners"),
    ({"self_target": "hit"}, "lapses: nobody takes it", "hits its own player"),
    ({"reshuffle_fallback": "none"}, "random half of their hand", "the missing cards are not drawn"),
    ({"wild_blocked_by_rank_wish": False}, "or a rank wish is active", "Except while an attack is pending."),
    ({"calls": {"makao": Call(required=True, penalty=3)}}, "costs 5 cards", "costs 3 cards"),
    ({"calls": {}}, "must call", "There is no last-card call"),
    ({"notes": ()}, "How we read the source", None),
    ({"source_title": "Another book"}, "Stolik Gier", "Another book"),
])
def test_changing_a_field_changes_the_text(change: dict, before: str, after: str | None) -> None:
    original = load_ruleset("pl")
    changed = dataclasses.replace(original, **change)
    old_text, new_text = text_of(original), text_of(changed)
    assert before in old_text
    assert before not in new_text
    if after is not None:
        assert after in new_text


def test_editing_the_toml_changes_the_text() -> None:
    edited = replace_in_file("pl", 'wish_duration = "round"', 'wish_duration = "until_return"')
    text = text_of(edited)
    assert "The wish lasts until the turn comes back to the player who made it" in text
    assert "The wish lasts one full round" not in text

    edited = replace_in_file("pl", "[cards.4]\nskip = 1", "[cards.4]\nskip = 2")
    assert "The next player sits out 2 turns." in text_of(edited)
    assert "The next player sits out 2 turns." not in text_of(load_ruleset("pl"))


def test_a_new_special_card_appears_in_the_text() -> None:
    edited = replace_in_file("da", "[cards.Q]\nwild = true", "[cards.Q]\nwild = true\n[cards.8]\nskip = 1")
    assert "- **8** — The next player sits out 1 turn." in text_of(edited)


def test_counts_use_polish_plural_forms() -> None:
    pl = load_ruleset("pl")
    for hand, words in [(1, "1 kartę"), (2, "2 karty"), (5, "5 kart")]:
        text = text_of(dataclasses.replace(pl, hand_size=hand), "pl")
        assert f"Każdy gracz dostaje {words}." in text


def test_notes_are_translated() -> None:
    text = text_of(load_ruleset("hu"), "pl")
    assert "Jedna karta na ruch: źródło nigdy nie pozwala na więcej." in text


def test_uploaded_text_cannot_inject_markdown() -> None:
    evil = dataclasses.replace(load_ruleset("pl"), source_title="[click](javascript:alert(1)) <b>x</b>")
    text = text_of(evil)
    assert "\\[click\\]" in text and "\\<b\\>" in text


def test_summary_and_examples_come_from_the_data() -> None:
    hu = load_ruleset("hu")
    assert variant_summary(hu, translator("en")) == "32 cards · 2–5 players · 5 cards each"
    assert variant_summary(hu, translator("pl")) == "32 karty · 2–5 graczy · po 5 kart"
    pl = load_ruleset("pl")
    assert [pl.deck.name(c) for c in special_card_examples(pl)[:4]] == ["2c", "3d", "4h", "Kh"]


def test_relatives_show_their_own_rules() -> None:
    ids = variant_ids()
    if "de-maumau" in ids:
        text = text_of(load_ruleset("de-maumau"))
        assert "It may not be played on a card of its own rank." in text
        assert "penalty points" in text and "J (jack): 20" in text
        assert "“Mau”" in text
    if "cz-prsi" in ids:
        assert "as if the dealer had played it" in text_of(load_ruleset("cz-prsi"))


@pytest.mark.parametrize(("change", "added"), [
    ({"min_group": 3}, "Cards of one rank go down together only 3 or more at once"),
    ({"separate": (("Kh", "Ks"),)}, "K♥ and K♠ go down together only with each other"),
])
def test_a_group_rule_adds_its_sentence(change: dict, added: str) -> None:
    original = load_ruleset("pl")
    assert added not in text_of(original)
    assert added in text_of(dataclasses.replace(original, **change))


def test_the_source_is_named_by_its_title_not_by_the_seed_files_id() -> None:
    from engine.ruleset import load_ruleset
    from ui.present.i18n import translator
    from ui.present.rules_text import rules_sections
    hu = next(s for s in rules_sections(load_ruleset("hu"), translator("en")) if s.key == "source")
    assert hu.paragraphs == ("Source: A makaó kártyajáték.",)
    prsi = next(s for s in rules_sections(load_ruleset("cz-prsi"), translator("en")) if s.key == "source")
    assert "relatives.md §1.6" in prsi.paragraphs[0]                 # a reference a reader can follow stays
