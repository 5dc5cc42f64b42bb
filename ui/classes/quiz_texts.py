"""Words of the live quiz's refusals (storage.errors.QUIZ_CODES), looked up in the reader's translator."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.present.i18n import Translator


def quiz_message(code: str, params: Mapping[str, Any], t: Translator) -> str:
    """The sentence for a refusal of the live quiz (storage.errors.QUIZ_CODES)."""
    _ = t.gettext
    if code == "quiz_setting":
        if params.get("field") == "seconds":
            return _("Choose between 5 and 120 seconds per question.")
        return _("Choose between 3 and 15 questions.")
    return {
        "quiz_no_questions": _("This variant has no questions with answers to tap for this topic. Choose another "
                               "topic or mixed questions."),
        "quiz_not_running": _("The quiz has ended."),
        "quiz_closed": _("Too late: this question takes no more answers."),
        "quiz_answered": _("You have already answered this question. Your first answer counts."),
        "quiz_wrong_step": _("This step does not fit the quiz right now. Look at the quiz and try again."),
    }[code]
