"""The Switching tables page: "I play X, the table plays Y" — the engine finds the positions
where a habit from home is wrong at the new table, and the learner plays through them.

Everything the page keeps is in ``st.session_state`` (the pair, the search's report, the run);
the report is built once per pair and session. Rules are never decided here: the lesson model
(``ui.switch.model``) asks the engine, and ``ui.present.switch_text`` says it in words.
"""
from __future__ import annotations

import streamlit as st

from engine.cards import DeckKind
from engine.moves import Move, format_move, parse_move
from engine.position import encode_share_code
from engine.rules import legal_moves
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from engine.state import State
from engine.witness import WitnessReport, find_witnesses
from ui.present.cards import card_label, card_svg, hand_html, suit_word
from ui.present.i18n import Translator
from ui.present.reasons import card_text, player, wish_rank_text
from ui.present.rules_text import escape_markdown
from ui.present.switch_text import (
    deck_map_lines,
    feedback,
    hint,
    home_names,
    move_text,
    prompt,
    said_in_words,
)
from ui.present.widget_text import choose_one
from ui.shell import house_rules, session
from ui.shell.pages import SANDBOX_SCRIPT
from ui.switch import model
from ui.switch.sheet import sheet_html, sheet_pdf, sheet_title, status_lines
from ui.widgets.choice import keep_choice

HOME_KEY, TABLE_KEY = "switch_home", "switch_table"
ALL_KEY = "switch_all"
REPORTS_KEY = "switch_reports"       # {(home id, table id): WitnessReport} of this session
RUN_KEY = "switch_run"
SHEETS_KEY = "switch_sheets"        # {(lesson id, language): PDF bytes}
BEST_KEY = "switch_best_stars"      # {"home>table": the best stars earned this session}
HOUSE = "house"


def _rulesets() -> dict[str, Ruleset]:
    """The rulesets to pick from: the shipped ones and this session's house rules."""
    out = {v: load_ruleset(v) for v in variant_ids()}
    house = house_rules.house_ruleset()
    if house is not None:
        out[HOUSE] = house
    return out


@st.cache_data(max_entries=32, show_spinner=False)
def _witnesses(home: Ruleset, table: Ruleset) -> WitnessReport:
    """The witness search of one pair of rulesets, shared by every session (it is seeded, so pure)."""
    return find_witnesses(home, table)


@st.cache_data(max_entries=16, show_spinner=False)
def _sheet_pdf(everything: model.SwitchLesson, language: str, _t: Translator, _report: WitnessReport) -> bytes:
    """The PDF sheet of one lesson in one language, shared by every session (the language keys ``_t``,
    the lesson keys its report)."""
    return sheet_pdf(everything, _t, _report)


def _report(home: Ruleset, table: Ruleset, home_id: str, table_id: str) -> WitnessReport:
    reports = st.session_state.setdefault(REPORTS_KEY, {})
    key = (home_id, table_id, hash(home), hash(table))
    if key not in reports:
        reports[key] = _witnesses(home, table)
    return reports[key]


def _reset() -> None:
    st.session_state.pop(RUN_KEY, None)


def _lesson(t: Translator) -> model.SwitchLesson | None:
    rulesets = _rulesets()
    home_id, table_id = st.session_state.get(HOME_KEY), st.session_state.get(TABLE_KEY)
    if home_id not in rulesets or table_id not in rulesets:
        return None
    home, table = rulesets[home_id], rulesets[table_id]
    with st.spinner(t.gettext("The engine is looking for the positions where the two tables differ…")):
        report = _report(home, table, home_id, table_id)
    if not report.comparable:
        st.warning(t.gettext("These two variants are played with different decks: pick two that share a deck."),
                   icon=":material/style:")
        return None
    _draw_deck_map(report, t)
    if not report.witnesses:
        st.info(t.gettext("Nothing to learn: the engine judges every move the same at both tables."),
                icon=":material/check_circle:")
        return None
    return model.build_lesson(report, everything=bool(st.session_state.get(ALL_KEY)))


def _draw_deck_map(report: WitnessReport, t: Translator) -> None:
    """Two decks (da → hu): how the learner's cards are the table's, and the rules without a position."""
    if report.deck_map is not None:
        st.info("  \n".join(escape_markdown(line) for line in deck_map_lines(report.deck_map, t)),
                icon=":material/style:")
    lines = said_in_words(report, t)
    if lines:
        with st.expander(":material/menu_book: " + t.gettext("In words: the differences with no position")):
            st.markdown("\n".join(f"- **{escape_markdown(title)}**: {escape_markdown(text)}" for title, text in lines))


def _run(lesson: model.SwitchLesson) -> dict:
    run = st.session_state.get(RUN_KEY)
    if run is None or run.get("lesson") != lesson.id:
        run = {**model.new_run(), "lesson": lesson.id}
        st.session_state[RUN_KEY] = run
    return run


