"""The storage API of classes: create, join, rejoin, save progress as it happens, read it back, delete.

Every public method is one call from a page and runs in its own transaction(s); what it
returns is plain frozen data. Teachers are recognised by their teacher key, pupils by their
token (or class code + nickname + PIN to rejoin); a refusal raises a ``StorageError`` with a
code (storage/errors.py). Nothing is kept between calls but the engine: a ``Storage`` may be
shared by every session of a server.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sqlalchemy import Connection, Engine, delete, func, select, update

from storage import keys
from storage import validate as v
from storage.database import READ_ONLY
from storage.errors import AccessRefused, InputRefused, StorageError
from storage.models import (
    Answer,
    LearningRecord,
    LessonStars,
    PlayRating,
    PlayRound,
    PracticeTopic,
    Pupil,
    PupilToken,
    SchoolClass,
    TeacherKey,
)
from storage.ratelimit import UNKNOWN_CLIENT, Limit, Limits, count_failure, first_spent, forget_old, lift, take
from storage.sql import insert_ignore

MAX_PUPILS = 200                # pupils one class may have
TOKEN_DAYS = 30                 # a pupil token unused this long is pruned when the pupil next comes back
DAY_MS = 86_400_000
MAX_PLAYERS = 8
MAX_MISTAKES = 10_000           # the move checker's questions in one round (a round stops at 20,000 moves)
# Mastery as on the Practice page: 8 right among the last 10 answers of a topic.
MASTERY_WINDOW = 10
MASTERY_NEEDED = 8
MANAGE, VIEW = "manage", "view"  # roles of a key: the teacher's own, the projector's read-only board
MAX_LEARNING = 2_000_000       # characters of a pupil's learner record (cards, answers for the charts)
DEFAULT_LIMITS = Limits()       # the school defaults; Limits is frozen, so one shared value is safe


@dataclass(frozen=True)
class ClassInfo:
    """A class as its teacher and its pupils see it (never any key or token)."""

    id: int
    code: str
    name: str
    ruleset: str
    language: str
    lessons: tuple[str, ...]
    drills: tuple[str, ...]
    quiz: tuple[str, ...]
    joining_open: bool
    created_at: int

    @property
    def board_code(self) -> str:
        """The code as written on the board: ``ABCD-EFGH``."""
        return keys.format_class_code(self.code)


@dataclass(frozen=True)
class NewClass:
    """A class just made, with its teacher key (shown this once, never stored in clear)."""

    info: ClassInfo
    teacher_key: str


@dataclass(frozen=True)
class PupilAccess:
    """A pupil in a class; ``token`` (and ``pin``, on joining or a reset) are shown this once."""

    pupil_id: int
    nickname: str
    info: ClassInfo
    token: str | None = None
    pin: str | None = None


@dataclass(frozen=True)
class TopicTally:
    """A pupil's answers on one topic of one variant: totals and the last few, oldest first."""

    variant: str
    topic: str
    attempts: int = 0
    correct: int = 0
    recent: tuple[bool, ...] = ()

    @property
    def mastered(self) -> bool:
        """At least MASTERY_NEEDED right among the last MASTERY_WINDOW answers."""
        return sum(self.recent) >= MASTERY_NEEDED

    @property
    def wrong_in_a_row(self) -> int:
        """How many of the latest answers were wrong, counting back from the last."""
        count = 0
        for right in reversed(self.recent):
            if right:
                break
            count += 1
        return count


@dataclass(frozen=True)
class AnswerRecord:
    """One stored answer."""

    key: str
    kind: str
    question_id: str
    variant: str
    topic: str
    answer: str
    correct: bool
    reason: str
    answered_at: int


@dataclass(frozen=True)
class AnswerSaved:
    """The result of saving an answer: ``stored`` is False when the same key was saved before."""

    stored: bool
    tally: TopicTally


