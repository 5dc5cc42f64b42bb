"""The English-word checker of the browser test catches an untranslated message, and raises no false alarm.

tests/e2e/test_no_english.py reads every page in Chromium and fails on a tell-tale English word;
these tests prove on the real sentence builder that the same checker sees one message left in
English among translated ones, and stays quiet on a fully translated text.
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from engine.ruleset import load_ruleset, variant_ids
from tests.english_words import ROOT, english_words_in, tell_tales
from ui.present.i18n import translator
from ui.present.rules_text import rules_markdown

LANGUAGES = ("pl", "da", "hu")
_WORD = re.compile(r"[A-Za-z]{3,}")


class _OneLeftInEnglish:
    """A translator that leaves one msgid untranslated (as a missing catalog entry would) and records the rest."""

    def __init__(self, language: str, untranslated: str | None = None) -> None:
        self._inner = translator(language)
        self.untranslated = untranslated
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return message if message == self.untranslated else self._inner.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add(singular)
        if singular == self.untranslated:
            return singular if n == 1 else plural
        return self._inner.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add(message)
        return message if message == self.untranslated else self._inner.pgettext(context, message)

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


def _template_messages() -> list[str]:
    with (ROOT / "locales" / "messages.pot").open("rb") as handle:
        template = read_po(handle)
    return [m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_left_in_english_is_caught(language: str) -> None:
    # A msgid of three or more English words shows at least one word no translation uses.
    missed = [text for text in _template_messages()
              if len(_WORD.findall(re.sub(r"\{[^}]*\}", " ", text))) >= 3 and not english_words_in(text, language)]
    assert missed == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tell_tales_hold_the_words_of_the_ui_and_not_the_languages_own(language: str) -> None:
    words = tell_tales(language)
    assert {"draw", "card", "the", "choose", "option", "suit", "pile"} <= words   # our own and Streamlit's English
    assert "makao" not in words                                                   # shared on purpose
    assert "kort" not in words and "lap" not in words and "karta" not in words


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", ["pl", "da", "hu", "pl-trad"])
def test_a_rules_page_with_one_message_left_in_english_is_caught(language: str, variant: str) -> None:
    rules = load_ruleset(variant)
    full = _OneLeftInEnglish(language)
    assert english_words_in(rules_markdown(rules, full), language) == []     # translated: no false alarm
    checked = 0
    for message in sorted(full.asked):
        if not english_words_in(message, language):
            continue   # a name or a bare placeholder ("{rank}: {points}"), the same in every language
        text = rules_markdown(rules, _OneLeftInEnglish(language, message))
        assert english_words_in(text, language), f"{message!r} left in English was not caught"
        checked += 1
    assert checked >= 20


def test_every_variant_reads_clean_in_every_language() -> None:
    for language in LANGUAGES:
        for variant in variant_ids():
            assert english_words_in(rules_markdown(load_ruleset(variant), translator(language)), language) == [], (
                language, variant)
