"""The learner's record in the session: placement, path progress, review cards, ratings and history.

Pure Python over the session's state mapping (handed in by the page), so every feature records into
the same record without importing another feature: Practice's answers, Learn's finished lessons,
Play's checker mistakes and rounds all call the functions here (docs/LEARNING.md). The record is
plain JSON (``export``/``restore``): the class database keeps a pupil's, the browser's storage
anyone else's.
"""
from __future__ import annotations

import zlib
from collections.abc import MutableMapping
from datetime import UTC, datetime
from typing import Any

from engine.drills import Drill, WrongOption, drill_by_id, shipped_drills
from engine.moves import Move, format_move
from engine.path import DRILLS_NEEDED, LearningPath, PathStep, placement_drills, placement_start
from engine.position import position_to_json
from engine.state import State
from ui.shell import rating, review

LEARNING = "learning_record"
HISTORY_KEPT = 2000            # answers kept for the charts (the oldest go first)
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


def _history(rec: dict[str, Any], variant: str, topic: str, right: bool, at: datetime) -> None:
    rec["history"] = [*rec["history"], {"at": at.isoformat(), "variant": variant, "topic": topic, "right": right,
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
    _history(rec, drill.variant, drill.topic, right, at)


def mistake_drill(before: State, chosen: Move, best: Move) -> Drill:
    """A Play moment as a question: the position then, the coach's move as the answer, the learner's beside it."""
    deck = before.rules.deck
    best_text, chosen_text = format_move(best, deck), format_move(chosen, deck)
    position = position_to_json(before)
    key = f"{before.rules.id}-{zlib.crc32((str(position) + best_text).encode()):08x}"
    return Drill(f"play-{key}", before.rules.id, COACH_TOPIC, "best", 2, position, (best_text,),
                 options=(best_text, chosen_text), wrong=(WrongOption(chosen_text, "", ""),), file="play")


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


def step_done(rec: dict[str, Any], variant: str, step: PathStep) -> bool:
    """Whether the learner has done a step: the lesson finished, enough drills right, the Play goal met."""
    if step.kind == "lesson":
        return step.target in rec["lessons"]
    if step.kind == "drills":
        return topic_right(rec, variant, step.target) >= DRILLS_NEEDED
    return step.target in rec["goals"].get(variant, ())


def path_state(state: MutableMapping[str, Any], path: LearningPath) -> list[str]:
    """Each step as "done", "next" or "ahead": steps before the placement's start count as done."""
    rec = record(state)
    start = placed(state, path.variant) or 0
    marks = ["done" if i < start or step_done(rec, path.variant, s) else "ahead" for i, s in enumerate(path.steps)]
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
