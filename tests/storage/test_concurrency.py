"""Thirty pupils at once, and two app servers on one database: nothing lost, nothing doubled."""
from __future__ import annotations

from collections import Counter

import pytest
from sqlalchemy import func, select

from storage.board import load_board
from storage.database import make_engine, migrate
from storage.errors import InputRefused
from storage.models import Answer, Pupil
from storage.repository import Storage
from tests.storage.together import pooled_storage, run_together

PUPILS = 30
QUESTIONS = 10


def _all_at_once(jobs) -> list[BaseException]:
    """Runs the jobs in threads released together; returns what they raised."""
    return [ended for ended in run_together(jobs, wait=120) if ended is not None]


@pytest.fixture
def crowd(db_url):
    """A storage whose pool holds a connection for each pupil's thread."""
    with pooled_storage(db_url, PUPILS, max_overflow=PUPILS) as store:
        yield store


def test_thirty_pupils_answering_at_once_store_every_answer_exactly_once(crowd):
    made = crowd.create_class("4b", "pl", "pl")
    joined: list = []
    errors = _all_at_once([lambda i=i: joined.append(crowd.join(made.info.code, f"pupil{i:02d}"))
                           for i in range(PUPILS)])
    assert errors == [] and len({p.pupil_id for p in joined}) == PUPILS

    def answer_all(pupil):
        # Every answer is sent twice (a double tap, a retry after a timeout): two threads per pupil.
        for q in range(QUESTIONS):
            crowd.record_answer(pupil.token, f"quiz:{q}", f"pl-matching-{q + 1:02d}", "quiz", "pl", "matching",
                                f"answer{q}", q % 3 != 0, "" if q % 3 else "no_match")

    errors = _all_at_once([lambda p=p: answer_all(p) for p in joined for _ in (0, 1)])
    assert errors == []
    with crowd.engine.connect() as conn:
        per_pupil = Counter(r[0] for r in conn.execute(select(Answer.pupil_id)))
        total = conn.execute(select(func.count()).select_from(Answer)).scalar_one()
    assert per_pupil == {p.pupil_id: QUESTIONS for p in joined} and total == PUPILS * QUESTIONS
    right = sum(1 for q in range(QUESTIONS) if q % 3 != 0)
    for p in joined:
        tally = crowd.progress(p.token).practice["pl/matching"]
        assert (tally.attempts, tally.correct) == (QUESTIONS, right)   # no lost update of the tally
    board = load_board(crowd, made.teacher_key)
    assert len(board.pupils) == PUPILS
    assert all(q.answers == PUPILS and q.pupils == PUPILS for q in board.questions)


def test_thirty_pupils_taking_one_nickname_at_once_leave_exactly_one_owner(crowd):
    made = crowd.create_class("4b", "pl", "pl")
    won: list = []
    errors = _all_at_once([lambda i=i: won.append(crowd.join(made.info.code, "Ala" if i % 2 else "ALA"))
                           for i in range(PUPILS)])
    assert len(won) == 1
    assert len(errors) == PUPILS - 1
    assert all(isinstance(e, InputRefused) and e.code == "nickname_taken" for e in errors)
    with crowd.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(Pupil)).scalar_one() == 1


def test_the_best_stars_survive_two_devices_saving_at_once(crowd):
    made = crowd.create_class("4b", "pl", "pl")
    ala = crowd.join(made.info.code, "Ala")
    phone = crowd.rejoin(made.info.code, "Ala", ala.pin)
    errors = _all_at_once([lambda t=t, s=s: crowd.record_stars(t, "pl-01-goal-matching", s)
                           for t in (ala.token, phone.token) for s in (1, 3, 2, 0)])
    assert errors == []
    assert crowd.progress(ala.token).stars == {"pl-01-goal-matching": 3}


def test_two_app_servers_on_one_database_see_each_others_writes(db_url):
    """A pupil joins and answers through one server; the teacher's board is read through the other."""
    first, second = make_engine(db_url), make_engine(db_url)
    try:
        migrate(first)
        migrate(second)   # the second server starts later: nothing left to do
        server_a, server_b = Storage(first), Storage(second)
        made = server_b.create_class("4b", "pl", "pl", quiz=["pl-matching-01"])
        ala = server_a.join(made.info.code, "Ala")
        server_a.record_answer(ala.token, "q:0", "pl-matching-01", "quiz", "pl", "matching", "7h", False, "no_match")
        board = load_board(server_b, made.teacher_key)
        assert [p.nickname for p in board.pupils] == ["Ala"]
        (question,) = board.questions
        assert (question.answers, question.common_wrong, question.common_wrong_reason) == (1, "7h", "no_match")
        # …and back: the pupil rejoins through the second server and reloads through the first.
        again = server_b.rejoin(made.info.code, "ala", ala.pin)
        server_b.record_stars(again.token, "pl-01-goal-matching", 2)
        assert server_a.progress(ala.token).stars == {"pl-01-goal-matching": 2}
        new_key = server_a.rotate_teacher_key(made.teacher_key)
        with pytest.raises(Exception) as refused:
            load_board(server_b, made.teacher_key)
        assert getattr(refused.value, "code", None) == "teacher_key_revoked"
        assert load_board(server_b, new_key).pupils[0].nickname == "Ala"
    finally:
        first.dispose()
        second.dispose()
