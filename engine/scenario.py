"""Scripted lessons (``scenarios/*.toml``): reading, replaying and checking them under the engine.

A scenario is a start position (Position JSON v1 with every card placed, so it is
deterministic) and a list of steps: narration only, a scripted move of another seat, or a
learner step with the accepted move(s), an optional hint and the wrong moves it teaches
against. ``verify`` replays every path through the accepted answers and checks every claim
the file makes (scripted and accepted moves legal, wrong moves refused for the stated
reason, the success check). Every error names the file and the step or field at fault.
Stdlib only: the texts stay English msgids; ``ui`` translates them when it shows them.
The file format is declared once in ``engine.scenario_format.SCENARIO``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import fieldspec
from engine.errors import EngineError, NotationError, PositionError
from engine.moves import Move, format_move, parse_move
from engine.position import position_from_json
from engine.rules import apply_move, check
from engine.ruleset import Ruleset, variant_ids
from engine.scenario_format import (
    CHECK_FIELDS,
    MAX_HINTS,
    SCENARIO,
    STEP_FIELDS,
    TOP_FIELDS,
    TOPICS,
    VIEWS,
    WRONG_FIELDS,
)
from engine.state import State
from engine.verdicts import NOTES, Reason

__all__ = ["CHECK_FIELDS", "MAX_HINTS", "STEP_FIELDS", "TOP_FIELDS", "TOPICS", "VIEWS", "WRONG_FIELDS"]

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "lessons"

# How a legal move that is not the step's answer differs from it (``step_mismatch``): the Learn
# page says what was done and what the step asked for, not only "something else".
LESSON_CODES = (
    "lesson_wanted_play",  # {done}: the step wants a card played; the learner drew/waited/passed
    "lesson_wanted_other",  # {wanted, card}: the step wants draw/wait/pass; the learner played card
    "lesson_other_demand",  # {card, done, wanted}: the right card, another rank demanded ("none": no demand)
    "lesson_other_suit",  # {card, done, wanted}: the right card, another suit wished ("none": no wish)
    "lesson_other_count",  # {done, wanted}: how many cards went down together
    "lesson_other_attack",  # {card, kind, done, wanted}: an attack of another size (draw/skip amounts)
    "lesson_other_card",  # {card}: a legal card, but the step's goal needs another
)
# A wrong answer must be refused, or be a legal move that costs the learner (a forgotten call).
COSTLY_NOTES = ("forgot_makao", "forgot_kakao")
MAX_PATHS = 64


class ScenarioError(EngineError, ValueError):
    """A scenario file that cannot be used; the message names the file and the step or field."""

    def __init__(self, file: str, where: str, message: str):
        self.file, self.where = file, where
        super().__init__(f"{file}: {where}: {message}")


@dataclass(frozen=True)
class WrongMove:
    """A wrong answer the step teaches against: the engine's expected reason and a remark."""

    move: str
    reason: str
    remark: str = ""


@dataclass(frozen=True)
class Step:
    """One step: ``kind`` is "info" (narration only), "script" (another seat moves) or "learner"."""

    index: int
    kind: str
    narration: str
    move: str = ""
    accept: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    wrong: tuple[WrongMove, ...] = ()

    @property
    def hint(self) -> str:
        """The first hint level (a question or the rule), or ""."""
        return self.hints[0] if self.hints else ""


@dataclass(frozen=True)
class Scenario:
    """One lesson: what it teaches, where it starts, its steps and its success check."""

    id: str
    variant: str
    order: int
    topics: tuple[str, ...]
    title: str
    goal: str
    summary: str
    learner: int
    view: str
    position: dict[str, Any]
    steps: tuple[Step, ...]
    check: dict[str, Any]
    file: str
    # A generated lesson for a house ruleset carries the ruleset itself (its id is no shipped variant).
    rules: Ruleset | None = field(default=None, compare=False)

    @property
    def learner_steps(self) -> tuple[Step, ...]:
        return tuple(s for s in self.steps if s.kind == "learner")


# ---------------------------------------------------------------------------- reading


_KIND_WORDS = {"str": "text", "int": "a whole number", "list": "a list", "dict": "a table", "bool": "true or false"}


