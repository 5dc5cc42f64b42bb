"""Names are text: NFKC, no invisible names, no look-alike script mixes, real names with ZWJ/ZWNJ accepted."""
from __future__ import annotations

import pytest

from storage import validate as v
from storage.errors import InputRefused


@pytest.mark.parametrize("nickname, code", [
    ("\u3164", "nickname_bad_characters"),               # Hangul filler: a blank name on the board (D6)
    ("Ala\u3164", "nickname_bad_characters"),
    ("\u2800", "nickname_bad_characters"),               # Braille blank
    ("\u0301\u0302", "nickname_bad_characters"),         # combining marks only
    ("Z" + "\u0301" * 23, "nickname_bad_characters"),    # Zalgo: marks that cover the neighbours
    ("\u200dAla", "nickname_bad_characters"),            # a joiner at the edge joins nothing
    ("Ala\u200c", "nickname_bad_characters"),
    ("A\u200c1", "nickname_bad_characters"),             # ZWNJ only between letters
    ("Ala \u200d Ola", "nickname_bad_characters"),
    ("\u0410la", "nickname_mixed_scripts"),              # "Аla" with a Cyrillic А beside a Latin "Ala"
    ("Pa\u03b3el", "nickname_mixed_scripts"),            # Greek γ among Latin letters
])
def test_invisible_and_look_alike_nicknames_are_refused(nickname, code):
    with pytest.raises(InputRefused) as refused:
        v.clean_nickname(nickname)
    assert refused.value.code == code


@pytest.mark.parametrize("nickname, stored", [
    ("Ala \U0001f469\u200d\U0001f4bb", "Ala \U0001f469\u200d\U0001f4bb"),     # emoji ZWJ sequence (D7)
    ("\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f468\u200d\U0001f469\u200d\U0001f467"),
    ("\u0646\u06cc\u06a9\u200c\u0646\u0627\u0645", "\u0646\u06cc\u06a9\u200c\u0646\u0627\u0645"),   # Persian with ZWNJ
    ("\uff21\uff4c\uff41", "Ala"),                       # full-width letters are stored as NFKC
    ("\u5c71\u7530\u305f\u308d\u3046", "\u5c71\u7530\u305f\u308d\u3046"),   # Japanese: Han + Hiragana
    ("\uae40\ucca0\uc218", "\uae40\ucca0\uc218"),         # Korean
    ("\u041e\u043b\u044f", "\u041e\u043b\u044f"),         # all Cyrillic
    ("Zo\u00eb 2b", "Zo\u00eb 2b"),
    ("\U0001f44d\U0001f3fd", "\U0001f44d\U0001f3fd"),     # skin tone
])
def test_real_names_are_accepted(nickname, stored):
    assert v.clean_nickname(nickname) == stored


@pytest.mark.parametrize("one, other", [("Ala", "AIa"), ("Epa", "\u0415\u0440\u0430"), ("Ola", "0la"),
                                        ("Ala", "ALA")])
def test_names_that_read_the_same_on_a_board_have_one_skeleton(one, other):
    assert v.looks_like(one) == v.looks_like(other)


@pytest.mark.parametrize("one, other", [("Ala", "Ola"), ("Ewa", "Ela"), ("Zoe", "Zo\u00eb"), ("Bartek", "Bartel")])
def test_different_names_have_different_skeletons(one, other):
    assert v.looks_like(one) != v.looks_like(other)


def test_a_class_name_may_not_be_invisible():
    with pytest.raises(InputRefused) as refused:
        v.clean_class_name("\u3164\u3164")
    assert refused.value.code == "class_name_bad_characters"
