"""The Learn page's Streamlit side: the lesson list with progress, and the lesson player.

Every change of state goes through a callback into ``ui.learn.lesson`` (pure functions over a
plain dict in ``st.session_state``). Scenario texts are English msgids, translated here at
display time; every other text is a literal gettext call. Card markup comes from
``ui.present.cards`` (which escapes what it places); other text goes through Markdown escaping.
"""
from __future__ import annotations

import html
from functools import lru_cache

import streamlit as st

from engine.moves import Move, parse_move
from engine.rules import apply_move, check
from engine.ruleset import load_ruleset
from engine.scenario import Scenario, ScenarioError, Step, lessons_of, load_scenarios
from engine.state import State
from engine.verdicts import Reason
from ui.learn import lesson as ls
from ui.learn.table import lesson_table
from ui.learn.progress import ProgressCodeError, progress_code, read_progress_code
from ui.present.i18n import N_, Translator
from ui.present.lesson_text import describe_mismatch
from ui.present.move_text import move_words as words_of_move
from ui.present.reasons import describe_event, describe_verdict
from ui.present.rules_text import escape_markdown
from ui.shell import handoff, learner, session
from ui.shell.pages import LEARN_SCRIPT
from ui.widgets.card_table import card_table

STARS = "learn_stars"          # lesson id -> best stars earned in this session
RUN = "learn_run"              # the lesson being played (ui.learn.lesson.Run) or None
CODE_INPUT = "learn_code_input"
CODE_MESSAGE = "learn_code_message"
LEVEL = "learn_level"          # the help setting: BEGINNER lights the playable cards from the start
LEVEL_PICKER = "_learn_level_picker"
BEGINNER, PLAYER = "beginner", "player"

TOPIC_NAMES = {
    "matching": N_("Matching"),
    "drawing": N_("Drawing"),
    "several_cards": N_("Several cards at once"),
    "two_three": N_("2s and 3s"),
    "battle_kings": N_("Battle kings"),
    "four": N_("The four"),
    "jack": N_("The jack"),
    "queen": N_("The queen"),
    "ace": N_("The ace"),
    "makao_call": N_("The last-card call"),
    "end_of_round": N_("The end of the round"),
    "hu_seven": N_("The VII"),
    "hu_ace": N_("The ace (ász)"),
    "hu_felso": N_("The felső"),
    "hu_also": N_("The alsó"),
    "cover": N_("Cover the nine"),
    "reverse": N_("Reversing the direction"),
}
# Ruleset note topics shown with a lesson's topics (RULES.md: show the interpretations).
NOTE_TOPICS = {"cover": ("nine", "nine_last_card"), "four": ("sit_out",), "hu_felso": ("wish",),
               "hu_also": ("wish", "hu_also"), "hu_seven": ("wish",), "hu_ace": ("wish",),
               "reverse": ("reverse", "reverse_two_players")}


@lru_cache(maxsize=1)
def all_lessons() -> tuple[Scenario, ...]:
    """Every lesson shipped (read once per process: immutable data, the same for every user)."""
    return load_scenarios()


def lesson_by_id(lesson_id: str | None) -> Scenario | None:
    return next((s for s in all_lessons() if s.id == lesson_id), None)


def _md(text: str) -> str:
    return escape_markdown(text)


_STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z"


def star_text(count: int, t: Translator) -> str:
    """The stars in words: "2 of 3 stars"."""
    return t.gettext("{count} of 3 stars").format(count=count)


def stars_html(count: int, t: Translator, size: int = 20) -> str:
    """Three stars, ``count`` filled and the rest outlined, with the count in words beside them.

    Shape and words carry the meaning, not colour alone: an earned star is filled, a missing
    one an outline, and the text says "2 of 3 stars"."""
    icons = []
    for index in range(3):
        earned = index < count
        icons.append(
            f'<svg class="mk-star {"is-earned" if earned else "is-missing"}" width="{size}" height="{size}" '
            f'viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="{_STAR}" '
            f'fill="{"#b8860b" if earned else "none"}" stroke="#6b5200" stroke-width="1.6" '
            'stroke-linejoin="round"/></svg>')
    words = html.escape(star_text(count, t))
    return (f'<span class="mk-stars" data-stars="{count}" role="img" aria-label="{words}" '
            f'style="display:inline-flex;align-items:center;gap:2px;vertical-align:middle">{"".join(icons)}'
            f'<span aria-hidden="true" style="margin-left:6px;font-size:0.9em">{words}</span></span>')


