"""The pages under ru-101 say what its nine asks (AppTest): the Rules page's generated text and the
Learn page's lesson list."""
from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "streamlit_app.py")


def _open(script: str, variant: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=90)   # the shared machine is slow under load
    at.query_params["lang"] = "en"
    at.query_params["variant"] = variant
    at.run()
    at.switch_page(script).run()
    assert not at.exception, at.exception
    return at


def _text(at: AppTest) -> str:
    return "\n".join(e.value for e in at.markdown)


def test_the_rules_page_of_ru_101_tells_how_to_cover_the_nine() -> None:
    text = _text(_open("app_pages/rules.py", "ru-101"))
    assert "Its player must cover it at once with a card of its suit or another card of its rank" in text
    assert "draw one card at a time until they can" in text
    assert "After drawing the penalty cards the player's turn ends" in text
    pl = _text(_open("app_pages/rules.py", "pl"))
    assert "must cover it" not in pl


def test_the_learn_page_of_ru_101_lists_the_cover_lesson() -> None:
    at = _open("app_pages/learn.py", "ru-101")
    shown = _text(at) + "\n".join(b.label for b in at.button)
    assert "Cover the nine" in shown, shown[:2000]
