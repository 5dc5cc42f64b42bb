"""The card sprites the app's pages reference: ``static/cards/<art>.svg``, one ``<symbol>`` per face.

Each sprite holds every face of a card art's full deck under its notation (``10h``, ``Ua``), the
four-colour French clubs and diamonds under ``<card>-4``, and the back under ``back``, drawn by
``ui.present.cards`` exactly as the inline form draws them. Streamlit serves the folder
(``server.enableStaticServing``); the browser fetches each sprite once and caches it.

``python -m ui.present.card_sprite`` (``make sprites``) writes the files; a test checks that the
committed files are what this module makes, so a change to the card art must regenerate them.
Stdlib only; no Streamlit.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ui.present.card_art import CARD_H, CARD_W
from ui.present.cards import BACK_SYMBOL, DECKS, all_cards, back_drawing, face_drawing, symbol_id

SPRITE_DIR = Path(__file__).resolve().parents[2] / "static" / "cards"


def _symbol(symbol: str, body: str) -> str:
    return f'<symbol id="{symbol}" viewBox="0 0 {CARD_W} {CARD_H}">{body}</symbol>\n'


def sprite_svg(deck: str) -> str:
    """Returns the sprite document of a card art: every face, the four-colour faces, the back."""
    symbols: dict[str, str] = {}
    for card in all_cards(deck):
        for four_colour in (False, True):
            symbol = symbol_id(card, deck, four_colour=four_colour)
            symbols.setdefault(symbol, face_drawing(card, deck, four_colour=four_colour))
    symbols[BACK_SYMBOL] = back_drawing(deck)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        f"<!-- Makao Tutor {deck} cards: written by ui/present/card_sprite.py (make sprites). -->\n"
        + "".join(_symbol(symbol, body) for symbol, body in symbols.items())
        + "</svg>\n"
    )


def sprite_path(deck: str) -> Path:
    """Returns where the sprite of a card art is kept (served at ``cards.SPRITE_URL``)."""
    return SPRITE_DIR / f"{deck}.svg"


def write_sprites(directory: Path = SPRITE_DIR) -> list[Path]:
    """Writes the sprite of every card art into a folder; returns the files written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for deck in DECKS:
        path = directory / f"{deck}.svg"
        path.write_text(sprite_svg(deck), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_sprites():
        print(f"{path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}: "
              f"{path.stat().st_size:,} bytes", file=sys.stdout)
