"""Tables in the database (issue #26): seats, moves judged as they are written, the club player
for absent people, replays, and the refusals — on SQLite and on PostgreSQL."""
from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from engine import table_round as tr
from engine.ruleset import load_ruleset
from storage.errors import AccessRefused, InputRefused, RateLimited, TableRefused
from storage.models import TableMove, TableSnapshot
from storage.ratelimit import Limits
from storage.tables import STALE_MS, TableStore

PL = load_ruleset("pl")


@pytest.fixture
def tables(store, clock) -> TableStore:
    """Tables on the migrated test database, on the hand-moved clock (snapshots every 8 moves)."""
    return TableStore(store.engine, Limits(), clock, snapshot_every=8)


def _table(tables, seats=3, people=("Ala", "Bartek"), **settings):
    made = tables.create_table(PL, seats, **settings)
    joined = [tables.join(made.info.code, name) for name in people]
    return made, joined


def _started(tables, seats=3, people=("Ala", "Bartek"), **settings):
    made, joined = _table(tables, seats, people, **settings)
    tables.start(made.maker_key)
    return made, joined


def _person_moves(tables, seat, view=None):
    """The seat's first legal move (a play when one may go) and its number, as its page would send them."""
    view = view or tables.seat_view(seat.token)
    rnd = view["round"]
    if rnd["over"] or rnd["to_move"] != seat.seat_no:
        return None
    return rnd["legal"][0], view["next_move"]


def _play_round(tables, made, joined, clock=None):
    """People move (their first legal move, a play when one may go), computers through ``play_overdue``, to the round's end."""
    for _ in range(3000):
        tables.play_overdue(made.info.id)
        view = tables.seat_view(joined[0].token)
        if view["round"]["over"]:
            return view
        for seat in joined:
            planned = _person_moves(tables, seat)
            if planned is not None:
                tables.submit_move(seat.token, planned[0], planned[1])
    raise AssertionError("the round did not end")


# ---------------------------------------------------------------------------- making and joining


def test_a_table_is_made_in_the_lobby_and_filled_by_joining(tables):
    made, joined = _table(tables)
    assert made.info.status == "lobby" and made.maker_key.startswith("tm_")
    assert [s.seat_no for s in joined] == [0, 1] and all(len(s.pin) == 4 for s in joined)
    kinds = [(s.kind, s.nickname) for s in tables.seats(made.info.id)]
    assert kinds == [("person", "Ala"), ("person", "Bartek"), ("computer", None)]
    assert tables.find_table(made.info.board_code.lower()).id == made.info.id


@pytest.mark.parametrize("settings, field", [
    ({"seats": 7}, "seats"), ({"seats": 1}, "seats"), ({"strength": "god"}, "strength"),
    ({"turn_limit": 45}, "turn_limit"), ({"rounds": 0}, "rounds"), ({"rounds": True}, "rounds"),
])
def test_settings_out_of_range_are_refused_by_field(tables, settings, field):
    with pytest.raises(InputRefused) as refused:
        tables.create_table(PL, **{"seats": 4, **settings})
    assert refused.value.code == "table_settings_invalid" and refused.value.params["field"] == field


def test_nicknames_are_checked_as_pupils_nicknames_are(tables):
    made, _ = _table(tables, seats=4, people=("Ala",))
    for name, code in (("ala", "nickname_taken"), ("AIa", "nickname_look_alike"), ("  ", "nickname_empty"),
                       ("A\u202eB", "nickname_bad_characters")):
        with pytest.raises(InputRefused) as refused:
            tables.join(made.info.code, name)
        assert refused.value.code == code


def test_a_full_or_started_table_takes_nobody_more(tables):
    made, _ = _table(tables, seats=2)
    with pytest.raises(AccessRefused) as full:
        tables.join(made.info.code, "Celina")
    assert full.value.code == "table_full"
    tables.start(made.maker_key)
    with pytest.raises(TableRefused) as started:
        tables.start(made.maker_key)
    assert started.value.code == "table_started"


