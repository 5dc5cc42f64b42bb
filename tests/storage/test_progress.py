"""Progress is saved as it happens and comes back per pupil, on the board and in the CSV export."""
from __future__ import annotations

import csv
import io

import pytest

from storage.board import load_board
from storage.errors import InputRefused
from storage.export import answers_csv, rounds_csv, summary_csv


@pytest.fixture
def klass(store):
    return store.create_class("4b", "pl", "pl", lessons=["pl-01-goal-matching", "pl-02-drawing"],
                              quiz=["pl-matching-01", "pl-jack-01"])


def _answer(store, token, key, qid="pl-matching-01", topic="matching", answer="7h", correct=True, reason=""):
    return store.record_answer(token, key, qid, "quiz", "pl", topic, answer, correct, reason)


def test_stars_keep_the_best_of_every_try(store, klass):
    ala = store.join(klass.info.code, "Ala")
    assert store.record_stars(ala.token, "pl-01-goal-matching", 1) == 1
    assert store.record_stars(ala.token, "pl-01-goal-matching", 3) == 3
    assert store.record_stars(ala.token, "pl-01-goal-matching", 2) == 3
    assert store.record_stars(ala.token, "pl-02-drawing", 0) == 0
    assert store.progress(ala.token).stars == {"pl-01-goal-matching": 3, "pl-02-drawing": 0}


def test_an_answer_sent_twice_is_stored_once_and_counted_once(store, klass):
    ala = store.join(klass.info.code, "Ala")
    first = _answer(store, ala.token, "quiz1:0", answer="7h", correct=False, reason="no_match")
    again = _answer(store, ala.token, "quiz1:0", answer="Qs", correct=True)   # a replay, even changed
    assert (first.stored, again.stored) == (True, False)
    assert again.tally.attempts == 1 and again.tally.correct == 0
    (stored,) = store.progress(ala.token).answers
    assert (stored.answer, stored.correct, stored.reason) == ("7h", False, "no_match")


def test_the_topic_tally_is_mastered_after_eight_right_of_the_last_ten(store, klass):
    ala = store.join(klass.info.code, "Ala")
    results = [False, False, True, True, True, True, True, True, True, True]
    saved = None
    for i, right in enumerate(results):
        saved = _answer(store, ala.token, f"k{i}", correct=right, reason="" if right else "no_match")
        assert saved.tally.mastered is (i == 9)
    assert (saved.tally.attempts, saved.tally.correct) == (10, 8)
    for i in (10, 11, 12):   # three wrong in a row push three right answers out of the window
        saved = _answer(store, ala.token, f"k{i}", correct=False, reason="no_match")
    assert saved.tally.recent == (True,) * 7 + (False,) * 3 and saved.tally.mastered is False
    assert saved.tally.wrong_in_a_row == 3
    assert store.progress(ala.token).practice["pl/matching"].attempts == 13


def test_rounds_add_up_played_won_and_points_once_per_round(store, klass):
    ala = store.join(klass.info.code, "Ala")
    assert store.record_round(ala.token, "r1", "pl", 3, True, 0) is True
    assert store.record_round(ala.token, "r2", "pl", 3, False, -12) is True
    assert store.record_round(ala.token, "r2", "pl", 3, True, 50) is False
    rounds = store.progress(ala.token).rounds
    assert (rounds.played, rounds.won, rounds.points) == (2, 1, -12)


def test_rounds_keep_place_and_checker_mistakes_and_count_only_the_known_ones(store, klass, clock):
    ala, olek = store.join(klass.info.code, "Ala"), store.join(klass.info.code, "Olek")
    for key, won, place, mistakes in (("r1", True, 1, 0), ("r2", False, 3, 2), ("r3", False, 4, None),
                                      ("r4", True, None, None)):
        clock.advance(1)
        assert store.record_round(ala.token, key, "pl", 4, won, 0, place=place, mistakes=mistakes) is True
    # The first save of a key is the one kept (a retry with other numbers changes nothing).
    assert store.record_round(ala.token, "r2", "pl", 4, True, 9, place=1, mistakes=0) is False
    store.record_round(olek.token, "o1", "pl", 2, False, 0, place=2, mistakes=5)
    rounds = store.progress(ala.token).rounds
    assert (rounds.played, rounds.won, rounds.placed, rounds.place_total, rounds.firsts) == (4, 2, 3, 8, 1)
    assert (rounds.checked, rounds.mistakes) == (2, 2)
    assert rounds.average_place == pytest.approx(8 / 3) and rounds.mistakes_per_round == 1.0
    assert rounds.recent == ((1, 4), (3, 4), (4, 4))        # oldest first; the unknown place is left out
    board = {p.nickname: p.rounds for p in load_board(store, klass.teacher_key).pupils}
    assert board["Ala"] == rounds
    assert (board["Olek"].placed, board["Olek"].place_total, board["Olek"].mistakes) == (1, 2, 5)


