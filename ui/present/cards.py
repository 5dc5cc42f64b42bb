"""Playing cards as SVG (faces from a cached sprite, or drawn inline), and their names in the reader's language.

Cards are given as the engine gives them: a card id of a ``DeckKind`` (``engine.cards``), with
that deck; notation (``10h``, ``Ua``) is written only where the browser reads it (the ``data-card``
attribute, the sprite's symbol ids). Which drawings a deck uses is its ``DeckKind.art``
(``card_art.Art``: ``"french"`` or ``"hungarian"``); the short French decks (Mau-Mau's 32, 101's 36)
are drawn as parts of the French 52. The drawing itself lives in ``ui.present.card_art``.

Corner indices: French cards show the rank as written (2…10, J, Q, K, A). Hungarian cards
show Roman numerals VII, VIII, IX, X on number cards, as printed on real Hungarian cards,
and the notation letters U (alsó), O (felső), K (király), A (ász) on the others, so the
cards read the same as the move notation the app prints; the full Hungarian name is in
the accessible label.

Card names are translated with ``pgettext``: a rank word ("card rank"), a suit word
("card suit") and a pattern ("card name", msgid ``"{rank} of {suit}"``) that puts them in
the language's order (pl "{rank} {suit}" → "król kier", da/hu "{suit} {rank}" →
"hjerter konge", "piros király"). The Hungarian deck has its own contexts
("Hungarian card rank", "Hungarian card suit", "Hungarian card name"). Every msgid is a
literal in this file, so Babel's default keywords extract them.

Two forms of the same drawing. In the app a card is a small ``<svg>`` that references its face in
a sprite, ``static/cards/<art>.svg`` (one ``<symbol>`` per face, per four-colour face and for the
back; written by ``ui.present.card_sprite``, served by Streamlit's static file serving and cached
by the browser), so a rerun sends a few hundred bytes per card instead of several kilobytes.
``inline=True`` draws the face inside the ``<svg>`` itself, for files that must stand alone (the
classroom handout, its PDF). Both keep the text alternative (``role="img"``, ``aria-label``,
``<title>``) and the highlight on the outer ``<svg>``.

Stdlib only; no Streamlit. Nothing given by a caller reaches the markup unescaped.
"""
from __future__ import annotations

import gettext
import html
from collections.abc import Sequence
from typing import Protocol

from engine.cards import FRENCH, HUNGARIAN, DeckKind
from engine.errors import NotationError
from ui.present import card_art, grammar
from ui.present.card_art import CARD_H, CARD_W, RADIUS, Art

# The full deck of each card art; the short decks (Mau-Mau's 32, 101's 36) are parts of them.
ART_DECKS: dict[Art, DeckKind] = {"french": FRENCH, "hungarian": HUNGARIAN}
ARTS: tuple[Art, ...] = tuple(ART_DECKS)
HIGHLIGHTS = ("legal", "illegal", "selected")

FRENCH_SUIT_GLYPHS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
# Corner index of each Hungarian rank (see the module docstring): the app's one Roman-numeral map.
HUNGARIAN_INDEX = {
    "7": "VII", "8": "VIII", "9": "IX", "10": "X", "U": "U", "O": "O", "K": "K", "A": "A",
}

# The card is drawn in a 250 × 350 box; the margin around it leaves room for the
# highlight outline, so a highlighted card has exactly the size of a plain one.
_MARGIN = 12
_VIEW_W = CARD_W + 2 * _MARGIN
_VIEW_H = CARD_H + 2 * _MARGIN

# Where Streamlit serves ``static/cards/`` (``server.enableStaticServing``), relative to the page:
# every page of the app sits directly under the app's base path, so this works under any base path.
SPRITE_URL = "app/static/cards"
BACK_SYMBOL = "back"


class Translations(Protocol):
    """What card names need from a catalog: ``gettext.NullTranslations`` has both."""

    def gettext(self, message: str) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...


# --- cards of a deck ----------------------------------------------------------------------

