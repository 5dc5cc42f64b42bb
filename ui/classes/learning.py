"""A pupil's learner record in the class database: read back when the pupil signs in, stored after it changes.

The record (``ui.shell.learner``: review cards, rating, placement, answers for the charts) is stored
whole, so the latest supersedes any that failed: a write the database refused for a while (away, a
rate limit) is sent again on the next run, like Practice's queued answers. Until the stored record has
been read this session, nothing is written, so a new device never overwrites a pupil's record; what
the pupil did before signing in is merged with it (ui/shell/kept_record.py ``merge``).
"""
from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import Any

from storage.repository import Storage
from ui.classes.progress import RETRIED, _refused, pupil_token
from ui.classes.texts import FAILURES, failure
from ui.shell import kept_record, learner

State = MutableMapping[str, Any]
OpenStorage = Callable[[], Storage]
READ = "classes_learning_read"      # the pupil token whose stored record was read back this session
SAVED = "classes_learning_saved"    # the fingerprint of the record last stored


def restore_learning(state: State, open_storage: OpenStorage) -> bool:
    """Reads the pupil's stored record once per sign-in and merges it into the session's; True when read."""
    token = pupil_token(state)
    if token is None or state.get(READ) == token:
        return False
    try:
        stored = open_storage().learning(token)
    except FAILURES as error:              # read again on the next run; nothing is written meanwhile
        _refused(state, error)
        return False
    try:
        kept = kept_record.checked(stored) if stored is not None else None
    except kept_record.KeptRecordError:     # not a record this app wrote: the session's replaces it
        kept = None
    if kept is not None:
        state[learner.LEARNING] = kept_record.merge(kept, learner.record(state))
        state[SAVED] = kept_record.fingerprint(kept)
    learner.record(state)
    state[READ] = token
    return True


def sync_learning(state: State, open_storage: OpenStorage) -> bool:
    """Stores the pupil's record when it changed since the last store; True when stored now."""
    token = pupil_token(state)
    if token is None or state.get(READ) != token:
        return False
    rec = learner.record(state)
    mark = kept_record.fingerprint(rec)
    if kept_record.is_empty(rec) or state.get(SAVED) == mark:
        return False
    try:
        open_storage().save_learning(token, rec)
    except FAILURES as error:
        _refused(state, error)
        if failure(error)[0] not in RETRIED:
            state[SAVED] = mark             # refused for good: not sent again until it changes
        return False
    state[SAVED] = mark
    return True

