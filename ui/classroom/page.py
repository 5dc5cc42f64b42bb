"""The classroom page: choose a variant, language and topics; get a handout, a projector and a quiz link."""
from __future__ import annotations

from functools import partial

import streamlit as st

from engine.drills import Drill, shipped_drills
from engine.ruleset import load_ruleset
from engine.scenario import TOPICS
from ui.classroom.handout import handout_html, handout_pdf
from ui.present.drill_text import (
    answer_text,
    explanation,
    option_text,
    position_html,
    question_text,
    title_text,
    topic_label,
)
from ui.present.i18n import LANGUAGES, Translator, translator
from ui.present.rules_text import escape_markdown
from ui.present.widget_text import choose_one
from ui.shell import session
from ui.shell.quiz_link import MAX_DRILLS, encode_quiz

VARIANT = "classroom_variant"
LANGUAGE = "classroom_language"
TOPICS_KEY = "classroom_topics"
COUNT = "classroom_count"
ANSWER_KEY = "classroom_answer_key"
PROJECTOR = "classroom_projector"
SLIDE = "classroom_slide"
REVEALED = "classroom_revealed"
_WIDGET = "_w_"   # widget keys are the state keys with this prefix


def _variants() -> list[str]:
    with_drills = {d.variant for d in shipped_drills()}
    return [v for v in session.available_variants() if v in with_drills]


def _init() -> None:
    variants = _variants()
    defaults = {VARIANT: session.variant() if session.variant() in variants else variants[0],
                LANGUAGE: session.language(), TOPICS_KEY: [], COUNT: 8, ANSWER_KEY: True, PROJECTOR: False,
                SLIDE: 0, REVEALED: False}
    for name, value in defaults.items():
        if name not in st.session_state:
            st.session_state[name] = value


def _copy(name: str) -> None:
    st.session_state[name] = st.session_state[_WIDGET + name]
    if name in (VARIANT, TOPICS_KEY, COUNT):
        st.session_state[SLIDE] = 0
        st.session_state[REVEALED] = False
    if name == VARIANT:
        st.session_state[TOPICS_KEY] = []


def _widget(draw, name: str, *args, **kwargs):
    """Draws a widget whose value lives in the state key ``name`` (kept across page switches)."""
    st.session_state[_WIDGET + name] = st.session_state[name]
    return draw(*args, key=_WIDGET + name, on_change=_copy, args=(name,), **kwargs)


def topics_with_drills(variant: str) -> list[str]:
    present = {d.topic for d in shipped_drills() if d.variant == variant}
    return [t for t in TOPICS if t in present]


def lesson_drills(variant: str, topics: list[str], count: int) -> tuple[Drill, ...]:
    """The drills of a lesson: the chosen topics (all if none) taken in turn, easiest first."""
    chosen = topics or topics_with_drills(variant)
    queues = [sorted((d for d in shipped_drills() if d.variant == variant and d.topic == t), key=lambda d: d.level)
              for t in chosen]
    out: list[Drill] = []
    while len(out) < count and any(queues):
        for queue in queues:
            if queue and len(out) < count:
                out.append(queue.pop(0))
    return tuple(out)


def quiz_link(code: str) -> str:
    """The link that opens the class quiz on the practice page of this server."""
    return session.page_url("app_pages/practice.py", f"quiz={code}")


def _settings(t: Translator) -> None:
    _ = t.gettext
    variants = _variants()
    left, right = st.columns(2)
    _widget(left.selectbox, VARIANT, _("Variant"), variants, format_func=lambda v: _(load_ruleset(v).name))
    _widget(right.selectbox, LANGUAGE, _("Language of the material"), list(LANGUAGES),
            format_func=LANGUAGES.__getitem__, placeholder=choose_one(LANGUAGES, t))
    variant = st.session_state[VARIANT]
    available = topics_with_drills(variant)
    st.session_state[TOPICS_KEY] = [x for x in st.session_state[TOPICS_KEY] if x in available]
    _widget(st.multiselect, TOPICS_KEY, _("Topics of the lesson"), available, format_func=lambda x: topic_label(x, t),
            placeholder=_("All topics"))
    left, right = st.columns(2)
    _widget(left.slider, COUNT, _("Number of positions"), 3, MAX_DRILLS)
    _widget(right.checkbox, ANSWER_KEY, _("Answer key at the end of the handout"))


