"""The "Switching tables" lesson: the engine's witnesses for "I play A, the table plays B"
turned into lesson steps, and the state of one run through them (plain data, no streamlit).

Each step is one witness position as a one-step ``engine.scenario.Scenario`` of the table's
ruleset (the Learn page's lesson format; ``engine.scenario.verify`` checks every one), where
the learner must do what is right *at the new table*:

* a home habit that is illegal here (``home_only``): any legal move here is right, the habit is
  the wrong answer the step teaches against (with the table's reason code);
* a move allowed only here (``table_only``) or one that does something else here (``effect``):
  that move is the answer.

Steps are ordered by how often their situation arises in real play (the witnesses' frequency
counted over simulated rounds at the table); by default 5 to 8 of them, chosen so that every
differing field is met before any is met twice; all on request. The feedback is data (the two
verdicts and the move); ``ui.present.switch_text`` turns it into sentences.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.deckmap import DeckMap
from engine.errors import NotationError
from engine.moves import format_move, parse_move
from engine.position import position_from_json
from engine.rules import check, legal_moves
from engine.ruleset import Ruleset
from engine.scenario import COSTLY_NOTES, Scenario, Step, WrongMove, accepted_move, stars, start_state, wrong_answer
from engine.state import State
from engine.witness import Witness, WitnessReport

DEFAULT_MIN, DEFAULT_MAX = 5, 8

Run = dict[str, Any]


@dataclass(frozen=True)
class SwitchStep:
    """One step of the lesson: a witness and the one-step scenario the learner plays."""

    witness: Witness
    scenario: Scenario


@dataclass(frozen=True)
class SwitchLesson:
    """The generated lesson for one pair: home ruleset, table ruleset and the steps."""

    home: Ruleset
    table: Ruleset
    steps: tuple[SwitchStep, ...]
    available: int          # witnesses the search found (the length of the lesson "all on request")
    deck_map: DeckMap | None = None   # two decks (da → hu): home is read in the table's deck


    @property
    def id(self) -> str:
        return f"switch:{self.home.id}:{self.table.id}:{len(self.steps)}"


def choose(witnesses: tuple[Witness, ...], everything: bool = False) -> tuple[Witness, ...]:
    """The witnesses a lesson walks through, most frequent first: all, or by default 5 to 8 so
    that every differing field comes once before any comes twice."""
    playable = [w for w in witnesses if w.position["hands"][w.position["to_move"]]]
    if everything:
        return tuple(playable)
    chosen: list[Witness] = []
    seen: set[str] = set()
    for w in playable:
        if len(chosen) < DEFAULT_MAX and not set(w.fields) <= seen:
            chosen.append(w)
            seen.update(w.fields)
    for w in playable:
        if len(chosen) >= DEFAULT_MIN:
            break
        if w not in chosen:
            chosen.append(w)
    order = {id(w): i for i, w in enumerate(playable)}
    return tuple(sorted(chosen, key=lambda w: order[id(w)]))


def _scenario(w: Witness, table: Ruleset, index: int) -> Scenario:
    """The witness as a one-step lesson at the table: the learner is the seat to move."""
    position = {**w.position, "variant": table.id}
    st = start_state_of(position, table)
    learner = position["to_move"]
    costly = [r.code for r in w.table.reasons if r.code in COSTLY_NOTES]
    if w.kind == "home_only":
        # Any move allowed here is right, but for one that forgets a call the table requires.
        accept = tuple(format_move(m, table.deck) for m in legal_moves(st)
                       if not any(r.code in COSTLY_NOTES for r in check(st, m).reasons))
        wrong = (WrongMove(w.move, w.table.reason.code),)
    elif costly:
        # The same move costs cards here (a call the table requires): right is the move with the call.
        move = parse_move(w.move, table.deck)
        called = move._replace(makao=costly[0] == "forgot_makao", kakao=costly[0] == "forgot_kakao")
        accept, wrong = (format_move(called, table.deck),), (WrongMove(w.move, costly[0]),)
    else:
        accept, wrong = (w.move,), ()
    step = Step(0, "learner", "", accept=accept, wrong=wrong)
    return Scenario(
        id=f"switch-{index + 1}", variant=table.id, order=index + 1, topics=("matching",), title="", goal="",
        summary="", learner=learner, view="open", position=position, steps=(step,), check={}, file="switching tables",
        rules=table,
    )


def start_state_of(position: dict, rules: Ruleset) -> State:
    """The state of a witness position under a ruleset."""
    return position_from_json(position, rules)


def build_lesson(report: WitnessReport, everything: bool = False) -> SwitchLesson:
    """Turns a pair's witnesses into the lesson (5–8 steps by default, all on request)."""
    chosen = choose(report.witnesses, everything)
    steps = tuple(SwitchStep(w, _scenario(w, report.table, i)) for i, w in enumerate(chosen))
    return SwitchLesson(report.home, report.table, steps, len(report.witnesses), report.deck_map)


# ---------------------------------------------------------------------------- a run

def new_run() -> Run:
    """A fresh run at the first step."""
    return {"step": 0, "mistakes": 0, "hints": 0, "solved": False, "feedback": None, "finished": False,
            "hint_shown": False}


def current(lesson: SwitchLesson, run: Run) -> SwitchStep:
    """The step the run is at."""
    return lesson.steps[min(run["step"], len(lesson.steps) - 1)]


def table_state(lesson: SwitchLesson, run: Run) -> State:
    """The position of the current step at the table."""
    return start_state(current(lesson, run).scenario)


def submit(lesson: SwitchLesson, run: Run, text: str) -> str:
    """Judges the learner's move at the table: "right", "wrong" (a mistake), "other" (legal
    here but not this step's point) or "ignored"; records the feedback as data."""
    if run["solved"] or run["finished"] or not lesson.steps:
        return "ignored"
    step = current(lesson, run)
    st = start_state(step.scenario)
    try:
        move = parse_move(text, lesson.table.deck)
    except NotationError:
        return "ignored"
    w = step.witness
    home_st = start_state_of(step.scenario.position, lesson.home)
    feedback = {"move": format_move(move, lesson.table.deck), "witness_move": w.move, "kind": w.kind,
                "home": check(home_st, move), "table": check(st, move), "fields": list(w.fields)}
    lesson_step = step.scenario.steps[0]
    if accepted_move(step.scenario, st, lesson_step, move) is not None:
        run.update(solved=True, feedback={**feedback, "result": "right"})
        return "right"
    if wrong_answer(step.scenario, st, lesson_step, move) is not None:
        run["mistakes"] += 1
        run["feedback"] = {**feedback, "result": "habit"}
        return "wrong"
    if not feedback["table"].legal:
        run["mistakes"] += 1
        run["feedback"] = {**feedback, "result": "wrong"}
        return "wrong"
    run["feedback"] = {**feedback, "result": "other"}
    return "other"


def take_hint(run: Run) -> None:
    """Shows the step's hint (the rule at the table); costs a star once per step."""
    if not run["hint_shown"] and not run["solved"]:
        run["hint_shown"] = True
        run["hints"] += 1


def next_step(lesson: SwitchLesson, run: Run) -> None:
    """Moves on after a solved step; the last one finishes the lesson."""
    if not run["solved"]:
        return
    if run["step"] + 1 >= len(lesson.steps):
        run["finished"] = True
        return
    run.update(step=run["step"] + 1, solved=False, feedback=None, hint_shown=False)


def run_stars(run: Run) -> int:
    """Stars for the run (0–3), as for every lesson: each mistake or hint costs one."""
    return stars(run["mistakes"], run["hints"])
