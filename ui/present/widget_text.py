"""The words Streamlit would otherwise write in English inside a select box, in the reader's language.

A select box or multiselect with nothing chosen shows a placeholder; Streamlit's own is English
("Choose an option", "Choose options", "No options to select"), so every page passes ours.
No Streamlit here: the pages call these with their options and translator.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Protocol


class Translations(Protocol):
    """What the placeholders need from a catalog."""

    def gettext(self, message: str, /) -> str: ...


def choose_one(options: Collection[object], t: Translations) -> str:
    """Returns the placeholder of a select box: "Choose an option", or "No options to select" when empty."""
    return t.gettext("Choose an option") if len(options) else t.gettext("No options to select")


def choose_many(options: Collection[object], t: Translations) -> str:
    """Returns the placeholder of a multiselect: "Choose options", or "No options to select" when empty."""
    return t.gettext("Choose options") if len(options) else t.gettext("No options to select")
