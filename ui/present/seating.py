"""Who sits next to whom: the seats after and before the player to move, as the engine passes them,
and one seat of the shared card table (``ui.widgets.card_table``) as Play, Learn and the Sandbox draw it."""
from __future__ import annotations

from typing import Any

from engine.state import State
from ui.present.i18n import Translator


def active(state: State, seat: int) -> bool:
    """A seat still in the round that is not sitting out."""
    return seat not in state.finished and not state.waiting[seat]


def next_seat(state: State, seat: int | None = None) -> int | None:
    """The seat that plays after ``seat`` the way play goes (K♥, 2 and 3 hit it): finished and sitting-out seats are passed."""
    seat = state.to_move if seat is None else seat
    for step in range(1, state.players):
        s = (seat + step * state.direction) % state.players
        if active(state, s):
            return s
    return None


def previous_seat(state: State, seat: int | None = None) -> int | None:
    """The seat before ``seat``, against the way play goes (K♠ hits it in pl and da)."""
    seat = state.to_move if seat is None else seat
    for step in range(1, state.players):
        s = (seat - step * state.direction) % state.players
        if active(state, s):
            return s
    return None


def is_clockwise(state: State) -> bool:
    """Whether play goes clockwise (seat 1, 2, 3, …) — until a reversing card turns it (Mau-Mau's optional 9)."""
    return state.direction > 0


def seats_in_play_order(state: State) -> list[int]:
    """Every seat once, from seat 0, the way play goes now."""
    return [(state.direction * step) % state.players for step in range(state.players)]


def table_seat(state: State, seat: int, viewer: int, name: str, faces: list[str] | None,
               t: Translator) -> dict[str, Any]:
    """One seat of the card table: its name, cards left, roles (to move, next, previous player) and
    status (finished with its place, sitting out), in words too; ``viewer`` sits at the bottom."""
    _ = t.gettext
    over = state.over
    roles: list[str] = []
    words: list[str] = []
    for role, word, holds in (("to_move", _("to move"), not over and seat == state.to_move),
                              ("next", _("next player"), not over and seat == next_seat(state)),
                              ("previous", _("previous player"), not over and seat == previous_seat(state))):
        if holds:
            roles.append(role)
            words.append(word)
    status, status_text = "", ""
    if seat in state.finished:
        status = "finished"
        status_text = _("finished, place {place}").format(place=state.finished.index(seat) + 1)
    elif state.waiting[seat]:
        status = "waiting"
        status_text = t.ngettext("sits out {turns} turn", "sits out {turns} turns", state.waiting[seat]).format(
            turns=state.waiting[seat])
    count = len(state.hands[seat])
    return {
        "seat": seat, "offset": (seat - viewer) % state.players, "name": name, "you": seat == viewer,
        "count": count, "count_text": t.ngettext("{count} card", "{count} cards", count).format(count=count),
        "roles": roles, "role_text": ", ".join(words), "status": status, "status_text": status_text,
        "faces": faces,
    }
