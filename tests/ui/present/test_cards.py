"""Card pictures (ui.present.cards): well-formed, accessible, escaped, and named in every language."""
from __future__ import annotations

import gettext
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.cards import DECK_KINDS, DeckKind
from engine.cards import FRENCH as FRENCH_DECK
from engine.cards import HUNGARIAN as HUNGARIAN_DECK
from engine.errors import NotationError
from ui.present import cards
from ui.present.cards import art_of

SVG = "{http://www.w3.org/2000/svg}"
FRENCH = [FRENCH_DECK.name(c) for c in FRENCH_DECK.all_cards()]
HUNGARIAN = [HUNGARIAN_DECK.name(c) for c in HUNGARIAN_DECK.all_cards()]
EVERY_CARD = [("french", c) for c in FRENCH] + [("hungarian", c) for c in HUNGARIAN]
ENGLISH = gettext.NullTranslations()
# The tests name cards in notation, as people read them; the module is given the engine's card ids.
DECKS = {"french": FRENCH_DECK, "hungarian": HUNGARIAN_DECK}


def card_svg(card: str, deck: str, **kwargs) -> str:
    """The card drawn in place: these tests check the drawing (its sprite form: test_card_sprite.py)."""
    return cards.card_svg(DECKS[deck].parse(card), DECKS[deck], inline=True, **kwargs)


def card_back_svg(deck: str = "french", **kwargs) -> str:
    """The back drawn in place."""
    return cards.card_back_svg(DECKS[deck], inline=True, **kwargs)


def card_label(card: str, deck: str, tr) -> str:
    return cards.card_label(DECKS[deck].parse(card), DECKS[deck], tr)


def card_name(card: str, deck: str, tr) -> str:
    return cards.card_name(DECKS[deck].parse(card), DECKS[deck], tr)


def hand_html(hand: list[str | None], deck: str, **kwargs) -> str:
    kind = DECKS[deck]
    return cards.hand_html([None if c is None else kind.parse(c) for c in hand], kind, **kwargs)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def drawing_only(svg: str) -> str:
    """The markup without its text alternative and card attribute: only what is drawn."""
    svg = re.sub(r"<title>.*?</title>", "", svg)
    svg = re.sub(r' aria-label="[^"]*"', "", svg)
    return re.sub(r' data-card="[^"]*"', "", svg)


def fills(elements: list[ET.Element]) -> set[str]:
    return {e.get("fill") for group in elements for e in group.iter() if e.get("fill")}


# --- the decks -------------------------------------------------------------------------------

def test_the_decks_have_52_and_32_cards() -> None:
    assert len(FRENCH) == len(set(FRENCH)) == 52
    assert len(HUNGARIAN) == len(set(HUNGARIAN)) == 32


# --- well-formed and accessible ----------------------------------------------------------------

@pytest.mark.parametrize(("deck", "card"), EVERY_CARD)
def test_every_card_is_a_well_formed_accessible_svg(deck: str, card: str) -> None:
    root = parse(card_svg(card, deck))
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox")
    title = root.find(f"{SVG}title")
    assert title is not None and title.text and title.text.strip()
    assert root.get("aria-label") == title.text
    assert root.get("data-card") == card


@pytest.mark.parametrize("deck", ["french", "hungarian"])
def test_every_card_back_is_a_well_formed_accessible_svg(deck: str) -> None:
    root = parse(card_back_svg(deck=deck))
    assert root.get("role") == "img"
    assert root.find(f"{SVG}title").text == "card back"
    assert parse(card_back_svg(deck=deck, label="rewers")).get("aria-label") == "rewers"


def test_the_two_backs_differ() -> None:
    assert card_back_svg(deck="french") != card_back_svg(deck="hungarian")


@pytest.mark.parametrize(("deck", "card"), EVERY_CARD)
def test_cards_use_no_ids_so_many_can_share_a_page(deck: str, card: str) -> None:
    root = parse(card_svg(card, deck, highlight="legal"))
    assert not [e for e in root.iter() if e.get("id")]


@pytest.mark.parametrize(("deck", "card"), EVERY_CARD)
def test_suits_are_drawn_as_paths_not_font_glyphs(deck: str, card: str) -> None:
    root = parse(card_svg(card, deck))
    texts = "".join(e.text or "" for e in root.iter(f"{SVG}text"))
    assert not set(texts) & set("♣♦♥♠")


def test_width_sets_the_size_and_keeps_the_card_ratio() -> None:
    root = parse(card_svg("Kh", "french", width=100))
    assert root.get("width") == "100"
    assert 130 <= int(root.get("height")) <= 142