@dataclass(frozen=True)
class RoundsSummary:
    """Rounds played on the Play page, with the places and the move checker's mistakes where known.

    ``placed`` and ``checked`` count the rounds whose place and mistakes are known (a round saved
    before migration 0008 knows neither; one played with the checker off knows no mistakes), so an
    unknown is never read as a 0. ``recent`` holds the last RECENT_PLACES known (place, players).
    """

    played: int = 0
    won: int = 0
    points: int = 0
    placed: int = 0
    place_total: int = 0
    firsts: int = 0
    checked: int = 0
    mistakes: int = 0
    recent: tuple[tuple[int, int], ...] = ()

    @property
    def average_place(self) -> float | None:
        """The mean place over the rounds whose place is known; None when none is."""
        return self.place_total / self.placed if self.placed else None

    @property
    def mistakes_per_round(self) -> float | None:
        """The move checker's mistakes per checked round; None when no round was checked."""
        return self.mistakes / self.checked if self.checked else None


RECENT_PLACES = 5


def rounds_summary(rows: Iterable) -> RoundsSummary:
    """The summary of a pupil's play_rounds rows (any order; ``recent`` follows played_at, id)."""
    rows = sorted(rows, key=lambda r: (r.played_at, r.id))
    placed = [r for r in rows if r.place is not None]
    checked = [r for r in rows if r.mistakes is not None]
    return RoundsSummary(len(rows), sum(1 for r in rows if r.won), sum(r.points for r in rows), len(placed),
                         sum(r.place for r in placed), sum(1 for r in placed if r.place == 1), len(checked),
                         sum(r.mistakes for r in checked),
                         tuple((r.place, r.players) for r in placed[-RECENT_PLACES:]))


@dataclass(frozen=True)
class PupilProgress:
    """Everything stored for one pupil, as the pages need it after a reload."""

    pupil_id: int
    nickname: str
    stars: dict[str, int] = field(default_factory=dict)
    practice: dict[str, TopicTally] = field(default_factory=dict)   # key "variant/topic"
    answers: tuple[AnswerRecord, ...] = ()
    rounds: RoundsSummary = RoundsSummary()


def _class_info(row) -> ClassInfo:
    return ClassInfo(row.id, row.code, row.name, row.ruleset, row.language, tuple(row.lessons),
                     tuple(row.drills), tuple(row.quiz), bool(row.joining_open), row.created_at)


def _tally(row) -> TopicTally:
    return TopicTally(row.variant, row.topic, row.attempts, row.correct, tuple(ch == "1" for ch in row.recent))


