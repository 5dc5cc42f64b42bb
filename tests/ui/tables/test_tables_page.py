"""AppTest: Play together — make a table, sit down, a second seat through the store, start, move,
see the other's move after the poll; refusals in words; what the card table gets of the others' cards."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.ruleset import load_ruleset
from storage.database import make_engine, migrate
from storage.errors import AccessRefused
from storage.tables import TableStore
from ui.tables import page
from ui.widgets import keeper

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
TABLES = "app_pages/tables.py"


@pytest.fixture(autouse=True)
def database(tmp_path, monkeypatch) -> str:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    monkeypatch.setenv("MAKAO_DB_URL", url)
    return url


@pytest.fixture
def store(database) -> TableStore:
    engine = make_engine(database)
    migrate(engine)
    yield TableStore(engine)
    engine.dispose()


def open_page() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page(TABLES).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str) -> AppTest:
    labels = [b.label for b in at.button]
    assert label in labels, labels
    at.button[labels.index(label)].click().run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption] + [e.value for e in at.error]
                     + [e.value for e in at.code])


def card_table(at: AppTest) -> dict:
    found = [e for e in at.main if e.type == "bidi_component" and e.key == page.TABLE_WIDGET]
    assert len(found) == 1
    return json.loads(found[0].proto.json)


def view(at: AppTest) -> dict:
    return at.session_state[page.VIEW][1]


def make_and_sit(nickname: str = "Ala", seats: int = 3) -> AppTest:
    at = open_page()
    at.selectbox(key=page.FORM + "ruleset").set_value("pl").run()
    at.selectbox(key=page.FORM + "seats").set_value(seats)
    click(at, "Make the table")
    at.text_input(key=page.JOIN_NAME).set_value(nickname)
    return click(at, "Sit at the table")


def play_one(at: AppTest, store: TableStore) -> str:
    """The seat's first legal move made as the card table makes it: taps, Play, a choice in the picker."""
    rnd = view(at)["round"]
    legal = rnd["legal"]
    first = legal[0]
    if first.startswith("play"):
        for card in first.split()[1:]:
            if card in ("demand", "suit", "makao", "kakao"):
                break
            page.act(at.session_state, store, {"type": "tap", "card": card})
        page.act(at.session_state, store, {"type": "play"})
        choice = at.session_state[page.CHOICE]
        if choice.picking:   # a jack's demand or an ace's wish: the first offered
            value = first.split()[-1]
            page.act(at.session_state, store, {"type": "pick", "value": value})
    else:
        page.act(at.session_state, store, {"type": "move", "move": first})
    at.run()
    assert not at.exception, at.exception
    return first


def test_a_table_is_made_shared_by_a_code_after_hash_and_played_by_two_people(store):
    at = make_and_sit()
    shown = texts(at)
    code = view(at)["table"]["board_code"]
    assert code in shown
    assert f"tables#table={code}" in shown and "?" not in shown.split(f"tables#table={code}")[0][-40:]
    pin = at.session_state[page.JOINED]["pin"]
    assert pin in "\n".join(m.value for m in at.markdown)
    # The maker's key and the seat's token are in the session only: never on the page.
    assert at.session_state[page.MAKER] not in shown and at.session_state[page.TOKEN] not in shown

    bartek = store.join(code, "Bartek")
    at.run()
    assert "Bartek" in texts(at)
    click(at, "Start the round")
    rnd = view(at)["round"]
    assert rnd is not None and "hand" in rnd

    # Ala (seat 0) moves first at a dealt table; the move is written with its number.
    assert rnd["to_move"] == 0
    before = store.moves_count(view(at)["table"] and store.seat(bartek.token).table.id, 1)
    made = play_one(at, store)
    table_id = store.seat(bartek.token).table.id
    assert store.moves_count(table_id, 1) == before + 1
    assert store.seat_view(bartek.token)["round"]["log"][0]["move"] == made

    # Bartek moves through the store (another device); Ala's next poll shows it, in words.
    theirs = store.seat_view(bartek.token)
    while theirs["round"]["to_move"] != 1:
        store.play_overdue(table_id)
        theirs = store.seat_view(bartek.token)
        if theirs["round"]["to_move"] == 0:
            play_one(at, store)
            theirs = store.seat_view(bartek.token)
    store.submit_move(bartek.token, theirs["round"]["legal"][-1], theirs["next_move"])
    at.run()
    assert not at.exception, at.exception
    news = "\n".join(at.session_state[page.NEWS][1])
    assert "player 2" in news.lower() or "Player 2" in news, news


def test_the_card_table_gets_no_card_of_another_hand_nor_of_the_deck(store):
    at = make_and_sit(seats=4)
    code = view(at)["table"]["code"]
    store.join(code, "Bartek")
    at.run()
    click(at, "Start the round")
    table_id = at.session_state[page.TABLE_ID]
    for _ in range(6):
        data = json.dumps(card_table(at))
        secret = store.replay_round(table_id, 1)
        mine = set(view(at)["round"]["hand"])
        public = {c for e in view(at)["round"]["log"] for ev in e["events"] for c in ev.get("cards", ())
                  if ev["event"] == "played"} | set(view(at)["round"]["pile"]["recent"])
        deck = secret.rules.deck
        hidden = {deck.name(c) for seat, hand in enumerate(secret.hands) if seat != 0 for c in hand}
        hidden |= {deck.name(c) for c in secret.deck}
        leaked = {name for name in hidden - mine - public if f'"{name}"' in data or f'"{name}#' in data}
        assert not leaked, leaked
        if view(at)["round"]["over"]:
            break
        if view(at)["round"]["to_move"] == 0:
            play_one(at, store)
        else:
            store.play_overdue(table_id)
            at.run()


def test_a_wrong_code_and_a_wrong_pin_are_said_in_words(store):
    at = open_page()
    at.text_input(key=page.JOIN_CODE).set_value("ZZZZ-ZZZZ")
    at.text_input(key=page.JOIN_NAME).set_value("Ala")
    click(at, "Sit at the table")
    assert "No table has this code" in texts(at)

    made = store.create_table(load_ruleset("pl"), 3)
    joined = store.join(made.info.code, "Ala")
    wrong = "0000" if joined.pin != "0000" else "1111"
    at.text_input(key=page.BACK_CODE).set_value(made.info.board_code)
    at.text_input(key=page.BACK_NAME).set_value("Ala")
    at.text_input(key=page.BACK_PIN).set_value(wrong)
    click(at, "Take my seat back")
    assert "This PIN is wrong" in texts(at)
    at.text_input(key=page.BACK_PIN).set_value(joined.pin)
    at.text_input(key=page.BACK_CODE).set_value(made.info.board_code)
    at.text_input(key=page.BACK_NAME).set_value("Ala")
    click(at, "Take my seat back")
    assert at.session_state[page.TOKEN].startswith("ts_")
    with pytest.raises(AccessRefused):
        store.seat_view(joined.token)   # the old device's token stops working


def test_a_link_with_the_code_after_hash_fills_the_join_form(store):
    at = open_page()
    at.session_state[keeper.TAKEN] = ("table", "ABCD-EFGH")
    at.run()
    assert at.text_input(key=page.JOIN_CODE).value == "ABCD-EFGH"


def test_the_maker_removes_a_seat(store):
    at = make_and_sit()
    code = view(at)["table"]["code"]
    store.join(code, "Bartek")
    at.run()
    labels = [b.key for b in at.button]
    at.button(key="tables_remove_1").click().run()
    assert not at.exception
    assert "Bartek" not in texts(at), labels
