"""The practice state of one session: mode, topic, current question, answers and progress.

Everything lives in the session's state mapping (``state``, handed in by the page)
under the keys below; widgets have keys of their own (Streamlit forgets a widget's key on a run
that does not draw it) and copy their value into the state in callbacks. A class quiz link
(``?quiz=``) is read once per session.
"""
from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from engine.drills import Drill, shipped_drills
from engine.quiz import QuizError, generate, variant_topics
from engine.ruleset import load_ruleset
from engine.scenario import TOPICS
from ui.practice.score import Progress, ProgressCodeError, decode_progress, record
from ui.shell import learner, rating, review
from ui.shell.quiz_link import QuizCodeError, decode_quiz

PROGRESS = "practice_progress"
MODE = "practice_mode"              # "drills" | "rated" | "endless" | "class" | "review"
TOPIC = "practice_topic"            # a topic id, or "" for all topics
LEVEL = "practice_level"            # 0 (any) or 1..3, for endless practice
INDEX = "practice_index"            # position in the drill list (drills, class quiz)
SEED = "practice_seed"              # seed of the generated question (endless)
ANSWER = "practice_answer"          # {"id": question id, "right": bool, "response": ...} once answered
CLASS_QUIZ = "practice_class_quiz"  # {"variant": id, "ids": [...], "results": [bool|None, ...]}
QUIZ_READ = "practice_quiz_read"    # the ?quiz= link has been looked at in this session
QUIZ_ERROR = "practice_quiz_error"  # the code of a bad quiz link's problem
QUIZ_REFUSAL = "practice_quiz_refusal"  # the guard's code and params saying exactly why, when it does
IMPORT_ERROR = "practice_import_error"
IMPORT_DONE = "practice_import_done"

RECENT_SKIPPED = 5                  # drills at your level: the last answers not asked again at once
MODE_PICKER = "_practice_mode_picker"
TOPIC_PICKER = "_practice_topic_picker"
LEVEL_PICKER = "_practice_level_picker"
CHOICE = "_practice_choice_{qid}"
PICK = "_practice_pick_{qid}_{card}"
IMPORT_BOX = "_practice_import_box"
MODES = ("drills", "rated", "endless", "class", "review")


def init(state: MutableMapping[str, Any], quiz_code: str | None) -> str | None:
    """Fills the practice keys that are missing and reads a class quiz link once; returns the
    variant of a class quiz it opened (the session follows it), else None."""
    defaults: dict[str, Any] = {PROGRESS: Progress(), MODE: "drills", TOPIC: "", LEVEL: 0, INDEX: 0, SEED: 0,
                                ANSWER: None, CLASS_QUIZ: None, QUIZ_ERROR: None, QUIZ_REFUSAL: None, IMPORT_ERROR: None,
                                IMPORT_DONE: False}
    for name, value in defaults.items():
        if name not in state:
            state[name] = value
    if not state.get(QUIZ_READ):
        state[QUIZ_READ] = True
        if quiz_code is not None:
            return start_class_quiz(state, quiz_code)
    return None


def start_class_quiz(state: MutableMapping[str, Any], code: str) -> str | None:
    """Opens the class quiz of a code and returns its variant, or remembers why the code is bad."""
    try:
        variant, ids = decode_quiz(code, shipped_drills())
    except QuizCodeError as exc:
        state[QUIZ_ERROR] = exc.code
        state[QUIZ_REFUSAL] = exc.refusal
        return None
    state[CLASS_QUIZ] = {"variant": variant, "ids": list(ids), "results": [None] * len(ids)}
    state[QUIZ_ERROR] = None
    state[QUIZ_REFUSAL] = None
    state[MODE] = "class"
    state[INDEX] = 0
    state[ANSWER] = None
    return variant


def progress(state: MutableMapping[str, Any]) -> Progress:
    return state.get(PROGRESS) or Progress()


def topics(variant: str) -> tuple[str, ...]:
    """The topics of a variant that have drills or generated questions, in the fixed topic order."""
    with_drills = {d.topic for d in shipped_drills() if d.variant == variant}
    generated = set(variant_topics(load_ruleset(variant)))
    return tuple(t for t in TOPICS if t in with_drills | generated)


def mode(state: MutableMapping[str, Any]) -> str:
    chosen = state.get(MODE)
    if chosen == "class" and not state.get(CLASS_QUIZ):
        return "drills"
    return chosen if chosen in MODES else "drills"


def topic(state: MutableMapping[str, Any], variant: str) -> str:
    chosen = state.get(TOPIC) or ""
    return chosen if chosen in topics(variant) else ""


def drill_list(state: MutableMapping[str, Any], variant: str) -> tuple[Drill, ...]:
    """The drills of the current mode: the class quiz's, or the variant's of the chosen topic."""
    pool = shipped_drills()
    if mode(state) == "class":
        quiz = state[CLASS_QUIZ]
        by_id = {d.id: d for d in pool}
        return tuple(by_id[i] for i in quiz["ids"] if i in by_id)
    chosen = topic(state, variant)
    order = {t: i for i, t in enumerate(TOPICS)}
    drills = [d for d in pool if d.variant == variant and (not chosen or d.topic == chosen)]
    return tuple(sorted(drills, key=lambda d: (d.level, order[d.topic]) if chosen else (order[d.topic], d.level)))


def review_key(state: MutableMapping[str, Any], variant: str) -> str | None:
    """The review card on screen: the one answered just now while its feedback shows, else the first due."""
    cards = learner.record(state)["cards"]
    shown = (state.get(ANSWER) or {}).get("card")
    if shown in cards:
        return shown
    due = review.due_keys(cards, learner.now_utc(), variant)
    return due[0] if due else None