class Storage:
    """Classes and progress on one database engine; ``limits`` and ``clock`` are fixed at creation."""

    def __init__(self, engine: Engine, limits: Limits = DEFAULT_LIMITS, clock: Callable[[], float] = time.time):
        self.engine = engine
        self.limits = limits
        self._clock = clock

    # ------------------------------------------------------------------ plumbing

    def now(self) -> int:
        """The time in milliseconds since the epoch."""
        return int(self._clock() * 1000)

    def _write(self):
        return self.engine.begin()

    def read_connection(self):
        """A connection whose transactions only read (on SQLite they take no write lock)."""
        return self.engine.connect().execution_options(**READ_ONLY)

    def _refuse_wrong(self, buckets: Iterable[tuple[str, Limit]], wrong: AccessRefused) -> None:
        """Counts a wrong try in its own transaction, then raises it, or RateLimited once a bucket is spent."""
        with self._write() as conn:
            over = count_failure(conn, buckets, self.now())
        raise over or wrong

    @staticmethod
    def _client_buckets(kind: str, client: str | None, limit: Limit) -> list[tuple[str, Limit]]:
        # Callers with no known address share one bucket: a limit falls back, it never switches off.
        name = keys.client_bucket(client) if client else UNKNOWN_CLIENT
        return [(f"{kind}:{name}", limit)]

    @staticmethod
    def _lock_class(conn: Connection, class_id: int):
        """The class's row, locked until the transaction ends (PostgreSQL; SQLite's BEGIN IMMEDIATE locks all)."""
        row = conn.execute(select(SchoolClass).where(SchoolClass.id == class_id).with_for_update()).first()
        if row is None:
            raise AccessRefused("class_code_unknown")
        return row

    @staticmethod
    def _class_row(conn: Connection, class_id: int):
        """The class's row; refuses as unknown a class deleted a moment ago by its teacher."""
        row = conn.execute(select(SchoolClass).where(SchoolClass.id == class_id)).first()
        if row is None:
            raise AccessRefused("class_code_unknown")
        return row

    # ------------------------------------------------------------------ teachers

    def create_class(self, name: str, ruleset: str, language: str, lessons: Iterable[str] = (),
                     drills: Iterable[str] = (), quiz: Iterable[str] = (), client: str | None = None) -> NewClass:
        """Makes a class and returns it with its teacher key (the only time the key is seen)."""
        name = v.clean_class_name(name)
        ruleset = v.check_ruleset(ruleset)
        language = v.check_language(language)
        lessons = v.check_items(lessons, ruleset, "lesson", v.MAX_LIST)
        drills = v.check_items(drills, ruleset, "drill", v.MAX_LIST)
        quiz = v.check_items(quiz, ruleset, "drill", v.MAX_QUIZ)
        teacher_key = keys.new_teacher_key()
        now = self.now()
        with self._write() as conn:
            if client:   # making a class is no guess: callers with no known address share only the app's limit
                take(conn, f"create:{keys.client_bucket(client)}", self.limits.create_per_client, now)
            take(conn, "create:all", self.limits.create_global, now)
            forget_old(conn, now)
            for _ in range(20):   # a clash of codes is rare (2^39.6 codes); draw again
                code = keys.new_class_code()
                made = insert_ignore(conn, SchoolClass, {
                    "code": code, "name": name, "ruleset": ruleset, "language": language, "lessons": list(lessons),
                    "drills": list(drills), "quiz": list(quiz), "joining_open": True, "created_at": now}, ("code",))
                if made is not None:
                    break
            else:
                raise RuntimeError("could not draw a free class code")
            row = self._class_row(conn, made.id)
            conn.execute(TeacherKey.__table__.insert().values(
                class_id=row.id, key_hash=keys.secret_hash(teacher_key), created_at=now))
        return NewClass(_class_info(row), teacher_key)

    def _teacher_class_id(self, conn: Connection, teacher_key: object, role: str = MANAGE) -> int | str:
        """The class id a teacher key (or, role VIEW, a board key) opens, or the refusal code."""
        key = keys.usable_secret(teacher_key, keys.TEACHER_PREFIX if role == MANAGE else keys.BOARD_PREFIX)
        if key is None:
            return "teacher_key_wrong"
        row = conn.execute(select(TeacherKey.class_id, TeacherKey.revoked_at)
                           .where(TeacherKey.key_hash == keys.secret_hash(key), TeacherKey.role == role)).first()
        if row is None:
            return "teacher_key_wrong"
        return "teacher_key_revoked" if row.revoked_at is not None else row.class_id

    def authorize_board(self, key: object, client: str | None = None) -> tuple[ClassInfo, bool]:
        """The class a teacher key or a read-only board key shows, and whether the key may manage it."""
        if isinstance(key, str) and key.strip().startswith(keys.BOARD_PREFIX):
            with self.read_connection() as conn:
                found = self._teacher_class_id(conn, key, VIEW)
                if not isinstance(found, str):
                    return _class_info(self._class_row(conn, found)), False
            self._refuse_wrong(self._client_buckets("teacher_fail", client, self.limits.teacher_fail_per_client),
                               AccessRefused(found))
        return self.authorize_teacher(key, client), True

    def new_board_key(self, teacher_key: str, client: str | None = None) -> str:
        """Makes the class's read-only board key (returned, shown once); an earlier one stops working."""
        self.authorize_teacher(teacher_key, client)
        board_key = keys.new_board_key()
        now = self.now()
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            conn.execute(update(TeacherKey).where(TeacherKey.class_id == class_id, TeacherKey.role == VIEW,
                                                  TeacherKey.revoked_at.is_(None)).values(revoked_at=now))
            conn.execute(TeacherKey.__table__.insert().values(
                class_id=class_id, key_hash=keys.secret_hash(board_key), created_at=now, role=VIEW))
        return board_key

    def authorize_teacher(self, teacher_key: object, client: str | None = None) -> ClassInfo:
        """The class a teacher key opens; raises AccessRefused (teacher_key_wrong/revoked) or RateLimited.

        The key is judged first: a right key always opens (the board's refreshes count nothing), and
        only wrong keys are counted, per client; once a client's are spent its wrong keys get RateLimited.
        """
        with self.read_connection() as conn:
            found = self._teacher_class_id(conn, teacher_key)
            if not isinstance(found, str):
                return _class_info(self._class_row(conn, found))
        self._refuse_wrong(self._client_buckets("teacher_fail", client, self.limits.teacher_fail_per_client),
                           AccessRefused(found))

    def _teacher_write(self, conn: Connection, teacher_key: object) -> int:
        found = self._teacher_class_id(conn, teacher_key)
        if isinstance(found, str):
            raise AccessRefused(found)
        return found

    def rotate_teacher_key(self, teacher_key: str, client: str | None = None) -> str:
        """Replaces the teacher key by a new one (returned, shown once); the old one is refused from now on."""
        self.authorize_teacher(teacher_key, client)
        new_key = keys.new_teacher_key()
        now = self.now()
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            conn.execute(update(TeacherKey).where(TeacherKey.class_id == class_id, TeacherKey.role == MANAGE,
                                                  TeacherKey.revoked_at.is_(None)).values(revoked_at=now))
            conn.execute(TeacherKey.__table__.insert().values(
                class_id=class_id, key_hash=keys.secret_hash(new_key), created_at=now))
        return new_key

    def set_joining(self, teacher_key: str, joining_open: bool, client: str | None = None) -> ClassInfo:
        """Opens or closes the class to new pupils (rejoining stays possible)."""
        self.authorize_teacher(teacher_key, client)
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            conn.execute(update(SchoolClass).where(SchoolClass.id == class_id)
                         .values(joining_open=bool(joining_open)))
            return _class_info(self._class_row(conn, class_id))

    def reset_pin(self, teacher_key: str, pupil_id: int, client: str | None = None) -> str:
        """Gives a pupil a new PIN (returned for the teacher to pass on), e.g. when it was forgotten."""
        self.authorize_teacher(teacher_key, client)
        pin = keys.new_pin()
        salt, digest = keys.pin_hash(pin)
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            done = conn.execute(update(Pupil).where(Pupil.id == pupil_id, Pupil.class_id == class_id)
                                .values(pin_salt=salt, pin_hash=digest)).rowcount
            if not done:
                raise AccessRefused("pupil_unknown")
            lift(conn, [f"pin_fail:{pupil_id}"])   # the new PIN may be tried at once
        return pin

    def lift_blocks(self, teacher_key: str, client: str | None = None) -> int:
        """Lets the class's pupils try their PINs again now (wrong tries forgotten); returns how many counts went."""
        self.authorize_teacher(teacher_key, client)
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            pupil_ids = conn.execute(select(Pupil.id).where(Pupil.class_id == class_id)).scalars()
            return lift(conn, [f"pin_fail_class:{class_id}", *(f"pin_fail:{i}" for i in pupil_ids)])

    def delete_pupil(self, teacher_key: str, pupil_id: int, client: str | None = None) -> None:
        """Deletes a pupil of the class and everything stored for them."""
        self.authorize_teacher(teacher_key, client)
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            if not conn.execute(delete(Pupil).where(Pupil.id == pupil_id, Pupil.class_id == class_id)).rowcount:
                raise AccessRefused("pupil_unknown")

    def delete_class(self, teacher_key: str, client: str | None = None) -> None:
        """Deletes the class, its pupils, their progress and its teacher keys."""
        self.authorize_teacher(teacher_key, client)
        with self._write() as conn:
            class_id = self._teacher_write(conn, teacher_key)
            conn.execute(delete(SchoolClass).where(SchoolClass.id == class_id))

    # ------------------------------------------------------------------ pupils

    def _join_buckets(self, client: str | None) -> list[tuple[str, Limit]]:
        return [*self._client_buckets("join_fail", client, self.limits.join_fail_per_client),
                ("join_fail:all", self.limits.join_fail_global)]

    def _find_class(self, code_text: object, client: str | None):
        """The class row of a typed code; a right code always passes, unknown ones are counted and refused."""
        code = keys.normalize_class_code(code_text)
        if code is None:
            raise InputRefused("class_code_format")
        with self.read_connection() as conn:
            row = conn.execute(select(SchoolClass).where(SchoolClass.code == code)).first()
        if row is None:
            self._refuse_wrong(self._join_buckets(client), AccessRefused("class_code_unknown"))
        return row

    def join(self, code: str, nickname: str, client: str | None = None) -> PupilAccess:
        """Joins a class with its code and a nickname; returns the pupil's token and PIN (shown once)."""
        nickname = v.clean_nickname(nickname)
        row = self._find_class(code, client)
        token, pin = keys.new_pupil_token(), keys.new_pin()
        salt, digest = keys.pin_hash(pin)
        now = self.now()
        with self._write() as conn:
            take(conn, f"join:{row.id}", self.limits.join_per_class, now)
            current = self._lock_class(conn, row.id)   # joins of one class in turn: the size cap holds
            if not current.joining_open:
                raise AccessRefused("class_closed")
            if conn.execute(select(func.count()).select_from(Pupil).where(Pupil.class_id == row.id)).scalar() \
                    >= MAX_PUPILS:
                raise AccessRefused("class_full", limit=MAX_PUPILS)
            skeleton, key = v.looks_like(nickname), v.nickname_key(nickname)
            if any(v.looks_like(other) == skeleton and v.nickname_key(other) != key for other in conn.execute(
                    select(Pupil.nickname).where(Pupil.class_id == row.id)).scalars()):
                raise InputRefused("nickname_look_alike")   # "Аla" beside "Ala" would read as two Alas
            made = insert_ignore(conn, Pupil, {
                "class_id": row.id, "nickname": nickname, "nickname_key": v.nickname_key(nickname), "pin_salt": salt,
                "pin_hash": digest, "joined_at": now, "last_seen_at": now}, ("class_id", "nickname_key"))
            if made is None:
                raise InputRefused("nickname_taken")
            pupil_id = made.id
            conn.execute(PupilToken.__table__.insert().values(
                pupil_id=pupil_id, token_hash=keys.secret_hash(token), created_at=now))
        return PupilAccess(pupil_id, nickname, _class_info(current), token, pin)

    def rejoin(self, code: str, nickname: str, pin: str, client: str | None = None) -> PupilAccess:
        """Rejoins as a pupil of the class (another device, a lost link) with nickname and PIN; a new token."""
        nickname = v.clean_nickname(nickname)
        if not keys.is_pin(pin):
            raise InputRefused("pin_format")
        row = self._find_class(code, client)
        token = keys.new_pupil_token()
        now = self.now()
        # The PIN is judged and its failure counted in one write transaction, under the class's lock:
        # of 100 wrong PINs sent at once, exactly the limit are judged and the rest refused unjudged.
        with self._write() as conn:
            self._lock_class(conn, row.id)
            pupil = conn.execute(select(Pupil).where(
                Pupil.class_id == row.id, Pupil.nickname_key == v.nickname_key(nickname))).first()
            buckets = self._pin_buckets(row.id, pupil.id if pupil is not None else None)
            refused: StorageError | None = first_spent(conn, buckets, now)
            if refused is None:
                if pupil is None:
                    refused = AccessRefused("pupil_unknown")
                elif not keys.pin_matches(pin, pupil.pin_salt, pupil.pin_hash):
                    refused = AccessRefused("pin_wrong")
                if refused is not None:
                    count_failure(conn, buckets, now)
                else:
                    conn.execute(PupilToken.__table__.insert().values(
                        pupil_id=pupil.id, token_hash=keys.secret_hash(token), created_at=now))
                    conn.execute(update(Pupil).where(Pupil.id == pupil.id).values(last_seen_at=now))
        if refused is not None:
            raise refused
        return PupilAccess(pupil.id, pupil.nickname, _class_info(row), token)

    def _pin_buckets(self, class_id: int, pupil_id: int | None) -> list[tuple[str, Limit]]:
        buckets = [(f"pin_fail_class:{class_id}", self.limits.pin_fail_per_class)]
        if pupil_id is not None:
            buckets.append((f"pin_fail:{pupil_id}", self.limits.pin_fail_per_pupil))
        return buckets

    def _pupil_row(self, conn: Connection, token: object):
        secret = keys.usable_secret(token, keys.PUPIL_PREFIX)
        row = None
        if secret is not None:
            row = conn.execute(select(Pupil).join(PupilToken, PupilToken.pupil_id == Pupil.id)
                               .where(PupilToken.token_hash == keys.secret_hash(secret))).first()
        if row is None:
            raise AccessRefused("pupil_token_unknown")
        return row

    def pupil(self, token: str) -> PupilAccess:
        """The pupil a token belongs to, with the class (for a reload or the pupil's own link)."""
        with self.read_connection() as conn:
            row = self._pupil_row(conn, token)
            return PupilAccess(row.id, row.nickname, _class_info(self._class_row(conn, row.class_id)))

    def exchange(self, token: str) -> PupilAccess:
        """Swaps a one-time pupil token (a link's, a cookie's) for a new one and burns it; a copy opens nothing after."""
        secret = keys.usable_secret(token, keys.PUPIL_PREFIX)
        fresh = keys.new_pupil_token()
        now = self.now()
        with self._write() as conn:
            row = self._pupil_row(conn, secret)
            burned = conn.execute(delete(PupilToken).where(PupilToken.token_hash == keys.secret_hash(secret)))
            if burned.rowcount != 1:   # another tab exchanged it first
                raise AccessRefused("pupil_token_unknown")
            conn.execute(delete(PupilToken).where(PupilToken.pupil_id == row.id,
                                                  PupilToken.created_at < now - TOKEN_DAYS * DAY_MS))
            conn.execute(PupilToken.__table__.insert().values(
                pupil_id=row.id, token_hash=keys.secret_hash(fresh), created_at=now))
            conn.execute(update(Pupil).where(Pupil.id == row.id).values(last_seen_at=now))
            info = _class_info(self._class_row(conn, row.class_id))
        return PupilAccess(row.id, row.nickname, info, fresh)

    def device_token(self, token: str) -> str:
        """A new token of the same pupil, for one other use: the device's cookie or a link to open once."""
        fresh = keys.new_pupil_token()
        with self._write() as conn:
            row = self._pupil_row(conn, token)
            conn.execute(PupilToken.__table__.insert().values(
                pupil_id=row.id, token_hash=keys.secret_hash(fresh), created_at=self.now()))
        return fresh

    def drop_token(self, token: str) -> None:
        """Forgets one token of a pupil (leaving a device); the pupil and the other devices stay."""
        secret = keys.usable_secret(token, keys.PUPIL_PREFIX)
        if secret is None:
            return
        with self._write() as conn:
            conn.execute(delete(PupilToken).where(PupilToken.token_hash == keys.secret_hash(secret)))

    def leave(self, token: str) -> None:
        """Deletes the pupil of the token and everything stored for them (the pupil's own choice)."""
        with self._write() as conn:
            row = self._pupil_row(conn, token)
            conn.execute(delete(Pupil).where(Pupil.id == row.id))

    # ------------------------------------------------------------------ progress, saved as it happens

    def _pupil_write(self, conn: Connection, token: str, now: int):
        row = self._pupil_row(conn, token)
        take(conn, f"answer:{row.id}", self.limits.answer_per_pupil, now)
        take(conn, f"answer_class:{row.class_id}", self.limits.answer_per_class, now)
        conn.execute(update(Pupil).where(Pupil.id == row.id).values(last_seen_at=now))
        return row

    def record_stars(self, token: str, lesson_id: str, stars: int) -> int:
        """Saves the stars of a finished lesson, keeping the best; returns the best so far."""
        lesson_id = v.check_lesson(lesson_id)
        stars = v.check_count(stars, "stars", 0, 3)
        now = self.now()
        with self._write() as conn:
            row = self._pupil_write(conn, token, now)
            if insert_ignore(conn, LessonStars, {"pupil_id": row.id, "lesson_id": lesson_id, "stars": stars,
                                                     "updated_at": now}, ("pupil_id", "lesson_id")) is None:
                conn.execute(update(LessonStars).where(
                    LessonStars.pupil_id == row.id, LessonStars.lesson_id == lesson_id,
                    LessonStars.stars < stars).values(stars=stars, updated_at=now))
            return conn.execute(select(LessonStars.stars).where(
                LessonStars.pupil_id == row.id, LessonStars.lesson_id == lesson_id)).scalar_one()

    def record_answer(self, token: str, key: str, question_id: str, kind: str, variant: str, topic: str,
                      answer: str, correct: bool, reason: str = "") -> AnswerSaved:
        """Saves one answer (once per key) and updates the pupil's tally of its topic.

        ``answer`` is the response as text (cards or the move in notation, or the chosen option);
        ``reason`` the engine's reason code for a wrong answer ("" when it has none).
        """
        key = v.check_key(key)
        question_id = v.check_id(question_id, "question_id")
        v.check_answer_fields(kind, variant, topic, answer, reason)
        if not isinstance(correct, bool):
            raise InputRefused("answer_invalid", field="correct")
        now = self.now()
        with self._write() as conn:
            row = self._pupil_write(conn, token, now)
            stored = insert_ignore(conn, Answer, {
                "class_id": row.class_id, "pupil_id": row.id, "answer_key": key, "kind": kind, "question_id": question_id,
                "variant": variant, "topic": topic, "answer": answer, "correct": correct, "reason": reason, "answered_at": now},
                ("pupil_id", "answer_key")) is not None
            where = (PracticeTopic.pupil_id == row.id, PracticeTopic.variant == variant, PracticeTopic.topic == topic)
            if stored:
                insert_ignore(conn, PracticeTopic, {"pupil_id": row.id, "variant": variant, "topic": topic, "attempts": 0,
                                                        "correct": 0, "recent": "", "updated_at": now},
                              ("pupil_id", "variant", "topic"))
                tally = conn.execute(select(PracticeTopic).where(*where).with_for_update()).one()
                recent = (tally.recent + ("1" if correct else "0"))[-MASTERY_WINDOW:]
                conn.execute(update(PracticeTopic).where(*where).values(
                    attempts=tally.attempts + 1, correct=tally.correct + int(correct), recent=recent,
                    updated_at=now))
            current = conn.execute(select(PracticeTopic).where(*where)).first()
        return AnswerSaved(stored, _tally(current) if current else TopicTally(variant, topic))

    def record_round(self, token: str, key: str, variant: str, players: int, won: bool, points: int,
                     place: int | None = None, mistakes: int | None = None) -> bool:
        """Saves a round played on the Play page (once per key); True if it was new.

        ``place`` is the pupil's place in the round (1 = went out first, up to ``players``) and
        ``mistakes`` the moves of the pupil's that the move checker questioned; None for either is
        "not known" (the checker was off), stored as NULL. The first save of a key is the one kept.
        """
        key = v.check_key(key)
        v.check_variant(variant)
        players = v.check_count(players, "players", 2, MAX_PLAYERS)
        points = v.check_count(points, "points", -v.MAX_POINTS, v.MAX_POINTS)
        if not isinstance(won, bool):
            raise InputRefused("answer_invalid", field="won")
        if place is not None:
            place = v.check_count(place, "place", 1, players)
        if mistakes is not None:
            mistakes = v.check_count(mistakes, "mistakes", 0, MAX_MISTAKES)
        now = self.now()
        with self._write() as conn:
            row = self._pupil_write(conn, token, now)
            return insert_ignore(conn, PlayRound, {
                "class_id": row.class_id, "pupil_id": row.id, "round_key": key, "variant": variant, "players": players, "won": won,
                "points": points, "played_at": now, "place": place, "mistakes": mistakes},
                ("pupil_id", "round_key")) is not None

    def record_rating(self, token: str, key: str, variant: str, mu: float, sigma: float) -> bool:
        """Saves the pupil's Play rating after a round (once per round key); True if it was new."""
        key = v.check_key(key)
        v.check_variant(variant)
        for name, value in (("mu", mu), ("sigma", sigma)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not -1e4 < value < 1e4:
                raise InputRefused("answer_invalid", field=name)
        if sigma <= 0:
            raise InputRefused("answer_invalid", field="sigma")
        now = self.now()
        with self._write() as conn:
            row = self._pupil_write(conn, token, now)
            return insert_ignore(conn, PlayRating, {
                "class_id": row.class_id, "pupil_id": row.id, "round_key": key, "variant": variant,
                "mu": float(mu), "sigma": float(sigma), "rated_at": now}, ("pupil_id", "round_key")) is not None

    def ratings(self, token: str) -> list[tuple[str, str, float, float]]:
        """The pupil's Play ratings, oldest first: (round key, variant, mu, sigma)."""
        with self.read_connection() as conn:
            row = self._pupil_row(conn, token)
            return [(r.round_key, r.variant, r.mu, r.sigma) for r in conn.execute(
                select(PlayRating).where(PlayRating.pupil_id == row.id).order_by(PlayRating.rated_at, PlayRating.id))]

    def save_learning(self, token: str, record: dict) -> None:
        """Keeps the pupil's learner record (review cards, rating, placement, answers), replacing the last one."""
        text, cards, mu, sigma = _learning_fields(record)
        now = self.now()
        with self._write() as conn:
            row = self._pupil_row(conn, token)
            values = {"record": text, "cards": cards, "rating_mu": mu, "rating_sigma": sigma, "updated_at": now}
            if insert_ignore(conn, LearningRecord, {"pupil_id": row.id, "class_id": row.class_id, **values},
                             ("pupil_id",)) is None:
                conn.execute(update(LearningRecord).where(LearningRecord.pupil_id == row.id).values(**values))
            conn.execute(update(Pupil).where(Pupil.id == row.id).values(last_seen_at=now))

    def learning(self, token: str) -> dict | None:
        """The pupil's kept learner record (None before the first)."""
        with self.read_connection() as conn:
            row = self._pupil_row(conn, token)
            text = conn.execute(select(LearningRecord.record).where(LearningRecord.pupil_id == row.id)).scalar()
        return json.loads(text) if text is not None else None

    def class_learning(self, key: str, client: str | None = None) -> list[tuple[str, dict]]:
        """Each pupil's nickname and learner record, for the board a teacher key or board key opens."""
        info, _manages = self.authorize_board(key, client)
        with self.read_connection() as conn:
            rows = conn.execute(select(Pupil.nickname, LearningRecord.record).join(
                LearningRecord, LearningRecord.pupil_id == Pupil.id).where(Pupil.class_id == info.id)
                .order_by(Pupil.joined_at, Pupil.id)).all()
        return [(row.nickname, json.loads(row.record)) for row in rows]

    def progress(self, token: str) -> PupilProgress:
        """Everything stored for the pupil of the token (stars, tallies, answers, rounds)."""
        with self.read_connection() as conn:
            row = self._pupil_row(conn, token)
            return pupil_progress(conn, row.id, row.nickname)


def _learning_fields(record: object) -> tuple[str, int, float, float]:
    """The record as stored: its JSON, its number of cards and the learner's rating; refuses what is not one."""
    if not isinstance(record, dict) or not isinstance(record.get("cards", {}), dict):
        raise InputRefused("answer_invalid", field="learning")
    rating = record.get("rating", [25.0, 25.0 / 3])
    try:
        mu, sigma = float(rating[0]), float(rating[1])
        text = json.dumps(record, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, IndexError, KeyError):
        raise InputRefused("answer_invalid", field="learning") from None
    if not (math.isfinite(mu) and math.isfinite(sigma)):
        raise InputRefused("answer_invalid", field="learning")
    if len(text) > MAX_LEARNING:
        raise InputRefused("answer_invalid", field="learning", limit=MAX_LEARNING)
    return text, len(record.get("cards", {})), mu, sigma


def pupil_progress(conn: Connection, pupil_id: int, nickname: str) -> PupilProgress:
    """Reads one pupil's progress on an open connection (the pupil's reload and the teacher's board)."""
    stars = {r.lesson_id: r.stars for r in conn.execute(
        select(LessonStars).where(LessonStars.pupil_id == pupil_id))}
    practice = {f"{r.variant}/{r.topic}": _tally(r) for r in conn.execute(
        select(PracticeTopic).where(PracticeTopic.pupil_id == pupil_id))}
    answers = tuple(AnswerRecord(r.answer_key, r.kind, r.question_id, r.variant, r.topic, r.answer, bool(r.correct),
                                 r.reason, r.answered_at)
                    for r in conn.execute(select(Answer).where(Answer.pupil_id == pupil_id)
                                          .order_by(Answer.answered_at, Answer.id)))
    rounds = rounds_summary(conn.execute(select(PlayRound).where(PlayRound.pupil_id == pupil_id)))
    return PupilProgress(pupil_id, nickname, stars, practice, answers, rounds)
