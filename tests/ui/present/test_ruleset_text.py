"""Refused rulesets are told from the engine's code and params, in the session's language, never its English."""
from __future__ import annotations

import gettext

import pytest

from engine import guard
from engine.errors import RulesetError
from engine.ruleset import load_ruleset, load_ruleset_text
from engine.ruleset_toml import ruleset_to_toml
from ui.present.i18n import Translator, translator
from ui.present.ruleset_text import FALLBACK, refusal_codes, ruleset_refusal_text, value_text

SAMPLE = {"field": "cards.2.draw", "low": 1, "high": 10, "value": "99", "value_kind": "number", "value_text": "99",
          "value_digits": 0, "length": 3, "count": 4, "limit": 4, "line": 2, "column": 5, "type": "str",
          "expected": "int", "options": "rank, suit", "deck": "french", "card": "Kh", "reason": "gone",
          "detail": "is odd"}


class Marked(gettext.NullTranslations):
    """A catalog that marks every translation, so a sentence shows which of its parts went through it."""

    def gettext(self, message: str) -> str:
        return "«" + message + "»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "«" + (singular if n == 1 else plural) + "»"


MARKED = Translator("en", Marked())


def test_every_ruleset_code_of_the_engine_has_a_sentence() -> None:
    codes = refusal_codes(translator("en"))
    assert set(guard.RULESET_MESSAGES) <= set(codes)
    assert FALLBACK in codes


@pytest.mark.parametrize("lang", ["en", "pl", "da", "hu"])
@pytest.mark.parametrize("code", sorted(guard.RULESET_MESSAGES))
def test_every_sentence_fills_its_placeholders_in_every_language(code: str, lang: str) -> None:
    text = ruleset_refusal_text(code, SAMPLE, translator(lang), "mine.toml")
    assert text and "{" not in text and "}" not in text
    assert guard.RULESET_MESSAGES[code].format(**SAMPLE) not in text     # never the engine's English


@pytest.mark.parametrize("code", sorted(guard.RULESET_MESSAGES))
def test_every_sentence_goes_through_the_catalog(code: str) -> None:
    text = ruleset_refusal_text(code, SAMPLE, MARKED)
    assert text.startswith("«") and text.endswith("»"), text


def test_an_unknown_code_or_broken_params_still_give_a_sentence() -> None:
    en = translator("en")
    assert ruleset_refusal_text("no_such_code", {}, en) == "These rules cannot be used."
    assert ruleset_refusal_text("out_of_range", {"field": object()}, en)


def test_huge_values_are_told_by_size_in_words() -> None:
    en = translator("en")
    params = guard.value_params(10 ** 6000)
    assert value_text(params, en) == "a number of about 6000 digits"
    assert value_text(guard.value_params("x" * 60_000), en) == "“xxxxxxxxxxxxxxxxxxxx…” (60000 characters)"
    assert value_text(guard.value_params(True), en) == "true"


@pytest.mark.parametrize("edit,code,field", [
    (lambda t: t.replace("hand_size = 5", "hand_size = 0"), "out_of_range", "hand_size"),
    (lambda t: t.replace("hand_size = 5", 'hand_size = "five"'), "wrong_type", "hand_size"),
    (lambda t: t.replace("[play]", "[play]\ncolour = 1"), "unknown_field", "play.colour"),
    (lambda t: t.replace('deck = "french"', 'deck = "tarot"'), "not_one_of", "deck"),
    (lambda t: t.replace("deck_copies = [[2, 1]]", "deck_copies = [[2]]"), "not_pairs", "deck_copies"),
    (lambda t: t.replace("separate = []", 'separate = [["Kh"], ["K"]]'), "two_classes", "play.separate"),
    (lambda t: t.replace('name = "Polish makao"', 'name = "' + "n" * 81 + '"'), "text_length", "name"),
    (lambda t: t.replace("hand_size = 5", "hand_size = 10").replace("players = [2, 4]", "players = [2, 10]"),
     "no_starter", "hand_size"),
])
def test_a_refusal_of_the_reader_carries_its_code_field_and_a_sentence(edit, code, field) -> None:
    text = edit(ruleset_to_toml(load_ruleset("pl")))
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(text, "mine.toml")
    assert caught.value.code == code and caught.value.params["field"] == field
    sentence = ruleset_refusal_text(caught.value.code, caught.value.params, MARKED, "mine.toml")
    assert "«" in sentence and str(caught.value) not in sentence
