"""Golden playthroughs: seeded games written out as text and compared with stored files.

Regenerate after an intended rule change with `python -m tools.golden` (or `make golden`)
and review the diff.
"""
from __future__ import annotations

import difflib

import pytest

from tools.golden import GAMES, path_for, playthrough


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
