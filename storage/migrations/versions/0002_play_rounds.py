"""Rounds played on the Play page: played, won and points per pupil.

Revision ID: 0002_play_rounds
Revises: 0001_classes
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_play_rounds"
down_revision = "0001_classes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=False),
        sa.Column("round_key", sa.String(64), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("players", sa.SmallInteger(), nullable=False),
        sa.Column("won", sa.Boolean(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("played_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE",
                                name="fk_play_rounds_class_id_classes"),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="CASCADE",
                                name="fk_play_rounds_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("id", name="pk_play_rounds"),
        sa.UniqueConstraint("pupil_id", "round_key", name="uq_play_rounds_pupil_key"),
    )
    op.create_index("ix_play_rounds_class_id", "play_rounds", ["class_id"])


def downgrade() -> None:
    op.drop_index("ix_play_rounds_class_id", table_name="play_rounds")
    op.drop_table("play_rounds")
