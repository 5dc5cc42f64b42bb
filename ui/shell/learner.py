"""The learner's record in the session: placement, path progress, review cards, ratings and history.

Pure Python over the session's state mapping (handed in by the page), so every feature records into
the same record without importing another feature: Practice's answers, Learn's finished lessons,
Play's checker mistakes and rounds all call the functions here (docs/LEARNING.md). The record is
plain JSON (``export``/``restore``): the class database keeps a pupil's, the browser's storage
anyone else's.
"""
from __future__ import annotations

import zlib
from collections.abc import Mapping, MutableMapping
from datetime import UTC, datetime
from typing import Any

from engine.drills import Drill, WrongOption, drill_by_id, shipped_drills
from engine.moves import Move, format_move
from engine.path import DRILLS_NEEDED, LearningPath, PathStep, placement_drills, placement_start
from engine.position import position_to_json
from engine.rules import check
from engine.scenario import Scenario, Step, read_move
from engine.state import State
from ui.shell import rating, review

LEARNING = "learning_record"
HISTORY_KEPT = 2000            # answers kept for the charts (the oldest go first)
LEARN_STARS = "learn_stars"    # Learn's stars per lesson id in the session (ui/learn/page.py STARS)
COACH_TOPIC = "coach"          # the topic of a Play mistake's card: the coach's move, not a rule


def now_utc() -> datetime:
    """The time an answer is recorded at."""
    return datetime.now(UTC)


def record(state: MutableMapping[str, Any]) -> dict[str, Any]:
    """The learner's record, made empty on first use."""
    kept = state.get(LEARNING)
    if not isinstance(kept, dict):
        kept = {}
    for name, empty in (("placement", {}), ("cards", {}), ("rating", rating.learner_start()), ("drills", {}),
                        ("history", []), ("goals", {}), ("lessons", {})):
        kept.setdefault(name, empty)
    state[LEARNING] = kept
    return kept


def _history(rec: dict[str, Any], drill: Drill, right: bool, at: datetime) -> None:
    rec["history"] = [*rec["history"], {"at": at.isoformat(), "id": drill.id, "variant": drill.variant,
                                        "topic": drill.topic, "right": right,
                                        "rating": rating.shown(rec["rating"])}][-HISTORY_KEPT:]


def answer_drill(state: MutableMapping[str, Any], drill: Drill, right: bool, now: datetime | None = None,
                 key: str | None = None) -> None:
    """Records an answer: the drill's review card, the learner's and the drill's ratings, the history."""
    at = now or now_utc()
    rec = record(state)
    rec["cards"] = review.answer(rec["cards"], key or f"drill:{drill.id}", drill, right, at)
    if drill.topic != COACH_TOPIC:
        mine, theirs = rating.play(rec["rating"], rec["drills"].get(drill.id, rating.start_of(drill.level)), right)
        rec["rating"], rec["drills"] = mine, {**rec["drills"], drill.id: theirs}
    _history(rec, drill, right, at)


def mistake_drill(before: State, chosen: Move, best: Move) -> Drill:
    """A Play moment as a question: the position then, the coach's move as the answer, the learner's beside it."""
    deck = before.rules.deck
    best_text, chosen_text = format_move(best, deck), format_move(chosen, deck)
    position = position_to_json(before)
    key = f"{before.rules.id}-{zlib.crc32((str(position) + best_text).encode()):08x}"
    return Drill(f"play-{key}", before.rules.id, COACH_TOPIC, "best", 2, position, (best_text,),
                 options=tuple(sorted((best_text, chosen_text))), wrong=(WrongOption(chosen_text, "", ""),), file="play")


def lesson_step_drill(lesson: Scenario, before: State, step: Step, tried: str | None) -> Drill | None:
    """A lesson's learner step as a question: its accepted move among the wrong ones (the learner's own
    wrong try, the step's listed wrong answers, else cards the rules forbid here); None when nothing is wrong."""
    deck = before.rules.deck
    answer = format_move(read_move(lesson, before, step.accept[0], "accept"), deck)
    wrong = [tried] if tried else []
    wrong += [format_move(read_move(lesson, before, w.move, "wrong"), deck) for w in step.wrong]
    if not wrong:
        hand = before.hands[before.to_move]
        wrong = [format_move(m, deck) for m in (Move("play", (card,)) for card in hand) if not check(before, m).legal]
    options = tuple(dict.fromkeys(m for m in wrong if m != answer))[:3]
    if not options:
        return None
    return Drill(f"{lesson.id}-step-{step.index + 1}", before.rules.id, lesson.topics[0], "best", 1,
                 position_to_json(before), (answer,), title=lesson.title, options=tuple(sorted((answer, *options))),
                 wrong=tuple(WrongOption(m, "", "") for m in options), file=lesson.file)


