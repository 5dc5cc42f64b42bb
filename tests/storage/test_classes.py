"""Classes: a teacher makes one, pupils join by code and nickname, keys and tokens open only what they should."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import func, select, text

from storage import keys
from storage.board import load_board
from storage.errors import AccessRefused, InputRefused
from storage.models import Answer, LessonStars, PracticeTopic, Pupil, PupilToken, SchoolClass, TeacherKey


def _class(store, **kw):
    return store.create_class(kw.pop("name", "4b makao"), kw.pop("ruleset", "pl"), kw.pop("language", "pl"), **kw)


def _count(store, model, *where) -> int:
    with store.engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(model).where(*where)).scalar_one()


def test_a_new_class_has_a_board_code_and_a_teacher_key_of_at_least_128_random_bits(store):
    made = _class(store, lessons=["pl-01-goal-matching"], drills=["pl-matching-01"],
                  quiz=["pl-matching-02", "pl-matching-01"])
    assert re.fullmatch(r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}",
                        made.info.board_code)
    assert made.teacher_key.startswith("tk_") and len(made.teacher_key) - 3 >= 43   # 32 bytes in base64url
    info = store.authorize_teacher(made.teacher_key)
    assert (info.name, info.ruleset, info.language) == ("4b makao", "pl", "pl")
    assert info.quiz == ("pl-matching-02", "pl-matching-01")   # the order is the teacher's
    assert info.lessons == ("pl-01-goal-matching",) and info.drills == ("pl-matching-01",)


def test_keys_tokens_and_pins_are_stored_only_as_hashes(store):
    made = _class(store)
    pupil = store.join(made.info.code, "Ala")
    with store.engine.connect() as conn:
        dump = " ".join(str(v) for table in ("teacher_keys", "pupil_tokens", "pupils")
                        for row in conn.execute(text(f"SELECT * FROM {table}")) for v in row)
    for secret in (made.teacher_key, made.teacher_key[3:], pupil.token, pupil.token[3:]):
        assert secret not in dump
    assert keys.secret_hash(made.teacher_key) in dump
    assert f" {pupil.pin} " not in f" {dump} "


def test_two_classes_get_different_codes_and_keys(store):
    a, b = _class(store), _class(store)
    assert a.info.code != b.info.code and a.teacher_key != b.teacher_key
    assert store.authorize_teacher(b.teacher_key).id == b.info.id


def test_a_rotated_teacher_key_is_refused_as_old_and_the_new_one_opens_the_class(store):
    made = _class(store)
    new_key = store.rotate_teacher_key(made.teacher_key)
    with pytest.raises(AccessRefused) as old:
        store.authorize_teacher(made.teacher_key)
    assert old.value.code == "teacher_key_revoked"
    with pytest.raises(AccessRefused):
        load_board(store, made.teacher_key)
    with pytest.raises(AccessRefused):
        store.rotate_teacher_key(made.teacher_key)   # the old key cannot take the class back
    assert store.authorize_teacher(new_key).id == made.info.id
    newest = store.rotate_teacher_key(new_key)
    assert {store_code(store, k) for k in (made.teacher_key, new_key)} == {"teacher_key_revoked"}
    assert store.authorize_teacher(newest).id == made.info.id


def store_code(store, key) -> str:
    try:
        store.authorize_teacher(key)
    except AccessRefused as exc:
        return exc.code
    return "ok"


@pytest.mark.parametrize("key", ["", "tk_", "tk_" + "A" * 43, "nonsense", "tk_<script>", None, 12, "tk_" + "a" * 500])
def test_a_wrong_teacher_key_is_refused_clearly(store, key):
    _class(store)
    with pytest.raises(AccessRefused) as refused:
        store.authorize_teacher(key)
    assert refused.value.code == "teacher_key_wrong"


def test_a_pupil_token_never_opens_the_board_or_teacher_actions(store):
    made = _class(store)
    pupil = store.join(made.info.code, "Ala")
    for call in (lambda: load_board(store, pupil.token), lambda: store.authorize_teacher(pupil.token),
                 lambda: store.delete_class(pupil.token), lambda: store.rotate_teacher_key(pupil.token),
                 lambda: store.delete_pupil(pupil.token, pupil.pupil_id)):
        with pytest.raises(AccessRefused) as refused:
            call()
        assert refused.value.code == "teacher_key_wrong"
    assert _count(store, Pupil) == 1 and _count(store, SchoolClass) == 1


def test_a_teacher_key_of_one_class_cannot_touch_a_pupil_of_another(store):
    a, b = _class(store), _class(store)
    pupil_b = store.join(b.info.code, "Bolek")
    for call in (lambda: store.delete_pupil(a.teacher_key, pupil_b.pupil_id),
                 lambda: store.reset_pin(a.teacher_key, pupil_b.pupil_id)):
        with pytest.raises(AccessRefused) as refused:
            call()
        assert refused.value.code == "pupil_unknown"
    assert _count(store, Pupil) == 1


def test_joining_gives_a_token_that_brings_the_pupil_back(store):
    made = _class(store)
    joined = store.join(made.info.board_code.lower(), "Ala")   # typed in lower case, with the dash
    assert joined.token.startswith("pt_") and re.fullmatch(r"\d{4}", joined.pin)
    back = store.pupil(joined.token)
    assert (back.pupil_id, back.nickname, back.info.id) == (joined.pupil_id, "Ala", made.info.id)
    assert back.token is None and back.pin is None   # a look-up never hands secrets out again


@pytest.mark.parametrize("taken", ["ala", "ALA", " Ala ", "Ａｌａ"])
def test_nicknames_are_unique_in_a_class_whatever_the_case_or_width(store, taken):
    made = _class(store)
    store.join(made.info.code, "Ala")
    with pytest.raises(InputRefused) as refused:
        store.join(made.info.code, taken)
    assert refused.value.code == "nickname_taken"
    assert _count(store, Pupil) == 1


def test_the_same_nickname_may_be_used_in_another_class(store):
    a, b = _class(store), _class(store)
    store.join(a.info.code, "Ala")
    assert store.join(b.info.code, "Ala").info.id == b.info.id


def test_rejoining_with_nickname_and_pin_gives_a_new_device_token_and_keeps_the_old(store):
    made = _class(store)
    first = store.join(made.info.code, "Ala")
    second = store.rejoin(made.info.board_code, "ALA", first.pin)
    assert second.pupil_id == first.pupil_id and second.token != first.token and second.pin is None
    assert store.pupil(first.token).pupil_id == store.pupil(second.token).pupil_id == first.pupil_id


def test_rejoining_with_a_wrong_pin_or_unknown_nickname_is_refused(store):
    made = _class(store)
    first = store.join(made.info.code, "Ala")
    wrong = "0000" if first.pin != "0000" else "1111"
    with pytest.raises(AccessRefused) as refused:
        store.rejoin(made.info.code, "Ala", wrong)
    assert refused.value.code == "pin_wrong"
    with pytest.raises(AccessRefused) as refused:
        store.rejoin(made.info.code, "Olek", first.pin)
    assert refused.value.code == "pupil_unknown"
    with pytest.raises(InputRefused) as refused:
        store.rejoin(made.info.code, "Ala", "12a4")
    assert refused.value.code == "pin_format"
    assert _count(store, PupilToken) == 1


def test_a_teacher_resets_a_forgotten_pin(store):
    made = _class(store)
    first = store.join(made.info.code, "Ala")
    pin = store.reset_pin(made.teacher_key, first.pupil_id)
    assert store.rejoin(made.info.code, "Ala", pin).pupil_id == first.pupil_id
    if pin != first.pin:
        with pytest.raises(AccessRefused):
            store.rejoin(made.info.code, "Ala", first.pin)


def test_a_closed_class_takes_no_new_pupils_but_lets_its_pupils_back(store):
    made = _class(store)
    ala = store.join(made.info.code, "Ala")
    assert store.set_joining(made.teacher_key, False).joining_open is False
    with pytest.raises(AccessRefused) as refused:
        store.join(made.info.code, "Olek")
    assert refused.value.code == "class_closed"
    assert store.rejoin(made.info.code, "Ala", ala.pin).pupil_id == ala.pupil_id
    store.set_joining(made.teacher_key, True)
    assert store.join(made.info.code, "Olek").nickname == "Olek"


def test_deleting_a_pupil_deletes_their_progress_and_their_token(store):
    made = _class(store)
    ala, olek = store.join(made.info.code, "Ala"), store.join(made.info.code, "Olek")
    for pupil in (ala, olek):
        store.record_stars(pupil.token, "pl-01-goal-matching", 2)
        store.record_answer(pupil.token, "a1", "pl-matching-01", "drill", "pl", "matching", "7h", True)
    store.delete_pupil(made.teacher_key, ala.pupil_id)
    with pytest.raises(AccessRefused) as refused:
        store.pupil(ala.token)   # the old link is a replayed token now
    assert refused.value.code == "pupil_token_unknown"
    assert _count(store, Answer, Answer.pupil_id == ala.pupil_id) == 0
    assert _count(store, LessonStars, LessonStars.pupil_id == ala.pupil_id) == 0
    assert _count(store, PracticeTopic, PracticeTopic.pupil_id == ala.pupil_id) == 0
    assert store.progress(olek.token).stars == {"pl-01-goal-matching": 2}
    with pytest.raises(AccessRefused):
        store.delete_pupil(made.teacher_key, ala.pupil_id)


def test_deleting_the_class_deletes_everything_in_it_and_nothing_else(store):
    made, other = _class(store), _class(store)
    ala = store.join(made.info.code, "Ala")
    keep = store.join(other.info.code, "Ala")
    store.record_answer(ala.token, "a1", "pl-matching-01", "drill", "pl", "matching", "7h", True)
    store.record_round(ala.token, "r1", "pl", 3, True, 12)
    store.delete_class(made.teacher_key)
    for model in (Pupil, Answer, TeacherKey):
        assert _count(store, model, model.class_id == made.info.id) == 0
    with pytest.raises(AccessRefused) as refused:
        store.join(made.info.code, "Olek")
    assert refused.value.code == "class_code_unknown"
    with pytest.raises(AccessRefused) as refused:
        store.authorize_teacher(made.teacher_key)
    assert refused.value.code == "teacher_key_wrong"
    assert store.pupil(keep.token).nickname == "Ala"


def test_a_pupil_may_delete_their_own_data(store):
    made = _class(store)
    ala = store.join(made.info.code, "Ala")
    store.record_stars(ala.token, "pl-01-goal-matching", 3)
    store.leave(ala.token)
    assert _count(store, Pupil) == 0 and _count(store, LessonStars) == 0
    assert store.join(made.info.code, "Ala").nickname == "Ala"   # the nickname is free again


@pytest.mark.parametrize("kwargs, code", [
    ({"name": ""}, "class_name_empty"),
    ({"name": "   "}, "class_name_empty"),
    ({"name": "x" * 81}, "class_name_too_long"),
    ({"name": "4b\u202e"}, "class_name_bad_characters"),
    ({"ruleset": "pl; drop table classes"}, "ruleset_unknown"),
    ({"language": "polish!"}, "language_format"),
    ({"lessons": ["hu-01-goal-matching-nope"]}, "lesson_unknown"),
    ({"lessons": ["da-01-goal-matching"]}, "lesson_unknown"),          # a lesson of another variant
    ({"drills": ["pl-nope-01"]}, "drill_unknown"),
    ({"quiz": ["da-matching-01"]}, "drill_unknown"),                   # a drill of another variant
    ({"quiz": ["pl-matching-01"] * 31}, "too_many_items"),
])
def test_a_class_that_does_not_fit_is_refused_and_not_stored(store, kwargs, code):
    with pytest.raises(InputRefused) as refused:
        _class(store, **kwargs)
    assert refused.value.code == code
    assert _count(store, SchoolClass) == 0
