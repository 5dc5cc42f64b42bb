"""A table's round, rebuilt from what the database keeps: ruleset, seed, seats and the move log.

Several people play one round on their own devices, through any app server (issue #26). No
server holds the round: each rebuilds it, deterministically, from

* the ruleset as plain data (``ruleset_data``: the TOML dict of ``engine.ruleset_toml``, house
  rules included),
* the match seed (secret: it gives every deal) and the round number (``deal_round``),
* the move log, in notation (``replay``), or a snapshot of a position (``state_to_json``) and the
  log after it (``replay(..., start=...)``).

A proposed move is judged for a seat (``judge``: legal, or the refusal with the engine's reason
code), applied (``apply``), and told to the other seats as public events only (``public_events``:
played cards are public, drawn cards are not: "drew 2"). A seat without its person (empty, left,
past its turn limit) is played by a computer player (``stand_in_move``), seeing only its seat's
view. ``seat_data`` / ``spectator_data`` are what a browser receives, built from
``engine.seat_view.SeatView`` alone, never from the full state with fields removed afterwards.

"Makao!" calls are part of the move (``play 5d makao``), as on Play: a forgotten call costs its
penalty when the move is applied (event ``call_penalty``). Scoring per ruleset is
``engine.match``'s (``match_of``). Standard library only.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from engine.deal import new_game
from engine.errors import EngineError
from engine.match import Match, RoundScore, move_rng, round_scores
from engine.moves import Move, format_move, parse_move
from engine.players import STRENGTHS, choose_move
from engine.rules import apply_move, check, legal_moves, round_result
from engine.ruleset import Ruleset, WishDuration, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from engine.seat_view import SeatView, stand_in, view_of
from engine.state import Attack, State, Wish
from engine.verdicts import Event, Verdict

# The club player stands in for a person who left or passed the turn limit (issue #26, "nobody
# stalls a table"); empty seats are played at the strength the table was made with.
STAND_IN = "club"
# Cards of the pile a seat sees besides the top (the last plays; older ones are under them).
PILE_SHOWN = 4
# Events whose params name cards only the mover may see: "drew 2" is public, which two is not.
_PRIVATE_PARAMS = {"drew": ("cards",), "drew_penalty": ("cards",)}
_PRIVATE_EVENTS = frozenset({"can_play_drawn"})  # names the drawn card


class TableRoundError(EngineError, ValueError):
    """A log or snapshot that does not replay under its ruleset (a damaged record)."""


class Judgement(NamedTuple):
    """The judge's answer on a proposed move: legal or not, and the reason code with its params."""

    legal: bool
    code: str
    params: dict[str, Any]
    move: Move | None


# ---------------------------------------------------------------------------- rules and deals


