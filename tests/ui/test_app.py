"""AppTest: every page in every language, and how a session picks its language and variant."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import RulesetError
from engine.ruleset import load_ruleset
from ui.present.i18n import LANGUAGES, translator
from ui.shell import session
from ui.shell.pages import PAGES, PageSpec, page_spec

ROOT = Path(__file__).resolve().parents[2]
APP = str(ROOT / "streamlit_app.py")


def open_app(page: PageSpec | None = None, *, lang: str | None = None, locale: str | None = None,
             variant: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    if lang is not None:
        at.query_params["lang"] = lang
    if variant is not None:
        at.query_params["variant"] = variant
    if locale is not None:
        at.context["locale"] = locale
    at.run()
    if page is not None and not page.default:
        at.switch_page(page.script).run()
    return at


def heading(at: AppTest) -> str:
    return at.title[0].value


def page_text(at: AppTest) -> str:
    return "\n".join(element.value for element in at.markdown)


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("page", PAGES, ids=lambda spec: spec.url_path)
def test_every_page_runs_in_every_language_with_its_translated_heading(page: PageSpec, language: str) -> None:
    at = open_app(page, lang=language)
    assert not at.exception, at.exception
    expected = translator(language).gettext(page.heading)
    assert heading(at) == expected
    if language != "en":
        assert expected != page.heading, f"{page.heading!r} is not translated into {language}"


def test_language_comes_from_the_query_parameter() -> None:
    at = open_app(lang="pl")
    assert at.session_state[session.LANGUAGE] == "pl"
    assert at.selectbox(key=session.LANGUAGE_PICKER).value == "pl"
    assert heading(at) == translator("pl").gettext(page_spec("app_pages/home.py").heading)


def test_an_unknown_query_language_falls_back_to_the_browser_locale() -> None:
    at = open_app(lang="xx", locale="hu-HU")
    assert at.session_state[session.LANGUAGE] == "hu"


def test_language_comes_from_the_browser_locale_without_a_query_parameter() -> None:
    at = open_app(locale="da-DK")
    assert at.session_state[session.LANGUAGE] == "da"


def test_language_is_english_without_query_or_known_locale() -> None:
    at = open_app(locale="fr-FR")
    assert at.session_state[session.LANGUAGE] == "en"


def test_the_sidebar_picker_switches_the_language_for_every_page() -> None:
    at = open_app(lang="en")
    at.selectbox(key=session.LANGUAGE_PICKER).set_value("hu").run()
    assert heading(at) == translator("hu").gettext("Learn makao")
    at.switch_page("app_pages/rules.py").run()
    assert not at.exception
    assert heading(at) == translator("hu").gettext("Rules of the game")
    assert at.selectbox(key=session.LANGUAGE_PICKER).value == "hu"


def test_a_choice_made_in_the_session_outlives_the_query_parameter() -> None:
    at = open_app(lang="pl")
    at.selectbox(key=session.LANGUAGE_PICKER).set_value("da").run()
    at.run()
    assert at.session_state[session.LANGUAGE] == "da"


def test_variant_comes_from_the_query_parameter_and_unknown_ones_are_ignored() -> None:
    assert open_app(variant="hu").session_state[session.VARIANT] == "hu"
    assert open_app(variant="nope").session_state[session.VARIANT] == session.available_variants()[0]


def test_variant_picker_lists_the_shipped_rulesets() -> None:
    at = open_app(lang="en")
    assert at.selectbox(key=session.VARIANT_PICKER).options == [
        load_ruleset(v).name for v in session.available_variants()
    ]


def test_a_broken_ruleset_file_is_left_out_instead_of_breaking_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    real = session.load_ruleset

    def load(variant_id: str):
        if variant_id == "da":
            raise RulesetError("da.toml: field 'players' has the wrong type (str)")
        return real(variant_id)

    monkeypatch.setattr(session, "load_ruleset", load)
    at = open_app(lang="en", variant="da")
    assert not at.exception
    assert at.session_state[session.VARIANT] == "pl"
    assert "da" not in session.available_variants()
    assert load_ruleset("da").name not in at.selectbox(key=session.VARIANT_PICKER).options


def test_rules_page_follows_the_chosen_variant() -> None:
    at = open_app(page_spec("app_pages/rules.py"), lang="en")
    polish = page_text(at)
    assert load_ruleset("pl").name in polish
    at.selectbox(key=session.VARIANT_PICKER).set_value("hu").run()
    hungarian = page_text(at)
    assert not at.exception
    assert hungarian != polish
    assert load_ruleset("hu").name in hungarian
    assert "felső" in hungarian
    assert [s.value for s in at.subheader] != []


def test_rules_page_is_written_in_the_session_language() -> None:
    at = open_app(page_spec("app_pages/rules.py"), lang="pl", variant="pl")
    text = page_text(at)
    assert translator("pl").gettext("Polish makao") in text
    assert "walet" in text.lower()


def test_choosing_a_variant_on_home_changes_the_session_variant() -> None:
    at = open_app(lang="en")
    at.button(key="choose_da").click().run()
    assert not at.exception
    assert at.session_state[session.VARIANT] == "da"
    assert at.selectbox(key=session.VARIANT_PICKER).value == "da"


def test_home_lists_every_registered_page() -> None:
    at = open_app(lang="da")
    captions = "\n".join(element.value for element in at.caption)
    t = translator("da")
    for spec in PAGES:
        assert t.gettext(spec.summary) in captions


def test_the_four_colour_toggle_redraws_the_cards_of_every_page_that_shows_them() -> None:
    # The four-colour faces of clubs and diamonds are their own sprite symbols ("5c-4", "Qd-4").
    four_colour_face = re.compile(r'\.svg#[0-9JQKA]+[cd]-4"')
    for script in ("app_pages/home.py", "app_pages/sandbox.py"):
        at = open_app(page_spec(script))
        if script.endswith("sandbox.py"):
            at.button(key="sandbox_load_example").click().run()
        before = "\n".join(m.value for m in at.markdown)
        assert "<svg" in before and not four_colour_face.search(before)
        at.toggle(key=session.FOUR_COLOUR_PICKER).set_value(True).run()
        assert not at.exception, at.exception
        after = "\n".join(m.value for m in at.markdown)
        assert four_colour_face.search(after), script
        assert at.session_state[session.FOUR_COLOUR] is True