def star_line(count: int) -> str:
    """Three star icons as Markdown, ``count`` of them filled (for places where HTML is not drawn)."""
    return " ".join([":material/star:"] * count + [":material/star_border:"] * (3 - count))


# ---------------------------------------------------------------------------- callbacks

def _start(lesson_id: str) -> None:
    lesson = lesson_by_id(lesson_id)
    if lesson is not None:
        st.session_state[RUN] = ls.new_run(lesson)


def _leave() -> None:
    st.session_state[RUN] = None


def _with_run(action, *args) -> None:
    run = st.session_state.get(RUN)
    lesson = lesson_by_id(run["lesson"]) if run else None
    if lesson is None:
        return
    before = dict(run)
    run = dict(run)
    action(lesson, run, *args)
    st.session_state[RUN] = run
    _review_card(lesson, before, run)
    if run["finished"]:
        best = dict(st.session_state.get(STARS, {}))
        best[lesson.id] = max(best.get(lesson.id, 0), ls.lesson_stars(run))
        st.session_state[STARS] = best
        learner.lesson_finished(st.session_state, lesson.id, ls.lesson_stars(run))


def _review_card(lesson: Scenario, before: dict, after: dict) -> None:
    """A learner step solved at once, or tried wrong, becomes a review card (docs/LEARNING.md)."""
    step = ls.step_of(lesson, before)
    if step.kind != "learner" or before["solved"]:
        return
    if after["mistakes"] > before["mistakes"]:
        learner.lesson_step(st.session_state, lesson, ls.state_before(lesson, before), step, False,
                            (after["feedback"] or {}).get("move"))
    elif after["solved"] and not before["show_legal"] and not after["shown"]:   # right at the first try
        learner.lesson_step(st.session_state, lesson, ls.state_before(lesson, before), step, True)


def _hint() -> None:
    _with_run(ls.take_hint)


def _show() -> None:
    _with_run(ls.show_me)


def _next() -> None:
    _with_run(ls.next_step)


def _load_code() -> None:
    try:
        loaded = read_progress_code(st.session_state.get(CODE_INPUT, ""), all_lessons())
    except ProgressCodeError as exc:
        st.session_state[CODE_MESSAGE] = ("error", exc.problem, 0)
        return
    best = dict(st.session_state.get(STARS, {}))
    for lesson_id, count in loaded.items():
        best[lesson_id] = max(best.get(lesson_id, 0), count)
    st.session_state[STARS] = best
    st.session_state[CODE_MESSAGE] = ("success", "", len(loaded))


# ---------------------------------------------------------------------------- words

def topic_names(lesson: Scenario, t: Translator) -> str:
    return t.format_list([t.gettext(TOPIC_NAMES[topic]) for topic in lesson.topics])


def move_words(move: Move, st: State, t: Translator) -> str:
    """Says a move in words: "Play 7♥, demand 7, saying "makao""; "Draw"; "Wait"; "Pass"."""
    return words_of_move(move, st.rules.deck, t)


# ---------------------------------------------------------------------------- lesson list

def lesson_list(t: Translator) -> None:
    """Draws the lessons of the session's variant with the stars earned, and the progress code."""
    _ = t.gettext
    variant = session.variant()
    ruleset = load_ruleset(variant)
    lessons = lessons_of(variant, all_lessons())
    earned = st.session_state.get(STARS, {})
    if not lessons:
        st.info(_md(_("There are no lessons for {name} yet. Choose another variant in the sidebar: every lesson "
                      "is written for one variant's rules.").format(name=_(ruleset.name))), icon=":material/info:")
        variant_progress(t)
        progress_box(t)
        return
    done = sum(1 for lesson in lessons if lesson.id in earned)
    st.markdown(_("Lessons for **{name}**, in teaching order. Change the variant in the sidebar.").format(
        name=_md(_(ruleset.name))))
    st.progress(done / max(1, len(lessons)), text=t.ngettext(
        "{done} of {total} lesson done", "{done} of {total} lessons done", len(lessons)).format(
        done=done, total=len(lessons)))
    for number, lesson in enumerate(lessons, start=1):
        with st.container(border=True):
            text, action = st.columns([4, 1], vertical_alignment="center")
            text.markdown(f"**{number}. {_md(_(lesson.title))}**  \n{_md(_(lesson.goal))}")
            line = _("Topics: {topics}").format(topics=topic_names(lesson, t))
            if lesson.id in earned:
                text.markdown(stars_html(earned[lesson.id], t) + " &nbsp; " + html.escape(line),
                              unsafe_allow_html=True)
            else:
                text.markdown(stars_html(0, t) + " &nbsp; " + html.escape(_("not done yet")) + " · "
                              + html.escape(line), unsafe_allow_html=True)
            action.button(_("Start") if lesson.id not in earned else _("Again"), key=f"learn_start_{lesson.id}",
                          icon=":material/play_arrow:", on_click=_start, args=(lesson.id,), width="stretch")
    variant_progress(t)
    progress_box(t)


