"""Alembic environment: runs the migrations on the connection ``storage.database.migrate`` hands in.

Called without one (the ``alembic`` command line with ``sqlalchemy.url`` set), it opens its own.
"""
from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from storage.models import Base

config = context.config
target_metadata = Base.metadata


def run_on(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run_on(connection)
else:
    engine = create_engine(config.get_main_option("sqlalchemy.url"))
    with engine.connect() as conn:
        run_on(conn)
        conn.commit()
