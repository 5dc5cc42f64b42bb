"""A question about how long a jack's (alsó's) demand lasts calls it a demand, as the rest of the app does."""
from __future__ import annotations

from engine.drills import load_drills
from engine.quiz import QuizError, generate
from ui.present.drill_text import option_text, question_text
from ui.present.i18n import translator


def _wish_questions():
    drills = [d for d in load_drills() if d.kind == "next" and d.ask == "wish"]
    for variant, topic in (("pl", "jack"), ("hu", "jack"), ("pl", "ace")):
        for seed in range(12):
            try:
                drill = generate(variant, topic, seed=seed)
            except QuizError:
                continue
            if drill.kind == "next" and drill.ask == "wish":
                drills.append(drill)
    return drills


def test_a_demands_lifetime_is_asked_about_as_a_demand_and_a_suit_wishs_as_a_wish() -> None:
    en = translator("en")
    seen = {"demand": 0, "wish": 0}
    for drill in _wish_questions():
        st = drill.state()
        made = " demand " in f" {drill.move} " and "demand none" not in drill.move
        rank = made or (st.wish is not None and st.wish.kind == "rank" and " suit " not in f" {drill.move} ")
        suit = " suit " in f" {drill.move} " and "suit none" not in drill.move
        text = question_text(drill, st, en)
        options = " ".join(option_text(drill, o, st, en) for o in drill.options)
        if rank and not suit:
            seen["demand"] += 1
            assert "demand" in text and "wish" not in text and "wish" not in options, (drill.id, text, options)
        elif suit or (st.wish is not None and st.wish.kind == "suit"):
            seen["wish"] += 1
            assert "wish" in text, (drill.id, text)
    assert seen["demand"] and seen["wish"], seen
