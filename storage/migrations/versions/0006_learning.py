"""The learner's record of a pupil: review cards, rating, placement and answers for the charts (issue 29).

Revision ID: 0006_learning
Revises: 0003_board_keys (the lead re-chains 0004-0007 at merge)
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_learning"
down_revision = "0005_live_quiz"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "learning_records",
        sa.Column("pupil_id", sa.Integer, sa.ForeignKey("pupils.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("cards", sa.Integer, nullable=False),
        sa.Column("rating_mu", sa.Float, nullable=False),
        sa.Column("rating_sigma", sa.Float, nullable=False),
        sa.Column("updated_at", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_learning_records_class_id", "learning_records", ["class_id"])


def downgrade() -> None:
    op.drop_index("ix_learning_records_class_id", table_name="learning_records")
    op.drop_table("learning_records")
