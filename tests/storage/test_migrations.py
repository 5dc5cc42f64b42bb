"""Alembic builds the schema: from empty, from the previous revision, down again; models agree with it."""
from __future__ import annotations

import fcntl
import sqlite3
import threading

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text

from storage import database
from storage.database import current_revision, downgrade, head_revision, make_engine, migrate, migration_lock_path
from storage.models import Base

TABLES_0001 = {"classes", "teacher_keys", "pupils", "pupil_tokens", "lesson_stars", "answers",
               "practice_topics", "rate_limits"}


def _tables(engine) -> set[str]:
    return set(inspect(engine).get_table_names()) - {"alembic_version"}


def test_upgrade_from_empty_reaches_the_newest_revision_with_every_table(engine):
    assert current_revision(engine) is None
    migrate(engine)
    assert current_revision(engine) == head_revision() == "0008_play_places"
    assert _tables(engine) == TABLES_0001 | {"play_rounds", "tables", "table_seats", "table_moves", "table_snapshots",
                                      "live_quizzes", "live_answers", "learning_records", "play_ratings"}


def test_the_models_describe_exactly_the_migrated_schema(engine):
    migrate(engine)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_upgrade_from_the_previous_revision_keeps_the_data_and_adds_play_rounds(engine):
    migrate(engine, "0001_classes")
    assert _tables(engine) == TABLES_0001
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO classes (code, name, ruleset, language, lessons, drills, quiz, joining_open,"
                          " created_at) VALUES ('ABCDEFGH', '4b', 'pl', 'pl', '[]', '[]', '[]', true, 1)"))
    migrate(engine)
    assert current_revision(engine) == "0008_play_places"
    assert "play_rounds" in _tables(engine)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT name FROM classes WHERE code = 'ABCDEFGH'")).scalar_one() == "4b"


def test_downgrade_removes_play_rounds_then_everything(engine):
    migrate(engine)
    downgrade(engine, "0001_classes")
    assert current_revision(engine) == "0001_classes"
    assert _tables(engine) == TABLES_0001
    downgrade(engine, "base")
    assert current_revision(engine) is None
    assert _tables(engine) == set()


def test_migrating_again_changes_nothing(engine):
    migrate(engine)
    migrate(engine)
    assert current_revision(engine) == "0008_play_places"


def test_app_servers_starting_together_migrate_once(db_url):
    """Four engines (four app servers) upgrade the same empty database at the same moment."""
    engines = [make_engine(db_url) for _ in range(4)]
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(engines))

    def start(eng):
        try:
            barrier.wait()
            migrate(eng)
        except BaseException as exc:   # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(e,)) for e in engines]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert errors == []
        assert current_revision(engines[0]) == "0008_play_places"
    finally:
        for eng in engines:
            eng.dispose()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(engine, backend):
    migrate(engine)
    with engine.connect() as conn:
        if backend == "sqlite":
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 10_000
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        else:
            assert conn.dialect.driver == "psycopg"


def test_an_sqlite_migration_waits_for_the_server_holding_the_migration_lock(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'classes.sqlite3'}")
    lock_path = migration_lock_path(engine)
    assert lock_path == tmp_path / "classes.sqlite3.migrate-lock"
    done = threading.Event()
    with lock_path.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        waiter = threading.Thread(target=lambda: (migrate(engine), done.set()))
        waiter.start()
        assert not done.wait(timeout=1.0)          # another server holds the lock: no schema yet
        assert current_revision(engine) is None
        fcntl.flock(held, fcntl.LOCK_UN)
    waiter.join(timeout=60)
    assert done.is_set()
    assert current_revision(engine) == head_revision()
    engine.dispose()


def test_only_an_sqlite_file_gets_a_lock_file(engine, backend):
    assert migration_lock_path(make_engine("sqlite://")) is None
    expected = None if backend == "postgresql" else f"{engine.url.database}.migrate-lock"
    assert (None if migration_lock_path(engine) is None else str(migration_lock_path(engine))) == expected


class _LockedCursor:
    """Answers "database is locked" to the WAL switch a given number of times, then switches."""

    def __init__(self, refusals: int, message: str = "database is locked"):
        self.refusals, self.message, self.calls = refusals, message, 0

    def execute(self, sql):
        self.calls += 1
        if self.calls <= self.refusals:
            raise sqlite3.OperationalError(self.message)


def test_the_wal_switch_is_retried_while_another_connection_holds_the_file():
    cursor = _LockedCursor(refusals=3)
    database._switch_to_wal(cursor)
    assert cursor.calls == 4


