"""Progress that lasts: a pupil's lesson stars, answers and rounds saved as they happen, read back on reload.

No Streamlit here: every function takes the session's state mapping (``st.session_state``)
and ``open_storage``, a function that returns the storage (``storage.streamlit_conn.get_storage``);
it is called only when the session belongs to a pupil, so anonymous use never touches the
database and stays exactly as it was. A refused save never raises into the page: its code is
kept under ``NOTICE`` for the page to show (``rate_limited`` → "wait N seconds").

Learn and Practice keep their progress in their own state keys; this module reads them by name
(``LEARN_STARS``… below; a test holds the names to the pages' own constants) so that neither
page needs more than one line to take part:

- ``sync_learn`` saves every lesson whose stars rose since the last save (``record_lesson``);
- ``sync_practice`` saves the answer just scored (``record_answer``), once, under a key of its own;
- ``restore_into_session`` puts the stored stars and topic tallies back after a reload.

No answer is lost: an answer or a Play round is first put in the session's queue (``PENDING``)
and leaves it only once stored. When the database cannot be reached, or the save waits for a rate
limit, it stays queued and is sent again (in order, under its own idempotency key) on every later
run; ``unsaved`` counts what is queued, with stars not yet stored, for the page's "not saved yet".
"""
from __future__ import annotations

import secrets
from collections.abc import Callable, MutableMapping
from typing import Any

from engine.drills import Drill
from storage.repository import PupilAccess, PupilProgress, Storage
from ui.classes.answers import answer_fields
from ui.classes.texts import FAILURES, failure

State = MutableMapping[str, Any]
OpenStorage = Callable[[], Storage]

TOKEN = "classes_pupil_token"          # the pupil token of this session (its own link: ?pupil=)
PUPIL = "classes_pupil"                # the pupil and their class as the pages show them (no token)
NOTICE = "classes_notice"              # (code, params) of the latest refused save, for the page to show
NONCE = "classes_nonce"                # random per session: the answer keys of two sessions never meet
RESTORED = "classes_restored"          # which parts were read back: {"learn", "practice"}
SAVED_STARS = "classes_saved_stars"    # lesson id -> stars known to be stored
SAVED_ATTEMPTS = "classes_saved_attempts"  # practice answers counted when last saved
PENDING = "classes_pending"            # [(kind "answer" | "round", the storage call's arguments)] not stored yet
RETRIED = ("storage_unavailable", "rate_limited")   # refusals that pass: the save is kept and sent again

# The Learn and Practice pages' own state keys (ui/learn/page.py, ui/practice/state.py).
LEARN_STARS = "learn_stars"
PRACTICE_PROGRESS = "practice_progress"
PRACTICE_ANSWER = "practice_answer"
PRACTICE_MODE = "practice_mode"
PRACTICE_INDEX = "practice_index"
PRACTICE_CLASS_QUIZ = "practice_class_quiz"


# ---------------------------------------------------------------------------- who the session is

def pupil_token(state: State) -> str | None:
    """The pupil token of this session, or None for anonymous use."""
    token = state.get(TOKEN)
    return token if isinstance(token, str) and token else None


def become_pupil(state: State, access: PupilAccess, token: str) -> None:
    """Makes this session the pupil's (after joining, rejoining or opening the pupil's own link)."""
    info = access.info
    state[TOKEN] = token
    state[PUPIL] = {"pupil_id": access.pupil_id, "nickname": access.nickname, "class_name": info.name,
                    "code": info.board_code, "ruleset": info.ruleset, "language": info.language,
                    "lessons": list(info.lessons), "drills": list(info.drills), "quiz": list(info.quiz)}
    state[RESTORED] = set()
    state[NONCE] = secrets.token_hex(4)
    state[NOTICE] = None


def forget_pupil(state: State) -> None:
    """Makes the session anonymous again (leaving, or a token the storage no longer knows)."""
    for name in (TOKEN, PUPIL, RESTORED, SAVED_STARS, SAVED_ATTEMPTS, PENDING):
        state.pop(name, None)


def _refused(state: State, error: Exception) -> None:
    code, params = failure(error)
    state[NOTICE] = (code, params)
    if code == "pupil_token_unknown":
        forget_pupil(state)


def _call(state: State, open_storage: OpenStorage, action: Callable[[Storage, str], Any]) -> Any:
    """Runs one storage call for the session's pupil; a refusal lands in NOTICE and gives None."""
    token = pupil_token(state)
    if token is None:
        return None
    try:
        return action(open_storage(), token)
    except FAILURES as error:   # refused, or the database cannot be reached: the page says so
        _refused(state, error)
        return None


