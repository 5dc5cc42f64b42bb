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
    """A round a pupil played on the Play page (added by the second migration)."""

    __tablename__ = "play_rounds"
    __table_args__ = (UniqueConstraint("pupil_id", "round_key", name="uq_play_rounds_pupil_key"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    pupil_id: Mapped[int] = mapped_column(ForeignKey("pupils.id", ondelete="CASCADE"))
    round_key: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(SmallInteger)
    won: Mapped[bool] = mapped_column(Boolean)
    points: Mapped[int] = mapped_column(Integer)
    played_at: Mapped[int] = mapped_column(BigInteger)


class RateLimit(Base):
    """Hits per bucket and fixed time window, shared by every app server on the database."""

    __tablename__ = "rate_limits"
    bucket: Mapped[str] = mapped_column(String(96), primary_key=True)
    window_start: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)


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