def test_progress_comes_back_on_another_device_after_rejoining(store, klass):
    ala = store.join(klass.info.code, "Ala")
    store.record_stars(ala.token, "pl-01-goal-matching", 2)
    _answer(store, ala.token, "k1")
    other_device = store.rejoin(klass.info.code, "ala", ala.pin)
    back = store.progress(other_device.token)
    assert back.stars == {"pl-01-goal-matching": 2} and [a.key for a in back.answers] == ["k1"]


def test_a_pupil_sees_only_their_own_progress(store, klass):
    ala, olek = store.join(klass.info.code, "Ala"), store.join(klass.info.code, "Olek")
    _answer(store, ala.token, "k1")
    assert store.progress(olek.token).answers == ()
    assert len(store.progress(ala.token).answers) == 1


def test_the_board_shows_pupils_by_topics_questions_and_who_is_stuck(store, klass, clock):
    ala, olek, ewa = (store.join(klass.info.code, n) for n in ("Ala", "Olek", "<b>Ewa</b>"))
    # Ala: the quiz, one wrong answer on the jack question.
    _answer(store, ala.token, "q:0", "pl-matching-01", "matching", "7h", True)
    clock.advance(1)
    _answer(store, ala.token, "q:1", "pl-jack-01", "jack", "play Jh", False, "wrong_rank_for_wish")
    # Olek: the same wrong answer, then three more wrong jack answers in a row: stuck.
    for i, (ans, reason) in enumerate([("play Jh", "wrong_rank_for_wish"), ("play 9s", "no_match"),
                                       ("play Jh", "wrong_rank_for_wish"), ("draw", "")]):
        clock.advance(1)
        _answer(store, olek.token, f"q:{i}", "pl-jack-01", "jack", ans, False, reason)
    # Ewa: a drill outside the quiz, right.
    _answer(store, ewa.token, "d:0", "pl-ace-01", "ace", "play As", True)
    store.record_stars(ala.token, "pl-01-goal-matching", 3)
    store.record_round(olek.token, "r1", "pl", 2, True, 5)

    board = load_board(store, klass.teacher_key)
    assert [p.nickname for p in board.pupils] == ["Ala", "Olek", "<b>Ewa</b>"]   # raw: escaped by the page
    assert board.topics[:2] == ("pl/matching", "pl/drawing") and "pl/jack" in board.topics
    by = {p.nickname: p for p in board.pupils}
    assert board.cell(by["Ala"].pupil_id, "pl/matching").status == "learning"
    assert board.cell(by["Olek"].pupil_id, "pl/jack").status == "stuck"
    assert board.cell(by["Olek"].pupil_id, "pl/matching").status == "none"
    assert (by["Ala"].answers, by["Ala"].correct, by["Ala"].stars, by["Ala"].lessons_done) == (2, 1, 3, 1)
    assert (by["Olek"].rounds.played, by["Olek"].rounds.won, by["Olek"].rounds.points) == (1, 1, 5)
    assert board.stars[(by["Ala"].pupil_id, "pl-01-goal-matching")] == 3
    assert board.lesson_ids == ("pl-01-goal-matching", "pl-02-drawing")

    questions = {q.question_id: q for q in board.questions}
    assert [q.question_id for q in board.questions] == ["pl-matching-01", "pl-jack-01", "pl-ace-01"]   # quiz first
    jack = questions["pl-jack-01"]
    assert (jack.answers, jack.correct, jack.pupils) == (5, 0, 2)
    assert (jack.common_wrong, jack.common_wrong_count, jack.common_wrong_reason) == ("play Jh", 3, "wrong_rank_for_wish")
    assert jack.percent == 0.0 and questions["pl-matching-01"].percent == 100.0

    (stuck,) = board.stuck
    assert (stuck.nickname, stuck.topic, stuck.wrong_in_a_row) == ("Olek", "pl/jack", 4)
    assert (stuck.question_id, stuck.answer, stuck.reason) == ("pl-jack-01", "draw", "")


def test_the_board_of_one_class_shows_nothing_of_another(store, klass):
    other = store.create_class("5a", "pl", "pl")
    stranger = store.join(other.info.code, "Zed")
    _answer(store, stranger.token, "k1")
    board = load_board(store, klass.teacher_key)
    assert board.pupils == () and board.questions == () and board.cells == {}


def test_the_csv_exports_hold_every_pupil_and_answer_and_run_no_formula(store, klass):
    ala = store.join(klass.info.code, "=HYPERLINK(\"http://x\")")
    olek = store.join(klass.info.code, "Olek")
    _answer(store, ala.token, "k1", answer="7h", correct=False, reason="no_match")
    _answer(store, olek.token, "k1", answer="Qs")
    summary = list(csv.reader(io.StringIO(summary_csv(load_board(store, klass.teacher_key)))))
    assert summary[0][:3] == ["nickname", "joined_utc", "answers"] and "pl/matching" in summary[0]
    assert summary[1][0] == "'=HYPERLINK(\"http://x\")" and summary[2][0] == "Olek"
    col = summary[0].index("pl/matching")
    assert summary[1][col] == "0/1 learning" and summary[2][col] == "1/1 learning"
    lines = list(csv.DictReader(io.StringIO(answers_csv(store, klass.teacher_key))))
    assert [(r["nickname"], r["answer"], r["correct"], r["reason"]) for r in lines] == [
        ("'=HYPERLINK(\"http://x\")", "7h", "0", "no_match"), ("Olek", "Qs", "1", "")]


