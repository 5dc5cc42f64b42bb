"""Jobs released together in threads, and a storage whose pool holds a connection for each (the burst tests)."""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from storage.database import make_engine, migrate
from storage.ratelimit import Limits
from storage.repository import Storage


def run_together(jobs: list[Callable[[], object]], wait: float) -> list[BaseException | None]:
    """Runs the jobs in threads released together (one barrier); returns what each raised (None: nothing)."""
    ended: list[BaseException | None] = [None] * len(jobs)
    barrier = threading.Barrier(len(jobs))

    def run(index: int) -> None:
        barrier.wait()
        try:
            jobs[index]()
        except BaseException as exc:   # returned, so the assertion names it
            ended[index] = exc

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(wait)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    return ended


@contextmanager
def pooled_storage(db_url: str, threads: int, limits: Limits | None = None, **pool: float) -> Iterator[Storage]:
    """A migrated storage whose pool holds a connection for each of ``threads`` (and two more)."""
    engine = make_engine(db_url, pool_size=threads + 2, **pool)
    migrate(engine)
    try:
        yield Storage(engine, limits) if limits is not None else Storage(engine)
    finally:
        engine.dispose()
