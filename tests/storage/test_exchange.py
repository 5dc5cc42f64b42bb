"""A pupil's link or cookie opens the class once: exchanged for a new token and burned (issue #27 item 4)."""
from __future__ import annotations

import pytest

from storage.errors import AccessRefused
from storage.repository import DAY_MS, TOKEN_DAYS


@pytest.fixture
def pupil(store):
    made = store.create_class("4b", "pl", "pl")
    return store.join(made.info.code, "Ala")


def test_an_exchanged_token_opens_nothing_afterwards(store, pupil) -> None:
    link = store.device_token(pupil.token)
    opened = store.exchange(link)
    assert (opened.pupil_id, opened.nickname, opened.info.name) == (pupil.pupil_id, "Ala", "4b")
    assert opened.token not in (link, pupil.token)
    with pytest.raises(AccessRefused) as refused:
        store.exchange(link)                       # a logged copy of the link
    assert refused.value.code == "pupil_token_unknown"
    with pytest.raises(AccessRefused):
        store.pupil(link)
    assert store.pupil(opened.token).pupil_id == pupil.pupil_id
    assert store.pupil(pupil.token).pupil_id == pupil.pupil_id   # the joining device's session keeps working


def test_a_wrong_or_malformed_token_is_refused_and_nothing_is_made(store, pupil) -> None:
    for wrong in ("pt_" + "x" * 32, "tk_abc", "", None, "pt_' OR 1=1 --"):
        with pytest.raises(AccessRefused):
            store.exchange(wrong)
    assert store.progress(pupil.token).nickname == "Ala"


def test_dropping_a_devices_token_keeps_the_pupil_and_other_devices(store, pupil) -> None:
    cookie = store.device_token(pupil.token)
    store.drop_token(cookie)
    with pytest.raises(AccessRefused):
        store.pupil(cookie)
    assert store.pupil(pupil.token).nickname == "Ala"
    store.drop_token("not a token")                # nothing to drop: no error


def test_tokens_unused_for_a_month_are_pruned_when_the_pupil_comes_back(store, pupil, clock) -> None:
    old_link = store.device_token(pupil.token)
    clock.advance((TOKEN_DAYS * DAY_MS) / 1000 + 60)
    cookie = store.device_token(pupil.token)
    store.exchange(cookie)
    with pytest.raises(AccessRefused):
        store.pupil(old_link)
