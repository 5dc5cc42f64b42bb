"""The app's pages, registered in one place.

To add a page: write ``app_pages/<name>.py`` (a thin script that draws the page) and
add a ``PageSpec`` to ``PAGES``; the page starts with ``page_header(__file__)``
from ``ui.shell.layout``. Titles, headings and summaries are English msgids marked with
``N_`` so that ``make extract`` finds them; the shell translates them per session and
the Home page lists every page's summary.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ui.present.i18n import N_


class Translations(Protocol):
    """What a page title needs from a catalog."""

    def gettext(self, message: str, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...


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
    wide: bool = False  # a wide layout, for pages built around a broad table


SANDBOX_SCRIPT = "app_pages/sandbox.py"
LEARN_SCRIPT = "app_pages/learn.py"
PLAY_SCRIPT = "app_pages/play.py"
PRACTICE_SCRIPT = "app_pages/practice.py"
TABLES_SCRIPT = "app_pages/tables.py"

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
    PageSpec(
        script=LEARN_SCRIPT,
        url_path="learn",
        title=N_("Learn"),
        heading=N_("Learn step by step"),
        icon=":material/school:",
        summary=N_(
            "Short lessons on real cards, one rule at a time: the goal, matching and drawing, every "
            "special card, the last-card call and the end of the round — with stars for each lesson."
        ),
    ),
    PageSpec(
        script="app_pages/play.py",
        url_path="play",
        title=N_("Play"),
        heading=N_("Play a round"),
        icon=":material/playing_cards:",
        summary=N_(
            "A whole round against computer players on a card table: tap your cards, and read why every "
            "move, yours and theirs, was allowed. Matches, scores, replay and hot seat."
        ),
    ),
    PageSpec(
        script=TABLES_SCRIPT,
        url_path="tables",
        title=N_("Play together"),
        heading=N_("Play together at one table"),
        icon=":material/diversity_3:",
        summary=N_(
            "Two to six people at one table, each on their own phone: make a table, share its code, and play "
            "a round together. Each sees only their own cards and every move in words."
        ),
    ),
    PageSpec(
        script=SANDBOX_SCRIPT,
        url_path="sandbox",
        title=N_("Sandbox"),
        heading=N_("Sandbox: try any position"),
        icon=":material/science:",
        summary=N_(
            "Set up any position, see why each card may or may not go, play it on, and share it "
            "with a link."
        ),
    ),
    PageSpec(
        script="app_pages/variants.py",
        url_path="variants",
        title=N_("Compare variants"),
        heading=N_("Compare variants"),
        icon=":material/compare_arrows:",
        summary=N_(
            "The variants side by side, relatives included, generated from the rules the engine plays "
            "by; positions where they disagree, judged live; and your own house rules."
        ),
        wide=True,
    ),
    PageSpec(
        script="app_pages/switch.py",
        url_path="switch",
        title=N_("Switching tables"),
        heading=N_("Switching tables"),
        icon=":material/swap_horiz:",
        summary=N_(
            "You know the rules of home and sit down at a table that plays another variant: play through "
            "the positions where your habits are wrong there, found and checked by the engine."
        ),
    ),
    PageSpec(
        script="app_pages/practice.py",
        url_path="practice",
        title=N_("Practice"),
        heading=N_("Practise tricky situations"),
        icon=":material/fitness_center:",
        summary=N_(
            "Drills on every special card, endless questions from real game positions, your score per "
            "topic with what to practise next, and class quizzes opened by a link."
        ),
    ),
    PageSpec(
        script="app_pages/classroom.py",
        url_path="classroom",
        title=N_("Classroom"),
        heading=N_("Teach makao in class"),
        icon=":material/co_present:",
        summary=N_(
            "For teachers: a printable handout (rules, positions drawn with real cards, answer key) as "
            "HTML or PDF, a projector mode, and a class quiz link."
        ),
    ),
    PageSpec(
        script="app_pages/classes.py",
        url_path="classes",
        title=N_("Classes"),
        heading=N_("Classes"),
        icon=":material/groups:",
        summary=N_(
            "A class code for the board: pupils join on their phones, their stars and answers are saved as "
            "they go, and the teacher watches a live board of who understood what."
        ),
        wide=True,
    ),
)


def page_title(spec: PageSpec, t: Translations) -> str:
    """Names a page in the menu, in the reader's language."""
    # "Play" the page (a game) is not "Play" the button (put the chosen cards down): hu "Játék"
    # beside "Kijátszás", so the page's title has a context of its own.
    if spec.url_path == "play":
        return t.pgettext("page title", "Play")
    return t.gettext(spec.title)


def page_spec(script: str) -> PageSpec:
    """Returns the registered page whose script is this path."""
    for spec in PAGES:
        if spec.script == script:
            return spec
    raise KeyError(script)


def url_path(script: str) -> str:
    """Returns the url path of the registered page whose script is this path."""
    return page_spec(script).url_path


def relative_link(script: str, query: str) -> str:
    """A link relative to the app's root that opens a registered page with a query (``sandbox?pos=…``)."""
    return f"{url_path(script)}?{query}"
