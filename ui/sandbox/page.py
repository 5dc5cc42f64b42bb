"""The Sandbox page: the editor, the table, the moves, the history, other rules, share and import.

Only drawing lives here; what each widget does is ``ui.sandbox.controller`` (over the session's
state), the words are ``ui.sandbox.texts``, and the position itself is ``ui.sandbox.model`` and
``ui.sandbox.timeline``.
"""
from __future__ import annotations

from typing import Any

import streamlit as st

from engine import queries
from engine.cards import DeckKind
from engine.errors import Problem
from engine.moves import parse_move
from engine.queries import attack_kinds, wish_values
from engine.ruleset import Ruleset, load_ruleset
from engine.state import State
from engine.verdicts import Verdict
from ui.present.cards import hand_html, suit_word
from ui.present.coach_text import describe_hint, objective_label, value_text
from ui.present.grammar import capitalise
from ui.present.i18n import Translator
from ui.present.problems import describe_problems
from ui.present.reasons import describe_event, describe_reason, describe_verdict, wish_rank_text
from ui.present.rules_text import escape_markdown
from ui.present.widget_text import choose_many, choose_one
from ui.sandbox import coach
from ui.sandbox import controller as ctl
from ui.sandbox.controller import (
    BEGINNER,
    EDITOR,
    EXAMPLE_PICKER,
    NONE,
    NOTICE,
    PLAYER,
    SEED,
    VIEW,
    VIEW_PICKER,
    move_key,
)
from ui.sandbox.model import (
    MAX_COUNT,
    MAX_IMPORT_BYTES,
    clamp_seats,
    export_json,
    format_cards,
    free_cards,
    is_empty,
    known_cards,
    link_position,
    load_examples,
    seats_of,
    share_query,
    validate,
)
from ui.sandbox.table import table_data
from ui.sandbox.texts import (
    bullets,
    card_option,
    card_short_option,
    cards_help,
    comparison_frame,
    effects_text,
    move_label,
    notice_messages,
    seat_forms,
    seat_name,
    variant_label,
)
from ui.sandbox.timeline import PlayGroup, Timeline, answer_verdicts, current_position, play_groups
from ui.shell import session
from ui.shell.pages import SANDBOX_SCRIPT
from ui.widgets.card_table import card_table

TABLE = "sandbox_table"


def _init(key: str, value: Any) -> None:
    if key not in st.session_state:
        st.session_state[key] = value


def draw_toolbar(t: Translator) -> None:
    _ = t.gettext
    examples = load_examples()
    pick, load = st.columns([4, 1], vertical_alignment="bottom")
    pick.selectbox(
        _("Classic tricky positions"), options=[e.id for e in examples], placeholder=choose_one(examples, t),
        format_func=lambda i: _(next(e.title for e in examples if e.id == i)), key=EXAMPLE_PICKER,
    )
    load.button(_("Load"), key="sandbox_load_example", icon=":material/school:", on_click=ctl.on_example, args=(st.session_state,),
                help=_("Puts the chosen example into the editor."))
    seed, deal, clear = st.columns([2, 2, 1], vertical_alignment="bottom")
    _init(SEED, 0)
    seed.number_input(_("Seed for dealing"), min_value=0, max_value=2**31 - 1, step=1, key=SEED,
                      help=_("The same seed always deals the same cards."))
    deal.button(_("Deal at random"), key="sandbox_deal", icon=":material/shuffle:", on_click=ctl.on_deal, args=(st.session_state,),
                width="stretch")
    clear.button(_("Clear"), key="sandbox_clear", icon=":material/delete_sweep:", on_click=ctl.on_clear, args=(st.session_state,),
                 width="stretch")


def _cards_editor(place: str, label: str, value: Any, rules: Ruleset, d: dict[str, Any], t: Translator,
                  help_text: str) -> None:
    """A typed list of cards beside a picker that offers only the cards not used elsewhere."""
    _ = t.gettext
    deck = rules.deck
    typed, picker = st.columns([2, 3])
    _init(EDITOR + place + "_text", format_cards(value))
    typed.text_input(label, key=EDITOR + place + "_text", on_change=ctl.on_cards_text, args=(st.session_state, place,), help=help_text)
    field = f"hands[{place[5:]}]" if place.startswith("hand_") else place
    options = free_cards(d, rules, field)
    mine = [c for c in known_cards(value) if c in options]
    _init(EDITOR + place + "_pick", list(dict.fromkeys(mine)))
    picker.multiselect(
        _("or pick them (cards used elsewhere are left out)"), options=options, key=EDITOR + place + "_pick",
        on_change=ctl.on_cards_pick, args=(st.session_state, place,), format_func=lambda c: card_short_option(c, deck, t),
        placeholder=_("Choose cards"), select_all=False,   # Streamlit's "Select all" is not translated
    )


