"""A link's ?lang= or ?variant= the app cannot follow is said once, short and escaped (D6), never silently."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.ruleset import load_ruleset
from ui.present.i18n import translator
from ui.shell import session

APP = str(Path(__file__).resolve().parents[3] / "streamlit_app.py")
HOSTILE = "<img src=x onerror=alert(1)>"


def open_app(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for name, value in query.items():
        at.query_params[name] = value
    at.context["locale"] = "en-US"
    at.run()
    assert not at.exception, at.exception
    return at


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"lang": "zz"}, ["the language 'zz'", "shown in English"]),
        ({"variant": HOSTILE}, ["the variant", "opens Polish makao"]),
        ({"variant": "pl-house"}, ["house rules 'pl-house'", "cannot carry them", "opens Polish makao"]),
        ({"lang": "x" * 100_000}, ["(100000 characters)", "shown in English"]),
        ({"variant": "v" * 100_000}, ["(100000 characters)", "opens Polish makao"]),
    ],
    ids=["unknown-language", "script-variant", "house-variant", "huge-language", "huge-variant"],
)
def test_an_unfollowed_link_parameter_gives_one_short_warning(query: dict[str, str], says: list[str]) -> None:
    at = open_app(**query)
    [text] = warnings(at)
    for part in says:
        assert part in text, text
    assert len(text) < 300                      # the value is cut short, never repeated whole
    assert not re.search(r"(?<!\\)<img", text)   # escaped for Markdown (\<): no tag can render
    assert all("<img" not in m.value for m in at.markdown)
    at.run()                                    # said once: the next click shows it no more
    assert warnings(at) == []


def test_a_followed_link_parameter_gives_no_warning() -> None:
    at = open_app(lang="pl-PL", variant="hu")
    assert warnings(at) == []
    assert (at.session_state[session.LANGUAGE], at.session_state[session.VARIANT]) == ("pl", "hu")


def test_both_parameters_refused_give_two_warnings_in_the_language_the_app_falls_back_to() -> None:
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["lang"] = "zz"
    at.query_params["variant"] = "nope"
    at.context["locale"] = "pl-PL"
    at.run()
    texts = warnings(at)
    assert len(texts) == 2
    assert translator("pl").gettext(load_ruleset("pl").name) in texts[1]
    assert "Polski" in texts[0]                 # the language it is shown in, by its own name