def variant_progress(t: Translator) -> None:
    """Stars and lessons done per variant, at a glance."""
    _ = t.gettext
    earned = st.session_state.get(STARS, {})
    st.subheader(_("Progress per variant"), anchor="per-variant")
    rows = []
    for variant_id in session.available_variants():
        lessons = lessons_of(variant_id, all_lessons())
        if not lessons:
            continue
        done = sum(1 for lesson in lessons if lesson.id in earned)
        stars_won = sum(earned.get(lesson.id, 0) for lesson in lessons)
        name = html.escape(_(load_ruleset(variant_id).name))
        lessons_text = html.escape(t.ngettext("{done} of {total} lesson done", "{done} of {total} lessons done",
                                              len(lessons)).format(done=done, total=len(lessons)))
        stars_text = html.escape(t.ngettext("{count} of {total} star", "{count} of {total} stars",
                                            3 * len(lessons)).format(count=stars_won, total=3 * len(lessons)))
        rows.append(f"<li><strong>{name}</strong>: {lessons_text} · {stars_text}</li>")
    st.markdown('<ul class="mk-variant-progress">' + "".join(rows) + "</ul>", unsafe_allow_html=True)


def progress_box(t: Translator) -> None:
    """The progress code to copy, and a field to paste one back."""
    _ = t.gettext
    st.subheader(_("Your progress"), anchor="progress")
    code = progress_code(st.session_state.get(STARS, {}), all_lessons())
    st.markdown(_("Copy this code to keep your stars; paste it here later to get them back."))
    st.code(code, language=None)
    st.text_input(_("Progress code"), key=CODE_INPUT, placeholder="MK1:pl=3…:..")
    st.button(_("Load progress code"), key="learn_code_load", icon=":material/upload:", on_click=_load_code)
    message = st.session_state.get(CODE_MESSAGE)
    if message:
        kind, problem, count = message
        if kind == "error":
            texts = {
                "empty": _("Paste a progress code first."),
                "too_long": _("This is too long to be a progress code."),
                "format": _("This is not a progress code. A code looks like MK1:pl=332:5e."),
                "checksum": _("This progress code is damaged: a character is missing or wrong. Copy it again."),
            }
            st.error(texts.get(problem, texts["format"]), icon=":material/error:")
        else:
            st.success(t.ngettext("Progress loaded: {count} lesson.", "Progress loaded: {count} lessons.",
                                  count).format(count=count), icon=":material/check_circle:")


# ---------------------------------------------------------------------------- player

def _explain_script(lesson: Scenario, step: Step, before: State, t: Translator) -> list[str]:
    move = parse_move(step.move, before.rules.deck)
    verdict = check(before, move)
    events = apply_move(before, move, verdict)[1]
    deck = before.rules.deck
    lines = [describe_verdict(verdict, deck, t, lesson.learner)]
    lines += [describe_event(e, deck, t, lesson.learner) for e in events if e.kind != "turn"]
    return lines


