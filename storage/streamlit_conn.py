"""The one module that meets Streamlit: the storage on the engine of ``st.connection("classes", type="sql")``.

The URL is ``MAKAO_DB_URL`` if set, else ``[connections.classes] url`` in Streamlit's secrets,
else the SQLite file in the data folder. Streamlit keeps one connection (one engine, one pool)
per server process; the migrations run once per process, before the first use.
"""
from __future__ import annotations

import os

import streamlit as st

from storage.database import configure_engine, engine_options, migrate, resolve_url
from storage.ratelimit import ENV_PREFIX, Limits, limits_from
from storage.repository import Storage
from storage.tables import TableStore

CONNECTION = "classes"


def _secrets_section(*names: str) -> dict:
    try:
        section = st.secrets
        for name in names:
            section = section.get(name, {})
    except Exception:   # no secrets file at all: Streamlit raises its own not-found error
        return {}
    return dict(section) if hasattr(section, "get") else {}


def _secrets_url() -> str | None:
    url = _secrets_section("connections", CONNECTION).get("url")
    return str(url) if url else None


def classes_setting(name: str) -> object:
    """A setting of ``[classes]`` in secrets.toml (e.g. ``trusted_proxies``); None when unset."""
    return _secrets_section("classes").get(name)


@st.cache_resource(show_spinner=False)
def _limits(secrets_limits: tuple[tuple[str, str], ...], environ: tuple[tuple[str, str], ...]) -> Limits:
    return limits_from(dict(secrets_limits), dict(environ))


def current_limits() -> Limits:
    """The limits of ``[classes.limits]`` in secrets.toml, overridden by ``MAKAO_LIMIT_*`` (docs/CLASSES.md)."""
    section = _secrets_section("classes", "limits")
    environ = tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith(ENV_PREFIX)))
    return _limits(tuple(sorted((str(k), str(v)) for k, v in section.items())), environ)


@st.cache_resource(show_spinner=False)
def _migrated(url: str) -> bool:
    """Upgrades the schema once per server process and URL."""
    connection = st.connection(CONNECTION, type="sql", url=url, **engine_options(url))
    migrate(configure_engine(connection.engine))
    return True


def get_storage() -> Storage:
    """The storage of this server, its schema upgraded to the newest revision."""
    url = resolve_url(secrets_url=_secrets_url())
    connection = st.connection(CONNECTION, type="sql", url=url, **engine_options(url))
    engine = configure_engine(connection.engine)
    _migrated(url)
    return Storage(engine, current_limits())


@st.cache_resource(show_spinner=False)
def _table_store(url: str, limits: Limits) -> TableStore:
    """One TableStore per server process and URL: its cache of rebuilt positions is shared by every
    session (keyed by table and version, so any server rebuilds the same from the database)."""
    connection = st.connection(CONNECTION, type="sql", url=url, **engine_options(url))
    return TableStore(configure_engine(connection.engine), limits)


def get_tables() -> TableStore:
    """The tables of this server (issue #26), on the classes' database, its schema upgraded."""
    url = resolve_url(secrets_url=_secrets_url())
    _migrated(url)
    return _table_store(url, current_limits())
