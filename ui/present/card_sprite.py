"""The card sprites the app's pages reference: ``static/cards/<art>.svg``, one ``<symbol>`` per face.

Each sprite holds every face of a card art's full deck under its notation (``10h``, ``Ua``), the
four-colour French clubs and diamonds under ``<card>-4``, and the back under ``back``, drawn by
``ui.present.cards`` exactly as the inline form draws them. Streamlit serves the folder
(``server.enableStaticServing``); the browser fetches each sprite once and caches it.

``python -m ui.present.card_sprite`` (``make sprites``) writes the files; a test checks that the
committed files are what this module makes, so a change to the card art must regenerate them.

Streamlit's ``app/static`` route sends ``Last-Modified`` but no ``Cache-Control``, so a browser keeps
a sprite fresh for a tenth of its age (heuristic freshness). A checkout or a copy dates every file
"now", which would make a sprite stale at once and fetched again on every page switch. So the
sprites' dates travel with them: ``dates.json`` records, per sprite, the hash of its content and
when that content was first written; ``python -m ui.present.card_sprite --date`` (``make run``,
``make test``) gives each file whose content matches its record that date. No git is needed, so a
tarball, a copy owned by another user or a shallow clone is dated alike.
Stdlib only; no Streamlit.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

from ui.present.card_art import CARD_H, CARD_W, Art
from ui.present.cards import ART_DECKS, ARTS, BACK_SYMBOL, back_drawing, face_drawing, symbol_id

SPRITE_DIR = Path(__file__).resolve().parents[2] / "static" / "cards"
DATES_NAME = "dates.json"


def _symbol(symbol: str, body: str) -> str:
    return f'<symbol id="{symbol}" viewBox="0 0 {CARD_W} {CARD_H}">{body}</symbol>\n'


def sprite_svg(art: Art) -> str:
    """Returns the sprite document of a card art: every face, the four-colour faces, the back."""
    deck = ART_DECKS[art]
    symbols: dict[str, str] = {}
    for card in deck.all_cards():
        for four_colour in (False, True):
            symbol = symbol_id(card, deck, four_colour=four_colour)
            symbols.setdefault(symbol, face_drawing(card, deck, four_colour=four_colour))
    symbols[BACK_SYMBOL] = back_drawing(deck)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        f"<!-- Makao Tutor {art} cards: written by ui/present/card_sprite.py (make sprites). -->\n"
        + "".join(_symbol(symbol, body) for symbol, body in symbols.items())
        + "</svg>\n"
    )


def sprite_path(art: Art) -> Path:
    """Returns where the sprite of a card art is kept (served at ``cards.SPRITE_URL``)."""
    return SPRITE_DIR / f"{art}.svg"


def content_hash(text: str) -> str:
    """Returns the SHA-256 of a sprite's text, as ``dates.json`` records it."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def recorded_dates(directory: Path = SPRITE_DIR) -> dict[str, dict[str, object]]:
    """Returns ``dates.json`` of a folder: file name → ``{"sha256": …, "modified": epoch seconds}``."""
    path = directory / DATES_NAME
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")))


def write_sprites(directory: Path = SPRITE_DIR, now: float | None = None) -> list[Path]:
    """Writes the sprite of every card art into a folder and records their dates; returns the files.

    A sprite whose content is unchanged keeps its recorded date, so regenerating without a change
    to the card art leaves ``dates.json`` as it was.
    """
    directory.mkdir(parents=True, exist_ok=True)
    dates = recorded_dates(directory)
    stamp = int(time.time() if now is None else now)
    written = []
    for art in ARTS:
        path = directory / f"{art}.svg"
        text = sprite_svg(art)
        path.write_text(text, encoding="utf-8")
        record = dates.get(path.name, {})
        if record.get("sha256") != content_hash(text):
            dates[path.name] = {"sha256": content_hash(text), "modified": stamp}
        written.append(path)
    (directory / DATES_NAME).write_text(json.dumps(dates, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    date_sprites(directory)
    return written


def date_sprites(directory: Path = SPRITE_DIR) -> list[tuple[Path, bool]]:
    """Gives every sprite whose content matches its record the recorded date; returns (file, dated).

    A sprite that does not match (edited by hand, or ``make sprites`` not run) keeps its own date.
    """
    dates = recorded_dates(directory)
    results = []
    for art in ARTS:
        path = directory / f"{art}.svg"
        record = dates.get(path.name, {})
        matches = path.exists() and record.get("sha256") == content_hash(path.read_text(encoding="utf-8"))
        if matches:
            modified = float(str(record["modified"]))
            os.utime(path, (modified, modified))
        results.append((path, matches))
    return results


def _shown(path: Path) -> Path:
    return path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path


if __name__ == "__main__":
    if sys.argv[1:] == ["--date"]:
        for path, dated in date_sprites():
            if not dated:
                print(f"{_shown(path)}: content differs from {DATES_NAME}; run `make sprites`", file=sys.stderr)
    else:
        for path in write_sprites():
            print(f"{_shown(path)}: {path.stat().st_size:,} bytes", file=sys.stdout)
