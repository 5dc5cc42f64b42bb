"""Where the database comes from: the URL rules, the Streamlit connection, and what imports what."""
from __future__ import annotations

import subprocess
import sys

from streamlit.testing.v1 import AppTest

from storage.database import ENV_URL, current_revision, default_url, make_engine, normalize_url, resolve_url
from tests.conftest import ROOT


def test_plain_postgresql_urls_are_driven_by_psycopg_3():
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_the_environment_wins_over_the_secrets_and_the_sqlite_file_is_the_default(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_URL, raising=False)
    assert resolve_url(secrets_url="postgresql://s/db") == "postgresql+psycopg://s/db"
    monkeypatch.setenv(ENV_URL, "postgresql://env/db")
    assert resolve_url(secrets_url="postgresql://s/db") == "postgresql+psycopg://env/db"
    assert resolve_url("sqlite:///given.db") == "sqlite:///given.db"
    monkeypatch.delenv(ENV_URL)
    assert resolve_url().endswith("/data/makao.sqlite3")
    folder = tmp_path / "fresh" / "data"
    assert default_url(folder) == f"sqlite:///{folder / 'makao.sqlite3'}" and folder.is_dir()


def _app():
    import streamlit as st

    from storage.streamlit_conn import get_storage

    store = get_storage()
    made = store.create_class("4b", "pl", "pl")
    pupil = store.join(made.info.code, "Ala")
    st.write(store.engine.dialect.name)
    st.write(store.pupil(pupil.token).nickname)


def test_the_streamlit_connection_opens_the_configured_database_and_migrates_it(db_url, backend, monkeypatch):
    monkeypatch.setenv(ENV_URL, db_url)
    at = AppTest.from_function(_app, default_timeout=60).run()
    assert not at.exception, at.exception
    assert [m.value for m in at.markdown] == [backend, "Ala"]
    engine = make_engine(db_url)
    try:
        assert current_revision(engine) == "0008_play_places"
    finally:
        engine.dispose()


def test_the_storage_imports_no_streamlit_outside_its_adapter():
    code = ("import sys; import storage, storage.repository, storage.board, storage.export, storage.database; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('streamlit', 'ui', 'app_pages')); "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
