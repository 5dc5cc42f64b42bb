"""Simple computer players: pick a move from the legal ones with a seeded random generator."""

from __future__ import annotations

import random
import time
from typing import Any

from engine.deal import new_game
from engine.moves import Move
from engine.rules import child, legal_moves
from engine.ruleset import Ruleset, load_ruleset
from engine.state import State


def random_move(st: State, rng: random.Random) -> Move:
    """Any legal move, uniformly (the selfplay and soak-test policy)."""
    moves = legal_moves(st)
    return moves[rng.randrange(len(moves))]


def eager_move(st: State, rng: random.Random) -> Move:
    """A random legal play if there is one (always making the last-card calls), else draw/wait/pass."""
    moves = legal_moves(st)
    plays = [m for m in moves if m.kind == "play"]
    if not plays:
        return moves[0]
    called = {m._replace(makao=False, kakao=False) for m in plays if m.makao or m.kakao}
    plays = [m for m in plays if m not in called]
    return plays[rng.randrange(len(plays))]


def reference_random_games(
    variant: str | Ruleset, players: int, games: int, seed: int, step_cap: int = 20_000
) -> dict[str, Any]:
    """Plays random games on the reference engine (legal_moves + child) and returns statistics;
    engine.fastplay.run_random_games plays the very same games on the playout kernel."""
    rules = variant if isinstance(variant, Ruleset) else load_ruleset(variant)
    rng = random.Random(seed)
    decisions = finished = biggest = 0
    lengths = []
    start = time.perf_counter()
    for g in range(games):
        st = new_game(rules, players, seed + g)
        steps = 0
        while not st.over and steps < step_cap:
            moves = legal_moves(st)
            st = child(st, moves[rng.randrange(len(moves))])
            steps += 1
            if st.attack is not None and st.attack.amount > biggest:
                biggest = st.attack.amount
        decisions += steps
        lengths.append(steps)
        finished += st.over
    seconds = time.perf_counter() - start
    return {
        "variant": rules.id,
        "players": players,
        "games": games,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "finished": finished,
        "decisions_per_second": round(decisions / seconds) if seconds else None,
        "mean_length": round(sum(lengths) / len(lengths), 1) if lengths else 0,
        "biggest_attack": biggest,
    }
