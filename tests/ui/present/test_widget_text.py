"""The shared widgets' words go through the reader's catalog: nothing is written in English behind its back."""
from __future__ import annotations

from ui.present.widget_text import coach_badge, coach_card_label, coach_control_label, coach_line


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
