"""The learning path, its placement, spaced repetition, ratings and Play's mistakes as review cards (issue 29)."""
from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from engine.drills import drill_by_id, shipped_drills
from engine.path import PLAY_GOALS, placement_drills, placement_start, shipped_paths, verify_path
from engine.rules import legal_moves
from engine.ruleset import load_ruleset
from ui.play import learning as play_learning
from ui.play import model
from ui.play.model import Pending
from ui.practice import state as ps
from ui.shell import learner, rating, review

CLOCK = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
MAKAO = ("pl", "pl-trad", "da", "hu")


# ---------------------------------------------------------------------------- the scheduler

def test_a_wrong_answer_is_due_sooner_than_a_right_one() -> None:
    drill = shipped_drills()[0]
    wrong = review.answer({}, "k", drill, False, CLOCK)
    right = review.answer({}, "k", drill, True, CLOCK)
    assert review.due_at(wrong, "k") < review.due_at(right, "k")
    assert review.due_at(wrong, "k") - CLOCK <= timedelta(minutes=10)


def test_a_card_answered_right_again_and_again_is_due_later_each_time() -> None:
    drill = shipped_drills()[0]
    deck: review.Deck = {}
    when, gaps = CLOCK, []
    for _ in range(5):
        deck = review.answer(deck, "k", drill, True, when)
        due = review.due_at(deck, "k")
        gaps.append(due - when)
        when = due                                   # answered the moment it is due again
    assert gaps == sorted(gaps) and len(set(gaps)) == len(gaps), gaps
    assert gaps[-1] > timedelta(days=30)


def test_a_wrong_answer_after_right_ones_brings_the_card_back_soon() -> None:
    drill = shipped_drills()[0]
    deck = review.answer({}, "k", drill, True, CLOCK)
    deck = review.answer(deck, "k", drill, True, review.due_at(deck, "k"))
    later = review.due_at(deck, "k")
    deck = review.answer(deck, "k", drill, False, later)
    assert review.due_at(deck, "k") - later < timedelta(hours=1)
    assert review.due_keys(deck, later + timedelta(hours=1)) == ["k"]
    assert review.due_per_day(deck, later)[0] == 1


def test_a_card_keeps_its_question() -> None:
    drill = drill_by_id("pl-jack-01")
    deck = review.answer({}, "drill:pl-jack-01", drill, False, CLOCK)
    assert review.card_drill(deck, "drill:pl-jack-01") == replace(drill, file="review")


# ---------------------------------------------------------------------------- the path

@pytest.mark.parametrize("variant", MAKAO)
def test_every_step_of_the_path_exists_and_its_engine_checks_pass(variant: str) -> None:
    path = shipped_paths()[variant]
    verify_path(path)                                       # lessons, drill topics, goals, placement drills
    kinds = [s.kind for s in path.steps]
    assert kinds[0] == "lesson" and path.steps[0].basics    # it begins with matching suit or rank
    assert [s.target for s in path.steps if s.kind == "play"] == list(PLAY_GOALS)   # and ends at Play's goals
    assert 5 <= len(placement_drills(path)) <= 8


@pytest.mark.parametrize("variant", MAKAO)
def test_all_right_in_the_placement_starts_past_the_basics(variant: str) -> None:
    path = shipped_paths()[variant]
    state: dict = {}
    start = learner.place(state, path, {d.id: True for d in placement_drills(path)})
    assert start > 0 and all(s.basics for s in path.steps[:start]) and not path.steps[start].basics
    marks = learner.path_state(state, path)
    assert marks[:start] == ["done"] * start and marks[start] == "next"


def test_a_wrong_answer_on_matching_starts_at_the_first_step() -> None:
    path = shipped_paths()["pl"]
    answers = {d.id: d.topic != "matching" for d in placement_drills(path)}
    assert placement_start(path, answers) == 0


def test_house_rules_get_the_path_of_their_variant() -> None:
    from engine.path import path_for
    house = load_ruleset("pl-devdo")
    path = path_for(house, base="pl")
    assert path is not None and path.variant == "pl" and path.steps


def test_a_step_is_done_by_its_lesson_its_drills_and_its_play_goal() -> None:
    path = shipped_paths()["pl"]
    state: dict = {}
    learner.skip_placement(state, path)
    assert learner.path_state(state, path)[0] == "next"
    learner.lesson_finished(state, path.steps[0].target, 2)
    assert learner.path_state(state, path)[:2] == ["done", "next"]
    topic = path.steps[1].target
    for drill in [d for d in shipped_drills() if d.variant == "pl" and d.topic == topic][:3]:
        learner.answer_drill(state, drill, True, CLOCK)
    assert learner.path_state(state, path)[:3] == ["done", "done", "next"]
    learner.round_finished(state, "pl", ("beginner",), won=False)
    assert learner.record(state)["goals"]["pl"] == ["round_beginners"]
    learner.round_finished(state, "pl", ("club", "club"), won=True)
    assert learner.path_state(state, path)[-2:] == ["done", "done"]


