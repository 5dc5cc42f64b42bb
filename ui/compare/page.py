"""Drawing the Compare variants page: the table, the contrast positions and the house rules.

Everything shown is computed from rulesets by ``ui.compare.table``, ``ui.compare.contrasts``
(the engine's verdicts) and ``ui.shell.house_rules``; this module only lays it out. State changes
happen in widget callbacks. Text from data (ruleset names, notes, uploads) is escaped before
it reaches markdown.
"""
from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
import streamlit as st

from engine.errors import NotationError
from engine.moves import parse_move
from engine.position import decode_share_code, encode_share_code
from engine.witness import find_witnesses
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from ui.compare.contrasts import Contrast, Outcome, disagree, disagree_on_verdict, evaluate, load_contrasts, sandbox_link
from ui.compare.summary import summary_frame
from ui.compare.table import (
    MARK,
    TOPICS,
    card_label,
    comparison_csv,
    comparison_frame,
    differing_rows,
    highlight_differences,
    meaning_frame,
    only_differences,
)
from ui.present.i18n import Translator
from ui.present.move_text import move_words
from ui.present.rules_text import escape_markdown
from ui.present.switch_text import unwitnessed_text
from ui.present.widget_text import choose_many, choose_one
from ui.present.witness_topics import topics_of_field
from ui.shell import handoff, house_rules, session
from ui.shell.pages import SANDBOX_SCRIPT
from ui.widgets.choice import keep_choice, keep_choices

SELECTION = "compare_selection"         # the picked variant ids (kept when the page is left)
PICKER = "_compare_variants_picker"     # the picker widget's key (Streamlit forgets it off-page)
ONLY_DIFFERENCES = "compare_only_differences"
CSV_BUTTON = "compare_csv"
HOUSE_BASE = "house_base"
HOUSE_START = "house_start"
HOUSE_APPLY = "house_apply"
HOUSE_REMOVE = "house_remove"
HOUSE_UPLOAD = "house_upload"
HOUSE_DOWNLOAD = "house_download"
HOUSE_FORM = "house_form"
HOUSE_DEFENCE_ADD = "house_defence_add_"        # + attacking pattern: adds a defence row
HOUSE_DEFENCE_REMOVE = "house_defence_remove_"  # + pattern_row: removes that row
HOUSE_SANDBOX = "contrast_house_sandbox_"  # + contrast id: opens its house-rules position in the Sandbox
DEFAULT_VARIANTS = ("pl", "pl-trad", "da", "hu")
RELATIVES = ("cz-prsi", "de-maumau", "ru-101")


def default_selection() -> list[str]:
    """The variants compared when the page first opens: the four makao variants."""
    return [v for v in DEFAULT_VARIANTS if v in variant_ids()]


def selected_variants() -> list[str]:
    """The shipped variants the user picked, in the app's teaching order."""
    chosen = st.session_state.get(SELECTION)
    if not isinstance(chosen, list):
        chosen = default_selection()
    return [v for v in variant_ids() if v in chosen]


def variant_label(ruleset: Ruleset, t: Translator) -> str:
    return t.gettext(ruleset.name)


def house_label(ruleset: Ruleset, t: Translator) -> str:
    return t.gettext("House rules ({name})").format(name=t.gettext(ruleset.name))


def compared_columns(t: Translator) -> list[tuple[str, Ruleset]]:
    """The table's columns: the picked variants, then the house rules if there are any."""
    columns = [(variant_label(load_ruleset(v), t), load_ruleset(v)) for v in selected_variants()]
    house = house_rules.house_ruleset()
    if house is not None:
        columns.append((house_label(house, t), house))
    # Column labels are markdown in st.table; a house ruleset's name is user text.
    return [(escape_markdown(label), ruleset) for label, ruleset in columns]


# --- the table ---------------------------------------------------------------------------


def _on_pick() -> None:
    st.session_state[SELECTION] = list(st.session_state[PICKER])


def draw_picker(t: Translator) -> None:
    _ = t.gettext
    st.session_state[PICKER] = selected_variants()
    st.multiselect(
        ":material/checklist: " + _("Variants to compare"),
        options=variant_ids(),
        placeholder=choose_many(variant_ids(), t),
        format_func=lambda v: _(load_ruleset(v).name),
        key=PICKER,
        on_change=_on_pick,
        help=_("The four makao variants are chosen first; add the relatives to compare them too."),
        select_all=False,        # Streamlit's own "Select all" cannot be translated
    )