def _on_move(text: str) -> None:
    lesson = st.session_state.get("switch_lesson")
    run = st.session_state.get(RUN_KEY)
    if lesson is not None and run is not None:
        model.submit(lesson, run, text)


def _on_hint() -> None:
    run = st.session_state.get(RUN_KEY)
    if run is not None:
        model.take_hint(run)


def _on_next() -> None:
    lesson, run = st.session_state.get("switch_lesson"), st.session_state.get(RUN_KEY)
    if lesson is not None and run is not None:
        model.next_step(lesson, run)


def _on_again() -> None:
    run = st.session_state.get(RUN_KEY)
    if run is not None:
        run.update({**model.new_run(), "lesson": run["lesson"]})


def _status(st_: State, t: Translator) -> list[str]:
    top = card_text(st_.top, st_.rules.deck, t)
    return [t.gettext("Top card: {card}").format(card=top), *status_lines(st_, t)]


def _draw_table(st_: State, learner: int, t: Translator) -> None:
    deck = st_.rules.deck
    four = session.four_colour()
    for seat, hand in enumerate(st_.hands):
        if seat == learner:
            continue
        name = player(seat, t)
        st.caption(escape_markdown(name[:1].upper() + name[1:]))
        if hand:
            st.markdown(hand_html(hand, deck, four_colour=four, width=44, overlap=0.35,
                                  translations=t, aria_label=name), unsafe_allow_html=True)
    pile_col, info_col = st.columns([1, 3], vertical_alignment="center")
    pile_col.markdown(card_svg(st_.top, deck, four_colour=four, width=84, label=card_label(st_.top, deck, t)),
                      unsafe_allow_html=True)
    info_col.markdown("  \n".join(escape_markdown(line) for line in _status(st_, t)))
    mine = list(st_.hands[learner])
    st.caption(t.gettext("Your hand"))
    st.markdown(hand_html(mine, deck, four_colour=four, width=64, overlap=0.1, translations=t,
                          aria_label=t.gettext("Your hand")), unsafe_allow_html=True)


def move_choices(lesson: model.SwitchLesson, step: model.SwitchStep, st_: State) -> list[str]:
    """The moves offered: every legal move at the table, and the habit from home."""
    moves = [format_move(m, lesson.table.deck) for m in legal_moves(st_)]
    if step.witness.move not in moves:
        moves.append(step.witness.move)
    return sorted(set(moves), key=lambda m: (m.split()[0] != "play", m))


def _move_label(move: Move, deck: DeckKind, t: Translator) -> str:
    label = move_text(move, deck, t)
    if move.demand is not None:
        label += " · " + (t.gettext("no demand") if move.demand == "none" else t.gettext("demand {rank}").format(
            rank=wish_rank_text(move.demand, deck, t)))
    if move.suit is not None:
        label += " · " + (t.gettext("no wish") if move.suit == "none" else t.gettext("wish {suit}").format(
            suit=suit_word(move.suit, deck, t)))
    if move.makao or move.kakao:
        label += " · " + t.gettext("with the last-card call")
    return label


def _stars(count: int) -> str:
    # Earned stars in colour: the icon font draws "star" and "star_outline" alike at small sizes.
    return " ".join(":orange[:material/star:]" if i < count else ":gray[:material/star_outline:]" for i in range(3))


def _draw_step(lesson: model.SwitchLesson, run: dict, t: Translator) -> None:
    step = model.current(lesson, run)
    st_ = model.table_state(lesson, run)
    deck = lesson.table.deck
    learner = step.scenario.learner
    st.progress((run["step"] + (1 if run["solved"] else 0)) / len(lesson.steps),
                text=t.gettext("Position {number} of {total}").format(number=run["step"] + 1, total=len(lesson.steps)))
    st.markdown(escape_markdown(prompt(learner, t.gettext(lesson.table.name), t)))
    if lesson.deck_map is not None:
        names = home_names([st_.top, *st_.hands[learner]], lesson.deck_map, t)
        st.caption(escape_markdown(names))
    frequency = step.witness.frequency
    if frequency.rounds:
        st.caption(t.ngettext(
            "This situation came up in {count} of {rounds} round the engine played at this table.",
            "This situation came up in {count} of {rounds} rounds the engine played at this table.",
            frequency.rounds).format(count=frequency.rounds_with, rounds=frequency.rounds))
    _draw_table(st_, learner, t)
    fb = run.get("feedback")
    if fb is not None:
        text = escape_markdown(feedback(fb, step.witness.home, step.witness.table, deck, t))
        if fb["result"] == "right":
            st.success(text, icon=":material/check_circle:")
        elif fb["result"] == "other":
            st.info(text, icon=":material/info:")
        else:
            st.error(text, icon=":material/cancel:")
    if lesson.table.id in variant_ids():   # the Sandbox opens shipped variants only
        url = session.page_url(SANDBOX_SCRIPT, "pos=" + encode_share_code(step.scenario.position))
        st.link_button(t.gettext("Open this position in the Sandbox"), url, icon=":material/science:")
    if run["solved"]:
        last = run["step"] + 1 >= len(lesson.steps)
        st.button(t.gettext("Finish") if last else t.gettext("Next position"), key="switch_next", on_click=_on_next,
                  icon=":material/arrow_forward:", type="primary")
        return
    if run["hint_shown"]:
        st.info(escape_markdown(hint(step.witness.kind, parse_move(step.witness.move, deck), step.witness.table, deck, t)),
                icon=":material/lightbulb:")
    else:
        st.button(t.gettext("Hint"), key="switch_hint", on_click=_on_hint, icon=":material/lightbulb:")
    st.markdown(t.gettext("Your move:"))
    # The choices are moves in notation, as the button hands them back (``_on_move``).
    for i, text in enumerate(move_choices(lesson, step, st_)):
        st.button(_move_label(parse_move(text, deck), deck, t), key=f"switch_move_{i}", on_click=_on_move, args=(text,))


