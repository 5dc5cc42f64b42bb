"""Classes, teacher keys, pupils and their tokens, lesson stars, answers, practice tallies, rate limits.

Revision ID: 0001_classes
Revises:
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001_classes"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates the tables in the order their foreign keys need."""
    _create_classes()
    _create_teacher_keys()
    _create_pupils()
    _create_pupil_tokens()
    _create_lesson_stars()
    _create_answers()
    _create_practice_topics()
    _create_rate_limits()


def _create_classes() -> None:
    """Creates the classes table and its indexes."""
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("language", sa.String(16), nullable=False),
        sa.Column("lessons", sa.JSON(), nullable=False),
        sa.Column("drills", sa.JSON(), nullable=False),
        sa.Column("quiz", sa.JSON(), nullable=False),
        sa.Column("joining_open", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("code", name="uq_classes_code"),
    )


def _create_teacher_keys() -> None:
    """Creates the teacher_keys table and its indexes."""
    op.create_table(
        "teacher_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.Column("revoked_at", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_teacher_keys_class_id_classes"),
        sa.PrimaryKeyConstraint("id", name="pk_teacher_keys"),
        sa.UniqueConstraint("key_hash", name="uq_teacher_keys_key_hash"),
    )
    op.create_index("ix_teacher_keys_class_id", "teacher_keys", ["class_id"])


def _create_pupils() -> None:
    """Creates the pupils table and its indexes."""
    op.create_table(
        "pupils",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nickname_key", sa.String(96), nullable=False),
        sa.Column("pin_salt", sa.String(32), nullable=False),
        sa.Column("pin_hash", sa.String(64), nullable=False),
        sa.Column("joined_at", sa.BigInteger(), nullable=False),
        sa.Column("last_seen_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_pupils_class_id_classes"),
        sa.PrimaryKeyConstraint("id", name="pk_pupils"),
        sa.UniqueConstraint("class_id", "nickname_key", name="uq_pupils_class_nickname"),
    )


def _create_pupil_tokens() -> None:
    """Creates the pupil_tokens table and its indexes."""
    op.create_table(
        "pupil_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_pupil_tokens_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("id", name="pk_pupil_tokens"),
        sa.UniqueConstraint("token_hash", name="uq_pupil_tokens_token_hash"),
    )
    op.create_index("ix_pupil_tokens_pupil_id", "pupil_tokens", ["pupil_id"])


def _create_lesson_stars() -> None:
    """Creates the lesson_stars table and its indexes."""
    op.create_table(
        "lesson_stars",
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(80), nullable=False),
        sa.Column("stars", sa.SmallInteger(), nullable=False),
        sa.Column("updated_at", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("stars BETWEEN 0 AND 3", name="ck_lesson_stars_stars_range"),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_lesson_stars_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("pupil_id", "lesson_id", name="pk_lesson_stars"),
    )


def _create_answers() -> None:
    """Creates the answers table and its indexes."""
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("answer_key", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("question_id", sa.String(80), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("topic", sa.String(32), nullable=False),
        sa.Column("answer", sa.String(200), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.String(48), nullable=False),
        sa.Column("answered_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_answers_class_id_classes"),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_answers_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("id", name="pk_answers"),
        sa.UniqueConstraint("pupil_id", "answer_key", name="uq_answers_pupil_key"),
    )
    op.create_index("ix_answers_class_question", "answers", ["class_id", "question_id"])


def _create_practice_topics() -> None:
    """Creates the practice_topics table and its indexes."""
    op.create_table(
        "practice_topics",
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("topic", sa.String(32), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.Column("recent", sa.String(16), nullable=False),
        sa.Column("updated_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_practice_topics_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("pupil_id", "variant", "topic", name="pk_practice_topics"),
    )


def _create_rate_limits() -> None:
    """Creates the rate_limits table and its indexes."""
    op.create_table(
        "rate_limits",
        sa.Column("bucket", sa.String(96), nullable=False),
        sa.Column("window_start", sa.BigInteger(), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("bucket", "window_start", name="pk_rate_limits"),
    )


def downgrade() -> None:
    for table in ("rate_limits", "practice_topics", "answers", "lesson_stars", "pupil_tokens", "pupils",
                  "teacher_keys", "classes"):
        op.drop_table(table)
