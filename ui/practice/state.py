"""The practice state of one session: mode, topic, current question, answers and progress.

Everything lives in ``st.session_state`` under the keys below; widgets have keys of their
own (Streamlit forgets a widget's key on a run that does not draw it) and copy their value
into the state in callbacks. A class quiz link (``?quiz=``) is read once per session.
"""
from __future__ import annotations

from typing import Any

import streamlit as st

from engine.drills import Drill, load_drills
from engine.quiz import QuizError, generate, variant_topics
from engine.ruleset import load_ruleset
from engine.scenario import TOPICS
from ui.shell import session
from ui.shell.quiz_link import QuizCodeError, decode_quiz
from ui.practice.score import Progress, ProgressCodeError, decode_progress, record

PROGRESS = "practice_progress"
MODE = "practice_mode"              # "drills" | "endless" | "class"
TOPIC = "practice_topic"            # a topic id, or "" for all topics
LEVEL = "practice_level"            # 0 (any) or 1..3, for endless practice
INDEX = "practice_index"            # position in the drill list (drills, class quiz)
SEED = "practice_seed"              # seed of the generated question (endless)
ANSWER = "practice_answer"          # {"id": question id, "right": bool, "response": ...} once answered
CLASS_QUIZ = "practice_class_quiz"  # {"variant": id, "ids": [...], "results": [bool|None, ...]}
QUIZ_READ = "practice_quiz_read"    # the ?quiz= link has been looked at in this session
QUIZ_ERROR = "practice_quiz_error"  # the code of a bad quiz link's problem
IMPORT_ERROR = "practice_import_error"
IMPORT_DONE = "practice_import_done"

MODE_PICKER = "_practice_mode_picker"
TOPIC_PICKER = "_practice_topic_picker"
LEVEL_PICKER = "_practice_level_picker"
CHOICE = "_practice_choice_{qid}"
PICK = "_practice_pick_{qid}_{card}"
IMPORT_BOX = "_practice_import_box"
MODES = ("drills", "endless", "class")


@st.cache_resource(show_spinner=False)
def shipped_drills() -> tuple[Drill, ...]:
    """The shipped drills, read once per server (immutable data shared by every session)."""
    return load_drills()


def init() -> None:
    """Fills the practice keys that are missing and reads a class quiz link once."""
    defaults: dict[str, Any] = {PROGRESS: Progress(), MODE: "drills", TOPIC: "", LEVEL: 0, INDEX: 0, SEED: 0,
                                ANSWER: None, CLASS_QUIZ: None, QUIZ_ERROR: None, IMPORT_ERROR: None,
                                IMPORT_DONE: False}
    for name, value in defaults.items():
        if name not in st.session_state:
            st.session_state[name] = value
    if not st.session_state.get(QUIZ_READ):
        st.session_state[QUIZ_READ] = True
        code = session.entry_param("quiz")
        if code is not None:
            start_class_quiz(code)


def start_class_quiz(code: str) -> None:
    """Opens the class quiz of a code, or remembers why the code is bad."""
    try:
        variant, ids = decode_quiz(code, shipped_drills())
    except QuizCodeError as exc:
        st.session_state[QUIZ_ERROR] = exc.code
        return
    session.set_variant(variant)
    st.session_state[CLASS_QUIZ] = {"variant": variant, "ids": list(ids), "results": [None] * len(ids)}
    st.session_state[QUIZ_ERROR] = None
    st.session_state[MODE] = "class"
    st.session_state[INDEX] = 0
    st.session_state[ANSWER] = None


def progress() -> Progress:
    return st.session_state.get(PROGRESS) or Progress()


def topics(variant: str) -> tuple[str, ...]:
    """The topics of a variant that have drills or generated questions, in the fixed topic order."""
    with_drills = {d.topic for d in shipped_drills() if d.variant == variant}
    generated = set(variant_topics(load_ruleset(variant)))
    return tuple(t for t in TOPICS if t in with_drills | generated)


def mode() -> str:
    chosen = st.session_state.get(MODE)
    if chosen == "class" and not st.session_state.get(CLASS_QUIZ):
        return "drills"
    return chosen if chosen in MODES else "drills"


def topic(variant: str) -> str:
    chosen = st.session_state.get(TOPIC) or ""
    return chosen if chosen in topics(variant) else ""