def _feedback(lesson: Scenario, run: dict, before: State, t: Translator) -> None:
    _ = t.gettext
    fb = run["feedback"]
    if not fb:
        return
    deck = before.rules.deck
    move = parse_move(fb["move"], deck)
    verdict = check(before, move)
    why = describe_verdict(verdict, deck, t, lesson.learner)
    if fb["verdict"] == "right":
        events = apply_move(before, move, verdict)[1]
        happened = " ".join(describe_event(e, deck, t, lesson.learner) for e in events if e.kind != "turn")
        st.success(_md(_("Right! {why}").format(why=why)) + ("  \n" + _md(happened) if happened else ""),
                   icon=":material/check_circle:")
    elif fb["verdict"] == "wrong":
        text = _md(_("Not quite. {why}").format(why=why))
        if fb["remark"]:
            text += "  \n" + _md(_(fb["remark"]))
        text += "  \n" + _md(_("The cards you may play are now lit and marked \"may be played\". Try again."))
        st.error(text, icon=":material/cancel:")
    else:
        mismatch = fb.get("mismatch")
        missed = describe_mismatch(Reason(mismatch["code"], mismatch["params"]), deck, t) if mismatch else ""
        st.warning(_md(missed) + "  \n" + _md(_("That move is allowed, so it is no mistake: try again.")),
                   icon=":material/info:")


def _on_table(action: dict) -> None:
    _with_run(ls.act, action)


def lighting() -> bool:
    """Whether the learner's playable cards are lit from the start (the beginner setting)."""
    return st.session_state.get(LEVEL, BEGINNER) == BEGINNER


def _level_picker(t: Translator) -> None:
    _ = t.gettext
    # The choice lives in LEVEL; the widget's own key is forgotten on steps that do not draw it.
    st.session_state[LEVEL_PICKER] = st.session_state.get(LEVEL, BEGINNER)
    st.radio(
        _("Help"), [BEGINNER, PLAYER], key=LEVEL_PICKER, horizontal=True,
        on_change=lambda: st.session_state.__setitem__(LEVEL, st.session_state[LEVEL_PICKER]),
        format_func=lambda v: _("Beginner: playable cards lit") if v == BEGINNER else _("Player: find them yourself"),
        help=_("As a beginner, the cards you may play are lit from the start; as a player, only after a mistake."),
    )


def _hints(lesson: Scenario, run: dict, t: Translator) -> None:
    """The step's hint levels revealed so far, gentlest first, and the Hint / Show me buttons."""
    _ = t.gettext
    step = ls.step_of(lesson, run)
    for number, text in enumerate(ls.hint_levels(lesson, run), start=1):
        st.info(_md(_("Hint {number}: {text}").format(number=number, text=_(text))), icon=":material/lightbulb:")
    if run["shown"]:
        before = ls.state_before(lesson, run)
        st.info(_md(_("The answer: {move}.").format(move=move_words(ls.shown_answer(lesson, run), before, t))),
                icon=":material/visibility:")
    help_cols = st.columns(2)
    if ls.more_hints(lesson, run):
        first = run["hint_level"] == 0
        label = _("Hint") if first else _("Another hint")
        note = (_("The first hint is free.") if first else
                _("This hint costs a star (once per step).") if ls.next_hint_costs(lesson, run) else
                _("You already paid a star for help at this step."))
        help_cols[0].button(label, key="learn_hint", icon=":material/lightbulb:", on_click=_hint, width="stretch",
                            help=note)
    elif step.hints:
        help_cols[0].caption(_("No more hints at this step."))
    if not run["shown"]:
        help_cols[1].button(_("Show me"), key="learn_show", icon=":material/visibility:", on_click=_show,
                            width="stretch", help=_("Shows the answer; it costs a star (once per step)."))


def player_view(lesson: Scenario, run: dict, t: Translator) -> None:
    """Draws the lesson being played: the narration, the table with the learner's hand, feedback and hints."""
    _ = t.gettext
    top_left, top_right = st.columns([3, 1], vertical_alignment="center")
    top_left.subheader(_(lesson.title), anchor=False)
    top_right.button(_("All lessons"), key="learn_back", icon=":material/arrow_back:", on_click=_leave,
                     width="stretch")
    if run["finished"]:
        complete_view(lesson, run, t)
        return
    st.info(_md(_("Goal: {goal}").format(goal=_(lesson.goal))), icon=":material/flag:")
    total = len(lesson.steps)
    st.progress(run["step"] / total, text=_("Step {number} of {total}").format(number=run["step"] + 1, total=total))
    step = ls.step_of(lesson, run)
    before = ls.state_before(lesson, run)
    shown = ls.table_state(lesson, run)
    playing = step.kind == "learner" and not run["solved"]
    if step.narration:
        st.markdown("**" + _md(_(step.narration)) + "**")
    if step.kind == "script":
        st.markdown("\n".join("- " + _md(line) for line in _explain_script(lesson, step, before, t)))
    if step.kind == "learner":
        # Feedback and hints sit above the table, where the eye is after a move (walkthrough defect 9).
        _feedback(lesson, run, before, t)
        if playing:
            _hints(lesson, run, t)
    card_table(lesson_table(lesson, run, shown, t, playing=playing, lighting=lighting(),
                            four_colour=session.four_colour()),
               key=f"learn_table_{lesson.id}", on_action=_on_table)
    if playing:
        _level_picker(t)
        return
    last = run["step"] + 1 >= total
    st.button(_("Finish") if last else _("Next"), key="learn_next", icon=":material/arrow_forward:", type="primary",
              on_click=_next)


