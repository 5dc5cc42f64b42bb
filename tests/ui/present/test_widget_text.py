"""The shared widgets' words go through the reader's catalog: Streamlit's own English (select placeholders,
the file uploader) and the coach's marks on the card table."""
from __future__ import annotations

import pytest

from ui.present.i18n import translator
from ui.present.widget_text import (
    choose_many,
    choose_one,
    coach_badge,
    coach_card_label,
    coach_control_label,
    coach_line,
    uploader_css,
)


class Marking:
    """A catalog that marks every looked-up message, so a test sees which words were translated."""

    def gettext(self, message: str) -> str:
        return f"<{message}>"

    def pgettext(self, context: str, message: str) -> str:
        return f"<{context}|{message}>"


def test_the_coach_marks_are_looked_up_in_the_catalog() -> None:
    t = Marking()
    assert coach_badge(t) == "<coach badge on a card|Best>"
    assert coach_line("J♣, demand 7", t) == "<The coach's best move: J♣, demand 7>"
    assert coach_card_label("5♥", t) == "<5♥, the coach's best move>"
    assert coach_control_label("Draw", t) == "<Draw: the coach's best move>"


@pytest.mark.parametrize(("language", "button", "limit"), [
    ("pl", "Prześlij plik", "Najwyżej 1 MB na plik"),
    ("da", "Upload fil", "Højst 1 MB pr. fil"),
    ("hu", "Fájl feltöltése", "Legfeljebb 1 MB fájlonként"),
    ("en", "Upload", "At most 1 MB per file"),
])
def test_the_uploader_style_hides_streamlits_words_and_writes_ours(language: str, button: str, limit: str) -> None:
    css = uploader_css(translator(language))
    assert f'content: "{button}"' in css and f'content: "{limit}"' in css
    # Streamlit's own words are hidden (visibility keeps them from screen readers too), ours shown.
    assert css.count("visibility: hidden") == 2 and css.count("visibility: visible") == 2
    assert '[data-testid="stFileUploaderDropzoneInstructions"] span::after' in css


def test_a_quote_in_a_translation_cannot_break_the_style() -> None:
    class Quoting:
        def gettext(self, message: str) -> str:
            return 'say "hi" \\ ' + message

    css = uploader_css(Quoting())
    assert 'content: "say \\"hi\\" \\\\ Upload"' in css


def test_select_placeholders_are_translated() -> None:
    assert choose_one(["a"], translator("pl")) == "Wybierz"
    assert choose_one([], translator("hu")) == "Nincs miből választani"
    assert choose_many(["a"], translator("da")) == "Vælg"


def test_table_text_is_shown_as_written_not_as_markdown() -> None:
    from ui.present.rules_text import escape_markdown
    assert escape_markdown("1. játékos") == "1\\. játékos"             # not a numbered list
    assert escape_markdown("- 2 pont\n3) x") == "\\- 2 pont\n3\\) x"
    assert escape_markdown("*Ala* #1") == "\\*Ala\\* \\#1"
    assert escape_markdown("K♥ 1.5 pont") == "K♥ 1.5 pont"
