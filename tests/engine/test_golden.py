"""Golden playthroughs: seeded games written out as text and compared with stored files.

Regenerate after an intended rule change with `python -m tools.golden` (or `make golden`)
and review the diff.
"""
from __future__ import annotations

import difflib
import re

import pytest

from engine.errors import RulesetError
from engine.moves import Move, parse_move
from engine.ruleset import Ruleset, load_ruleset
from engine.ruleset_toml import house_fields, house_ruleset, ruleset_to_dict
from engine.state import tables_for
from engine.transitions import is_run, run_refusal
from tools.golden import GAMES, RUNS_GAMES, path_for, playthrough

# "  9. player 3: play Jh Js Jd demand 5 — J♥ may be played: …": the move notation of a play line.
_PLAY_LINE = re.compile(r"^\s*\d+\. player \d+: (play .+?) — ", re.MULTILINE)


@pytest.mark.parametrize("variant,players,seed", GAMES)
def test_playthrough_matches_the_stored_file(variant: str, players: int, seed: int) -> None:
    path = path_for(variant, players, seed)
    assert path.exists(), f"{path.name} is missing: run `python -m tools.golden`"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(variant, players, seed)
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            "stored", "now", n=2))
        pytest.fail(f"{path.name} changed (regenerate with `python -m tools.golden` if intended):\n{diff[:4000]}")


def test_playthroughs_reach_the_end_of_the_round() -> None:
    for variant, players, seed in GAMES:
        assert playthrough(variant, players, seed).rstrip().endswith("round over"), (variant, players, seed)


def runs_played(text: str, rules: Ruleset) -> list[Move]:
    """The plays of a playthrough that are runs of one suit of three cards or more, as the engine judges runs."""
    t = tables_for(rules)
    plays = [parse_move(notation, rules.deck) for notation in _PLAY_LINE.findall(text)]
    return [m for m in plays if len(m.cards) >= 3 and is_run(t, m.cards) and run_refusal(rules, t, m.cards) is None]


def test_the_runs_goldens_cover_polish_and_danish_runs_at_two_seat_counts() -> None:
    assert {variant for variant, _, _ in RUNS_GAMES} >= {"pl+play.runs=3", "da+play.runs=3"}
    seats: dict[str, set[int]] = {}
    for variant, players, _ in RUNS_GAMES:
        seats.setdefault(variant, set()).add(players)
    assert any(len(counts) > 1 for counts in seats.values()), seats


@pytest.mark.parametrize("variant,players,seed", RUNS_GAMES)
def test_a_runs_golden_plays_runs_one_ending_on_an_attack_or_wish(variant: str, players: int, seed: int) -> None:
    # Read from the stored file, so a regenerated golden that lost its runs fails here too.
    text = path_for(variant, players, seed).read_text(encoding="utf-8")
    rules = house_ruleset(variant)
    assert rules.runs == 3
    assert "\n# house rule: [play] runs = 3\n" in text.split("\npile: ")[0], "the header must name the house rule"
    runs = runs_played(text, rules)
    assert len(runs) >= 2, f"{path_for(variant, players, seed).name} has {len(runs)} run(s) of one suit; pick another seed"
    t = tables_for(rules)
    tops = [m.cards[-1] for m in runs]
    assert any(t.draw[c] or t.skip[c] or t.wish_kind[c] for c in tops), "no run ends on an attack or wish card"


def test_runs_played_tells_a_run_from_a_group_and_from_cards_out_of_order() -> None:
    rules = house_ruleset("pl+play.runs=3")
    text = "\n".join([
        "  1. player 1: play 5h 6h 7h — run",
        "  2. player 2: play 7s 7c 7d — group of one rank",
        "  3. player 3: play 9d 8d 7d 6d makao — run downwards",
        "  4. player 1: play 5c 6h 7c — mixed suits",
        "  5. player 2: play 5d 7d 9d — not consecutive",
        " 16. player 3: play Qs Ks As suit h — run ending on a wish",
        "     Player 3 wishes for hearts.",
        "100. player 4: draw — Draw one card",
    ])
    runs = [" ".join(rules.deck.name(c) for c in m.cards) for m in runs_played(text, rules)]
    assert runs == ["5h 6h 7h", "9d 8d 7d 6d", "Qs Ks As"]


def test_a_house_spec_sets_its_fields_over_the_shipped_ruleset_and_nothing_else() -> None:
    assert house_ruleset("pl") is load_ruleset("pl")
    assert house_fields("da+play.runs=3+play.min_group=2") == ("da", [("play", "runs", 3), ("play", "min_group", 2)])
    house, shipped = ruleset_to_dict(house_ruleset("da+play.runs=3")), ruleset_to_dict(load_ruleset("da"))
    assert house["play"] == {**shipped["play"], "runs": 3}
    assert {k: v for k, v in house.items() if k != "play"} == {k: v for k, v in shipped.items() if k != "play"}


@pytest.mark.parametrize("spec,words", [("pl+play.runs", "section.field=value"), ("pl+runs=3", "section.field=value"),
                                        ("pl+play.runs=x", "no TOML value"), ("xx+play.runs=3", "unknown variant"),
                                        ("pl+play.runs=1", "runs")])
def test_a_bad_house_spec_is_refused_with_a_message_naming_the_fault(spec: str, words: str) -> None:
    with pytest.raises(RulesetError, match=re.escape(words)):
        house_ruleset(spec)