def test_a_wrong_code_is_refused_and_counted_until_the_client_is_limited(tables):
    for _ in range(Limits().join_fail_per_client.hits):
        with pytest.raises(AccessRefused) as wrong:
            tables.find_table("ZZZZ-ZZZZ", client="10.0.0.9")
        assert wrong.value.code == "table_code_unknown"
    with pytest.raises(RateLimited):
        tables.find_table("ZZZZ-ZZZZ", client="10.0.0.9")


def test_a_class_pupil_sits_with_the_class_identity_and_gets_the_seat_back_on_another_device(tables, store):
    klass = store.create_class("4b", "pl", "pl")
    pupil = store.join(klass.info.code, "Zosia")
    made = tables.create_table(PL, 3, teacher_key=klass.teacher_key)
    first = tables.join_as_pupil(made.info.code, pupil.token)
    again = tables.join_as_pupil(made.info.code, store.rejoin(klass.info.code, "Zosia", pupil.pin).token)
    assert (first.nickname, first.seat_no) == ("Zosia", 0) and again.seat_no == 0
    with pytest.raises(AccessRefused):
        tables.seat(first.token)                       # the first device's token was replaced
    other = store.create_class("4c", "pl", "pl")
    stranger = store.join(other.info.code, "Olek")
    with pytest.raises(AccessRefused) as refused:
        tables.join_as_pupil(made.info.code, stranger.token)
    assert refused.value.code == "pupil_other_class"
    assert [t.id for t in tables.class_tables(klass.teacher_key)] == [made.info.id]


# ---------------------------------------------------------------------------- moves


def test_every_change_bumps_the_version_the_seats_poll(tables):
    made, joined = _table(tables)
    before = tables.version(made.info.id)
    tables.start(made.maker_key)
    started = tables.version(made.info.id)
    planned = _person_moves(tables, joined[0])
    done = tables.submit_move(joined[0].token, *planned)
    assert before < started < done.version == tables.version(made.info.id)
    assert tables.version(10_000) == 0


def test_an_illegal_move_is_refused_with_the_engines_reason_code_and_not_written(tables):
    made, joined = _started(tables)
    view = tables.seat_view(joined[0].token)
    rnd = view["round"]
    hand = rnd["hand"]
    st = tables.replay_round(made.info.id, 1)
    illegal = [c for c in hand if f"play {c}" not in rnd["legal"]]
    assert illegal, "the deal gives seat 0 a card it may not play"
    verdict = tr.judge(st, 0, f"play {illegal[0]}")
    with pytest.raises(TableRefused) as refused:
        tables.submit_move(joined[0].token, f"play {illegal[0]}", view["next_move"])
    assert refused.value.code == "move_illegal" and refused.value.params["reason"] == verdict.code
    assert tables.moves_count(made.info.id, 1) == 0 and tables.version(made.info.id) == view["table"]["version"]
    with pytest.raises(TableRefused) as early:
        tables.submit_move(joined[1].token, "draw", view["next_move"])
    assert early.value.code == "not_your_turn" and early.value.params["seat"] == 0
    with pytest.raises(InputRefused) as unreadable:
        tables.submit_move(joined[0].token, "play 1z", view["next_move"])
    assert unreadable.value.code == "move_unreadable"


def test_a_second_tap_with_the_same_move_number_is_refused_move_taken(tables):
    made, joined = _started(tables)
    move, number = _person_moves(tables, joined[0])
    tables.submit_move(joined[0].token, move, number)
    with pytest.raises(TableRefused) as taken:
        tables.submit_move(joined[0].token, move, number)
    assert taken.value.code == "move_taken" and tables.moves_count(made.info.id, 1) == 1


