"""Alembic migrations of the classes database (run at start-up by ``storage.database.migrate``)."""
