"""The practice page: drills by topic, endless generated questions, a class quiz, and the score."""
from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from engine.drills import Drill
from engine.scenario import TOPICS
from ui.practice import state as ps
from ui.practice.score import MASTERY_NEEDED, MASTERY_WINDOW, encode_progress, suggestions
from ui.present.cards import card_label
from ui.present.drill_text import (
    answer_text,
    explanation,
    hand_cards,
    option_text,
    position_html,
    question_text,
    title_text,
    topic_label,
)
from ui.present.i18n import Translator
from ui.present.input_text import input_refusal_text
from ui.present.rules_text import escape_markdown
from ui.present.widget_text import choose_one
from ui.shell import handoff, learner, rating, session
from ui.shell.pages import PRACTICE_SCRIPT
from ui.widgets import learning


def _quiz_code_message(code: str, t: Translator, refusal: tuple[str, dict[str, Any]] | None = None) -> str:
    _ = t.gettext
    if code == "unreadable" and refusal is not None:   # the guard says exactly why, as the Sandbox's link does
        return _("The quiz link cannot be read. {reason} Ask your teacher for a new link.").format(
            reason=input_refusal_text(refusal[0], refusal[1], t))
    return {
        "empty": _("The quiz link holds no quiz code."),
        "format": _("The quiz link is not a Makao Tutor quiz link. Ask your teacher for the link again."),
        "corrupt": _("The quiz link is damaged (perhaps cut short when it was copied). Ask your teacher for the link again."),
        "invalid": _("The quiz link holds a quiz this app cannot read. Ask your teacher for a new link."),
        "unknown_drill": _("The quiz link names drills this version of the app does not have. Ask your teacher for a new link."),
    }.get(code, _("The quiz link cannot be used."))


def _progress_code_message(code: str, t: Translator) -> str:
    _ = t.gettext
    return {
        "empty": _("Paste a progress code first."),
        "format": _("This is not a progress code: a progress code starts with MP1."),
        "corrupt": _("This progress code is damaged (perhaps cut short when it was copied)."),
        "invalid": _("This progress code holds scores this app cannot use."),
    }.get(code, _("This progress code cannot be used."))


def _level_label(level: int, t: Translator) -> str:
    _ = t.gettext
    return {0: _("Any level"), 1: _("Easy"), 2: _("Medium"), 3: _("Hard")}[level]


def _pickers(variant: str, t: Translator) -> None:
    _ = t.gettext
    modes = ["drills", "rated", "endless"] + (["class"] if st.session_state.get(ps.CLASS_QUIZ) else []) + ["review"]
    labels = {"drills": _("Drills"), "rated": _("Drills at your level"), "endless": _("Endless practice"),
              "class": _("Class quiz"), "review": _("Today's review")}
    st.session_state[ps.MODE_PICKER] = ps.mode(st.session_state)
    st.radio(_("How to practise"), modes, format_func=labels.__getitem__, key=ps.MODE_PICKER, horizontal=True,
             on_change=ps.on_mode_picked, args=(st.session_state,),
             help=_("Drills are written by hand; endless practice asks about positions from games "
                    "the computer plays."))
    if ps.mode(st.session_state) in ("class", "review"):
        return
    topics = ps.topics(variant)
    st.session_state[ps.TOPIC_PICKER] = ps.topic(st.session_state, variant)
    left, right = st.columns(2)
    left.selectbox(_("Topic"), ["", *topics], placeholder=choose_one(topics, t), key=ps.TOPIC_PICKER, on_change=ps.on_topic_picked, args=(st.session_state,),
                   format_func=lambda x: topic_label(x, t) if x else _("All topics"))
    if ps.mode(st.session_state) == "endless":
        st.session_state[ps.LEVEL_PICKER] = st.session_state.get(ps.LEVEL, 0)
        right.selectbox(_("Level"), [0, 1, 2, 3], placeholder=choose_one(range(4), t), key=ps.LEVEL_PICKER, on_change=ps.on_level_picked, args=(st.session_state,),
                        format_func=lambda x: _level_label(x, t))


