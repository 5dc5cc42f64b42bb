"""Cards from the sprite (ui.present.cards, ui.present.card_sprite): light, accessible, and drawn as inline."""
from __future__ import annotations

import os
import re
import shutil
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.cards import FRENCH, FRENCH_32, FRENCH_36, DeckKind
from ui.present.card_sprite import (
    DATES_NAME,
    SPRITE_DIR,
    content_hash,
    date_sprites,
    recorded_dates,
    sprite_path,
    sprite_svg,
    write_sprites,
)
from ui.present.cards import (
    ART_DECKS,
    BACK_SYMBOL,
    SPRITE_URL,
    back_drawing,
    card_back_svg,
    card_svg,
    face_drawing,
    hand_html,
    symbol_id,
)

SVG = "{http://www.w3.org/2000/svg}"
DECKS = tuple(ART_DECKS)  # the card arts, one sprite each
EVERY_CARD = [(art, card) for art, deck in ART_DECKS.items() for card in deck.all_cards()]
KH = FRENCH.parse("Kh")
HOSTILE = '<script>alert(1)</script>" onload="alert(2)'


def symbols(deck: str) -> dict[str, str]:
    """The symbols of the committed sprite file: id → the markup inside the symbol."""
    text = sprite_path(deck).read_text(encoding="utf-8")
    ET.fromstring(text)  # the file is well-formed XML
    return dict(re.findall(r'<symbol id="([^"]+)" viewBox="0 0 250 350">(.*?)</symbol>', text))


def referenced(svg: str) -> tuple[str, str]:
    """The sprite file and the symbol a card's ``<use>`` points at."""
    use = ET.fromstring(svg).find(f"{SVG}use")
    assert use is not None, svg
    path, _, symbol = use.get("href").partition("#")
    return path, symbol


@pytest.mark.parametrize("deck", DECKS)
def test_the_committed_sprites_are_what_the_generator_makes(deck: str) -> None:
    # Regenerate with `make sprites` after changing the card art.
    assert sprite_path(deck).read_text(encoding="utf-8") == sprite_svg(deck)


@pytest.mark.parametrize("deck", DECKS)
def test_the_recorded_date_belongs_to_the_committed_sprite(deck: str) -> None:
    """dates.json must record the committed content (else `make sprites` was skipped), dated in the past."""
    record = recorded_dates()[f"{deck}.svg"]
    assert record["sha256"] == content_hash(sprite_path(deck).read_text(encoding="utf-8")), "run `make sprites`"
    assert 1_700_000_000 < int(str(record["modified"])) < time.time()


def test_a_copied_sprite_gets_its_recorded_date_and_an_edited_one_keeps_its_own(tmp_path: Path) -> None:
    for name in (*(f"{deck}.svg" for deck in DECKS), DATES_NAME):
        shutil.copy(SPRITE_DIR / name, tmp_path / name)  # a copy is dated "now", as in a fresh checkout
    edited = tmp_path / f"{DECKS[1]}.svg"
    edited.write_text(edited.read_text(encoding="utf-8") + "<!-- edited -->\n", encoding="utf-8")
    before = edited.stat().st_mtime
    results = dict(date_sprites(tmp_path))
    recorded = recorded_dates(tmp_path)
    first = tmp_path / f"{DECKS[0]}.svg"
    assert results == {first: True, edited: False}
    assert first.stat().st_mtime == float(str(recorded[first.name]["modified"]))
    assert edited.stat().st_mtime == before


def test_regenerating_keeps_the_date_of_unchanged_sprites_and_dates_a_changed_one_now(tmp_path: Path) -> None:
    for name in (*(f"{deck}.svg" for deck in DECKS), DATES_NAME):
        shutil.copy(SPRITE_DIR / name, tmp_path / name)
    dates = recorded_dates(tmp_path)
    dates[f"{DECKS[1]}.svg"]["sha256"] = "0" * 64  # as if the card art had changed since the record
    (tmp_path / DATES_NAME).write_text(__import__("json").dumps(dates), encoding="utf-8")
    write_sprites(tmp_path, now=1_800_000_000)
    after = recorded_dates(tmp_path)
    assert after[f"{DECKS[0]}.svg"] == recorded_dates()[f"{DECKS[0]}.svg"]
    assert after[f"{DECKS[1]}.svg"]["modified"] == 1_800_000_000
    assert os.stat(tmp_path / f"{DECKS[1]}.svg").st_mtime == 1_800_000_000


