"""Moves and their one-line notation (POSITION.md): ``play 7h 7c``, ``play Jc demand 8``,
``play As suit h``, ``play 5d makao``, ``draw``, ``wait``, ``pass``."""

from __future__ import annotations

from typing import NamedTuple

from engine.cards import DeckKind
from engine.errors import NotationError

MAX_MOVE_TEXT = 200


class Move(NamedTuple):
    """One move of the seat to move. ``demand``/``suit`` hold a rank/suit, ``"none"`` or None.

    A NamedTuple rather than a frozen dataclass: immutable too, and cheap to build in playouts.
    """

    kind: str  # "play" | "draw" | "wait" | "pass"
    cards: tuple[int, ...] = ()
    demand: str | None = None
    suit: str | None = None
    makao: bool = False
    kakao: bool = False


DRAW = Move("draw")
WAIT = Move("wait")
PASS = Move("pass")


def parse_move(text: str, deck: DeckKind) -> Move:
    """Reads a move in POSITION.md notation; raises NotationError naming the bad token."""
    if not isinstance(text, str):
        raise NotationError("a move must be text, e.g. 'play 7h'")
    if len(text) > MAX_MOVE_TEXT:
        raise NotationError(f"a move is at most {MAX_MOVE_TEXT} characters long")
    tokens = text.split()
    if not tokens:
        raise NotationError("the move is empty (write e.g. 'play 7h', 'draw', 'wait' or 'pass')")
    word = tokens[0].lower()
    if word in ("draw", "wait", "pass"):
        if len(tokens) > 1:
            raise NotationError(f"'{word}' takes nothing after it, but got {tokens[1]!r}")
        return Move(word)
    if word != "play":
        raise NotationError(f"unknown move {tokens[0]!r} (use play, draw, wait or pass)")
    cards: list[int] = []
    demand = suit = None
    makao = kakao = False
    i = 1
    while i < len(tokens):
        token = tokens[i]
        low = token.lower()
        if low in ("demand", "suit"):
            if i + 1 >= len(tokens):
                raise NotationError(f"'{low}' needs a value after it")
            value = tokens[i + 1]
            if low == "demand":
                if demand is not None:
                    raise NotationError("'demand' is given twice")
                demand = "none" if value.lower() == "none" else deck.parse_rank(value)
            else:
                if suit is not None:
                    raise NotationError("'suit' is given twice")
                suit = "none" if value.lower() == "none" else deck.parse_suit(value)
            i += 2
            continue
        if low == "makao":
            makao = True
        elif low == "kakao":
            kakao = True
        elif demand is not None or suit is not None or makao or kakao:
            raise NotationError(f"the card {token!r} must come before demand, suit and calls")
        else:
            cards.append(deck.parse(token))
        i += 1
    if not cards:
        raise NotationError("'play' needs at least one card, e.g. 'play 7h'")
    return Move("play", tuple(cards), demand, suit, makao, kakao)


def format_move(move: Move, deck: DeckKind) -> str:
    """Writes a move in POSITION.md notation (the inverse of parse_move)."""
    if move.kind != "play":
        return move.kind
    parts = ["play", *(deck.name(c) for c in move.cards)]
    if move.demand is not None:
        parts += ["demand", move.demand]
    if move.suit is not None:
        parts += ["suit", move.suit]
    if move.makao:
        parts.append("makao")
    if move.kakao:
        parts.append("kakao")
    return " ".join(parts)
