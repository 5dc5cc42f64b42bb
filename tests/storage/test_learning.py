"""A pupil's learner record (review cards, rating, placement, answers) kept in the class database (issue 29)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import OperationalError

from engine.drills import drill_by_id
from storage.errors import AccessRefused, InputRefused
from storage.models import LearningRecord
from ui.shell import learner

CLOCK = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


@pytest.fixture
def klass(store):
    return store.create_class("4b", "pl", "pl")


def _record(*answers: tuple[str, bool]) -> dict:
    state: dict = {}
    for drill_id, right in answers:
        learner.answer_drill(state, drill_by_id(drill_id), right, CLOCK)
    return learner.record(state)


def test_a_pupils_record_comes_back_and_a_later_one_replaces_it(store, klass, engine):
    ala = store.join(klass.info.code, "Ala")
    assert store.learning(ala.token) is None
    first = _record(("pl-matching-01", False))
    store.save_learning(ala.token, first)
    assert store.learning(ala.token) == first
    later = _record(("pl-matching-01", False), ("pl-drawing-01", True))
    store.save_learning(ala.token, later)
    back = store.learning(ala.token)
    assert back == later and set(back["cards"]) == {"drill:pl-matching-01", "drill:pl-drawing-01"}
    with engine.connect() as conn:
        row = conn.execute(select(LearningRecord)).one()
        assert conn.execute(select(func.count()).select_from(LearningRecord)).scalar_one() == 1
    assert (row.cards, row.rating_mu, row.class_id) == (2, later["rating"][0], klass.info.id)


def test_records_are_per_pupil_and_go_with_the_pupil(store, klass):
    ala, ola = store.join(klass.info.code, "Ala"), store.join(klass.info.code, "Ola")
    store.save_learning(ala.token, _record(("pl-matching-01", True)))
    assert store.learning(ola.token) is None
    store.leave(ala.token)
    with pytest.raises(AccessRefused):
        store.learning(ala.token)


@pytest.mark.parametrize("bad", [None, [], {"cards": []}, {"rating": ["x", 1]}, {"rating": [float("nan"), 1.0]},
                                 {"cards": {}, "history": ["x" * 2_000_001]}])
def test_a_record_that_is_not_one_is_refused(store, klass, bad):
    ala = store.join(klass.info.code, "Ala")
    with pytest.raises(InputRefused):
        store.save_learning(ala.token, bad)
    assert store.learning(ala.token) is None


# ---------------------------------------------------------------------------- the session's side (ui/classes/learning.py)

def _pupil_session(store, klass, nickname="Ala") -> dict:
    from ui.classes.progress import become_pupil
    access = store.join(klass.info.code, nickname)
    state: dict = {}
    become_pupil(state, store.pupil(access.token), access.token)
    return state


def test_a_pupils_record_is_stored_when_it_changes_and_read_back_on_a_new_device(store, klass):
    from ui.classes.learning import restore_learning, sync_learning
    from ui.classes.progress import TOKEN, become_pupil
    phone = _pupil_session(store, klass)
    assert restore_learning(phone, lambda: store) and not sync_learning(phone, lambda: store)  # nothing yet
    learner.answer_drill(phone, drill_by_id("pl-matching-01"), False, CLOCK)
    assert sync_learning(phone, lambda: store)
    assert not sync_learning(phone, lambda: store)             # unchanged: not written again
    laptop: dict = {}
    learner.answer_drill(laptop, drill_by_id("pl-drawing-01"), True, CLOCK)   # before signing in
    become_pupil(laptop, store.pupil(phone[TOKEN]), phone[TOKEN])
    assert restore_learning(laptop, lambda: store)
    cards = learner.record(laptop)["cards"]
    assert set(cards) == {"drill:pl-matching-01", "drill:pl-drawing-01"}
    assert sync_learning(laptop, lambda: store)
    assert set(store.learning(phone[TOKEN])["cards"]) == set(cards)


class _Away:
    """A database that cannot be reached for a while."""

    def __init__(self, store):
        self.store, self.away = store, True

    def __call__(self):
        if self.away:
            raise OperationalError("SELECT 1", {}, Exception("connection refused"))
        return self.store


def test_a_write_that_fails_is_sent_again_and_a_failed_read_never_overwrites(store, klass):
    from ui.classes.learning import restore_learning, sync_learning
    from ui.classes.progress import NOTICE, TOKEN
    state = _pupil_session(store, klass)
    first = _record(("pl-matching-01", True))
    store.save_learning(state[TOKEN], first)
    away = _Away(store)
    learner.answer_drill(state, drill_by_id("pl-drawing-01"), False, CLOCK)
    assert not restore_learning(state, away) and state[NOTICE][0] == "storage_unavailable"
    assert not sync_learning(state, away)
    assert store.learning(state[TOKEN]) == first              # the unread stored record is not overwritten
    away.away = False
    assert restore_learning(state, away) and sync_learning(state, away)
    assert set(store.learning(state[TOKEN])["cards"]) == {"drill:pl-matching-01", "drill:pl-drawing-01"}
    learner.answer_drill(state, drill_by_id("pl-four-01"), True, CLOCK)
    away.away = True
    assert not sync_learning(state, away)                     # kept unsaved in the session
    away.away = False
    assert sync_learning(state, away)
    assert "drill:pl-four-01" in store.learning(state[TOKEN])["cards"]


def test_the_board_shows_each_pupils_path_position_and_rating(store, klass):
    from engine.path import placement_drills, shipped_paths
    from ui.classes.learning_board import pupil_rows, spread_text
    from ui.present.i18n import translator
    ala, ola, ewa = (store.join(klass.info.code, name) for name in ("Ala", "Ola", "Ewa"))
    path = shipped_paths()["pl"]
    placed: dict = {}
    learner.place(placed, path, {d.id: True for d in placement_drills(path)})
    store.save_learning(ala.token, learner.record(placed))
    store.save_learning(ola.token, _record(("pl-matching-01", False), ("pl-drawing-01", False)))
    records = store.class_learning(klass.teacher_key)
    assert [name for name, _ in records] == ["Ala", "Ola"]            # Ewa has no record yet
    rows = pupil_rows(records, "pl", translator("en"))
    assert rows[0]["Steps done"] == f"6/{len(path.steps)}" and rows[1]["Steps done"] == f"0/{len(path.steps)}"
    assert rows[1]["Next step"] == "Lesson: The goal: empty your hand"
    assert rows[0]["Rating"] > 1500 > rows[1]["Rating"]
    low, high = sorted((rows[0]["Rating"], rows[1]["Rating"]))
    assert spread_text(rows, translator("en")) == f"Ratings from {low} to {high}; the middle pupil has {round((low + high) / 2)}."
    with pytest.raises(AccessRefused):
        store.class_learning(ewa.token)                                # a pupil's token opens no board
