"""The projector's board key: it shows the board and can neither delete, rotate, reset nor export."""
from __future__ import annotations

import pytest

from storage.board import load_board
from storage.errors import AccessRefused
from storage.export import answers_csv


def test_a_board_key_shows_the_board_read_only_and_opens_nothing_else(store):
    made = store.create_class("4b", "pl", "pl")
    ala = store.join(made.info.code, "Ala")
    board_key = store.new_board_key(made.teacher_key)
    assert board_key.startswith("bk_")
    shown = load_board(store, board_key)
    assert shown.read_only and [p.nickname for p in shown.pupils] == ["Ala"]
    assert not load_board(store, made.teacher_key).read_only
    for action in (lambda: store.delete_class(board_key), lambda: store.rotate_teacher_key(board_key),
                   lambda: store.reset_pin(board_key, ala.pupil_id), lambda: store.delete_pupil(board_key, ala.pupil_id),
                   lambda: store.set_joining(board_key, False), lambda: store.new_board_key(board_key),
                   lambda: store.lift_blocks(board_key), lambda: answers_csv(store, board_key),
                   lambda: store.authorize_teacher(board_key)):
        with pytest.raises(AccessRefused) as refused:
            action()
        assert refused.value.code == "teacher_key_wrong"
    assert store.authorize_teacher(made.teacher_key).id == made.info.id   # the class is all there


def test_a_new_board_key_retires_the_old_one_and_a_rotated_teacher_key_leaves_it_working(store):
    made = store.create_class("4b", "pl", "pl")
    first = store.new_board_key(made.teacher_key)
    second = store.new_board_key(made.teacher_key)
    with pytest.raises(AccessRefused) as refused:
        load_board(store, first)
    assert refused.value.code == "teacher_key_revoked"
    new_teacher_key = store.rotate_teacher_key(made.teacher_key)
    assert load_board(store, second).info.id == made.info.id         # the projector keeps showing
    assert not load_board(store, new_teacher_key).read_only
    with pytest.raises(AccessRefused):                                 # a board key is no teacher key in disguise
        load_board(store, "bk_" + second[3:] + "x")
    with pytest.raises(AccessRefused):
        load_board(store, "tk_" + second[3:])
