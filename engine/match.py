"""Rounds and matches: computer players (and people) seat by seat, scored as each ruleset says.

* ``computer_move(st, seats, seed, ply)`` — the driver of a table with people at it: the move of
  the computer player to move, or None when a person (``HUMAN``) is to move or the round is over.
  Its random choices come from ``move_rng(seed, ply)``, so a replayed round makes the same moves.
* ``play_round(rules, players, strengths, seed)`` — a computer-only round on the reference engine,
  with every move, its events and the result (``RoundRecord``).
* ``quick_round(...)`` — the same round on the playout kernel (``engine.fastplay``): the same moves
  and result, no events; for many rounds (tests, benchmarks).
* ``round_scores(rules, result)`` — one round's points per seat from ``engine.rules.round_result``.
* ``Match`` — several rounds: the score table, totals, who leads, whether it is decided;
  ``play_match`` plays one.

Scoring per ruleset (``[end] result``; docs/PLAYERS.md):

=================  ===============================================================  ========
result             a round scores                                                   better
=================  ===============================================================  ========
``points`` (da)    the winner 10 points per card the opponents still hold           higher
                   (``points_per_card``), the others 0 (seed 002, "Point")
``places`` (pl)    place points: 1st gets n-1, 2nd n-2, …, the last holder 0         higher
``winner`` (hu)    1 for the winner, 0 for the others                               higher
``loser``          1 for the seat left holding cards (a lost round), 0 for the      lower
(pl-trad)          others
``penalty_points`` every seat the card points of its hand (``card_points``), the    lower
(cz-prsi,          winner 0; ru-101: a seat whose total goes over 101 loses the
de-maumau,         match
ru-101)
=================  ===============================================================  ========
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.deal import new_game
from engine.errors import EngineError
from engine.fastplay import Playout
from engine.moves import Move, format_move
from engine.players import STRENGTHS, PlayerError, check_strength, choose_move
from engine.rules import apply_move, round_result
from engine.ruleset import Ruleset
from engine.seat_view import SeatView, view_of
from engine.state import Attack, State
from engine.verdicts import Event

HUMAN = "human"
# A round between computer players that is still going after this many moves is a bug
# (every ruleset's rounds end: tests/engine/test_players.py plays thousands).
MAX_MOVES = 20_000
# Match limits the rulesets do not carry as data: Russian 101, "whoever goes over 101 loses"
# (ru-101.toml notes; relatives.md §1.8). Exactly 101 does not reset here (some tables do).
# A house copy of a ruleset (id "<variant>-house", ui/house_rules.py) keeps its limit.
PENALTY_LIMITS = {"ru-101": 101}
HOUSE_SUFFIX = "-house"
_BETTER = {"points": "higher", "places": "higher", "winner": "higher", "loser": "lower", "penalty_points": "lower"}


class MatchError(EngineError, ValueError):
    """A round or match that cannot be played as asked (seats, strengths, rounds)."""


# ---------------------------------------------------------------------------- seats


def seat_strengths(strengths: str | Sequence[str], players: int, humans: bool = False) -> tuple[str, ...]:
    """One strength per seat from one strength for all or one per seat; raises MatchError."""
    if isinstance(strengths, str):
        strengths = [strengths] * players
    strengths = tuple(strengths)
    if len(strengths) != players:
        raise MatchError(f"give one strength for all seats or one per seat ({players}), not {len(strengths)}")
    for s in strengths:
        if humans and s == HUMAN:
            continue
        try:
            check_strength(s)
        except PlayerError as exc:
            raise MatchError(str(exc) + (f" or {HUMAN}" if humans else "")) from None
    return strengths


def move_rng(seed: int, ply: int) -> random.Random:
    """The random generator of the ``ply``-th move of the round dealt with ``seed`` (replayable:
    string seeds are hashed the same way in every process)."""
    return random.Random(f"makao-move/{seed}/{ply}")


def computer_move(st: State, seats: Sequence[str], seed: int, ply: int) -> Move | None:
    """Returns the move of the computer player to move, seeing only its seat's view; None when
    the round is over or the seat to move is a person (``HUMAN``)."""
    if st.over:
        return None
    strength = seats[st.to_move]
    if strength == HUMAN:
        return None
    return choose_move(view_of(st), strength, move_rng(seed, ply))


# ---------------------------------------------------------------------------- scoring


def better(rules: Ruleset) -> str:
    """Whether a higher or a lower total is better under this ruleset's scoring."""
    return _BETTER[rules.end_result]


def match_limit(rules: Ruleset) -> int | None:
    """The penalty total over which a seat loses the match (ru-101 and its house copies), or None."""
    if rules.end_result != "penalty_points":
        return None
    return PENALTY_LIMITS.get(rules.id.removesuffix(HOUSE_SUFFIX))


def round_winners(result: dict[str, Any]) -> list[int]:
    """Every seat that won the round: ``winners`` when the round was finished (end mode
    ``finish_round``, pl-devdo: several may win), else the one ``winner`` (or nobody)."""
    if "winners" in result:
        return list(result["winners"])
    return [] if result.get("winner") is None else [result["winner"]]