def test_the_csv_exports_give_places_and_mistakes_and_leave_the_unknown_empty(store, klass, clock):
    ala, olek, ewa = (store.join(klass.info.code, n) for n in ("Ala", "Olek", "Ewa"))
    store.record_round(ala.token, "r1", "pl", 4, True, 3, place=1, mistakes=0)
    clock.advance(1)
    store.record_round(ala.token, "r2", "pl", 4, False, 0, place=4, mistakes=3)
    clock.advance(1)
    store.record_round(olek.token, "o1", "pl", 3, False, 1)          # saved before 0008's fields: not known
    summary = {r["nickname"]: r for r in csv.DictReader(io.StringIO(summary_csv(load_board(store, klass.teacher_key))))}
    assert {k: summary["Ala"][k] for k in ("rounds_played", "rounds_won", "points", "average_place", "rounds_first",
                                             "rounds_placed", "checker_mistakes", "rounds_checked")} == {
        "rounds_played": "2", "rounds_won": "1", "points": "3", "average_place": "2.50", "rounds_first": "1",
        "rounds_placed": "2", "checker_mistakes": "3", "rounds_checked": "2"}
    assert (summary["Olek"]["rounds_played"], summary["Olek"]["average_place"], summary["Olek"]["rounds_first"],
            summary["Olek"]["checker_mistakes"], summary["Olek"]["rounds_checked"]) == ("1", "", "", "", "0")
    assert (summary["Ewa"]["rounds_played"], summary["Ewa"]["checker_mistakes"]) == ("0", "")
    rounds = list(csv.DictReader(io.StringIO(rounds_csv(store, klass.teacher_key))))
    assert [(r["nickname"], r["variant"], r["players"], r["won"], r["place"], r["points"], r["checker_mistakes"])
            for r in rounds] == [("Ala", "pl", "4", "1", "1", "3", "0"), ("Ala", "pl", "4", "0", "4", "0", "3"),
                                 ("Olek", "pl", "3", "0", "", "1", "")]
    other = store.create_class("5a", "pl", "pl")
    assert list(csv.reader(io.StringIO(rounds_csv(store, other.teacher_key))))[1:] == []   # another class's rounds


@pytest.mark.parametrize("call, field", [
    (lambda s, t: s.record_stars(t, "pl-01-goal-matching", 4), "stars"),
    (lambda s, t: s.record_stars(t, "pl-01-goal-matching", True), "stars"),
    (lambda s, t: s.record_stars(t, "no-such-lesson", 2), "lesson_id"),
    (lambda s, t: s.record_answer(t, "k" * 65, "q", "quiz", "pl", "matching", "7h", True), "key"),
    (lambda s, t: s.record_answer(t, "k 1", "q", "quiz", "pl", "matching", "7h", True), "key"),
    (lambda s, t: s.record_answer(t, "k1", "x" * 81, "quiz", "pl", "matching", "7h", True), "question_id"),
    (lambda s, t: s.record_answer(t, "k1", "<script>", "quiz", "pl", "matching", "7h", True), "question_id"),
    (lambda s, t: s.record_answer(t, "k1", "q", "exam", "pl", "matching", "7h", True), "kind"),
    (lambda s, t: s.record_answer(t, "k1", "q", "quiz", "xx", "matching", "7h", True), "variant"),
    (lambda s, t: s.record_answer(t, "k1", "q", "quiz", "pl", "chess", "7h", True), "topic"),
    (lambda s, t: s.record_answer(t, "k1", "q", "quiz", "pl", "matching", "7" * 201, True), "answer"),
    (lambda s, t: s.record_answer(t, "k1", "q", "quiz", "pl", "matching", "7h\x00", True), "answer"),
    (lambda s, t: s.record_answer(t, "k1", "q", "quiz", "pl", "matching", "7h", 1), "correct"),
    (lambda s, t: s.record_answer(t, "k1", "q", "quiz", "pl", "matching", "7h", False, "made_up"), "reason"),
    (lambda s, t: s.record_round(t, "r1", "pl", 9, True, 1), "players"),
    (lambda s, t: s.record_round(t, "r1", "pl", 2, True, 10**6), "points"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place=4), "place"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place=0), "place"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place=True), "place"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place="1"), "place"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place=1, mistakes=-1), "mistakes"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place=1, mistakes=2.0), "mistakes"),
    (lambda s, t: s.record_round(t, "r1", "pl", 3, True, 1, place=1, mistakes=10**6), "mistakes"),
])
def test_progress_that_does_not_fit_is_refused_and_nothing_is_stored(store, klass, call, field):
    ala = store.join(klass.info.code, "Ala")
    with pytest.raises(InputRefused) as refused:
        call(store, ala.token)
    assert (refused.value.code, refused.value.params["field"]) == ("answer_invalid", field)
    progress = store.progress(ala.token)
    assert progress.answers == () and progress.stars == {} and progress.rounds.played == 0
