"""Typed refusals of the storage layer: each carries a ``code`` the pages translate into a message.

The codes are data (``ERROR_CODES`` lists them all); the storage never writes sentences. A refused
call stores nothing (its transaction is rolled back), except the attempt counters that limit
guessing, which are counted in a transaction of their own.
"""
from __future__ import annotations

from typing import Any

# Bad input: the caller (a form) can say what to fix.
INPUT_CODES = (
    "nickname_empty",          # nothing left after trimming spaces
    "nickname_too_long",       # more than MAX_NICKNAME characters
    "nickname_bad_characters", # control characters, bidi overrides, invisible format characters
    "nickname_mixed_scripts",  # letters of two scripts not written together (a Cyrillic А among Latin letters)
    "nickname_taken",          # another pupil of the class has it (compared case-insensitively)
    "nickname_look_alike",     # another pupil's nickname reads the same on the board (Ala / AIa / Аlа)
    "class_name_empty",
    "class_name_too_long",
    "class_name_bad_characters",
    "class_code_format",       # not 8 letters/digits of the code alphabet
    "ruleset_unknown",         # not an engine ruleset id
    "language_format",         # not a language tag like "pl" or "pt-br"
    "lesson_unknown",          # a lesson id the class's ruleset does not ship
    "drill_unknown",           # a drill id the class's ruleset does not ship
    "too_many_items",          # more lessons/drills/quiz questions than a class may list
    "pin_format",              # a PIN is 4 digits
    "answer_invalid",          # an answer record that does not fit (ids, lengths, stars, reason code)
)
# Access: the caller is not who it claims to be, or the thing is gone.
ACCESS_CODES = (
    "class_code_unknown",      # no class has this code
    "class_closed",            # the teacher closed the class to new pupils
    "class_full",              # MAX_PUPILS pupils already joined
    "teacher_key_wrong",       # no class has this teacher key
    "teacher_key_revoked",     # the key was replaced by a newer one (rotate_teacher_key)
    "pupil_token_unknown",     # no pupil has this token (wrong, or the pupil was deleted)
    "pupil_unknown",           # the nickname or pupil id is not in this class
    "pin_wrong",               # the nickname exists but the PIN does not match
)
# Tables (issue #26, storage/tables.py; docs/TABLES.md): refusals of a table's settings, seats and moves.
TABLE_CODES = (
    "table_code_unknown",      # no table has this code (counted like a wrong class code)
    "table_settings_invalid",  # ``params["field"]``: seats, strength, turn limit, rounds or ruleset out of range
    "table_full",              # every seat is taken by a person
    "table_started",           # the round has begun: no new seats, no second start
    "table_not_playing",       # no round is being played (still in the lobby, or the match is over)
    "table_finished",          # the match is over
    "maker_key_wrong",         # no table has this maker's key
    "seat_token_unknown",      # no seat has this token (wrong, or the seat was removed)
    "seat_unknown",            # no seat of this table has that number or nickname
    "pupil_other_class",       # the table is for another class's pupils
    "round_running",           # the next round cannot start before this one ends
    "move_taken",              # another move took this move number first (a second tap, another server)
    "move_illegal",            # the engine refuses the move: ``params["reason"]`` is its reason code
    "move_unreadable",         # the move is not in notation (``play 7h``, ``draw``, ``wait``, ``pass``)
    "not_your_turn",           # ``params["seat"]`` is to move
)
LIMIT_CODES = (
    "rate_limited",            # too many attempts; ``params["retry_after"]`` seconds to wait
)
# The live quiz (storage/live_quiz.py): an answer that comes too late, twice, or to no running quiz.
QUIZ_CODES = (
    "quiz_no_questions",       # the class's variant (and topic) has no question with options to tap
    "quiz_setting",            # questions or seconds out of range; ``params["field"]``
    "quiz_not_running",        # no live quiz runs in the class (the teacher ended it)
    "quiz_closed",             # the question takes no more answers (its time is up, or the answer is shown)
    "quiz_answered",           # this pupil already answered this question (a second tap is refused)
    "quiz_wrong_step",         # the teacher's button does not fit the quiz's step (e.g. Next before the answer)
)
ERROR_CODES = INPUT_CODES + ACCESS_CODES + TABLE_CODES + LIMIT_CODES + QUIZ_CODES


class StorageError(Exception):
    """A refused storage call; ``code`` (one of ERROR_CODES) and ``params`` are what the page shows."""

    def __init__(self, code: str, **params: Any):
        if code not in ERROR_CODES:
            raise ValueError(f"unknown storage error code {code!r}")
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in sorted(params.items()))
        super().__init__(f"{code} ({detail})" if detail else code)


class InputRefused(StorageError):
    """Input that does not fit a field's limits."""


class AccessRefused(StorageError):
    """A code, key, token or PIN that opens nothing here."""


class TableRefused(StorageError):
    """A table call the table's state refuses: a move taken or illegal, not the seat's turn, not started."""


class RateLimited(StorageError):
    """Too many attempts in a time window; ``params["retry_after"]`` says how many seconds to wait."""

    def __init__(self, retry_after: int, bucket: str):
        super().__init__("rate_limited", retry_after=retry_after, bucket=bucket)
        self.retry_after = retry_after