def art_of(deck: DeckKind) -> Art:
    """Returns which drawings a deck uses; raises ValueError for a deck without card art."""
    for art in ARTS:
        if deck.art == art:
            return art
    raise ValueError(f"the {deck.id} deck has no card art (known: {', '.join(ARTS)})")


def _rank_suit(card: int, deck: DeckKind) -> tuple[str, str]:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < deck.size:
        raise ValueError(f"{card!r} is not a card id of the {deck.id} deck (0 to {deck.size - 1})")
    return deck.rank_of(card), deck.suit_of(card)


def _suit(suit: str, deck: DeckKind) -> str:
    if suit not in deck.suits:
        raise NotationError(f"{suit!r} is not a suit of the {deck.id} deck (suits: {' '.join(deck.suits)})")
    return suit


def _rank(rank: str, deck: DeckKind) -> str:
    if rank not in deck.ranks:
        raise NotationError(f"{rank!r} is not a rank of the {deck.id} deck (ranks: {' '.join(deck.ranks)})")
    return rank


def card_short(card: int, deck: DeckKind) -> str:
    """Returns the short written form: rank and suit symbol for French cards (``K♥``),
    the notation for Hungarian ones (``Ua``), whose suits have no Unicode symbols."""
    rank, suit = _rank_suit(card, deck)
    if art_of(deck) == "french":
        return rank + FRENCH_SUIT_GLYPHS[suit]
    return rank + suit


def index_text(rank: str, deck: DeckKind) -> str:
    """Returns what the corner index of a rank shows (``X`` for a Hungarian ten)."""
    return HUNGARIAN_INDEX[_rank(rank, deck)] if art_of(deck) == "hungarian" else _rank(rank, deck)


# --- names -----------------------------------------------------------------------------

def _french_rank_words(translations: Translations) -> dict[str, str]:
    return {
        # TRANSLATORS: a French-suited card's rank as a noun, used in "{rank} of {suit}".
        "2": translations.pgettext("card rank", "two"),
        "3": translations.pgettext("card rank", "three"),
        "4": translations.pgettext("card rank", "four"),
        "5": translations.pgettext("card rank", "five"),
        "6": translations.pgettext("card rank", "six"),
        "7": translations.pgettext("card rank", "seven"),
        "8": translations.pgettext("card rank", "eight"),
        "9": translations.pgettext("card rank", "nine"),
        "10": translations.pgettext("card rank", "ten"),
        "J": translations.pgettext("card rank", "jack"),
        "Q": translations.pgettext("card rank", "queen"),
        "K": translations.pgettext("card rank", "king"),
        "A": translations.pgettext("card rank", "ace"),
    }


def _french_suit_words(translations: Translations) -> dict[str, str]:
    return {
        # TRANSLATORS: a French suit in the form used in card names (pl "kier", da "hjerter").
        "c": translations.pgettext("card suit", "clubs"),
        "d": translations.pgettext("card suit", "diamonds"),
        "h": translations.pgettext("card suit", "hearts"),
        "s": translations.pgettext("card suit", "spades"),
    }


def _hungarian_rank_words(translations: Translations) -> dict[str, str]:
    return {
        # TRANSLATORS: a Hungarian-suited card's rank as a noun (hu "hetes", "alsó", "felső").
        "7": translations.pgettext("Hungarian card rank", "seven"),
        "8": translations.pgettext("Hungarian card rank", "eight"),
        "9": translations.pgettext("Hungarian card rank", "nine"),
        "10": translations.pgettext("Hungarian card rank", "ten"),
        "U": translations.pgettext("Hungarian card rank", "Unter"),
        "O": translations.pgettext("Hungarian card rank", "Ober"),
        "K": translations.pgettext("Hungarian card rank", "king"),
        "A": translations.pgettext("Hungarian card rank", "ace"),
    }