def _draw_finished(lesson: model.SwitchLesson, run: dict, t: Translator) -> None:
    count = model.run_stars(run)
    best = st.session_state.setdefault(BEST_KEY, {})
    pair = f"{lesson.home.id}>{lesson.table.id}"
    best[pair] = max(best.get(pair, 0), count)
    st.subheader(t.gettext("Lesson complete"))
    st.markdown(_stars(count) + " · " + t.ngettext("{count} mistake", "{count} mistakes", run["mistakes"]).format(
        count=run["mistakes"]) + " · " + t.ngettext("{count} hint", "{count} hints", run["hints"]).format(count=run["hints"]))
    st.caption(t.gettext("Best for this pair: {stars}").format(stars=_stars(best[pair])))
    st.markdown(t.ngettext("You met {count} difference between the two tables.",
                           "You met {count} differences between the two tables.", len(lesson.steps)).format(count=len(lesson.steps)))
    st.button(t.gettext("Play it again"), key="switch_again", on_click=_on_again, icon=":material/replay:")


def _draw_sheet(lesson: model.SwitchLesson, t: Translator) -> None:
    """The printable "what changes" sheet of every difference found, as HTML and PDF."""
    report = _report_of(lesson)
    everything = model.build_lesson(report, everything=True)
    name = f"what-changes-{lesson.home.id}-{lesson.table.id}"
    with st.expander(":material/print: " + t.gettext("A printable sheet: what changes")):
        st.caption(escape_markdown(sheet_title(everything, t)))
        left, right = st.columns(2)
        left.download_button(t.gettext("Download the sheet (HTML)"), sheet_html(everything, t, session.four_colour(), report),
                             file_name=f"{name}.html", mime="text/html", key="switch_sheet_html", icon=":material/download:")
        sheets = st.session_state.setdefault(SHEETS_KEY, {})
        key = (everything.id, t.language)
        if key not in sheets:
            sheets.clear()   # one pair's PDF kept per session
            sheets[key] = _sheet_pdf(everything, t.language, t, report)
        right.download_button(t.gettext("Download the sheet (PDF)"), sheets[key],
                              file_name=f"{name}.pdf", mime="application/pdf", key="switch_sheet_pdf", icon=":material/picture_as_pdf:")


def _report_of(lesson: model.SwitchLesson) -> WitnessReport:
    for report in st.session_state.get(REPORTS_KEY, {}).values():
        if report.home is lesson.home and report.table is lesson.table:
            return report
    return _witnesses(lesson.home, lesson.table)


def draw() -> None:
    """Draws the page: the two pickers, then the lesson for the pair."""
    t = session.tr()
    rulesets = _rulesets()
    names = {key: t.gettext(r.name) for key, r in rulesets.items()}
    ids = list(rulesets)
    keep_choice(HOME_KEY, ids, session.variant() if session.variant() in ids else ids[0])
    keep_choice(TABLE_KEY, ids, next(v for v in ids if v != st.session_state[HOME_KEY]))
    left, right = st.columns(2)
    left.selectbox(":material/home: " + t.gettext("I play"), ids, format_func=names.__getitem__, key=HOME_KEY,
                   on_change=_reset, placeholder=choose_one(ids, t))
    right.selectbox(":material/groups: " + t.gettext("The table plays"), ids, format_func=names.__getitem__,
                    key=TABLE_KEY, on_change=_reset, placeholder=choose_one(ids, t))
    st.toggle(t.gettext("Every difference the engine found (not only the most frequent)"), key=ALL_KEY, on_change=_reset)
    if st.session_state[HOME_KEY] == st.session_state[TABLE_KEY]:
        st.info(t.gettext("Pick two different variants."), icon=":material/info:")
        return
    lesson = _lesson(t)
    if lesson is None:
        return
    st.session_state["switch_lesson"] = lesson
    _draw_sheet(lesson, t)
    run = _run(lesson)
    if run["finished"]:
        _draw_finished(lesson, run, t)
    else:
        _draw_step(lesson, run, t)
