"""Statements that differ between SQLite and PostgreSQL, written once."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection, Row
from sqlalchemy.dialects import postgresql, sqlite


def insert_ignore(conn: Connection, model: Any, values: dict[str, Any], keys: Iterable[str]) -> Row | None:
    """Inserts a row unless one with the same keys exists (ON CONFLICT DO NOTHING).

    Returns the new row's primary key, or None when the row was already there.
    """
    table = model.__table__
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = (dialect.insert(table).values(**values).on_conflict_do_nothing(index_elements=list(keys))
            .returning(*table.primary_key.columns))
    return conn.execute(stmt).first()


def count_up(conn: Connection, model: Any, values: dict[str, Any], keys: Iterable[str], column: str) -> int:
    """Inserts the row with ``column`` = 1, or adds 1 to it when the row exists; returns the new count."""
    table = model.__table__
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = dialect.insert(table).values(**values, **{column: 1})
    stmt = stmt.on_conflict_do_update(index_elements=list(keys), set_={column: table.c[column] + 1})
    return conn.execute(stmt.returning(table.c[column])).scalar_one()
