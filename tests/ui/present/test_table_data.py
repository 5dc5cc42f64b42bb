"""The card table's shared data (ui.present.table_data): seats, order and direction, pile, deck."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.position import position_from_json
from ui.present.i18n import translator
from ui.present.table_data import PILE_SHOWN, table_common

EN = translator("en")
SHARED_KEYS = {"seats", "viewer", "order_text", "direction_text", "clockwise", "pile", "pile_label", "deck"}
NAMES = ["Ann", "Bob", "Cid"]


def _state(**fields):
    return position_from_json({"variant": "pl", "hands": [["Kh", "2c"], ["7d"], ["As", "Qs", "3h"]], "to_move": 1,
                               "pile": ["5c", "6c", "7c", "8c"], "deck": ["9h", "10h"], **fields})


def _data_card(svg: str) -> str:
    return ET.fromstring(svg).get("data-card")


def test_it_holds_exactly_the_shared_keys() -> None:
    assert set(table_common(_state(), EN, viewer=1, names=NAMES)) == SHARED_KEYS


def test_the_seats_sit_around_the_viewer_with_their_names_or_titles() -> None:
    seats = table_common(_state(), EN, viewer=1, names=NAMES)["seats"]
    assert [(s["seat"], s["offset"], s["name"], s["you"], s["count"]) for s in seats] == [
        (0, 2, "Ann", False, 2), (1, 0, "Bob", True, 1), (2, 1, "Cid", False, 3)]
    titled = table_common(_state(), EN, viewer=1, names=NAMES, titles=["Ann · expert", "Bob", "Cid · novice"])
    assert [s["name"] for s in titled["seats"]] == ["Ann · expert", "Bob", "Cid · novice"]
    assert titled["order_text"] == table_common(_state(), EN, viewer=1, names=NAMES)["order_text"]


def test_open_hands_show_the_other_seats_cards_and_never_the_viewers() -> None:
    closed = table_common(_state(), EN, viewer=1, names=NAMES)["seats"]
    assert [s["faces"] for s in closed] == [None, None, None]
    st = _state()
    seats = table_common(st, EN, viewer=1, names=NAMES, open_hands=True)["seats"]
    assert seats[1]["faces"] is None
    for seat, cards in ((0, {"Kh", "2c"}), (2, {"As", "Qs", "3h"})):   # in the order the hand holds them
        assert [_data_card(svg) for svg in seats[seat]["faces"]] == [st.rules.deck.name(c) for c in st.hands[seat]]
        assert {_data_card(svg) for svg in seats[seat]["faces"]} == cards


def test_the_order_and_direction_of_play_follow_the_state() -> None:
    ahead = table_common(_state(), EN, viewer=1, names=NAMES)
    assert ahead["order_text"] == "Order of play: Ann → Bob → Cid, then Ann again."
    assert (ahead["direction_text"], ahead["clockwise"]) == ("Direction of play: clockwise", True)
    back = table_common(_state().with_(direction=-1), EN, viewer=1, names=NAMES)
    assert back["order_text"] == "Order of play: Ann → Cid → Bob, then Ann again."
    assert (back["direction_text"], back["clockwise"]) == ("Direction of play: counterclockwise", False)


def test_the_pile_shows_its_top_cards_the_top_one_last_and_names_it() -> None:
    data = table_common(_state(), EN, viewer=1, names=NAMES)
    assert PILE_SHOWN == 3
    assert [_data_card(svg) for svg in data["pile"]] == ["6c", "7c", "8c"]
    assert data["pile_label"] == "Pile, top card 8♣"


def test_the_deck_counts_its_cards_shows_a_back_and_carries_the_features_action() -> None:
    data = table_common(_state(), EN, viewer=1, names=NAMES, deck_action={"type": "draw"})
    assert data["deck"]["count"] == 2 and data["deck"]["label"] == "Deck: 2 cards"
    assert "makao-back" in ET.fromstring(data["deck"]["back"]).get("class")
    assert data["deck"]["action"] == {"type": "draw"}
    one = table_common(_state(deck=["9h"]), EN, viewer=1, names=NAMES)["deck"]
    assert (one["label"], one["action"]) == ("Deck: 1 card", None)


def test_the_words_are_in_the_readers_language() -> None:
    data = table_common(_state(), translator("pl"), viewer=1, names=NAMES)
    assert data["deck"]["label"] == "Talia: 2 karty"
    assert "8♣" in data["pile_label"] and data["pile_label"] != "Pile, top card 8♣"


def test_a_short_deck_names_its_own_cards() -> None:
    # Mau-Mau's 32 cards start at 7: card id 0 is 7♣ there, not 2♣ (the French 52's id 0).
    st = position_from_json({"variant": "de-maumau", "hands": [["Kh"], ["8d"]], "to_move": 0, "pile": ["7c"]})
    data = table_common(st, EN, viewer=0, names=NAMES[:2])
    assert data["pile_label"] == "Pile, top card 7♣"
    assert [_data_card(svg) for svg in data["pile"]] == ["7c"]


def test_one_name_per_seat_is_required() -> None:
    with pytest.raises(ValueError, match="one name per seat"):
        table_common(_state(), EN, viewer=1, names=NAMES[:2])
    with pytest.raises(ValueError, match="one name per seat"):
        table_common(_state(), EN, viewer=1, names=NAMES, titles=["Ann"])
