"""The Play together page: two to six people at one table, each on their own device (issue #26).

The one Streamlit module of the feature. The table lives in the database (``storage.tables.TableStore``,
docs/TABLES.md); this page keeps only the secrets of this session in ``st.session_state`` (the maker's
key, the seat's token: never in a link, a query string or a log) and the seat's last view. The table's
part of the page is a fragment that polls the table's version every second, re-reads the seat's own
view only when it changed, and asks the store to play the seats nobody is there to play.
"""
from __future__ import annotations

import html
import time
from collections.abc import MutableMapping
from contextlib import suppress
from typing import Any

import pandas as pd
import streamlit as st

from engine.players import STRENGTHS
from engine.ruleset import Ruleset, load_ruleset
from engine.verdicts import Reason
from storage.streamlit_conn import get_tables
from storage.tables import MAX_SEATS, MIN_SEATS, TURN_LIMITS, TableStore
from ui.present.i18n import Translator
from ui.present.reasons import describe_reason
from ui.present.refusal_text import FAILURES, failure, name_markdown, storage_message
from ui.present.score_text import score_rule_text
from ui.shell import house_rules, session
from ui.shell.client import current_client
from ui.shell.pages import TABLES_SCRIPT
from ui.tables import model
from ui.tables.model import Choice
from ui.tables.view import match_rows, match_summary, narration, seat_title, strength_label, table_data
from ui.widgets import keeper
from ui.widgets.card_table import card_table
from ui.widgets.choice import keep_choice
from ui.widgets.tables import plain_table

MAKER = "tables_maker_key"      # the maker's key (tm_…): this session only
TOKEN = "tables_seat_token"     # this session's seat (ts_…): this session only
TABLE_ID = "tables_table_id"    # the table this session looks at
RULES = "tables_rules"          # (table id, its Ruleset)
VIEW = "tables_view"            # (version, the view, when it was read): the seat's (or the maker's) last view
CHOICE = "tables_choice"        # the seat's move so far (model.Choice)
JOINED = "tables_joined"        # {"nickname", "pin"} just after joining: the PIN is shown this once
MESSAGE = "tables_message"      # ("error" | "success" | "info", text) for the next run
POLLS = "tables_polls"          # polls since the last play_overdue call
TOUCHED = "tables_touched_at"   # when this seat last said "still here"
SEEN = "tables_log_seen"        # (round, moves) the narration had shown: newer moves are the others' news
NEWS = "tables_news"            # the narrated lines of the others' latest moves
JOIN_CODE, JOIN_NAME = "tables_join_code", "tables_join_nickname"
BACK_CODE, BACK_NAME, BACK_PIN = "tables_back_code", "tables_back_nickname", "tables_back_pin"
FORM = "tables_form_"           # prefix of the make-a-table form's widget keys
HOUSE = "house"                 # the ruleset option that stands for the session's house rules
TABLE_WIDGET = "tables_card_table"
NEWS_SHOWN = 6


def _t() -> Translator:
    return session.tr()


def _say(kind: str, text: str, state: MutableMapping[str, Any] | None = None) -> None:
    (st.session_state if state is None else state)[MESSAGE] = (kind, text)


def _refused(error: Exception, state: MutableMapping[str, Any] | None = None,
             rules: Ruleset | None = None) -> None:
    """A refused or failed store call, as a sentence (a refused move with the engine's reason)."""
    t = _t()
    code, params = failure(error)
    text = storage_message(code, params, t)
    if code == "move_illegal" and params.get("reason") and rules is not None:
        with suppress(KeyError, ValueError):   # a reason the words do not know: the plain refusal
            text += " " + describe_reason(Reason(params["reason"], dict(params.get("reason_params") or {})),
                                          rules.deck, t)
    _say("error", text, state)


def _store() -> TableStore:
    return get_tables()


def _rules(state: MutableMapping[str, Any] | None = None, store: TableStore | None = None) -> Ruleset | None:
    state = st.session_state if state is None else state
    table_id = state.get(TABLE_ID)
    kept = state.get(RULES)
    if table_id is None:
        return None
    if kept is None or kept[0] != table_id:
        kept = (table_id, (store or _store()).rules(table_id))
        state[RULES] = kept
    return kept[1]


def _forget_table() -> None:
    for key in (MAKER, TOKEN, TABLE_ID, RULES, VIEW, CHOICE, JOINED, POLLS, TOUCHED, SEEN, NEWS):
        st.session_state.pop(key, None)


