"""Grammar of inserted words: Hungarian articles, Polish cases of card names and players, Danish genders."""
from __future__ import annotations

import pytest

from ui.present import grammar
from ui.present.grammar import (
    CASES,
    allowed_placeholders,
    base_placeholder,
    card_forms,
    da_another,
    da_gender,
    da_indefinite,
    hu_article,
    hu_number_starts_with_vowel,
    hu_with_article,
    language_of,
    number_forms,
    pl_card_name,
    pl_player,
    pl_rank_gender,
    pl_rank_noun,
    player_forms,
)

# --- Hungarian ----------------------------------------------------------------------------------

# The number as it is read: egy, öt, ötven…, ötszáz…, ezer…, egymillió start with a vowel.
@pytest.mark.parametrize(("number", "article"), [
    (0, "a"), (1, "az"), (2, "a"), (3, "a"), (4, "a"), (5, "az"), (6, "a"), (7, "a"), (8, "a"), (9, "a"),
    (10, "a"), (11, "a"), (15, "a"), (20, "a"), (21, "a"), (50, "az"), (55, "az"), (60, "a"),
    (100, "a"), (101, "a"), (199, "a"), (200, "a"), (500, "az"), (599, "az"), (600, "a"),
    (1000, "az"), (1999, "az"), (2000, "a"), (5000, "az"), (11000, "a"), (50000, "az"),
    (1_000_000, "az"), (2_000_000, "a"), (5_000_000, "az"),
])
def test_the_hungarian_article_before_a_number_follows_how_it_is_read(number: int, article: str) -> None:
    assert hu_article(number) == article
    assert hu_number_starts_with_vowel(number) is (article == "az")


@pytest.mark.parametrize(("text", "article"), [
    ("1. játékos", "az"), ("2. játékos", "a"), ("3. játékos", "a"), ("5. játékos", "az"),
    ("8. játékos", "a"),
    # French cards in short form are read by their rank: ász, király, dáma, bubi, öt, tíz.
    ("A♠", "az"), ("K♥", "a"), ("Q♠", "a"), ("J♦", "a"), ("5♣", "az"), ("10♦", "a"), ("2♥", "a"),
    # Hungarian notation and Roman numerals: alsó, felső, hét, kilenc.
    ("Ua", "az"), ("Ob", "a"), ("Ah", "az"), ("VII", "a"), ("IX", "a"), ("X", "a"),
    # Words: the first letter decides.
    ("ász", "az"), ("alsó", "az"), ("felső", "a"), ("piros hetes", "a"), ("zöld ász", "a"),
    ("Imre", "az"), ("Kakaó", "a"), ("„Makaó”", "a"), ("  ötös", "az"), ("1 000", "az"),
])
def test_the_hungarian_article_before_a_word_or_card(text: str, article: str) -> None:
    assert hu_article(text) == article


def test_the_article_is_put_before_the_player_and_the_card() -> None:
    assert hu_with_article("3. játékos") == "a 3. játékos"
    assert hu_with_article("1. játékos") == "az 1. játékos"
    assert hu_with_article("A♠") == "az A♠"


@pytest.mark.parametrize("bad", ["", "   ", True, None, 3.5, ["a"]])
def test_no_article_for_what_is_not_a_word_or_number(bad: object) -> None:
    with pytest.raises(ValueError):
        hu_article(bad)  # type: ignore[arg-type]


# --- Polish ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rank", "suit", "deck", "case", "name"), [
    ("7", "h", "hungarian", "nom", "siódemka czerwienna"),
    ("7", "h", "hungarian", "acc", "siódemkę czerwienną"),
    ("7", "h", "hungarian", "gen", "siódemki czerwiennej"),
    ("9", "b", "hungarian", "ins", "dziewiątką dzwonkową"),
    ("10", "a", "hungarian", "loc", "dziesiątce żołędnej"),
    ("K", "l", "hungarian", "ins", "królem winnym"),
    ("K", "l", "hungarian", "acc", "króla winnego"),
    ("A", "b", "hungarian", "nom", "as dzwonkowy"),
    ("A", "h", "hungarian", "dat", "asowi czerwiennemu"),
    ("U", "a", "hungarian", "acc", "alsó żołędnego"),
    ("O", "b", "hungarian", "nom", "felső dzwonkowy"),
    ("K", "h", "french", "gen", "króla kier"),
    ("Q", "s", "french", "ins", "damą pik"),
    ("10", "d", "french", "loc", "dziesiątce karo"),
    ("J", "c", "french", "acc", "waleta trefl"),
    ("2", "h", "french", "acc", "dwójkę kier"),
    ("5", "c", "french", "gen", "piątki trefl"),
])
def test_polish_card_names_decline_and_agree(rank: str, suit: str, deck: str, case: str, name: str) -> None:
    assert pl_card_name(rank, suit, deck, case) == name


def test_every_polish_card_has_a_name_in_every_case() -> None:
    for deck, suits in (("french", "cdhs"), ("hungarian", "hbla")):
        ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A") if deck == "french" \
            else ("7", "8", "9", "10", "U", "O", "K", "A")
        for rank in ranks:
            for suit in suits:
                names = [pl_card_name(rank, suit, deck, case) for case in CASES]
                assert all(names)
                assert names[0].split()[0] == pl_rank_noun(rank, deck)


