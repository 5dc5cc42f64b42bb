"""The live quiz: quizzes a teacher paces question by question, and each pupil's one answer per question.

Revision ID: 0005_live_quiz
Revises: 0003_board_keys
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_live_quiz"
down_revision = "0004_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_quizzes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("questions", sa.JSON(), nullable=False),
        sa.Column("seconds", sa.SmallInteger(), nullable=False),
        sa.Column("question_index", sa.SmallInteger(), nullable=False),
        sa.Column("phase", sa.String(8), nullable=False),
        sa.Column("opened_at", sa.BigInteger(), nullable=False),
        sa.Column("deadline_at", sa.BigInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.BigInteger(), nullable=False),
        sa.Column("ended_at", sa.BigInteger(), nullable=True),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_live_quizzes_class_id_classes"),
        sa.PrimaryKeyConstraint("id", name="pk_live_quizzes"),
    )
    op.create_index("ix_live_quizzes_class_id", "live_quizzes", ["class_id"])
    op.create_table(
        "live_answers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("quiz_id", sa.Integer(), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("question_index", sa.SmallInteger(), nullable=False),
        sa.Column("choice", sa.String(200), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("answered_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["quiz_id"], ["live_quizzes.id"], ondelete="CASCADE",
                                name="fk_live_answers_quiz_id_live_quizzes"),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_live_answers_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("id", name="pk_live_answers"),
        # One answer per pupil per question: a second tap, or a tap on another server, is refused here.
        sa.UniqueConstraint("quiz_id", "pupil_id", "question_index", name="uq_live_answers_pupil_question"),
    )
    op.create_index("ix_live_answers_pupil_id", "live_answers", ["pupil_id"])


def downgrade() -> None:
    op.drop_index("ix_live_answers_pupil_id", table_name="live_answers")
    op.drop_table("live_answers")
    op.drop_index("ix_live_quizzes_class_id", table_name="live_quizzes")
    op.drop_table("live_quizzes")