def _class_quiz_header(t: Translator) -> None:
    _ = t.gettext
    quiz = st.session_state[ps.CLASS_QUIZ]
    total = len(quiz["ids"])
    index = min(st.session_state.get(ps.INDEX, 0), total)
    st.info(_("Class quiz: question {number} of {total}.").format(number=min(index + 1, total), total=total),
            icon=":material/school:")


def _class_quiz_summary(t: Translator) -> None:
    _ = t.gettext
    quiz = st.session_state[ps.CLASS_QUIZ]
    right = sum(1 for r in quiz["results"] if r)
    total = len(quiz["ids"])
    st.success(t.ngettext("Quiz finished: {right} of {total} answer right.", "Quiz finished: {right} of {total} answers right.",
                          total).format(right=right, total=total), icon=":material/emoji_events:")
    left, right_col = st.columns(2)
    left.button(_("Take the quiz again"), on_click=ps.restart_class_quiz, args=(st.session_state,), key="practice_quiz_again",
                icon=":material/replay:")
    right_col.button(_("Back to drills"), on_click=ps.leave_class_quiz, args=(st.session_state,), key="practice_quiz_leave",
                     icon=":material/exit_to_app:")


def _answer_widgets(question: Drill, answered: bool, t: Translator) -> None:
    _ = t.gettext
    st_ = question.state()
    if question.kind == "select":
        deck = st_.rules.deck
        columns = st.columns(min(4, max(1, len(hand_cards(st_)))))
        # The choices are the cards in notation, as answers are kept (engine/drills.py); named by the deck.
        for i, card in enumerate(hand_cards(st_)):
            # Ticks are kept over a page switch ("session"): a half-answered question is not lost.
            columns[i % len(columns)].checkbox(card_label(deck.parse(card), deck, t), key=ps.PICK.format(qid=question.id, card=card),
                                               disabled=answered, persist_state="session")
        return
    st.radio(_("Your answer"), list(question.options), index=None, key=ps.CHOICE.format(qid=question.id),
             format_func=lambda o: escape_markdown(option_text(question, o, st_, t)), disabled=answered,
             persist_state="session")


def _feedback(question: Drill, result: dict, t: Translator) -> None:
    _ = t.gettext
    st_ = question.state()
    if result["right"]:
        st.success(_("Right!"), icon=":material/check_circle:")
    else:
        st.error(_("Not quite. The answer: {answer}").format(answer=answer_text(question, st_, t)),
                 icon=":material/cancel:")
    lines = explanation(question, st_, t)
    st.markdown("\n".join(f"- {escape_markdown(line)}" for line in lines))


def draw_question(variant: str, t: Translator) -> None:
    """Draws the current question with its answer widgets, or its feedback once answered."""
    _ = t.gettext
    if ps.mode(st.session_state) == "class":
        quiz = st.session_state[ps.CLASS_QUIZ]
        if st.session_state.get(ps.INDEX, 0) >= len(quiz["ids"]):
            _class_quiz_summary(t)
            return
        _class_quiz_header(t)
    question = ps.current_question(st.session_state, variant)
    if question is None and ps.mode(st.session_state) == "review":
        st.success(_("Today's review is done: nothing else is due now."), icon=":material/task_alt:")
        return
    if question is None:
        st.info(_("There are no questions for this topic in this variant yet. Choose another topic."),
                icon=":material/info:")
        return
    st_ = question.state()
    meta = (f"{topic_label(question.topic, t)} · {_level_label(question.level, t)}" if question.topic in TOPICS
            else _("A move from your game on Play"))
    st.caption(escape_markdown(meta))
    st.subheader(title_text(question, t), anchor=False)
    st.markdown(position_html(st_, t, four_colour=session.four_colour()), unsafe_allow_html=True)
    st.markdown(f"**{escape_markdown(question_text(question, st_, t))}**")
    result = st.session_state.get(ps.ANSWER)
    mine = result if result and result.get("id") == question.id else None
    answered = bool(mine) and mine.get("right") is not None
    _answer_widgets(question, answered, t)
    if not answered:
        if mine is not None:
            st.warning(_("Choose an answer first."), icon=":material/touch_app:")
        st.button(_("Check"), on_click=ps.submit, args=(st.session_state, variant), key="practice_check", type="primary",
                  icon=":material/done:")
        return
    _feedback(question, mine, t)
    st.button(_("Next question"), on_click=ps.next_question, args=(st.session_state,), key="practice_next", type="primary",
              icon=":material/arrow_forward:")


