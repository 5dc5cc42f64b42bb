"""The direction of play and reversing cards: the playout kernel against the reference on house
rulesets that combine a reversing card with every other rule (several cards, K♠, two decks,
pl-devdo's round of turns), random-game invariants for every seat count, and position JSON.

The shipped ``de-maumau-9`` is covered by the suites that run every shipped ruleset
(test_fastplay, test_random_games, test_kernel_exhaustive, test_cases); these are the combinations
no shipped ruleset has.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from engine.deal import new_game
from engine.fastplay import Playout, run_random_games
from engine.moves import format_move
from engine.policies import reference_random_games
from engine.position import position_from_json, position_to_json
from engine.rules import apply_move, check, child, legal_moves, verdicts
from engine.ruleset import Ruleset, load_ruleset, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from engine.state import State, tables_for
from engine.transitions import reversals
from tests.engine.test_kernel_exhaustive import _groups, _legal_top, _others, _pendings, _same_play, _state

SEEDS = range(12)
STEP_CAP = 20_000


def house(base: str, cards: dict[str, Any], **tables: Any) -> Ruleset:
    """A shipped ruleset with some card rules replaced (as the house-rules form writes them)."""
    data = ruleset_to_dict(load_ruleset(base))
    data["id"] = f"{base}-reverse"
    data["cards"] = {**data["cards"], **cards}
    for key, value in tables.items():
        data[key] = {**data[key], **value}
    return ruleset_from_dict(data, f"{base}-reverse")


HOUSES = {
    # several 9s at once, K♠ against the direction, 2/3/4 attacks, play on for places
    "pl-9": lambda: house("pl", {"9": {"reverse": True}}),
    # a reversing attack: K♠ draws 5 from the previous seat and flips the direction
    "pl-ks": lambda: house("pl", {"9": {"reverse": True}, "Ks": {"draw": 5, "target": "previous", "reverse": True}}),
    # two decks from 6 seats (the kernel counts second copies apart)
    "pl-trad-9": lambda: house("pl-trad", {"9": {"reverse": True}}),
    # packs of three, self-target hit, the round of turns played to its end
    "pl-devdo-9": lambda: house("pl-devdo", {"9": {"reverse": True}}),
    # a reversing wish card: the felső wishes a suit and flips the direction
    "hu-o": lambda: house("hu", {"O": {"wish": "suit", "wish_duration": "until_fulfilled", "reverse": True}}),
}
_BUILT: dict[str, Ruleset] = {}


def rules_of(name: str) -> Ruleset:
    if name not in _BUILT:
        _BUILT[name] = HOUSES[name]()
    return _BUILT[name]


CASES = [(name, n) for name in HOUSES for n in range(rules_of(name).players[0], rules_of(name).players[1] + 1)]


def _flips(st: State, move: Any) -> bool:
    return move.kind == "play" and reversals(tables_for(st.rules), move.cards) % 2 == 1


@pytest.mark.parametrize("name,players", CASES)
def test_kernel_plays_the_reference_games_with_a_reversing_card(name: str, players: int) -> None:
    rules = rules_of(name)
    flipped = 0
    for seed in SEEDS:
        st = new_game(rules, players, seed)
        p = Playout.from_state(st)
        rng = random.Random(seed)
        steps = 0
        while not st.over:
            assert steps < STEP_CAP, f"{name}/{players} seed {seed}: no end"
            moves = legal_moves(st)
            assert p.legal_moves() == moves, f"{name}/{players} seed {seed} step {steps}: the kernel lists other moves"
            move = moves[rng.randrange(len(moves))]
            new = child(st, move)
            # the invariant of the rule: the direction flips exactly when an odd number of reversing cards goes down
            assert new.direction == (-st.direction if _flips(st, move) else st.direction), \
                f"{name}/{players} seed {seed} step {steps}: {format_move(move, rules.deck)} left direction {new.direction}"
            flipped += new.direction != st.direction
            assert new.card_count() == st.card_count()
            if not new.over:
                assert new.hands[new.to_move] and new.to_move not in new.finished
            p.apply(move)
            got = p.to_state()
            if got != new:
                diff = [f for f in new._fields if getattr(got, f) != getattr(new, f)]
                pytest.fail(f"{name}/{players} seed {seed} step {steps} after {format_move(move, rules.deck)!r}: "
                            f"kernel differs in {diff}: {[(getattr(got, f), getattr(new, f)) for f in diff]}")
            st = new
            steps += 1
    assert flipped > 0, f"{name}/{players}: no game ever reversed the direction"


@pytest.mark.parametrize("name,players", [c for c in CASES if c[1] in (2, 3, 5)])
def test_verdicts_agree_with_the_fast_path_in_both_directions(name: str, players: int) -> None:
    rules = rules_of(name)
    for seed in range(4):
        st = new_game(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(60):
            if st.over:
                break
            listed = verdicts(st)
            assert sorted(v.move for v in listed if v.legal) == sorted(legal_moves(st))
            for v in listed:
                if v.legal:
                    new, events = apply_move(st, v.move)
                    assert tuple(events) == v.effects and new == child(st, v.move)
                    assert any(e.kind == "direction_changed" for e in events) == (new.direction != st.direction)
                    codes = {r.code for r in v.reasons}
                    if _flips(st, v.move):
                        assert codes & {"reverses_direction", "reverses_two_players"}
                    elif v.move.kind == "play" and reversals(tables_for(rules), v.move.cards):
                        assert "reverses_cancel" in codes
            assert position_from_json(position_to_json(st), rules) == st
            moves = legal_moves(st)
            st = child(st, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_every_card_and_group_plays_the_same_in_both_directions(name: str) -> None:
    rules = rules_of(name)
    t = tables_for(rules)
    situations = 0
    for pending in _pendings(rules):
        for group in _groups(rules):
            probe = _state(rules, group[0], list(group), [[], []], pending)
            top = _legal_top(rules, probe, group[0])
            avoid = {top, *group}
            others = _others(rules, avoid)
            avoid |= {c for h in others for c in h}
            filler = [c for c in rules.deck.all_cards() if c not in avoid and t.rank[c] != t.rank[group[0]]][:2]
            st = _state(rules, top, [*group, *filler], others, pending)
            if pending[2][0] or st.hands[0] == ():
                continue
            for direction in (1, -1):
                _same_play(st._replace(direction=direction))
                situations += 1
    assert situations > 0


@pytest.mark.parametrize("name", sorted(HOUSES))
def test_run_random_games_equals_the_reference(name: str) -> None:
    rules = rules_of(name)
    players = min(max(3, rules.players[0]), rules.players[1])
    mine = run_random_games(rules, players, 10, 3)
    ref = reference_random_games(rules, players, 10, 3)
    for key in ("games", "decisions", "finished", "mean_length", "biggest_attack"):
        assert mine[key] == ref[key], f"{name}: {key} {mine[key]} != {ref[key]}"


def test_direction_is_written_only_when_counterclockwise() -> None:
    rules = load_ruleset("de-maumau-9")
    st = new_game(rules, 3, 1)
    assert "direction" not in position_to_json(st)
    turned = st._replace(direction=-1)
    data = position_to_json(turned)
    assert data["direction"] == "counterclockwise"
    assert position_from_json(data) == turned
    assert position_from_json({**data, "direction": "clockwise"}) == st


@pytest.mark.parametrize("value", ["sideways", 1, True, ["clockwise"], "Clockwise"])
def test_a_direction_that_is_not_one_of_the_two_is_refused(value: Any) -> None:
    from engine.errors import PositionError

    data = {"variant": "de-maumau-9", "hands": [["7h"], 5], "to_move": 0, "pile": ["10h"], "direction": value}
    with pytest.raises(PositionError) as info:
        position_from_json(data)
    assert [p.code for p in info.value.problems] == ["bad_direction"]


def test_a_ruleset_with_a_reversing_card_round_trips_through_toml() -> None:
    from engine.ruleset import load_ruleset_text
    from engine.ruleset_toml import ruleset_to_toml

    rules = load_ruleset("de-maumau-9")
    again = load_ruleset_text(ruleset_to_toml(rules), "again.toml")
    assert [r for r in again.cards if r.reverse] == [r for r in rules.cards if r.reverse]
    assert any(r.pattern == "9" and r.reverse for r in again.cards)


def test_reverse_must_be_true_or_false() -> None:
    from engine.errors import RulesetError

    data = ruleset_to_dict(load_ruleset("de-maumau"))
    data["cards"]["9"] = {"reverse": "yes"}
    with pytest.raises(RulesetError, match=r"cards\.9\.reverse"):
        ruleset_from_dict(data, "house.toml")


def test_check_names_the_two_player_case() -> None:
    st = position_from_json({"variant": "de-maumau-9", "hands": [["9h", "Kc", "Qd"], 5], "to_move": 0,
                             "pile": ["10h"]})
    from engine.moves import parse_move

    v = check(st, parse_move("play 9h", st.rules.deck))
    assert [r.code for r in v.reasons] == ["match_suit", "reverses_two_players"]


def test_a_seat_sees_the_direction_and_a_sampled_world_keeps_it() -> None:
    from engine.match import playout_view
    from engine.seat_view import sample_state, view_of

    st = new_game(load_ruleset("de-maumau-9"), 4, 3)._replace(direction=-1)
    view = view_of(st, 2)
    assert view.direction == -1
    assert sample_state(view_of(st), random.Random(1)).direction == -1
    assert view_of(sample_state(view_of(st), random.Random(1))) == view_of(st)
    assert playout_view(Playout.from_state(st)) == view_of(st)


def test_quick_rounds_on_the_kernel_equal_played_rounds_with_a_reversing_card() -> None:
    from engine.match import play_round, quick_round

    rules = load_ruleset("de-maumau-9")
    for seed in range(3):
        played = play_round(rules, 4, "club", seed)
        quick = quick_round(rules, 4, "club", seed)
        assert quick.result == played.result and len(played.moves) == quick.moves


def test_computer_players_see_the_next_and_previous_seat_the_way_play_goes() -> None:
    from engine.players.common import next_seat, previous_seat
    from engine.seat_view import view_of

    st = new_game(load_ruleset("de-maumau-9"), 4, 3)
    assert (next_seat(view_of(st), 0), previous_seat(view_of(st), 0)) == (1, 3)
    turned = view_of(st._replace(direction=-1))
    assert (next_seat(turned, 0), previous_seat(turned, 0)) == (3, 1)


def test_coach_rollouts_follow_the_kernel_when_play_goes_counterclockwise() -> None:
    from engine.coach.rollout import keen_action, rollout

    rules = load_ruleset("pl")   # no reversing card, but a position may go counterclockwise
    for seed in range(6):
        st = new_game(rules, 4, seed)._replace(direction=-1)
        fast, slow = Playout.from_state(st), Playout.from_state(st)
        steps = rollout(fast, random.Random(seed), 0, False, cap=200)
        rng = random.Random(seed)
        made = 0
        while not slow.over and made < 200 and 0 not in slow.finished:
            slow._run(None, 1, keen_action(slow, rng))
            made += 1
        assert steps == made and fast.to_state() == slow.to_state()
