"""Tables: a match of several people, each on their own device (issue #26; storage/tables.py).

Revision ID: 0004_tables
Revises: 0003_board_keys
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_tables"
down_revision = "0003_board_keys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Creates the tables in the order their foreign keys need."""
    _create_tables()
    _create_table_seats()
    _create_table_moves()
    _create_table_snapshots()


def _create_tables() -> None:
    """Creates the tables table and its indexes."""
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(8), nullable=False),
        sa.Column("ruleset_id", sa.String(48), nullable=False),
        sa.Column("ruleset", sa.JSON(), nullable=False),
        sa.Column("seats", sa.SmallInteger(), nullable=False),
        sa.Column("strength", sa.String(16), nullable=False),
        sa.Column("coach", sa.Boolean(), nullable=False),
        sa.Column("open_hands", sa.Boolean(), nullable=False),
        sa.Column("turn_limit", sa.SmallInteger(), nullable=False),
        sa.Column("rounds", sa.SmallInteger(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("maker_hash", sa.String(64), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("turn_started_at", sa.BigInteger(), nullable=False),
        sa.Column("results", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.BigInteger(), nullable=False),
        sa.CheckConstraint("seats BETWEEN 2 AND 6", name="ck_tables_seats_range"),
        sa.CheckConstraint("turn_limit IN (0, 30, 60)", name="ck_tables_turn_limit_choice"),
        sa.CheckConstraint("status IN ('lobby', 'playing', 'finished')", name="ck_tables_status_choice"),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE", name="fk_tables_class_id_classes"),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
        sa.UniqueConstraint("code", name="uq_tables_code"),
        sa.UniqueConstraint("maker_hash", name="uq_tables_maker_hash"),
    )
    op.create_index("ix_tables_class_id", "tables", ["class_id"])


def _create_table_seats() -> None:
    """Creates the table_seats table and its indexes."""
    op.create_table(
        "table_seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat_no", sa.SmallInteger(), nullable=False),
        sa.Column("nickname", sa.String(24), nullable=False),
        sa.Column("nickname_key", sa.String(96), nullable=False),
        sa.Column("pupil_id", sa.Integer(), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("pin_salt", sa.String(32), nullable=False),
        sa.Column("pin_hash", sa.String(64), nullable=False),
        sa.Column("present", sa.Boolean(), nullable=False),
        sa.Column("removed", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.BigInteger(), nullable=False),
        sa.Column("last_seen_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE",
                                name="fk_table_seats_table_id_tables"),
        sa.ForeignKeyConstraint(["pupil_id"], ["pupils.id"], ondelete="SET NULL",
                                name="fk_table_seats_pupil_id_pupils"),
        sa.PrimaryKeyConstraint("id", name="pk_table_seats"),
        sa.UniqueConstraint("token_hash", name="uq_table_seats_token_hash"),
    )
    op.create_index("ix_table_seats_table_id", "table_seats", ["table_id"])
    op.create_index("uq_table_seats_live", "table_seats", ["table_id", "seat_no"], unique=True,
                    sqlite_where=sa.text("removed = 0"), postgresql_where=sa.text("removed = false"))


def _create_table_moves() -> None:
    """Creates the table_moves table and its indexes."""
    op.create_table(
        "table_moves",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("move_no", sa.Integer(), nullable=False),
        sa.Column("seat_no", sa.SmallInteger(), nullable=False),
        sa.Column("move", sa.String(200), nullable=False),
        sa.Column("made_by", sa.String(12), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("made_at", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE",
                                name="fk_table_moves_table_id_tables"),
        sa.PrimaryKeyConstraint("table_id", "round_no", "move_no", name="pk_table_moves"),
    )


def _create_table_snapshots() -> None:
    """Creates the table_snapshots table and its indexes."""
    op.create_table(
        "table_snapshots",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("round_no", sa.SmallInteger(), nullable=False),
        sa.Column("moves", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE",
                                name="fk_table_snapshots_table_id_tables"),
        sa.PrimaryKeyConstraint("table_id", "round_no", "moves", name="pk_table_snapshots"),
    )


def downgrade() -> None:
    op.drop_table("table_snapshots")
    op.drop_table("table_moves")
    op.drop_index("uq_table_seats_live", table_name="table_seats")
    op.drop_index("ix_table_seats_table_id", table_name="table_seats")
    op.drop_table("table_seats")
    op.drop_index("ix_tables_class_id", table_name="tables")
    op.drop_table("tables")