@pytest.mark.parametrize(("art", "card"), EVERY_CARD)
def test_every_card_references_its_own_face_in_its_decks_sprite(art: str, card: int) -> None:
    deck = ART_DECKS[art]
    path, symbol = referenced(card_svg(card, deck))
    assert path == f"{SPRITE_URL}/{art}.svg"
    assert symbol == deck.name(card)  # the symbol id is the card's notation
    assert symbols(art)[symbol] == face_drawing(card, deck)


@pytest.mark.parametrize("deck", [FRENCH_32, FRENCH_36], ids=["french32", "french36"])
def test_a_short_decks_card_references_the_face_of_the_same_card_in_the_full_deck(deck: DeckKind) -> None:
    # Mau-Mau's and 101's short decks number their cards from their lowest rank; the sprite is the 52's.
    for card in deck.all_cards():
        same = FRENCH.parse(deck.name(card))
        assert card_svg(card, deck) == card_svg(same, FRENCH)
        assert face_drawing(card, deck, four_colour=True) == face_drawing(same, FRENCH, four_colour=True)


@pytest.mark.parametrize(("art", "card"), EVERY_CARD)
def test_a_sprite_card_keeps_its_text_alternative_and_size(art: str, card: int) -> None:
    deck = ART_DECKS[art]
    light, inline = ET.fromstring(card_svg(card, deck)), ET.fromstring(card_svg(card, deck, inline=True))
    assert light.get("role") == "img"
    assert light.get("aria-label") == inline.get("aria-label") and light.get("aria-label")
    assert light.find(f"{SVG}title").text == light.get("aria-label")
    assert [light.get(a) for a in ("viewBox", "width", "height", "data-card", "class")] == \
           [inline.get(a) for a in ("viewBox", "width", "height", "data-card", "class")]


@pytest.mark.parametrize("deck", ART_DECKS.values(), ids=DECKS)
def test_a_deck_from_the_sprite_is_a_small_fraction_of_the_inline_drawing(deck: DeckKind) -> None:
    light = sum(len(card_svg(card, deck)) for card in deck.all_cards())
    inline = sum(len(card_svg(card, deck, inline=True)) for card in deck.all_cards())
    assert light * 8 < inline
    assert max(len(card_svg(card, deck)) for card in deck.all_cards()) < 400


def test_four_colour_clubs_and_diamonds_have_their_own_symbols() -> None:
    french = symbols("french")
    for card in FRENCH.all_cards():
        name = FRENCH.name(card)
        four = symbol_id(card, FRENCH, four_colour=True)
        if name[-1] in "cd":
            assert four == name + "-4"
            assert french[four] == face_drawing(card, FRENCH, four_colour=True) != french[name]
            assert referenced(card_svg(card, FRENCH, four_colour=True))[1] == four
        else:
            assert four == name
    assert "#157a35" in french["5c-4"] and "#1858c4" in french["5d-4"]
    assert not any(s.endswith("-4") for s in symbols("hungarian"))


@pytest.mark.parametrize("art", DECKS)
def test_the_back_comes_from_the_sprite(art: str) -> None:
    path, symbol = referenced(card_back_svg(ART_DECKS[art], width=48))
    assert (path, symbol) == (f"{SPRITE_URL}/{art}.svg", BACK_SYMBOL)
    assert symbols(art)[BACK_SYMBOL] == back_drawing(ART_DECKS[art])


@pytest.mark.parametrize("kind", ["legal", "illegal", "selected"])
def test_a_highlight_is_drawn_over_the_sprite_face(kind: str) -> None:
    root = ET.fromstring(card_svg(KH, FRENCH, highlight=kind))
    children = list(root)
    assert children[1].tag == f"{SVG}use"  # title, then the face, then the marks over it
    assert [c for c in children[2:] if "highlight" in (c.get("class") or "")]


def test_a_hostile_label_on_a_sprite_card_appears_escaped() -> None:
    for svg in (card_svg(KH, FRENCH, label=HOSTILE), card_back_svg(FRENCH, label=HOSTILE),
                hand_html([KH, None], FRENCH, labels=[HOSTILE, HOSTILE])):
        assert "<script" not in svg and 'onload="' not in svg


def test_a_hand_uses_the_sprite_unless_asked_to_stand_alone() -> None:
    light = hand_html([KH, FRENCH.parse("7c"), None], FRENCH)
    alone = hand_html([KH, FRENCH.parse("7c"), None], FRENCH, inline=True)
    assert light.count("<use ") == 3 and "<use " not in alone
    assert len(light) * 4 < len(alone)
