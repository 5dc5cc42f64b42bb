"""The tables of classes and their pupils' progress (SQLAlchemy 2 declarative models).

The schema itself is made by the Alembic migrations in ``storage/migrations``; these models
describe the same tables for the queries, and a test checks that the two agree. Times are
integer milliseconds since the epoch (UTC), the same on SQLite and PostgreSQL.
"""
from __future__ import annotations

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# Named constraints, so migrations can refer to them on every database.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class SchoolClass(Base):
    """A class a teacher made: its code on the board and what its pupils work on."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    ruleset: Mapped[str] = mapped_column(String(32))
    language: Mapped[str] = mapped_column(String(16))
    lessons: Mapped[list] = mapped_column(JSON)
    drills: Mapped[list] = mapped_column(JSON)
    quiz: Mapped[list] = mapped_column(JSON)
    joining_open: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[int] = mapped_column(BigInteger)


class TeacherKey(Base):
    """A teacher key's hash; a rotated key stays with ``revoked_at`` so it is refused by name."""

    __tablename__ = "teacher_keys"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[int] = mapped_column(BigInteger)
    revoked_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    # "manage": the teacher's own key; "view": the projector's read-only board key (bk_…).
    role: Mapped[str] = mapped_column(String(8), server_default="manage")


class Pupil(Base):
    """A pupil of a class: a nickname (no other personal data) and a hashed PIN."""

    __tablename__ = "pupils"
    __table_args__ = (UniqueConstraint("class_id", "nickname_key", name="uq_pupils_class_nickname"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    nickname: Mapped[str] = mapped_column(String(24))
    nickname_key: Mapped[str] = mapped_column(String(96))
    pin_salt: Mapped[str] = mapped_column(String(32))
    pin_hash: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[int] = mapped_column(BigInteger)
    last_seen_at: Mapped[int] = mapped_column(BigInteger)


class PupilToken(Base):
    """A pupil token's hash (one per device the pupil joined or rejoined on)."""

    __tablename__ = "pupil_tokens"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[int] = mapped_column(BigInteger)


class LessonStars(Base):
    """The best stars a pupil earned in a lesson."""

    __tablename__ = "lesson_stars"
    __table_args__ = (CheckConstraint("stars BETWEEN 0 AND 3", name="stars_range"),)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), primary_key=True)
    lesson_id: Mapped[str] = mapped_column(String(80), primary_key=True)
    stars: Mapped[int] = mapped_column(SmallInteger)
    updated_at: Mapped[int] = mapped_column(BigInteger)


class Answer(Base):
    """One answer to a drill or quiz question, with the engine's reason when it was wrong.

    ``answer_key`` makes saving idempotent: the same answer sent twice is stored once.
    """

    __tablename__ = "answers"
    __table_args__ = (
        UniqueConstraint("pupil_id", "answer_key", name="uq_answers_pupil_key"),
        Index("ix_answers_class_question", "class_id", "question_id"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"))
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"))
    answer_key: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))
    question_id: Mapped[str] = mapped_column(String(80))
    variant: Mapped[str] = mapped_column(String(32))
    topic: Mapped[str] = mapped_column(String(32))
    answer: Mapped[str] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str] = mapped_column(String(48))
    answered_at: Mapped[int] = mapped_column(BigInteger)


class PracticeTopic(Base):
    """A pupil's tally on one topic of one variant: totals and the last answers (``1``/``0``, oldest first)."""

    __tablename__ = "practice_topics"
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(32), primary_key=True)
    topic: Mapped[str] = mapped_column(String(32), primary_key=True)
    attempts: Mapped[int] = mapped_column(Integer)
    correct: Mapped[int] = mapped_column(Integer)
    recent: Mapped[str] = mapped_column(String(16))
    updated_at: Mapped[int] = mapped_column(BigInteger)


class PlayRound(Base):
    """A round a pupil played on the Play page (added by the second migration).

    ``place`` (1 = went out first; 0008) and ``mistakes`` (the move checker's, in the pupil's own
    moves; 0008) are NULL when not known: a round saved before 0008, or played with the checker off.
    """

    __tablename__ = "play_rounds"
    __table_args__ = (
        UniqueConstraint("pupil_id", "round_key", name="uq_play_rounds_pupil_key"),
        CheckConstraint("place IS NULL OR place BETWEEN 1 AND players", name="place_range"),
        CheckConstraint("mistakes IS NULL OR mistakes >= 0", name="mistakes_range"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"))
    round_key: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(SmallInteger)
    won: Mapped[bool] = mapped_column(Boolean)
    points: Mapped[int] = mapped_column(Integer)
    played_at: Mapped[int] = mapped_column(BigInteger)
    place: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    mistakes: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)


class RateLimit(Base):
    """Hits per bucket and fixed time window, shared by every app server on the database."""

    __tablename__ = "rate_limits"
    bucket: Mapped[str] = mapped_column(String(96), primary_key=True)
    window_start: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)


# ---------------------------------------------------------------------------- tables (issue #26, 0004_tables)


