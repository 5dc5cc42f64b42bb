"""``[attack] after_penalty = "after_attacker"`` (devdo-eu/macau's K♠, taken at once): the playout
kernel against the reference engine on pl-devdo and on house rulesets built from it — with a
reversing 9, with attacks on their own player lapsing, with the first player out ending the round —
the same differential checks as tests/engine/test_fastplay.py."""
from __future__ import annotations

import random

import pytest

from engine.deal import new_game
from engine.errors import RulesetError
from engine.rules import apply_move, check, legal_moves
from engine.ruleset import load_ruleset, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from tests.engine.test_cover_kernel import kernel_follows_case_file
from tests.engine.test_fastplay import follow_new_game


def _house(change, house_id: str, base: str = "pl-devdo"):
    data = ruleset_to_dict(load_ruleset(base))
    data["id"] = house_id
    change(data)
    return ruleset_from_dict(data, house_id)


def _reverse_nine(d) -> None:
    d["cards"]["9"] = {"reverse": True}


RULESETS = {
    "pl-devdo": lambda: load_ruleset("pl-devdo"),
    "pl-devdo reversing 9": lambda: _house(_reverse_nine, "devdo-r9"),
    "pl-devdo lapse": lambda: _house(lambda d: d["attack"].__setitem__("self_target", "lapse"), "devdo-lapse"),
    "pl-devdo first out": lambda: _house(lambda d: d["end"].__setitem__("mode", "first_out"), "devdo-first"),
}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_random_games_step_by_step(name: str) -> None:
    rules = RULESETS[name]()
    for players in (2, 3, 5):
        for seed in range(12):
            p, _ = follow_new_game(rules, players, seed, f"{name}/{players} seed {seed}")


def test_spade_kings_are_taken_at_once_in_random_games() -> None:
    """The games above really pass through K♠s taken at once, also against the direction of play:
    the seat hit draws within the K♠'s own move, which leaves no attack pending and says so."""
    rules = RULESETS["pl-devdo reversing 9"]()
    seen = {"clockwise": 0, "counterclockwise": 0}
    for seed in range(60):
        st = new_game(rules, 3, seed)
        rng = random.Random(seed)
        while not st.over:
            moves = legal_moves(st)
            move = moves[rng.randrange(len(moves))]
            after, events = apply_move(st, move)
            hits = [e.params["seat"] for e in events if e.kind == "drew_penalty"]
            if move.kind == "play" and hits:
                assert after.attack is None
                assert "taken_at_once" in [r.code for r in check(st, move).reasons]
                seen["clockwise" if st.direction > 0 else "counterclockwise"] += 1
            st = after
    assert seen["clockwise"] > 5 and seen["counterclockwise"] > 5, seen


@pytest.mark.parametrize("file", ["pl-devdo.toml", "pl-devdo-reverse.toml"])
def test_case_positions_on_the_kernel(file: str) -> None:
    assert kernel_follows_case_file(file) >= 4


def test_a_defence_against_a_card_taken_at_once_is_refused() -> None:
    def defend(d) -> None:
        d["defence"].append({"against": ["Ks"], "with": ["Kh"], "condition": "any"})

    with pytest.raises(RulesetError) as err:
        _house(defend, "devdo-defended")
    assert err.value.code == "at_once_defended" and err.value.params["field"] == "attack.after_penalty"


def test_a_spade_king_taken_at_once_is_witnessed_against_the_next_seat_rule() -> None:
    """Compare and the Switching-tables lesson can show the difference: one K♠ play, two outcomes."""
    from engine.witness import differing_fields, find_witnesses

    home = load_ruleset("pl-devdo")
    table = _house(lambda d: d["attack"].__setitem__("after_penalty", "next"), "devdo-next")
    assert [f.key for f in differing_fields(home, table)] == ["attack.after_penalty"]
    report = find_witnesses(home, table, rounds=6)
    witness = next(w for w in report.witnesses if "attack.after_penalty" in w.fields)
    assert witness.kind == "effect" and witness.move.startswith("play K")
