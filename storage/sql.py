"""Statements that differ between SQLite and PostgreSQL, written once."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.dialects import postgresql, sqlite


def insert_ignore(conn: Connection, model: Any, values: dict[str, Any], keys: Iterable[str]) -> bool:
    """Inserts a row unless one with the same keys exists (ON CONFLICT DO NOTHING); True if inserted."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    stmt = dialect.insert(model.__table__).values(**values).on_conflict_do_nothing(index_elements=list(keys))
    return conn.execute(stmt).rowcount == 1