def test_a_server_writing_from_a_stale_position_is_stopped_by_the_key(tables, store, clock):
    """Two servers rebuilt the same position; the first writes move 0, the second's write of move 0
    is refused by the unique key itself (not by a check of the number)."""
    made, joined = _started(tables)
    other = TableStore(store.engine, Limits(), clock)
    with other.engine.connect() as conn:
        row = other._table_row(conn, made.info.id)
        stale = other._position(conn, row)
    move, number = _person_moves(tables, joined[0])
    tables.submit_move(joined[0].token, move, number)
    with pytest.raises(TableRefused) as taken, other.engine.begin() as conn:
        other._append(conn, row, stale, 0, move, "person", other.now())
    assert taken.value.code == "move_taken"
    assert tables.moves_count(made.info.id, 1) == 1


def test_a_whole_match_of_computer_players_replays_from_the_log_as_played(tables):
    made = tables.create_table(PL, 4, rounds=3)
    tables.start(made.maker_key)
    finals = []
    for round_no in (1, 2, 3):
        while not (final := tables.replay_round(made.info.id, round_no)).over:
            assert tables.play_overdue(made.info.id) > 0     # at most MAX_DUE_MOVES in one call
        finals.append(final)
        if round_no < 3:
            tables.next_round(made.maker_key, round_no)
            assert tables.next_round(made.maker_key, round_no).round_no == round_no + 1   # asked twice: dealt once
    info = tables.table(made.info.id)
    assert info.status == "finished"
    tables.forget_cache()
    match = tables.match(made.info.id)
    assert len(match.rounds) == 3 and match.decided
    for round_no, final in enumerate(finals, 1):
        from_log = tables.replay_round(made.info.id, round_no, use_snapshots=False)
        assert from_log == final == tables.replay_round(made.info.id, round_no)
        assert tr.round_score(from_log, tables.moves_count(made.info.id, round_no)).scores == \
            match.rounds[round_no - 1].scores
    with pytest.raises(TableRefused) as over:
        tables.next_round(made.maker_key, 3)
    assert over.value.code == "table_finished"


def test_snapshots_are_written_and_the_rebuild_from_one_equals_the_rebuild_from_the_log(tables, store):
    made = tables.create_table(PL, 4)
    tables.start(made.maker_key)
    while not tables.replay_round(made.info.id, 1).over:
        tables.play_overdue(made.info.id)
    with store.engine.connect() as conn:
        snaps = conn.execute(select(func.count()).select_from(TableSnapshot)).scalar_one()
        moves = conn.execute(select(func.count()).select_from(TableMove)).scalar_one()
    assert snaps == moves // 8 > 0
    tables.forget_cache()
    assert tables.replay_round(made.info.id, 1) == tables.replay_round(made.info.id, 1, use_snapshots=False)


def test_a_round_with_people_played_through_two_servers_ends_the_same_on_both(tables, store, clock):
    made, joined = _started(tables)
    other = TableStore(store.engine, Limits(), clock)
    for _ in range(3000):
        (tables if _ % 2 else other).play_overdue(made.info.id)
        view = other.seat_view(joined[0].token)
        if view["round"]["over"]:
            break
        for seat in joined:
            planned = _person_moves(other, seat)
            if planned is not None:
                (tables if planned[1] % 2 else other).submit_move(seat.token, *planned)
    assert view["round"]["over"]
    assert tables.seat_view(joined[1].token)["round"]["log"] == view["round"]["log"]
    assert tables.match(made.info.id).to_json() == other.match(made.info.id).to_json()


# ---------------------------------------------------------------------------- what each seat sees


def _names(cards, rules=PL):
    return {rules.deck.name(c) for c in cards}


def _hidden_found(blob: str, names) -> set[str]:
    return {n for n in names if f'"{n}"' in blob or f"{n}#" in blob}