def round_scores(rules: Ruleset, result: dict[str, Any]) -> tuple[int, ...]:
    """One round's points per seat from ``engine.rules.round_result`` (table in the module doc);
    winners of a finished round (pl-devdo) tie: each scores what the one winner would."""
    places = result["places"]
    n = len(places)
    kind = rules.end_result
    scores = [0] * n
    winners = round_winners(result)
    if kind == "points":
        for seat in winners:
            scores[seat] = result["points"]
    elif kind == "places":
        for i, seat in enumerate(places):
            scores[seat] = n - 1 - (0 if seat in winners else i)  # winners share the first place
    elif kind == "winner":
        for seat in winners:
            scores[seat] = 1
    elif kind == "loser":
        if result.get("loser") is not None:
            scores[result["loser"]] = 1
    else:  # penalty_points
        scores = list(result["penalties"])
    return tuple(scores)


@dataclass(frozen=True)
class RoundScore:
    """One finished round of a match: its seed, the engine's result and the points per seat."""

    seed: int
    result: dict[str, Any] = field(hash=False)
    scores: tuple[int, ...]
    moves: int

    @property
    def places(self) -> list[int]:
        return list(self.result["places"])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": self.seed,
            "scores": list(self.scores),
            "places": self.places,
            "winner": self.result.get("winner"),
        }
        if "winners" in self.result:
            out["winners"] = list(self.result["winners"])
        if "loser" in self.result:
            out["loser"] = self.result["loser"]
        out["moves"] = self.moves
        return out


# ---------------------------------------------------------------------------- one round


@dataclass(frozen=True)
class RoundRecord:
    """A round played to its end: the seats, every move with its events, and the result."""

    variant: str
    players: int
    strengths: tuple[str, ...]
    seed: int
    moves: tuple[tuple[int, Move], ...]
    events: tuple[tuple[Event, ...], ...]
    final: State = field(repr=False)
    result: dict[str, Any] = field(hash=False)
    scores: tuple[int, ...]

    @property
    def places(self) -> list[int]:
        return list(self.result["places"])

    def score(self) -> RoundScore:
        """The round as a row of a match's score table."""
        return RoundScore(self.seed, self.result, self.scores, len(self.moves))

    def to_json(self) -> dict[str, Any]:
        deck = self.final.rules.deck
        return {
            "variant": self.variant,
            "players": self.players,
            "strengths": list(self.strengths),
            "seed": self.seed,
            "scores": list(self.scores),
            "places": self.places,
            "result": self.result,
            "moves": [
                {"seat": seat, "move": format_move(move, deck), "events": [e.to_json() for e in events]}
                for (seat, move), events in zip(self.moves, self.events, strict=False)
            ],
        }


def _check_players(rules: Ruleset, players: int) -> None:
    low, high = rules.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise MatchError(f"{rules.id} is played by {low} to {high} players, not {players}")


def play_round(rules: Ruleset, players: int, strengths: str | Sequence[str], seed: int) -> RoundRecord:
    """Plays one round between computer players on the reference engine (every move judged by
    ``engine.rules.check``), dealt with ``seed``; returns its moves, events and scores."""
    _check_players(rules, players)
    seats = seat_strengths(strengths, players)
    st = new_game(rules, players, seed)
    moves: list[tuple[int, Move]] = []
    events: list[tuple[Event, ...]] = []
    while not st.over:
        if len(moves) >= MAX_MOVES:
            raise MatchError(f"the round ({rules.id}, {players} players, seed {seed}) did not end in {MAX_MOVES} moves")
        seat = st.to_move
        move = choose_move(view_of(st), seats[seat], move_rng(seed, len(moves)))
        st, happened = apply_move(st, move)  # raises IllegalMoveError on an illegal move
        moves.append((seat, move))
        events.append(tuple(happened))
    result = round_result(rules, st.hands, st.finished)
    return RoundRecord(
        rules.id, players, seats, seed, tuple(moves), tuple(events), st, result, round_scores(rules, result)
    )


def playout_view(p: Playout) -> SeatView:
    """The view of the seat to move in a playout (as ``view_of(p.to_state())``, without the
    other hands and the deck, which a player never reads)."""
    seat = p.to_move
    ak = p.ak
    return SeatView(
        rules=p.rules,
        seat=seat,
        hand=tuple(p.hand(seat)),
        pile=tuple(p.pile),
        hand_sizes=tuple(p.hs),
        deck_size=len(p.deck),
        to_move=seat,
        attack=None if not ak else Attack("draw" if ak == 1 else "skip", p.aa, p.ac),
        wish=p.wish,
        waiting=tuple(p.waiting),
        drawn=None if p.drawn < 0 else p.drawn,
        finished=tuple(p.finished),
        over=p.over,
        cover=p.cv,
        direction=p.dir,
    )