def _hungarian_suit_words(translations: Translations) -> dict[str, str]:
    return {
        # TRANSLATORS: a Hungarian suit in the form used in card names (hu "piros", "tök").
        "h": translations.pgettext("Hungarian card suit", "hearts"),
        "b": translations.pgettext("Hungarian card suit", "bells"),
        "l": translations.pgettext("Hungarian card suit", "leaves"),
        "a": translations.pgettext("Hungarian card suit", "acorns"),
    }


def _name_pattern(art: Art, translations: Translations) -> str:
    if art == "hungarian":
        # TRANSLATORS: keep {rank} and {suit}; order them as your language names cards
        # (hu "{suit} {rank}" → "piros király").
        return translations.pgettext("Hungarian card name", "{rank} of {suit}")
    # TRANSLATORS: keep {rank} and {suit}; order them as your language names cards
    # (pl "{rank} {suit}" → "król kier", da "{suit} {rank}" → "hjerter konge").
    return translations.pgettext("card name", "{rank} of {suit}")


def card_name(card: int, deck: DeckKind, translations: Translations) -> str:
    """Returns the full name of a card in the catalog's language ("king of hearts")."""
    rank, suit = _rank_suit(card, deck)
    art = art_of(deck)
    if grammar.language_of(translations) == "pl":
        # Polish names German-suited cards with adjectives agreeing with the rank
        # (siódemka czerwienna, król winny), which no "{rank} {suit}" pattern can write.
        return grammar.pl_card_name(rank, suit, art)
    if art == "hungarian":
        rank_word = _hungarian_rank_words(translations)[rank]
        suit_word = _hungarian_suit_words(translations)[suit]
    else:
        rank_word = _french_rank_words(translations)[rank]
        suit_word = _french_suit_words(translations)[suit]
    pattern = _name_pattern(art, translations)
    try:
        return pattern.format(rank=rank_word, suit=suit_word)
    except (KeyError, IndexError, ValueError):
        # A broken translation of the pattern must not break a page.
        return f"{rank_word} of {suit_word}"


def suit_word(suit: str, deck: DeckKind, translations: Translations) -> str:
    """Names a suit of a deck (``DeckKind.suits``) as in card names ("hearts"; pl "kier"; hu "piros")."""
    hungarian = art_of(deck) == "hungarian"
    words = _hungarian_suit_words(translations) if hungarian else _french_suit_words(translations)
    return words[_suit(suit, deck)]


def rank_word(rank: str, deck: DeckKind, translations: Translations) -> str:
    """Names a rank of a deck (``DeckKind.ranks``) as in card names ("king"; pl "król"; hu "alsó")."""
    hungarian = art_of(deck) == "hungarian"
    words = _hungarian_rank_words(translations) if hungarian else _french_rank_words(translations)
    return words[_rank(rank, deck)]


def card_label(card: int, deck: DeckKind, translations: Translations) -> str:
    """Returns the text alternative of a card: short form and full name ("K♥ — king of hearts"); a
    Hungarian card by its name alone ("makk alsó"), since its short form is only the notation ("Ua")."""
    if art_of(deck) == "hungarian":
        return card_name(card, deck, translations)
    return f"{card_short(card, deck)} — {card_name(card, deck, translations)}"


# --- SVG ---------------------------------------------------------------------------------

def _svg(body: str, *, width: int, label: str, css_class: str, card: str = "") -> str:
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        raise ValueError(f"width must be a positive whole number of pixels, not {width!r}")
    height = round(width * _VIEW_H / _VIEW_W)
    text = html.escape(label, quote=True)
    data = f' data-card="{html.escape(card, quote=True)}"' if card else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-_MARGIN} {-_MARGIN} {_VIEW_W} '
        f'{_VIEW_H}" width="{width}" height="{height}" role="img" aria-label="{text}" '
        f'class="{css_class}"{data} style="display:block;overflow:visible">'
        f"<title>{text}</title>{body}</svg>"
    )


def _blank(fill: str = card_art.PAPER) -> str:
    return (
        f'<rect x="0.75" y="0.75" width="{CARD_W - 1.5}" height="{CARD_H - 1.5}" rx="{RADIUS}" '
        f'fill="{fill}" stroke="#9a9a9a" stroke-width="1.5"/>'
    )