def test_a_seat_never_receives_another_seats_cards_or_the_deck(tables):
    made, joined = _started(tables, seats=4, people=("Ala", "Bartek", "Celina"))
    checked = 0
    for _ in range(3000):
        st = tables.replay_round(made.info.id, 1)
        if st.over:
            break
        for seat in joined:
            view = tables.seat_view(seat.token)
            blob = json.dumps(view, ensure_ascii=False)
            hidden = _names(c for s, h in enumerate(st.hands) if s != seat.seat_no for c in h) | _names(st.deck)
            log = view["round"]["log"]
            seen_public = {c for e in log for ev in e["events"] if ev["event"] == "played" for c in ev["cards"]}
            # A card played earlier is public even after the pile was shuffled back into the deck.
            assert _hidden_found(blob, hidden - seen_public - _names(st.pile)) == set(), (seat.seat_no, blob)
            checked += 1
        for seat in joined:
            planned = _person_moves(tables, seat)
            if planned is not None:
                tables.submit_move(seat.token, *planned)
        tables.play_overdue(made.info.id)
    assert checked > 30


def test_the_leak_search_finds_cards_in_data_built_from_the_full_state(tables):
    """The search above is not blind: the same search finds the other hands in the full state."""
    made, joined = _started(tables, seats=3)
    st = tables.replay_round(made.info.id, 1)
    full = json.dumps({"hands": [[PL.deck.name(c) for c in h] for h in st.hands]})
    hidden = _names(c for h in st.hands[1:] for c in h)
    assert _hidden_found(full, hidden) == hidden


def test_drawn_cards_reach_only_the_drawer_and_the_log_says_only_how_many(tables):
    made, joined = _started(tables, seats=2)
    for _ in range(200):
        view = tables.seat_view(joined[0].token)
        rnd = view["round"]
        mover = joined[rnd["to_move"]]
        mine = tables.seat_view(mover.token)["round"]
        draw = next((m for m in mine["legal"] if m == "draw"), None)
        if draw:
            before = set(mine["hand"])
            tables.submit_move(mover.token, "draw", view["next_move"])
            after_mover = tables.seat_view(mover.token)
            other = joined[1 - mover.seat_no]
            after_other = json.dumps(tables.seat_view(other.token))
            new = set(after_mover["round"]["hand"]) - before
            entry = after_mover["round"]["log"][-1]
            assert entry["move"] == "draw"
            assert all("cards" not in ev for ev in entry["events"] if ev["event"] in ("drew", "drew_penalty"))
            st = tables.replay_round(made.info.id, 1)
            assert not _hidden_found(after_other, new - _names(st.pile))
            return
        tables.submit_move(mover.token, mine["legal"][0], view["next_move"])
    raise AssertionError("nobody drew")


def test_a_spectator_sees_hands_only_at_a_table_with_open_hands(tables):
    closed, _ = _started(tables)
    shut = tables.spectator_view(closed.maker_key)
    st = tables.replay_round(closed.info.id, 1)
    assert shut["round"]["hands"] is None
    assert _hidden_found(json.dumps(shut), _names(c for h in st.hands for c in h)) == set()
    opened, _ = _started(tables, open_hands=True)
    shown = tables.spectator_view(opened.maker_key)
    st = tables.replay_round(opened.info.id, 1)
    assert shown["round"]["hands"] == [[PL.deck.name(c) for c in h] for h in st.hands]
    assert _hidden_found(json.dumps(shown), _names(st.deck)) == set()


def test_the_teacher_watches_a_class_table_and_no_other(tables, store):
    klass = store.create_class("4b", "pl", "pl")
    made = tables.create_table(PL, 3, teacher_key=klass.teacher_key)
    tables.start(made.maker_key)
    assert tables.spectator_view(klass.teacher_key, made.info.id)["table"]["code"] == made.info.code
    foreign = tables.create_table(PL, 3)
    with pytest.raises(AccessRefused):
        tables.spectator_view(klass.teacher_key, foreign.info.id)


# ---------------------------------------------------------------------------- nobody stalls a table