def _where(path: fieldspec.Path) -> str:
    """Names a field as lesson errors do: ``scenario``, ``order``, ``step 2.wrong[0].reason``."""
    if not path:
        return "scenario"
    if path[0] != "steps" or len(path) < 2 or not isinstance(path[1], int):
        return fieldspec.dotted(path)
    name = f"step {path[1] + 1}"
    for part in path[2:]:
        name += f"[{part}]" if isinstance(part, int) else f".{part}"
    return name


def _refuse(file: str) -> fieldspec.Refuse:
    """A lesson's refusals: a ScenarioError naming the file and the step or field, in English."""

    def error(path: fieldspec.Path, code: str, params: dict[str, Any]) -> Exception:
        if code == "missing":
            return ScenarioError(file, _where(path[:-1]), f"field {path[-1]!r} is missing")
        if code == "wrong_type":
            return ScenarioError(file, _where(path), f"must be {_KIND_WORDS[params['expected']]}, not {params['type']}")
        if code == "unknown_field":
            return ScenarioError(
                file, _where(path), f"unknown field {path[-1]!r} (known: {', '.join(params['known'])})"
            )
        if code == "not_table":
            wrong = len(path) > 1 and path[-2] == "wrong"
            return ScenarioError(file, _where(path), "must be a table" + (" with 'move' and 'reason'" if wrong else ""))
        return ScenarioError(file, _where(path), params["text"])

    return fieldspec.Refuse(error)


def scenario_from_dict(data: dict[str, Any], file: str) -> Scenario:
    """Builds a Scenario from parsed TOML; raises ScenarioError naming the file and the field.

    The fields are ``engine.scenario_format.SCENARIO``'s, read by ``engine.fieldspec.read``."""
    v = fieldspec.read(SCENARIO, data, _refuse(file))
    steps = tuple(_step(index, step) for index, step in enumerate(v["steps"]))
    return Scenario(
        v["id"],
        v["variant"],
        v["order"],
        tuple(v["topics"]),
        v["title"],
        v["goal"],
        v["summary"],
        v["learner"],
        v["view"],
        v["position"],
        steps,
        v["check"],
        file,
    )


def _step(index: int, step: dict[str, Any]) -> Step:
    """A read step as a Step: a learner step (``accept``), a scripted move (``move``) or narration."""
    if "move" in step:
        return Step(index, "script", step["narration"], move=step["move"])
    if "accept" not in step:
        return Step(index, "info", step["narration"])
    wrong = tuple(WrongMove(w["move"], w["reason"], w["remark"]) for w in step["wrong"])
    return Step(index, "learner", step["narration"], accept=step["accept"], hints=step["hint"], wrong=wrong)


def scenario_to_dict(sc: Scenario) -> dict[str, Any]:
    """Writes a Scenario back as the plain data of its file (what ``scenario_from_dict`` reads)."""
    return {
        "id": sc.id,
        "variant": sc.variant,
        "order": sc.order,
        "topics": list(sc.topics),
        "title": sc.title,
        "goal": sc.goal,
        "summary": sc.summary,
        "learner": sc.learner,
        "view": sc.view,
        "position": {k: v for k, v in sc.position.items() if k != "variant"},
        "steps": [_step_dict(step) for step in sc.steps],
        "check": dict(sc.check),
    }


def _step_dict(step: Step) -> dict[str, Any]:
    out: dict[str, Any] = {"narration": step.narration} if step.narration else {}
    if step.kind == "script":
        out["move"] = step.move
    elif step.kind == "learner":
        out["accept"] = list(step.accept)
        if step.hints:
            out["hint"] = list(step.hints)
        if step.wrong:
            out["wrong"] = [{"move": w.move, "reason": w.reason, "remark": w.remark} for w in step.wrong]
    return out


