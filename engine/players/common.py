"""What every computer player needs from a view: its legal moves, the calls, the seats it hits."""

from __future__ import annotations

from engine.errors import EngineError
from engine.moves import Move
from engine.rules import legal_moves
from engine.seat_view import SeatView
from engine.state import State


class PlayerError(EngineError, ValueError):
    """A computer player cannot be asked: unknown strength, not its turn, or the player is missing."""


def legal_state(view: SeatView) -> State:
    """A State with only the seat's own hand and the public facts: enough for its legal moves,
    which never depend on the hidden cards (``engine.seat_view.stand_in`` gives the same list)."""
    seat = view.seat
    empty: tuple[int, ...] = ()
    return State(
        rules=view.rules,
        hands=tuple(view.hand if s == seat else empty for s in range(len(view.hand_sizes))),
        pile=view.pile,
        deck=empty,
        to_move=view.to_move,
        attack=view.attack,
        wish=view.wish,
        waiting=view.waiting,
        drawn=view.drawn,
        finished=view.finished,
        over=view.over,
        cover=view.cover,
        direction=view.direction,
    )


def view_moves(view: SeatView) -> list[Move]:
    """The legal moves of the seat to move, seen from its view."""
    return legal_moves(legal_state(view))


def calls_made(moves: list[Move]) -> list[Move]:
    """The moves less those that forget a last-card call another listed move makes
    (pl makao, hu Makaó/Kakaó: computer players always call, RULES.md)."""
    if not any(m.makao or m.kakao for m in moves):
        return moves
    forgetful = {m._replace(makao=False, kakao=False) for m in moves if m.makao or m.kakao}
    return [m for m in moves if m not in forgetful]


def next_seat(view: SeatView, seat: int) -> int | None:
    """The next seat after ``seat`` that plays (neither finished nor sitting out), as an attack
    on "the next player" finds it (RULES.md: sitting out), the way play goes; None when there is none."""
    n = len(view.hand_sizes)
    s = seat
    for _ in range(n - 1):
        s = (s + view.direction) % n
        if s not in view.finished and not view.waiting[s]:
            return s
    return None


def previous_seat(view: SeatView, seat: int) -> int | None:
    """The previous seat that plays, against the way play goes: the target of a K♠ (RULES.md: battle kings)."""
    n = len(view.hand_sizes)
    s = seat
    for _ in range(n - 1):
        s = (s - view.direction) % n
        if s not in view.finished and not view.waiting[s]:
            return s
    return None
