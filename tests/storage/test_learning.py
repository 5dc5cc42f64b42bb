"""A pupil's learner record (review cards, rating, placement, answers) kept in the class database (issue 29)."""
from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import func, select

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
