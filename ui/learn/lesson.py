"""The state of one lesson being played, as plain data, and what each learner action does to it.

A run is a plain dict kept in ``st.session_state`` (so it survives reruns and is private to
the session). Nothing here draws; ``ui.learn.page`` draws a run and wires its buttons to
these functions through callbacks. The table is never stored: it is replayed from the
scenario and the learner's answers, which is cheap and can never drift from the engine.
"""
from __future__ import annotations

from typing import Any

from engine import queries
from engine.errors import NotationError
from engine.moves import Move, format_move, parse_move
from engine.queries import play_together, wish_choice
from engine.rules import check, legal_moves
from engine.scenario import Scenario, accepted_move, stars, state_at, step_mismatch, wrong_answer
from engine.state import State

Run = dict[str, Any]


def new_run(lesson: Scenario) -> Run:
    """A fresh run of a lesson, at its first step."""
    return {
        "lesson": lesson.id, "step": 0, "answers": [], "mistakes": 0, "hints": 0,
        "solved": False, "feedback": None, "selected": [], "show_legal": False,
        "shown": False, "hint_level": 0, "paid": False, "calls": [], "finished": False,
    }


def step_of(lesson: Scenario, run: Run):
    """The step the run is at."""
    return lesson.steps[min(run["step"], len(lesson.steps) - 1)]


def state_before(lesson: Scenario, run: Run) -> State:
    """The table before the current step."""
    return state_at(lesson, run["answers"][: _answers_before(lesson, run["step"])], run["step"])


def table_state(lesson: Scenario, run: Run) -> State:
    """The table to show: after a scripted move or a solved learner step, else before the step."""
    step = step_of(lesson, run)
    if step.kind == "script" or (step.kind == "learner" and run["solved"]) or run["finished"]:
        return state_at(lesson, run["answers"], min(run["step"] + 1, len(lesson.steps)))
    return state_before(lesson, run)


def _answers_before(lesson: Scenario, step_index: int) -> int:
    return sum(1 for s in lesson.steps[:step_index] if s.kind == "learner")


def lesson_stars(run: Run) -> int:
    """Stars the run earns (0–3) from its mistakes and hints."""
    return stars(run["mistakes"], run["hints"])


def _reset_step(run: Run) -> None:
    run.update(solved=False, feedback=None, selected=[], show_legal=False, shown=False, hint_level=0, paid=False,
               calls=[])


def submit(lesson: Scenario, run: Run, text: str) -> str:
    """Judges the learner's move at a learner step and records the feedback.

    Returns "right" (an accepted answer), "wrong" (illegal, or a listed wrong answer; counts
    as a mistake and lights up the legal cards), "other" (legal, but not what this step
    practises: no mistake counted) or "ignored" (not a learner step, or already solved).
    """
    step = step_of(lesson, run)
    if step.kind != "learner" or run["solved"] or run["finished"]:
        return "ignored"
    st = state_before(lesson, run)
    try:
        move = parse_move(text, st.rules.deck)
    except NotationError:
        return "ignored"
    notation = format_move(move, st.rules.deck)
    run["selected"] = []
    if accepted_move(lesson, st, step, move) is not None:
        run["answers"] = [*run["answers"], notation]
        run["solved"] = True
        run["feedback"] = {"verdict": "right", "move": notation, "remark": ""}
        return "right"
    listed = wrong_answer(lesson, st, step, move)
    verdict = check(st, move)
    if listed is not None or not verdict.legal:
        run["mistakes"] += 1
        run["show_legal"] = True
        run["feedback"] = {"verdict": "wrong", "move": notation, "remark": listed.remark if listed else ""}
        return "wrong"
    reason = step_mismatch(lesson, st, step, move)
    run["feedback"] = {"verdict": "other", "move": notation, "remark": "",
                       "mismatch": {"code": reason.code, "params": dict(reason.params)}}
    return "other"


def _pay(run: Run) -> None:
    """A step's help beyond the free first hint level costs one star, once per step
    (scenarios/README.md: the first level — a question or the rule — is free)."""
    if not run["paid"]:
        run["hints"] += 1
        run["paid"] = True


def take_hint(lesson: Scenario, run: Run) -> None:
    """Reveals the step's next hint level (gentlest first); a level beyond the first costs a star once."""
    step = step_of(lesson, run)
    if step.kind != "learner" or run["hint_level"] >= len(step.hints):
        return
    run["hint_level"] += 1
    if run["hint_level"] > 1:
        _pay(run)


