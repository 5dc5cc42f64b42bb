"""The Learn page's Streamlit side: the lesson list with progress, and the lesson player.

Every change of state goes through a callback into ``ui.learn.lesson`` (pure functions over a
plain dict in ``st.session_state``). Scenario texts are English msgids, translated here at
display time; every other text is a literal gettext call. Card markup comes from
``ui.present.cards`` (which escapes what it places); other text goes through Markdown escaping.
"""
from __future__ import annotations

from functools import lru_cache

import streamlit as st

from engine.moves import Move, parse_move
from engine.rules import apply_move, check
from engine.ruleset import load_ruleset
from engine.scenario import Scenario, ScenarioError, Step, lessons_of, load_scenarios
from engine.state import State
from ui.learn import lesson as ls
from ui.learn.progress import ProgressCodeError, progress_code, read_progress_code
from ui.present.cards import card_label, card_short, card_svg, hand_html, suit_word
from ui.present.grammar import capitalise
from ui.present.i18n import N_, Translator
from ui.present.reasons import (
    card_text, describe_event, describe_verdict, player, player_placeholders, wish_rank_text,
)
from ui.present.rules_text import escape_markdown
from ui.shell import session

STARS = "learn_stars"          # lesson id -> best stars earned in this session
RUN = "learn_run"              # the lesson being played (ui.learn.lesson.Run) or None
CODE_INPUT = "learn_code_input"
CODE_MESSAGE = "learn_code_message"

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
}
# Ruleset note topics shown with a lesson's topics (RULES.md: show the interpretations).
NOTE_TOPICS = {"four": ("sit_out",), "hu_felso": ("wish",), "hu_also": ("wish", "hu_also"),
               "hu_seven": ("wish",), "hu_ace": ("wish",)}


@lru_cache(maxsize=1)
def all_lessons() -> tuple[Scenario, ...]:
    """Every lesson shipped (read once per process: immutable data, the same for every user)."""
    return load_scenarios()


def lesson_by_id(lesson_id: str | None) -> Scenario | None:
    return next((s for s in all_lessons() if s.id == lesson_id), None)


def _md(text: str) -> str:
    return escape_markdown(text)


def star_line(count: int) -> str:
    """Three star icons, ``count`` of them filled."""
    return " ".join([":material/star:"] * count + [":material/star_outline:"] * (3 - count))


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
    run = dict(run)
    action(lesson, run, *args)
    st.session_state[RUN] = run
    if run["finished"]:
        best = dict(st.session_state.get(STARS, {}))
        best[lesson.id] = max(best.get(lesson.id, 0), ls.lesson_stars(run))
        st.session_state[STARS] = best


def _toggle(card: str) -> None:
    _with_run(ls.toggle_card, card)


def _calls_key(run: dict) -> str:
    return f"learn_calls_{run['lesson']}_{run['step']}"


def _submit(kind: str, wish: tuple[str, str] | None = None) -> None:
    run = st.session_state.get(RUN)
    if not run:
        return
    if kind == "play":
        if not run["selected"]:
            return
        calls = tuple(st.session_state.get(_calls_key(run), ()) or ())
        text = ls.play_text(run["selected"], wish, calls)
    else:
        text = kind
    _with_run(ls.submit, text)


def _hint() -> None:
    _with_run(lambda lesson, run: ls.take_hint(run))


def _show() -> None:
    _with_run(lambda lesson, run: ls.show_me(run))


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
    """Says a move in words: "Play 7♥ and demand 7, saying makao"; "Draw"; "Wait"; "Pass"."""
    _ = t.gettext
    deck = st.rules.deck
    if move.kind == "draw":
        return _("Draw")
    if move.kind == "wait":
        return _("Wait")
    if move.kind == "pass":
        return _("Pass (keep the drawn card)")
    cards = " ".join(card_text(deck.name(c), deck.art, t) for c in move.cards)
    text = _("Play {cards}").format(cards=cards)
    if move.demand not in (None, "none"):
        text += ", " + _("demand {rank}").format(rank=wish_rank_text(move.demand, deck.art, t))
    if move.suit not in (None, "none"):
        text += ", " + _("wish for {suit}").format(suit=suit_word(move.suit, deck.art, t))
    if move.makao:
        text += ", " + _("saying \"makao\"")
    if move.kakao:
        text += ", " + _("saying \"kakaó\"")
    return text


