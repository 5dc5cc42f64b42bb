"""Every storage test runs twice: on an SQLite file and on a real PostgreSQL server.

One throwaway cluster per test process (so each pytest-xdist worker has its own), and a
fresh database per test. If PostgreSQL cannot start, the PostgreSQL half of every test
errors: it is never skipped.
"""
from __future__ import annotations

import itertools
import uuid

import psycopg
import pytest

from storage.database import make_engine, migrate
from storage.ratelimit import Limits
from storage.repository import Storage
from tests.storage.pg_cluster import USER, ClusterError, start_cluster

BACKENDS = ("sqlite", "postgresql")


class Clock:
    """A clock the test moves by hand (rate-limit windows)."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture(scope="session")
def pg_cluster():
    try:
        cluster = start_cluster()
    except ClusterError as exc:
        pytest.fail(f"PostgreSQL is required for the storage tests and did not start: {exc}", pytrace=False)
    yield cluster
    cluster.stop()


_names = itertools.count()


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """A URL of an empty database: an SQLite file, or a new database on the test cluster."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classes.sqlite3'}"
        return
    cluster = request.getfixturevalue("pg_cluster")
    name = f"t{next(_names)}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=USER, dbname="postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    yield cluster.url(name)
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=USER, dbname="postgres", autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def backend(db_url) -> str:
    return "postgresql" if db_url.startswith("postgresql") else "sqlite"


@pytest.fixture
def engine(db_url):
    eng = make_engine(db_url)
    yield eng
    eng.dispose()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(engine, clock) -> Storage:
    """A migrated storage with the default limits and a hand-moved clock."""
    migrate(engine)
    return Storage(engine, Limits(), clock)


@pytest.fixture
def pg_url(request):
    """A URL of an empty database on the test cluster (tests that are about PostgreSQL itself)."""
    cluster = request.getfixturevalue("pg_cluster")
    name = f"p{next(_names)}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=USER, dbname="postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    yield cluster.url(name)
    with psycopg.connect(host="127.0.0.1", port=cluster.port, user=USER, dbname="postgres", autocommit=True) as c:
        c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