def drill_list(variant: str) -> tuple[Drill, ...]:
    """The drills of the current mode: the class quiz's, or the variant's of the chosen topic."""
    pool = shipped_drills()
    if mode() == "class":
        quiz = st.session_state[CLASS_QUIZ]
        by_id = {d.id: d for d in pool}
        return tuple(by_id[i] for i in quiz["ids"] if i in by_id)
    chosen = topic(variant)
    order = {t: i for i, t in enumerate(TOPICS)}
    drills = [d for d in pool if d.variant == variant and (not chosen or d.topic == chosen)]
    return tuple(sorted(drills, key=lambda d: (d.level, order[d.topic]) if chosen else (order[d.topic], d.level)))


def current_question(variant: str) -> Drill | None:
    """The question on screen now (None: nothing to ask in this mode and topic)."""
    if mode() == "endless":
        chosen = topic(variant) or None
        level = st.session_state.get(LEVEL) or None
        try:
            return generate(variant, chosen, level, st.session_state.get(SEED, 0))
        except QuizError:
            return None
    drills = drill_list(variant)
    if not drills:
        return None
    index = st.session_state.get(INDEX, 0)
    if mode() == "class":
        return drills[index] if index < len(drills) else None
    return drills[index % len(drills)]


# ---------------------------------------------------------------------------- callbacks

def on_mode_picked() -> None:
    st.session_state[MODE] = st.session_state[MODE_PICKER]
    st.session_state[INDEX] = 0
    st.session_state[ANSWER] = None


def on_topic_picked() -> None:
    st.session_state[TOPIC] = st.session_state[TOPIC_PICKER]
    st.session_state[INDEX] = 0
    st.session_state[ANSWER] = None


def on_level_picked() -> None:
    st.session_state[LEVEL] = st.session_state[LEVEL_PICKER]
    st.session_state[ANSWER] = None


def practise_topic(chosen: str) -> None:
    """Switches to a suggested topic (drills first)."""
    st.session_state[TOPIC] = chosen
    if mode() == "class":
        st.session_state[MODE] = "drills"
    st.session_state[INDEX] = 0
    st.session_state[ANSWER] = None


def response_of(question: Drill) -> Any:
    """Reads the learner's response from the answer widgets of a question."""
    if question.kind == "select":
        from ui.present.drill_text import hand_cards
        st_ = question.state()
        return sorted(c for c in hand_cards(st_) if st.session_state.get(PICK.format(qid=question.id, card=c)))
    return st.session_state.get(CHOICE.format(qid=question.id))


def submit(variant: str) -> None:
    """Checks the answer on screen, scores it and remembers it for the feedback."""
    question = current_question(variant)
    if question is None or (st.session_state.get(ANSWER) or {}).get("id") == question.id:
        return
    response = response_of(question)
    if question.kind != "select" and response is None:
        st.session_state[ANSWER] = {"id": question.id, "right": None, "response": None}
        return
    right = question.is_correct(response)
    st.session_state[PROGRESS] = record(progress(), question.variant, question.topic, right)
    st.session_state[ANSWER] = {"id": question.id, "right": right, "response": response}
    if mode() == "class":
        quiz = st.session_state[CLASS_QUIZ]
        index = st.session_state.get(INDEX, 0)
        if index < len(quiz["results"]):
            results = list(quiz["results"])
            results[index] = right
            st.session_state[CLASS_QUIZ] = {**quiz, "results": results}


def next_question() -> None:
    """Moves on to the next question of the mode."""
    if mode() == "endless":
        st.session_state[SEED] = st.session_state.get(SEED, 0) + 1
    else:
        st.session_state[INDEX] = st.session_state.get(INDEX, 0) + 1
    st.session_state[ANSWER] = None


def restart_class_quiz() -> None:
    quiz = st.session_state.get(CLASS_QUIZ)
    if quiz:
        st.session_state[CLASS_QUIZ] = {**quiz, "results": [None] * len(quiz["ids"])}
    st.session_state[INDEX] = 0
    st.session_state[ANSWER] = None


def leave_class_quiz() -> None:
    st.session_state[CLASS_QUIZ] = None
    st.session_state[MODE] = "drills"
    st.session_state[INDEX] = 0
    st.session_state[ANSWER] = None


def import_progress() -> None:
    """Replaces the progress with the one in the import box, or remembers why it is bad."""
    try:
        st.session_state[PROGRESS] = decode_progress(st.session_state.get(IMPORT_BOX, ""))
    except ProgressCodeError as exc:
        st.session_state[IMPORT_ERROR] = exc.code
        st.session_state[IMPORT_DONE] = False
        return
    st.session_state[IMPORT_ERROR] = None
    st.session_state[IMPORT_DONE] = True
    st.session_state[IMPORT_BOX] = ""


def reset_progress() -> None:
    st.session_state[PROGRESS] = Progress()
    st.session_state[IMPORT_DONE] = False
