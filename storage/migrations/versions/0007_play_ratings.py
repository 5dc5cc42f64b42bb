"""Play's rating ladder: a pupil's rating (mu, sigma) after each rated round.

Revision ID: 0007_play_ratings
Revises: 0003_board_keys
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_play_ratings"
down_revision = "0006_learning"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("round_key", sa.String(64), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rated_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_play_ratings_class_id_classes"),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_play_ratings_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("id", name="pk_play_ratings"),
        sa.UniqueConstraint("pupil_id", "round_key", name="uq_play_ratings_pupil_key"),
    )
    op.create_index("ix_play_ratings_class_id", "play_ratings", ["class_id"])


def downgrade() -> None:
    op.drop_index("ix_play_ratings_class_id", table_name="play_ratings")
    op.drop_table("play_ratings")