# ---------------------------------------------------------------------------- making and joining


def _ruleset_options() -> list[str]:
    options = list(session.available_variants())
    if house_rules.house_ruleset() is not None:
        options.append(HOUSE)
    return options


def _chosen_rules() -> Ruleset:
    chosen = st.session_state.get(FORM + "ruleset")
    house = house_rules.house_ruleset()
    if chosen == HOUSE and house is not None:
        return house
    return load_ruleset(chosen if chosen in session.available_variants() else session.variant())


def _make() -> None:
    state = st.session_state
    try:
        rules = _chosen_rules()
        made = _store().create_table(
            rules, int(state.get(FORM + "seats") or MIN_SEATS), strength=state.get(FORM + "strength") or "club",
            coach=bool(state.get(FORM + "coach", True)), turn_limit=int(state.get(FORM + "limit") or 0),
            rounds=int(state.get(FORM + "rounds") or 1), client=current_client())
    except FAILURES as exc:
        _refused(exc)
        return
    _forget_table()
    state[MAKER] = made.maker_key
    state[TABLE_ID] = made.info.id
    state[JOIN_CODE] = made.info.board_code


def _join() -> None:
    state = st.session_state
    try:
        access = _store().join(state.get(JOIN_CODE, ""), state.get(JOIN_NAME, ""), client=current_client())
    except FAILURES as exc:
        _refused(exc)
        return
    maker = state.get(MAKER) if state.get(TABLE_ID) == access.table.id else None
    _forget_table()
    if maker:
        state[MAKER] = maker
    state[TOKEN] = access.token
    state[TABLE_ID] = access.table.id
    state[JOINED] = {"nickname": access.nickname, "pin": access.pin}


def _come_back_with_pin() -> None:
    state = st.session_state
    try:
        access = _store().reclaim(state.get(BACK_CODE, ""), state.get(BACK_NAME, ""), state.get(BACK_PIN, ""),
                                  client=current_client())
    except FAILURES as exc:
        _refused(exc)
        return
    finally:
        state.pop(BACK_PIN, None)   # a secret: never kept in the form
    _forget_table()
    state[TOKEN] = access.token
    state[TABLE_ID] = access.table.id
    _say("success", _t().gettext("Your seat is yours again."))


def draw_join(t: Translator) -> None:
    """Sitting down with the table's code and a nickname; coming back with the PIN."""
    _ = t.gettext
    with st.form("tables_join_form", border=False):
        st.text_input(_("Table code"), key=JOIN_CODE, max_chars=20, placeholder="ABCD-EFGH")
        st.text_input(_("Your nickname"), key=JOIN_NAME, max_chars=40)
        st.form_submit_button(_("Sit at the table"), type="primary", icon=":material/event_seat:", on_click=_join)
    with (st.expander(_("Sat at this table before, on another device? Come back with your PIN"), icon=":material/key:"),
          st.form("tables_back_form", border=False)):
        st.text_input(_("Table code"), key=BACK_CODE, max_chars=20, placeholder="ABCD-EFGH")
        st.text_input(_("Your nickname"), key=BACK_NAME, max_chars=40)
        st.text_input(_("PIN"), key=BACK_PIN, max_chars=4, type="password")
        st.form_submit_button(_("Take my seat back"), icon=":material/login:", on_click=_come_back_with_pin)


def draw_make(t: Translator) -> None:
    """The maker's form: the rules, the seats, who plays the empty ones, the coach, the turn limit."""
    _ = t.gettext
    options = _ruleset_options()
    keep_choice(FORM + "ruleset", options, session.variant())

    def rules_label(value: str) -> str:
        if value == HOUSE:
            house = house_rules.house_ruleset()
            return _("Your house rules ({name})").format(name=_(house.name) if house is not None else "")
        return _(load_ruleset(value).name)

    st.selectbox(_("Rules"), options, key=FORM + "ruleset", format_func=rules_label)
    rules = _chosen_rules()
    low, high = max(MIN_SEATS, rules.players[0]), min(MAX_SEATS, rules.players[1])
    seats = list(range(low, high + 1))
    keep_choice(FORM + "seats", seats, min(max(4, low), high))
    with st.form("tables_make_form", border=False):
        st.selectbox(_("Seats at the table"), seats, key=FORM + "seats")
        keep_choice(FORM + "strength", list(STRENGTHS), "club")
        st.selectbox(_("Computer players for the empty seats"), list(STRENGTHS), key=FORM + "strength",
                     format_func=lambda s: strength_label(s, t))
        keep_choice(FORM + "limit", list(TURN_LIMITS), 0)
        st.segmented_control(_("Time for a turn"), list(TURN_LIMITS), key=FORM + "limit",
                             format_func=lambda s: _("no limit") if not s else t.ngettext(
                                 "{count} second", "{count} seconds", s).format(count=s))
        keep_choice(FORM + "rounds", [1, 2, 3, 5, 10], 1)
        st.selectbox(_("Rounds in the match"), [1, 2, 3, 5, 10], key=FORM + "rounds")
        st.checkbox(_("The coach may help (its hint and the move checker)"), key=FORM + "coach", value=True)
        st.form_submit_button(_("Make the table"), type="primary", icon=":material/table_restaurant:",
                              on_click=_make)


