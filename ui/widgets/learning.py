"""The learning path, its placement, today's review and the progress charts, as Home and Practice draw them.

The record behind them is ``ui.shell.learner``'s; the words are ``ui.present.learning_text``'s. A step's
button hands the step to its page (``ui.shell.handoff``): Learn opens the lesson, Practice the topic's
drills or today's review, Play a new game against the step's players.
"""
from __future__ import annotations

from datetime import timedelta

import pandas as pd
import streamlit as st

from engine.drills import Drill
from engine.path import LearningPath, PathStep, path_for, placement_drills
from ui.present.cards import card_label
from ui.present.drill_text import hand_cards, option_text, position_html, question_text, title_text, topic_label
from ui.present.i18n import Translator
from ui.present.learning_text import step_label
from ui.present.rules_text import escape_markdown
from ui.shell import handoff, learner, review, session
from ui.shell.pages import LEARN_SCRIPT, PLAY_SCRIPT, PRACTICE_SCRIPT

PLACEMENT = "_learning_placement"       # {"variant": id, "index": n, "answers": {drill id: right}}
PICK = "_learning_pick_{qid}_{card}"
CHOICE = "_learning_choice_{qid}"


def session_path() -> LearningPath | None:
    """The path of the session's rules (house rules get the path of the variant they were made from)."""
    return path_for(session.ruleset(), base=session.variant())


# ---------------------------------------------------------------------------- placement

def _placement(path: LearningPath) -> dict:
    kept = st.session_state.get(PLACEMENT)
    if not isinstance(kept, dict) or kept.get("variant") != path.variant:
        kept = {"variant": path.variant, "index": 0, "answers": {}}
        st.session_state[PLACEMENT] = kept
    return kept


def _response(drill: Drill):
    if drill.kind == "select":
        return sorted(c for c in hand_cards(drill.state()) if st.session_state.get(PICK.format(qid=drill.id, card=c)))
    return st.session_state.get(CHOICE.format(qid=drill.id))


def _check_placement(path: LearningPath) -> None:
    kept = _placement(path)
    drills = placement_drills(path)
    drill = drills[kept["index"]]
    response = _response(drill)
    answers = {**kept["answers"], drill.id: response is not None and drill.is_correct(response)}
    kept = {**kept, "index": kept["index"] + 1, "answers": answers}
    st.session_state[PLACEMENT] = kept
    if kept["index"] >= len(drills):
        learner.place(st.session_state, path, answers)


def _answer_widgets(drill: Drill, t: Translator) -> None:
    state = drill.state()
    if drill.kind == "select":
        deck = state.rules.deck
        cards = hand_cards(state)
        columns = st.columns(min(4, max(1, len(cards))))
        for i, card in enumerate(cards):
            columns[i % len(columns)].checkbox(card_label(deck.parse(card), deck, t),
                                               key=PICK.format(qid=drill.id, card=card))
        return
    st.radio(t.gettext("Your answer"), list(drill.options), index=None, key=CHOICE.format(qid=drill.id),
             format_func=lambda o: escape_markdown(option_text(drill, o, state, t)))


def placement_panel(path: LearningPath, t: Translator) -> None:
    """A few questions that decide where on the path a newcomer starts."""
    _ = t.gettext
    drills = placement_drills(path)
    kept = _placement(path)
    drill = drills[min(kept["index"], len(drills) - 1)]
    st.markdown(_("Or answer a few questions first: the app starts you where your knowledge ends."))
    st.caption(_("Question {number} of {total}").format(number=kept["index"] + 1, total=len(drills)))
    st.markdown("**" + escape_markdown(title_text(drill, t)) + "**")
    st.markdown(position_html(drill.state(), t, four_colour=session.four_colour()), unsafe_allow_html=True)
    st.markdown(f"**{escape_markdown(question_text(drill, drill.state(), t))}**")
    _answer_widgets(drill, t)
    st.button(_("Answer"), key="learning_placement_check", icon=":material/done:", on_click=_check_placement,
              args=(path,))


def needs_placement(path: LearningPath | None) -> bool:
    """Whether the learner has not been placed on this path yet."""
    return path is not None and bool(path.steps) and learner.placed(st.session_state, path.variant) is None


# ---------------------------------------------------------------------------- the path

def go_to_step(step: PathStep) -> None:
    """Opens the page of a step, ready to do it."""
    if step.kind == "lesson":
        handoff.hand_over(LEARN_SCRIPT, {"start": step.target})
    elif step.kind == "drills":
        handoff.hand_over(PRACTICE_SCRIPT, {"mode": "drills", "topic": step.target})
    else:
        handoff.hand_over(PLAY_SCRIPT, {"strength": "beginner" if step.target == "round_beginners" else "club"})


def _mark(mark: str, t: Translator) -> str:
    _ = t.gettext
    return {"done": ":material/check_circle: " + _("done"), "next": ":material/arrow_forward: " + _("next"),
            "ahead": ":material/radio_button_unchecked: " + _("ahead")}[mark]


