"""Limits for every input the storage accepts: nicknames, class names, ids, answers.

Names are kept in NFKC with spaces folded (HTML and Markdown included: stored as text and
escaped wherever shown). What is refused is what would make a name look like another or hide
itself: control characters, bidi overrides and isolates, format characters (Unicode categories
Cc, Cf, Cs, Co, Cn, Zl, Zp) except a zero-width joiner inside an emoji or a word and a zero-width
non-joiner between letters (``👩‍💻``, Persian ``نیک‌نام``); blank letters (Hangul fillers, the
Braille blank); a name with no visible character; more than four combining marks on one letter;
and, for nicknames, letters of two scripts that are not written together (``Аla`` with a
Cyrillic А; Japanese Han + kana and Korean Han + Hangul are fine). Nicknames are compared
case-insensitively (``Ala`` = ``ALA`` = ``Ａｌａ``), and a nickname whose look-alike skeleton
(UTS #39 confusables, ``looks_like``) is another pupil's is refused as taken.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

from confusable_homoglyphs import categories, confusables

from engine.drills import load_drills
from engine.ruleset import variant_ids
from engine.scenario import TOPICS, load_scenarios
from engine.verdicts import REASON_CODES
from storage.errors import InputRefused

MAX_NICKNAME = 24
MAX_CLASS_NAME = 80
MAX_RAW_TEXT = 400           # longer input is refused before it is even normalised
MAX_LIST = 60                # lessons / drills listed by a class
MAX_QUIZ = 30                # questions in a class quiz (as the quiz link)
MAX_ID = 80                  # lesson, drill and question ids
MAX_ANSWER = 200             # an answer as text ("7h 7s", "draw 3 @1")
MAX_KEY = 64                 # idempotency keys of answers and rounds
MAX_POINTS = 10_000
_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
ZWJ, ZWNJ = "\u200d", "\u200c"
# Letters and symbols that draw nothing: Hangul fillers, the Braille blank, Khmer inherent vowels.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
_VISIBLE_CATEGORIES = ("L", "N", "P", "S")
MAX_MARKS = 4                # combining marks on one letter (more is "Zalgo" text that covers its neighbours)
# Scripts that one name may mix (UTS #39 "highly restrictive"); any other two are refused.
_SCRIPT_MIXES = (frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}), frozenset({"LATIN", "HAN", "BOPOMOFO"}),
                 frozenset({"LATIN", "HAN", "HANGUL"}))
_NEUTRAL_SCRIPTS = frozenset({"COMMON", "INHERITED"})
_LANGUAGE = re.compile(r"[a-z]{2,3}(-[a-z0-9]{2,8})?")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/\-]*")
_KEY = re.compile(r"[A-Za-z0-9_.:\-]+")
ANSWER_KINDS = ("quiz", "drill", "generated", "lesson")


def _joiner_fits(text: str, at: int) -> bool:
    """A ZWJ between two drawn characters (an emoji sequence, an Indic conjunct); a ZWNJ between two letters."""
    if not 0 < at < len(text) - 1:
        return False
    before, after = text[at - 1], text[at + 1]
    if text[at] == ZWNJ:
        return unicodedata.category(before)[0] in "LM" and unicodedata.category(after)[0] == "L"
    return not before.isspace() and not after.isspace() and ZWJ not in (before, after)


def _bad_character(text: str) -> bool:
    marks = 0
    for at, ch in enumerate(text):
        if ch in (ZWJ, ZWNJ):
            if not _joiner_fits(text, at):
                return True
            continue
        if unicodedata.category(ch) in _REFUSED_CATEGORIES or ch in _BLANKS:
            return True
        marks = marks + 1 if unicodedata.category(ch).startswith("M") else 0
        if marks > MAX_MARKS:
            return True
    return False


def _visible(text: str) -> bool:
    """Whether the text draws something: one letter, digit, punctuation or symbol that is not a blank."""
    return any(unicodedata.category(ch)[0] in _VISIBLE_CATEGORIES and ch not in _BLANKS for ch in text)


def _clean_text(text: object, field: str, limit: int) -> str:
    if not isinstance(text, str):
        raise InputRefused(f"{field}_empty")
    if len(text) > MAX_RAW_TEXT:
        raise InputRefused(f"{field}_too_long", limit=limit)
    try:
        normal = unicodedata.normalize("NFKC", text)
    except UnicodeError:
        raise InputRefused(f"{field}_bad_characters") from None
    if _bad_character(normal):
        raise InputRefused(f"{field}_bad_characters")
    cleaned = " ".join(normal.split())
    if not cleaned:
        raise InputRefused(f"{field}_empty")
    if not _visible(cleaned):
        raise InputRefused(f"{field}_bad_characters")
    if len(cleaned) > limit:
        raise InputRefused(f"{field}_too_long", limit=limit)
    return cleaned


def scripts(text: str) -> frozenset[str]:
    """The scripts of the text's letters (Unicode's, as confusable_homoglyphs names them), neutral ones left out."""
    found = {categories.aliases_categories(ch)[0] for ch in text}
    return frozenset(found - _NEUTRAL_SCRIPTS)


def _one_writing(text: str) -> bool:
    used = scripts(text)
    return len(used) <= 1 or any(used <= mix for mix in _SCRIPT_MIXES)


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character that has look-alikes -> the smallest of its whole look-alike group (read once)."""
    parent: dict[str, str] = {}

    def root(ch: str) -> str:
        while parent.setdefault(ch, ch) != ch:
            parent[ch] = parent[parent[ch]]
            ch = parent[ch]
        return ch

    for ch, group in confusables.confusables_data.items():
        for other in (h["c"] for h in group if len(h["c"]) == 1 and len(ch) == 1):
            low, high = sorted((root(ch), root(other)))
            parent[high] = low
    return {ch: root(ch) for ch in parent}