# ---------------------------------------------------------------------------- the table


def _read_view(store: TableStore) -> dict[str, Any] | None:
    """The seat's own view (never another seat's hand), or the maker's public view without a seat."""
    state = st.session_state
    token, maker = state.get(TOKEN), state.get(MAKER)
    view = store.seat_view(token) if token else store.spectator_view(maker) if maker else None
    if view is not None:
        state[VIEW] = (view["table"]["version"], view, time.time())
    return view


def _news(view: dict[str, Any], rules: Ruleset) -> None:
    """The others' moves since the narration last looked, in words (one's own move is seen being made)."""
    state = st.session_state
    table = view["table"]
    me = (view.get("you") or {}).get("seat")
    fresh = model.new_entries(view, state.get(SEEN))
    rnd = view.get("round") or {}
    state[SEEN] = (int(table["round_no"]), len(rnd.get("log") or ()))
    theirs = [e for e in fresh if e.get("seat") != me or e.get("by") != "person"]
    if theirs:
        round_no = int(table["round_no"])
        kept = state.get(NEWS)
        before = kept[1] if kept and kept[0] == round_no else []
        lines = narration(theirs, rules, me if me is not None else -1, _t())
        state[NEWS] = (round_no, [*before, *lines][-NEWS_SHOWN:])


def _poll(store: TableStore) -> dict[str, Any] | None:
    """One poll: the version (one primary-key read); the view again only when it changed; the moves of
    the seats nobody is there to play; "still here" every half minute."""
    state = st.session_state
    table_id = state.get(TABLE_ID)
    version = store.version(table_id)
    if not version:
        _forget_table()
        _say("error", storage_message("table_code_unknown", {}, _t()))
        return None
    kept = state.get(VIEW)
    view = kept[1] if kept and kept[0] == version else _read_view(store)
    polls = int(state.get(POLLS, 0)) + 1
    if view is not None and (model.may_be_overdue(view) or polls >= model.OVERDUE_EVERY):
        polls = 0
        if store.play_overdue(table_id):
            view = _read_view(store)
    state[POLLS] = polls
    token = state.get(TOKEN)
    if token and time.time() - float(state.get(TOUCHED, 0)) >= model.TOUCH_SECONDS:
        store.touch(token)
        state[TOUCHED] = time.time()
    return view


def _submit(state: MutableMapping[str, Any], store: TableStore, move: str, rules: Ruleset) -> None:
    kept = state.get(VIEW)
    if not kept or not state.get(TOKEN):
        return
    try:
        store.submit_move(state[TOKEN], move, kept[1].get("next_move"))
    except FAILURES as exc:
        _refused(exc, state, rules)
    state[CHOICE] = Choice()
    state[VIEW] = None      # read again: the move (or the one that took its number) is in it


def act(state: MutableMapping[str, Any], store: TableStore, action: dict[str, Any]) -> None:
    """A tap or button of the card table (what the component sends; tests send the same): every
    move is chosen among the legal moves of the seat's own view and goes through ``submit_move``
    with the view's move number."""
    kept, rules = state.get(VIEW), _rules(state, store)
    if not kept or rules is None or not kept[1].get("round"):
        return
    legal = model.legal_moves(kept[1], rules)
    choice = state.get(CHOICE) or Choice()
    kind = action.get("type")
    if kind == "tap" and isinstance(action.get("card"), str):
        state[CHOICE] = model.tap(choice, action["card"], legal, rules)
    elif kind == "clear":
        state[CHOICE] = Choice()
    elif kind == "call" and action.get("call") in model.CALLS:
        state[CHOICE] = model.toggle_call(choice, action["call"])
    elif kind == "play":
        matches = model.matching(choice, legal, rules)
        if matches and model.wish_choices(matches) is not None:
            state[CHOICE] = Choice(choice.selected, True, choice.calls)
        elif matches:
            move = model.chosen_move(choice, legal, rules)
            if move is not None:
                _submit(state, store, move, rules)
    elif kind == "pick" and isinstance(action.get("value"), str):
        move = model.chosen_move(choice, legal, rules, wish=action["value"])
        if move is not None:
            _submit(state, store, move, rules)
    elif kind == "move" and action.get("move") in {text for text, _ in legal}:
        _submit(state, store, action["move"], rules)