def load_scenario(path: Path | str) -> Scenario:
    """Reads one scenario file; raises ScenarioError naming the file and the field."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(path.name, "file", f"cannot be read: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(path.name, "file", f"is not valid TOML: {exc}") from None
    return scenario_from_dict(data, path.name)


def load_scenarios(directory: Path | str = SCENARIO_DIR) -> tuple[Scenario, ...]:
    """Reads every scenario of a folder, ordered by variant and lesson order."""
    found = [load_scenario(p) for p in sorted(Path(directory).glob("*.toml"))]
    order = {v: i for i, v in enumerate(variant_ids())}
    return tuple(sorted(found, key=lambda s: (order.get(s.variant, 99), s.order, s.id)))


def lessons_of(variant: str, scenarios: tuple[Scenario, ...]) -> tuple[Scenario, ...]:
    """The lessons of one variant, in teaching order."""
    return tuple(s for s in scenarios if s.variant == variant)


# ---------------------------------------------------------------------------- replaying


def start_state(sc: Scenario) -> State:
    """The lesson's start position; raises ScenarioError listing the position's problems."""
    try:
        return position_from_json(sc.position, sc.rules)
    except PositionError as exc:
        raise ScenarioError(sc.file, "position", "; ".join(str(p) for p in exc.problems)) from None


def read_move(sc: Scenario, st: State, text: str, where: str) -> Move:
    """Parses a move of the scenario; raises ScenarioError naming the step."""
    try:
        return parse_move(text, st.rules.deck)
    except NotationError as exc:
        raise ScenarioError(sc.file, where, f"{text!r}: {exc}") from None


def normalized(st: State, move: Move) -> Move:
    """The move with calls that change nothing here dropped (a call only counts when it is due)."""
    if move.kind != "play":
        return move
    left = len(st.hands[st.to_move]) - len(move.cards)
    return move._replace(makao=move.makao and left == 1, kakao=move.kakao and left == 0)


def same_move(st: State, a: Move, b: Move) -> bool:
    """True when two moves do the same here: same cards (the middle order is free), same last
    card on top, same wish and the same due calls."""
    a, b = normalized(st, a), normalized(st, b)
    if a.kind != b.kind:
        return False
    if a.kind != "play":
        return True
    return (
        sorted(a.cards) == sorted(b.cards)
        and a.cards[-1] == b.cards[-1]
        and a.demand == b.demand
        and a.suit == b.suit
        and a.makao == b.makao
        and a.kakao == b.kakao
    )


def accepted_move(sc: Scenario, st: State, step: Step, move: Move) -> Move | None:
    """Returns the accepted answer of a learner step that ``move`` is, or None."""
    for text in step.accept:
        answer = read_move(sc, st, text, f"step {step.index + 1}.accept")
        if same_move(st, move, answer):
            return answer
    return None


def wrong_answer(sc: Scenario, st: State, step: Step, move: Move) -> WrongMove | None:
    """Returns the listed wrong answer ``move`` is, or None."""
    for wrong in step.wrong:
        if same_move(st, move, read_move(sc, st, wrong.move, f"step {step.index + 1}.wrong")):
            return wrong
    return None


def _attack_made(st: State, move: Move) -> tuple[str, int] | None:
    """The attack a legal move leaves pending (kind, amount), or None."""
    for event in check(st, move).effects:
        if event.kind == "attack":
            return event.params["kind"], event.params["amount"]
    return None


def step_mismatch(sc: Scenario, st: State, step: Step, move: Move) -> Reason:
    """Says how a legal ``move`` that is not an accepted answer differs from the step's answer
    (the accepted answer with the same top card, else the first): a reason in ``LESSON_CODES``."""
    deck = st.rules.deck
    answers = [read_move(sc, st, text, f"step {step.index + 1}.accept") for text in step.accept]
    if move.kind == "play":
        alike = [a for a in answers if a.kind == "play" and a.cards[-1] == move.cards[-1]]
        wanted = (alike or answers)[0]
    else:
        wanted = answers[0]
    if wanted.kind != "play":
        if move.kind == "play":
            return Reason("lesson_wanted_other", {"wanted": wanted.kind, "card": deck.name(move.cards[-1])})
        return Reason("lesson_wanted_other", {"wanted": wanted.kind, "card": ""})
    if move.kind != "play":
        return Reason("lesson_wanted_play", {"done": move.kind})
    card = deck.name(move.cards[-1])
    if sorted(move.cards) == sorted(wanted.cards) and move.cards[-1] == wanted.cards[-1]:
        if move.demand != wanted.demand:
            return Reason(
                "lesson_other_demand", {"card": card, "done": move.demand or "none", "wanted": wanted.demand or "none"}
            )
        if move.suit != wanted.suit:
            return Reason(
                "lesson_other_suit", {"card": card, "done": move.suit or "none", "wanted": wanted.suit or "none"}
            )
    if len(move.cards) != len(wanted.cards):
        return Reason("lesson_other_count", {"done": len(move.cards), "wanted": len(wanted.cards)})
    done, aim = _attack_made(st, move), _attack_made(st, wanted)
    if aim is not None and done != aim:
        return Reason(
            "lesson_other_attack",
            {"card": card, "kind": aim[0], "done": done[1] if done and done[0] == aim[0] else 0, "wanted": aim[1]},
        )
    return Reason("lesson_other_card", {"card": card})


def advance(sc: Scenario, st: State, step: Step, answer: str | None = None) -> State:
    """The state after a step: a scripted move applied, the learner's answer applied, or unchanged."""
    if step.kind == "info":
        return st
    text = step.move if step.kind == "script" else (answer if answer is not None else step.accept[0])
    move = read_move(sc, st, text, f"step {step.index + 1}")
    state, _ = apply_move(st, move)
    return state