def test_a_seat_past_its_turn_limit_is_played_by_the_club_player_until_its_person_returns(tables, clock):
    made = tables.create_table(PL, 2, turn_limit=30)
    ala = tables.join(made.info.code, "Ala")
    tables.start(made.maker_key)
    assert tables.seat_view(ala.token)["round"]["to_move"] == 0
    clock.advance(29)
    assert tables.play_overdue(made.info.id) == 0          # within the limit: Ala's turn waits
    clock.advance(1)
    made_moves = tables.play_overdue(made.info.id)
    view = tables.seat_view(ala.token)
    log = view["round"]["log"]
    assert made_moves >= 2 and log[0]["by"] == "stand_in" and log[0]["seat"] == 0
    assert view["you"]["present"] is False
    # Away: every turn of Ala's is played at once, with no wait for the limit.
    assert all(e["by"] == ("stand_in" if e["seat"] == 0 else "computer") for e in log) or view["round"]["over"]
    back = tables.come_back(ala.token)
    assert back.seat_no == 0 and tables.seat_view(ala.token)["you"]["present"] is True
    tables.play_overdue(made.info.id)
    view = tables.seat_view(ala.token)
    if not view["round"]["over"]:
        assert view["round"]["to_move"] == 0               # her turn waits for her again
        move = view["round"]["legal"][0]
        done = tables.submit_move(ala.token, move, view["next_move"])
        assert tables.seat_view(ala.token)["round"]["log"][done.move_no]["by"] == "person"


def test_a_person_who_leaves_is_played_for_and_a_person_not_seen_goes_away(tables, clock):
    made, (ala, bartek) = _started(tables, seats=2)
    tables.leave(ala.token)
    # Ala's moves by the club player up to Bartek's turn: one, or more where Ala's card makes Bartek
    # sit out (the deal comes from the table's secret seed).
    moved = tables.play_overdue(made.info.id)
    after = tables.seat_view(bartek.token)["round"]
    assert moved >= 1 and [entry["by"] for entry in after["log"]] == ["stand_in"] * moved
    assert after["to_move"] == bartek.seat_no or after["over"]
    clock.advance(STALE_MS / 1000)
    tables.touch(ala.token)
    assert tables.play_overdue(made.info.id) >= 1           # Bartek was not seen for 90 s
    assert tables.seat_view(bartek.token)["you"]["present"] is False


def test_the_maker_removes_a_seat_and_a_computer_player_takes_it(tables):
    made, (ala, bartek) = _started(tables, seats=2)
    tables.remove_seat(made.maker_key, 0)
    with pytest.raises(AccessRefused):
        tables.seat_view(ala.token)
    assert [s.kind for s in tables.seats(made.info.id)] == ["computer", "person"]
    tables.play_overdue(made.info.id)
    assert tables.seat_view(bartek.token)["round"]["log"][0]["by"] == "computer"
    with pytest.raises(AccessRefused) as gone:
        tables.remove_seat(made.maker_key, 0)
    assert gone.value.code == "seat_unknown"


def test_a_seat_is_reclaimed_on_another_device_with_code_nickname_and_pin(tables):
    made, (ala, _) = _started(tables)
    tables.leave(ala.token)
    back = tables.reclaim(made.info.board_code, "ALA", ala.pin)
    assert back.seat_no == 0 and tables.seat_view(back.token)["you"]["present"] is True
    with pytest.raises(AccessRefused) as old:
        tables.seat_view(ala.token)
    assert old.value.code == "seat_token_unknown"
    with pytest.raises(AccessRefused) as nobody:
        tables.reclaim(made.info.code, "Zenek", "1234")
    assert nobody.value.code == "seat_unknown"


def test_wrong_pins_are_limited_per_seat(tables):
    made, (ala, _) = _started(tables)
    wrong = "0000" if ala.pin != "0000" else "1111"
    for _ in range(Limits().pin_fail_per_pupil.hits):
        with pytest.raises(AccessRefused) as refused:
            tables.reclaim(made.info.code, "Ala", wrong)
        assert refused.value.code == "pin_wrong"
    with pytest.raises(RateLimited):
        tables.reclaim(made.info.code, "Ala", wrong)
    with pytest.raises(InputRefused) as shape:
        tables.reclaim(made.info.code, "Ala", "12")
    assert shape.value.code == "pin_format"