def _on_table(action: dict[str, Any]) -> None:
    act(st.session_state, _store(), action)


def _start() -> None:
    try:
        _store().start(st.session_state.get(MAKER, ""))
    except FAILURES as exc:
        _refused(exc)


def _next_round(round_no: int) -> None:
    try:
        _store().next_round(st.session_state.get(MAKER, ""), round_no)
    except FAILURES as exc:
        _refused(exc)
    st.session_state[CHOICE] = Choice()


def _remove(seat_no: int) -> None:
    try:
        _store().remove_seat(st.session_state.get(MAKER, ""), seat_no)
    except FAILURES as exc:
        _refused(exc)


def _leave() -> None:
    token = st.session_state.get(TOKEN)
    try:
        if token:
            _store().leave(token)
    except FAILURES as exc:
        _refused(exc)
    maker = st.session_state.get(MAKER)
    table_id = st.session_state.get(TABLE_ID)
    _forget_table()
    if maker:
        st.session_state[MAKER], st.session_state[TABLE_ID] = maker, table_id
    _say("info", _t().gettext("You left the table."))


def _come_back() -> None:
    try:
        _store().come_back(st.session_state.get(TOKEN, ""))
    except FAILURES as exc:
        _refused(exc)


def _close_table() -> None:
    _forget_table()


def draw_code(view: dict[str, Any], t: Translator) -> None:
    """The table's code and its link (the code after "#": a browser never sends it to a server)."""
    _ = t.gettext
    code = view["table"]["board_code"]
    st.markdown(_("**Table code:** {code}").format(code=f"`{code}`"))
    st.caption(_("Everybody joins on this page with the code, or opens this link:"))
    st.code(session.page_url(TABLES_SCRIPT, "", fragment=f"table={code}"), language=None)


def draw_joined(t: Translator) -> None:
    joined = st.session_state.get(JOINED)
    if not joined or not joined.get("pin"):
        return
    _ = t.gettext
    with st.container(border=True, key="tables_joined_box"):
        st.markdown(_("**Your PIN** — write it down: with the table code, your nickname and the PIN you can take "
                      "your seat back on another device. It is shown only now."))
        st.markdown(f"<div class='makao-pin' style='font-size:2.5rem;font-weight:800;letter-spacing:.2em'>"
                    f"{html.escape(joined['pin'])}</div>", unsafe_allow_html=True)
        st.button(_("I have written it down"), key="tables_joined_saved", icon=":material/check:",
                  on_click=lambda: st.session_state.pop(JOINED, None))


def draw_seats(view: dict[str, Any], t: Translator, maker: bool) -> None:
    """Who sits where: a person (present or away) or a computer player; the maker may remove a person."""
    _ = t.gettext
    me = (view.get("you") or {}).get("seat")
    for seat in view.get("seats") or ():
        row = st.columns([4, 1], vertical_alignment="center")
        row[0].markdown(name_markdown(seat_title(seat, me, t)))
        if maker and seat.get("kind") == "person":
            row[1].button(_("Remove"), key=f"tables_remove_{seat['seat']}", icon=":material/person_remove:",
                          on_click=_remove, args=(int(seat["seat"]),))


