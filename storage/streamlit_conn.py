"""The one module that meets Streamlit: the storage on the engine of ``st.connection("classes", type="sql")``.

The URL is ``MAKAO_DB_URL`` if set, else ``[connections.classes] url`` in Streamlit's secrets,
else the SQLite file in the data folder. Streamlit keeps one connection (one engine, one pool)
per server process; the migrations run once per process, before the first use.
"""
from __future__ import annotations

import streamlit as st

from storage.database import configure_engine, engine_options, migrate, resolve_url
from storage.repository import Storage

CONNECTION = "classes"


def _secrets_url() -> str | None:
    try:
        section = st.secrets.get("connections", {}).get(CONNECTION, {})
    except Exception:   # no secrets file at all: Streamlit raises its own not-found error
        return None
    url = section.get("url") if hasattr(section, "get") else None
    return str(url) if url else None


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
    return Storage(engine)