def _cards_tab(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    _ = t.gettext
    deck = rules.deck
    seats = max(seats_of(d), 1)
    variant_col, seats_col, move_col = st.columns(3)
    known = ctl.book(st.session_state)
    _init(EDITOR + "variant", rules.id)
    variant_col.selectbox(_("Variant"), options=known.ids(), placeholder=choose_one(known.ids(), t), key=EDITOR + "variant", on_change=ctl.on_variant, args=(st.session_state,),
                          format_func=lambda v: variant_label(v, t, known))
    _init(EDITOR + "seats", clamp_seats(rules, seats))
    seats_col.number_input(_("Players"), min_value=rules.players[0], max_value=rules.players[1], step=1,
                           key=EDITOR + "seats", on_change=ctl.on_seats, args=(st.session_state,))
    _init(EDITOR + "to_move", _to_move(d))
    move_col.selectbox(_("To move"), options=list(range(seats)), placeholder=choose_one(range(seats), t), key=EDITOR + "to_move",
                       format_func=lambda s: seat_name(s, t), on_change=ctl.on_field, args=(st.session_state, "to_move",))
    help_text = cards_help(deck, t)
    _cards_editor("pile", _("Pile, bottom to top (the last card is the top card)"), d.get("pile"), rules, d, t,
                  help_text)
    _pending_tab(d, rules, t)
    hands = d.get("hands") if isinstance(d.get("hands"), list) else []
    for seat in range(seats):
        hand = hands[seat] if seat < len(hands) else []
        _cards_editor(f"hand_{seat}", capitalise(_("Hand of {player}").format(**seat_forms("player", seat, t))), hand, rules, d, t,
                      help_text + " " + _("A number alone means that many unknown cards."))


def _pending_tab(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    _ = t.gettext
    deck = rules.deck
    seats = max(seats_of(d), 1)
    kinds = [NONE, *attack_kinds(rules)]
    attack = d.get("attack") if isinstance(d.get("attack"), dict) else {}
    kind = next((k for k in ("draw", "skip") if k in attack), NONE)
    a_kind, a_amount = st.columns(2)
    _init(EDITOR + "attack_kind", kind if kind in kinds else NONE)
    a_kind.selectbox(_("Attack on the player to move"), options=kinds, placeholder=choose_one(kinds, t), key=EDITOR + "attack_kind",
                     on_change=ctl.on_attack, args=(st.session_state,), format_func=lambda k: {
                         NONE: _("No attack"), "draw": _("Draw cards"), "skip": _("Sit out turns")}[k])
    amount = attack.get(kind) if kind != NONE else 1
    _init(EDITOR + "attack_amount", amount if isinstance(amount, int) and 1 <= amount <= 100 else 1)
    a_amount.number_input(_("How many"), min_value=1, max_value=100, step=1, key=EDITOR + "attack_amount",
                          on_change=ctl.on_attack, args=(st.session_state,), disabled=kind == NONE)
    st.caption(_("The attacking card is the top card of the pile."))
    wish = d.get("wish") if isinstance(d.get("wish"), dict) else {}
    wish_kinds = [NONE, *queries.wish_kinds(rules)]
    w_kind = next((k for k in ("rank", "suit") if k in wish), NONE)
    w_kind = w_kind if w_kind in wish_kinds else NONE
    k_col, v_col, b_col = st.columns(3)
    _init(EDITOR + "wish_kind", w_kind)
    k_col.selectbox(_("Wish in force"), options=wish_kinds, placeholder=choose_one(wish_kinds, t), key=EDITOR + "wish_kind", on_change=ctl.on_wish, args=(st.session_state,),
                    format_func=lambda k: {NONE: _("No wish"), "rank": _("A rank (demand)"), "suit": _("A suit")}[k])
    values = list(wish_values(rules, w_kind)) if w_kind != NONE else []
    _init(EDITOR + "wish_value", wish.get(w_kind) if wish.get(w_kind) in values else (values[0] if values else None))
    v_col.selectbox(_("Wished"), options=values, placeholder=choose_one(values, t), key=EDITOR + "wish_value", on_change=ctl.on_wish, args=(st.session_state,),
                    disabled=not values, format_func=lambda v: (
                        wish_rank_text(v, deck, t) if w_kind == "rank" else suit_word(v, deck, t)))
    by = wish.get("by") if isinstance(wish.get("by"), int) and 0 <= wish.get("by") < seats else 0
    _init(EDITOR + "wish_by", by)
    b_col.selectbox(_("Wished by"), options=list(range(seats)), placeholder=choose_one(range(seats), t), key=EDITOR + "wish_by", on_change=ctl.on_wish, args=(st.session_state,),
                    disabled=w_kind == NONE, format_func=lambda s: seat_name(s, t))
    _cover_field(d, rules, t)


def _cover_field(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    """Whether the player to move must cover the top card (ru-101's nine): offered where a card must
    be covered, or where the position already says so; the engine judges whether the top card is one."""
    _ = t.gettext
    cover = d.get("cover") is True
    if not queries.has_cards_to_cover(rules) and not cover:
        return
    _init(EDITOR + "cover", cover)
    st.checkbox(_("The player to move must cover the top card"), key=EDITOR + "cover",
                on_change=ctl.on_field, args=(st.session_state, "cover",),
                help=_("They have just played it, and must now play a card of its suit or rank on it, "
                       "drawing until they can."))


def _turns_tab(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    _ = t.gettext
    deck = rules.deck
    seats = max(seats_of(d), 1)
    hands = d.get("hands") if isinstance(d.get("hands"), list) else []
    waiting = d.get("waiting") if isinstance(d.get("waiting"), list) else []
    wait_cols = st.columns(min(seats, 4))
    for seat in range(seats):
        turns = waiting[seat] if seat < len(waiting) and isinstance(waiting[seat], int) else 0
        _init(f"{EDITOR}waiting_{seat}", max(0, min(turns, 100)))
        wait_cols[seat % len(wait_cols)].number_input(
            capitalise(_("{player} sits out (turns)").format(**seat_forms("player", seat, t))), min_value=0, max_value=100, step=1,
            key=f"{EDITOR}waiting_{seat}", on_change=ctl.on_waiting, args=(st.session_state, seat,))
    finished = [s for s in d.get("finished", []) if isinstance(s, int) and 0 <= s < seats] \
        if isinstance(d.get("finished"), list) else []
    _init(EDITOR + "finished", finished)
    st.multiselect(_("Finished players, in finishing order"), options=list(range(seats)), placeholder=choose_many(range(seats), t), select_all=False, key=EDITOR + "finished",
                   on_change=ctl.on_field, args=(st.session_state, "finished",), format_func=lambda s: seat_name(s, t))
    deck_value = d.get("deck")
    mode = "count" if isinstance(deck_value, int) else "order" if isinstance(deck_value, list) else "rest"
    _init(EDITOR + "deck_mode", mode)
    st.radio(t.pgettext("draw pile", "Deck"), options=["rest", "count", "order"], key=EDITOR + "deck_mode", on_change=ctl.on_deck, args=(st.session_state,),
             horizontal=True, format_func=lambda m: {
                 "rest": _("Every other card, shuffled with the seed"),
                 "count": _("A number of unknown cards"), "order": _("These cards, in drawing order")}[m])
    if mode == "count":
        _init(EDITOR + "deck_count", max(0, min(deck_value, MAX_COUNT)))
        st.number_input(_("Cards in the deck"), min_value=0, max_value=MAX_COUNT, step=1,
                        key=EDITOR + "deck_count", on_change=ctl.on_deck, args=(st.session_state,))
    elif mode == "order":
        _init(EDITOR + "deck_text", format_cards(deck_value))
        st.text_input(_("Deck, the next card to draw first"), key=EDITOR + "deck_text",
                      on_change=ctl.on_cards_text, args=(st.session_state, "deck",), help=cards_help(deck, t))
    _direction_field(d, rules, t)
    seed_col, drawn_col = st.columns(2)
    _init(EDITOR + "seed", d.get("seed") if isinstance(d.get("seed"), int) and 0 <= d["seed"] < 2**31 else 0)
    seed_col.number_input(_("Seed for unknown cards"), min_value=0, max_value=2**31 - 1, step=1,
                          key=EDITOR + "seed", on_change=ctl.on_field, args=(st.session_state, "seed",))
    if rules.play_drawn:
        to_move = _to_move(d)
        mover_hand = hands[to_move] if to_move < len(hands) else []
        drawn_options = [NONE] + list(dict.fromkeys(known_cards(mover_hand)))
        _init(EDITOR + "drawn", d.get("drawn") if d.get("drawn") in drawn_options else NONE)
        drawn_col.selectbox(_("Card just drawn (may still be played)"), options=drawn_options,
                            placeholder=choose_one(drawn_options, t),
                            key=EDITOR + "drawn", on_change=ctl.on_field, args=(st.session_state, "drawn",),
                            format_func=lambda c: _("None") if c == NONE else card_option(c, deck, t))


def _direction_field(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    """The direction of play: offered where a card reverses it, or where the position already goes the other way."""
    _ = t.gettext
    direction = "counterclockwise" if d.get("direction") == "counterclockwise" else "clockwise"
    if not queries.reverses_direction(rules) and direction == "clockwise":
        return
    _init(EDITOR + "direction", direction)
    st.radio(_("Direction of play"), options=["clockwise", "counterclockwise"], key=EDITOR + "direction",
             on_change=ctl.on_field, args=(st.session_state, "direction",), horizontal=True,
             format_func=lambda v: _("Clockwise (player 1, 2, 3, …)") if v == "clockwise"
             else _("Counterclockwise (after a reversing card)"))


def _to_move(d: dict[str, Any]) -> int:
    to_move = d.get("to_move")
    ok = isinstance(to_move, int) and not isinstance(to_move, bool) and 0 <= to_move < max(seats_of(d), 1)
    return to_move if ok else 0


def draw_editor(t: Translator, expanded: bool = True) -> None:
    """The position editor: open while there is no position to play, folded below the table once there is."""
    _ = t.gettext
    d = ctl.draft(st.session_state)
    rules = ctl.current_rules(st.session_state)
    with st.expander(_("Set up the position"), expanded=expanded, icon=":material/edit:"):
        cards, turns = st.tabs([_("Cards, attack and wish"), _("Turns and deck")])
        with cards:
            _cards_tab(d, rules, t)
        with turns:
            _turns_tab(d, rules, t)


def draw_notice(t: Translator) -> None:
    notice = st.session_state.get(NOTICE)
    if not notice:
        return
    kind, headline, lines, closing = notice_messages(notice, ctl.current_rules(st.session_state).deck, t)
    text = headline + ("\n\n" + bullets(lines) if lines else "") + ("\n\n" + closing if closing else "")
    if kind == "success":
        st.success(text, icon=":material/check_circle:")
    elif kind == "warning":
        st.warning(escape_markdown(text), icon=":material/rule:")
    elif kind == "info":
        st.info(escape_markdown(text), icon=":material/rule:")
    else:
        st.error(text, icon=":material/link_off:" if notice.get("origin") == "link" else ":material/error:")


def draw_view_picker(t: Translator) -> None:
    _ = t.gettext
    st.session_state[VIEW_PICKER] = st.session_state.get(VIEW, BEGINNER)
    st.radio(
        _("View"), options=[BEGINNER, PLAYER], key=VIEW_PICKER, on_change=ctl.on_view, args=(st.session_state,), horizontal=True,
        format_func=lambda v: _("Beginner: all hands open") if v == BEGINNER else _("Player: only the player to move"),
    )


def draw_table(state: State, h: Any, t: Translator) -> None:
    """The table on the shared card-table widget: the hand of the player to move to tap, the other
    seats around it (face up in the beginner view), the pile, the deck and what is pending."""
    data = table_data(state, ctl.table_pick(st.session_state), t,
                      open_hands=st.session_state.get(VIEW, BEGINNER) == BEGINNER,
                      four_colour=session.four_colour(), best=h.best.move if h is not None else None,
                      best_notation=h.best.notation if h is not None else "")
    with st.container(key="sandbox_table_box"):
        card_table(data, key=TABLE, on_action=lambda action: ctl.on_table(st.session_state, action))


def _coach_note(v: Verdict, h: Any, t: Translator) -> str:
    """The coach's number for a legal move, when the best-move answer for this position is kept."""
    estimate = coach.by_notation(h).get(v.notation)
    if h is None or estimate is None:
        return ""
    if estimate.move == h.best.move:
        return t.gettext("Coach: {value}, the best move.").format(value=value_text(estimate, h, t))
    return t.gettext("Coach: {value}.").format(value=value_text(estimate, h, t))


def _choice_rows(verdicts: list[Verdict], deck: DeckKind, t: Translator, h: Any = None) -> None:
    for v in verdicts:
        if not v.legal:
            continue
        button_col, text_col = st.columns([2, 3], vertical_alignment="center")
        button_col.button(move_label(v, deck, t), key=move_key(v.notation), icon=":material/play_arrow:",
                          on_click=ctl.on_move, args=(st.session_state, v.notation,))
        notes = [describe_reason(r, deck, t) for r in v.reasons if r.code in ("forgot_makao", "forgot_kakao", "wish_cancelled")]
        effects = effects_text(v, deck, t)
        text = " ".join(notes + ([t.gettext("Then: {what}").format(what=effects)] if effects else []))
        note = _coach_note(v, h, t)
        if note:
            text_col.markdown("**" + escape_markdown(note) + "**")
        if text:
            text_col.caption(escape_markdown(text))


def ask_coach(state: State, t: Translator) -> None:
    """ "What is the best move here?": asks the coach for the player to move, from that player's view.

    Asked before the table is drawn, so the table lights the best move in the same run."""
    _ = t.gettext
    if state.over:
        return
    if st.button(_("What is the best move here?"), key="sandbox_coach_ask", icon=":material/lightbulb:",
                 help=_("The coach plays the round on from here many times. It sees only what the player to move "
                        "sees, not the other hands face up here.")):
        with st.spinner(_("The coach is playing the round on from here…")):
            problem = coach.ask(st.session_state, state)
        if problem == "impossible":
            st.warning(_("The coach cannot play this position on: it needs cards it can deal to the other hands "
                         "and the deck."), icon=":material/warning:")


def draw_coach(state: State, t: Translator) -> Any:
    """The coach's answer for this position, when it was asked; returns it (or None)."""
    _ = t.gettext
    h = coach.answer(st.session_state, state)
    if h is None:
        return None
    with st.container(border=True, key="sandbox_coach_box"):
        st.markdown("**" + _("The coach's answer") + "** — " + objective_label(h.objective.kind, t))
        st.markdown(escape_markdown(describe_hint(h, state.rules, t, state=state)))
        st.caption(t.ngettext("The coach played {playouts} round on from here (a playout), over {worlds} deals of the "
                              "cards the player to move cannot see. In brackets: where the true value lies, 95 "
                              "times in 100. The numbers stand next to each move below.",
                              "The coach played {playouts} rounds on from here (playouts), over {worlds} deals of the "
                              "cards the player to move cannot see. In brackets: where the true value lies, 95 "
                              "times in 100. The numbers stand next to each move below.",
                              h.playouts).format(playouts=h.playouts, worlds=h.worlds))
    return h


def draw_group(group: PlayGroup, deck: DeckKind, t: Translator, h: Any = None) -> None:
    _ = t.gettext
    shown = list(group.main.move.cards)   # in the order the main move plays them
    with st.container(border=True):
        card_col, text_col = st.columns([1, 4])
        card_col.markdown(hand_html(shown, deck, four_colour=session.four_colour(), width=48, overlap=0.45, translations=t,
                                    highlights=["legal" if group.legal else "illegal"] * len(shown)),
                          unsafe_allow_html=True)
        # The verdict's sentence says "may (not) be played" itself: a mark beside it, not the verdict twice.
        status = ":green[:material/check_circle:]" if group.legal else ":red[:material/cancel:]"
        text_col.markdown(status + " " + escape_markdown(describe_verdict(group.main, deck, t)))
        legal = [v for v in group.verdicts if v.legal]
        if not legal:
            return
        if len(legal) > 3:
            # Unfolded when the coach's best move is one of them: its number is not hidden behind a fold.
            with st.expander(t.ngettext("{count} way to play it", "{count} ways to play it", len(legal)).format(
                    count=len(legal)), icon=":material/alt_route:", expanded=coach.holds_best(h, legal)):
                _choice_rows(legal, deck, t, h)
        else:
            _choice_rows(legal, deck, t, h)


def draw_moves(state: State, t: Translator, h: Any = None) -> None:
    """Every play and answer of the player to move with the engine's verdict, its effects and a button each.

    Folded below the table (the table is where a move is made); unfolded while the coach's numbers
    stand next to the moves."""
    _ = t.gettext
    deck = state.rules.deck
    st.subheader(capitalise(_("What {player} may do").format(**seat_forms("player", state.to_move, t))), anchor="moves")
    if state.over:
        st.info(_("The round is over: there is nothing left to play."), icon=":material/flag:")
        return
    groups = play_groups(state)
    singles = [g for g in groups if len(g.cards) == 1]
    multis = [g for g in groups if len(g.cards) > 1]
    with st.container(key="sandbox_moves_box"), st.expander(
            _("Every move, with the reason it may or may not be made"), expanded=h is not None, icon=":material/rule:"):
        for group in singles:
            draw_group(group, deck, t, h)
        if multis:
            st.markdown("**" + _("Several cards at once") + "**")
            for group in multis:
                draw_group(group, deck, t, h)
        st.markdown("**" + _("Instead of playing") + "**")
        for v in answer_verdicts(state):
            with st.container(border=True):
                status = (":green[**" + _("Allowed") + "**]") if v.legal else (":red[**" + _("Not allowed") + "**]")
                st.markdown(f"**{move_label(v, deck, t)}** · {status} — " + escape_markdown(describe_verdict(v, deck, t)))
                if v.legal:
                    _choice_rows([v], deck, t, h)


def draw_history(tl: Timeline, t: Translator) -> None:
    _ = t.gettext
    deck = tl.root.rules.deck
    st.subheader(_("Moves played"), anchor="history")
    undo, redo, edit = st.columns(3)
    undo.button(_("Undo"), key="sandbox_undo", icon=":material/undo:", on_click=ctl.on_undo, args=(st.session_state,), disabled=not tl.can_undo)
    redo.button(_("Redo"), key="sandbox_redo", icon=":material/redo:", on_click=ctl.on_redo, args=(st.session_state,), disabled=not tl.can_redo)
    edit.button(_("Edit this position"), key="sandbox_edit_here", icon=":material/edit_note:", on_click=ctl.on_edit_here, args=(st.session_state,),
                disabled=not tl.can_undo, help=_("Copies the position reached into the editor; the moves are forgotten."))
    if not tl.done:
        st.caption(_("No move yet: play one of the moves above."))
        return
    last = tl.done[-1]
    st.info(escape_markdown(" ".join(describe_event(e, deck, t) for e in last.events)), icon=":material/campaign:")
    lines = []
    for number, step in enumerate(tl.done, start=1):
        v = Verdict(parse_move(step.move, tl.root.rules.deck), step.move, True, ())
        lines.append(f"{number}. " + escape_markdown(f"{seat_name(step.seat, t)}: {move_label(v, deck, t)}"))
    st.markdown("\n".join(lines))


def draw_other_rules(state: State, t: Translator) -> None:
    _ = t.gettext
    st.subheader(_("Under other rules"), anchor="other-rules")
    st.caption(_("The same position judged by every variant that plays with the same cards; rows that differ are highlighted."))
    frame, differ, notes = comparison_frame(state, t, ctl.book(st.session_state))
    styled = frame.style.apply(
        lambda row: ["background-color: #fff3b0; font-weight: bold" if row.name in differ else "" for _ in row],
        axis=1)
    st.dataframe(styled, key="sandbox_compare", width="stretch")
    if notes:
        st.markdown(bullets(notes))
    elif not differ:
        st.caption(_("Every variant judges this position the same way."))


def share_link(position: dict[str, Any], language: str, house: bool = False) -> str:
    """The full link that opens this position in the sandbox, in this variant and language."""
    return session.page_url(SANDBOX_SCRIPT, share_query(position, language, house=house))


def draw_share(position: dict[str, Any] | None, t: Translator) -> None:
    _ = t.gettext
    st.subheader(_("Share and save"), anchor="share")
    if position is not None:
        shared = link_position(position, ctl.book(st.session_state))
        if shared.base is None:
            st.markdown(_("A link that opens exactly this position, in this variant and language:"))
        else:
            base_name = _(load_ruleset(shared.base).name)
            st.warning(escape_markdown(_(
                "A link cannot carry house rules: it opens this position under {name}, where some verdicts may "
                "differ. To share the house rules too, send their ruleset file (Compare variants, House rules) "
                "with the position JSON below."
            ).format(name=base_name)), icon=":material/rule:")
        if shared.position is not None:
            with st.container(key="sandbox_share"):
                st.code(share_link(shared.position, session.language(), house=shared.base is not None),
                        language=None, wrap_lines=True)
        else:
            st.caption(escape_markdown(_("Under {name} this position cannot exist, so there is no link for it: {problems}").format(
                name=_(load_ruleset(shared.base).name),
                problems=" ".join(describe_problems(list(shared.problems), ctl.current_rules(st.session_state).deck, t)))))
        st.download_button(_("Download the position (JSON)"), data=export_json(position),
                           file_name="makao-position.json", mime="application/json", key="sandbox_download",
                           icon=":material/download:", on_click="ignore")
    else:
        st.caption(_("A link and a download appear once the position is possible."))
    with st.expander(_("Load a position from JSON"), icon=":material/upload:"):
        st.text_area(_("Paste position JSON"), key="sandbox_import_text", max_chars=MAX_IMPORT_BYTES,
                     placeholder='{"variant": "pl", "hands": [["Ks", "2h"], 5], "to_move": 0, "pile": ["Kh"], "attack": {"draw": 5}}')
        st.button(_("Load the pasted position"), key="sandbox_import", icon=":material/input:", on_click=ctl.on_import_text, args=(st.session_state,))
        st.file_uploader(_("or upload a position file"), type=["json"], key="sandbox_upload", on_change=ctl.on_upload, args=(st.session_state,),
                         max_upload_size=1)


def draw_problems(problems: tuple[Problem, ...], deck: DeckKind, t: Translator) -> None:
    _ = t.gettext
    lines = describe_problems(list(problems), deck, t)
    head = t.ngettext("This position cannot exist — {count} problem:", "This position cannot exist — {count} problems:",
                      len(lines)).format(count=len(lines))
    st.error(head + "\n\n" + bullets(lines), icon=":material/report:")


def draw() -> None:
    """Draws the whole sandbox for the session."""
    t = session.tr()
    _ = t.gettext
    session_state = st.session_state
    ctl.take_handed_position(session_state)
    ctl.read_link_once(session_state, session.entry_param("pos"), session.entry_param("house") == "1")
    ctl.check_house_rules(session_state)
    ctl.follow_session_variant(session_state)
    st.markdown(_("Set up any position, see why each card may or may not go, play it on, and share it by link."))
    draw_notice(t)
    draw_toolbar(t)
    d = ctl.draft(session_state)
    deck = ctl.current_rules(session_state).deck
    if is_empty(d):
        draw_editor(t)
        ctl.drop_timeline(session_state)
        st.info(_("The sandbox is empty. Put cards on the pile and in the hands above, deal at random, or load an example."),
                icon=":material/info:")
        draw_share(None, t)
        return
    result = validate(d, ctl.book(session_state))
    if result.state is None:
        draw_editor(t)
        ctl.drop_timeline(session_state)
        draw_problems(result.problems, deck, t)
        draw_share(None, t)
        return
    # A position is set: the table comes first and the editor folds away below it (phone: less scrolling).
    tl = ctl.timeline_from(session_state, result.state)
    state = tl.current
    st.subheader(_("The table"), anchor="table")
    draw_view_picker(t)
    ask_coach(state, t)
    draw_table(state, coach.answer(session_state, state), t)
    draw_moves(state, t, draw_coach(state, t))
    draw_history(tl, t)
    draw_editor(t, expanded=False)
    draw_other_rules(state, t)
    draw_share(current_position(tl, d), t)
