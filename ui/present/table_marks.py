"""The coach's best move marked on the card table's data (``ui.widgets.card_table``), for Play and
the Sandbox alike; the cards of the move are marked as each page builds its hand. No Streamlit."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.moves import Move
from engine.ruleset import Ruleset
from ui.present.coach_text import move_text
from ui.present.i18n import Translator
from ui.present.widget_text import coach_badge, coach_control_label, coach_line


def light_coach_move(data: dict[str, Any], best: Move, rules: Ruleset, t: Translator,
                     selected: Sequence[int] = ()) -> None:
    """Marks the coach's best move on the table data: the line that names it, and the deck, button,
    call or wish choice it stands for; the wish choice only while its very cards are selected."""
    data["coach"] = {"badge": coach_badge(t), "text": coach_line(move_text(best, rules, t), t)}
    ids = {best.kind} if best.kind != "play" else set()
    if best.makao:
        ids.add("call_makao")
    if best.kakao:
        ids.add("call_kakao")
    for button in data["buttons"]:
        if button["id"] in ids:
            button["coach"] = True
            button["aria"] = coach_control_label(button["label"], t)
    if best.kind == "draw" and data["deck"]["action"] is not None:
        data["deck"]["coach"] = True
        data["deck"]["aria"] = coach_control_label(data["deck"]["label"], t)
    # Picking the wish of the very cards the coach plays: its demand or suit ("none" too) is lit.
    wish = best.demand if best.demand is not None else best.suit
    if data.get("picker") is not None and wish is not None and tuple(selected) == tuple(best.cards):
        for option in data["picker"]["options"]:
            if option["action"].get("value") == wish:
                option["coach"] = True
                option["aria"] = coach_control_label(option["label"], t)
