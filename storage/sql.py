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