# --- what is drawn ---------------------------------------------------------------------------

@pytest.mark.parametrize("rank", [str(n) for n in range(2, 11)])
@pytest.mark.parametrize("suit", list("cdhs"))
def test_french_number_cards_have_as_many_pips_as_their_rank(rank: str, suit: str) -> None:
    root = parse(card_svg(rank + suit, "french"))
    assert len(with_class(root, "pip")) == int(rank)


@pytest.mark.parametrize("rank", ["7", "8", "9", "10"])
@pytest.mark.parametrize("suit", list("hbla"))
def test_hungarian_number_cards_have_as_many_pips_as_their_rank(rank: str, suit: str) -> None:
    root = parse(card_svg(rank + suit, "hungarian"))
    assert len(with_class(root, "pip")) == int(rank)


@pytest.mark.parametrize(("deck", "card"), [("french", "Ac"), ("french", "As"), ("hungarian", "Ab")])
def test_an_ace_has_one_big_suit(deck: str, card: str) -> None:
    assert len(with_class(parse(card_svg(card, deck)), "pip")) == 1


@pytest.mark.parametrize(
    ("deck", "card"),
    [("french", c) for c in FRENCH if c[0] in "JQK"] + [("hungarian", c) for c in HUNGARIAN if c[0] in "UOK"],
)
def test_court_cards_are_pictures_not_pips(deck: str, card: str) -> None:
    root = parse(card_svg(card, deck))
    assert not with_class(root, "pip")
    assert len(with_class(root, "court-suit")) == 2  # one in each half of the picture


def test_unter_carries_its_suit_lower_than_ober() -> None:
    def top_suit_y(card: str) -> float:
        root = parse(card_svg(card, "hungarian"))
        first = with_class(root, "court-suit")[0]
        return float(re.search(r"translate\([\d.]+ ([\d.]+)\)", first.get("transform")).group(1))

    assert top_suit_y("Ua") > top_suit_y("Oa") + 50


@pytest.mark.parametrize(("deck", "card"), EVERY_CARD)
def test_every_card_has_two_corner_indices(deck: str, card: str) -> None:
    root = parse(card_svg(card, deck))
    assert len(with_class(root, "index")) == 2
    assert len(with_class(root, "index-suit")) == 2


def test_hungarian_number_cards_show_roman_numerals() -> None:
    for card, numeral in [("7h", "VII"), ("8b", "VIII"), ("9l", "IX"), ("10a", "X")]:
        root = parse(card_svg(card, "hungarian"))
        assert numeral in [e.text for e in root.iter(f"{SVG}text")]


@pytest.mark.parametrize("deck", ["french", "hungarian"])
def test_every_card_of_a_deck_is_drawn_differently(deck: str) -> None:
    every = FRENCH if deck == "french" else HUNGARIAN
    assert len({drawing_only(card_svg(c, deck)) for c in every}) == len(every)


def test_four_colour_turns_clubs_green_and_diamonds_blue() -> None:
    def pip_fills(card: str, four: bool) -> set[str]:
        return fills(with_class(parse(card_svg(card, "french", four_colour=four)), "pip"))

    assert pip_fills("5c", False) == pip_fills("5s", False)
    assert pip_fills("5d", False) == pip_fills("5h", False)
    four = [pip_fills(f"5{s}", True) for s in "cdhs"]
    assert all(len(f) == 1 for f in four)
    assert len(set().union(*four)) == 4  # four suits, four colours
    assert pip_fills("5c", True) != pip_fills("5c", False)
    assert pip_fills("5d", True) != pip_fills("5d", False)
    assert pip_fills("5h", True) == pip_fills("5h", False)
    assert pip_fills("5s", True) == pip_fills("5s", False)


def test_hungarian_suits_have_four_distinct_colours_and_shapes() -> None:
    pips = {s: with_class(parse(card_svg(f"7{s}", "hungarian")), "pip")[0] for s in "hbla"}
    assert len({frozenset(fills([p])) for p in pips.values()}) == 4
    shapes = {ET.tostring(p[0]) if len(p) else b"" for p in pips.values()}
    assert len({re.sub(rb'(fill|stroke)="[^"]*"', b"", s) for s in shapes}) == 4


def test_four_colour_leaves_the_hungarian_deck_alone() -> None:
    for card in HUNGARIAN:
        assert card_svg(card, "hungarian", four_colour=True) == card_svg(card, "hungarian")


# --- highlights --------------------------------------------------------------------------------

def test_a_plain_card_has_no_highlight() -> None:
    assert not with_class(parse(card_svg("Kh", "french")), "highlight")


