"""Page titles in the menu: the Play page is a game, not the button that puts cards down."""
from __future__ import annotations

from ui.present.i18n import translator
from ui.shell.pages import PAGES, page_title


def _spec(path: str):
    return next(spec for spec in PAGES if spec.url_path == path)


def test_the_play_page_is_named_apart_from_the_play_button() -> None:
    hu = translator("hu")
    assert page_title(_spec("play"), hu) == "Játék"
    assert hu.gettext("Play") == "Kijátszás"          # the card table's button
    assert page_title(_spec("play"), translator("en")) == "Play"


def test_every_page_has_a_translated_title() -> None:
    for language in ("pl", "da", "hu"):
        t = translator(language)
        for spec in PAGES:
            title = page_title(spec, t)
            assert title and title != spec.title, (language, spec.url_path)
