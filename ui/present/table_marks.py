"""The coach's best move marked on the card table's data (``ui.widgets.card_table``), for Play and
the Sandbox alike; the cards of the move are marked as each page builds its hand. Also the two moves
of a moment in the round's review, marked in the hand of that moment. No Streamlit."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.moves import Move
from engine.ruleset import Ruleset
from engine.seat_view import SeatView
from engine.state import State
from ui.present.cards import card_label
from ui.present.coach_text import move_text
from ui.present.i18n import Translator
from ui.present.reasons import cards_text
from ui.present.widget_text import (
    both_moves_card_label,
    coach_badge,
    coach_card_label,
    coach_control_label,
    coach_line,
    own_move_card_label,
)


def light_coach_move(data: dict[str, Any], best: Move, rules: Ruleset, t: Translator,
                     selected: Sequence[int] = (), *, state: State | SeatView | None = None) -> None:
    """Marks the coach's best move on the table data: the line that names it (a penalty as such, given
    the position ``state``), and the deck, button, call or wish choice it stands for; the wish choice
    only while its very cards are selected."""
    data["coach"] = {"badge": coach_badge(t), "text": coach_line(move_text(best, rules, t, state=state), t)}
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


def moment_marks(hand: Sequence[int], chosen: Move, best: Move, rules: Ruleset,
                 t: Translator) -> tuple[list[str | None], list[str], str]:
    """Marks a reviewed moment's hand: the learner's own move raised ("selected"), the coach's best
    move outlined ("legal"), each card named for a screen reader; with the caption that says so."""
    mine, coach = set(chosen.cards), set(best.cards)
    highlights: list[str | None] = []
    labels: list[str] = []
    for card in hand:
        name = card_label(card, rules.deck, t)
        if card in mine:
            highlights.append("selected")
            labels.append(both_moves_card_label(name, t) if card in coach else own_move_card_label(name, t))
        elif card in coach:
            highlights.append("legal")
            labels.append(coach_card_label(name, t))
        else:
            highlights.append(None)
            labels.append(name)
    parts = []
    if mine:
        parts.append(t.gettext("Raised, with a blue edge: the cards of your move."))
    if coach - mine:
        parts.append(t.gettext("With a green edge: the cards of the coach's best move."))
    shared = _shared_cards_line(chosen, best, [c for c in hand if c in mine and c in coach], rules, t)
    if shared:
        parts.append(shared)
    return highlights, labels, " ".join(parts)


def _shared_cards_line(chosen: Move, best: Move, shared: list[int], rules: Ruleset, t: Translator) -> str:
    """The caption's words for cards in both moves, which are only raised (a raised card wears no green edge)."""
    if not shared:
        return ""
    if sorted(chosen.cards) == sorted(best.cards):
        # Both moves put down the very same cards: what differs is said, so the two moves do not read as one.
        if (chosen.demand, chosen.suit) != (best.demand, best.suit):
            return t.gettext("The coach's best move plays the same cards, with another wish.")
        if (chosen.makao, chosen.kakao) != (best.makao, best.kakao):
            return t.gettext("The coach's best move plays the same cards, with another call.")
        return t.gettext("The coach's best move plays the same cards, in another order.")
    return t.gettext("Raised, and in the coach's best move too: {cards}.").format(
        cards=cards_text(shared, rules.deck, t))
