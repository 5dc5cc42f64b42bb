"""The words the shared widgets show, in the reader's language: select-box placeholders, the card table's coach marks.

A select box or multiselect with nothing chosen shows a placeholder; Streamlit's own is English
("Choose an option", "Choose options", "No options to select"), so every page passes ours.
The card table (``ui.widgets.card_table``) lights the coach's best move with a badge, a visible line
and an accessible name; their words are here too.
No Streamlit here: the pages call these with their options and translator.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Protocol


class Translations(Protocol):
    """What the placeholders need from a catalog."""

    def gettext(self, message: str, /) -> str: ...


class ContextTranslations(Translations, Protocol):
    """A catalog that also looks messages up in a context (the coach's short badge)."""

    def pgettext(self, context: str, message: str, /) -> str: ...


# Streamlit writes its file uploader's button ("Upload") and limit line ("1MB per file • JSON") in
# English and takes no parameter for them: the style hides its words (visibility: hidden also keeps
# them from screen readers) and writes ours in their place. Both uploaders of the app take 1 MB.
_UPLOADER = '[data-testid="stFileUploaderDropzone"]'
UPLOAD_LIMIT_MB = 1


def _css_text(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def uploader_css(t: Translations) -> str:
    """Returns the style that writes the file uploader's button and limit in the reader's language."""
    button = t.gettext("Upload")
    limit = t.gettext("At most {size} MB per file").format(size=UPLOAD_LIMIT_MB)
    hidden = "font-size: 0; visibility: hidden;"
    shown = "font-size: 0.875rem; visibility: visible;"
    return (
        f'{_UPLOADER} [data-testid="stBaseButton-secondary"] [data-testid="stMarkdownContainer"] p {{ {hidden} }}\n'
        f'{_UPLOADER} [data-testid="stBaseButton-secondary"] [data-testid="stMarkdownContainer"] p::after '
        f'{{ content: {_css_text(button)}; {shown} }}\n'
        f'[data-testid="stFileUploaderDropzoneInstructions"] span {{ {hidden} }}\n'
        f'[data-testid="stFileUploaderDropzoneInstructions"] span::after {{ content: {_css_text(limit)}; {shown} }}\n'
    )


def choose_one(options: Collection[object], t: Translations) -> str:
    """Returns the placeholder of a select box: "Choose an option", or "No options to select" when empty."""
    return t.gettext("Choose an option") if len(options) else t.gettext("No options to select")


def choose_many(options: Collection[object], t: Translations) -> str:
    """Returns the placeholder of a multiselect: "Choose options", or "No options to select" when empty."""
    return t.gettext("Choose options") if len(options) else t.gettext("No options to select")


def coach_badge(t: ContextTranslations) -> str:
    """Returns the short badge the card table puts on each card (or control) of the coach's best move."""
    return t.pgettext("coach badge on a card", "Best")


def coach_line(move: str, t: Translations) -> str:
    """Returns the card table's visible line naming the coach's best move, its wish and call included."""
    return t.gettext("The coach's best move: {move}").format(move=move)


def coach_card_label(card: str, t: Translations) -> str:
    """Returns a card's accessible name when it is (part of) the coach's best move."""
    return t.gettext("{card}, the coach's best move").format(card=card)


def own_move_card_label(card: str, t: Translations) -> str:
    """Returns a card's accessible name in a reviewed moment when it is (part of) the learner's own move."""
    return t.gettext("{card}, your move").format(card=card)


def both_moves_card_label(card: str, t: Translations) -> str:
    """Returns a card's accessible name in a reviewed moment when the learner's move and the coach's both play it."""
    return t.gettext("{card}, in your move and in the coach's best move").format(card=card)


def coach_control_label(control: str, t: Translations) -> str:
    """Returns the accessible name of the deck, a button or a wish choice that is the coach's best move."""
    return t.gettext("{control}: the coach's best move").format(control=control)



def call_button_label(word: str, t: Translations) -> str:
    """Returns the button of a last-card call with the ruleset's own word, as said at the table ("Say "Makao!"")."""
    return t.gettext('Say "{word}!"').format(word=word[:1].upper() + word[1:])
