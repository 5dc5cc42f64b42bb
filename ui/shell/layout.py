"""Pieces every page shares: its translated heading, and a localized error at the boundary."""
from __future__ import annotations

from pathlib import Path

import streamlit as st

from ui.shell import session
from ui.shell.pages import page_spec


def page_header(page_file: str) -> None:
    """Draws the translated heading of the registered page whose script is page_file."""
    root = Path(__file__).resolve().parents[2]
    script = Path(page_file).resolve().relative_to(root).as_posix()
    st.title(session.tr().gettext(page_spec(script).heading))
