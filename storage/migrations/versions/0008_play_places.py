"""Play rounds keep the pupil's place in the round and the move checker's mistakes in the pupil's moves.

Both are NULL for a round saved before this revision (and ``mistakes`` for a round played with the
move checker off): not known, which the board shows as such, never as 0.

Revision ID: 0008_play_places
Revises: 0007_play_ratings
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_play_places"
down_revision = "0007_play_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("play_rounds") as batch:
        batch.add_column(sa.Column("place", sa.SmallInteger(), nullable=True))
        batch.add_column(sa.Column("mistakes", sa.SmallInteger(), nullable=True))
        batch.create_check_constraint("ck_play_rounds_place_range", "place IS NULL OR place BETWEEN 1 AND players")
        batch.create_check_constraint("ck_play_rounds_mistakes_range", "mistakes IS NULL OR mistakes >= 0")


def downgrade() -> None:
    with op.batch_alter_table("play_rounds") as batch:
        batch.drop_constraint("ck_play_rounds_mistakes_range", type_="check")
        batch.drop_constraint("ck_play_rounds_place_range", type_="check")
        batch.drop_column("mistakes")
        batch.drop_column("place")
