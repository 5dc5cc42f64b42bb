"""The Sandbox and a nine to cover (ru-101): the board says who must cover, a draft keeps the flag
within ru-101."""
from __future__ import annotations

from engine.position import position_from_json
from ui.present.i18n import translator
from ui.sandbox.model import with_variant
from ui.sandbox.texts import board_lines

EN = translator("en")
COVER = {"variant": "ru-101", "hands": [["8c", "10h"], 5], "to_move": 0, "pile": ["7h", "9h"], "cover": True}


def test_the_board_says_who_must_cover_the_nine() -> None:
    lines = board_lines(position_from_json(COVER), EN)
    assert "Player 1 must cover 9♥ with a card of its suit or rank." in lines, lines
    plain = board_lines(position_from_json({**COVER, "cover": False}), EN)
    assert not any("must cover" in line for line in plain)


def test_a_draft_keeps_the_cover_within_ru_101() -> None:
    assert with_variant(dict(COVER), "ru-101").get("cover") is True
