"""The playout kernel (engine/fastplay.py) against the reference engine (engine/rules.py).

Differential tests: the reference engine plays, the kernel follows, and at every step the
legal move sets must agree and, after the same move, the kernel's state must equal the
reference State exactly (hands, pile and deck order, seed, attack, wish, waiting, finished).

* random games: every variant x every allowed seat count x SEEDS, whole games;
* hand-built positions for the rare branches (attacks of every kind, each wish duration, a
  drawn card, waiting seats, K♠ backwards, two decks, empty decks, calls, finished seats):
  every legal move is applied, then a random game is played on from there;
* every position of the rule case tables (tests/cases/*.toml), the same way;
* ``run_random_games`` plays the very same games as ``engine.policies.reference_random_games``.

The kernel even lists the moves in the reference order (checked too), which is what lets a
seeded random playout on the kernel choose exactly the moves the reference selfplay chooses.
"""
from __future__ import annotations

import random
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.deal import new_game  # noqa: E402
from engine.errors import EngineError  # noqa: E402
from engine.fastplay import Playout, run_random_games  # noqa: E402
from engine.moves import format_move, parse_move  # noqa: E402
from engine.policies import reference_random_games  # noqa: E402
from engine.position import position_from_json  # noqa: E402
from engine.rules import child, legal_moves  # noqa: E402
from engine.ruleset import load_ruleset, variant_ids  # noqa: E402

# A seeded budget: 30 games per ruleset and seat count (50 before), every step against the
# reference; the single steps themselves are proven exhaustively by test_kernel_exhaustive.py.
SEEDS = range(30)
STEP_CAP = 20_000
CASES = [(v, n) for v in variant_ids() for n in range(load_ruleset(v).players[0], load_ruleset(v).players[1] + 1)]


def follow_new_game(rules, players: int, seed: int, where: str, steps: int = 20_000) -> tuple[Playout, int]:
    """Deals the same game on both engines and plays it on with random moves, comparing at every
    step (``_follow``); returns the kernel's playout and the moves played."""
    st = new_game(rules, players, seed)
    p = Playout.new_game(rules, players, seed)
    assert p.to_state() == st
    return p, _follow(st, p, random.Random(seed), steps, where)


def _follow(st, p: Playout, rng: random.Random, steps: int, where: str) -> int:
    """Plays ``steps`` random moves (or to the end) on both engines, comparing at every step."""
    done = 0
    while not st.over and done < steps:
        raw = legal_moves(st)
        ref = sorted(raw)
        mine = p.legal_moves()
        assert set(mine) == set(ref), f"{where} step {done}: legal moves differ: " \
            f"only kernel {[format_move(m, st.rules.deck) for m in set(mine) - set(ref)]}, " \
            f"only reference {[format_move(m, st.rules.deck) for m in set(ref) - set(mine)]}"
        assert mine == raw, f"{where} step {done}: same moves, another order (run_random_games relies on it)"
        move = ref[rng.randrange(len(ref))]
        st = child(st, move)
        p.apply(move)
        done += 1
        got = p.to_state()
        if got != st:
            diff = [f for f in st._fields if getattr(got, f) != getattr(st, f)]
            pytest.fail(f"{where} step {done} after {format_move(move, st.rules.deck)!r}: "
                        f"kernel state differs in {diff}: {[(getattr(got, f), getattr(st, f)) for f in diff]}")
    assert p.over == st.over
    if st.over:
        assert p.legal_moves() == [] == legal_moves(st)
    return done


@pytest.mark.parametrize("variant,players", CASES)
def test_random_games_step_by_step(variant: str, players: int) -> None:
    rules = load_ruleset(variant)
    for seed in SEEDS:
        p, steps = follow_new_game(rules, players, seed, f"{variant}/{players} seed {seed}", STEP_CAP)
        assert p.over and steps > 0, f"{variant}/{players} seed {seed}: no end after {STEP_CAP} moves"


