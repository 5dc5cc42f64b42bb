"""Attempt limits under a burst: 100 wrong tries at once are judged at most as often as the limit allows."""
from __future__ import annotations

from collections import Counter

import pytest

from storage.errors import StorageError
from storage.ratelimit import Limits
from tests.storage.together import pooled_storage, run_together

BURST = 100


def _outcomes(jobs) -> Counter:
    """Runs the jobs in threads released together; counts what each ended with ("ok" or the refusal's code)."""
    return Counter(
        "ok" if ended is None else ended.code if isinstance(ended, StorageError) else f"error {ended!r}"
        for ended in run_together(jobs, wait=300)
    )


@pytest.fixture
def burst_store(db_url):
    """A storage whose pool holds a connection for every thread of the burst."""
    with pooled_storage(db_url, BURST, Limits(), max_overflow=0, pool_timeout=300) as store:
        yield store


def test_a_hundred_wrong_pins_at_once_are_judged_five_times(burst_store, backend):
    made = burst_store.create_class("4b", "pl", "pl")
    ala = burst_store.join(made.info.code, "Ala")
    wrong = [f"{i:04d}" for i in range(BURST + 1) if f"{i:04d}" != ala.pin][:BURST]
    outcomes = _outcomes([lambda pin=pin: burst_store.rejoin(made.info.code, "Ala", pin) for pin in wrong])
    print(f"\n{backend}: {BURST} parallel wrong PINs, limit {Limits().pin_fail_per_pupil.hits}: {dict(outcomes)}")
    assert outcomes == {"pin_wrong": Limits().pin_fail_per_pupil.hits, "rate_limited": BURST - 5}


def test_a_hundred_wrong_class_codes_at_once_are_answered_wrong_twenty_times(burst_store, backend):
    made = burst_store.create_class("4b", "pl", "pl")
    codes = [c for c in (f"2222{i:04d}".replace("0", "Z").replace("1", "Y") for i in range(BURST + 1))
             if c != made.info.code][:BURST]
    jobs = [lambda c=c: burst_store.join(c, "Ala", client="192.0.2.9") for c in codes]
    jobs.append(lambda: burst_store.join(made.info.code, "Ola", client="192.0.2.9"))   # a real pupil in the burst
    outcomes = _outcomes(jobs)
    print(f"\n{backend}: {BURST} parallel wrong codes + 1 right, limit {Limits().join_fail_per_client.hits}: "
          f"{dict(outcomes)}")
    assert outcomes == {"class_code_unknown": 20, "rate_limited": BURST - 20, "ok": 1}


def test_a_hundred_wrong_teacher_keys_at_once_are_answered_wrong_twenty_times(burst_store, backend):
    made = burst_store.create_class("4b", "pl", "pl")
    jobs = [lambda i=i: burst_store.authorize_teacher(f"tk_guess{i}", client="192.0.2.9") for i in range(BURST)]
    jobs.append(lambda: burst_store.authorize_teacher(made.teacher_key, client="192.0.2.9"))   # the board's refresh
    outcomes = _outcomes(jobs)
    print(f"\n{backend}: {BURST} parallel wrong teacher keys + the right one, limit "
          f"{Limits().teacher_fail_per_client.hits}: {dict(outcomes)}")
    assert outcomes == {"teacher_key_wrong": 20, "rate_limited": BURST - 20, "ok": 1}
