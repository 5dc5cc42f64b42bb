"""Play together: what a seat may do with its own view from the store (no Streamlit).

A seat's page knows only ``TableStore.seat_view`` (docs/TABLES.md): its hand, the public position
and, on its turn, its legal moves in notation. Every choice here is made among those legal
moves, so a move the page sends was legal when the view was read (the store judges it again in
the transaction that writes it: a move raced by another is refused there, never here).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.moves import Move
from engine.ruleset import Ruleset
from engine.table_round import read_move

CALLS = ("makao", "kakao")   # the last-card calls a move may carry (engine.moves.Move)
POLL_SECONDS = 1.0           # the table's fragment polls the version this often (issue #26: seen within 1.5 s)
TOUCH_SECONDS = 30.0         # "still here" (TableStore.touch; STALE_MS is 90 s)
OVERDUE_EVERY = 10           # polls between two play_overdue calls when nobody looks overdue (a stale person)


@dataclass(frozen=True)
class Choice:
    """What the seat's person has chosen of their next move so far: cards in order, a call, the picker."""

    selected: tuple[str, ...] = ()
    picking: bool = False
    calls: frozenset[str] = field(default_factory=frozenset)


def legal_moves(view: dict[str, Any], rules: Ruleset) -> list[tuple[str, Move]]:
    """The seat's legal moves of its view (empty when it is not to move), read back from notation."""
    rnd = view.get("round") or {}
    out = []
    for text in rnd.get("legal") or ():
        move = read_move(text, rules)
        if move is not None:
            out.append((text, move))
    return out


def _names(move: Move, rules: Ruleset) -> tuple[str, ...]:
    return tuple(rules.deck.name(c) for c in move.cards)


def plays(legal: Sequence[tuple[str, Move]], rules: Ruleset) -> list[tuple[str, Move, tuple[str, ...]]]:
    """The legal plays with their cards by name, in the order they go down."""
    return [(text, move, _names(move, rules)) for text, move in legal if move.kind == "play"]


def lit_cards(choice: Choice, legal: Sequence[tuple[str, Move]], rules: Ruleset) -> set[str]:
    """The cards a tap may add now: the next card of a legal play that starts with the selection,
    or, with nothing selected, the first card of any legal play."""
    n = len(choice.selected)
    return {names[n] for _, _, names in plays(legal, rules) if len(names) > n and names[:n] == choice.selected}


def tap(choice: Choice, card: str, legal: Sequence[tuple[str, Move]], rules: Ruleset) -> Choice:
    """A tap on a hand card: a selected card is taken off (with those after it); a lit card is added;
    another card that starts a legal play starts the selection again; any other does nothing."""
    if card in choice.selected:
        return replace(choice, selected=choice.selected[:choice.selected.index(card)], picking=False)
    if card in lit_cards(choice, legal, rules):
        return replace(choice, selected=(*choice.selected, card), picking=False)
    if card in lit_cards(Choice(), legal, rules):
        return replace(choice, selected=(card,), picking=False)
    return choice


def matching(choice: Choice, legal: Sequence[tuple[str, Move]], rules: Ruleset) -> list[tuple[str, Move]]:
    """The legal plays of exactly the selected cards (they differ in demand, wish or call)."""
    return [(text, move) for text, move, names in plays(legal, rules) if names == choice.selected]


def wish_choices(matches: Sequence[tuple[str, Move]]) -> tuple[str, list[str]] | None:
    """The picker the selection needs: ("rank", demands) or ("suit", suits), or None when the play
    carries no demand or wish."""
    demands = list(dict.fromkeys(m.demand for _, m in matches if m.demand is not None))
    if demands:
        return "rank", demands
    suits = list(dict.fromkeys(m.suit for _, m in matches if m.suit is not None))
    if suits:
        return "suit", suits
    return None


def call_choices(matches: Sequence[tuple[str, Move]]) -> list[str]:
    """The last-card calls the selected play may carry ("makao", "kakao"), as the legal moves list them."""
    return [call for call in CALLS if any(getattr(m, call) for _, m in matches)]


def chosen_move(choice: Choice, legal: Sequence[tuple[str, Move]], rules: Ruleset,
                wish: str | None = None) -> str | None:
    """The legal play of the selection with this demand or wish and exactly the chosen calls (a call
    not made is the engine's to punish); None while a demand or wish is still to be chosen."""
    matches = matching(choice, legal, rules)
    options = wish_choices(matches)
    if options is not None and wish not in options[1]:
        return None
    fitting = [(text, move) for text, move in matches
               if options is None or (move.demand if options[0] == "rank" else move.suit) == wish]
    for text, move in fitting:
        if all(getattr(move, call) == (call in choice.calls) for call in CALLS):
            return text
    for text, move in fitting:   # a call the play cannot carry is dropped
        if not any(getattr(move, call) for call in CALLS):
            return text
    return None


def other_moves(legal: Sequence[tuple[str, Move]]) -> list[tuple[str, Move]]:
    """The seat's moves besides playing: draw, wait, or keep the drawn card (pass)."""
    return [(text, move) for text, move in legal if move.kind != "play"]


def toggle_call(choice: Choice, call: str) -> Choice:
    """The call button pressed: on when it was off, off when on."""
    calls = set(choice.calls)
    calls.symmetric_difference_update({call})
    return replace(choice, calls=frozenset(calls & set(CALLS)))


def may_be_overdue(view: dict[str, Any]) -> bool:
    """Whether the seat to move looks like nobody's to play now (a computer seat, a person away, or
    past the turn limit), so a poll should ask the store to play for it (``play_overdue``)."""
    rnd, table = view.get("round"), view.get("table") or {}
    if not rnd or rnd.get("over") or table.get("status") != "playing" or rnd.get("to_move") is None:
        return False
    seat = next((s for s in view.get("seats") or () if s.get("seat") == rnd["to_move"]), None)
    if seat is None or seat.get("kind") != "person" or not seat.get("present"):
        return True
    limit = int(table.get("turn_limit") or 0)
    return limit > 0 and int(table.get("now") or 0) - int(table.get("turn_started_at") or 0) >= limit * 1000


def seconds_left(view: dict[str, Any], now_ms: int) -> int | None:
    """The seconds left of the turn limit for the seat to move, or None with no limit. ``now_ms`` is
    the store's clock as the view gave it, moved on by the time since the view was read."""
    table, rnd = view.get("table") or {}, view.get("round") or {}
    limit = int(table.get("turn_limit") or 0)
    if not limit or not rnd or rnd.get("over"):
        return None
    return max(0, int((int(table.get("turn_started_at") or 0) + limit * 1000 - now_ms) / 1000 + 0.999))


def new_entries(view: dict[str, Any], seen: tuple[int, int] | None) -> list[dict[str, Any]]:
    """The moves of the round's log after ``seen`` (round, moves shown), for the narration of the others'
    moves; the whole log when another round is shown."""
    rnd = view.get("round") or {}
    log = list(rnd.get("log") or ())
    round_no = int((view.get("table") or {}).get("round_no") or 0)
    if seen is None or seen[0] != round_no:
        return log
    return [entry for entry in log if int(entry.get("no", -1)) >= seen[1]]