def state_at(sc: Scenario, answers: list[str] | tuple[str, ...], step_index: int) -> State:
    """The state just before step ``step_index``, the learner having answered ``answers`` in turn."""
    st = start_state(sc)
    given = iter(answers)
    for step in sc.steps[:step_index]:
        st = advance(sc, st, step, next(given, None) if step.kind == "learner" else None)
    return st


def stars(mistakes: int, hints: int) -> int:
    """Stars for a completed lesson (0–3): three when clean; each mistake or hint costs one."""
    return max(0, 3 - mistakes - hints)


# ---------------------------------------------------------------------------- checking


def _check_step(sc: Scenario, st: State, step: Step) -> list[State]:
    """Checks one step's claims in ``st``; returns the states after it (one per accepted answer)."""
    where = f"step {step.index + 1}"
    if st.over and step.kind != "info":
        raise ScenarioError(sc.file, where, "the round is already over")
    if step.kind == "info":
        return [st]
    if step.kind == "script":
        if st.to_move == sc.learner:
            raise ScenarioError(sc.file, where, f"a scripted move, but the learner's seat {sc.learner} is to move")
        move = read_move(sc, st, step.move, f"{where}.move")
        verdict = check(st, move)
        if not verdict.legal:
            codes = ", ".join(r.code for r in verdict.reasons)
            raise ScenarioError(sc.file, f"{where}.move", f"scripted move {step.move!r} is illegal ({codes})")
        return [apply_move(st, move, verdict)[0]]
    if st.to_move != sc.learner:
        raise ScenarioError(
            sc.file, where, f"a learner step, but seat {st.to_move} is to move, not the learner's seat {sc.learner}"
        )
    after = []
    for text in step.accept:
        move = read_move(sc, st, text, f"{where}.accept")
        verdict = check(st, move)
        if not verdict.legal:
            listed = ", ".join(r.code for r in verdict.reasons)
            raise ScenarioError(sc.file, f"{where}.accept", f"accepted move {text!r} is illegal ({listed})")
        if any(r.code in COSTLY_NOTES for r in verdict.reasons):
            raise ScenarioError(sc.file, f"{where}.accept", f"accepted move {text!r} forgets a required call")
        after.append(apply_move(st, move, verdict)[0])
    for j, wrong in enumerate(step.wrong):
        at = f"{where}.wrong[{j}]"
        move = read_move(sc, st, wrong.move, f"{at}.move")
        if accepted_move(sc, st, step, move) is not None:
            raise ScenarioError(sc.file, at, f"{wrong.move!r} is also an accepted answer")
        verdict = check(st, move)
        given = [r.code for r in verdict.reasons]
        if wrong.reason not in given:
            raise ScenarioError(
                sc.file, f"{at}.reason", f"the engine gives {', '.join(given)} for {wrong.move!r}, not {wrong.reason}"
            )
        if verdict.legal and wrong.reason not in COSTLY_NOTES:
            raise ScenarioError(
                sc.file, at, f"{wrong.move!r} is legal here; a wrong answer must be illegal or forget a call"
            )
    return after


