"""A sentence for every refusal of the storage (storage/errors.py): classes, pupils, PINs, tables,
limits, and the unreachable database. Shared by Classes and Play together.

Every text is a literal gettext/ngettext call, looked up in the reader's translator at display
time (never at import), so Babel extracts it and two sessions in two languages never mix.
"""
from __future__ import annotations

import logging
import math
import re
from collections.abc import Mapping
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from storage.errors import StorageError
from ui.present.i18n import Translator

# A storage call fails either by a refusal (a code) or because the database cannot be reached.
FAILURES = (StorageError, SQLAlchemyError)
UNAVAILABLE = "storage_unavailable"
_LOG = logging.getLogger(__name__)

_ASCII_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def name_markdown(text: str) -> str:
    """A nickname or class name as Markdown that shows exactly its text.

    Every ASCII punctuation character is backslash-escaped (CommonMark allows it for all of them), so
    no link (``[hi](http://x)``, a bare ``www.x`` or ``http://x``), colour (``:red[x]``), emoji or
    icon shortcode, maths (``$x$``), emphasis, list start or ``--`` typography survives.
    """
    return _ASCII_PUNCTUATION.sub(r"\\\1", text)


def storage_message(code: str, params: Mapping[str, Any], t: Translator) -> str:
    """A clear sentence for a storage refusal code (storage/errors.py), with its parameters filled in."""
    if code == "rate_limited":
        return _wait_message(max(1, int(params.get("retry_after") or 1)), t)
    if code in _COUNTED:
        return _counted_message(code, int(params.get("limit") or 0), t)
    return _plain_messages(t).get(code) or t.gettext("This did not work. Please try again.")


def _wait_message(wait: int, t: Translator) -> str:
    """Too many attempts: the wait in seconds, or from a minute on in minutes rounded up."""
    if wait < 60:
        return t.ngettext("Too many attempts. Please wait {count} second and try again.",
                          "Too many attempts. Please wait {count} seconds and try again.", wait).format(count=wait)
    # A minute or more reads as minutes ("547 seconds" made a pupil count); rounded up, so the
    # wait never ends after the time said.
    minutes = math.ceil(wait / 60)
    return t.ngettext("Too many attempts. Please wait about {count} minute and try again.",
                      "Too many attempts. Please wait about {count} minutes and try again.", minutes).format(
        count=minutes)


_COUNTED = ("nickname_too_long", "class_name_too_long", "too_many_items", "class_full")


def _counted_message(code: str, limit: int, t: Translator) -> str:
    """A refusal that names a limit, in the plural form its number takes."""
    templates = {
        "nickname_too_long": t.ngettext("A nickname may have at most {limit} character.",
                                        "A nickname may have at most {limit} characters.", limit),
        "class_name_too_long": t.ngettext("A class name may have at most {limit} character.",
                                          "A class name may have at most {limit} characters.", limit),
        "too_many_items": t.ngettext("Choose at most {limit} item in each list.",
                                     "Choose at most {limit} items in each list.", limit),
        "class_full": t.ngettext("This class is full: it already has {limit} pupil.",
                                 "This class is full: it already has {limit} pupils.", limit),
    }
    return templates[code].format(limit=limit)


def _plain_messages(t: Translator) -> dict[str, str]:
    """The refusals that need no number, by code."""
    return {**_class_messages(t), **_table_messages(t)}


def _class_messages(t: Translator) -> dict[str, str]:
    """The refusals of classes: nicknames, class names and codes, links, PINs."""
    _ = t.gettext
    return {
        "nickname_empty": _("Type a nickname first."),
        "nickname_bad_characters": _("A nickname may not contain invisible or control characters. Use letters, "
                                     "digits, spaces and punctuation."),
        "nickname_taken": _("Someone in this class already has this nickname. Choose another one."),
        "nickname_look_alike": _("This nickname looks just like the nickname of someone in this class. Choose "
                                 "another one, so that the board can tell you apart."),
        "nickname_mixed_scripts": _("A nickname may not mix letters of different alphabets that look alike (such "
                                    "as Latin and Cyrillic). Write it in one alphabet."),
        "class_name_empty": _("Give the class a name first."),
        "class_name_bad_characters": _("A class name may not contain invisible or control characters."),
        "class_code_format": _("A class code has 8 letters and digits, like K7QM-2XVD. Check what you typed."),
        "class_code_unknown": _("No class has this code. Check it with your teacher."),
        "class_closed": _("This class is closed to new pupils. Ask your teacher to open it."),
        "ruleset_unknown": _("Choose one of the app's variants."),
        "language_format": _("Choose one of the app's languages."),
        "lesson_unknown": _("A chosen lesson does not belong to this variant. Choose the lessons again."),
        "drill_unknown": _("A chosen drill does not belong to this variant. Choose the drills again."),
        "pin_format": _("A PIN has 4 digits."),
        "answer_invalid": _("This answer could not be saved: it does not fit what the class expects."),
        "teacher_key_wrong": _("This teacher link is not valid. Open the teacher link you got when you made the "
                               "class."),
        "teacher_key_revoked": _("This teacher link is old: a new one was made for this class. Use the newest "
                                 "teacher link."),
        "pupil_token_unknown": _("This pupil link is not valid any more (perhaps the teacher deleted it). Join "
                                 "the class again with its code."),
        "pupil_unknown": _("Nobody in this class has this nickname."),
        "pin_wrong": _("This PIN is wrong. Your teacher can give you a new one."),
    }


def _table_messages(t: Translator) -> dict[str, str]:
    """The refusals of the tables (storage/tables.py, docs/TABLES.md), and the unreachable database."""
    _ = t.gettext
    return {
        "table_code_unknown": _("No table has this code. Check it on the projector or ask who made the table."),
        "table_settings_invalid": _("These table settings cannot be used. Check the number of seats, the turn "
                                    "limit and the number of rounds."),
        "table_full": _("Every seat at this table is taken."),
        "table_started": _("This table has already started: new players cannot sit down now."),
        "table_not_playing": _("No round is being played at this table right now."),
        "table_finished": _("The match at this table is over."),
        "maker_key_wrong": _("This table link is not valid. Open the link you got when you made the table."),
        "seat_token_unknown": _("This seat is no longer yours on this device. Sit down again with the table "
                                "code, your nickname and your PIN."),
        "seat_unknown": _("Nobody at this table has this nickname."),
        "pupil_other_class": _("This table is for another class."),
        "round_running": _("The next round can start only when this one is over."),
        "move_taken": _("Someone moved just before you. Look at the table again and make your move."),
        "move_illegal": _("This move is not allowed here."),
        "move_unreadable": _("This move could not be read."),
        "not_your_turn": _("It is not your turn yet."),
        UNAVAILABLE: _("The class's database cannot be reached right now. Please try again in a moment."),
    }


def failure(error: Exception) -> tuple[str, dict[str, Any]]:
    """The code and parameters of a failed storage call (a database that cannot be reached is logged)."""
    if isinstance(error, StorageError):
        return error.code, dict(error.params)
    _LOG.error("classes storage unavailable: %s", error)
    return UNAVAILABLE, {}


def storage_refusal(error: Exception, t: Translator) -> str:
    """The sentence for a failed storage call: its refusal, or that the database cannot be reached."""
    return storage_message(*failure(error), t)


__all__ = ["FAILURES", "UNAVAILABLE", "failure", "name_markdown", "storage_message", "storage_refusal"]
