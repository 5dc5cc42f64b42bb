"""Two servers racing at one table (threads, real connections): one move per number, none lost."""
from __future__ import annotations

import threading

import pytest

from engine.ruleset import load_ruleset
from storage.database import make_engine, migrate
from storage.errors import TableRefused
from storage.tables import TableStore


def _at_once(jobs):
    """Runs the jobs in threads released together; returns (results, errors)."""
    results, errors = [], []
    barrier = threading.Barrier(len(jobs))

    def run(job):
        barrier.wait()
        try:
            results.append(job())
        except BaseException as exc:   # collected for the assertions
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads), "a thread hung"
    return results, errors


@pytest.fixture
def servers(db_url):
    """Two app servers: each its own engine (pool, connections) on the one database."""
    engines = [make_engine(db_url, pool_size=4) for _ in range(2)]
    migrate(engines[0])
    yield [TableStore(e) for e in engines]
    for e in engines:
        e.dispose()


def test_two_writers_racing_for_the_same_move_number_one_wins_the_other_is_refused(servers):
    a, b = servers
    made = a.create_table(load_ruleset("pl"), 2)
    ala, bartek = a.join(made.info.code, "Ala"), a.join(made.info.code, "Bartek")
    a.start(made.maker_key)
    seats = {0: ala, 1: bartek}
    for _ in range(6):
        view = a.seat_view(ala.token)
        if view["round"]["over"]:
            break
        mover = seats[view["round"]["to_move"]]
        move = a.seat_view(mover.token)["round"]["legal"][0]
        number = view["next_move"]
        done, errors = _at_once([lambda s=s, t=mover.token, m=move, n=number: s.submit_move(t, m, n) for s in (a, b)])
        assert len(done) == 1 and done[0].move_no == number
        assert [type(e) for e in errors] == [TableRefused] and errors[0].code == "move_taken"
        assert b.moves_count(made.info.id, 1) == number + 1     # written once, never twice
    assert b.seat_view(bartek.token)["round"]["log"] == a.seat_view(ala.token)["round"]["log"]


def test_two_servers_playing_the_computer_seats_at_once_write_each_move_once(servers):
    a, b = servers
    made = a.create_table(load_ruleset("pl"), 4)
    a.start(made.maker_key)
    while not a.replay_round(made.info.id, 1).over:
        counts, errors = _at_once([lambda s=s: s.play_overdue(made.info.id) for s in (a, b)])
        assert errors == []
    total = a.moves_count(made.info.id, 1)
    a.forget_cache()
    assert a.replay_round(made.info.id, 1, use_snapshots=False) == b.replay_round(made.info.id, 1)
    assert [e["no"] for e in a.spectator_view(made.maker_key)["round"]["log"]] == list(range(total))