def test_the_wal_switch_gives_up_after_the_busy_timeout_and_never_hides_other_errors():
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        database._switch_to_wal(_LockedCursor(refusals=10**9), timeout_s=0.1)
    other = _LockedCursor(refusals=1, message="disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        database._switch_to_wal(other)
    assert other.calls == 1


def test_the_wal_switch_waits_out_a_writer_that_sqlite_would_refuse_at_once(tmp_path):
    # A file still in rollback mode with a writer in it: SQLite refuses the switch to WAL at once,
    # without its busy handler. The switch is tried again until the writer is done.
    path = tmp_path / "rollback.sqlite3"
    setup = sqlite3.connect(path)
    setup.execute("CREATE TABLE t (x)")
    setup.commit()
    setup.close()
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    writer.execute("BEGIN IMMEDIATE")
    newcomer = sqlite3.connect(path, isolation_level=None, timeout=0)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        newcomer.execute("PRAGMA journal_mode = WAL")       # what a single try meets
    done = threading.Timer(0.3, lambda: writer.execute("COMMIT"))
    done.start()
    try:
        database._switch_to_wal(newcomer.cursor(), timeout_s=30)
        assert newcomer.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        done.join()
        writer.close()
        newcomer.close()


def test_upgrade_to_board_keys_keeps_every_teacher_key_a_managing_one(engine):
    from storage.repository import Storage
    migrate(engine, "0002_play_rounds")
    before = Storage(engine)
    with engine.begin() as conn:   # a class made before the revision, with its key
        conn.execute(text("INSERT INTO classes (code, name, ruleset, language, lessons, drills, quiz, joining_open,"
                          " created_at) VALUES ('ABCDEFGH', '4b', 'pl', 'pl', '[]', '[]', '[]', true, 1)"))
        conn.execute(text("INSERT INTO teacher_keys (class_id, key_hash, created_at) VALUES "
                          "((SELECT id FROM classes), :h, 1)"), {"h": __import__("hashlib").sha256(b"tk_old").hexdigest()})
    migrate(engine)
    assert before.authorize_teacher("tk_old").code == "ABCDEFGH"
    board_key = before.new_board_key("tk_old")
    downgrade(engine, "0002_play_rounds")   # the board key goes; it never becomes a teacher key
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM teacher_keys")).scalar_one() == 1
    assert board_key.startswith("bk_")


def test_upgrade_to_play_places_keeps_every_round_with_place_and_mistakes_unknown(engine):
    from storage.repository import Storage
    migrate(engine, "0007_play_ratings")
    store = Storage(engine)
    made = store.create_class("4b", "pl", "pl")
    ala = store.join(made.info.code, "Ala")
    with engine.begin() as conn:   # two rounds saved by the code of 0007: no place, no mistakes
        for key, won, points in (("r1", True, 3), ("r2", False, 0)):
            conn.execute(text("INSERT INTO play_rounds (class_id, pupil_id, round_key, variant, players, won, points,"
                              " played_at) VALUES (:c, :p, :k, 'pl', 4, :w, :pts, 1)"),
                         {"c": made.info.id, "p": ala.pupil_id, "k": key, "w": won, "pts": points})
    migrate(engine)
    assert current_revision(engine) == "0008_play_places"
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT round_key, won, points, place, mistakes FROM play_rounds "
                                 "ORDER BY round_key")).all()
    assert [(r.round_key, bool(r.won), r.points, r.place, r.mistakes) for r in rows] == [
        ("r1", True, 3, None, None), ("r2", False, 0, None, None)]
    rounds = store.progress(ala.token).rounds
    assert (rounds.played, rounds.won, rounds.points) == (2, 1, 3)
    assert (rounds.placed, rounds.checked, rounds.average_place, rounds.mistakes_per_round) == (0, 0, None, None)
    # A new round after the upgrade keeps both; the same key again stores nothing.
    assert store.record_round(ala.token, "r3", "pl", 4, False, 1, place=3, mistakes=2) is True
    assert store.record_round(ala.token, "r3", "pl", 4, True, 3, place=1, mistakes=0) is False
    rounds = store.progress(ala.token).rounds
    assert (rounds.played, rounds.placed, rounds.place_total, rounds.checked, rounds.mistakes) == (3, 1, 3, 1, 2)
    downgrade(engine, "0007_play_ratings")   # down again: the rounds stay, without the two columns
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM play_rounds")).scalar_one() == 3
        assert "place" not in {c["name"] for c in inspect(conn).get_columns("play_rounds")}


def test_the_database_refuses_a_place_beyond_the_players_and_negative_mistakes(engine):
    from sqlalchemy.exc import IntegrityError
    migrate(engine)
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO classes (id, code, name, ruleset, language, lessons, drills, quiz, joining_open,"
                          " created_at) VALUES (1, 'ABCDEFGH', '4b', 'pl', 'pl', '[]', '[]', '[]', true, 1)"))
        conn.execute(text("INSERT INTO pupils (id, class_id, nickname, nickname_key, pin_salt, pin_hash, joined_at,"
                          " last_seen_at) VALUES (1, 1, 'Ala', 'ala', 's', 'h', 1, 1)"))
    insert = ("INSERT INTO play_rounds (class_id, pupil_id, round_key, variant, players, won, points, played_at,"
              " place, mistakes) VALUES (1, 1, :k, 'pl', 3, false, 0, 1, :place, :mistakes)")
    for key, place, mistakes in (("a", 4, 0), ("b", 0, 0), ("c", 1, -1)):
        with pytest.raises(IntegrityError), engine.begin() as conn:
            conn.execute(text(insert), {"k": key, "place": place, "mistakes": mistakes})
    with engine.begin() as conn:
        conn.execute(text(insert), {"k": "d", "place": 3, "mistakes": None})