# ---------------------------------------------------------------------------- saving as it happens

def record_lesson(state: State, open_storage: OpenStorage, lesson_id: str, stars: int) -> int | None:
    """Saves a finished lesson's stars (the best is kept); returns the best stored, None if not saved."""
    best = _call(state, open_storage, lambda store, token: store.record_stars(token, lesson_id, int(stars)))
    if best is not None:
        saved = dict(state.get(SAVED_STARS) or {})
        saved[lesson_id] = max(int(best), saved.get(lesson_id, 0))
        state[SAVED_STARS] = saved
    return best


def _send(store: Storage, token: str, kind: str, args: dict) -> bool:
    if kind == "answer":
        return store.record_answer(token, **args).stored
    return store.record_round(token, **args)


def flush(state: State, open_storage: OpenStorage) -> list[str]:
    """Sends the queued answers and rounds in order; returns the keys stored now (a retry may store none)."""
    token = pupil_token(state)
    stored: list[str] = []
    while token is not None and state.get(PENDING):
        kind, args = state[PENDING][0]
        try:
            if _send(open_storage(), token, kind, args):
                stored.append(args["key"])
        except FAILURES as error:
            _refused(state, error)
            if failure(error)[0] in RETRIED:
                break                              # kept: sent again on the next run
        if state.get(PENDING):                     # stored, or refused for good (a deleted pupil forgets all)
            state[PENDING] = state[PENDING][1:]
        token = pupil_token(state)
    return stored


def _queue(state: State, open_storage: OpenStorage, kind: str, args: dict) -> bool:
    if pupil_token(state) is None:
        return False
    state[PENDING] = [*(state.get(PENDING) or []), (kind, args)]
    return args["key"] in flush(state, open_storage)


def unsaved(state: State) -> int:
    """How many answers, rounds and lessons' stars of this session are not stored yet."""
    earned, saved = state.get(LEARN_STARS) or {}, state.get(SAVED_STARS) or {}
    stars = sum(1 for lesson_id, n in earned.items() if int(n) > saved.get(lesson_id, 0))
    return len(state.get(PENDING) or ()) + (stars if pupil_token(state) else 0)


def record_answer(state: State, open_storage: OpenStorage, key: str, drill: Drill, response: Any, correct: bool,
                  kind: str) -> bool:
    """Saves one answer to a drill (kind quiz, drill or generated) under an idempotency key; True if stored now.

    Not stored now (the database is away, a rate limit): it is kept in the session and sent again.
    """
    fields = answer_fields(drill, response, correct)
    return _queue(state, open_storage, "answer", {
        "key": key, "question_id": fields.question_id, "kind": kind, "variant": fields.variant,
        "topic": fields.topic, "answer": fields.answer, "correct": fields.correct, "reason": fields.reason})


def record_round(state: State, open_storage: OpenStorage, key: str, variant: str, players: int, won: bool,
                 points: int, place: int | None = None, mistakes: int | None = None) -> bool:
    """Saves a round played on the Play page under an idempotency key; True if it was stored now.

    ``place`` (1 = out first) and ``mistakes`` (the move checker's, in the pupil's moves) are None when
    not known; they are stored as unknown, never as 0.
    """
    return _queue(state, open_storage, "round", {"key": key, "variant": variant, "players": players, "won": won,
                                                 "points": points, "place": place, "mistakes": mistakes})


SAVED_ROUNDS = "classes_saved_rounds"   # keys of the Play rounds already saved this session
Round = tuple[str, str, int, bool, int, int | None, int | None]   # as ui.play.model.finished_rounds gives it


def sync_play(state: State, open_storage: OpenStorage, rounds: Callable[[], list[Round]]) -> int:
    """Saves every finished Play round not saved yet (its key makes a retry harmless); returns how many."""
    if pupil_token(state) is None:
        return 0
    done = set(state.get(SAVED_ROUNDS) or ())
    count = 0
    for key, variant, players, won, points, place, mistakes in rounds():
        if key in done:
            continue
        if record_round(state, open_storage, key, variant, players, won, points, place, mistakes):
            count += 1
        done.add(key)
    state[SAVED_ROUNDS] = sorted(done)
    return count


def sync_learn(state: State, open_storage: OpenStorage) -> int:
    """Saves every lesson whose stars rose since the last save (and sends what is queued); returns how many."""
    if pupil_token(state) is None:
        return 0
    flush(state, open_storage)
    earned = state.get(LEARN_STARS) or {}
    saved = state.get(SAVED_STARS) or {}
    count = 0
    for lesson_id, stars in sorted(earned.items()):
        if int(stars) > saved.get(lesson_id, -1) and record_lesson(state, open_storage, lesson_id, int(stars)) is not None:
            count += 1
    return count


