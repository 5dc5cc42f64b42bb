"""Tables under load (issue #26): 8 tables × 4 people moving through the repository in one process.

Every person is a thread that polls its table's version (``TableStore.version``, one indexed read)
every ``--poll`` seconds, as the seat's page polls from its fragment; on a new version it reads its
seat view and, on its turn, sends its first legal move. Measured:

* move → seen by the other seats: from the move's commit to each other seat's poll that saw its
  version (p50 / p95), which includes the poll interval;
* CPU per move: the process's CPU time over the moves written (judging, writing, views, polls);

beside the reference measured in the same run: one trivial indexed SELECT round trip (the poll
itself) and its CPU. Not a timed test; the figures depend on the machine.

    python bench/tables_bench.py [--tables 8] [--seats 4] [--moves 40] [--poll 0.25] [--url URL]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ruleset import load_ruleset
from storage.database import make_engine, migrate
from storage.errors import StorageError
from storage.tables import TableStore


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def _reference(store: TableStore, table_id: int, count: int = 400) -> tuple[float, float]:
    """The median wall time and the CPU time of one version poll (a primary-key SELECT)."""
    walls = []
    cpu = time.process_time()
    for _ in range(count):
        start = time.perf_counter()
        store.version(table_id)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls), (time.process_time() - cpu) / count


class _Table:
    """One table's bookkeeping: when each version was committed, and who saw it when."""

    def __init__(self, table_id: int, moves: int):
        self.id = table_id
        self.goal = moves
        self.committed: dict[int, tuple[float, int]] = {}   # version -> (commit time, mover)
        self.lock = threading.Lock()
        self.done = threading.Event()


def _seat(store: TableStore, table: _Table, token: str, seat_no: int, poll: float, seen: list[float]) -> None:
    last = 0
    while not table.done.is_set():
        version = store.version(table.id)
        now = time.perf_counter()
        if version != last:
            with table.lock:
                for v in range(last + 1, version + 1):
                    made = table.committed.get(v)
                    if made is not None and made[1] != seat_no:
                        seen.append(now - made[0])
            last = version
            view = store.seat_view(token)
            rnd = view["round"]
            if rnd["over"] or len(rnd["log"]) >= table.goal:
                table.done.set()
                break
            if rnd["to_move"] == seat_no:
                try:
                    done = store.submit_move(token, rnd["legal"][0], view["next_move"])
                except StorageError:
                    continue
                with table.lock:
                    table.committed[done.version] = (time.perf_counter(), seat_no)
        time.sleep(poll)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--moves", type=int, default=40, help="moves per table")
    parser.add_argument("--poll", type=float, default=0.25, help="seconds between a seat's polls")
    parser.add_argument("--url", default=None, help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args(argv)
    url = args.url or f"sqlite:///{tempfile.mkdtemp()}/tables_bench.sqlite3"
    engine = make_engine(url, pool_size=args.tables * args.seats + 4, max_overflow=8)
    migrate(engine)
    store = TableStore(engine)
    rules = load_ruleset("pl")
    tables, threads, seen = [], [], []
    for t in range(args.tables):
        made = store.create_table(rules, args.seats)
        tokens = [store.join(made.info.code, f"p{t}x{s}").token for s in range(args.seats)]
        store.start(made.maker_key)
        table = _Table(made.info.id, args.moves)
        tables.append(table)
        threads += [threading.Thread(target=_seat, args=(store, table, tok, s, args.poll, seen))
                    for s, tok in enumerate(tokens)]
    ref_wall, ref_cpu = _reference(store, tables[0].id)
    cpu, wall = time.process_time(), time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join(600)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    moves = sum(store.moves_count(t.id, 1) for t in tables)
    print(f"{args.tables} tables x {args.seats} seats, {moves} moves in {wall:.1f} s, poll every {args.poll} s "
          f"({engine.dialect.name})")
    print(f"move -> seen by the others: p50 {_percentile(seen, 0.5) * 1000:.0f} ms, "
          f"p95 {_percentile(seen, 0.95) * 1000:.0f} ms ({len(seen)} sightings; target p95 <= 1500 ms)")
    print(f"CPU per move (judge, write, views, polls): {cpu / max(moves, 1) * 1000:.1f} ms")
    print(f"reference, same run: one version poll {ref_wall * 1000:.2f} ms wall, {ref_cpu * 1000:.2f} ms CPU")
    engine.dispose()


if __name__ == "__main__":
    main()