def rated_question(state: MutableMapping[str, Any], variant: str) -> Drill | None:
    """The drill of the topic (or any) whose rating is nearest the learner's, not one of the last few answered."""
    rec = learner.record(state)
    shown = (state.get(ANSWER) or {}).get("id")
    recent = [h.get("id") for h in rec["history"][-RECENT_SKIPPED:]]
    drills = drill_list(state, variant)
    if shown is not None and any(d.id == shown for d in drills):
        return next(d for d in drills if d.id == shown)
    return rating.nearest(drills, rec["rating"], rec["drills"], skip=recent)


def current_question(state: MutableMapping[str, Any], variant: str) -> Drill | None:
    """The question on screen now (None: nothing to ask in this mode and topic)."""
    if mode(state) == "review":
        key = review_key(state, variant)
        return review.card_drill(learner.record(state)["cards"], key) if key else None
    if mode(state) == "rated":
        return rated_question(state, variant)
    if mode(state) == "endless":
        chosen = topic(state, variant) or None
        level = state.get(LEVEL) or None
        try:
            return generate(variant, chosen, level, state.get(SEED, 0))
        except QuizError:
            return None
    drills = drill_list(state, variant)
    if not drills:
        return None
    index = state.get(INDEX, 0)
    if mode(state) == "class":
        return drills[index] if index < len(drills) else None
    return drills[index % len(drills)]


# ---------------------------------------------------------------------------- callbacks

def on_mode_picked(state: MutableMapping[str, Any]) -> None:
    state[MODE] = state[MODE_PICKER]
    state[INDEX] = 0
    state[ANSWER] = None


def on_topic_picked(state: MutableMapping[str, Any]) -> None:
    state[TOPIC] = state[TOPIC_PICKER]
    state[INDEX] = 0
    state[ANSWER] = None


def on_level_picked(state: MutableMapping[str, Any]) -> None:
    state[LEVEL] = state[LEVEL_PICKER]
    state[ANSWER] = None


def practise_topic(state: MutableMapping[str, Any], chosen: str) -> None:
    """Switches to a suggested topic (drills first)."""
    state[TOPIC] = chosen
    if mode(state) == "class":
        state[MODE] = "drills"
    state[INDEX] = 0
    state[ANSWER] = None


def response_of(state: MutableMapping[str, Any], question: Drill) -> Any:
    """Reads the learner's response from the answer widgets of a question."""
    if question.kind == "select":
        from ui.present.drill_text import hand_cards
        st_ = question.state()
        return sorted(c for c in hand_cards(st_) if state.get(PICK.format(qid=question.id, card=c)))
    return state.get(CHOICE.format(qid=question.id))


def submit(state: MutableMapping[str, Any], variant: str) -> None:
    """Checks the answer on screen, scores it and remembers it for the feedback."""
    question = current_question(state, variant)
    if question is None or (state.get(ANSWER) or {}).get("id") == question.id:
        return
    response = response_of(state, question)
    if question.kind != "select" and response is None:
        state[ANSWER] = {"id": question.id, "right": None, "response": None}
        return
    right = question.is_correct(response)
    if question.topic in TOPICS:
        state[PROGRESS] = record(progress(state), question.variant, question.topic, right)
    card = review_key(state, variant) if mode(state) == "review" else None
    learner.answer_drill(state, question, right, key=card)
    state[ANSWER] = {"id": question.id, "right": right, "response": response, "card": card}
    if mode(state) == "class":
        quiz = state[CLASS_QUIZ]
        index = state.get(INDEX, 0)
        if index < len(quiz["results"]):
            results = list(quiz["results"])
            results[index] = right
            state[CLASS_QUIZ] = {**quiz, "results": results}


def take_request(state: MutableMapping[str, Any], payload: dict[str, Any] | None) -> None:
    """Opens what another page asked for: today's review, or the drills of a topic (the path's next step)."""
    if not payload or payload.get("mode") not in ("review", "drills"):
        return
    state[MODE] = payload["mode"]
    if isinstance(payload.get("topic"), str):
        state[TOPIC] = payload["topic"]
    state[INDEX] = 0
    state[ANSWER] = None


def next_question(state: MutableMapping[str, Any]) -> None:
    """Moves on to the next question of the mode."""
    if mode(state) in ("review", "rated"):
        state[ANSWER] = None
        return
    if mode(state) == "endless":
        state[SEED] = state.get(SEED, 0) + 1
    else:
        state[INDEX] = state.get(INDEX, 0) + 1
    state[ANSWER] = None


def restart_class_quiz(state: MutableMapping[str, Any]) -> None:
    quiz = state.get(CLASS_QUIZ)
    if quiz:
        state[CLASS_QUIZ] = {**quiz, "results": [None] * len(quiz["ids"])}
    state[INDEX] = 0
    state[ANSWER] = None


def leave_class_quiz(state: MutableMapping[str, Any]) -> None:
    state[CLASS_QUIZ] = None
    state[MODE] = "drills"
    state[INDEX] = 0
    state[ANSWER] = None


def import_progress(state: MutableMapping[str, Any]) -> None:
    """Replaces the progress with the one in the import box, or remembers why it is bad."""
    try:
        state[PROGRESS] = decode_progress(state.get(IMPORT_BOX, ""))
    except ProgressCodeError as exc:
        state[IMPORT_ERROR] = exc.code
        state[IMPORT_DONE] = False
        return
    state[IMPORT_ERROR] = None
    state[IMPORT_DONE] = True
    state[IMPORT_BOX] = ""


def reset_progress(state: MutableMapping[str, Any]) -> None:
    state[PROGRESS] = Progress()
    state[IMPORT_DONE] = False