def test_polish_rank_genders() -> None:
    assert [pl_rank_gender(r, "french") for r in ("7", "J", "Q", "K", "A")] == ["f", "m", "f", "m", "m"]
    assert pl_rank_noun("A", "french", "acc") == "asa"  # animate: "zagraj asa"


@pytest.mark.parametrize(("args", "message"), [
    (("7", "h", "hungarian", "vocative"), "unknown case"),
    (("2", "h", "hungarian", "nom"), "not a card"),
    (("K", "b", "french", "nom"), "not a card"),
    (("K", "h", "swiss", "nom"), "unknown deck"),
])
def test_polish_names_refuse_unknown_cards_and_cases(args: tuple[str, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pl_card_name(*args)


def test_polish_players_decline() -> None:
    assert [pl_player(3, case) for case in CASES] == [
        "gracz 3", "gracza 3", "graczowi 3", "gracza 3", "graczem 3", "graczu 3"]
    with pytest.raises(ValueError):
        pl_player(0)


# --- Danish ---------------------------------------------------------------------------------------

def test_danish_gender_of_cards() -> None:
    assert da_gender("A") == "neuter" and da_indefinite("A") == "et"
    assert [da_gender(r) for r in ("2", "7", "10", "J", "Q", "K", "U", "O")] == ["common"] * 8
    assert da_another("A", "es") == "et andet es"
    assert da_another("J", "knægt") == "en anden knægt"
    assert da_another("7", "7'er") == "en anden 7'er"


# --- placeholders for the builder ----------------------------------------------------------------

def test_a_translation_may_use_the_forms_of_its_language_only() -> None:
    assert allowed_placeholders({"seat", "card"}, "hu") == {"seat", "seat_the", "card", "card_the"}
    assert "card_acc" in allowed_placeholders({"card"}, "pl")
    assert "card_acc" not in allowed_placeholders({"card"}, "hu")
    assert allowed_placeholders({"card"}, "en") == {"card"}
    assert base_placeholder("card_acc", "pl") == "card"
    assert base_placeholder("wish_card_another", "da") == "wish_card"
    assert base_placeholder("card_acc", "hu") == "card_acc"


def test_forms_for_a_player_a_card_and_a_number() -> None:
    assert player_forms("hu", "seat", "1. játékos") == {"seat_the": "az 1. játékos"}
    assert player_forms("pl", "target", "gracz 2", 2)["target_dat"] == "graczowi 2"
    assert player_forms("da", "seat", "spiller 2") == {}
    assert card_forms("pl", "card", "siódemka czerwienna", "7", "h", "hungarian", True)["card_acc"] \
        == "siódemkę czerwienną"
    # Short forms do not decline: "Zagraj 7♥".
    assert card_forms("pl", "card", "7♥", "7", "h", "french", False)["card_acc"] == "7♥"
    assert card_forms("hu", "against", "A♠", "A", "s", "french", False) == {"against_the": "az A♠"}
    assert card_forms("da", "wish_card", "es", "A", "s", "french", False) == {"wish_card_another": "et andet es"}
    assert number_forms("hu", "place", 1) == {"place_the": "az 1"}
    assert number_forms("hu", "place", 2) == {"place_the": "a 2"}
    # Every form a helper returns is one the language declares.
    for language in grammar.FORMS:
        forms = card_forms(language, "card", "K♥", "K", "h", "french", False)
        assert set(forms) <= allowed_placeholders({"card"}, language) - {"card"}


def test_the_language_of_a_translator_or_a_catalog() -> None:
    import gettext
    from io import BytesIO

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    class Translator:
        language = "pl"

    buffer = BytesIO()
    write_mo(buffer, Catalog(locale="hu_HU"))
    buffer.seek(0)
    assert language_of(Translator()) == "pl"
    assert language_of(gettext.GNUTranslations(buffer)) == "hu"
    assert language_of(gettext.NullTranslations()) is None
    assert language_of(object()) is None


def test_a_written_out_player_keeps_its_article_and_its_polish_text() -> None:
    from ui.present.grammar import player_forms as forms

    assert forms("hu", "seat", "az előző játékos, a 2. játékos,") == {"seat_the": "az előző játékos, a 2. játékos,"}
    assert forms("hu", "seat", "5. játékos (te)") == {"seat_the": "az 5. játékos (te)"}
    assert forms("pl", "seat", "gracz 1 (ty)")["seat_dat"] == "gracz 1 (ty)"


def test_a_form_nobody_computed_falls_back_to_the_plain_word() -> None:
    from ui.present.grammar import fill

    assert fill("{seat_the} következik.", "hu", {"seat": "3. játékos"}) == "3. játékos következik."
    assert fill("{seat_the} következik.", "hu", {"seat": "3. játékos", "seat_the": "a 3. játékos"}) == \
        "a 3. játékos következik."
    with pytest.raises(KeyError):
        fill("{seat_the}", "pl", {"seat": "gracz 3"})  # "_the" is no Polish form
    with pytest.raises(KeyError):
        fill("{other}", "hu", {"seat": "3. játékos"})


def test_a_hungarian_pronoun_takes_no_article_but_a_numbered_player_does() -> None:
    assert player_forms("hu", "by", "te") == {"by_the": "te"}
    assert player_forms("hu", "by", "1. játékos (te)") == {"by_the": "az 1. játékos (te)"}
    assert player_forms("hu", "by", "3. játékos", 3) == {"by_the": "a 3. játékos"}
