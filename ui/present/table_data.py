"""The part of the card table's data (``ui.widgets.card_table``) that Play, Learn and the Sandbox share:
the seats, the order and direction of play, the pile and the deck. Each feature adds its own hand,
buttons, picker, banners and headline. No Streamlit.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import DeckKind
from engine.state import State
from ui.present.cards import card_back_svg, card_label, card_svg, suit_word
from ui.present.i18n import Translator
from ui.present.reasons import card_text, wish_rank_text
from ui.present.seating import is_clockwise, seats_in_play_order, table_seat

CARD_W = 78      # a card of the pile or of the hand, in pixels
FACE_W = 40      # a card of another seat's open hand
BACK_W = 56      # the deck's back
PILE_SHOWN = 3   # the top cards of the pile the table shows, the top one last


def table_common(state: State, t: Translator, *, viewer: int, names: Sequence[str],
                 titles: Sequence[str] | None = None, open_hands: bool = False, four_colour: bool = False,
                 deck_action: dict[str, Any] | None = None) -> dict[str, Any]:
    """Returns the shared keys of the table data: ``seats``, ``viewer``, ``order_text``, ``direction_text``,
    ``clockwise``, ``pile``, ``pile_label`` and ``deck``.

    ``names`` names every seat as the order of play says it ("Player 1 (you)"), ``titles`` as its
    place at the table says it (``names`` if None); ``open_hands`` shows the other seats' cards face
    up (the viewer's own hand is the feature's); ``deck_action`` is what a tap on the deck sends.
    """
    _ = t.gettext
    if len(names) != state.players or (titles is not None and len(titles) != state.players):
        raise ValueError(f"one name per seat: {state.players} seats")
    deck = state.rules.deck

    def faces(seat: int) -> list[str] | None:
        if not open_hands or seat == viewer:
            return None
        return [card_svg(c, deck, four_colour=four_colour, width=FACE_W, label=card_label(c, deck, t))
                for c in state.hands[seat]]

    shown = titles if titles is not None else names
    order = " → ".join(names[s] for s in seats_in_play_order(state))
    clockwise = is_clockwise(state)
    count = len(state.deck)
    return {
        "seats": [table_seat(state, seat, viewer, shown[seat], faces(seat), t) for seat in range(state.players)],
        "viewer": viewer,
        "order_text": _("Order of play: {order}, then {first} again.").format(order=order, first=names[0]),
        "direction_text": _("Direction of play: clockwise") if clockwise else _("Direction of play: counterclockwise"),
        "clockwise": clockwise,
        "pile": [card_svg(c, deck, four_colour=four_colour, width=CARD_W, label=card_label(c, deck, t))
                 for c in state.pile[-PILE_SHOWN:]],
        "pile_label": _("Pile, top card {card}").format(card=card_text(state.pile[-1], deck, t)),
        "deck": {"count": count,
                 "label": t.ngettext("Deck: {count} card", "Deck: {count} cards", count).format(count=count),
                 "back": card_back_svg(deck, width=BACK_W, label=t.pgettext("draw pile", "Deck")),
                 "action": deck_action},
    }


def wish_picker(kind: str, values: Sequence[str], deck: DeckKind, t: Translator,
                action: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """The card table's picker of a demand or a suit wish (``none``: no demand / no wish), each choice
    with the table action ``action(value)``, then Clear."""
    _ = t.gettext
    options = []
    for value in values:
        if value == "none":
            label = _("No demand") if kind == "rank" else _("No wish")
        elif kind == "rank":
            label = _("Demand {rank}").format(rank=wish_rank_text(value, deck, t))
        else:
            label = _("Wish for {suit}").format(suit=suit_word(value, deck, t))
        options.append({"label": label, "action": action(value)})
    options.append({"label": _("Clear"), "action": {"type": "clear"}, "kind": "secondary"})
    title = _("Choose the rank to demand") if kind == "rank" else _("Choose the suit to wish for")
    return {"title": title, "options": options}
