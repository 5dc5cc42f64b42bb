"""The live quiz on the Classes page: the teacher's buttons, the projector's question and results, the pupil's phone.

Who drives: the teacher's manage view (teacher link) has the buttons *Start*, *Show answer*, *Next
question* and *End*; the projector's read-only board link (``?board=``) shows the same live quiz
without them, so the projector needs no manage rights. Both views and the pupils' phones poll the
database (storage/live_quiz.py), never each other: any of two app servers can serve any of them.
Nicknames are escaped wherever shown (``name_markdown``); question, options, answer and reason are
the Practice page's own texts (ui.present.drill_text), so the engine's reason reads the same.
"""
from __future__ import annotations

import time
from datetime import UTC, datetime

import altair as alt
import pandas as pd
import streamlit as st

from engine.drills import Drill, drill_by_id
from engine.quiz import variant_topics
from engine.ruleset import load_ruleset
from storage.live_quiz import (
    DEFAULT_QUESTIONS,
    DEFAULT_SECONDS,
    ENDED,
    MAX_QUESTIONS,
    MIN_QUESTIONS,
    OPEN,
    SHOWN,
    LiveBoard,
    LiveQuizzes,
    PupilQuiz,
    QuizState,
    Standing,
    option_order,
    quiz_drills,
)
from storage.streamlit_conn import get_storage
from ui.classes import progress as saved
from ui.classes.texts import FAILURES, error_message, failure, name_markdown
from ui.present.drill_text import explanation, option_text, position_html, question_text, title_text, topic_label
from ui.present.i18n import Translator
from ui.present.rules_text import escape_markdown
from ui.shell import session

POLL_SECONDS = 1                       # the projector's and the phones' refresh (one cheap read each)
SECONDS_CHOICES = (10, 20, 30, 60, 120)   # the timer the teacher picks; 20 s by default
SYMBOLS = ("▲", "◆", "●", "■", "★")   # each option's shape: the same on the projector and on the phones
COLOURS = ("#e03131", "#1971c2", "#f08c00", "#2f9e44", "#7048e8")
LEADERS_SHOWN = 10                     # rows of the leaderboard during the quiz (all at its end)
RECENT_MS = 30 * 60 * 1000             # a phone shows an ended quiz's result for 30 minutes
MESSAGE = "classes_quiz_message"       # (code, params) of the teacher's or pupil's last refused step
SEEN = "classes_quiz_seen"             # the pupil's (quiz id, version) and PupilQuiz read for it
SETTING_COUNT, SETTING_SECONDS, SETTING_TOPIC = "classes_quiz_count", "classes_quiz_seconds", "classes_quiz_topic"
MIXED = ""


def _t() -> Translator:
    return session.tr()


def _quizzes() -> LiveQuizzes:
    return LiveQuizzes(get_storage())


def _refusal(error: Exception) -> None:
    st.session_state[MESSAGE] = failure(error)


def _show_refusal(t: Translator) -> None:
    message = st.session_state.pop(MESSAGE, None)
    if message:
        st.error(error_message(*message, t), icon=":material/error:")


def _symbol(i: int) -> str:
    return SYMBOLS[i % len(SYMBOLS)]


def _options(drill: Drill, t: Translator) -> list[tuple[str, str, str]]:
    """Each option as (symbol, option key, words), in the order the buttons show them."""
    state = drill.state()
    return [(_symbol(i), option, option_text(drill, option, state, t)) for i, option in enumerate(option_order(drill))]


