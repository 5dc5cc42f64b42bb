"""Cards from the sprite (ui.present.cards, ui.present.card_sprite): light, accessible, and drawn as inline."""
from __future__ import annotations

import os
import re
import shutil
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

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
    BACK_SYMBOL,
    DECKS,
    SPRITE_URL,
    all_cards,
    back_drawing,
    card_back_svg,
    card_svg,
    face_drawing,
    hand_html,
    symbol_id,
)

SVG = "{http://www.w3.org/2000/svg}"
EVERY_CARD = [(deck, card) for deck in DECKS for card in all_cards(deck)]
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


@pytest.mark.parametrize(("deck", "card"), EVERY_CARD)
def test_every_card_references_its_own_face_in_its_decks_sprite(deck: str, card: str) -> None:
    path, symbol = referenced(card_svg(card, deck))
    assert path == f"{SPRITE_URL}/{deck}.svg"
    assert symbol == card
    assert symbols(deck)[symbol] == face_drawing(card, deck)


@pytest.mark.parametrize(("deck", "card"), EVERY_CARD)
def test_a_sprite_card_keeps_its_text_alternative_and_size(deck: str, card: str) -> None:
    light, inline = ET.fromstring(card_svg(card, deck)), ET.fromstring(card_svg(card, deck, inline=True))
    assert light.get("role") == "img"
    assert light.get("aria-label") == inline.get("aria-label") and light.get("aria-label")
    assert light.find(f"{SVG}title").text == light.get("aria-label")
    assert [light.get(a) for a in ("viewBox", "width", "height", "data-card", "class")] == \
           [inline.get(a) for a in ("viewBox", "width", "height", "data-card", "class")]


@pytest.mark.parametrize("deck", DECKS)
def test_a_deck_from_the_sprite_is_a_small_fraction_of_the_inline_drawing(deck: str) -> None:
    light = sum(len(card_svg(card, deck)) for card in all_cards(deck))
    inline = sum(len(card_svg(card, deck, inline=True)) for card in all_cards(deck))
    assert light * 8 < inline
    assert max(len(card_svg(card, deck)) for card in all_cards(deck)) < 400


def test_four_colour_clubs_and_diamonds_have_their_own_symbols() -> None:
    french = symbols("french")
    for card in all_cards("french"):
        four = symbol_id(card, "french", four_colour=True)
        if card[-1] in "cd":
            assert four == card + "-4"
            assert french[four] == face_drawing(card, "french", four_colour=True) != french[card]
            assert referenced(card_svg(card, "french", four_colour=True))[1] == four
        else:
            assert four == card
    assert "#157a35" in french["5c-4"] and "#1858c4" in french["5d-4"]
    assert not any(s.endswith("-4") for s in symbols("hungarian"))


@pytest.mark.parametrize("deck", DECKS)
def test_the_back_comes_from_the_sprite(deck: str) -> None:
    path, symbol = referenced(card_back_svg(48, deck))
    assert (path, symbol) == (f"{SPRITE_URL}/{deck}.svg", BACK_SYMBOL)
    assert symbols(deck)[BACK_SYMBOL] == back_drawing(deck)


@pytest.mark.parametrize("kind", ["legal", "illegal", "selected"])
def test_a_highlight_is_drawn_over_the_sprite_face(kind: str) -> None:
    root = ET.fromstring(card_svg("Kh", "french", highlight=kind))
    children = list(root)
    assert children[1].tag == f"{SVG}use"  # title, then the face, then the marks over it
    assert [c for c in children[2:] if "highlight" in (c.get("class") or "")]


def test_a_hostile_label_on_a_sprite_card_appears_escaped() -> None:
    for svg in (card_svg("Kh", "french", label=HOSTILE), card_back_svg(label=HOSTILE),
                hand_html(["Kh", None], "french", labels=[HOSTILE, HOSTILE])):
        assert "<script" not in svg and 'onload="' not in svg


def test_a_hand_uses_the_sprite_unless_asked_to_stand_alone() -> None:
    light = hand_html(["Kh", "7c", None], "french")
    alone = hand_html(["Kh", "7c", None], "french", inline=True)
    assert light.count("<use ") == 3 and "<use " not in alone
    assert len(light) * 4 < len(alone)
