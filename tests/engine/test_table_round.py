"""A table's round rebuilt from its log (engine/table_round.py): replays, snapshots, judging,
public events and what a seat's browser receives."""
from __future__ import annotations

import json

import pytest

from engine import table_round as tr
from engine.moves import Move, format_move
from engine.rules import check, legal_moves
from engine.ruleset import load_ruleset, variant_ids
from engine.seat_view import view_of


def _played(rules, players, seed, round_no=1, strength="club"):
    """A round played by computer players: its deal, every move in notation, every position."""
    st = tr.deal_round(rules, players, seed, round_no)
    states, log = [st], []
    while not st.over:
        move = tr.stand_in_move(st, strength, seed, len(log))
        st, _ = tr.apply(st, move)
        log.append(format_move(move, rules.deck))
        states.append(st)
    return states, log


@pytest.mark.parametrize("variant", variant_ids())
def test_a_round_replays_from_its_log_and_from_every_snapshot_with_the_rest(variant):
    rules = tr.rules_from_data(tr.ruleset_data(load_ruleset(variant)))
    for seed in range(6):
        states, log = _played(rules, rules.players[0] + seed % 2, seed)
        assert tr.replay(states[0], log) == states[-1]
        for k in range(0, len(log), 7):
            snapshot = json.loads(json.dumps(tr.state_to_json(states[k])))   # through the database's JSON
            start = tr.state_from_json(rules, snapshot)
            assert start == states[k]
            assert tr.replay(start, log[k:]) == states[-1]


def test_house_rules_travel_as_data_and_come_back_the_same_rules():
    from engine.ruleset_toml import house_ruleset

    house = house_ruleset("pl+play.runs=3")
    again = tr.rules_from_data(json.loads(json.dumps(tr.ruleset_data(house))))
    assert tr.ruleset_data(again) == tr.ruleset_data(house) and again.runs == 3


def test_a_damaged_log_is_refused_naming_the_move():
    rules = load_ruleset("pl")
    states, log = _played(rules, 3, 4)
    with pytest.raises(tr.TableRoundError, match="move 1"):
        tr.replay(states[0], [log[0], "play 1z"])
    with pytest.raises(tr.TableRoundError):
        tr.state_from_json(rules, {"hands": []})


def test_rounds_of_a_match_are_dealt_differently_and_the_same_every_time():
    rules = load_ruleset("pl")
    seeds = {tr.round_seed(77, n) for n in range(1, 50)}
    assert len(seeds) == 49 and tr.round_seed(77, 3) == tr.round_seed(77, 3)
    assert tr.round_seed(77, 2) - tr.round_seed(77, 1) != tr.round_seed(78, 2) - tr.round_seed(78, 1)
    assert tr.deal_round(rules, 4, 77, 1) == tr.deal_round(rules, 4, 77, 1) != tr.deal_round(rules, 4, 77, 2)


def test_the_judge_answers_with_the_engines_reason_code():
    rules = load_ruleset("pl")
    st = tr.deal_round(rules, 3, 5, 1)
    illegal = next(c for c in st.hands[0] if not check(st, Move("play", (c,))).legal)
    judged = tr.judge(st, 0, f"play {rules.deck.name(illegal)}")
    assert not judged.legal and judged.code == check(st, Move("play", (illegal,))).reason.code
    assert tr.judge(st, 1, "draw").code == "not_your_turn"
    assert tr.judge(st, 0, "play 1z").code == "move_unreadable"
    legal = legal_moves(st)[0]
    assert tr.judge(st, 0, format_move(legal, rules.deck)).legal


def test_a_forgotten_makao_costs_its_penalty_as_on_play():
    rules = load_ruleset("pl")
    for seed in range(200):
        states, log = _played(rules, 2, seed, strength="beginner")
        for st in states:
            if st.over or len(st.hands[st.to_move]) != 2:
                continue
            plays = [m for m in legal_moves(st) if m.kind == "play" and len(m.cards) == 1 and m.makao]
            if not plays:
                continue
            silent = plays[0]._replace(makao=False)
            _, events = tr.apply(st, silent)
            penalty = [e for e in tr.public_events(events) if e["event"] == "call_penalty"]
            assert penalty and penalty[0]["seat"] == st.to_move and penalty[0]["call"] == "makao"
            _, called = tr.apply(st, plays[0])
            assert not any(e.kind == "call_penalty" for e in called)
            return
    raise AssertionError("no position with a makao call due")


def test_public_events_tell_how_many_cards_were_drawn_never_which():
    rules = load_ruleset("pl")
    states, log = _played(rules, 3, 11)
    drew = 0
    for st, text in zip(states, log, strict=False):
        _, events = tr.apply(st, tr.read_move(text, rules))
        public = tr.public_events(events)
        for event, shown in zip([e for e in events if e.kind != "can_play_drawn"], public, strict=True):
            if event.kind in ("drew", "drew_penalty"):
                drew += 1
                assert "cards" not in shown and shown["count"] == event.params["count"]
            else:
                assert shown == event.to_json()
        assert not any(e["event"] == "can_play_drawn" for e in public)
    assert drew > 0


def _hidden(st, seat):
    names = {st.rules.deck.name(c) for s, h in enumerate(st.hands) if s != seat for c in h}
    return names | {st.rules.deck.name(c) for c in st.deck}


@pytest.mark.parametrize("variant", ["pl", "da", "hu", "ru-101"])
def test_a_seats_data_holds_no_card_it_may_not_see(variant):
    rules = load_ruleset(variant)
    states, log = _played(rules, 3, 21)
    for st in states[:: max(1, len(states) // 25)]:
        for seat in range(st.players):
            data = tr.seat_data(view_of(st, seat), [])
            blob = json.dumps(data)
            visible = {rules.deck.name(c) for c in st.hands[seat]} | {rules.deck.name(c) for c in st.pile}
            leaked = {n for n in _hidden(st, seat) - visible if f'"{n}"' in blob}
            assert leaked == set(), (variant, seat, leaked)
            assert data["hand"] == [rules.deck.name(c) for c in st.hands[seat]]
            assert data["hand_sizes"] == [len(h) for h in st.hands] and data["deck"] == len(st.deck)
            mine = not st.over and st.to_move == seat
            assert bool(data["legal"]) == mine


def test_a_spectator_gets_hands_only_at_an_open_table():
    rules = load_ruleset("pl")
    st = tr.deal_round(rules, 4, 9, 1)
    shut = tr.spectator_data(tr.seat_views(st), [], open_hands=False)
    assert shut["hands"] is None and "hand" not in shut
    assert not {n for n in _hidden(st, -1) if f'"{n}"' in json.dumps(shut)} - {rules.deck.name(c) for c in st.pile}
    shown = tr.spectator_data(tr.seat_views(st), [], open_hands=True)
    assert shown["hands"] == [[rules.deck.name(c) for c in h] for h in st.hands]


def test_the_match_table_is_scored_per_ruleset_and_shows_no_seed():
    rules = load_ruleset("pl")
    scores = []
    for round_no in (1, 2):
        states, log = _played(rules, 3, 31, round_no)
        scores.append(tr.round_score(states[-1], len(log)))
    match = tr.match_of(rules, 3, 2, scores)
    data = tr.match_json(match)
    assert match.decided and data["totals"]["scores"] == [sum(s.scores[i] for s in scores) for i in range(3)]
    assert all("seed" not in row for row in data["results"])
    assert sorted(scores[0].scores) == [0, 1, 2]           # pl: place points n-1 … 0
