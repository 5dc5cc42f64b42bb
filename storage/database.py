"""Which database, how to talk to it, and the migrations that build its schema.

The URL comes from the caller, else ``MAKAO_DB_URL``, else an SQLite file in the data folder
(``data/makao.sqlite3`` beside the app, created on first use). ``postgresql://`` and
``postgres://`` URLs are driven by psycopg 3. The schema is Alembic's: ``migrate`` upgrades to
the newest revision at start-up, under a lock (PostgreSQL's advisory lock; on SQLite an OS lock
on a file beside the database), so several app servers may start at once.
"""
from __future__ import annotations

import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url

ENV_URL = "MAKAO_DB_URL"
ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "data"
DEFAULT_FILE = "makao.sqlite3"
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
BUSY_TIMEOUT_MS = 15_000
# Any constant: every app server takes the same advisory lock while it migrates (PostgreSQL).
_MIGRATION_LOCK = 7_246_119_015
READ_ONLY = {"makao_read_only": True}


def default_url(data_dir: Path = DATA_DIR) -> str:
    """The SQLite file in the data folder, creating the folder."""
    data_dir.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data_dir / DEFAULT_FILE}"


def normalize_url(url: str) -> str:
    """Points plain PostgreSQL URLs at psycopg 3 (SQLAlchemy would look for psycopg2)."""
    for plain in ("postgres://", "postgresql://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def resolve_url(url: str | None = None, secrets_url: str | None = None) -> str:
    """The database URL: the one given, else ``MAKAO_DB_URL``, else the secrets', else the SQLite file."""
    chosen = url or os.environ.get(ENV_URL) or secrets_url
    return normalize_url(chosen) if chosen else default_url()


def engine_options(url: str) -> dict:
    """Keyword arguments for ``create_engine`` that suit the database."""
    if make_url(url).get_backend_name() == "sqlite":
        return {"connect_args": {"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}}
    return {"pool_pre_ping": True}


def _on_sqlite_connect(dbapi_connection, _record) -> None:
    # The driver's own transaction handling is switched off: BEGIN is ours (below).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    _switch_to_wal(cursor)                            # readers never wait for a writer
    cursor.execute("PRAGMA synchronous = NORMAL")     # safe with WAL
    cursor.execute("PRAGMA foreign_keys = ON")        # ON DELETE CASCADE
    cursor.close()


def _switch_to_wal(cursor, timeout_s: float = BUSY_TIMEOUT_MS / 1000) -> None:
    # Turning a new file into WAL needs its exclusive lock, and SQLite answers "database is
    # locked" at once, without its busy handler, when two connections meet there (their locks
    # would deadlock). So the switch is retried here, for as long as the busy timeout.
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            transient = "locked" in str(exc) or "busy" in str(exc)
            if not transient or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def _on_sqlite_begin(conn) -> None:
    # A write transaction takes the write lock at BEGIN, so it waits (busy timeout) instead of
    # failing later when a read would turn into a write under another writer.
    if conn.get_execution_options().get("makao_read_only"):
        conn.exec_driver_sql("BEGIN")
    else:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def configure_engine(engine: Engine) -> Engine:
    """Sets up an engine made elsewhere (e.g. by ``st.connection``): WAL, busy timeout, foreign keys on SQLite."""
    if engine.dialect.name == "sqlite" and not event.contains(engine, "connect", _on_sqlite_connect):
        event.listen(engine, "connect", _on_sqlite_connect)
        event.listen(engine, "begin", _on_sqlite_begin)
    return engine


def make_engine(url: str | None = None, **options) -> Engine:
    """Creates and configures the engine for a URL (resolved as ``resolve_url`` does); options go to create_engine."""
    url = resolve_url(url)
    return configure_engine(create_engine(url, **{**engine_options(url), **options}))


def _alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def migration_lock_path(engine: Engine) -> Path | None:
    """The file every app server locks while it migrates an SQLite file; None for other databases."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(f"{database}.migrate-lock")


@contextmanager
def _sqlite_migration_lock(engine: Engine) -> Iterator[None]:
    # SQLite has no advisory lock, so app servers on one host take an OS lock on a file beside
    # the database: one migrates while the others wait, then find the schema already at head.
    path = migration_lock_path(engine)
    if path is None:
        yield
        return
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _run(engine: Engine, action, revision: str) -> None:
    config = _alembic_config()
    with _sqlite_migration_lock(engine), engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        config.attributes["connection"] = conn
        action(config, revision)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrades the schema to a revision (the newest by default), in one transaction under a lock."""
    _run(engine, command.upgrade, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Downgrades the schema to a revision (``base`` removes every table)."""
    _run(engine, command.downgrade, revision)


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at; None when it has no schema yet."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def head_revision() -> str:
    """The newest revision shipped in ``storage/migrations``."""
    from alembic.script import ScriptDirectory
    return ScriptDirectory.from_config(_alembic_config()).get_current_head()
