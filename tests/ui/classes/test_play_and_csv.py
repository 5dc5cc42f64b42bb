"""Play rounds, places and checker mistakes on the board and in the pupil's view; the answers and rounds CSVs
in words, with the codes beside them."""
from __future__ import annotations

import csv
import io
from functools import partial

import pytest

from engine.ruleset import load_ruleset
from storage.board import load_board
from storage.database import make_engine, migrate
from storage.export import answers_csv, rounds_csv
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


def test_the_board_shows_places_and_checker_mistakes_and_says_what_is_not_known(store) -> None:
    made = store.create_class("4b", "pl", "en")
    ala, olek, ewa = (store.join(made.info.code, n) for n in ("Ala", "Olek", "Ewa"))
    store.record_round(ala.token, "r1", "pl", 3, True, 2, place=1, mistakes=0)
    store.record_round(ala.token, "r2", "pl", 3, False, 0, place=3, mistakes=2)
    store.record_round(ala.token, "r3", "pl", 3, False, 1)                  # the checker off: mistakes not known
    store.record_round(olek.token, "o1", "pl", 4, False, 1)                 # saved before 0008: nothing known
    board = load_board(store, made.teacher_key)
    t = translator("en")
    html = model.grid_html(board, board.topics[:1], model.grid(board, board.topics[:1], t), t)
    assert ">Place</th>" in html and ">Checker mistakes</th>" in html

    def cell(pupil, kind):
        row = html.split(f"data-pupil='{pupil.pupil_id}'")[1].split("</tr>")[0]
        return row.split(f"class='makao-{kind}'")[1].split("</td>")[0].split(">", 1)[1]

    assert cell(ala, "place") == "average 2.0 · 1/3, 3/3 · 1 round without a place"
    assert cell(ala, "mistakes") == "2 mistakes · 1.0 per round · 1 round not counted"
    assert cell(olek, "place") == "not known" and cell(olek, "mistakes") == "not counted"    # never "0"
    assert cell(ewa, "place") == "" and cell(ewa, "mistakes") == ""
    assert "Average place 2.0 in 2 rounds (1 = went out first); first in 1 round" in html
    assert "the move checker was off, or the round was saved before mistakes were counted" in html


@pytest.mark.parametrize("language, mistakes, text", [
    ("en", 1, "1 mistake · 0.5 per round"),
    ("pl", 1, "1 błąd · 0,5 na rozdanie"),
    ("pl", 2, "2 błędy · 1,0 na rozdanie"),
    ("pl", 5, "5 błędów · 2,5 na rozdanie"),
    ("pl", 22, "22 błędy · 11,0 na rozdanie"),
    ("da", 1, "1 fejl · 0,5 pr. runde"),
    ("hu", 5, "5 hiba · 2,5 leosztásonként"),
])
def test_checker_mistakes_read_with_the_languages_plurals(language, mistakes, text) -> None:
    rounds = RoundsSummary(2, 0, 0, checked=2, mistakes=mistakes)
    assert model.mistakes_text(rounds, translator(language)) == text


@pytest.mark.parametrize("language, text", [
    ("pl", "średnio 2,5 · 1/4, 4/4 · 1 rozdanie bez miejsca"),
    ("da", "gennemsnit 2,5 · 1/4, 4/4 · 1 runde uden plads"),
    ("hu", "átlag 2,5 · 1/4, 4/4 · 1 leosztás helyezés nélkül"),
])
def test_places_read_in_the_teachers_language(language, text) -> None:
    rounds = RoundsSummary(3, 1, 0, placed=2, place_total=5, firsts=1, recent=((1, 4), (4, 4)))
    assert model.place_text(rounds, translator(language)) == text


def test_the_pupils_own_view_has_the_same_play_lines_as_the_board(store) -> None:
    made = store.create_class("4b", "pl", "en")
    ala = store.join(made.info.code, "Ala")
    store.record_round(ala.token, "r1", "pl", 4, False, 1, place=2, mistakes=3)
    mine = store.progress(ala.token).rounds
    on_board = load_board(store, made.teacher_key).pupils[0].rounds
    assert mine == on_board
    assert model.play_lines(mine, translator("en")) == [
        "Play: 1 round · 0 won · 1 point", "Places: average 2.0 · 2/4", "Move checker: 3 mistakes · 3.0 per round"]


def test_the_rounds_csv_gives_words_and_keeps_the_codes_in_their_own_columns(store) -> None:
    made = store.create_class("4b", "pl", "pl")
    ala, olek = store.join(made.info.code, "Ala"), store.join(made.info.code, "=Olek")
    store.record_round(ala.token, "r1", "da", 4, True, 30, place=1, mistakes=1)
    store.record_round(olek.token, "o1", "pl", 3, False, 0)
    t = translator("pl")
    text = rounds_csv(store, made.teacher_key, header=page._csv_header(t), words=partial(page._round_words, t))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][2:] == ["odmiana", "gracze", "wynik", "miejsce (słowami)", t.pgettext("CSV column: game points", "points"),
                           "kontrola ruchu", "odmiana (kod)", "wygrana (1/0)", "miejsce", "błędy wg kontroli ruchu"]
    ala_row, olek_row = rows[1:]
    assert ala_row[2] == t.gettext(load_ruleset("da").name) and ala_row[2] != "da"     # the variant's name
    assert (ala_row[4], ala_row[5], ala_row[7]) == ("wygrana (pierwszy gracz bez kart)", "miejsce 1 z 4 (1 = pierwszy gracz bez kart)",
                                                   "1 błąd")
    assert (ala_row[8], ala_row[9], ala_row[10], ala_row[11]) == ("da", "1", "1", "1")  # the codes beside them
    assert olek_row[0] == "'=Olek"
    assert (olek_row[5], olek_row[7], olek_row[10], olek_row[11]) == (
        "nieznane", "nie liczono (kontrola ruchu była wyłączona)", "", "")          # unknown is not 0
    codes = list(csv.DictReader(io.StringIO(rounds_csv(store, made.teacher_key))))
    assert [(r["variant"], r["won"], r["place"], r["checker_mistakes"]) for r in codes] == [
        ("da", "1", "1", "1"), ("pl", "0", "", "")]
