"""No answer lost: what the database does not take is kept in the session and sent again (D9)."""
from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from engine.drills import drill_by_id
from storage.board import load_board
from storage.database import make_engine, migrate
from storage.ratelimit import Limit, Limits
from storage.repository import Storage
from ui.classes import progress as saved
from ui.practice.score import Progress, record


class Outage:
    """Opens the storage, or fails as an unreachable database does while ``down``."""

    def __init__(self, store: Storage):
        self.store, self.down = store, False

    def __call__(self) -> Storage:
        if self.down:
            raise OperationalError("connect", {}, ConnectionRefusedError("connection refused"))
        return self.store


@pytest.fixture
def made(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'outage.sqlite3'}")
    migrate(engine)
    store = Storage(engine, Limits(answer_per_pupil=Limit(2, 60)), clock=lambda: 1_800_000_000.0)
    klass = store.create_class("4b", "pl", "en", quiz=["pl-jack-01", "pl-matching-01"])
    access = store.join(klass.info.code, "Tomek")
    state: dict = {}
    saved.become_pupil(state, access, access.token)
    yield store, klass, state
    engine.dispose()


def _answer(state: dict, open_storage, drill_id: str, right: bool) -> None:
    """One practice answer scored on the page, then the hook that saves it after the run."""
    drill = drill_by_id(drill_id)
    progress = state.get(saved.PRACTICE_PROGRESS) or Progress()
    state[saved.PRACTICE_PROGRESS] = record(progress, "pl", drill.topic, right)
    state[saved.PRACTICE_ANSWER] = {"id": drill.id, "right": right, "response": []}
    state[saved.PRACTICE_MODE] = "class"
    saved.sync_practice(state, open_storage, lambda: drill)


def test_answers_given_while_the_database_is_down_are_saved_once_it_is_back(made) -> None:
    store, klass, state = made
    outage = Outage(store)
    state[saved.PRACTICE_PROGRESS] = Progress()
    saved.sync_practice(state, outage, lambda: None)                # the mark
    outage.down = True
    _answer(state, outage, "pl-jack-01", True)
    _answer(state, outage, "pl-matching-01", False)
    assert saved.unsaved(state) == 2                                # the page says "not saved yet: 2"
    assert state[saved.NOTICE][0] == "storage_unavailable"
    assert load_board(store, klass.teacher_key).pupils[0].answers == 0
    outage.down = False
    saved.sync_learn(state, outage)                                 # the next run of any page
    assert saved.unsaved(state) == 0
    board = load_board(store, klass.teacher_key)
    assert board.pupils[0].answers == 2
    stored = store.progress(state[saved.TOKEN])
    assert [(a.question_id, a.correct) for a in stored.answers] == [("pl-jack-01", True), ("pl-matching-01", False)]
    saved.sync_learn(state, outage)                                 # a further run sends nothing twice
    assert len(store.progress(state[saved.TOKEN]).answers) == 2


def test_an_answer_refused_by_the_rate_limit_is_kept_and_sent_in_the_next_window(made) -> None:
    store, klass, state = made
    state[saved.PRACTICE_PROGRESS] = Progress()
    saved.sync_practice(state, lambda: store, lambda: None)
    for _ in range(3):                                             # the limit is 2 a minute
        _answer(state, lambda: store, "pl-jack-01", True)
    assert saved.unsaved(state) == 1 and state[saved.NOTICE][0] == "rate_limited"
    later = Storage(store.engine, store.limits, clock=lambda: 1_800_000_100.0)
    saved.sync_learn(state, lambda: later)
    assert saved.unsaved(state) == 0 and len(store.progress(state[saved.TOKEN]).answers) == 3


def test_a_play_round_and_stars_wait_for_the_database_too(made) -> None:
    store, klass, state = made
    outage = Outage(store)
    outage.down = True
    assert saved.sync_play(state, outage, lambda: [("r1", "pl", 2, True, 3, 1, 2)]) == 0
    state[saved.LEARN_STARS] = {"pl-01-goal-matching": 2}
    assert saved.sync_learn(state, outage) == 0
    assert saved.unsaved(state) == 2
    outage.down = False
    assert saved.sync_learn(state, outage) == 1
    assert saved.unsaved(state) == 0
    rounds = store.progress(state[saved.TOKEN]).rounds     # the place and mistakes waited with the round
    assert (rounds.played, rounds.place_total, rounds.mistakes) == (1, 1, 2)
    assert store.progress(state[saved.TOKEN]).rounds.played == 1
