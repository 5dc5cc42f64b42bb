"""Hostile input and guessing: clear codes, nothing stored wrongly, limits that hold across servers."""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from storage.errors import ERROR_CODES, AccessRefused, InputRefused, RateLimited, StorageError
from storage.models import Pupil, PupilToken
from storage.ratelimit import Limit, Limits
from storage.repository import Storage


def _pupils(store) -> list[str]:
    with store.engine.connect() as conn:
        return [r[0] for r in conn.execute(select(Pupil.nickname).order_by(Pupil.id))]


@pytest.fixture
def klass(store):
    return store.create_class("4b", "pl", "pl")


@pytest.mark.parametrize("nickname, code", [
    ("", "nickname_empty"),
    ("   \u3000 ", "nickname_empty"),                      # ideographic space is a space too
    (None, "nickname_empty"),
    ("x" * 25, "nickname_too_long"),
    ("A" * 10_000, "nickname_too_long"),                 # 10 kB
    ("Ala\x00", "nickname_bad_characters"),
    ("Ala\nOla", "nickname_bad_characters"),
    ("Ala\tOla", "nickname_bad_characters"),
    ("\x1b[31mAla", "nickname_bad_characters"),          # terminal escape
    ("\u202eala", "nickname_bad_characters"),            # right-to-left override
    ("Ala\u200f", "nickname_bad_characters"),            # right-to-left mark
    ("\u2067Ala\u2069", "nickname_bad_characters"),      # right-to-left isolate
    ("A\u200bla", "nickname_bad_characters"),            # zero-width space
    ("Ala\ufeff", "nickname_bad_characters"),            # byte order mark
    ("Ala\u2028", "nickname_bad_characters"),            # line separator
    ("\ud800", "nickname_bad_characters"),               # a lone surrogate
])
def test_a_hostile_nickname_is_refused_with_its_code_and_nothing_is_stored(store, klass, nickname, code):
    with pytest.raises(InputRefused) as refused:
        store.join(klass.info.code, nickname)
    assert refused.value.code == code
    assert _pupils(store) == []


@pytest.mark.parametrize("nickname, stored", [
    ("<img src=x onerror=1>", "<img src=x onerror=1>"),   # HTML is text: kept raw, escaped when shown
    ("  Zoë   Kowalska ", "Zoë Kowalska"),                         # outer spaces trimmed, inner ones folded
    ("Zoe\u0308", "Zoë"),                                          # composed (NFC)
    ("שרה", "שרה"),                                                # a right-to-left script is fine
    ("'; DROP TABLE pupils; --", "'; DROP TABLE pupils; --"),
    ("x" * 24, "x" * 24),
])
def test_a_nickname_that_fits_is_stored_as_typed(store, klass, nickname, stored):
    joined = store.join(klass.info.code, nickname)
    assert joined.nickname == stored and _pupils(store) == [stored]
    assert store.pupil(joined.token).nickname == stored


@pytest.mark.parametrize("code, error", [
    ("", "class_code_format"), ("ABC", "class_code_format"), ("ABCD-EFG0", "class_code_format"),
    ("A" * 5000, "class_code_format"), (None, "class_code_format"), ("ABCD\u202eEFGH", "class_code_format"),
    ("ZZZZ-ZZZZ", "class_code_unknown"),
])
def test_a_wrong_class_code_is_refused_clearly(store, klass, code, error):
    if code == "ZZZZ-ZZZZ" and klass.info.code == "ZZZZZZZZ":
        pytest.skip("the class drew the very code this test guesses")
    with pytest.raises(StorageError) as refused:
        store.join(code, "Ala")
    assert refused.value.code == error
    assert _pupils(store) == []


@pytest.mark.parametrize("token", ["", "pt_", "pt_" + "A" * 32, "tk_abc", "pt_<b>", None, "pt_" + "a" * 1000])
def test_a_wrong_pupil_token_is_refused_for_reading_and_writing(store, klass, token):
    store.join(klass.info.code, "Ala")
    for call in (lambda: store.pupil(token), lambda: store.progress(token), lambda: store.leave(token),
                 lambda: store.record_stars(token, "pl-01-goal-matching", 3),
                 lambda: store.record_answer(token, "k1", "q1", "quiz", "pl", "matching", "7h", True)):
        with pytest.raises(AccessRefused) as refused:
            call()
        assert refused.value.code == "pupil_token_unknown"
    assert _pupils(store) == ["Ala"]


def test_a_teacher_key_is_no_pupil_token(store, klass):
    with pytest.raises(AccessRefused) as refused:
        store.progress(klass.teacher_key)
    assert refused.value.code == "pupil_token_unknown"


def test_a_token_replayed_after_the_pupil_left_opens_nothing(store, klass):
    ala = store.join(klass.info.code, "Ala")
    store.leave(ala.token)
    with pytest.raises(AccessRefused) as refused:
        store.record_answer(ala.token, "k1", "q1", "quiz", "pl", "matching", "7h", True)
    assert refused.value.code == "pupil_token_unknown"
    with store.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(PupilToken)).scalar_one() == 0


