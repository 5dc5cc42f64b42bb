"""The app's pages, registered in one place.

To add a page: write ``app_pages/<name>.py`` (a thin script that draws the page) and
add a ``PageSpec`` to ``PAGES``; the page starts with ``page_header(__file__)``
from ``ui.layout``. Titles, headings and summaries are English msgids marked with
``N_`` so that ``make extract`` finds them; the shell translates them per session and
the Home page lists every page's summary.
"""
from __future__ import annotations

from dataclasses import dataclass

from ui.i18n import N_


@dataclass(frozen=True)
class PageSpec:
    """One page: its script, url path, menu title, heading, icon and a one-line summary for Home."""

    script: str
    url_path: str
    title: str
    heading: str
    icon: str
    summary: str
    default: bool = False


PAGES: tuple[PageSpec, ...] = (
    PageSpec(
        script="app_pages/home.py",
        url_path="home",
        title=N_("Home"),
        heading=N_("Learn makao"),
        icon=":material/home:",
        summary=N_("What makao is, its relatives, and the variants this app teaches."),
        default=True,
    ),
    PageSpec(
        script="app_pages/rules.py",
        url_path="rules",
        title=N_("Rules"),
        heading=N_("Rules of the game"),
        icon=":material/menu_book:",
        summary=N_(
            "The complete rules of the chosen variant, written from the same data the game engine "
            "plays by, with the notes on how we read the source."
        ),
    ),
)


def page_spec(script: str) -> PageSpec:
    """Returns the registered page whose script is this path."""
    for spec in PAGES:
        if spec.script == script:
            return spec
    raise KeyError(script)