# ---------------------------------------------------------------------------- Play's mistakes

def _pending_game() -> tuple[model.Game, model.Game]:
    rules = load_ruleset("pl")
    game = model.start(model.make_settings(rules, 2, 1, ("club",), seed=5))
    moves = legal_moves(game.state)
    chosen, best = moves[0], moves[-1]
    assert chosen != best
    shortfall = SimpleNamespace(best=SimpleNamespace(move=best))
    return game, replace(game, pending=Pending(chosen, shortfall))


def test_a_checker_mistake_comes_back_as_a_review_card_with_the_coachs_move() -> None:
    before, after = _pending_game()
    state: dict = {}
    play_learning.after_act(state, before, after)
    cards = learner.record(state)["cards"]
    assert len(cards) == 1
    key = next(iter(cards))
    assert review.due_at(cards, key) - learner.now_utc() < timedelta(minutes=2)   # back within minutes
    drill = review.card_drill(cards, key)
    deck = after.state.rules.deck
    from engine.moves import format_move
    assert drill.kind == "best" and drill.answer == (format_move(after.pending.shortfall.best.move, deck),)
    assert format_move(after.pending.move, deck) in drill.options
    assert drill.state().hands == after.state.hands and drill.state().pile == after.state.pile
    # Today's review on Practice asks it once it is due, and a right answer sends it away for longer.
    later = learner.now_utc() + timedelta(minutes=5)
    state[ps.MODE] = "review"
    ps.init(state, None)
    original = learner.now_utc
    learner.now_utc = lambda: later                       # a fixed clock: five minutes on
    try:
        question = ps.current_question(state, "pl")
        assert question is not None and question.id == drill.id
        state[ps.CHOICE.format(qid=question.id)] = question.answer[0]
        ps.submit(state, "pl")
        assert state[ps.ANSWER]["right"] is True
        assert review.due_at(learner.record(state)["cards"], key) > later + timedelta(minutes=5)
        ps.next_question(state)
        assert ps.current_question(state, "pl") is None   # nothing else is due
    finally:
        learner.now_utc = original


def test_the_same_checker_mistake_twice_is_one_card() -> None:
    before, after = _pending_game()
    state: dict = {}
    play_learning.after_act(state, before, after)
    play_learning.after_act(state, before, after)
    assert len(learner.record(state)["cards"]) == 1


# ---------------------------------------------------------------------------- ratings

def test_a_learner_who_answers_hard_drills_right_gains_rating() -> None:
    hard = [d for d in shipped_drills() if d.level == 3][:5]
    state: dict = {}
    start = learner.record(state)["rating"][0]
    for drill in hard:
        learner.answer_drill(state, drill, True, CLOCK)
    rec = learner.record(state)
    assert rec["rating"][0] > start + 3
    assert rec["history"][-1]["rating"] > rating.shown(rating.learner_start())
    assert all(rec["drills"][d.id][0] < rating.start_of(3)[0] for d in hard)   # the drills beaten fall


def test_drills_that_everyone_misses_rise_and_those_everyone_gets_right_fall() -> None:
    drills = [d for d in shipped_drills() if d.variant == "pl" and d.level == 1][:2]
    missed, easy = drills
    answers = [(missed.id, False)] * 20 + [(easy.id, True)] * 20
    ratings = rating.drill_ratings(drills, answers)
    assert ratings[missed.id][0] > rating.start_of(1)[0] + 3
    assert ratings[easy.id][0] < rating.start_of(1)[0] - 3


def test_drills_at_your_level_serve_the_drill_rated_nearest_the_learner() -> None:
    pool = [d for d in shipped_drills() if d.variant == "pl"]
    ratings = {d.id: rating.start_of(d.level) for d in pool}
    strong = [rating.start_of(3)[0] + 0.5, 3.0]
    weak = [rating.start_of(1)[0], 3.0]
    assert rating.nearest(pool, strong, ratings).level == 3
    assert rating.nearest(pool, weak, ratings).level == 1
    first = rating.nearest(pool, weak, ratings)
    assert rating.nearest(pool, weak, ratings, skip=[first.id]).id != first.id
