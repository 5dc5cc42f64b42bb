"""Play rounds on the board and in the pupil's view; the answers CSV in words, with the codes beside them."""
from __future__ import annotations

import csv
import io
from functools import partial

import pytest

from storage.board import load_board
from storage.database import make_engine, migrate
from storage.export import answers_csv
from storage.repository import RoundsSummary, Storage
from ui.classes import model, page
from ui.present.i18n import translator


@pytest.fixture
def store(tmp_path) -> Storage:
    engine = make_engine(f"sqlite:///{tmp_path / 'play.sqlite3'}")
    migrate(engine)
    yield Storage(engine)
    engine.dispose()


def test_the_board_shows_each_pupils_play_rounds_in_words(store) -> None:
    made = store.create_class("4b", "pl", "en")
    ala, olek = store.join(made.info.code, "Ala"), store.join(made.info.code, "Olek")
    store.record_round(ala.token, "r1", "pl", 3, True, 3)
    store.record_round(ala.token, "r2", "pl", 3, False, -2)
    board = load_board(store, made.teacher_key)
    t = translator("en")
    html = model.grid_html(board, board.topics[:1], model.grid(board, board.topics[:1], t), t)
    assert ">Play</th>" in html
    assert "<td class='makao-play' style='border:1px solid #adb5bd;padding:.3em .5em;text-align:center;color:#111'>" \
           "2 rounds · 1 won · 1 point</td>" in html
    olek_row = html.split(f"data-pupil='{olek.pupil_id}'")[1].split("</tr>")[0]
    assert "color:#111'></td>" in olek_row.split("makao-play")[1][:120]      # none played: an empty cell


@pytest.mark.parametrize("language, rounds, text", [
    ("en", RoundsSummary(1, 0, 5), "1 round · 0 won · 5 points"),
    ("pl", RoundsSummary(5, 2, 22), "5 rozdań · 2 wygrane · 22 punkty"),
    ("pl", RoundsSummary(2, 1, 1), "2 rozdania · 1 wygrane · 1 punkt"),
    ("en", RoundsSummary(0, 0, 0), ""),
])
def test_rounds_read_as_words_with_the_languages_plurals(language, rounds, text) -> None:
    assert model.rounds_text(rounds, translator(language)) == text


def test_the_answers_csv_gives_words_and_keeps_the_codes_in_their_own_columns(store) -> None:
    made = store.create_class("4b", "pl", "en", quiz=["pl-drawing-02", "pl-drawing-04"])
    ala = store.join(made.info.code, "Ala")
    store.record_answer(ala.token, "q1", "pl-drawing-02", "quiz", "pl", "drawing", "play 7c", False, "only_drawn_card")
    store.record_answer(ala.token, "q2", "pl-drawing-04", "quiz", "pl", "drawing", "@2", False, "")
    store.record_answer(ala.token, "q3", "pl-drawing-04", "quiz", "pl", "drawing", "@1", True, "")
    text = answers_csv(store, made.teacher_key, words=partial(page._answer_words, translator("en")))
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["answer_code"] for r in rows] == ["play 7c", "'@2", "'@1"]      # the codes (formula-guarded)
    assert [r["reason_code"] for r in rows] == ["only_drawn_card", "", ""]
    assert rows[0]["answer"] == "Play 7♣" and rows[0]["reason"]              # words, not "play 7c"
    assert rows[1]["answer"].startswith("Player") and not rows[1]["answer"].startswith("'")   # not "'@2"
    assert rows[1]["reason"].startswith("What really happens:")
    assert rows[2]["reason"] == ""                                            # a right answer needs no reason
    assert rows[0]["question_title"].startswith("Drawing a card")
    assert all(r["question_id"] for r in rows)
