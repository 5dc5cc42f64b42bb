"""Limits for every input the storage accepts: nicknames, class names, ids, answers.

Text is kept exactly as typed once it passes (HTML included: it is stored raw and escaped
where it is shown). What is refused is what would make a name look like another or hide
itself: control characters, bidi overrides and isolates, zero-width and other format
characters (Unicode categories Cc, Cf, Cs, Co, Cn, Zl, Zp). Nicknames are compared
case-insensitively after NFKC (``Ala`` = ``ALA`` = ``Ａｌａ``).
"""
from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable

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
_LANGUAGE = re.compile(r"[a-z]{2,3}(-[a-z0-9]{2,8})?")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:/\-]*")
_KEY = re.compile(r"[A-Za-z0-9_.:\-]+")
ANSWER_KINDS = ("quiz", "drill", "generated", "lesson")


def _clean_text(text: object, field: str, limit: int) -> str:
    if not isinstance(text, str):
        raise InputRefused(f"{field}_empty")
    if len(text) > MAX_RAW_TEXT:
        raise InputRefused(f"{field}_too_long", limit=limit)
    if any(unicodedata.category(ch) in _REFUSED_CATEGORIES for ch in text):
        raise InputRefused(f"{field}_bad_characters")
    cleaned = " ".join(unicodedata.normalize("NFC", text).split())
    if not cleaned:
        raise InputRefused(f"{field}_empty")
    if len(cleaned) > limit:
        raise InputRefused(f"{field}_too_long", limit=limit)
    return cleaned


def clean_nickname(text: object) -> str:
    """Returns the nickname as it will be stored and shown, or raises InputRefused."""
    return _clean_text(text, "nickname", MAX_NICKNAME)


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
