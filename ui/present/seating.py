"""Who sits next to whom: the seats after and before the player to move, as the engine passes them."""
from __future__ import annotations

from engine.state import State


def active(state: State, seat: int) -> bool:
    """A seat still in the round that is not sitting out."""
    return seat not in state.finished and not state.waiting[seat]


def next_seat(state: State, seat: int | None = None) -> int | None:
    """The seat that plays after ``seat`` (K♥, 2 and 3 hit it): finished and sitting-out seats are passed."""
    seat = state.to_move if seat is None else seat
    for step in range(1, state.players):
        s = (seat + step) % state.players
        if active(state, s):
            return s
    return None


def previous_seat(state: State, seat: int | None = None) -> int | None:
    """The seat before ``seat`` (K♠ hits it in pl and da)."""
    seat = state.to_move if seat is None else seat
    for step in range(1, state.players):
        s = (seat - step) % state.players
        if active(state, s):
            return s
    return None