class Table(Base):
    """A table where two to six people play a match, each on their own device (storage/tables.py).

    ``version`` goes up by one with every change (a move, a seat, a start), so each seat's page
    polls one indexed query to learn that something happened. ``seed`` deals every round and
    never leaves the server.
    """

    __tablename__ = "tables"
    __table_args__ = (
        CheckConstraint("seats BETWEEN 2 AND 6", name="seats_range"),
        CheckConstraint("turn_limit IN (0, 30, 60)", name="turn_limit_choice"),
        CheckConstraint("status IN ('lobby', 'playing', 'finished')", name="status_choice"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(8), unique=True)
    ruleset_id: Mapped[str] = mapped_column(String(48))
    ruleset: Mapped[dict] = mapped_column(JSON)
    seats: Mapped[int] = mapped_column(SmallInteger)
    strength: Mapped[str] = mapped_column(String(16))
    coach: Mapped[bool] = mapped_column(Boolean)
    open_hands: Mapped[bool] = mapped_column(Boolean)
    turn_limit: Mapped[int] = mapped_column(SmallInteger)
    rounds: Mapped[int] = mapped_column(SmallInteger)
    seed: Mapped[int] = mapped_column(BigInteger)
    maker_hash: Mapped[str] = mapped_column(String(64), unique=True)
    class_id: Mapped[int | None] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True,
                                                 nullable=True)
    status: Mapped[str] = mapped_column(String(10))
    round_no: Mapped[int] = mapped_column(SmallInteger)
    version: Mapped[int] = mapped_column(Integer)
    turn_started_at: Mapped[int] = mapped_column(BigInteger)
    results: Mapped[list] = mapped_column(JSON)
    created_at: Mapped[int] = mapped_column(BigInteger)


class TableSeat(Base):
    """A person at a table: a nickname or a class's pupil, a token per device, a PIN to reclaim."""

    __tablename__ = "table_seats"
    __table_args__ = (
        # One person per seat number; a removed seat's row stays (the board counts its rounds).
        Index("uq_table_seats_live", "table_id", "seat_no", unique=True,
              sqlite_where=text("removed = 0"), postgresql_where=text("removed = false")),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat_no: Mapped[int] = mapped_column(SmallInteger)
    nickname: Mapped[str] = mapped_column(String(24))
    nickname_key: Mapped[str] = mapped_column(String(96))
    pupil_id: Mapped[int | None] = mapped_column(ForeignKey("pupils.id", ondelete="SET NULL"), nullable=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    pin_salt: Mapped[str] = mapped_column(String(32))
    pin_hash: Mapped[str] = mapped_column(String(64))
    present: Mapped[bool] = mapped_column(Boolean)
    removed: Mapped[bool] = mapped_column(Boolean)
    joined_at: Mapped[int] = mapped_column(BigInteger)
    last_seen_at: Mapped[int] = mapped_column(BigInteger)


class TableMove(Base):
    """One move of a table's round: append-only, one row per (table, round, move number).

    The primary key is the guard against a lost or doubled move: a second write of the same number
    fails. ``move`` is the notation (a draw is only "draw"), ``events`` the public events.
    """

    __tablename__ = "table_moves"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    round_no: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    move_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat_no: Mapped[int] = mapped_column(SmallInteger)
    move: Mapped[str] = mapped_column(String(200))
    made_by: Mapped[str] = mapped_column(String(12))
    events: Mapped[list] = mapped_column(JSON)
    made_at: Mapped[int] = mapped_column(BigInteger)


class TableSnapshot(Base):
    """The full position of a round after ``moves`` moves (server only: it holds every hand)."""

    __tablename__ = "table_snapshots"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    round_no: Mapped[int] = mapped_column(SmallInteger, primary_key=True)
    moves: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[dict] = mapped_column(JSON)


# ---------------------------------------------------------------------------- the live quiz (0005_live_quiz)

class LiveQuiz(Base):
    """A live quiz the teacher paces question by question; ``version`` rises with every step (pupils poll it)."""

    __tablename__ = "live_quizzes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    questions: Mapped[list] = mapped_column(JSON)          # drill ids, in the order asked
    seconds: Mapped[int] = mapped_column(SmallInteger)     # the timer of each question
    question_index: Mapped[int] = mapped_column(SmallInteger)
    phase: Mapped[str] = mapped_column(String(8))          # "open", "shown" (the answer), "ended"
    opened_at: Mapped[int] = mapped_column(BigInteger)     # when the current question opened
    deadline_at: Mapped[int] = mapped_column(BigInteger)   # answers stored at or after it are refused
    version: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[int] = mapped_column(BigInteger)
    ended_at: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class LiveAnswer(Base):
    """A pupil's one answer to one question of a live quiz, with the points it earned."""

    __tablename__ = "live_answers"
    __table_args__ = (UniqueConstraint("quiz_id", "pupil_id", "question_index", name="uq_live_answers_pupil_question"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    quiz_id: Mapped[int] = mapped_column(ForeignKey("live_quizzes.id", ondelete="CASCADE"))
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), index=True)
    question_index: Mapped[int] = mapped_column(SmallInteger)
    choice: Mapped[str] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean)
    points: Mapped[int] = mapped_column(Integer)
    answered_at: Mapped[int] = mapped_column(BigInteger)


# ---------------------------------------------------------------------------- Play's rating ladder (0007)

class PlayRating(Base):
    """A pupil's Play rating after one rated round (openskill Plackett–Luce: mu and sigma)."""

    __tablename__ = "play_ratings"
    __table_args__ = (UniqueConstraint("pupil_id", "round_key", name="uq_play_ratings_pupil_key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"))
    round_key: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rated_at: Mapped[int] = mapped_column(BigInteger)


# ---------------------------------------------------------------------------- learning (issue 29, 0006_learning)

class LearningRecord(Base):
    """A pupil's learner record as JSON (review cards, rating, placement, answers), with the rating beside it."""

    __tablename__ = "learning_records"
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"), primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    record: Mapped[str] = mapped_column(Text)
    cards: Mapped[int] = mapped_column(Integer)
    rating_mu: Mapped[float] = mapped_column(Float)
    rating_sigma: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[int] = mapped_column(BigInteger)