def test_wrong_class_codes_are_limited_per_client_and_app_wide_but_the_right_code_always_joins(engine, clock):
    tight = Limits(join_fail_per_client=Limit(3, 600), join_fail_global=Limit(6, 3600))
    store = Storage(engine, tight, clock)
    from storage.database import migrate
    migrate(engine)
    made = store.create_class("4b", "pl", "pl")
    wrong = "2222-2222" if made.info.code != "22222222" else "3333-3333"
    for _ in range(3):
        with pytest.raises(AccessRefused):
            store.join(wrong, "Ala", client="10.0.0.1")
    with pytest.raises(RateLimited) as limited:   # the client's fourth wrong code
        store.join(wrong, "Ala", client="10.0.0.1")
    assert limited.value.code == "rate_limited" and 1 <= limited.value.retry_after <= 600
    # A classmate behind the same school address types the right code: it joins (D1, D2).
    assert store.join(made.info.code, "Ala", client="10.0.0.1").nickname == "Ala"
    for _ in range(2):
        with pytest.raises(AccessRefused):
            store.join(wrong, "Olek", client="10.0.0.3")
    with pytest.raises(RateLimited):   # six wrong codes app-wide (the refused one counted too), from any client
        store.join(wrong, "Olek", client="10.0.0.4")
    assert store.join(made.info.code, "Olek", client="10.0.0.4").nickname == "Olek"   # never against a right code
    assert store.rejoin(made.info.code, "Olek", _pin_of(store, made, "Olek"), client="10.0.0.4").nickname == "Olek"


def _pin_of(store, made, nickname):
    return store.reset_pin(made.teacher_key, next(p.pupil_id for p in _board_pupils(store, made) if p.nickname == nickname))


def _board_pupils(store, made):
    from storage.board import load_board
    return load_board(store, made.teacher_key).pupils


def test_guessing_a_pin_is_stopped_after_five_tries(store, klass, clock):
    ala = store.join(klass.info.code, "Ala")
    wrong = [p for p in ("0000", "1111", "2222", "3333", "4444", "5555") if p != ala.pin][:5]
    for pin in wrong:
        with pytest.raises(AccessRefused) as refused:
            store.rejoin(klass.info.code, "Ala", pin)
        assert refused.value.code == "pin_wrong"
    with pytest.raises(RateLimited):
        store.rejoin(klass.info.code, "Ala", ala.pin)   # a PIN has 10,000 values: a spent one is not judged
    clock.advance(600)
    assert store.rejoin(klass.info.code, "Ala", ala.pin).pupil_id == ala.pupil_id


def test_the_teacher_lifts_a_pin_block_and_a_new_pin_is_never_blocked(store, klass):
    ala, olek = store.join(klass.info.code, "Ala"), store.join(klass.info.code, "Olek")
    for pupil in (ala, olek):
        for pin in [p for p in ("0000", "1111", "2222", "3333", "4444", "5555") if p != pupil.pin][:5]:
            with pytest.raises(AccessRefused):
                store.rejoin(klass.info.code, pupil.nickname, pin)
        with pytest.raises(RateLimited):
            store.rejoin(klass.info.code, pupil.nickname, pupil.pin)
    assert store.lift_blocks(klass.teacher_key) >= 2
    assert store.rejoin(klass.info.code, "Ala", ala.pin).pupil_id == ala.pupil_id
    for pin in [p for p in ("0000", "1111", "2222", "3333", "4444", "5555") if p != ala.pin][:5]:
        with pytest.raises(AccessRefused):
            store.rejoin(klass.info.code, "Ala", pin)
    new_pin = store.reset_pin(klass.teacher_key, ala.pupil_id)   # a reset PIN works at once
    assert store.rejoin(klass.info.code, "Ala", new_pin).pupil_id == ala.pupil_id
    other = store.create_class("4c", "pl", "pl")
    with pytest.raises(AccessRefused):   # one class's teacher cannot lift another's pupils
        store.lift_blocks(other.teacher_key + "x")


def test_wrong_pins_across_nicknames_are_limited_per_class(engine, clock):
    from storage.database import migrate
    migrate(engine)
    store = Storage(engine, Limits(pin_fail_per_class=Limit(4, 600)), clock)
    made = store.create_class("4b", "pl", "pl")
    pupils = [store.join(made.info.code, name) for name in ("Ala", "Olek", "Ewa")]
    for pupil in pupils[:2]:
        for pin in [p for p in ("0000", "1111") if p != pupil.pin][:1] + ["9999" if pupil.pin != "9999" else "8888"]:
            with pytest.raises(AccessRefused):
                store.rejoin(made.info.code, pupil.nickname, pin)
    with pytest.raises(RateLimited) as limited:   # 4 wrong in the class: Ewa's right PIN waits
        store.rejoin(made.info.code, "Ewa", pupils[2].pin)
    assert limited.value.params["bucket"] == "pin_fail_class"
    store.lift_blocks(made.teacher_key)
    assert store.rejoin(made.info.code, "Ewa", pupils[2].pin).nickname == "Ewa"


