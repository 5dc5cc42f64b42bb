"""A code, paste or file the guard cannot read is told from its code, in the session's language."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine import guard
from engine.position import encode_share_code
from ui.present.i18n import translator
from ui.present.input_text import input_codes, input_refusal_text
from ui.sandbox.model import load_examples

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = {"limit": 64, "prefix": "Q1.", "line": 3, "column": 7, "options": "en, pl", "value": "'xx'"}


def test_every_guard_code_has_a_sentence() -> None:
    assert set(input_codes(translator("en"))) == set(guard.MESSAGES)


@pytest.mark.parametrize("lang", ["en", "pl", "da", "hu"])
@pytest.mark.parametrize("code", sorted(guard.MESSAGES))
def test_every_sentence_fills_its_placeholders(code: str, lang: str) -> None:
    text = input_refusal_text(code, SAMPLE, translator(lang))
    assert text and "{" not in text and "}" not in text


def test_an_unknown_code_still_gives_a_sentence() -> None:
    assert input_refusal_text("no_such", {}, translator("en")) == "It cannot be read."


def open_sandbox(**query: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page("app_pages/sandbox.py").run()
    assert not at.exception, at.exception
    return at


def test_a_share_link_cut_short_says_its_end_is_missing() -> None:
    code = encode_share_code(load_examples()[0].position())
    at = open_sandbox(pos=code[:-6])
    assert not at.exception and len(at.error) == 1
    assert "Its end is missing: copy the whole code or link." in at.error[0].value


def test_pasted_json_with_a_syntax_error_names_the_line_and_column() -> None:
    at = open_sandbox()
    at.text_area(key="sandbox_import_text").input('{"variant": "pl",\n  "hands": [[}').run()
    at.button(key="sandbox_import").click().run()
    message = at.error[0].value
    assert message.startswith("This is not position JSON")
    assert "It is not valid JSON (line 2, column 14)." in message
    assert at.text_area(key="sandbox_import_text").value.startswith('{"variant"')   # what was pasted stays


def test_a_value_from_outside_is_quoted_the_languages_way() -> None:
    from ui.present.i18n import translator
    from ui.present.ruleset_text import ruleset_refusal_text
    said = {lang: ruleset_refusal_text("toml_syntax", {"line": 3, "column": 1}, translator(lang), "bad.toml")
            for lang in ("en", "pl", "da", "hu")}
    assert "“bad.toml”" in said["en"]
    assert "„bad.toml”" in said["pl"] and "»bad.toml«" in said["da"] and "„bad.toml”" in said["hu"]
