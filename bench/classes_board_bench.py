"""One refresh of the teacher's board, against a bare read of the same answers, same run.

A class of 30 pupils who answered a 10-question quiz four times each (1,200 answers) on an
SQLite file. Prints milliseconds for ``load_board`` (the storage read and its counting), for the
board's rows and HTML (``ui.classes.model``: grid, per-question stats with the engine's reason
rebuilt, who is stuck), and for a bare ``SELECT`` of the class's answers; the ratios are what to
compare between runs (the machine is shared and noisy). The board refreshes every 5 s per
teacher. Run: ``python bench/classes_board_bench.py``.
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import text  # noqa: E402

from engine.drills import shipped_drills  # noqa: E402
from storage.board import load_board  # noqa: E402
from storage.database import make_engine, migrate  # noqa: E402
from storage.ratelimit import Limit, Limits  # noqa: E402
from storage.repository import Storage  # noqa: E402
from ui.classes import model  # noqa: E402
from ui.classes.answers import answer_fields  # noqa: E402
from ui.present.i18n import translator  # noqa: E402

PUPILS, ROUNDS, REPEATS = 30, 4, 15


def _timed(action) -> float:
    """The median of REPEATS runs, in milliseconds."""
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="makao-board-bench-"))
    engine = make_engine(f"sqlite:///{folder / 'bench.sqlite3'}")
    migrate(engine)
    store = Storage(engine, Limits(answer_per_pupil=Limit(10**9, 60), answer_per_class=Limit(10**9, 60),
                                   join_per_class=Limit(10**9, 60)))
    quiz = [d for d in shipped_drills() if d.variant == "pl"][:10]
    made = store.create_class("bench", "pl", "en", quiz=[d.id for d in quiz])
    rng = random.Random(5)
    for p in range(PUPILS):
        token = store.join(made.info.code, f"pupil {p}").token
        for r in range(ROUNDS):
            for drill in quiz:
                right = rng.random() < 0.6
                response = list(drill.answer) if right and drill.kind == "select" else (
                    drill.answer[0] if right else ([] if drill.kind == "select" else
                                                   next(o for o in drill.options if o != drill.answer[0])))
                f = answer_fields(drill, response, right)
                store.record_answer(token, f"quiz:{r}:{drill.id}", drill.id, "quiz", f.variant, f.topic, f.answer,
                                    f.correct, f.reason)
    t = translator("en")
    key = made.teacher_key
    board = load_board(store, key)

    def rows() -> None:
        topics = tuple(board.topics)
        model.grid_html(board, topics, model.grid(board, topics, t), t)
        model.question_rows(board, t)
        model.stuck_rows(board, t)

    def bare() -> None:
        with engine.connect() as conn:
            conn.execute(text("SELECT * FROM answers WHERE class_id = :c ORDER BY answered_at, id"),
                         {"c": made.info.id}).all()

    answers = sum(p.answers for p in board.pupils)
    reference = _timed(bare)
    loading = _timed(lambda: load_board(store, key))
    drawing = _timed(rows)
    print(f"board of {len(board.pupils)} pupils, {answers} answers, {len(board.questions)} questions (SQLite)")
    print(f"  bare SELECT of the answers   {reference:8.2f} ms   1.00x")
    print(f"  load_board                   {loading:8.2f} ms   {loading / reference:5.2f}x")
    print(f"  board rows + HTML (model)    {drawing:8.2f} ms   {drawing / reference:5.2f}x")
    engine.dispose()


if __name__ == "__main__":
    main()