def test_wrong_teacher_keys_from_one_client_are_limited_but_the_right_key_always_opens(store, klass):
    for _ in range(20):
        with pytest.raises(AccessRefused):
            store.authorize_teacher("tk_" + "x" * 43, client="10.9.9.9")
    with pytest.raises(RateLimited):
        store.authorize_teacher("tk_" + "y" * 43, client="10.9.9.9")
    # The teacher behind the pupil's school address: the board and its refreshes open (D1).
    for _ in range(30):
        assert store.authorize_teacher(klass.teacher_key, client="10.9.9.9").id == klass.info.id
    assert store.authorize_teacher(klass.teacher_key, client="10.1.1.1").id == klass.info.id


def test_a_right_key_counts_nothing_against_the_clients_wrong_tries(store, klass):
    for _ in range(50):   # a board refreshing for an hour
        store.authorize_teacher(klass.teacher_key, client="10.9.9.8")
    for _ in range(20):
        with pytest.raises(AccessRefused):
            store.authorize_teacher("tk_" + "x" * 43, client="10.9.9.8")


def test_callers_with_no_known_address_share_one_limit_instead_of_none(store, klass):
    for _ in range(20):
        with pytest.raises(AccessRefused):
            store.authorize_teacher("tk_" + "x" * 43, client=None)
    with pytest.raises(RateLimited):   # D4: localhost, or a proxy that sends no address
        store.authorize_teacher("tk_" + "x" * 43, client=None)
    assert store.authorize_teacher(klass.teacher_key, client=None).id == klass.info.id
    for _ in range(20):
        with pytest.raises(AccessRefused):
            store.join("2222-2223", "Ala", client=None)
    with pytest.raises(RateLimited):
        store.join("2222-2223", "Ala", client=None)
    assert store.join(klass.info.code, "Ala", client=None).nickname == "Ala"


def test_answer_floods_are_limited_per_pupil_and_the_refused_answer_is_not_stored(engine, clock):
    from storage.database import migrate
    migrate(engine)
    store = Storage(engine, Limits(answer_per_pupil=Limit(5, 60), answer_per_class=Limit(8, 60)), clock)
    made = store.create_class("4b", "pl", "pl")
    ala, olek = store.join(made.info.code, "Ala"), store.join(made.info.code, "Olek")
    for i in range(5):
        store.record_answer(ala.token, f"k{i}", "q1", "quiz", "pl", "matching", "7h", True)
    with pytest.raises(RateLimited):
        store.record_answer(ala.token, "k5", "q1", "quiz", "pl", "matching", "7h", True)
    for i in range(3):
        store.record_answer(olek.token, f"k{i}", "q1", "quiz", "pl", "matching", "7h", True)
    with pytest.raises(RateLimited):   # the class's eight are spent
        store.record_answer(olek.token, "k3", "q1", "quiz", "pl", "matching", "7h", True)
    assert len(store.progress(ala.token).answers) == 5 and len(store.progress(olek.token).answers) == 3
    clock.advance(60)
    assert store.record_answer(ala.token, "k5", "q1", "quiz", "pl", "matching", "7h", True).stored


def test_limits_hold_across_two_app_servers_on_one_database(db_url, clock):
    from storage.database import make_engine, migrate
    engines = [make_engine(db_url), make_engine(db_url)]
    try:
        migrate(engines[0])
        limits = Limits(join_fail_per_client=Limit(4, 600))
        one, two = (Storage(e, limits, clock) for e in engines)
        one.create_class("4b", "pl", "pl")
        for server in (one, two, one, two):
            with pytest.raises(AccessRefused):
                server.join("2222-2223", "Ala", client="10.0.0.7")
        for server in (one, two):
            with pytest.raises(RateLimited):
                server.join("2222-2223", "Ala", client="10.0.0.7")
    finally:
        for e in engines:
            e.dispose()


def test_every_refusal_code_is_listed_and_an_unknown_one_is_a_bug():
    assert len(set(ERROR_CODES)) == len(ERROR_CODES)
    with pytest.raises(ValueError):
        StorageError("no_such_code")


def test_a_nickname_that_looks_like_a_classmates_is_refused_in_that_class_only(store, klass):
    store.join(klass.info.code, "Ala")
    with pytest.raises(InputRefused) as refused:
        store.join(klass.info.code, "AIa")          # capital I: reads "Ala" on the projector
    assert refused.value.code == "nickname_look_alike"
    with pytest.raises(InputRefused) as refused:
        store.join(klass.info.code, "ALA")
    assert refused.value.code == "nickname_taken"
    other = store.create_class("4c", "pl", "pl")
    assert store.join(other.info.code, "AIa").nickname == "AIa"
    assert store.join(klass.info.code, "Ala \U0001f469\u200d\U0001f4bb").nickname == "Ala \U0001f469\u200d\U0001f4bb"