def _check_success(sc: Scenario, st: State) -> None:
    rules = sc.check
    name = st.rules.deck.name

    def fail(key: str, found: Any) -> None:
        raise ScenarioError(sc.file, f"check.{key}", f"expected {rules[key]!r}, found {found!r}")

    if "top" in rules and name(st.top) != _card(sc, st, rules["top"]):
        fail("top", name(st.top))
    if "hand_sizes" in rules and list(rules["hand_sizes"]) != [len(h) for h in st.hands]:
        fail("hand_sizes", [len(h) for h in st.hands])
    if "to_move" in rules and rules["to_move"] != st.to_move:
        fail("to_move", st.to_move)
    if "attack" in rules:
        attack: Any = "none" if st.attack is None else {st.attack.kind: st.attack.amount}
        if rules["attack"] != attack:
            fail("attack", attack)
    if "wish" in rules:
        found: Any = "none" if st.wish is None else {st.wish.kind: st.wish.value}
        expected = rules["wish"]
        if isinstance(expected, dict):
            expected = {k: v for k, v in expected.items() if k != "by"}
            if "by" in rules["wish"] and (st.wish is None or st.wish.by != rules["wish"]["by"]):
                fail("wish", found)
        if expected != found:
            fail("wish", found)
    if "waiting" in rules and list(rules["waiting"]) != list(st.waiting):
        fail("waiting", list(st.waiting))
    if "finished" in rules and list(rules["finished"]) != list(st.finished):
        fail("finished", list(st.finished))
    if "over" in rules and bool(rules["over"]) != st.over:
        fail("over", st.over)
    if "direction" in rules and rules["direction"] != ("clockwise" if st.direction > 0 else "counterclockwise"):
        fail("direction", "clockwise" if st.direction > 0 else "counterclockwise")


def _card(sc: Scenario, st: State, text: Any) -> str:
    try:
        return st.rules.deck.name(st.rules.deck.parse(text))
    except (NotationError, TypeError, AttributeError):
        raise ScenarioError(sc.file, "check.top", f"{text!r} is not a card of this deck") from None


def verify(sc: Scenario) -> int:
    """Replays every path through the accepted answers and checks every claim of the scenario;
    returns the number of paths. Raises ScenarioError naming the file and the step at fault."""
    paths = [start_state(sc)]
    for step in sc.steps:
        nxt: list[State] = []
        for st in paths:
            nxt.extend(_check_step(sc, st, step))
        if len(nxt) > MAX_PATHS:
            raise ScenarioError(sc.file, f"step {step.index + 1}", f"more than {MAX_PATHS} paths: accept fewer answers")
        paths = nxt
    if not sc.learner_steps:
        raise ScenarioError(sc.file, "steps", "a lesson needs at least one learner step (with 'accept')")
    for st in paths:
        _check_success(sc, st)
    return len(paths)


def verify_all(scenarios: tuple[Scenario, ...]) -> None:
    """Checks every scenario and that ids and (variant, order) pairs are unique."""
    ids: dict[str, str] = {}
    orders: dict[tuple[str, int], str] = {}
    for sc in scenarios:
        if sc.id in ids:
            raise ScenarioError(sc.file, "id", f"{sc.id!r} is also the id of {ids[sc.id]}")
        ids[sc.id] = sc.file
        if (sc.variant, sc.order) in orders:
            raise ScenarioError(
                sc.file, "order", f"{sc.variant} lesson {sc.order} is also {orders[(sc.variant, sc.order)]}"
            )
        orders[(sc.variant, sc.order)] = sc.file
        verify(sc)


def notation(st: State, move: Move) -> str:
    """The move in POSITION.md notation."""
    return format_move(move, st.rules.deck)


__all__ = [
    "COSTLY_NOTES",
    "NOTES",
    "SCENARIO_DIR",
    "Scenario",
    "ScenarioError",
    "Step",
    "TOPICS",
    "WrongMove",
    "accepted_move",
    "advance",
    "lessons_of",
    "load_scenario",
    "load_scenarios",
    "normalized",
    "notation",
    "same_move",
    "scenario_from_dict",
    "start_state",
    "stars",
    "state_at",
    "verify",
    "verify_all",
    "wrong_answer",
]