def _status(st: State, t: Translator) -> list[str]:
    _ = t.gettext
    deck = st.rules.deck.art
    lines = []
    if st.attack is not None:
        if st.attack.kind == "draw":
            lines.append(t.ngettext("Attack: {amount} card to draw.", "Attack: {amount} cards to draw.",
                                    st.attack.amount).format(amount=st.attack.amount))
        else:
            lines.append(t.ngettext("Attack: {amount} turn to sit out.", "Attack: {amount} turns to sit out.",
                                    st.attack.amount).format(amount=st.attack.amount))
    if st.wish is not None:
        who = player_placeholders("who", st.wish.by, t)
        if st.wish.kind == "rank":
            lines.append(capitalise(_("Demand of {who}: {rank}.").format(**who, rank=wish_rank_text(st.wish.value, deck, t))))
        else:
            lines.append(capitalise(_("Wish of {who}: {suit}.").format(**who, suit=suit_word(st.wish.value, deck, t))))
    for seat, left in enumerate(st.waiting):
        if left:
            lines.append(capitalise(t.ngettext("{who} sits out {left} more turn.", "{who} sits out {left} more turns.",
                                    left).format(**player_placeholders("who", seat, t), left=left)))
    return lines


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
                text.markdown(star_line(earned[lesson.id]) + "  " + _md(line))
            else:
                text.caption(line)
            action.button(_("Start") if lesson.id not in earned else _("Again"), key=f"learn_start_{lesson.id}",
                          icon=":material/play_arrow:", on_click=_start, args=(lesson.id,), width="stretch")
    progress_box(t)


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

def _hand_row(cards: list[str | None], deck: str, t: Translator, label: str, highlights=None, width: int = 56) -> None:
    st.markdown(hand_html(cards, deck, four_colour=session.four_colour(), width=width, overlap=0.35, highlights=highlights, translations=t,
                          aria_label=label), unsafe_allow_html=True)


def draw_table(lesson: Scenario, st_: State, t: Translator) -> None:
    """The other players' hands (open or face down), the pile's top card and the deck."""
    _ = t.gettext
    deck = st_.rules.deck
    for seat, hand in enumerate(st_.hands):
        if seat == lesson.learner:
            continue
        name = player(seat, t)
        count = t.ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand))
        marks = []
        if seat in st_.finished:
            marks.append(_("out"))
        if seat == st_.to_move and not st_.over:
            marks.append(_("to move"))
        extra = f" — {', '.join(marks)}" if marks else ""
        st.caption(f"{_md(name[:1].upper() + name[1:])} · {count}{_md(extra)}")
        cards = [deck.name(c) if lesson.view == "open" else None for c in hand]
        if cards:
            _hand_row(cards, deck.art, t, name, width=44)
    pile_col, info_col = st.columns([1, 3], vertical_alignment="center")
    top = deck.name(st_.top)
    pile_col.markdown(card_svg(top, deck.art, four_colour=session.four_colour(), width=84, label=card_label(top, deck.art, t)), unsafe_allow_html=True)
    lines = [_("Top card: {card}").format(card=card_text(top, deck.art, t)),
             t.ngettext("Deck: {count} card", "Deck: {count} cards", len(st_.deck)).format(count=len(st_.deck))]
    lines += _status(st_, t)
    info_col.markdown("  \n".join(_md(line) for line in lines))


def _explain_script(lesson: Scenario, step: Step, before: State, t: Translator) -> list[str]:
    move = parse_move(step.move, before.rules.deck)
    verdict = check(before, move)
    events = apply_move(before, move, verdict)[1]
    deck = before.rules.deck.art
    lines = [describe_verdict(verdict, deck, t)]
    lines += [describe_event(e, deck, t) for e in events if e.kind != "turn"]
    return lines


def _feedback(lesson: Scenario, run: dict, before: State, t: Translator) -> None:
    _ = t.gettext
    fb = run["feedback"]
    if not fb:
        return
    deck = before.rules.deck.art
    move = parse_move(fb["move"], before.rules.deck)
    verdict = check(before, move)
    why = describe_verdict(verdict, deck, t)
    if fb["verdict"] == "right":
        events = apply_move(before, move, verdict)[1]
        happened = " ".join(describe_event(e, deck, t) for e in events if e.kind != "turn")
        st.success(_md(_("Right! {why}").format(why=why)) + ("  \n" + _md(happened) if happened else ""),
                   icon=":material/check_circle:")
    elif fb["verdict"] == "wrong":
        text = _md(_("Not quite. {why}").format(why=why))
        if fb["remark"]:
            text += "  \n" + _md(_(fb["remark"]))
        text += "  \n" + _md(_("The cards you may play are marked green. Try again."))
        st.error(text, icon=":material/cancel:")
    else:
        st.warning(_md(_("That move is allowed ({why}), but this step practises something else. Read the task and try again.").format(why=why)),
                   icon=":material/info:")


