"""Who sits next to whom: the seats after and before the player to move, as the engine passes them."""
from __future__ import annotations

from engine.state import State


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
