"""The limits are settings: secrets' [classes.limits] and MAKAO_LIMIT_* in the environment."""
from __future__ import annotations

import pytest

from storage.ratelimit import LIMIT_NAMES, Limit, Limits, limits_from, parse_limit


def test_the_defaults_stand_when_nothing_is_set():
    assert limits_from({}, environ={}) == Limits()


def test_secrets_change_a_limit_and_the_environment_wins_over_them():
    chosen = limits_from({"pin_fail_per_pupil": "8/300", "teacher_fail_per_client": "50 / 600"},
                         environ={"MAKAO_LIMIT_PIN_FAIL_PER_PUPIL": "3/60"})
    assert chosen.pin_fail_per_pupil == Limit(3, 60)
    assert chosen.teacher_fail_per_client == Limit(50, 600)
    assert chosen.join_fail_per_client == Limits().join_fail_per_client


@pytest.mark.parametrize("text", ["5", "5/0", "0/600", "five/600", "5/600/1", "-5/600", ""])
def test_a_limit_that_is_not_hits_per_seconds_is_refused_clearly(text):
    with pytest.raises(ValueError, match="hits/seconds"):
        parse_limit(text)


def test_an_unknown_limit_name_is_refused_with_the_known_names():
    with pytest.raises(ValueError, match="pin_fail_per_pupil"):
        limits_from({"pin_fails": "5/600"}, environ={})


def test_every_limit_can_be_set_from_the_environment():
    environ = {f"MAKAO_LIMIT_{name.upper()}": "7/70" for name in LIMIT_NAMES}
    assert all(getattr(limits_from({}, environ=environ), name) == Limit(7, 70) for name in LIMIT_NAMES)