def path_panel(t: Translator) -> None:
    """The path of the session's variant: the placement first, then the next step as the one button."""
    _ = t.gettext
    path = session_path()
    if path is None or not path.steps or needs_placement(path):
        return
    with st.container(border=True, key="learning_path"):
        marks = learner.path_state(st.session_state, path)
        done = marks.count("done")
        st.markdown("**" + _("Your path") + "**  \n" + t.ngettext(
            "{done} of {total} step done.", "{done} of {total} steps done.", len(marks)).format(
            done=done, total=len(marks)))
        st.progress(done / len(marks))
        if "next" not in marks:
            st.success(_("You have walked the whole path: you won a round against the club players!"),
                       icon=":material/emoji_events:")
        else:
            step = path.steps[marks.index("next")]
            if st.button(_("Next: {step}").format(step=step_label(step, t)), key="learning_next_step",
                         type="primary", icon=":material/play_arrow:"):
                go_to_step(step)
        with st.expander(_("The whole path"), icon=":material/route:"):
            st.markdown("\n".join(f"{i}. {escape_markdown(step_label(s, t))} · {_mark(m, t)}"
                                  for i, (s, m) in enumerate(zip(path.steps, marks, strict=True), start=1)))


# ---------------------------------------------------------------------------- today's review

def review_box(t: Translator, where: str) -> None:
    """How many cards are due today, and the button that starts the review session on Practice."""
    _ = t.gettext
    cards = learner.record(st.session_state)["cards"]
    now = learner.now_utc()
    due = review.due_keys(cards, now, session.variant())
    with st.container(border=True, key=f"learning_review_{where}"):
        if due:
            st.markdown("**" + _("Today's review") + "**  \n" + t.ngettext(
                "{count} card is due: the questions you got wrong come back until they stick.",
                "{count} cards are due: the questions you got wrong come back until they stick.",
                len(due)).format(count=len(due)))
            if st.button(_("Start today's review"), key=f"learning_review_start_{where}", icon=":material/replay:"):
                handoff.hand_over(PRACTICE_SCRIPT, {"mode": "review"})
        elif cards:
            st.markdown("**" + _("Today's review") + "**  \n" + _("Nothing is due now. Come back later."))
        else:
            st.markdown("**" + _("Today's review") + "**  \n" + _(
                "Every question you answer is kept for review: a wrong answer comes back soon, a sure one later."))


# ---------------------------------------------------------------------------- charts

def _history_frame(t: Translator) -> pd.DataFrame:
    rows = [h for h in learner.record(st.session_state)["history"] if h["variant"] == session.variant()]
    frame = pd.DataFrame(rows, columns=["at", "variant", "topic", "right", "rating"])
    frame["day"] = pd.to_datetime(frame["at"], utc=True).dt.floor("D")
    frame["topic"] = [topic_label(x, t) if x != learner.COACH_TOPIC else t.gettext("Moves from your games") for x in frame["topic"]]
    return frame


def progress_charts(t: Translator) -> None:
    """Accuracy per topic over time, the rating over time and the reviews due in the next days."""
    if not learner.record(st.session_state)["history"]:
        st.caption(t.gettext("Your charts of progress appear here once you have answered a question."))
        return
    # Drawn when asked: the charts cost a moment on every run of the page, which a drill should not wait for.
    if st.toggle(t.gettext("Show my progress charts"), key="learning_show_charts"):
        _charts(t)


def _charts(t: Translator) -> None:
    import altair as alt  # only a learner with answers draws charts: the first visit stays light

    _ = t.gettext
    frame = _history_frame(t)
    st.subheader(_("Your progress over time"), anchor="learning-charts")
    if not frame.empty:
        accuracy = frame.groupby(["day", "topic"], as_index=False)["right"].mean()
        accuracy["right"] = (100 * accuracy["right"]).round()
        st.altair_chart(alt.Chart(accuracy, title=_("Right answers per topic (%)")).mark_line(point=True).encode(
            x=alt.X("day:T", title=_("Day")), y=alt.Y("right:Q", title=t.pgettext("share of right answers", "Right (%)"), scale=alt.Scale(domain=[0, 100])),
            color=alt.Color("topic:N", title=_("Topic"))), key="learning_chart_accuracy")
        frame["answer"] = range(1, len(frame) + 1)
        st.altair_chart(alt.Chart(frame, title=_("Your rating")).mark_line().encode(
            x=alt.X("answer:Q", title=_("Answers")), y=alt.Y("rating:Q", title=_("Rating"), scale=alt.Scale(zero=False))),
            key="learning_chart_rating")
    now = learner.now_utc()
    counts = review.due_per_day(learner.record(st.session_state)["cards"], now)
    days = pd.DataFrame({"day": [(now + timedelta(days=i)).date().isoformat() for i in range(len(counts))],
                         "due": counts})
    st.altair_chart(alt.Chart(days, title=_("Reviews due in the next days")).mark_bar().encode(
        x=alt.X("day:O", title=_("Day")), y=alt.Y("due:Q", title=_("Cards due"))), key="learning_chart_due")