def ruleset_data(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as the plain data of its TOML file (house rules included), ready for JSON."""
    data: dict[str, Any] = json.loads(json.dumps(ruleset_to_dict(rules)))
    return data


def rules_from_data(data: dict[str, Any]) -> Ruleset:
    """Reads a ruleset kept as data; raises RulesetError when the data is not a ruleset."""
    return _rules_from_text(json.dumps(data, sort_keys=True))


@lru_cache(maxsize=64)
def _rules_from_text(text: str) -> Ruleset:
    # A Ruleset is immutable, so every table of the same rules may share one.
    return ruleset_from_dict(json.loads(text), "table ruleset")


def round_seed(match_seed: int, round_no: int) -> int:
    """The deal of a table's ``round_no``-th round (from 1), hashed so that one round's seed,
    even if seen, tells nothing of another round's deal."""
    digest = hashlib.sha256(f"makao-table/{match_seed}/{round_no}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (2**31)


def deal_round(rules: Ruleset, players: int, match_seed: int, round_no: int) -> State:
    """The position at the start of a table's round: the deal of ``round_seed``."""
    return new_game(rules, players, round_seed(match_seed, round_no))


# ---------------------------------------------------------------------------- judging and replay


def read_move(text: object, rules: Ruleset) -> Move | None:
    """A move in notation (``play 7h``, ``draw``); None when the text is no move."""
    try:
        return parse_move(text, rules.deck)  # type: ignore[arg-type]
    except (EngineError, ValueError):
        return None


def judge(st: State, seat: int, move: Move | str) -> Judgement:
    """Judges ``move`` proposed by ``seat``: ``round_over``, ``not_your_turn``, ``move_unreadable``,
    or the engine's verdict (its first reason code: why it is legal or why not)."""
    if isinstance(move, str):
        read = read_move(move, st.rules)
        if read is None:
            return Judgement(False, "move_unreadable", {}, None)
        move = read
    if st.over:
        return Judgement(False, "round_over", {}, move)
    if seat != st.to_move:
        return Judgement(False, "not_your_turn", {"seat": st.to_move}, move)
    verdict: Verdict = check(st, move)
    return Judgement(verdict.legal, verdict.reason.code, dict(verdict.reason.params), move)


def apply(st: State, move: Move) -> tuple[State, list[Event]]:
    """Applies a legal move of the seat to move: the next position and what happened."""
    return apply_move(st, move)


def replay(st: State, moves: Iterable[str | Move]) -> State:
    """The position after ``moves`` (notation or moves) from ``st``; raises TableRoundError at the
    first move that does not read or is not legal there."""
    for ply, move in enumerate(moves):
        judged = judge(st, st.to_move, move)
        if not judged.legal or judged.move is None:
            raise TableRoundError(f"move {ply} ({move!r}) does not replay: {judged.code}")
        st, _ = apply_move(st, judged.move)
    return st


def stand_in_move(st: State, strength: str, seed: int, ply: int) -> Move:
    """The move a computer player of ``strength`` makes for the seat to move, from that seat's view;
    a player that cannot decide (the expert not installed) gives way to the club player."""
    view = view_of(st, st.to_move)
    rng_seed = round_seed(seed, ply + 1_000_003)  # replayable, and not the deal's generator
    for tried in dict.fromkeys((strength, STAND_IN, STRENGTHS[0])):
        try:
            move = choose_move(view, tried, move_rng(rng_seed, ply))
        except EngineError:
            continue
        if check(st, move).legal:
            return move
    return legal_moves(st)[0]


# ---------------------------------------------------------------------------- snapshots


def state_to_json(st: State) -> dict[str, Any]:
    """A position as JSON data without its ruleset (kept on the server only: it holds every hand)."""
    return {
        "hands": [list(h) for h in st.hands],
        "pile": list(st.pile),
        "deck": list(st.deck),
        "to_move": st.to_move,
        "attack": list(st.attack) if st.attack else None,
        "wish": list(st.wish) if st.wish else None,
        "waiting": list(st.waiting),
        "drawn": st.drawn,
        "finished": list(st.finished),
        "over": st.over,
        "seed": st.seed,
        "cover": st.cover,
        "direction": st.direction,
    }


def state_from_json(rules: Ruleset, data: dict[str, Any]) -> State:
    """The position ``state_to_json`` wrote, under ``rules``; raises TableRoundError if it does not fit."""
    try:
        attack = Attack(*data["attack"]) if data["attack"] else None
        wish = None
        if data["wish"]:  # the duration is compared by identity in the rules: the enum, not its text
            kind, value, by, duration = data["wish"]
            wish = Wish(kind, value, int(by), WishDuration(duration))
        return State(
            rules=rules,
            hands=tuple(tuple(int(c) for c in h) for h in data["hands"]),
            pile=tuple(int(c) for c in data["pile"]),
            deck=tuple(int(c) for c in data["deck"]),
            to_move=int(data["to_move"]),
            attack=attack,
            wish=wish,
            waiting=tuple(int(w) for w in data["waiting"]),
            drawn=None if data["drawn"] is None else int(data["drawn"]),
            finished=tuple(int(s) for s in data["finished"]),
            over=bool(data["over"]),
            seed=int(data["seed"]),
            cover=bool(data["cover"]),
            direction=int(data["direction"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise TableRoundError(f"the snapshot does not fit a position: {exc}") from None


# ---------------------------------------------------------------------------- public events and scores


def public_events(events: Iterable[Event]) -> list[dict[str, Any]]:
    """What every seat may see of a move's events: played cards yes, drawn cards only as a count."""
    out: list[dict[str, Any]] = []
    for event in events:
        if event.kind in _PRIVATE_EVENTS:
            continue
        hidden = _PRIVATE_PARAMS.get(event.kind, ())
        out.append({"event": event.kind, **{k: v for k, v in event.params.items() if k not in hidden}})
    return out


def round_score(st: State, moves: int) -> RoundScore:
    """A finished round as a row of the match table (its seed left out: 0)."""
    result = round_result(st.rules, st.hands, st.finished)
    return RoundScore(0, result, round_scores(st.rules, result), moves)


def match_of(rules: Ruleset, players: int, planned: int, finished: Sequence[RoundScore]) -> Match:
    """The match table after the finished rounds (``engine.match.Match``: totals, leaders, decided)."""
    match = Match.start(rules, players, "human", planned)
    for score in finished:
        match = match.add(score)
    return match


def match_json(match: Match) -> dict[str, Any]:
    """The match table for a browser: per round scores and places, totals, leaders (no seeds)."""
    data = match.to_json()
    for row in data["results"]:
        row.pop("seed", None)
    data.pop("strengths", None)
    return data


# ---------------------------------------------------------------------------- what a browser receives


@dataclass(frozen=True)
class LogEntry:
    """One move of the public log: its number, the seat, the move in notation, who made it, events."""

    move_no: int
    seat: int
    move: str
    by: str  # "person" | "computer" (an empty seat) | "stand_in" (the club player for an absent person)
    events: tuple[dict[str, Any], ...]

    def to_json(self) -> dict[str, Any]:
        return {"no": self.move_no, "seat": self.seat, "move": self.move, "by": self.by, "events": list(self.events)}


def _public_json(view: SeatView) -> dict[str, Any]:
    """The public part of a seat's view (the same for every seat): pile, sizes, what is pending."""
    deck = view.rules.deck
    return {
        "pile": {
            "top": deck.name(view.top),
            "recent": [deck.name(c) for c in view.pile[-PILE_SHOWN - 1 :]],
            "size": len(view.pile),
        },
        "hand_sizes": list(view.hand_sizes),
        "deck": view.deck_size,
        "to_move": None if view.over else view.to_move,
        "attack": None
        if view.attack is None
        else {"kind": view.attack.kind, "amount": view.attack.amount, "card": deck.name(view.attack.card)},
        "wish": None
        if view.wish is None
        else {
            "kind": view.wish.kind,
            "value": view.wish.value,
            "by": view.wish.by,
            "duration": getattr(view.wish.duration, "value", view.wish.duration),
        },
        "waiting": list(view.waiting),
        "finished": list(view.finished),
        "cover": view.cover,
        "direction": view.direction,
        "over": view.over,
    }


def seat_data(view: SeatView, log: Sequence[LogEntry]) -> dict[str, Any]:
    """What one seat's browser receives of the round, from its ``SeatView`` alone: its own hand
    (and the card it just drew), the public position, its legal moves when it is to move, the
    public log."""
    deck = view.rules.deck
    mine = not view.over and view.to_move == view.seat
    legal = [format_move(m, deck) for m in legal_moves(stand_in(view))] if mine else []
    return {
        "seat": view.seat,
        "hand": [deck.name(c) for c in view.hand],
        "drawn": None if view.drawn is None else deck.name(view.drawn),
        "legal": legal,
        **_public_json(view),
        "log": [entry.to_json() for entry in log],
    }


def spectator_data(views: Sequence[SeatView], log: Sequence[LogEntry], open_hands: bool) -> dict[str, Any]:
    """What a spectator (the teacher) receives: the public position and log, and every seat's hand
    only when the table was made with open hands (``views`` holds one view per seat)."""
    deck = views[0].rules.deck
    data: dict[str, Any] = {"seat": None, **_public_json(views[0]), "log": [e.to_json() for e in log]}
    data["hands"] = [[deck.name(c) for c in v.hand] for v in views] if open_hands else None
    return data


def seat_views(st: State) -> list[SeatView]:
    """Every seat's view of the position (a spectator with open hands is shown each seat's own)."""
    return [view_of(st, seat) for seat in range(st.players)]


def random_match_seed() -> int:
    """A fresh match seed (kept secret on the server)."""
    return random.SystemRandom().randrange(2**62)


__all__ = [
    "PILE_SHOWN",
    "STAND_IN",
    "Judgement",
    "LogEntry",
    "TableRoundError",
    "apply",
    "deal_round",
    "judge",
    "match_json",
    "match_of",
    "public_events",
    "random_match_seed",
    "read_move",
    "replay",
    "round_score",
    "round_seed",
    "rules_from_data",
    "ruleset_data",
    "seat_data",
    "seat_views",
    "spectator_data",
    "stand_in_move",
    "state_from_json",
    "state_to_json",
]
