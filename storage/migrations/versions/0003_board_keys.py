"""Read-only board keys for the projector: a teacher key's row gets a role, "manage" or "view".

Revision ID: 0003_board_keys
Revises: 0002_play_rounds
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_board_keys"
down_revision = "0002_play_rounds"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Every key made before this revision was a teacher's own: it keeps managing its class.
    with op.batch_alter_table("teacher_keys") as batch:
        batch.add_column(sa.Column("role", sa.String(8), nullable=False, server_default="manage"))


def downgrade() -> None:
    op.execute("DELETE FROM teacher_keys WHERE role = 'view'")   # a board key must not become a teacher key
    with op.batch_alter_table("teacher_keys") as batch:
        batch.drop_column("role")