def _hand_and_actions(lesson: Scenario, run: dict, before: State, t: Translator) -> None:
    _ = t.gettext
    deck = before.rules.deck
    hand = [deck.name(c) for c in before.hands[lesson.learner]]
    selected = run["selected"]
    legal = ls.playable_cards(before) if run["show_legal"] else set()
    highlights = []
    for card in hand:
        if card in selected:
            highlights.append("selected")
        elif run["show_legal"]:
            highlights.append("legal" if card in legal else "illegal")
        else:
            highlights.append(None)
    st.markdown("**" + _md(_("Your hand")) + "**")
    columns = st.columns(max(len(hand), 1))
    for column, card, mark in zip(columns, hand, highlights):
        column.markdown(card_svg(card, deck.art, four_colour=session.four_colour(), width=60, highlight=mark, label=card_label(card, deck.art, t)),
                        unsafe_allow_html=True)
        column.button(card_short(card, deck.art), key=f"learn_card_{card}", on_click=_toggle, args=(card,),
                      type="primary" if card in selected else "secondary", width="stretch")
    calls = [c for c in ("makao", "kakao") if (call := before.rules.call(c)) is not None and call.required]
    if calls:
        labels = {c: _("Say \"{word}\"").format(word=before.rules.calls[c].word) for c in calls}
        st.pills(_("Calls"), calls, selection_mode="multi", format_func=labels.__getitem__, key=_calls_key(run))
    wish = ls.wish_of(before, selected[-1]) if selected else None
    if wish is not None:
        kind, choices, optional = wish
        st.markdown(_md(_("Choose the rank to demand:") if kind == "rank" else _("Choose the suit to wish for:")))
        options = list(choices) + (["none"] if optional else [])
        cols = st.columns(len(options))
        for col, value in zip(cols, options):
            if value == "none":
                label = _("No wish")
            elif kind == "rank":
                label = wish_rank_text(value, deck.art, t)
            else:
                label = suit_word(value, deck.art, t)
            col.button(label, key=f"learn_wish_{value}", on_click=_submit, args=("play", (kind, value)), width="stretch")
    actions = st.columns(4)
    if wish is None:
        actions[0].button(_("Play"), key="learn_play", icon=":material/play_arrow:", type="primary",
                          disabled=not selected, on_click=_submit, args=("play",), width="stretch")
    actions[1].button(_("Draw"), key="learn_draw", icon=":material/add_card:", on_click=_submit, args=("draw",),
                      width="stretch")
    actions[2].button(_("Wait"), key="learn_wait", icon=":material/hourglass_empty:", on_click=_submit,
                      args=("wait",), width="stretch")
    if before.drawn is not None:
        actions[3].button(_("Pass"), key="learn_pass", icon=":material/skip_next:", on_click=_submit,
                          args=("pass",), width="stretch")


def player_view(lesson: Scenario, run: dict, t: Translator) -> None:
    """Draws the lesson being played: table, narration, the learner's hand and the feedback."""
    _ = t.gettext
    deck = load_ruleset(lesson.variant).deck.art
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
    draw_table(lesson, shown, t)
    if step.narration:
        st.markdown(_md(_(step.narration)))
    if step.kind == "script":
        st.markdown("\n".join("- " + _md(line) for line in _explain_script(lesson, step, before, t)))
    if step.kind == "learner" and not run["solved"]:
        _feedback(lesson, run, before, t)
        _hand_and_actions(lesson, run, before, t)
        help_cols = st.columns(2)
        if step.hint:
            help_cols[0].button(_("Hint"), key="learn_hint", icon=":material/lightbulb:", on_click=_hint,
                                width="stretch")
        help_cols[1].button(_("Show me"), key="learn_show", icon=":material/visibility:", on_click=_show,
                            width="stretch")
        if run["hint_shown"] and step.hint:
            st.info(_md(_(step.hint)), icon=":material/lightbulb:")
        if run["shown"]:
            st.info(_md(_("The answer: {move}.").format(move=move_words(ls.shown_answer(lesson, run), before, t))),
                    icon=":material/visibility:")
        return
    if step.kind == "learner":
        _feedback(lesson, run, before, t)
        mine = [shown.rules.deck.name(c) for c in shown.hands[lesson.learner]]
        if mine:
            _hand_row(mine, deck, t, _("Your hand"))
    last = run["step"] + 1 >= total
    st.button(_("Finish") if last else _("Next"), key="learn_next", icon=":material/arrow_forward:", type="primary",
              on_click=_next)


def complete_view(lesson: Scenario, run: dict, t: Translator) -> None:
    """The lesson-complete screen: stars, mistakes and hints, the summary, what next."""
    _ = t.gettext
    earned = ls.lesson_stars(run)
    st.success(_md(_("Lesson complete!")), icon=":material/emoji_events:")
    st.markdown("### " + star_line(earned))
    st.markdown(_md(t.ngettext("You earned {count} star", "You earned {count} stars", earned).format(count=earned)
                    + " · " + t.ngettext("{count} mistake", "{count} mistakes", run["mistakes"]).format(count=run["mistakes"])
                    + " · " + t.ngettext("{count} hint", "{count} hints", run["hints"]).format(count=run["hints"])))
    if lesson.summary:
        st.markdown("> " + _md(_(lesson.summary)))
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


def learn_page() -> None:
    """Draws the Learn page: the lesson being played, or the list of lessons."""
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