def quick_round(
    rules: Ruleset, players: int, strengths: str | Sequence[str], seed: int, check: bool = False
) -> RoundScore:
    """Plays the round of ``play_round`` (same deal, same moves, same result) on the playout
    kernel, without events; ``check`` also confirms every move is among the legal ones."""
    _check_players(rules, players)
    seats = seat_strengths(strengths, players)
    p = Playout.new_game(rules, players, seed)
    ply = 0
    while not p.over:
        if ply >= MAX_MOVES:
            raise MatchError(f"the round ({rules.id}, {players} players, seed {seed}) did not end in {MAX_MOVES} moves")
        move = choose_move(playout_view(p), seats[p.to_move], move_rng(seed, ply))
        if check and move not in p.legal_moves():
            raise MatchError(
                f"the {seats[p.to_move]} player chose an illegal move "
                f"{format_move(move, rules.deck)!r} ({rules.id}, seed {seed}, move {ply})"
            )
        p.apply(move)
        ply += 1
    result = round_result(rules, [p.hand(s) for s in range(players)], p.finished)
    return RoundScore(seed, result, round_scores(rules, result), ply)


# ---------------------------------------------------------------------------- a match


@dataclass(frozen=True)
class Match:
    """Several rounds at one table: the score table, per-seat totals, the leaders, and whether
    the match is decided (all planned rounds played, or ru-101's limit passed)."""

    variant: str
    players: int
    strengths: tuple[str, ...]
    planned: int
    better: str  # "higher" | "lower": which totals win
    limit: int | None = None  # ru-101: a total over it loses the match
    rounds: tuple[RoundScore, ...] = ()

    @classmethod
    def start(cls, rules: Ruleset, players: int, strengths: str | Sequence[str], planned: int) -> Match:
        """A match not yet played: ``planned`` rounds at most."""
        _check_players(rules, players)
        if not isinstance(planned, int) or isinstance(planned, bool) or planned < 1:
            raise MatchError(f"a match has at least 1 round, not {planned!r}")
        return cls(
            rules.id,
            players,
            seat_strengths(strengths, players, humans=True),
            planned,
            better(rules),
            match_limit(rules),
        )

    def add(self, round_score: RoundScore) -> Match:
        """The match with one more finished round; raises MatchError once it is decided."""
        if self.decided:
            raise MatchError("the match is decided: no further round")
        if len(round_score.scores) != self.players:
            raise MatchError(f"a round of {len(round_score.scores)} seats does not fit a {self.players}-seat match")
        return Match(
            self.variant,
            self.players,
            self.strengths,
            self.planned,
            self.better,
            self.limit,
            self.rounds + (round_score,),
        )

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.scores[s] for r in self.rounds) for s in range(self.players))

    @property
    def loser(self) -> int | None:
        """ru-101: the seat whose total went over the limit (the highest, if several); else None."""
        if self.limit is None:
            return None
        totals = self.totals
        over = [s for s in range(self.players) if totals[s] > self.limit]
        return max(over, key=lambda s: (totals[s], -s)) if over else None

    @property
    def decided(self) -> bool:
        return len(self.rounds) >= self.planned or self.loser is not None

    @property
    def leaders(self) -> list[int]:
        """The seats with the best total so far (every seat before the first round)."""
        totals = self.totals
        best = max(totals) if self.better == "higher" else min(totals)
        return [s for s in range(self.players) if totals[s] == best]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": self.players,
            "strengths": list(self.strengths),
            "rounds": len(self.rounds),
            "results": [{"round": i + 1, **r.to_json()} for i, r in enumerate(self.rounds)],
            "totals": {
                "scores": list(self.totals),
                "better": self.better,
                "leaders": self.leaders,
                "decided": self.decided,
                "loser": self.loser,
                "limit": self.limit,
            },
        }


def round_seed(seed: int, index: int) -> int:
    """The deal of a match's ``index``-th round (from 0)."""
    return seed + index


def play_match(
    rules: Ruleset, players: int, strengths: str | Sequence[str], rounds: int, seed: int, fast: bool = True
) -> Match:
    """Plays up to ``rounds`` rounds between computer players (fewer once ru-101's limit is
    passed), each dealt with ``round_seed(seed, i)``; ``fast`` plays them on the kernel."""
    _check_players(rules, players)
    match = Match.start(rules, players, seat_strengths(strengths, players), rounds)
    i = 0
    while not match.decided:
        s = round_seed(seed, i)
        score = (
            quick_round(rules, players, match.strengths, s)
            if fast
            else play_round(rules, players, match.strengths, s).score()
        )
        match = match.add(score)
        i += 1
    return match


__all__ = [
    "HUMAN",
    "MAX_MOVES",
    "PENALTY_LIMITS",
    "Match",
    "MatchError",
    "RoundRecord",
    "RoundScore",
    "STRENGTHS",
    "better",
    "computer_move",
    "match_limit",
    "move_rng",
    "play_match",
    "play_round",
    "playout_view",
    "quick_round",
    "round_scores",
    "round_seed",
    "seat_strengths",
]