def _prototype(ch: str) -> str:
    return _prototypes().get(ch, ch)


def looks_like(nickname: str) -> str:
    """The nickname's look-alike skeleton: two nicknames that read the same on a board have the same one."""
    # Before case-folding (capital I looks like l) and after it (Cyrillic А folds to а, like Latin a).
    first = "".join(_prototype(ch) for ch in unicodedata.normalize("NFKC", nickname))
    return "".join(_prototype(ch) for ch in first.casefold())


def clean_nickname(text: object) -> str:
    """Returns the nickname as it will be stored and shown, or raises InputRefused."""
    nickname = _clean_text(text, "nickname", MAX_NICKNAME)
    if not _one_writing(nickname):
        raise InputRefused("nickname_mixed_scripts")
    return nickname


def nickname_key(nickname: str) -> str:
    """The form two nicknames are compared in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", nickname).casefold()


def clean_class_name(text: object) -> str:
    """Returns the class name as it will be stored, or raises InputRefused."""
    return _clean_text(text, "class_name", MAX_CLASS_NAME)


def check_ruleset(ruleset: object) -> str:
    """Returns an engine ruleset id, or raises InputRefused."""
    if not isinstance(ruleset, str) or ruleset not in variant_ids():
        raise InputRefused("ruleset_unknown")
    return ruleset


def check_language(language: object) -> str:
    """Returns a language tag in lower case, or raises InputRefused."""
    if not isinstance(language, str) or not _LANGUAGE.fullmatch(language.strip().lower()):
        raise InputRefused("language_format")
    return language.strip().lower()


@functools.cache
def _lesson_ids(variant: str) -> frozenset[str]:
    """The ids of the lessons shipped for a variant (read once; shipped data never changes)."""
    return frozenset(s.id for s in load_scenarios() if s.variant == variant)


@functools.cache
def _drill_ids(variant: str) -> frozenset[str]:
    """The ids of the drills shipped for a variant (read once)."""
    return frozenset(d.id for d in load_drills() if d.variant == variant)


def check_items(items: Iterable[object], variant: str, kind: str, limit: int) -> tuple[str, ...]:
    """Returns the lesson or drill ids (kind "lesson"/"drill") of a variant, in order, or raises InputRefused."""
    items = tuple(items)
    if len(items) > limit:
        raise InputRefused("too_many_items", limit=limit)
    known = _lesson_ids(variant) if kind == "lesson" else _drill_ids(variant)
    for item in items:
        if not isinstance(item, str) or item not in known:
            raise InputRefused(f"{kind}_unknown", item=str(item)[:MAX_ID])
    return items


@functools.cache
def _all_lesson_ids() -> frozenset[str]:
    return frozenset(s.id for s in load_scenarios())


def check_lesson(value: object) -> str:
    """Returns the id of a shipped lesson (of any variant), or raises InputRefused."""
    if not isinstance(value, str) or value not in _all_lesson_ids():
        raise InputRefused("answer_invalid", field="lesson_id")
    return value


def check_variant(value: object) -> str:
    """Returns an engine ruleset id given with an answer or a round, or raises InputRefused."""
    if not isinstance(value, str) or value not in variant_ids():
        raise InputRefused("answer_invalid", field="variant")
    return value


def check_id(value: object, what: str = "id") -> str:
    """Returns a lesson, question or variant id of the allowed shape, or raises InputRefused."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID or not _ID.fullmatch(value):
        raise InputRefused("answer_invalid", field=what)
    return value


def check_key(value: object) -> str:
    """Returns an idempotency key (letters, digits, ``_.:-``, at most 64), or raises InputRefused."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_KEY or not _KEY.fullmatch(value):
        raise InputRefused("answer_invalid", field="key")
    return value


def check_answer_fields(kind: object, variant: object, topic: object, answer: object, reason: object) -> None:
    """Checks the descriptive fields of an answer record, or raises InputRefused."""
    if kind not in ANSWER_KINDS:
        raise InputRefused("answer_invalid", field="kind")
    if variant not in variant_ids():
        raise InputRefused("answer_invalid", field="variant")
    if topic not in TOPICS:
        raise InputRefused("answer_invalid", field="topic")
    if not isinstance(answer, str) or len(answer) > MAX_ANSWER or any(
            unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in answer):
        raise InputRefused("answer_invalid", field="answer")
    if not isinstance(reason, str) or (reason and reason not in REASON_CODES):
        raise InputRefused("answer_invalid", field="reason")


def check_count(value: object, field: str, low: int, high: int) -> int:
    """Returns an integer within [low, high] (not a bool), or raises InputRefused."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputRefused("answer_invalid", field=field)
    return value
