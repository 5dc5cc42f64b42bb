"""The lesson table's status lines: the learner is "you", so their lines are in the second person."""
from __future__ import annotations

import pytest

from engine.scenario import load_scenarios, start_state
from engine.state import Attack, Wish
from ui.learn.table import banners
from ui.present.i18n import translator

LESSON = next(s for s in load_scenarios() if s.variant == "pl")
START = start_state(LESSON)


def _state(**changes):
    return START.with_(**changes)


def _texts(state, lang: str = "en") -> list[str]:
    return [line["text"] for line in banners(LESSON, state, translator(lang))]


def test_the_learner_is_addressed_in_the_second_person() -> None:
    me = LESSON.learner
    other = (me + 1) % START.players
    waiting = [0] * START.players
    waiting[me] = 2
    state = _state(to_move=me, attack=Attack("draw", 5, START.top), wish=Wish("suit", "h", me, "until_return"), waiting=tuple(waiting))
    assert _texts(state) == ["Attack: you must draw 5 cards or defend.", "Wish: you ask for hearts.",
                             "You sit out 2 more turns."]
    theirs = _state(to_move=other, attack=Attack("skip", 1, START.top), wish=Wish("rank", "7", other, "round"))
    assert _texts(theirs)[0] == f"Attack: Player {other + 1} must sit out 1 turn or defend."
    assert _texts(theirs)[1].startswith(f"Demand: Player {other + 1} asks for")


@pytest.mark.parametrize(("lang", "wrong"), [("pl", "Ty musi"), ("hu", "Te:"), ("da", "forsvare sig")])
def test_no_language_pairs_you_with_a_third_person_verb(lang: str, wrong: str) -> None:
    me = LESSON.learner
    waiting = [0] * START.players
    waiting[me] = 1
    state = _state(to_move=me, attack=Attack("draw", 2, START.top), waiting=tuple(waiting))
    texts = _texts(state, lang)
    assert len(texts) == 2 and not any(wrong in text for text in texts), texts
