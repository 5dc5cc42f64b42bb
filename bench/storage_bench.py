"""Saving answers through the storage, against a bare INSERT into the same database, same run.

Prints answers per second for ``Storage.record_answer`` (token check, two rate limits, idempotent
insert, topic tally: one transaction) next to a plain one-row INSERT per transaction, on SQLite
and on a throwaway PostgreSQL cluster. The ratio is what to compare between runs (the machine is
shared and noisy). Run: ``python bench/storage_bench.py``.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from storage.database import make_engine, migrate  # noqa: E402
from storage.ratelimit import Limit, Limits  # noqa: E402
from storage.repository import Storage  # noqa: E402
from tests.storage.pg_cluster import start_cluster  # noqa: E402

N = 400


def measure(url: str) -> tuple[float, float]:
    engine = make_engine(url)
    migrate(engine)
    store = Storage(engine, Limits(answer_per_pupil=Limit(10**9, 60), answer_per_class=Limit(10**9, 60)))
    made = store.create_class("bench", "pl", "pl")
    pupil = store.join(made.info.code, "bench")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE bare (id INTEGER PRIMARY KEY, k VARCHAR(64), a VARCHAR(200))"))
    start = time.perf_counter()
    for i in range(N):
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO bare (id, k, a) VALUES (:i, :k, '7h')"), {"i": i, "k": f"k{i}"})
    bare = N / (time.perf_counter() - start)
    start = time.perf_counter()
    for i in range(N):
        store.record_answer(pupil.token, f"k{i}", "pl-matching-01", "quiz", "pl", "matching", "7h", i % 2 == 0,
                            "" if i % 2 == 0 else "no_match")
    saved = N / (time.perf_counter() - start)
    engine.dispose()
    return saved, bare


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        results = {"sqlite": measure(f"sqlite:///{folder}/bench.sqlite3")}
    cluster = start_cluster()
    try:
        results["postgresql"] = measure(cluster.url())
    finally:
        cluster.stop()
    print(f"{'database':<12}{'record_answer/s':>18}{'bare INSERT/s':>16}{'ratio':>8}")
    for name, (saved, bare) in results.items():
        print(f"{name:<12}{saved:>18.0f}{bare:>16.0f}{saved / bare:>8.2f}")


if __name__ == "__main__":
    main()