def complete_view(lesson: Scenario, run: dict, t: Translator) -> None:
    """The lesson-complete screen: stars, mistakes and hints, the summary, what next."""
    _ = t.gettext
    earned = ls.lesson_stars(run)
    st.success(_md(_("Lesson complete!")), icon=":material/emoji_events:")
    st.markdown(stars_html(earned, t, size=36), unsafe_allow_html=True)
    st.markdown(_md(t.ngettext("You earned {count} star", "You earned {count} stars", earned).format(count=earned)
                    + " · " + t.ngettext("{count} mistake", "{count} mistakes", run["mistakes"]).format(count=run["mistakes"])
                    + " · " + t.ngettext("{count} hint", "{count} hints", run["hints"]).format(count=run["hints"])))
    if lesson.summary:
        # Not a Markdown quote: Streamlit draws quotes in faded grey, below the contrast axe asks for.
        st.info(_md(_(lesson.summary)), icon=":material/school:")
    notes = interpretation_notes(lesson)
    if notes:
        with st.expander(_("How this app reads the rules"), icon=":material/gavel:"):
            st.markdown("\n".join("- " + _md(_(text)) for text in notes))
    lessons = lessons_of(lesson.variant, all_lessons())
    following = [s for s in lessons if s.order > lesson.order]
    cols = st.columns(3)
    cols[0].button(_("Try again"), key="learn_restart", icon=":material/replay:", on_click=_start, args=(lesson.id,),
                   width="stretch")
    if following:
        cols[1].button(_("Next lesson"), key="learn_next_lesson", icon=":material/arrow_forward:", type="primary",
                       on_click=_start, args=(following[0].id,), width="stretch")
    cols[2].button(_("All lessons"), key="learn_done_back", icon=":material/list:", on_click=_leave, width="stretch")


def interpretation_notes(lesson: Scenario) -> list[str]:
    """The ruleset's interpretation notes on this lesson's topics (English msgids)."""
    wanted = set(lesson.topics)
    for topic in lesson.topics:
        wanted.update(NOTE_TOPICS.get(topic, ()))
    return [note.text for note in load_ruleset(lesson.variant).notes if note.topic in wanted]


def start_handed_lesson() -> None:
    """Starts the first lesson of the session's variant when another page asked for it (Home's "start here")."""
    payload = handoff.take(LEARN_SCRIPT, st.session_state)
    if payload is None:
        return
    lessons = lessons_of(session.variant(), all_lessons())
    if payload.get("start") != "first":   # the path's next step names its lesson
        lessons = tuple(lesson for lesson in lessons if lesson.id == payload.get("start"))
    if lessons:                       # a variant without lessons shows the list, which says so
        st.session_state[RUN] = ls.new_run(lessons[0])


def learn_page() -> None:
    """Draws the Learn page: the lesson being played, or the list of lessons."""
    start_handed_lesson()
    t = session.tr()
    run = st.session_state.get(RUN)
    lesson = lesson_by_id(run["lesson"]) if run else None
    if lesson is not None and lesson.variant != session.variant():
        lesson = None  # the variant changed in the sidebar: back to its lessons
    if lesson is None:
        lesson_list(t)
    else:
        player_view(lesson, run, t)


def draw() -> None:
    """Draws the Learn page; lessons that cannot be read give a message, not a traceback."""
    try:
        learn_page()
    except ScenarioError:
        st.error(session.tr().gettext("The lessons cannot be read right now. Please try again later."))


__all__ = ["draw", "learn_page", "lesson_list", "player_view", "move_words", "star_line", "STARS", "RUN"]
