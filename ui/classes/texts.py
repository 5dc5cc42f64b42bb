"""Words of the Classes feature: a message for every storage refusal, and the board's cell statuses.

The refusals of the storage are worded in ``ui.present.refusal_text`` (shared with Play together);
the live quiz's in ``ui.classes.quiz_texts``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from storage.errors import ERROR_CODES, QUIZ_CODES
from ui.classes.quiz_texts import quiz_message
from ui.present.i18n import Translator
from ui.present.refusal_text import FAILURES, UNAVAILABLE, failure, name_markdown, storage_message

# Status of a pupil on a topic (storage.board.STATUSES) -> the symbol drawn beside its colour,
# so the grid reads without colour too (WCAG 1.4.1).
STATUS_SYMBOLS = {"none": "·", "learning": "…", "stuck": "!", "mastered": "✓"}
# Background colours of the grid, light enough for black text on a projector.
STATUS_COLOURS = {"none": "#f1f3f5", "learning": "#fff3bf", "stuck": "#ffc9c9", "mastered": "#b2f2bb"}


def status_word(status: str, t: Translator) -> str:
    """The name of a board status in the reader's language."""
    _ = t.gettext
    return {
        "none": t.pgettext("pupil's status on a topic", "not started"),
        "learning": t.pgettext("pupil's status on a topic", "learning"),
        "stuck": t.pgettext("pupil's status on a topic", "stuck"),
        "mastered": t.pgettext("pupil's status on a topic", "mastered"),
    }[status]


def error_message(code: str, params: Mapping[str, Any], t: Translator) -> str:
    """A clear sentence for a storage refusal code (storage/errors.py), with its parameters filled in."""
    if code in QUIZ_CODES:   # the live quiz (ui/classes/quiz_page.py)
        return quiz_message(code, params, t)
    return storage_message(code, params, t)


def link_refused_message(code: str, params: Mapping[str, Any], t: Translator) -> str:
    """The sentence for a pupil link that opens nothing: opened already, cut, mistyped, or deleted."""
    if code != "pupil_token_unknown":
        return error_message(code, params, t)
    return t.gettext("This pupil link opens nothing: a link opens once and may have been opened already, or it "
                     "is cut short or copied wrong, or the teacher deleted this pupil. Come back with your PIN, "
                     "or join the class again with its code, on the Classes page.")


def refusal_message(error: Exception, t: Translator) -> str:
    """The sentence for a failed storage call: its refusal, or that the database cannot be reached."""
    return error_message(*failure(error), t)


__all__ = ["ERROR_CODES", "FAILURES", "UNAVAILABLE", "failure", "name_markdown", "STATUS_COLOURS", "STATUS_SYMBOLS", "error_message", "link_refused_message", "refusal_message", "status_word"]