@pytest.mark.parametrize("kind", ["legal", "illegal", "selected"])
def test_a_highlight_adds_a_visible_outline(kind: str) -> None:
    svg = card_svg("Kh", "french", highlight=kind)
    root = parse(svg)
    marks = with_class(root, "highlight")
    assert marks
    assert any(m.get("stroke") not in (None, "none") for m in marks)
    assert f"makao-card--{kind}" in root.get("class")


def test_the_three_highlights_look_different() -> None:
    looks = {
        kind: {(m.get("stroke"), m.get("fill")) for m in
               with_class(parse(card_svg("Kh", "french", highlight=kind)), "highlight")}
        for kind in ("legal", "illegal", "selected")
    }
    assert looks["legal"] != looks["selected"] != looks["illegal"] != looks["legal"]


def test_a_highlight_does_not_change_the_size() -> None:
    plain, marked = parse(card_svg("Kh", "french")), parse(card_svg("Kh", "french", highlight="legal"))
    assert (plain.get("viewBox"), plain.get("height")) == (marked.get("viewBox"), marked.get("height"))


def test_an_unknown_highlight_is_an_error() -> None:
    with pytest.raises(ValueError):
        card_svg("Kh", "french", highlight="glow")


# --- escaping and validation -------------------------------------------------------------------

HOSTILE = '<script>alert(1)</script>" onload="alert(2)'


def test_a_hostile_label_appears_escaped() -> None:
    svg = card_svg("Kh", "french", label=HOSTILE)
    assert "<script" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert 'onload="' not in svg
    root = parse(svg)
    assert root.find(f"{SVG}title").text == HOSTILE
    assert root.get("aria-label") == HOSTILE
    assert root.get("onload") is None


def test_a_hostile_back_label_appears_escaped() -> None:
    svg = card_back_svg(label=HOSTILE)
    assert "<script" not in svg
    assert parse(svg).get("aria-label") == HOSTILE


def test_hostile_labels_in_a_hand_appear_escaped() -> None:
    html = hand_html(["Kh", None], "french", labels=[HOSTILE, HOSTILE], aria_label=HOSTILE)
    assert "<script" not in html
    assert parse(html).get("aria-label") == HOSTILE


@pytest.mark.parametrize(("deck", "card"), [("french", 52), ("french", -1), ("hungarian", 32), ("hungarian", 40)])
def test_a_card_id_not_in_the_deck_is_an_error(deck: str, card: int) -> None:
    with pytest.raises(ValueError, match="not a card id"):
        cards.card_svg(card, DECKS[deck])
    with pytest.raises(ValueError, match="not a card id"):
        cards.card_label(card, DECKS[deck], ENGLISH)


@pytest.mark.parametrize("card", [None, "Kh", 5.0, True, ("K", "h"), b"Kh"])
def test_a_card_that_is_not_a_card_id_is_an_error(card: object) -> None:
    with pytest.raises(ValueError):
        cards.card_svg(card, FRENCH_DECK)  # type: ignore[arg-type]


@pytest.mark.parametrize("width", [0, -5, 7.5, "72", True])
def test_a_bad_width_is_an_error(width: object) -> None:
    with pytest.raises(ValueError):
        card_svg("Kh", "french", width=width)  # type: ignore[arg-type]


def test_a_deck_without_card_art_is_an_error() -> None:
    tarot = DeckKind(id="tarot", ranks=("K",), suits=("h",), art="tarot")
    with pytest.raises(ValueError, match="no card art"):
        cards.card_back_svg(tarot)
    with pytest.raises(ValueError, match="no card art"):
        cards.card_svg(0, tarot)


def test_a_suit_or_rank_of_another_deck_is_an_error() -> None:
    with pytest.raises(NotationError):
        cards.suit_word("c", HUNGARIAN_DECK, ENGLISH)
    with pytest.raises(NotationError):
        cards.rank_word("U", FRENCH_DECK, ENGLISH)
    with pytest.raises(NotationError):
        cards.index_text("2", DECK_KINDS["french32"])


def test_the_browser_reads_the_card_in_notation() -> None:
    assert parse(cards.card_svg(FRENCH_DECK.parse("Th"), FRENCH_DECK)).get("data-card") == "10h"
    assert parse(cards.card_svg(HUNGARIAN_DECK.parse("ua"), HUNGARIAN_DECK)).get("data-card") == "Ua"