def lesson_step(state: MutableMapping[str, Any], lesson: Scenario, before: State, step: Step, right: bool,
                tried: str | None = None, now: datetime | None = None) -> None:
    """A lesson step answered (right at once, or with a wrong try) becomes a review card."""
    if lesson.rules is not None:       # a generated lesson of house rules: no shipped position to come back to
        return
    drill = lesson_step_drill(lesson, before, step, None if right else tried)
    if drill is not None:
        answer_drill(state, drill, right, now, key=f"lesson:{drill.id}")


def play_mistake(state: MutableMapping[str, Any], before: State, chosen: Move, best: Move,
                 now: datetime | None = None) -> None:
    """A move Play's checker or review found wanting becomes a review card, due again soon."""
    if chosen == best:
        return
    drill = mistake_drill(before, chosen, best)
    rec = record(state)
    rec["cards"] = review.answer(rec["cards"], f"play:{drill.id}", drill, False, now or now_utc())


def round_finished(state: MutableMapping[str, Any], variant: str, strengths: tuple[str, ...], won: bool) -> None:
    """A round of Play played to its end: the path's Play goals it meets."""
    rec = record(state)
    goals = set(rec["goals"].get(variant, ()))
    if strengths and all(s == "beginner" for s in strengths):
        goals.add("round_beginners")
    if won and strengths and all(s in ("club", "expert") for s in strengths):
        goals.update(("round_beginners", "win_club"))
    rec["goals"] = {**rec["goals"], variant: sorted(goals)}


def lesson_finished(state: MutableMapping[str, Any], lesson_id: str, stars: int) -> None:
    """A lesson played to its end, with the stars it earned."""
    rec = record(state)
    rec["lessons"] = {**rec["lessons"], lesson_id: max(stars, rec["lessons"].get(lesson_id, 0))}


# ---------------------------------------------------------------------------- the path

def placed(state: MutableMapping[str, Any], variant: str) -> int | None:
    """The step the placement put the learner at (None: not placed yet in this variant)."""
    kept = record(state)["placement"].get(variant)
    return kept.get("start") if isinstance(kept, dict) else None


def place(state: MutableMapping[str, Any], path: LearningPath, answers: dict[str, bool]) -> int:
    """Records the placement's answers and returns the step the learner starts at."""
    start = placement_start(path, answers)
    rec = record(state)
    rec["placement"] = {**rec["placement"], path.variant: {"answers": dict(answers), "start": start}}
    for drill in placement_drills(path):
        if drill.id in answers:
            answer_drill(state, drill, answers[drill.id])
    return start


def skip_placement(state: MutableMapping[str, Any], path: LearningPath) -> None:
    """Starts at the first step without a placement."""
    rec = record(state)
    rec["placement"] = {**rec["placement"], path.variant: {"answers": {}, "start": 0}}


def topic_right(rec: dict[str, Any], variant: str, topic: str) -> int:
    """Right answers given on drills of a topic."""
    return sum(1 for h in rec["history"] if h["variant"] == variant and h["topic"] == topic and h["right"])


def step_done(rec: dict[str, Any], variant: str, step: PathStep, learned: Mapping[str, int] | None = None) -> bool:
    """Whether the learner has done a step: the lesson finished, enough drills right, the Play goal met."""
    if step.kind == "lesson":
        return step.target in rec["lessons"] or step.target in (learned or {})
    if step.kind == "drills":
        return topic_right(rec, variant, step.target) >= DRILLS_NEEDED
    return step.target in rec["goals"].get(variant, ())


def path_state(state: MutableMapping[str, Any], path: LearningPath) -> list[str]:
    """Each step as "done", "next" or "ahead": steps before the placement's start count as done."""
    rec = record(state)
    start = placed(state, path.variant) or 0
    learned = state.get(LEARN_STARS) or {}      # stars Learn keeps, a progress code's included
    marks = ["done" if i < start or step_done(rec, path.variant, s, learned) else "ahead" for i, s in enumerate(path.steps)]
    if "ahead" in marks:
        marks[marks.index("ahead")] = "next"
    return marks


def drills_of_step(step: PathStep, variant: str) -> tuple[Drill, ...]:
    """The shipped drills a drill-set step asks."""
    return tuple(d for d in shipped_drills() if d.variant == variant and d.topic == step.target)


def placement_question(path: LearningPath, index: int) -> Drill | None:
    """The placement's question number ``index`` (None past the last)."""
    ids = path.placement
    return drill_by_id(ids[index]) if index < len(ids) else None
