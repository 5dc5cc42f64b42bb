"""A table shown as written: st.table reads every label and cell as Markdown."""
from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.present.widget_text import markdown_plain


def plain_table(frame: pd.DataFrame) -> None:
    """Draws ``frame`` with st.table, its labels and text cells escaped, so "1. játékos" stays a name."""
    shown = frame.copy()
    if not isinstance(shown.index, pd.RangeIndex):
        shown.index = [markdown_plain(str(label)) for label in shown.index]
    shown.columns = [markdown_plain(str(label)) for label in shown.columns]
    st.table(shown.map(lambda cell: markdown_plain(cell) if isinstance(cell, str) else cell))