def _handout(drills: tuple[Drill, ...], t: Translator, material: Translator) -> None:
    _ = t.gettext
    st.subheader(_("Handout"), anchor="handout")
    st.markdown(_("The rules of the variant, generated from the rules the app plays by, then the positions drawn "
                  "with real cards, and the answer key. Print the HTML from your browser, or take the PDF."))
    variant = st.session_state[VARIANT]
    ruleset = load_ruleset(variant)
    key = bool(st.session_state[ANSWER_KEY])
    stem = f"makao-{variant}-{material.language}-handout"
    left, right = st.columns(2)
    left.download_button(_("Download the handout (HTML)"), data=partial(handout_html, ruleset, drills, material,
                                                                         answer_key=key, four_colour=session.four_colour()),
                         file_name=f"{stem}.html", mime="text/html", key="classroom_html", icon=":material/html:",
                         on_click="ignore")
    right.download_button(_("Download the handout (PDF)"), data=partial(handout_pdf, ruleset, drills, material,
                                                                         answer_key=key),
                          file_name=f"{stem}.pdf", mime="application/pdf", key="classroom_pdf",
                          icon=":material/picture_as_pdf:", on_click="ignore")


def _quiz(drills: tuple[Drill, ...], t: Translator) -> None:
    _ = t.gettext
    st.subheader(_("Class quiz"), anchor="class-quiz")
    code = encode_quiz(st.session_state[VARIANT], [d.id for d in drills])
    st.markdown(t.ngettext(
        "Share this link with the class: it opens a quiz of these {count} position on the practice page, "
        "with each learner's score.",
        "Share this link with the class: it opens a quiz of these {count} positions on the practice page, "
        "with each learner's score.", len(drills)).format(count=len(drills)))
    st.code(quiz_link(code), language=None)
    st.page_link("app_pages/classes.py", label=_("To see each learner's answers live, make a class"),
                 icon=":material/groups:")


def _on_slide(step: int, total: int) -> None:
    st.session_state[SLIDE] = max(0, min(total - 1, st.session_state.get(SLIDE, 0) + step))
    st.session_state[REVEALED] = False


def _on_reveal() -> None:
    st.session_state[REVEALED] = not st.session_state.get(REVEALED, False)


def _projector(drills: tuple[Drill, ...], t: Translator, material: Translator) -> None:
    """One position at a time, large cards; the answer and its reasons on demand."""
    _ = t.gettext
    total = len(drills)
    index = min(st.session_state.get(SLIDE, 0), total - 1)
    drill = drills[index]
    state = drill.state()
    st.caption(escape_markdown(_("Position {number} of {total}").format(number=index + 1, total=total)))
    st.markdown(f"## {escape_markdown(title_text(drill, material))}")
    st.markdown(position_html(state, material, width=150, four_colour=session.four_colour()), unsafe_allow_html=True)
    st.markdown(f"### {escape_markdown(question_text(drill, state, material))}")
    if drill.kind != "select":
        st.markdown("\n".join(f"{i + 1}. {escape_markdown(option_text(drill, o, state, material))}"
                              for i, o in enumerate(drill.options)))
    cols = st.columns(3)
    cols[0].button(_("Previous"), on_click=_on_slide, args=(-1, total), key="projector_previous",
                   disabled=index == 0, icon=":material/arrow_back:", use_container_width=True)
    revealed = st.session_state.get(REVEALED, False)
    cols[1].button(_("Hide the answer") if revealed else _("Reveal the answer"), on_click=_on_reveal,
                   key="projector_reveal", type="primary", icon=":material/visibility:", use_container_width=True)
    cols[2].button(_("Next"), on_click=_on_slide, args=(1, total), key="projector_next", disabled=index >= total - 1,
                   icon=":material/arrow_forward:", use_container_width=True)
    if revealed:
        with st.container(border=True, key="projector_answer"):
            st.markdown("### " + escape_markdown(material.pgettext("the right answer of a drill", "Answer") + ": " + answer_text(drill, state, material)))
            st.markdown("\n".join(f"- {escape_markdown(line)}" for line in explanation(drill, state, material)))


def draw() -> None:
    """Draws the whole classroom page."""
    t = session.tr()
    _ = t.gettext
    _init()
    _widget(st.toggle, PROJECTOR, _("Projector mode"),
            help=_("Large cards, one position at a time; reveal the answer and its reason when the class is ready."))
    material = translator(st.session_state[LANGUAGE])
    if st.session_state[PROJECTOR]:
        drills = lesson_drills(st.session_state[VARIANT], st.session_state[TOPICS_KEY], st.session_state[COUNT])
        if drills:
            _projector(drills, t, material)
        return
    st.markdown(_("Prepare a lesson in a few minutes: pick the variant, the language and the topics, then print the "
                  "handout, show the positions on the projector and share the quiz link."))
    _settings(t)
    drills = lesson_drills(st.session_state[VARIANT], st.session_state[TOPICS_KEY], st.session_state[COUNT])
    if not drills:
        st.info(_("There are no positions for these topics yet."), icon=":material/info:")
        return
    st.markdown(escape_markdown(_("Positions in this lesson: {titles}").format(
        titles="; ".join(title_text(d, material) for d in drills))))
    _handout(drills, t, material)
    _quiz(drills, t)
