"""The learner's record kept in the browser: signed round trip, refusals, the merge with a fresh session (issue 29)."""
from __future__ import annotations

import base64
import json
import zlib
from datetime import UTC, datetime, timedelta

import pytest

from engine.drills import drill_by_id
from engine.path import placement_drills, shipped_paths
from ui.shell import kept_record, learner, review

CLOCK = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _answered() -> dict:
    state: dict = {}
    path = shipped_paths()["pl"]
    learner.place(state, path, {d.id: True for d in placement_drills(path)})
    drill = placement_drills(path)[0]
    learner.answer_drill(state, drill, False, CLOCK)
    learner.lesson_finished(state, "pl-01-goal-matching", 2)
    learner.round_finished(state, "pl", ("beginner",), False)
    return state[learner.LEARNING]


def test_a_packed_record_comes_back_whole_with_its_due_cards() -> None:
    rec = _answered()
    back = kept_record.unpack(kept_record.pack(rec))
    assert back == json.loads(json.dumps(rec))
    assert back["placement"]["pl"]["start"] == 6
    assert review.due_keys(back["cards"], CLOCK + timedelta(minutes=5), "pl") == \
        review.due_keys(rec["cards"], CLOCK + timedelta(minutes=5), "pl") != []
    assert back["rating"] == rec["rating"] and back["goals"] == {"pl": ["round_beginners"]}


def _edited(blob: str, change) -> str:
    signature, body = blob.split(".", 1)
    kept = json.loads(zlib.decompress(base64.urlsafe_b64decode(body)))
    change(kept["record"])
    new_body = base64.urlsafe_b64encode(zlib.compress(json.dumps(kept).encode())).decode()
    return signature + "." + new_body


@pytest.mark.parametrize(("blob", "reason"), [
    (None, "damaged"), ("", "damaged"), ("no dot here", "damaged"), ("abc.def", "signature"),
])
def test_a_blob_that_is_not_a_record_is_refused_with_a_reason(blob, reason) -> None:
    with pytest.raises(kept_record.KeptRecordError) as refused:
        kept_record.unpack(blob)
    assert refused.value.reason == reason


def test_a_record_edited_in_the_browser_is_refused() -> None:
    blob = kept_record.pack(_answered())
    made_up = _edited(blob, lambda r: r.update(rating=[60.0, 1.0]))
    with pytest.raises(kept_record.KeptRecordError) as refused:
        kept_record.unpack(made_up)
    assert refused.value.reason == "signature"
    assert kept_record.unpack(blob)["rating"][0] < 60.0


def test_a_signed_blob_of_the_wrong_shape_is_refused_as_damaged() -> None:
    body = base64.urlsafe_b64encode(zlib.compress(json.dumps({"v": 1, "record": {"cards": [1]}}).encode()))
    with pytest.raises(kept_record.KeptRecordError) as refused:
        kept_record.unpack(kept_record._sign(body) + "." + body.decode())
    assert refused.value.reason == "damaged"


def test_a_kept_record_merged_into_a_fresh_session_loses_neither() -> None:
    kept = _answered()
    fresh: dict = {}
    drill = drill_by_id("pl-drawing-01")
    learner.answer_drill(fresh, drill, True, CLOCK + timedelta(days=1))
    merged = kept_record.merge(kept, fresh[learner.LEARNING])
    assert set(merged["cards"]) == set(kept["cards"]) | set(fresh[learner.LEARNING]["cards"])
    assert len(merged["history"]) == len(kept["history"]) + 1
    assert merged["history"][-1]["id"] == "pl-drawing-01"
    assert merged["placement"]["pl"]["start"] == 6 and merged["lessons"] == {"pl-01-goal-matching": 2}
    assert merged["rating"] == fresh[learner.LEARNING]["rating"]
    assert kept_record.merge(kept, learner.record({})) == {**kept, "history": kept["history"]}


def test_an_empty_record_is_never_written_over_a_kept_one() -> None:
    assert kept_record.is_empty(learner.record({}))
    assert not kept_record.is_empty(_answered())
