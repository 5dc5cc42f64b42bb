"""Tell-tale English words: what an untranslated message leaves on a Polish, Danish or Hungarian page.

The words come from the app's own English (every msgid of ``locales/messages.pot``) and from
Streamlit's own widget texts. A word is a tell-tale for a language when its translations never
use it: words shared on purpose ("Makao", "Sandbox", "JSON", card and variant names, "quiz")
appear in that language's catalog too and so drop out, and so do the words of the rulesets'
source titles (names of published rules, shown as they are). Only words of four letters or more
count, so card notation (K♥, J), numbers and the short words two languages happen to share
("hand", "over" in Danish, "is" …) cannot raise a false alarm unless the catalog lacks them.

The browser test (tests/e2e/test_no_english.py) and its proof on the catalogs
(tests/test_english_words.py) use the same ``english_words_in``.
"""
from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
MIN_LENGTH = 3
# Streamlit's own English that a page may show (widget defaults, the file uploader, the menu).
STREAMLIT_TEXTS = (
    "Choose an option", "Choose options", "No options to select", "No results",
    "Drag and drop file here", "Drag and drop files here", "Browse files", "Limit 200MB per file",
    "Press Enter to apply", "Press Enter to submit form", "Running...", "Stop", "Deploy",
    "Rerun", "Settings", "Print", "Record a screencast", "Clear caches", "About",
    "Download as CSV", "Search", "Fullscreen", "Close fullscreen", "Show password",
)
# Markup and placeholders inside msgids are no words of the sentence.
_NOT_TEXT = re.compile(r"\{[^{}]*\}|<[^<>]*>|:material/[a-z_]+:|%\([a-z_]+\)[sd]|https?://\S+")
# A translation quotes the position JSON's field names and values as they are (»hands«, „pile”,
# true or false): code, not words the language shares with English.
CODE_WORDS = frozenset({"hands", "pile", "suit", "none", "true", "false", "position", "finished", "waiting"})
_ENGLISH_WORD = re.compile(r"(?<![^\W\d_])[A-Za-z]+(?:'[a-z]+)?(?![^\W\d_])")
# File names and paths quoted from a source ("logic/game.py") are data, not words of the page.
_PATHS = re.compile(r"[\w.-]+(?:/[\w.-]+)+|\b[\w-]+\.(?:py|md|toml|json|csv|html|pdf|txt)\b")
_ANY_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def words(text: str) -> set[str]:
    """Returns the lower-cased words of a text, in any alphabet ("Zagraj siódemkę" → zagraj, siódemkę)."""
    return {w.lower() for w in _ANY_WORD.findall(_NOT_TEXT.sub(" ", text))}


def _english_words(text: str) -> set[str]:
    return {w.lower() for w in _ENGLISH_WORD.findall(_NOT_TEXT.sub(" ", text)) if len(w) >= MIN_LENGTH}


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (tuple, list)):
        return tuple(v for v in value if isinstance(v, str))
    return ()


@cache
def english_vocabulary() -> frozenset[str]:
    """Returns every English word of four letters or more in the app's msgids and Streamlit's own texts."""
    with (ROOT / "locales" / "messages.pot").open("rb") as handle:
        template = read_po(handle)
    found: set[str] = set()
    for message in template:
        for text in _strings(message.id):
            found |= _english_words(text)
    for text in STREAMLIT_TEXTS:
        found |= _english_words(text)
    return frozenset(found)


@cache
def catalog_words(language: str) -> frozenset[str]:
    """Returns every word the translations of a language use (its msgstrs)."""
    path = ROOT / "locales" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    found: set[str] = set()
    for message in catalog:
        if message.id:
            for text in _strings(message.string):
                found |= words(text)
    return frozenset(found - CODE_WORDS)


@cache
def source_words() -> frozenset[str]:
    """Returns the words of the rulesets' source titles: names of published rules, shown as they are."""
    from engine.ruleset import load_ruleset, variant_ids

    found: set[str] = set()
    for variant in variant_ids():
        rules = load_ruleset(variant)
        found |= words(f"{rules.source_title or ''} {rules.source or ''}")
    return frozenset(found)


@cache
def tell_tales(language: str) -> frozenset[str]:
    """Returns the English words that no translation of this language uses: seen on its pages, they are English."""
    return english_vocabulary() - catalog_words(language) - source_words()


def english_words_in(text: str, language: str) -> list[str]:
    """Returns the tell-tale English words in a text shown in ``language``, sorted (empty when none)."""
    shown = {w.lower() for w in _ENGLISH_WORD.findall(_PATHS.sub(" ", _NOT_TEXT.sub(" ", text)))}
    return sorted(shown & tell_tales(language))