def _highlight(kind: str | None) -> str:
    """Returns the marking of a card's state: green glow, grey veil or blue outline."""
    if kind is None:
        return ""

    def outline(colour: str) -> str:
        # A white halo under a coloured line, so the mark shows on light and dark pages.
        ring = (
            f'<rect x="-4" y="-4" width="{CARD_W + 8}" height="{CARD_H + 8}" rx="{RADIUS + 4}" '
            'fill="none" stroke="{colour}" stroke-width="{width}" class="highlight"/>'
        )
        return ring.format(colour="#ffffff", width=15) + ring.format(colour=colour, width=9)

    if kind == "legal":
        return outline("#1f9d46")
    if kind == "selected":
        return outline("#1f5fd6")
    # Illegal: the card is veiled in grey (and its edge dashed), so it reads as
    # unavailable without relying on colour.
    return (
        f'<rect x="0" y="0" width="{CARD_W}" height="{CARD_H}" rx="{RADIUS}" fill="#5c5c5c" '
        'fill-opacity="0.45" class="highlight"/>'
        f'<rect x="-3" y="-3" width="{CARD_W + 6}" height="{CARD_H + 6}" rx="{RADIUS + 3}" '
        'fill="none" stroke="#6e6e6e" stroke-width="6" stroke-dasharray="16 10" '
        'class="highlight"/>'
    )


def _face(card: int, deck: DeckKind, four_colour: bool) -> str:
    rank, suit = _rank_suit(card, deck)
    art = art_of(deck)
    ink = card_art.suit_ink(suit, art, four_colour)
    text = index_text(rank, deck)
    if rank == "A":
        picture = card_art.ace(suit, art, ink)
    elif rank in ("J", "Q", "K", "U", "O"):
        picture = card_art.court(rank, suit, art, ink, text)
    else:
        picture = card_art.pips(rank, suit, art, ink)
    return _blank() + picture + card_art.corner_index(suit, art, ink, text)


def face_drawing(card: int, deck: DeckKind, *, four_colour: bool = False) -> str:
    """Returns the SVG elements of a card face in the 250 × 350 card box (no ``<svg>`` around them)."""
    return _face(card, deck, four_colour)


def back_drawing(deck: DeckKind) -> str:
    """Returns the SVG elements of a card back in the 250 × 350 card box."""
    return _blank() + card_art.back(art_of(deck))


def symbol_id(card: int, deck: DeckKind, *, four_colour: bool = False) -> str:
    """Returns the sprite symbol of a face: the notation (``10h``), ``-4`` for a four-colour ♣/♦ face.

    Only French clubs and diamonds change colour in the four-colour deck (``card_art.suit_ink``),
    so only they have a second symbol; Hungarian suits are four-coloured already.
    """
    rank, suit = _rank_suit(card, deck)
    art = art_of(deck)
    changed = four_colour and card_art.suit_ink(suit, art, True) != card_art.suit_ink(suit, art, False)
    return rank + suit + ("-4" if changed else "")


def _use(deck: DeckKind, symbol: str) -> str:
    href = html.escape(f"{SPRITE_URL}/{art_of(deck)}.svg#{symbol}", quote=True)
    return f'<use href="{href}" width="{CARD_W}" height="{CARD_H}"/>'


def card_svg(
    card: int,
    deck: DeckKind,
    *,
    four_colour: bool = False,
    width: int = 72,
    highlight: str | None = None,
    label: str = "",
    inline: bool = False,
) -> str:
    """Returns a card face as SVG; ``label`` is its text alternative (English name if empty).

    The face is a reference into the deck's sprite, or drawn in place with ``inline=True``.
    """
    rank, suit = _rank_suit(card, deck)
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r} (known: {', '.join(HIGHLIGHTS)})")
    if not isinstance(label, str):
        raise ValueError(f"label must be text, not {type(label).__name__}")
    text = label or card_label(card, deck, gettext.NullTranslations())
    state = f" makao-card--{highlight}" if highlight else ""
    face = _face(card, deck, four_colour) if inline else _use(deck, symbol_id(card, deck, four_colour=four_colour))
    body = face + _highlight(highlight)
    # data-card is the card in notation: what the browser tests read.
    return _svg(body, width=width, label=text, css_class=f"makao-card{state}", card=rank + suit)