@pytest.mark.parametrize("deck", [DECK_KINDS["french32"], DECK_KINDS["french36"]], ids=["french32", "french36"])
def test_a_short_decks_card_id_is_drawn_and_named_as_that_card(deck: DeckKind) -> None:
    # Mau-Mau's 32 and 101's 36 number their cards from 7 and 6: id 0 is 7♣ and 6♣, not 2♣.
    assert art_of(deck) == "french"
    for card in deck.all_cards():
        same = FRENCH_DECK.parse(deck.name(card))
        assert cards.card_label(card, deck, ENGLISH) == cards.card_label(same, FRENCH_DECK, ENGLISH)
        assert parse(cards.card_svg(card, deck)).get("data-card") == deck.name(card)
    assert cards.card_label(0, deck, ENGLISH).startswith(deck.ranks[0] + "♣")


# --- names ----------------------------------------------------------------------------------

FRENCH_WORDS = {
    "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
    "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace",
}
FRENCH_SUIT_WORDS = {"c": ("♣", "clubs"), "d": ("♦", "diamonds"), "h": ("♥", "hearts"), "s": ("♠", "spades")}
HUNGARIAN_WORDS = {
    "7": "seven", "8": "eight", "9": "nine", "10": "ten", "U": "Unter", "O": "Ober",
    "K": "king", "A": "ace",
}
HUNGARIAN_SUIT_WORDS = {"h": "hearts", "b": "bells", "l": "leaves", "a": "acorns"}


@pytest.mark.parametrize("card", FRENCH)
def test_every_french_card_is_labelled_in_english(card: str) -> None:
    card_id = FRENCH_DECK.parse(card)
    rank, suit = FRENCH_DECK.rank_of(card_id), FRENCH_DECK.suit_of(card_id)
    glyph, suit_word = FRENCH_SUIT_WORDS[suit]
    assert card_label(card, "french", ENGLISH) == f"{rank}{glyph} — {FRENCH_WORDS[rank]} of {suit_word}"


@pytest.mark.parametrize("card", HUNGARIAN)
def test_every_hungarian_card_is_labelled_in_english(card: str) -> None:
    card_id = HUNGARIAN_DECK.parse(card)
    rank, suit = HUNGARIAN_DECK.rank_of(card_id), HUNGARIAN_DECK.suit_of(card_id)
    expected = f"{HUNGARIAN_WORDS[rank]} of {HUNGARIAN_SUIT_WORDS[suit]}"   # no notation ("Ua") in what is said
    assert card_label(card, "hungarian", ENGLISH) == expected


def test_some_labels_read_as_expected() -> None:
    assert card_label("Kh", "french", ENGLISH) == "K♥ — king of hearts"
    assert card_label("10c", "french", ENGLISH) == "10♣ — ten of clubs"
    assert card_label("Ob", "hungarian", ENGLISH) == "Ober of bells"   # "Ob" is notation, not what a player says


def test_every_label_is_different() -> None:
    labels = [card_label(c, d, ENGLISH) for d, c in EVERY_CARD]
    assert len(set(labels)) == len(labels)


def test_a_card_without_a_label_is_named_in_english() -> None:
    assert parse(card_svg("Qs", "french")).get("aria-label") == "Q♠ — queen of spades"


class FakeCatalog:
    """A catalog from a dict of (context, msgid) → msgstr, like a compiled .po file."""

    def __init__(self, messages: dict[tuple[str, str], str]) -> None:
        self.messages = messages

    def gettext(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str) -> str:
        return self.messages.get((context, message), message)


POLISH = FakeCatalog({
    ("card name", "{rank} of {suit}"): "{rank} {suit}",
    ("card rank", "king"): "król", ("card rank", "queen"): "dama", ("card rank", "jack"): "walet",
    ("card rank", "ace"): "as", ("card rank", "two"): "dwójka",
    ("card suit", "hearts"): "kier", ("card suit", "spades"): "pik",
    ("card suit", "clubs"): "trefl", ("card suit", "diamonds"): "karo",
})
DANISH = FakeCatalog({
    ("card name", "{rank} of {suit}"): "{suit} {rank}",
    ("card rank", "king"): "konge", ("card rank", "queen"): "dame", ("card rank", "jack"): "knægt",
    ("card rank", "ace"): "es", ("card rank", "two"): "to",
    ("card suit", "hearts"): "hjerter", ("card suit", "spades"): "spar",
    ("card suit", "clubs"): "klør", ("card suit", "diamonds"): "ruder",
})
HUNGARIAN_CATALOG = FakeCatalog({
    ("Hungarian card name", "{rank} of {suit}"): "{suit} {rank}",
    ("Hungarian card rank", "king"): "király", ("Hungarian card rank", "Ober"): "felső",
    ("Hungarian card rank", "Unter"): "alsó", ("Hungarian card rank", "ace"): "ász",
    ("Hungarian card rank", "seven"): "hetes",
    ("Hungarian card suit", "hearts"): "piros", ("Hungarian card suit", "bells"): "tök",
    ("Hungarian card suit", "leaves"): "zöld", ("Hungarian card suit", "acorns"): "makk",
    # The French deck's words are separate messages: Hungarian hearts are not "kőr" here.
    ("card suit", "hearts"): "kőr",
})