def draw_progress(variant: str, t: Translator) -> None:
    """Draws the score: totals, streaks, per-topic accuracy and mastery, suggestions, export and import."""
    _ = t.gettext
    progress = ps.progress(st.session_state)
    st.subheader(_("Your progress"), anchor="progress")
    cols = st.columns(5)
    cols[4].metric(_("Rating"), rating.shown(learner.record(st.session_state)["rating"]))
    cols[0].metric(_("Answered"), progress.attempts)
    cols[1].metric(t.pgettext("count of right answers", "Right"), progress.correct)
    cols[2].metric(_("Streak"), progress.streak)
    cols[3].metric(_("Best streak"), progress.best_streak)
    topics = ps.topics(variant)
    rows = []
    for topic in topics:
        score = progress.score(variant, topic)
        rows.append({
            _("Topic"): topic_label(topic, t),
            _("Answered"): score.attempts,
            # A dash, not an empty value: the table would print "None" for a topic not answered yet.
            t.pgettext("share of right answers", "Right (%)"): str(round(100 * score.accuracy)) if score.attempts else "—",
            _("Last {count}").format(count=MASTERY_WINDOW): f"{score.recent_right}/{len(score.recent)}",
            t.pgettext("topic table column: the topic is mastered", "Mastered"): score.mastered,
        })
    st.dataframe(pd.DataFrame(rows), hide_index=True, key="practice_scores")
    st.caption(_("A topic is mastered when at least {needed} of your last {window} answers on it are right.").format(
        needed=MASTERY_NEEDED, window=MASTERY_WINDOW))
    mastered = [topic for topic in topics if progress.score(variant, topic).mastered]
    if mastered:
        st.markdown(":material/workspace_premium: " + escape_markdown(
            _("Mastered: {topics}").format(topics=t.format_list([topic_label(x, t) for x in mastered]))))
    suggested = suggestions(progress, variant, topics)
    if suggested:
        st.markdown(_("**Practise next:**"))
        cols = st.columns(len(suggested))
        for col, topic in zip(cols, suggested):
            col.button(topic_label(topic, t), key=f"practice_suggest_{topic}", on_click=ps.practise_topic, args=(st.session_state, topic),
                       icon=":material/fitness_center:")
    with st.expander(_("Save or load your progress"), icon=":material/save:"):
        st.markdown(_("Copy this code to keep your progress; paste it here later to continue. No account needed."))
        st.code(encode_progress(progress), language=None)
        st.text_input(_("Progress code"), key=ps.IMPORT_BOX, placeholder="MP1.…")
        left, right = st.columns(2)
        left.button(_("Load progress"), on_click=ps.import_progress, args=(st.session_state,), key="practice_import", icon=":material/upload:")
        right.button(_("Start over"), on_click=ps.reset_progress, args=(st.session_state,), key="practice_reset", icon=":material/restart_alt:")
        error = st.session_state.get(ps.IMPORT_ERROR)
        if error:
            st.error(_progress_code_message(error, t), icon=":material/error:")
        elif st.session_state.get(ps.IMPORT_DONE):
            st.success(_("Progress loaded."), icon=":material/check:")


def draw() -> None:
    """Draws the whole practice page."""
    t = session.tr()
    quiz_variant = ps.init(st.session_state, session.entry_param("quiz"))
    if quiz_variant is not None:
        session.set_variant(quiz_variant)
    variant = session.variant()
    error = st.session_state.get(ps.QUIZ_ERROR)
    if error:
        st.error(_quiz_code_message(error, t, st.session_state.get(ps.QUIZ_REFUSAL)), icon=":material/link_off:")
    ps.take_request(st.session_state, handoff.take(PRACTICE_SCRIPT, st.session_state))
    learning.review_box(t, "practice")
    _pickers(variant, t)
    draw_question(variant, t)
    st.divider()
    draw_progress(variant, t)
    learning.progress_charts(t)