def sync_practice(state: State, open_storage: OpenStorage, question: Callable[[], Drill | None]) -> bool:
    """Saves the practice answer scored since the last save, if any; ``question`` gives the drill on screen.

    An answer is new when the practice progress counts exactly one more answer than at the last
    save (loading a progress code or starting over only moves the mark). Its key is the session's
    nonce and that count, so a rerun or a retry never stores it twice.
    """
    if pupil_token(state) is None:
        return False
    progress = state.get(PRACTICE_PROGRESS)
    attempts = int(getattr(progress, "attempts", 0))
    last = state.get(SAVED_ATTEMPTS)
    state[SAVED_ATTEMPTS] = attempts
    answer = state.get(PRACTICE_ANSWER) or {}
    if last is None or attempts != last + 1 or answer.get("right") is None:
        return False
    drill = question()
    if drill is None or drill.id != answer.get("id"):
        return False
    if state.get(PRACTICE_MODE) == "class":
        # Practice's class mode runs the class quiz, the class's drill list, or a ?quiz= link's quiz.
        opened = (state.get(PRACTICE_CLASS_QUIZ) or {}).get("ids")
        kind = "drill" if opened and opened == (state.get(PUPIL) or {}).get("drills") else "quiz"
    else:
        kind = "generated" if drill.id.startswith("gen-") else "drill"
    nonce = state.get(NONCE) or secrets.token_hex(4)
    state[NONCE] = nonce
    return record_answer(state, open_storage, f"{kind}:{nonce}:{attempts}", drill, answer.get("response"),
                         bool(answer["right"]), kind)


# ---------------------------------------------------------------------------- reading back

def _merge_stars(state: State, stored: PupilProgress) -> None:
    earned = dict(state.get(LEARN_STARS) or {})
    for lesson_id, stars in stored.stars.items():
        earned[lesson_id] = max(int(stars), int(earned.get(lesson_id, 0)))
    state[LEARN_STARS] = earned
    state[SAVED_STARS] = dict(stored.stars)


def _merge_practice(state: State, stored: PupilProgress, progress_type: type, score_type: type) -> None:
    current = state.get(PRACTICE_PROGRESS) or progress_type()
    scores = dict(current.scores)
    for key, tally in stored.practice.items():
        scores[key] = score_type(tally.attempts, tally.correct, tuple(tally.recent))
    restored = progress_type(scores, current.streak, current.best_streak)
    state[PRACTICE_PROGRESS] = restored
    state[SAVED_ATTEMPTS] = restored.attempts


def class_quiz(state: State, which: str = "quiz") -> dict | None:
    """Practice's class quiz ({"variant", "ids", "results"}) of the pupil's class: its quiz, or (which="drills")
    its drill list; None when the class has none."""
    pupil = state.get(PUPIL) or {}
    ids = list(pupil.get(which) or ())
    if not ids:
        return None
    return {"variant": pupil["ruleset"], "ids": ids, "results": [None] * len(ids)}


def open_class_quiz(state: State, which: str = "quiz") -> bool:
    """Sets the practice page on the class's quiz (or drill list), from its first question; False when it has none."""
    quiz = class_quiz(state, which)
    if quiz is None:
        return False
    state[PRACTICE_CLASS_QUIZ] = quiz
    state[PRACTICE_MODE] = "class"
    state[PRACTICE_INDEX] = 0
    state[PRACTICE_ANSWER] = None
    return True


def restore_into_session(state: State, open_storage: OpenStorage,
                         practice_types: tuple[type, type] | None = None) -> bool:
    """Reads the pupil's stored progress back into Learn's stars (and Practice's scores, given its
    Progress and TopicScore types) once per session; True when something was read."""
    if pupil_token(state) is None:
        return False
    done = set(state.get(RESTORED) or ())
    wanted = {"learn"} | ({"practice"} if practice_types else set())
    if wanted <= done:
        return False
    stored = _call(state, open_storage, lambda store, token: store.progress(token))
    if stored is None:
        return False
    if "learn" not in done:
        _merge_stars(state, stored)
    if practice_types and "practice" not in done:
        _merge_practice(state, stored, *practice_types)
        if state.get(PRACTICE_CLASS_QUIZ) is None and class_quiz(state) is not None:
            state[PRACTICE_CLASS_QUIZ] = class_quiz(state)
    state[RESTORED] = done | wanted
    return True
