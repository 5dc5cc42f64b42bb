"""Shared test set-up: the repository root is importable and known to every test.

Keeping the suite quick (``.ci/run`` on a fresh clone within 10 minutes; docs/ARCHITECTURE.md,
"Suite time"), for whoever adds tests:

* Random games are seeded property tests with a budget: a fixed range of seeds per ruleset and
  seat count (``SEEDS`` in tests/engine/test_random_games.py, ``ROUNDS`` in test_players.py,
  ``GAMES``/``RU101_GAMES`` in test_rounds_end.py), never a time limit, so a failure replays. A rare
  situation a test must reach gets its seeds recorded beside it and a test that they still reach
  it (``RU101_NOTHING_TO_DRAW``), instead of thousands of rounds hoping to meet it.
* Browser tests share one app server per worker (the ``app_url`` fixture, tests/e2e/conftest.py);
  start your own (``fresh_server``) only when the test is about a server nobody has visited.
  Wait on conditions (``wait_for_app``, ``expect``), never on sleeps.
* Storage tests share one PostgreSQL cluster per worker (``pg_cluster``, session-scoped) and get a
  fresh database on it per test.
* Build an expensive pure value once per process (``functools.cache`` on a module-level helper, as
  ``cross`` in test_witness.py and ``_ru101`` in test_rounds_end.py): a new Ruleset object makes
  the kernel compile its tables again.
* A test that takes over ~10 s goes into ``SLOW_FIRST`` below; ``make test`` distributes by work
  stealing (``--dist worksteal``), so the long ones start first and the short ones fill in.
"""
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
