"""A pupil's Play rating is kept in the class database, once per round, and comes back in order."""
from __future__ import annotations

import pytest

from storage.errors import InputRefused


@pytest.fixture
def klass(store):
    return store.create_class("4b", "pl", "pl", lessons=["pl-01-goal-matching"], quiz=["pl-matching-01"])


def test_ratings_are_kept_once_per_round_and_come_back_oldest_first(store, klass, clock):
    ala = store.join(klass.info.code, "Ala")
    assert store.record_rating(ala.token, "play:1:1:30:12.000", "pl", 26.5, 7.9) is True
    clock.now += 60
    assert store.record_rating(ala.token, "play:1:2:41:20.000", "pl", 27.25, 7.5) is True
    assert store.record_rating(ala.token, "play:1:2:41:20.000", "pl", 40.0, 1.0) is False   # a retry
    other_device = store.rejoin(klass.info.code, "ala", ala.pin)
    assert store.ratings(other_device.token) == [("play:1:1:30:12.000", "pl", 26.5, 7.9),
                                                  ("play:1:2:41:20.000", "pl", 27.25, 7.5)]
    assert store.ratings(store.join(klass.info.code, "Olek").token) == []


@pytest.mark.parametrize(("mu", "sigma", "field"), [(float("nan"), 1.0, "mu"), (25.0, 0.0, "sigma"),
                                                    (25.0, True, "sigma"), ("25", 1.0, "mu")])
def test_a_rating_that_does_not_fit_is_refused(store, klass, mu, sigma, field):
    ala = store.join(klass.info.code, "Ala")
    with pytest.raises(InputRefused) as refused:
        store.record_rating(ala.token, "r1", "pl", mu, sigma)
    assert refused.value.params["field"] == field
    assert store.ratings(ala.token) == []