def _when(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M UTC")


# ---------------------------------------------------------------------------- the teacher's steps

def _start(key: str, client: str | None) -> None:
    state = st.session_state
    try:
        _quizzes().start(key, int(state.get(SETTING_COUNT) or DEFAULT_QUESTIONS),
                         int(state.get(SETTING_SECONDS) or DEFAULT_SECONDS), state.get(SETTING_TOPIC) or None, client)
    except FAILURES as error:
        _refusal(error)


def _step(name: str, key: str, client: str | None) -> None:
    try:
        getattr(_quizzes(), name)(key, client=client)
    except FAILURES as error:
        _refusal(error)


def _topics(ruleset: str) -> list[str]:
    """Mixed, then every topic of the variant with questions to tap, in teaching order."""
    with_questions = {d.topic for d in quiz_drills(ruleset)}
    return [MIXED] + [x for x in variant_topics(load_ruleset(ruleset)) if x in with_questions]


def _settings(ruleset: str, key: str, client: str | None, t: Translator) -> None:
    """The quiz's settings and the Start button (a running quiz ends when a new one starts)."""
    _ = t.gettext
    topics = _topics(ruleset)
    if st.session_state.get(SETTING_TOPIC) not in topics:
        st.session_state[SETTING_TOPIC] = MIXED
    left, middle, right = st.columns(3)
    left.selectbox(_("Questions from"), topics, key=SETTING_TOPIC,
                   format_func=lambda x: _("Mixed topics") if x == MIXED else topic_label(x, t))
    middle.number_input(_("Number of questions"), MIN_QUESTIONS, MAX_QUESTIONS, DEFAULT_QUESTIONS, step=1,
                        key=SETTING_COUNT)
    right.selectbox(_("Time per question"), SECONDS_CHOICES, index=SECONDS_CHOICES.index(DEFAULT_SECONDS),
                    key=SETTING_SECONDS, format_func=lambda s: t.ngettext("{count} second", "{count} seconds",
                                                                          s).format(count=s))
    st.button(_("Start the live quiz"), key="classes_quiz_start", type="primary", icon=":material/play_arrow:",
              on_click=_start, args=(key, client))


def _controls(live: LiveBoard, key: str, client: str | None, t: Translator) -> None:
    """The teacher's buttons for the quiz's current step."""
    _ = t.gettext
    quiz = live.quiz
    cols = st.columns(3)
    cols[0].button(_("Show answer"), key="classes_quiz_show", type="primary", icon=":material/visibility:",
                   disabled=quiz.phase != OPEN, on_click=_step, args=("show_answer", key, client))
    label = _("See the results") if quiz.last else _("Next question")
    cols[1].button(label, key="classes_quiz_next", icon=":material/skip_next:", disabled=quiz.phase != SHOWN,
                   type="primary" if quiz.phase == SHOWN else "secondary", on_click=_step,
                   args=("next_question", key, client))
    cols[2].button(_("End the quiz"), key="classes_quiz_end", icon=":material/stop:", on_click=_step,
                   args=("end", key, client))


# ---------------------------------------------------------------------------- what the projector shows

def _leaderboard(standings: tuple[Standing, ...], t: Translator, limit: int | None = LEADERS_SHOWN) -> None:
    shown = standings if limit is None else standings[:limit]
    if not shown:
        return
    lines = [f"{place}. **{name_markdown(s.nickname)}** — " + escape_markdown(
        t.ngettext("{count} point", "{count} points", s.points).format(count=s.points)) + " · " + escape_markdown(
        t.ngettext("{count} right answer", "{count} right answers", s.right).format(count=s.right))
        for place, s in enumerate(shown, start=1)]
    with st.container(key="classes_quiz_leaderboard"):
        st.markdown("**" + escape_markdown(t.gettext("Leaderboard")) + "**")
        st.markdown("\n".join(lines))


def _chart(options: list[tuple[str, str, str]], counts: dict[str, int], drill: Drill | None, t: Translator) -> None:
    """The answers per option as bars (the right one marked once shown), and the same counts in words."""
    _ = t.gettext
    right = drill.answer[0] if drill is not None else None
    rows = pd.DataFrame([{"option": f"{symbol} {words}"[:60], "answers": counts.get(option, 0),
                          "colour": COLOURS[i % len(COLOURS)], "right": "✓" if option == right else ""}
                         for i, (symbol, option, words) in enumerate(options)])
    base = alt.Chart(rows).encode(
        y=alt.Y("option:N", title=None, sort=None, axis=alt.Axis(labelLimit=0)),
        x=alt.X("answers:Q", title=_("Answers"), axis=alt.Axis(tickMinStep=1, format="d")))
    bars = base.mark_bar().encode(color=alt.Color("colour:N", scale=None),
                                  tooltip=[alt.Tooltip("option:N", title=t.pgettext("a live quiz chart: the option pupils chose", "Answer")),
                                           alt.Tooltip("answers:Q", title=_("Answers"))])
    labels = base.mark_text(align="left", dx=4, fontSize=16).encode(text=alt.Text("answers:Q"))
    st.altair_chart((bars + labels).properties(height=alt.Step(36)), width="stretch",
                    alt=_("Answers per option"))
    with st.container(key="classes_quiz_counts"):
        st.markdown(" · ".join(f"{symbol} **{counts.get(option, 0)}**" for symbol, option, _w in options))


def _question(quiz: QuizState, drill: Drill, t: Translator, with_position: bool = True) -> list[tuple[str, str, str]]:
    """The question's heading, position and words; returns its options."""
    _ = t.gettext
    state = drill.state()
    st.markdown("**" + escape_markdown(_("Question {number} of {total}").format(
        number=quiz.index + 1, total=len(quiz.questions))) + "** · " + escape_markdown(title_text(drill, t)))
    if with_position:
        st.markdown(position_html(state, t, four_colour=session.four_colour()), unsafe_allow_html=True)
    st.markdown("### " + escape_markdown(question_text(drill, state, t)))
    return _options(drill, t)


def _answer(drill: Drill, t: Translator) -> None:
    """The right answer and why, in the words Practice gives."""
    state = drill.state()
    index = option_order(drill).index(drill.answer[0])
    with st.container(key="classes_quiz_answer"):
        st.success(escape_markdown(t.gettext("Right answer: {answer}").format(
            answer=f"{_symbol(index)} {option_text(drill, drill.answer[0], state, t)}")), icon=":material/check_circle:")
        st.markdown("\n".join("- " + escape_markdown(line) for line in explanation(drill, state, t)))


def _live(live: LiveBoard, t: Translator) -> None:
    """The running or just ended quiz as the projector shows it."""
    _ = t.gettext
    quiz = live.quiz
    if quiz.phase == ENDED:
        st.markdown("### " + escape_markdown(_("The quiz is over.")))
        _leaderboard(live.standings, t, limit=None)
        return
    drill = drill_by_id(quiz.question_id)
    if drill is None:   # a question no longer shipped: the quiz can only go on
        st.warning(escape_markdown(_("This question is no longer in the app.")))
        return
    options = _question(quiz, drill, t)
    taking = quiz.taking_answers(live.now)
    if taking:
        st.markdown("\n".join(f"- {symbol} {escape_markdown(words)}" for symbol, _o, words in options))
        left = quiz.seconds_left(live.now)
        st.markdown(f"<div class='makao-quiz-timer' style='font-size:3rem;font-weight:800'>"
                    f"{t.ngettext('{count} second', '{count} seconds', left).format(count=left)}</div>",
                    unsafe_allow_html=True)
    else:
        st.markdown("**" + escape_markdown(_("Time is up.") if quiz.phase == OPEN else _("Answers are closed.")) + "**")
    st.markdown(escape_markdown(t.ngettext("{count} of {total} pupil answered", "{count} of {total} pupils answered",
                                           live.pupils).format(count=live.answered, total=live.pupils)))
    if not taking:
        _chart(options, live.counts, drill if quiz.phase == SHOWN else None, t)
    if quiz.phase == SHOWN:
        _answer(drill, t)
        _leaderboard(live.standings, t)


def _past(key: str, client: str | None, t: Translator) -> None:
    """The class's finished live quizzes: when, how many questions, every pupil's points."""
    _ = t.gettext
    past = _quizzes().past(key, client)
    if not past:
        return
    with st.expander(_("Past live quizzes"), icon=":material/history:"):
        for quiz in past:
            st.markdown("**" + escape_markdown(_when(quiz.started_at)) + "** · " + escape_markdown(t.ngettext(
                "{count} question", "{count} questions", quiz.questions).format(count=quiz.questions)))
            st.markdown("\n".join(
                f"- **{name_markdown(s.nickname)}**: " + escape_markdown(t.ngettext(
                    "{count} point", "{count} points", s.points).format(count=s.points) + ", " + t.ngettext(
                    "{count} right answer", "{count} right answers", s.right).format(count=s.right))
                for s in quiz.standings) or "–")


@st.fragment(run_every=POLL_SECONDS)
def quiz_panel(key: str, client: str | None, manage: bool, ruleset: str) -> None:
    """The live quiz on the board: the teacher's buttons when ``manage``, and what the projector shows."""
    t = _t()
    _ = t.gettext
    with st.container(border=True, key="classes_quiz_panel"):
        st.subheader(_("Live quiz"), anchor=False)
        _show_refusal(t)
        try:
            live = _quizzes().board(key, client)
        except FAILURES as error:
            st.error(error_message(*failure(error), t), icon=":material/error:")
            return
        running = live.quiz is not None and live.quiz.phase != ENDED
        if manage and running:
            _controls(live, key, client, t)
        if live.quiz is not None:
            _live(live, t)
        elif not manage:
            st.caption(escape_markdown(_("No live quiz yet: the teacher starts it from the teacher link.")))
        if manage and not running:
            _settings(ruleset, key, client, t)
        if not running:
            _past(key, client, t)


# ---------------------------------------------------------------------------- the pupil's phone

def _tap(quiz_id: int, index: int, choice: str) -> None:
    token = saved.pupil_token(st.session_state)
    try:
        _quizzes().answer(token, quiz_id, index, choice)
    except FAILURES as error:
        _refusal(error)
    st.session_state.pop(SEEN, None)   # read the quiz again: the answer is in, or it came too late


def _pupil_quiz(token: str) -> PupilQuiz | None:
    """The pupil's quiz, read again only when its version changed (the poll reads two integers)."""
    quizzes = _quizzes()
    version = quizzes.version(token)
    if version is None:
        return None
    seen = st.session_state.get(SEEN)
    if seen and seen[0] == version:
        return seen[1]
    mine = quizzes.for_pupil(token)
    st.session_state[SEEN] = (version, mine)
    return mine


def _pupil_open(mine: PupilQuiz, drill: Drill, now: int, t: Translator) -> None:
    _ = t.gettext
    quiz = mine.quiz
    options = _question(quiz, drill, t)
    if mine.mine is not None:
        words = {o: f"{s} {w}" for s, o, w in options}.get(mine.mine.choice, mine.mine.choice)
        st.info(escape_markdown(_("Your answer is in: {answer}. Wait for your teacher to show the answer.").format(
            answer=words)), icon=":material/how_to_vote:")
        return
    if not quiz.taking_answers(now):
        st.warning(escape_markdown(_("Time is up for this question.")), icon=":material/timer_off:")
        return
    left = quiz.seconds_left(now)
    st.markdown("**" + escape_markdown(t.ngettext("{count} second left", "{count} seconds left", left).format(
        count=left)) + "**")
    with st.container(key="classes_quiz_buttons"):
        for i, (symbol, option, words) in enumerate(options):
            st.button(f"{symbol} {words}", key=f"classes_quiz_option_{i}", width="stretch",
                      on_click=_tap, args=(quiz.id, quiz.index, option))


def _pupil_shown(mine: PupilQuiz, drill: Drill, t: Translator) -> None:
    _ = t.gettext
    _question(mine.quiz, drill, t, with_position=False)
    answer = mine.mine
    if answer is None:
        st.warning(escape_markdown(_("You did not answer this question.")), icon=":material/timer_off:")
    elif answer.correct:
        st.success(escape_markdown(t.ngettext("Right! +{count} point", "Right! +{count} points", answer.points).format(
            count=answer.points)), icon=":material/celebration:")
    else:
        st.error(escape_markdown(_("Not right this time.")), icon=":material/close:")
    _answer(drill, t)


def _pupil_total(mine: PupilQuiz, t: Translator) -> None:
    text = t.ngettext("You have {count} point", "You have {count} points", mine.points).format(count=mine.points)
    if mine.place is not None:
        text += " · " + t.gettext("place {place}").format(place=mine.place)
    st.markdown("**" + escape_markdown(text) + "**")


@st.fragment(run_every=POLL_SECONDS)
def pupil_panel() -> None:
    """On a pupil's phone: the live quiz's current question with a button per option, then how it went."""
    t = _t()
    _ = t.gettext
    token = saved.pupil_token(st.session_state)
    if token is None:
        return
    with st.container(border=True, key="classes_quiz_pupil"):
        _show_refusal(t)
        try:
            mine = _pupil_quiz(token)
        except FAILURES as error:
            st.error(error_message(*failure(error), t), icon=":material/error:")
            return
        now = int(time.time() * 1000)   # only for the countdown shown; the database's deadline judges the answer
        quiz = mine.quiz if mine is not None else None
        if quiz is None or (quiz.phase == ENDED and now - (quiz.ended_at or 0) > RECENT_MS):
            st.caption(escape_markdown(_("No live quiz right now. When your teacher starts one, its questions "
                                         "appear here.")))
            return
        st.subheader(_("Live quiz"), anchor=False)
        if quiz.phase == ENDED:
            st.markdown("**" + escape_markdown(_("The quiz has ended.")) + "**")
            _pupil_total(mine, t)
            return
        drill = drill_by_id(quiz.question_id)
        if drill is None:
            st.warning(escape_markdown(_("This question is no longer in the app.")))
            return
        if quiz.phase == SHOWN:
            _pupil_shown(mine, drill, t)
        else:
            _pupil_open(mine, drill, now, t)
        _pupil_total(mine, t)


__all__ = ["pupil_panel", "quiz_panel"]