def _branch_all(st, where: str, follow: int = 150) -> None:
    """At ``st``: same legal set; every legal move applied on both; then a random game on."""
    p = Playout.from_state(st)
    assert p.to_state() == st, f"{where}: from_state/to_state does not round-trip"
    ref = legal_moves(st)
    assert set(p.legal_moves()) == set(ref), f"{where}: legal moves differ"
    for move in ref:
        q = Playout.from_state(st)
        q.apply(move)
        assert q.to_state() == child(st, move), f"{where}: {format_move(move, st.rules.deck)!r} differs"
    copy = p.copy()
    _follow(st, p, random.Random(len(ref)), follow, where)
    assert copy.to_state() == st, f"{where}: copy() shares state with the original"


# Hand-built positions (Position JSON v1) reaching the rarely-played branches.
POSITIONS = {
    # attacks
    "pl draw attack, battle kings and same-suit 2/3 answer": {
        "variant": "pl", "hands": [["Ks", "2h", "3h", "3c", "9d"], ["5c", "6c"], ["7d", "8d"], ["Kd", "Js"]],
        "to_move": 0, "pile": ["5h", "Kh"], "attack": {"draw": 5}},
    "pl draw attack stacked 2s and 3s": {
        "variant": "pl", "hands": [["2c", "2d", "3h", "2s", "Qh"], ["5c"], ["7d", "8d"]],
        "to_move": 0, "pile": ["5h", "2h"], "attack": {"draw": 4}},
    "pl sit-out attack passed on with 4s": {
        "variant": "pl", "hands": [["4c", "4d", "9h"], ["5c", "6c"], ["7d", "8d"], ["10c", "Jd"]],
        "to_move": 0, "pile": ["5h", "4h"], "attack": {"skip": 2}},
    "pl-trad battle king answers a 3 of its suit": {
        "variant": "pl-trad", "hands": [["Ks", "Kh", "3d", "2d"], ["5c", "6c"], ["7d", "8d"]],
        "to_move": 0, "pile": ["5h", "3s"], "attack": {"draw": 3}},
    "hu ace skip does not add up": {
        "variant": "hu", "hands": [["Aa", "Ab", "7h"], ["8h", "9h"], ["10b", "Ub"]],
        "to_move": 0, "pile": ["8l", "Al"], "attack": {"skip": 1}},
    "hu VII attack, deck nearly empty": {
        "variant": "hu", "hands": [["7a", "8a"], ["9h", "Ub", "Kb"], ["10b", "Oh"]],
        "to_move": 0, "pile": ["8l", "9l", "10l", "Kl", "7l"], "deck": ["Ah"], "attack": {"draw": 6}},
    "da attack answered by any attack card of suit or rank": {
        "variant": "da", "hands": [["2c", "3h", "Kh", "Ks", "9d"], ["5c"], ["7d", "8d"]],
        "to_move": 0, "pile": ["5h", "2h"], "attack": {"draw": 2}},
    # wishes, one per duration
    "pl jack wish for a round (round)": {
        "variant": "pl", "hands": [["7c", "Jd", "Qh", "9c"], ["7h", "8c"], ["5d", "6d"], ["10c", "Js"]],
        "to_move": 0, "pile": ["5h", "Jh"], "wish": {"rank": "7", "by": 3}},
    "pl ace wish until covered": {
        "variant": "pl", "hands": [["7c", "Ad", "Qh", "9s"], ["7h", "8c"], ["5d", "6d"]],
        "to_move": 0, "pile": ["5h", "Ah"], "wish": {"suit": "c", "by": 2}},
    "pl-trad jack wish until the jack's player's turn (until_return)": {
        "variant": "pl-trad", "hands": [["Qc", "Jd", "Qh", "9s"], ["Qs", "8c"], ["5d", "6d"], ["Ks", "9c"]],
        "to_move": 0, "pile": ["5h", "Jh"], "wish": {"rank": "Q", "by": 1}},
    "pl-trad ace wish and K♠ back onto the wisher": {
        "variant": "pl-trad", "hands": [["Ks", "Ac", "2s", "9s"], ["8c", "9c"], ["5d", "6d"], ["10c", "Kh"]],
        "to_move": 0, "pile": ["5h", "As"], "wish": {"suit": "s", "by": 3}},
    "da ace wish until fulfilled, queen of the wished suit": {
        "variant": "da", "hands": [["7c", "Ad", "Qc", "Qh"], ["7h", "8c"], ["5d", "6d"]],
        "to_move": 0, "pile": ["5h", "Ah"], "wish": {"suit": "c", "by": 2}},
    "hu alsó rank wish until fulfilled, makaó and kakaó": {
        "variant": "hu", "hands": [["Kh", "Ua"], ["Ka"], ["9h", "Ob", "Kb"]],
        "to_move": 0, "pile": ["8l", "Ul"], "wish": {"rank": "K", "by": 2}},
    "hu felső suit wish": {
        "variant": "hu", "hands": [["9a", "Ob", "Kh"], ["Ka", "10a"], ["9h", "Kb"]],
        "to_move": 0, "pile": ["8l", "Ol"], "wish": {"suit": "a", "by": 2}},
    # a drawn card
    "pl drawn card may be played or kept": {
        "variant": "pl", "hands": [["7h", "Jh", "9c"], ["5c", "6c"], ["7d", "8d"]],
        "to_move": 0, "pile": ["5h", "10h"], "drawn": "Jh"},
    "da drawn ace under a wish": {
        "variant": "da", "hands": [["Ac", "9h"], ["5c", "6c"], ["7d", "8d"]],
        "to_move": 0, "pile": ["5h", "Ah"], "wish": {"suit": "c", "by": 1}, "drawn": "Ac"},
    # waiting seats, K♠ backwards over them
    "pl waiting seats are passed over": {
        "variant": "pl", "hands": [["6h", "Ks", "9s"], ["5c", "6c"], ["7d", "8d"], ["10c", "Jd"]],
        "to_move": 0, "pile": ["5s", "9h"], "waiting": [0, 2, 0, 1]},
    "pl K♠ backwards skips a waiting previous seat": {
        "variant": "pl", "hands": [["Ks", "Kh", "9c"], ["5c", "6c"], ["7d", "8d"], ["10c", "Jd"]],
        "to_move": 0, "pile": ["5h", "9s"], "waiting": [0, 0, 0, 2]},
    "da K♠ backwards under attack": {
        "variant": "da", "hands": [["Ks", "2d", "9c"], ["5c", "6c"], ["7d", "8d"], ["10c", "Jd"]],
        "to_move": 0, "pile": ["5s", "2s"], "attack": {"draw": 2}},
    # finished seats, play on
    "pl play on past a finished seat whose jack wish runs": {
        "variant": "pl", "hands": [["7c", "9d"], [], ["7d", "8d"], ["10c", "Jd"]],
        "to_move": 0, "pile": ["5h", "Jh"], "wish": {"rank": "7", "by": 1}, "finished": [1]},
    "pl-trad last two holders": {
        "variant": "pl-trad", "hands": [["7c"], [], ["7d", "8d"], []],
        "to_move": 0, "pile": ["5c", "6c"], "finished": [3, 1]},
    # empty deck: reshuffle, halve hands, nothing to draw
    "pl empty deck, pile of one: hands are halved": {
        "variant": "pl", "hands": [["2c", "3d", "4h", "5s", "6c", "7d", "8h"], ["5c", "6d", "9c", "10c"], ["7c", "8d"]],
        "to_move": 0, "pile": ["Jh"], "deck": [], "attack": {"draw": 9, "card": "3h"}},
    "pl-trad empty deck, pile of one: nothing to draw": {
        "variant": "pl-trad", "hands": [["9c", "10d"], ["5c", "6d"]], "to_move": 0, "pile": ["Jh"], "deck": []},
    "pl reshuffle in the middle of a penalty": {
        "variant": "pl", "hands": [["9c", "10d"], ["5c", "6d"], ["7d"]], "to_move": 0,
        "pile": ["5h", "6h", "7h", "8h", "Kh"], "deck": ["2d", "3d"], "attack": {"draw": 5}},
    "pl makao forgotten with an empty deck": {
        "variant": "pl", "hands": [["9h", "9c"], ["5c", "6d"], ["7d"]], "to_move": 0,
        "pile": ["5h", "6h", "7h", "8h"], "deck": []},
    # two decks
    "pl-trad two decks: a card held twice": {
        "variant": "pl-trad", "hands": [["7h", "7h", "7c", "Js", "Js"], ["5c", "6c"], ["7d", "8d"], ["10c", "Jd"],
                                        ["9c"], ["9d", "9d"]],
        "to_move": 0, "pile": ["5h", "10h"]},
    "pl-trad two decks: 2s twice under attack": {
        "variant": "pl-trad", "hands": [["2h", "2h", "3c", "Kh"], ["5c", "6c"], ["7d", "8d"], ["10c", "Jd"],
                                        ["9c"], ["9d", "9h"], ["Kh", "Ks"]],
        "to_move": 0, "pile": ["5h", "2c"], "attack": {"draw": 2}},
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_hand_built_positions(name: str) -> None:
    st = position_from_json(POSITIONS[name])
    _branch_all(st, name, follow=400)
    # and from the next few positions of random play out of it
    rng = random.Random(7)
    for _ in range(6):
        moves = legal_moves(st)
        if not moves:
            break
        st = child(st, moves[rng.randrange(len(moves))])
        _branch_all(st, name, follow=50)


def _case_positions():
    out = []
    for path in sorted((ROOT / "tests" / "cases").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        entries = []
        for case in data.get("case", []):
            entries.append((case.get("id"), data.get("variant"), case.get("position"), case.get("before", [])))
        for contrast in data.get("contrast", []):
            for variant in variant_ids():
                sub = contrast.get(variant)
                if isinstance(sub, dict):
                    position = sub.get("position", contrast.get("position"))
                    before = sub.get("before", contrast.get("before", []))
                    entries.append((f"{contrast.get('id')}@{variant}", variant, position, before))
        for cid, variant, position, before in entries:
            if isinstance(position, dict) and variant:
                out.append((f"{path.name}::{cid}", variant, position, before))
    return out


def case_state(position: dict, before: list[str], rules=None):
    """The state a case's position reaches after its ``before`` moves; None for a case about a bad
    position or an illegal move (nothing to compare on the kernel)."""
    try:
        st = position_from_json(position, rules) if rules is not None else position_from_json(position)
        for text in before:
            move = parse_move(text, st.rules.deck)
            if move not in legal_moves(st):
                raise EngineError(text)
            st = child(st, move)
    except EngineError:
        return None
    return st


def test_rule_case_positions() -> None:
    used = 0
    for where, variant, position, before in _case_positions():
        st = case_state({**position, "variant": variant}, before)
        if st is None:
            continue
        _branch_all(st, where, follow=60)
        used += 1
    assert used >= 100, f"only {used} case positions could be used"


@pytest.mark.parametrize("variant", variant_ids())
def test_run_random_games_plays_the_reference_games(variant: str) -> None:
    rules = load_ruleset(variant)
    players = min(max(3, rules.players[0]), rules.players[1])
    mine = run_random_games(rules, players, 12, 5)
    ref = reference_random_games(variant, players, 12, 5)
    for key in ("games", "decisions", "finished", "mean_length", "biggest_attack"):
        assert mine[key] == ref[key], f"{variant}: {key} {mine[key]} != {ref[key]}"


def test_play_random_equals_reference_policy_on_two_decks() -> None:
    rules = load_ruleset("pl-trad")
    for seed in range(6):
        st = new_game(rules, 7, seed)
        p = Playout.from_state(st)
        steps = p.play_random(random.Random(seed))
        rng = random.Random(seed)
        n = 0
        while not st.over and n < 20_000:
            moves = legal_moves(st)
            st = child(st, moves[rng.randrange(len(moves))])
            n += 1
        assert steps == n and p.to_state() == st
