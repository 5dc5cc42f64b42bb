"""A table shown as written: st.table reads every label and cell as Markdown."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.present.rules_text import escape_markdown


def plain_table(frame: pd.DataFrame) -> None:
    """Draws ``frame`` with st.table, its labels and text cells escaped, so "1. játékos" stays a name."""
    shown = frame.copy()
    if not isinstance(shown.index, pd.RangeIndex):
        shown.index = [escape_markdown(str(label)) for label in shown.index]
    shown.columns = [escape_markdown(str(label)) for label in shown.columns]
    st.table(shown.map(lambda cell: escape_markdown(cell) if isinstance(cell, str) else cell))
