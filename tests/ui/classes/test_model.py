"""The Classes feature without Streamlit: refusal messages, answers and their reasons, the grid, the progress hooks."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine.drills import card_verdicts, drill_by_id, move_verdict, shipped_drills
from storage.board import Board, Cell, PupilRow
from storage.database import make_engine, migrate
from storage.errors import ERROR_CODES, RateLimited
from storage.repository import ClassInfo, RoundsSummary, Storage
from ui.classes import answers, model
from ui.classes import progress as saved
from ui.classes.texts import STATUS_SYMBOLS, UNAVAILABLE, error_message, refusal_message
from ui.learn import page as learn_page
from ui.practice import state as ps
from ui.practice.score import Progress, TopicScore, record
from ui.present.i18n import LANGUAGES, translator

EN = translator("en")
FALLBACK = "This did not work. Please try again."
PARAMS = {"limit": 24, "retry_after": 7, "item": "x", "field": "key"}


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_storage_error_code_has_its_own_message_in_every_language(language) -> None:
    t = translator(language)
    messages = {code: error_message(code, PARAMS, t) for code in (*ERROR_CODES, UNAVAILABLE)}
    for code, text in messages.items():
        assert "{" not in text, (code, text)                       # every placeholder filled
        assert text != t.gettext(FALLBACK), code
    assert len(set(messages.values())) == len(messages)           # no two codes share a sentence


def test_a_rate_limit_says_how_long_to_wait() -> None:
    assert refusal_message(RateLimited(42, "join_fail"), EN) == \
        "Too many attempts. Please wait 42 seconds and try again."
    assert refusal_message(RateLimited(1, "join_fail"), EN) == "Too many attempts. Please wait 1 second and try again."
    assert error_message("nickname_too_long", {"limit": 24}, EN) == "A nickname may have at most 24 characters."


def test_a_wait_of_a_minute_or_more_is_said_in_whole_minutes_rounded_up() -> None:
    wait = lambda seconds: refusal_message(RateLimited(seconds, "rejoin_fail"), EN)   # noqa: E731
    assert wait(59) == "Too many attempts. Please wait 59 seconds and try again."
    assert wait(60) == "Too many attempts. Please wait about 1 minute and try again."
    assert wait(61) == "Too many attempts. Please wait about 2 minutes and try again."
    assert wait(547) == "Too many attempts. Please wait about 10 minutes and try again."


def test_the_hooks_read_the_pages_own_state_keys() -> None:
    assert saved.LEARN_STARS == learn_page.STARS
    assert (saved.PRACTICE_PROGRESS, saved.PRACTICE_ANSWER, saved.PRACTICE_MODE, saved.PRACTICE_INDEX,
            saved.PRACTICE_CLASS_QUIZ) == (ps.PROGRESS, ps.ANSWER, ps.MODE, ps.INDEX, ps.CLASS_QUIZ)


# ---------------------------------------------------------------------------- answers and reasons

def test_a_refused_card_chosen_is_the_reason_of_a_wrong_selection() -> None:
    drill = drill_by_id("pl-jack-01")
    verdicts = card_verdicts(drill.state())
    refused = next(card for card, v in verdicts.items() if not v.legal)
    fields = answers.answer_fields(drill, [*drill.answer, refused], False)
    assert fields.answer == " ".join(sorted([*drill.answer, refused]))
    assert fields.reason == verdicts[refused].reasons[0].code
    assert not verdicts[refused].legal


def test_a_playable_card_left_out_is_the_reason_when_nothing_wrong_was_chosen() -> None:
    drill = drill_by_id("pl-matching-01")
    fields = answers.answer_fields(drill, [drill.answer[0]], False)
    missing = drill.answer[1]
    assert fields.reason == card_verdicts(drill.state())[missing].reasons[0].code
    assert "may be played" in answers.reason_words(drill, fields.answer, fields.reason, EN)


def test_a_wrong_best_move_carries_the_reason_the_drill_names() -> None:
    for drill in (d for d in shipped_drills() if d.kind == "best"):
        for wrong in drill.wrong:
            fields = answers.answer_fields(drill, wrong.move, False)
            assert fields.reason == wrong.reason, (drill.id, wrong.move)
            assert answers.reason_words(drill, fields.answer, fields.reason, EN)


def test_a_wrong_outcome_is_answered_with_what_really_happens_not_with_the_moves_legality() -> None:
    drill = drill_by_id("pl-battle-kings-03")          # "You play K♠. Who draws how many?"
    fields = answers.answer_fields(drill, "draw 7 @2", False)
    assert fields.reason == ""                           # no engine reason says why an outcome is wrong
    for stored in ("", "match_suit"):                    # answers saved before kept the move's legality code
        words = answers.reason_words(drill, "draw 7 @2", stored, EN)
        assert words == "What really happens: Player 3 must draw 5 cards or defend. K♠ hits the previous player."
        assert "may be played" not in words
    assert answers.reason_words(drill, "draw 5 @2", "", EN) == ""   # the right outcome has no "why wrong"


def test_every_wrong_outcome_of_a_next_question_names_the_right_one() -> None:
    for drill in (d for d in shipped_drills() if d.kind == "next"):
        right = answers.answer_words(drill, drill.answer[0], EN)
        for option in drill.options:
            if option != drill.answer[0]:
                assert answers.reason_words(drill, option, "", EN).startswith(f"What really happens: {right}"), drill.id


def test_a_legal_best_move_the_author_gave_no_reason_for_has_none() -> None:
    drill, legal = next((d, w.move) for d in shipped_drills() if d.kind == "best"
                        for w in d.wrong if move_verdict(d, w.move).legal)
    unnamed = replace(drill, wrong=tuple(w for w in drill.wrong if w.move != legal))
    assert answers.wrong_reason(unnamed, legal) is None            # not "… may be played: …"
    assert answers.reason_words(unnamed, legal, "", EN) == ""


def test_a_right_answer_has_no_reason_and_a_stale_code_shows_none() -> None:
    drill = drill_by_id("pl-matching-01")
    assert answers.answer_fields(drill, list(drill.answer), True).reason == ""
    fields = answers.answer_fields(drill, [], False)
    assert answers.reason_words(drill, fields.answer, "no_match", EN) == ""     # not what the engine says now


# ---------------------------------------------------------------------------- the grid

def _board(nickname: str, cells: dict) -> Board:
    info = ClassInfo(1, "ABCDEFGH", "4b", "pl", "en", (), (), (), True, 0)
    pupil = PupilRow(7, nickname, 0, 0, 4, 1, 3, 1, RoundsSummary())
    return Board(info, 0, ("pl/jack", "pl/ace"), (pupil,), cells)


def test_the_grid_pairs_every_colour_with_a_symbol_and_escapes_nicknames() -> None:
    board = _board("<b>Ala</b>", {(7, "pl/jack"): Cell(4, 1, 1, 4, "stuck")})
    rows = model.grid(board, board.topics, EN)
    page = model.grid_html(board, board.topics, rows, EN)
    assert "&lt;b&gt;Ala&lt;/b&gt;" in page and "<b>Ala</b>" not in page
    assert f"<b>{STATUS_SYMBOLS['stuck']}</b> 1/4" in page and "stuck: 1 of 4 answers right" in page
    assert f"<b>{STATUS_SYMBOLS['none']}</b> </td>" in page                # not started: a symbol, no colour alone
    assert model.grid(board, board.topics, EN, only_stuck=True) == rows
    calm = _board("Ola", {(7, "pl/jack"): Cell(2, 2, 2, 2, "learning")})
    assert model.grid(calm, calm.topics, EN, only_stuck=True) == ()


# ---------------------------------------------------------------------------- the progress hooks

@pytest.fixture
def store(tmp_path) -> Storage:
    engine = make_engine(f"sqlite:///{tmp_path / 'hooks.sqlite3'}")
    migrate(engine)
    yield Storage(engine)
    engine.dispose()


def _pupil(store: Storage, quiz=("pl-jack-01",)) -> dict:
    made = store.create_class("4b", "pl", "en", quiz=list(quiz))
    access = store.join(made.info.code, "Ala")
    state: dict = {}
    saved.become_pupil(state, access, access.token)
    return state


def test_an_anonymous_session_never_opens_the_storage() -> None:
    def no_storage():
        raise AssertionError("the storage was opened")
    state = {saved.LEARN_STARS: {"pl-01-goal-matching": 3}, saved.PRACTICE_PROGRESS: Progress()}
    assert saved.sync_learn(state, no_storage) == 0
    assert not saved.sync_practice(state, no_storage, lambda: None)
    assert not saved.restore_into_session(state, no_storage, (Progress, TopicScore))
    assert not saved.record_round(state, no_storage, "r1", "pl", 2, True, 3)


def test_a_practice_answer_is_saved_once_however_often_the_page_reruns(store) -> None:
    state = _pupil(store)
    drill = drill_by_id("pl-jack-01")
    state[saved.PRACTICE_PROGRESS] = Progress()
    assert not saved.sync_practice(state, lambda: store, lambda: drill)          # sets the mark only
    state[saved.PRACTICE_PROGRESS] = record(Progress(), "pl", "jack", False)
    state[saved.PRACTICE_ANSWER] = {"id": drill.id, "right": False, "response": []}
    state[saved.PRACTICE_MODE] = "class"
    assert saved.sync_practice(state, lambda: store, lambda: drill)
    assert not saved.sync_practice(state, lambda: store, lambda: drill)          # a rerun stores nothing
    stored = store.progress(state[saved.TOKEN])
    assert [(a.kind, a.question_id, a.correct, a.answer) for a in stored.answers] == [("quiz", "pl-jack-01", False, "")]
    assert stored.practice["pl/jack"].attempts == 1


def test_stars_are_saved_when_they_rise_and_come_back_in_a_new_session(store) -> None:
    state = _pupil(store)
    state[saved.LEARN_STARS] = {"pl-01-goal-matching": 2}
    assert saved.sync_learn(state, lambda: store) == 1
    assert saved.sync_learn(state, lambda: store) == 0
    state[saved.LEARN_STARS] = {"pl-01-goal-matching": 3}
    assert saved.sync_learn(state, lambda: store) == 1
    fresh: dict = {}
    saved.become_pupil(fresh, store.pupil(state[saved.TOKEN]), state[saved.TOKEN])
    assert saved.restore_into_session(fresh, lambda: store, (Progress, TopicScore))
    assert fresh[saved.LEARN_STARS] == {"pl-01-goal-matching": 3}
    assert fresh[saved.PRACTICE_CLASS_QUIZ] == {"variant": "pl", "ids": ["pl-jack-01"], "results": [None]}
    assert not saved.restore_into_session(fresh, lambda: store, (Progress, TopicScore))   # once per session


def test_a_refused_save_lands_in_the_notice_and_a_deleted_pupil_becomes_anonymous(store) -> None:
    state = _pupil(store)
    store.leave(state[saved.TOKEN])
    state[saved.LEARN_STARS] = {"pl-01-goal-matching": 2}
    assert saved.sync_learn(state, lambda: store) == 0
    assert state[saved.NOTICE][0] == "pupil_token_unknown"
    assert saved.pupil_token(state) is None


def test_rounds_of_the_play_page_are_saved_once_per_key(store) -> None:
    state = _pupil(store)
    assert saved.record_round(state, lambda: store, "round:1", "pl", 3, True, 12)
    assert not saved.record_round(state, lambda: store, "round:1", "pl", 3, True, 12)
    assert store.progress(state[saved.TOKEN]).rounds == RoundsSummary(1, 1, 12)       # place, mistakes not known
    assert saved.record_round(state, lambda: store, "round:2", "pl", 3, False, 0, place=3, mistakes=4)
    rounds = store.progress(state[saved.TOKEN]).rounds
    assert (rounds.played, rounds.placed, rounds.average_place, rounds.checked, rounds.mistakes) == (2, 1, 3.0, 1, 4)


def test_a_long_chart_label_is_broken_into_lines_and_keeps_every_word() -> None:
    text = "Matching suit or rank: which card may go on the top card"
    lines = model.chart_label(text).split("\n")
    assert len(lines) > 1 and all(len(line) <= model.CHART_LABEL_WIDTH for line in lines)
    assert " ".join(lines) == text
    assert model.chart_label("Jack") == "Jack"