@pytest.mark.parametrize(
    ("catalog", "deck", "card", "name"),
    [
        (POLISH, "french", "Kh", "król kier"), (POLISH, "french", "Qs", "dama pik"),
        (POLISH, "french", "Jc", "walet trefl"), (POLISH, "french", "Ad", "as karo"),
        (POLISH, "french", "2h", "dwójka kier"),
        (DANISH, "french", "Kh", "hjerter konge"), (DANISH, "french", "Qs", "spar dame"),
        (DANISH, "french", "Jc", "klør knægt"), (DANISH, "french", "Ad", "ruder es"),
        (DANISH, "french", "2h", "hjerter to"),
        (HUNGARIAN_CATALOG, "hungarian", "Kh", "piros király"),
        (HUNGARIAN_CATALOG, "hungarian", "Ob", "tök felső"),
        (HUNGARIAN_CATALOG, "hungarian", "Ul", "zöld alsó"),
        (HUNGARIAN_CATALOG, "hungarian", "Aa", "makk ász"),
        (HUNGARIAN_CATALOG, "hungarian", "7h", "piros hetes"),
    ],
)
def test_translators_can_order_rank_and_suit_as_their_language_does(
    catalog: FakeCatalog, deck: str, card: str, name: str
) -> None:
    assert card_name(card, deck, catalog) == name


def test_a_broken_name_pattern_falls_back_to_the_words() -> None:
    broken = FakeCatalog({("card name", "{rank} of {suit}"): "{ranga} {kolor"})
    assert card_name("Kh", "french", broken) == "king of hearts"


def test_the_card_names_are_extractable_by_babel_default_keywords() -> None:
    extract = pytest.importorskip("babel.messages.extract")
    source = Path(__file__).resolve().parents[3] / "ui" / "present" / "cards.py"
    found = {
        (context, message)
        for _line, message, _comments, context in extract.extract_from_file(
            "python", str(source), keywords=extract.DEFAULT_KEYWORDS
        )
    }
    expected = (
        {("card rank", w) for w in FRENCH_WORDS.values()}
        | {("card suit", w) for _g, w in FRENCH_SUIT_WORDS.values()}
        | {("Hungarian card rank", w) for w in HUNGARIAN_WORDS.values()}
        | {("Hungarian card suit", w) for w in HUNGARIAN_SUIT_WORDS.values()}
        | {("card name", "{rank} of {suit}"), ("Hungarian card name", "{rank} of {suit}")}
    )
    assert expected <= found


# --- hands -------------------------------------------------------------------------------------

def test_a_hand_is_a_row_of_card_pictures() -> None:
    html = hand_html(["Kh", "Qs", None, "7d"], "french",
                     highlights=["legal", "illegal", None, "selected"])
    assert "\n" not in html
    root = parse(html)
    assert root.get("role") == "list"
    assert "display:flex" in root.get("style")
    items = root.findall("div")
    assert [i.get("role") for i in items] == ["listitem"] * 4
    svgs = [i.find(f"{SVG}svg") for i in items]
    assert [s.get("data-card") for s in svgs] == ["Kh", "Qs", None, "7d"]
    assert "makao-back" in svgs[2].get("class")
    assert "translateY" in items[3].get("style")  # the selected card is raised
    assert "translateY" not in items[0].get("style")
    assert all("margin-right:-" in i.get("style") for i in items[:-1])  # cards overlap


def test_a_hand_names_its_cards_through_the_catalog() -> None:
    root = parse(hand_html(["Kh", "Ad"], "french", translations=POLISH))
    assert [s.get("aria-label") for s in root.iter(f"{SVG}svg")] == ["K♥ — król kier", "A♦ — as karo"]


def test_an_empty_hand_is_an_empty_row() -> None:
    assert parse(hand_html([], "french")).findall("div") == []


def test_a_hand_rejects_lists_of_the_wrong_length_and_bad_cards() -> None:
    with pytest.raises(ValueError):
        hand_html(["Kh", "Qs"], "french", highlights=["legal"])
    with pytest.raises(ValueError):
        hand_html(["Kh"], "french", labels=["a", "b"])
    with pytest.raises(ValueError, match="not a card id"):
        cards.hand_html([FRENCH_DECK.parse("Kh"), 52], FRENCH_DECK)