def hint_levels(lesson: Scenario, run: Run) -> tuple[str, ...]:
    """The hint levels revealed so far at this step (English msgids)."""
    return step_of(lesson, run).hints[: run["hint_level"]]


def more_hints(lesson: Scenario, run: Run) -> bool:
    """Whether the step has a hint level not yet revealed."""
    step = step_of(lesson, run)
    return step.kind == "learner" and run["hint_level"] < len(step.hints)


def next_hint_costs(lesson: Scenario, run: Run) -> bool:
    """Whether revealing the next hint level would cost a star."""
    return run["hint_level"] >= 1 and not run["paid"]


def show_me(lesson: Scenario, run: Run) -> None:
    """Reveals the accepted move; costs a star once per step, like a hint level beyond the first."""
    _pay(run)
    run["shown"] = True


def next_step(lesson: Scenario, run: Run) -> None:
    """Moves on after an info step, a scripted move or a solved learner step."""
    step = step_of(lesson, run)
    if run["finished"] or (step.kind == "learner" and not run["solved"]):
        return
    if run["step"] + 1 >= len(lesson.steps):
        run["finished"] = True
        return
    run["step"] += 1
    _reset_step(run)


def toggle_card(lesson: Scenario, run: Run, card: str) -> None:
    """Selects or unselects a card of the learner's hand. Cards of another rank replace the
    selection (several cards go down together only when they share a rank)."""
    selected = list(run["selected"])
    if card in selected:
        selected.remove(card)
    else:
        st = state_before(lesson, run)
        deck = st.rules.deck
        if selected and not play_together(st.rules, deck.parse(selected[0]), deck.parse(card)):
            selected = []
        selected.append(card)
    run["selected"] = selected
    run["feedback"] = None if run["feedback"] and run["feedback"]["verdict"] != "right" else run["feedback"]


def wish_of(st: State, card: str) -> tuple[str, tuple[str, ...], bool] | None:
    """The wish a card makes when it goes down last: (kind, choices, optional), or None."""
    choice = wish_choice(st.rules, st.rules.deck.parse(card))
    return None if choice is None else (choice.kind, choice.values, choice.optional)


def play_text(cards: list[str], wish: tuple[str, str] | None = None, calls: tuple[str, ...] = ()) -> str:
    """Writes the move that plays ``cards`` (the last on top), with a wish and calls."""
    parts = ["play", *cards]
    if wish is not None:
        parts += ["demand" if wish[0] == "rank" else "suit", wish[1]]
    parts += list(calls)
    return " ".join(parts)


def playable_cards(st: State) -> set[str]:
    """The learner's cards that may go down now (as the first card of a legal play)."""
    deck = st.rules.deck
    return {deck.name(m.cards[0]) for m in legal_moves(st) if m.kind == "play"}


def first_card_reason(st: State, card: str) -> str:
    """The engine's reason code for a card as the first of a play now (for tooltips and tests)."""
    return queries.first_card_reason(st, st.rules.deck.parse(card))


def shown_answer(lesson: Scenario, run: Run) -> Move:
    """The accepted move "show me" reveals: the step's first accepted answer."""
    st = state_before(lesson, run)
    return parse_move(step_of(lesson, run).accept[0], st.rules.deck)


def toggle_call(run: Run, call: str) -> None:
    """Says or unsays a call ("makao", "kakao") with the next play."""
    calls = list(run["calls"])
    if call in calls:
        calls.remove(call)
    else:
        calls.append(call)
    run["calls"] = calls


def act(lesson: Scenario, run: Run, action: dict[str, Any]) -> str:
    """Carries out one action of the lesson's card table (a tap, a button or a wish choice) on the run.

    Returns what ``submit`` returned for a move, else "done" (or "ignored" for an unknown action).
    """
    kind = action.get("type")
    if kind == "tap" and isinstance(action.get("card"), str):
        toggle_card(lesson, run, action["card"])
        return "done"
    if kind == "clear":
        run["selected"] = []
        return "done"
    if kind == "call" and action.get("call") in ("makao", "kakao"):
        toggle_call(run, action["call"])
        return "done"
    if kind == "play" and run["selected"]:
        wish = action.get("wish")
        wish = (str(wish[0]), str(wish[1])) if isinstance(wish, (list, tuple)) and len(wish) == 2 else None
        return submit(lesson, run, play_text(run["selected"], wish, tuple(run["calls"])))
    if kind in ("draw", "wait", "pass"):
        return submit(lesson, run, kind)
    return "ignored"