def draw_summary(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> None:
    """The questions a player asks, answered per variant in a few words (✓ yes, ✗ no, — not in this deck)."""
    _ = t.gettext
    if not columns:
        return
    st.subheader(_("At a glance"), anchor="at-a-glance")
    st.table(summary_frame(columns, t))
    st.caption(_("✓ yes · ✗ no · — the question does not apply to this deck. Every answer is worked out by the "
                 "game engine on a small position, or read from the variant's rules."))


def draw_table(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> pd.DataFrame | None:
    _ = t.gettext
    if not columns:
        st.info(_("Choose at least one variant to compare."), icon=":material/info:")
        return None
    frame = comparison_frame(columns, t)
    meanings = meaning_frame(columns, t)
    differs = int(differing_rows(frame, meanings).sum())
    shown = only_differences(frame, meanings) if st.session_state.get(ONLY_DIFFERENCES) else frame
    st.subheader(_("Every rule, side by side"), anchor="every-rule")
    if len(columns) > 1:
        first = columns[0][0]
        st.caption(_(
            "Tinted rows: the topics where the compared variants differ ({count} of {total}). A cell tinted more "
            "strongly and marked {mark} differs from the first variant's ({first}). Cards that do nothing special "
            "count as the same, whether the deck has them or not."
        ).format(count=differs, total=len(frame), mark=MARK.strip(), first=first))
    if shown.empty:
        st.info(_("The compared variants have the same rules on every topic."), icon=":material/info:")
    else:
        st.table(highlight_differences(shown, meanings, marked=True))
    st.download_button(
        _("Download the table (CSV)"), data=comparison_csv(shown), file_name="makao-variants.csv",
        mime="text/csv", key=CSV_BUTTON, icon=":material/download:", on_click="ignore",
    )
    return frame


def draw_corrections(rulesets: Sequence[Ruleset], t: Translator) -> None:
    """Shows where a relative's ruleset corrects our own source (notes with topic "correction")."""
    _ = t.gettext
    for ruleset in rulesets:
        for note in ruleset.notes:
            if note.topic == "correction":
                st.warning(
                    _("**{name}** — a correction of our source: {text}").format(
                        name=escape_markdown(_(ruleset.name)), text=escape_markdown(_(note.text))),
                    icon=":material/fact_check:",
                )


def draw_notes(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> None:
    """One expander per compared ruleset: its source and how we read it."""
    _ = t.gettext
    st.markdown("**" + _("Sources and interpretation notes") + "**")
    for label, ruleset in columns:
        with st.expander(label, icon=":material/menu_book:"):
            if ruleset.source_title:
                source = _("Source: {title}.").format(title=escape_markdown(ruleset.source_title))
            else:
                source = _("Source: {file}.").format(file=escape_markdown(ruleset.source))
            st.markdown(source)
            if ruleset.id in RELATIVES:
                st.caption(_(
                    "A relative of makao, filled in from public rule descriptions; see the source above."
                ))
            if ruleset.notes:
                st.markdown("\n".join("- " + escape_markdown(_(note.text)) for note in ruleset.notes))
            else:
                st.markdown(_("No interpretation notes."))


# --- contrast positions ------------------------------------------------------------------


def _rows(contrast: Contrast, t: Translator) -> list[tuple[str, Ruleset, bool]]:
    chosen = selected_variants()
    rows = [(variant_label(load_ruleset(v), t), load_ruleset(v), True) for v in contrast.variants if v in chosen]
    house = house_rules.house_ruleset()
    if house is not None:
        rows.append((house_label(house, t), house, False))
    return rows


def contrast_frame(contrast: Contrast, t: Translator) -> tuple[pd.DataFrame, list[Outcome]]:
    """The verdicts of one contrast under the compared rulesets, as a table (markdown cells)."""
    frame, outcomes, _house = _contrast_frame(contrast, t)
    return frame, outcomes


def _contrast_frame(contrast: Contrast, t: Translator) -> tuple[pd.DataFrame, list[Outcome], Outcome | None]:
    _ = t.gettext
    records, outcomes = [], []
    house: Outcome | None = None
    for label, ruleset, shipped in _rows(contrast, t):
        outcome = evaluate(contrast, ruleset, t)
        if outcome is None:
            continue
        outcomes.append(outcome)
        if not shipped:
            house = outcome
        verdict = (":green[:material/check_circle: " + _("allowed") + "]") if outcome.legal else (
            ":red[:material/cancel: " + _("not allowed") + "]")
        # A link cannot carry house rules, so their row opens the Sandbox through the session (button below).
        link = (f"[{_('Open in the Sandbox')}]({sandbox_link(outcome.share_code, ruleset.id)})"
                if shipped else _("(house rules: use the button below the table)"))
        records.append({
            _("Variant"): escape_markdown(label),
            _("Position"): escape_markdown(outcome.situation),
            _("Move"): escape_markdown(_move_in_words(outcome.move, ruleset, t)) if outcome.move else _("starter card"),
            _("Verdict"): verdict,
            _("Why"): escape_markdown(outcome.why),
            _("What happens"): escape_markdown(outcome.effects) or "—",
            _("Sandbox"): link,
        })
    return pd.DataFrame.from_records(records), outcomes, house


def _move_in_words(notation: str, ruleset: Ruleset, t: Translator) -> str:
    """The judged move in words and cards ("Play 3♣"), not in the engine's notation."""
    try:
        return move_words(parse_move(notation, ruleset.deck), ruleset.deck, t)
    except NotationError:
        return notation


def open_house_position(outcome: Outcome) -> None:
    """Opens a contrast's position under the house rules in the Sandbox, in this session."""
    try:
        position = decode_share_code(outcome.share_code)
    except NotationError:  # our own code: cannot happen, but a page never shows a traceback
        return
    handoff.hand_over(SANDBOX_SCRIPT, position)


def draw_contrasts(t: Translator) -> None:
    _ = t.gettext
    st.markdown(_(
        "Each position below is judged live by the game engine under every compared variant it "
        "fits (the same kind of deck). Open one in the Sandbox to play it on."
    ))
    shown = 0
    for contrast in load_contrasts():
        frame, outcomes, house = _contrast_frame(contrast, t)
        if frame.empty:
            continue
        shown += 1
        with st.container(border=True, key=f"contrast_{contrast.id}"):
            st.markdown("**" + escape_markdown(_(contrast.title)) + "**")
            if contrast.text:
                st.markdown(escape_markdown(_(contrast.text)))
            st.table(frame, hide_index=True)
            # st.switch_page is ignored inside a callback, so the click is handled here in the run.
            if house is not None and st.button(_("Open in the Sandbox under the house rules"),
                                               key=HOUSE_SANDBOX + contrast.id, icon=":material/science:"):
                open_house_position(house)
            if len(outcomes) > 1:
                # The badge speaks of the verdict and what follows, as the contrast's text does;
                # the same verdict for different reasons is said so, not called a disagreement.
                if disagree_on_verdict(outcomes):
                    st.caption(":material/compare_arrows: " + _("The compared variants disagree here."))
                elif disagree(outcomes):
                    st.caption(":material/drag_handle: " + _(
                        "The compared variants agree on the verdict here, for different reasons."))
                else:
                    st.caption(":material/drag_handle: " + _("The compared variants agree here."))
    hidden = len(load_contrasts()) - shown
    if hidden:
        st.caption(t.ngettext(
            "{count} more position is about variants not chosen above.",
            "{count} more positions are about variants not chosen above.", hidden,
        ).format(count=hidden))


# --- house rules -------------------------------------------------------------------------


def _on_start() -> None:
    base = st.session_state.get(HOUSE_BASE)
    if base in variant_ids():   # keep_choice makes it one; a stale label is never passed on
        house_rules.start_from_preset(base)


def _on_upload() -> None:
    upload = st.session_state.get(HOUSE_UPLOAD)
    if upload is not None:
        house_rules.use_upload(upload.name, upload.getvalue())


def _draw_field(field: house_rules.HouseField, t: Translator) -> None:
    key = house_rules.form_key(field)
    if field.kind == "bool":
        st.checkbox(field.label, key=key)
    elif field.kind == "int":
        st.number_input(field.label, min_value=field.low, max_value=field.high, step=1, key=key)
    elif field.kind == "choice":
        keep_choice(key, field.options)   # its label follows a language switch
        st.selectbox(field.label, options=field.options, format_func=field.option_label, key=key,
                     placeholder=choose_one(field.options, t))
    elif field.kind == "multi":
        keep_choices(key, field.options)
        st.multiselect(field.label, options=field.options, format_func=field.option_label, key=key,
                       placeholder=choose_many(field.options, t), max_selections=field.high or None,
                       select_all=False)
    elif field.kind == "text":
        st.text_input(field.label, max_chars=field.high, key=key)   # the bounds of uploads (ruleset_bounds)


def _draw_defences(fields: list[house_rules.HouseField], t: Translator) -> None:
    """Per attacking card, its defence rows (cards that answer, when), each removable, and a row to add."""
    _ = t.gettext
    for block in house_rules.defence_blocks(fields):
        st.markdown(_("Defences against {card}").format(card=block.label))
        if block.undefendable(st.session_state):
            st.caption(":material/block: " + _("{card} cannot be defended: the attacked player takes it.").format(
                card=block.label))
        for with_field, condition_field in block.rows:
            cards, condition, remove = st.columns([4, 3, 2], vertical_alignment="bottom")
            with cards:
                _draw_field(with_field, t)
            with condition:
                _draw_field(condition_field, t)
            remove.form_submit_button(
                _("Remove"), key=f"{HOUSE_DEFENCE_REMOVE}{block.pattern}_{with_field.row}", icon=":material/delete:",
                help=_("Remove defence {number} against {card}").format(number=with_field.row + 1, card=block.label),
                on_click=house_rules.remove_defence_row, args=(block.pattern, with_field.row))
        st.form_submit_button(_("Add a defence against {card}").format(card=block.label),
                              key=f"{HOUSE_DEFENCE_ADD}{block.pattern}", icon=":material/add:",
                              on_click=house_rules.add_defence_row, args=(block.pattern,))


def _house_messages(t: Translator) -> None:
    """The why of a refused change, else the notice of the last change that held."""
    _ = t.gettext
    error = house_rules.house_error_text(t)   # built from the engine's code and params, never its English
    if error:
        st.error(_("The house rules were not changed: {error}").format(error=error), icon=":material/error:")
    notice = st.session_state.get(house_rules.HOUSE_NOTICE)
    if notice and not error:
        st.success(_(notice), icon=":material/check:")


def _house_form(house: Ruleset, fields: list[house_rules.HouseField], t: Translator) -> None:
    """The house-rules form: its fields by group, two columns (the defences as rows of their own)."""
    _ = t.gettext
    with st.form(HOUSE_FORM, border=True):
        st.markdown("**" + escape_markdown(house_label(house, t)) + "**")
        groups: dict[str, list[house_rules.HouseField]] = {}
        for field in fields:
            groups.setdefault(field.group, []).append(field)
        for group, members in groups.items():
            st.markdown("*" + _(group) + "*")
            if group == house_rules.DEFENCE_GROUP:
                _draw_defences(members, t)
                continue
            halves = st.columns(2)
            for index, field in enumerate(members):
                with halves[index % 2]:
                    _draw_field(field, t)
        st.form_submit_button(_("Apply the house rules"), key=HOUSE_APPLY, icon=":material/check:",
                              on_click=house_rules.apply_form, args=(fields,))


def draw_house_rules(t: Translator) -> None:
    _ = t.gettext
    st.markdown(_(
        "Every home plays makao a little differently. Start from a variant, change its rules, and "
        "see the table and the positions above follow. Save the result as a ruleset file, or load one."
    ))
    _house_messages(t)
    house = house_rules.house_ruleset()
    base, start = st.columns([3, 1], vertical_alignment="bottom")
    keep_choice(HOUSE_BASE, variant_ids(), "pl")   # its label follows a language switch
    base.selectbox(_("Start from"), options=variant_ids(), placeholder=choose_one(variant_ids(), t), format_func=lambda v: _(load_ruleset(v).name),
                   key=HOUSE_BASE)
    start.button(_("Start") if house is None else _("Start again"), key=HOUSE_START, on_click=_on_start,
                 icon=":material/restart_alt:")
    st.file_uploader(_("Load a ruleset file (TOML)"), type=["toml"], key=HOUSE_UPLOAD, on_change=_on_upload,
                     max_upload_size=1)

    if house is None:
        return
    fields = house_rules.house_fields(house, t, lambda p: card_label(house, p, t), st.session_state)
    house_rules.load_form(fields, house, only_missing=True)
    _house_form(house, fields, t)
    download, remove = st.columns(2)
    download.download_button(
        _("Download as a ruleset (TOML)"), data=house_rules.house_toml(house).encode("utf-8"),
        file_name=f"{house.id}.toml", mime="application/toml", key=HOUSE_DOWNLOAD,
        icon=":material/download:", on_click="ignore",
    )
    remove.button(_("Remove the house rules"), key=HOUSE_REMOVE, on_click=house_rules.remove_house_rules,
                  icon=":material/delete:")


# --- every differing row shown on a position (the engine's witnesses) ---------------------

WITNESS_PAIR = "compare_witness_pair"      # (home column, table column) indices picked
WITNESS_REPORTS = "compare_witness_reports"  # {(home id, table id, hashes): WitnessReport} of this session
WITNESS_FIND = "compare_witness_find"


def witness_pairs(columns: Sequence[tuple[str, Ruleset]]) -> list[tuple[int, int]]:
    """The ordered pairs of compared columns that share a deck (the engine compares only those)."""
    return [(i, j) for i, (_a, a) in enumerate(columns) for j, (_b, b) in enumerate(columns)
            if i != j and a.deck.id == b.deck.id]


def _on_find_witnesses(home: Ruleset, table: Ruleset) -> None:
    reports = st.session_state.setdefault(WITNESS_REPORTS, {})
    key = (home.id, table.id, hash(home), hash(table))
    if key not in reports:
        reports[key] = find_witnesses(home, table)


def draw_witness_links(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> None:
    """For two compared variants, links each differing row of the table to the positions where the
    engine judges a move differently (opened in the Sandbox)."""
    _ = t.gettext
    pairs = witness_pairs(columns)
    if not pairs:
        return
    st.markdown("#### :material/science: " + _("Every difference on a real position"))
    choice = st.selectbox(_("Compare on positions"), pairs, key=WITNESS_PAIR,
                          format_func=lambda p: _("{home} at home, {table} at the table").format(
                              home=columns[p[0]][0], table=columns[p[1]][0]))
    home, table = columns[choice[0]][1], columns[choice[1]][1]
    report = st.session_state.get(WITNESS_REPORTS, {}).get((home.id, table.id, hash(home), hash(table)))
    if report is None:
        st.button(_("Find the positions"), key=WITNESS_FIND, on_click=_on_find_witnesses, args=(home, table),
                  icon=":material/search:")
        return
    shipped = table.id in variant_ids()
    titles = {topic.key: _(topic.title) for topic in TOPICS}
    rows: dict[str, list] = {}
    for witness in report.witnesses:
        for key in witness.fields:
            for topic in topics_of_field(key):
                rows.setdefault(topic, []).append(witness)
    lines = []
    for topic in TOPICS:
        found = rows.get(topic.key)
        if not found:
            continue
        links = []
        for number, witness in enumerate(found[:3], start=1):
            label = _("position {number}").format(number=number)
            if shipped:
                links.append(f"[{label}]({sandbox_link(encode_share_code(witness.position), table.id)})")
            else:
                links.append(label)
        lines.append(f"- **{escape_markdown(titles[topic.key])}**: " + ", ".join(links))
    for unwitnessed in report.unwitnessed:
        for topic in topics_of_field(unwitnessed.key):
            if topic not in rows and topic in titles:
                rows[topic] = []
                lines.append(f"- **{escape_markdown(titles[topic])}**: " + escape_markdown(unwitnessed_text(unwitnessed.why, t)))
    if lines:
        st.markdown("\n".join(lines))
    else:
        st.info(_("The engine judges every move the same under both."), icon=":material/info:")


@st.fragment
def draw_side_by_side(t: Translator) -> None:
    """The table tab: "Only the differences" reruns this part alone, not the 21 judged positions."""
    _ = t.gettext
    st.toggle(_("Only the differences"), key=ONLY_DIFFERENCES,
              help=_("Hide the topics where every compared variant has the same rule."))
    columns = compared_columns(t)
    draw_table(columns, t)
    draw_witness_links(columns, t)
    draw_corrections([ruleset for _label, ruleset in columns], t)
    draw_notes(columns, t)


def draw() -> None:
    """Draws the whole Compare variants page: the picker, then the table, the positions and the house rules."""
    t = session.tr()
    _ = t.gettext
    st.markdown(_(
        "How does Danish makao differ from Polish? Every cell below is written from the same rule data "
        "the game engine plays by, and every position is judged live by the engine."
    ))
    draw_picker(t)
    draw_summary(compared_columns(t), t)
    table, positions, house = st.tabs([
        ":material/table_chart: " + _("Rules side by side"),
        ":material/gavel: " + _("Positions where they differ"),
        ":material/home_work: " + _("House rules"),
    ])
    with table:
        draw_side_by_side(t)
    with positions:
        draw_contrasts(t)
    with house:
        draw_house_rules(t)
