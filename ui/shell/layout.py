"""Pieces every page shares: its translated heading, and a localized error at the boundary."""
from __future__ import annotations

from pathlib import Path

import streamlit as st

from ui.present.widget_text import uploader_css
from ui.shell import session
from ui.shell.pages import page_spec


def page_header(page_file: str) -> None:
    """Draws the translated heading of the registered page whose script is page_file."""
    root = Path(__file__).resolve().parents[2]
    script = Path(page_file).resolve().relative_to(root).as_posix()
    st.title(session.tr().gettext(page_spec(script).heading))


# Captions (grey text at 60 % opacity, 2.7:1 on white) and the labels of disabled widgets (2.3:1)
# fall short of WCAG AA's 4.5:1 (axe: color-contrast); a long code line scrolls in a box the
# keyboard cannot reach (axe: scrollable-region-focusable), so code wraps instead.
ACCESSIBLE_CSS = """<style>
[data-testid="stCaptionContainer"] { opacity: 1; }
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p { color: #5c5b5a; }
[data-testid="stWidgetLabel"] p { color: #3d3c3b; }
[data-testid="stCode"] pre, [data-testid="stCode"] code { white-space: pre-wrap !important; overflow-wrap: anywhere; }
</style>"""


def localized_widget_styles() -> None:
    """Writes the words Streamlit draws itself in English (the file uploader's) in the reader's language."""
    st.html("<style>" + uploader_css(session.tr()) + "</style>")


def accessible_styles() -> None:
    """Adds the few style corrections the accessibility audit asks for (contrast, wrapping code)."""
    st.html(ACCESSIBLE_CSS)