def draw_match(view: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    columns, rows = match_rows(view, t)
    if not rows:
        return
    st.subheader(t.gettext("Match table"), anchor=False)
    plain_table(pd.DataFrame([r[1:] for r in rows], index=[r[0] for r in rows], columns=columns))
    summary = match_summary(view, t)
    if summary:
        st.markdown(summary)
    st.caption(score_rule_text(rules, t))


def draw_round(view: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    """The seat's card table, its turn's time, the others' moves in words, and the round's end."""
    _ = t.gettext
    state = st.session_state
    rnd = view["round"]
    if not (view.get("you") or {}).get("present", True):
        st.warning(_("The club player is playing for you while you are away."), icon=":material/smart_toy:")
        st.button(_("I am back"), key="tables_come_back", type="primary", on_click=_come_back)
    if "hand" in rnd:
        choice = state.get(CHOICE) or Choice()
        data = table_data(view, rules, choice, t, four_colour=session.four_colour())
        card_table(data, key=TABLE_WIDGET, on_action=_on_table)
    else:
        count = len(rnd.get("log") or ())
        st.markdown(name_markdown(t.ngettext("Round {number}: {count} move so far.",
                                             "Round {number}: {count} moves so far.", count).format(
            number=view["table"]["round_no"], count=count)))
    kept = state.get(VIEW)
    left = model.seconds_left(view, int(view["table"]["now"] + (time.time() - (kept[2] if kept else time.time())) * 1000))
    if left is not None:
        st.caption(t.ngettext("Time left for this turn: {count} second", "Time left for this turn: {count} seconds",
                              left).format(count=left))
    news = state.get(NEWS)
    if news and news[0] == view["table"]["round_no"] and news[1]:
        with st.container(border=True, key="tables_news"):
            st.caption(_("The latest moves"))
            for line in news[1]:
                st.markdown(name_markdown(line))
    if rnd["over"]:
        draw_match(view, rules, t)
        if view["table"]["status"] == "finished":
            st.success(_("The match is over."))
        elif state.get(MAKER):
            st.button(_("Deal the next round"), key="tables_next_round", type="primary", icon=":material/replay:",
                      on_click=_next_round, args=(int(view["table"]["round_no"]),))
        else:
            st.caption(_("Whoever made the table deals the next round."))


@st.fragment(run_every=model.POLL_SECONDS)
def live_table() -> None:
    """The table's part of the page, polled every second: the lobby or the round."""
    t = _t()
    _ = t.gettext
    state = st.session_state
    store = _store()
    try:
        view = _poll(store)
        rules = _rules()
    except FAILURES as exc:
        _refused(exc)
        if failure(exc)[0] in ("seat_token_unknown", "maker_key_wrong", "table_code_unknown"):
            _forget_table()
            st.rerun(scope="app")
        view, rules = None, None
    message = state.pop(MESSAGE, None)
    if message:
        getattr(st, message[0])(message[1])
    if view is None or rules is None:
        return
    _news(view, rules)
    maker = bool(state.get(MAKER))
    table = view["table"]
    st.markdown(name_markdown(_("{rules} · round {number} of {rounds}").format(
        rules=_(rules.name), number=max(1, int(table["round_no"])), rounds=table["rounds"])))
    if table["status"] == "lobby":
        draw_code(view, t)
        st.subheader(_("Seats"), anchor=False)
        draw_seats(view, t, maker)
        if maker:
            st.button(_("Start the round"), key="tables_start", type="primary", icon=":material/play_arrow:",
                      on_click=_start)
        else:
            st.caption(_("Whoever made the table starts the round."))
        return
    draw_round(view, rules, t)
    with st.expander(_("Seats"), icon=":material/groups:"):
        if maker:
            draw_code(view, t)
        draw_seats(view, t, maker)


def draw() -> None:
    """The whole page."""
    t = _t()
    _ = t.gettext
    state = st.session_state
    linked = keeper.take_secret(state, "table")
    if linked:   # tables#table=CODE: the join form is filled in
        state[JOIN_CODE] = state[BACK_CODE] = linked[:20]
    st.caption(_("Two to six people at one table, each on their own phone. Each sees only their own cards; "
                 "seats nobody takes are played by computer players."))
    if state.get(TABLE_ID) is None:
        message = state.pop(MESSAGE, None)
        if message:
            getattr(st, message[0])(message[1])
        join, make = st.tabs([_("Join a table"), _("Make a table")])
        with join:
            draw_join(t)
        with make:
            draw_make(t)
        return
    draw_joined(t)
    live_table()
    if state.get(MAKER) and not state.get(TOKEN):
        with st.expander(_("Sit at this table yourself"), icon=":material/event_seat:"):
            draw_join(t)
    row = st.columns(2)
    if state.get(TOKEN):
        row[0].button(_("Leave the table"), key="tables_leave", icon=":material/logout:", on_click=_leave)
    else:
        row[0].button(_("Close this table on this device"), key="tables_close", icon=":material/close:",
                      on_click=_close_table)
