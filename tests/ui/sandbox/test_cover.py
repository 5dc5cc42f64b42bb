"""The Sandbox and a nine to cover (ru-101): the board says who must cover, a draft keeps the flag
within ru-101, and the editor sets it (AppTest: the verdicts follow, a top card that is no nine is the
engine's problem in words, the share link carries it)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from streamlit.testing.v1 import AppTest

from engine.position import position_from_json
from tests.ui.sandbox.test_page import open_sandbox, share_link, texts, type_cards
from ui.present.i18n import translator
from ui.sandbox.controller import DRAFT, EDITOR, TIMELINE, move_key
from ui.sandbox.model import with_variant
from ui.sandbox.texts import board_lines
from ui.shell import session

EN = translator("en")
COVER = {"variant": "ru-101", "hands": [["8c", "10h"], 5], "to_move": 0, "pile": ["7h", "9h"], "cover": True}


def test_the_board_says_who_must_cover_the_nine() -> None:
    lines = board_lines(position_from_json(COVER), EN)
    assert "Player 1 must cover 9♥ with a card of its suit or rank." in lines, lines
    plain = board_lines(position_from_json({**COVER, "cover": False}), EN)
    assert not any("must cover" in line for line in plain)


def test_a_draft_keeps_the_cover_within_ru_101() -> None:
    assert with_variant(dict(COVER), "ru-101").get("cover") is True


# ------------------------------------------------------------------ the editor sets the card to cover (AppTest)


def _ru_101_nine_on_top(at: AppTest) -> None:
    at.selectbox(key=f"{EDITOR}variant").set_value("ru-101").run()
    type_cards(at, "pile", "7h 9h")
    type_cards(at, "hand_0", "Qc 10h")
    type_cards(at, "hand_1", "5")


def _queen_plays(at: AppTest) -> bool:
    """Whether Q♣ has a move button (ru-101's queen names a suit: one button per suit)."""
    return any(str(b.key).startswith(move_key("play Qc")) for b in at.button)


def test_the_editor_offers_the_card_to_cover_only_where_a_card_must_be_covered() -> None:
    at = open_sandbox()
    assert not [c for c in at.checkbox if c.key == f"{EDITOR}cover"]   # pl: no card to cover
    _ru_101_nine_on_top(at)
    assert at.checkbox(key=f"{EDITOR}cover").value is False


def test_ticking_the_card_to_cover_changes_the_verdicts_and_unticking_restores_them() -> None:
    at = open_sandbox()
    _ru_101_nine_on_top(at)
    assert _queen_plays(at) and move_key("draw") in {b.key for b in at.button}   # a wild queen goes on anything
    at.checkbox(key=f"{EDITOR}cover").check().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert at.session_state[DRAFT]["cover"] is True
    assert at.session_state[TIMELINE].current.cover
    keys = {b.key for b in at.button}
    assert not _queen_plays(at) and move_key("draw") not in keys and move_key("play 10h") in keys
    text = texts(at)
    assert "Q♣ may not be played: 9♥ must first be covered with a card of its suit or rank." in text
    assert "Drawing is not allowed now: 10♥ covers 9♥, and 9♥ must be covered." in text
    at.checkbox(key=f"{EDITOR}cover").uncheck().run()
    assert "cover" not in at.session_state[DRAFT]
    assert _queen_plays(at)


def test_a_card_to_cover_that_is_no_nine_is_the_engine_s_problem_in_words() -> None:
    at = open_sandbox()
    _ru_101_nine_on_top(at)
    at.checkbox(key=f"{EDITOR}cover").check().run()
    type_cards(at, "pile", "9h 7h")   # a seven on top: nothing to cover
    shown = "\n".join(e.value for e in at.error) + texts(at)
    assert "The field “cover” needs a card to cover on top" in shown
    assert at.session_state[DRAFT]["cover"] is True   # nothing the user typed is lost


def test_the_card_to_cover_travels_in_the_share_link() -> None:
    at = open_sandbox(lang="en")
    _ru_101_nine_on_top(at)
    at.checkbox(key=f"{EDITOR}cover").check().run()
    query = parse_qs(urlsplit(share_link(at)).query)
    friend = open_sandbox(pos=query["pos"][0], variant="ru-101", lang="da")
    assert not friend.error
    assert friend.session_state[session.VARIANT] == "ru-101"
    assert friend.session_state[TIMELINE].current.cover
    assert friend.checkbox(key=f"{EDITOR}cover").value is True


def test_the_draw_button_under_a_nine_to_cover_says_why_not_when_a_card_covers() -> None:
    """ru-101: holding 6♥ under a 9♥ to cover, Draw is refused with the engine's reason (it did nothing)."""
    from engine.position import position_from_json
    from ui.present.reasons import describe_verdict
    from ui.sandbox import table as tb

    state = position_from_json({"variant": "ru-101", "hands": [["Qc", "10h", "9s", "6h"], 5], "to_move": 0,
                                "pile": ["7h", "9h"], "cover": True, "deck": ["6c", "Js", "Ad", "8d"]})
    pick, move = tb.act(state, tb.Pick(), {"type": "draw"})
    assert move is None and pick.why is not None and not pick.why.legal
    data = tb.table_data(state, pick, translator("en"))
    assert data["why"] == describe_verdict(pick.why, state.rules.deck, translator("en"))
    assert "must be covered" in data["why"], data["why"]
    drawing = position_from_json({"variant": "ru-101", "hands": [["Qc", "8s"], 5], "to_move": 0,
                                  "pile": ["7h", "9h"], "cover": True, "deck": ["6c", "Js", "Ad", "8d"]})
    assert tb.act(drawing, tb.Pick(), {"type": "draw"})[1] is not None   # nothing covers: the draw is made
