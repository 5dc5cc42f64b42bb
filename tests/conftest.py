"""Shared test set-up: the repository root is importable and known to every test."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# The longest tests start first, so that on two workers (pytest-xdist) no long test is left to run
# alone at the end while the other worker idles. Longest first, as measured (docs/ARCHITECTURE.md,
# "Test suite time"); every other test keeps its collection order after them.
SLOW_FIRST = (
    "tests/engine/test_kernel_exhaustive.py::test_every_card_and_group_plays_the_same",
    "tests/e2e/test_first_hour.py::test_axe_finds_no_serious_or_critical_violation_on_any_page",
    "tests/engine/test_random_games.py::",
    "tests/engine/test_players.py::test_computer_players_make_only_legal_moves_and_every_round_ends",
    "tests/engine/test_kernel_exhaustive.py::",
    "tests/e2e/test_classes_browser.py::",
    "tests/engine/test_fastplay.py::test_random_games_step_by_step",
    "tests/ui/play/test_play_page.py::test_a_round_is_played_to_its_end",
    "tests/engine/test_witness.py::",
)


def _start_rank(nodeid: str) -> int:
    for rank, prefix in enumerate(SLOW_FIRST):
        if nodeid.startswith(prefix):
            return rank
    return len(SLOW_FIRST)


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: _start_rank(item.nodeid))   # stable: the same order on every worker