def card_back_svg(deck: DeckKind, *, width: int = 72, label: str = "", inline: bool = False) -> str:
    """Returns the patterned back of a card as SVG (blue French, green Hungarian)."""
    art_of(deck)
    if not isinstance(label, str):
        raise ValueError(f"label must be text, not {type(label).__name__}")
    body = back_drawing(deck) if inline else _use(deck, BACK_SYMBOL)
    return _svg(body, width=width, label=label or "card back", css_class="makao-card makao-back")


def _check_hand_options(count: int, highlights: Sequence[str | None] | None, labels: Sequence[str] | None,
                        overlap: float) -> None:
    """Refuses highlights or labels that do not run parallel to the cards, and an overlap outside [0, 1)."""
    if highlights is not None and len(highlights) != count:
        raise ValueError(f"{len(highlights)} highlights for {count} cards")
    if labels is not None and len(labels) != count:
        raise ValueError(f"{len(labels)} labels for {count} cards")
    if not 0 <= overlap < 1:
        raise ValueError(f"overlap must be a fraction of a card's width in [0, 1), not {overlap!r}")


def _hand_item(svg: str, *, last: bool, selected: bool, shift: int, lift: int) -> str:
    """One card of a hand's row: overlapping the next one, raised when selected."""
    style = ["line-height:0", "flex:0 0 auto"]
    if not last:
        # A negative right margin (not left) keeps the first card of a wrapped row flush.
        style.append(f"margin-right:-{shift}px")
    if selected:
        style.append(f"transform:translateY(-{lift}px)")
    return f'<div role="listitem" style="{";".join(style)}">{svg}</div>'


def hand_html(
    cards: Sequence[int | None],
    deck: DeckKind,
    *,
    four_colour: bool = False,
    width: int = 72,
    highlights: Sequence[str | None] | None = None,
    labels: Sequence[str] | None = None,
    translations: Translations | None = None,
    overlap: float = 0.3,
    aria_label: str = "",
    inline: bool = False,
) -> str:
    """Returns a row of overlapping cards as one line of HTML (``None`` draws a face-down card).

    ``highlights`` and ``labels`` run parallel to ``cards``; without labels each card is
    named through ``translations`` (English when None). Selected cards are raised a little.
    ``inline=True`` draws every face in place (a file that must stand alone), else from the sprite.
    The output has no blank lines or indentation, so ``st.markdown(unsafe_allow_html=True)``
    does not mistake any of it for Markdown; ``st.html`` takes it as is.
    """
    cards = list(cards)
    _check_hand_options(len(cards), highlights, labels, overlap)
    catalog = translations if translations is not None else gettext.NullTranslations()
    shift = round(width * overlap)
    lift = max(4, round(width * 0.14))
    items = []
    for position, card in enumerate(cards):
        mark = highlights[position] if highlights is not None else None
        label = labels[position] if labels is not None else ""
        if card is None:
            svg = card_back_svg(deck, width=width, label=label, inline=inline)
        else:
            label = label or card_label(card, deck, catalog)
            svg = card_svg(card, deck, four_colour=four_colour, width=width, highlight=mark,
                           label=label, inline=inline)
        items.append(_hand_item(svg, last=position == len(cards) - 1, selected=mark == "selected",
                                shift=shift, lift=lift))
    name = html.escape(aria_label, quote=True)
    named = f' aria-label="{name}"' if name else ""
    return (
        f'<div class="makao-hand" role="list"{named} style="display:flex;flex-wrap:wrap;'
        f'align-items:flex-end;row-gap:{lift + 4}px;padding:{lift + 4}px {shift + 8}px 6px 8px">'
        + "".join(items) + "</div>"
    )
