"""The Classes page: make a class, join one, and the teacher's live board; and the hooks that keep a pupil's progress.

Everything a session knows of a class lives in ``st.session_state``: the teacher key or the pupil
token, read once from a link (``#teacher=``, ``#pupil=``: after the ``#``, never sent to a server, taken
out of the address bar at once by ``ui.widgets.keeper``), and for a pupil also from this device's cookie
on a reload; a pupil's link or cookie is a one-time token, exchanged for the session's own. The storage is
reached through ``storage.streamlit_conn.get_storage`` only when a class is involved. Every
refusal of the storage is shown as a translated sentence (ui.classes.texts); nicknames and class
names are escaped wherever they are shown.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial

import altair as alt
import pandas as pd
import streamlit as st

from engine.ruleset import load_ruleset
from storage.board import Board, load_board
from storage.export import answers_csv, rounds_csv, summary_csv
from storage.repository import Storage
from storage.streamlit_conn import get_storage
from ui.classes import learning, model
from ui.classes import progress as saved
from ui.classes import quiz_page as live_quiz
from ui.classes.answers import answer_words, reason_words
from ui.classes.learning_board import pupil_rows, spread_text
from ui.classes.texts import (
    FAILURES,
    UNAVAILABLE,
    error_message,
    failure,
    link_refused_message,
    name_markdown,
    refusal_message,
)
from ui.present.i18n import LANGUAGES, Translator
from ui.present.rules_text import escape_markdown
from ui.shell import session
from ui.shell.client import current_client
from ui.widgets import keeper
from ui.widgets.kept import keep_open, keep_tab

SCRIPT = "app_pages/classes.py"
REFRESH_SECONDS = 5
# The board's bar charts: an axis label may run over several lines (model.chart_label), each band as tall.
LABEL_LINE_PX = 13
BAND_GAP_PX = 8
MIN_BAND_PX = 22
TEACHER_KEY = "classes_teacher_key"       # the teacher key of this session (never in the address bar)
NEW_TEACHER_LINK = "classes_new_link"     # the teacher link just made, shown this once
NEW_BOARD_LINK = "classes_new_board_link"  # the projector's read-only board link just made, shown this once
JOINED = "classes_joined"                 # {"link", "pin"} just after joining: shown this once
MESSAGE = "classes_message"               # (kind, code, where, params) of the latest action, for the next run
SHOWN = "classes_message_shown"           # that message during the run after the action (then it is gone)
LINK_REFUSED = "classes_link_refused"     # (code, params) of a ?pupil= link that opened nothing, until dismissed
LINK_RETRY = "classes_link_retry"         # a pupil link read while the database was away: opened on a later run
COOKIE_READ = "classes_cookie_read"       # this device's pupil cookie was looked at in this session
DEVICE_TOKEN = "classes_device_token"     # the token in this device's cookie (burned when the pupil leaves)
NEW_PIN = "classes_new_pin"               # (nickname, pin) just reset by the teacher
TOPIC_FILTER = "classes_topic_filter"
ONLY_STUCK = "classes_only_stuck"
TABS = "classes_tabs"                     # which of "Join a class" / "Make a class" is open
REJOIN_BOX = "classes_rejoin_box"         # the "Come back with your PIN" box, open or closed
MANAGE_BOX = "classes_manage_box"         # the teacher's "Manage the class" box
LEAVE_BOX = "classes_leave_box"           # the pupil's "Leave the class" box


def _t() -> Translator:
    return session.tr()


def _client() -> str | None:
    """The caller's address for the storage's per-client limits (None when it is not known)."""
    return current_client()


def _say(kind: str, code: str, where: str, **params) -> None:
    """Keeps the outcome of an action (a callback) for the run that follows it, to be shown at ``where``.

    A message is shown where the reader is looking: beside the form ("make", "join") or inside the
    box the action came from ("rejoin", "manage", "leave"); what has no place any more (a class
    deleted, a refused teacher key, having left) goes to "top", a container drawn on every run.
    """
    st.session_state[MESSAGE] = (kind, code, where, params)


def _refused(error: Exception, where: str) -> None:
    code, params = failure(error)
    _say("error", code, where, **params)


def _take_message() -> None:
    """Makes the latest action's message this run's: shown once, at its place, and gone on the next run."""
    st.session_state[SHOWN] = st.session_state.pop(MESSAGE, None)


def _show_message(t: Translator, where: str) -> None:
    message = st.session_state.get(SHOWN)
    if not message or message[2] != where:
        return
    kind, code, _where, params = message
    if kind == "error":
        st.error(error_message(code, params, t), icon=":material/error:")
    else:
        st.success(_success_text(code, params, t), icon=":material/check_circle:")


def _success_text(code: str, params: dict, t: Translator) -> str:
    _ = t.gettext
    return {
        "pupil_deleted": _("The pupil and everything saved for them are deleted."),
        "joining_open": _("New pupils may join the class."),
        "joining_closed": _("The class is closed to new pupils; its pupils can still come back."),
        "left": _("You left the class on this device. Your progress stays saved in the class."),
        "deleted_self": _("Your data is deleted from the class."),
        "class_deleted": _("The class, its pupils and all their answers are deleted."),
        "blocks_lifted": _("Pupils who were stopped after wrong PINs may try again now."),
        "link_rotated": _("A new teacher link is made: it is shown at the top of the board. The old link no "
                          "longer works."),
    }.get(code, _("Done."))


def _link(secret_kind: str, secret: str) -> str:
    """A link to the Classes page with its secret after ``#``: a browser never sends it to a server."""
    return session.page_url(SCRIPT, "", f"{secret_kind}={secret}")


def _enter_class(access, token: str) -> None:
    """Makes the session the pupil's; it follows the class's variant and language (the sidebar can change them)."""
    saved.become_pupil(st.session_state, access, token)
    st.session_state.pop(LINK_REFUSED, None)   # a refused link is answered by entering a class
    session.set_variant(access.info.ruleset)
    session.set_language(access.info.language)
    _remember_device(token)


def _remember_device(token: str) -> None:
    """Gives this device a cookie of its own (a one-time token), so that a reload comes back in."""
    state = st.session_state
    try:
        cookie = get_storage().device_token(token)
    except FAILURES:   # no cookie this time: the pupil comes back with the PIN
        return
    old = state.get(DEVICE_TOKEN)
    state[DEVICE_TOKEN] = cookie
    state[COOKIE_READ] = True
    keeper.keep_cookie(state, cookie)
    if old:
        _drop_token(old)


def _drop_token(token: str) -> None:
    """Burns one of the pupil's tokens; with the database away it is pruned a month after its last use."""
    with suppress(*FAILURES):
        get_storage().drop_token(token)


# ---------------------------------------------------------------------------- links and the pupil's progress

def follow_pupil_link() -> None:
    """Opens a pupil's class once per session: from a pupil link, else from this device's cookie.

    Called by the entrypoint on every page, before the page. The link's token (``#pupil=``, or
    ``?pupil=`` from an older version, taken out of the address bar at once) and the cookie's are
    one-time: exchanged for the session's own token and burned, so a copy in a log or the history
    opens nothing. The keeper that reads links and writes the cookie is drawn by the entrypoint, after
    ``st.navigation`` (see there).
    """
    state = st.session_state
    legacy = st.query_params.get("pupil")
    if legacy is not None:
        del st.query_params["pupil"]
    link = keeper.take_secret(state, "pupil") or legacy or state.pop(LINK_RETRY, None)
    if link:
        _open_pupil(link, from_link=True)
    elif saved.pupil_token(state) is None and not state.get(COOKIE_READ):
        cookie = keeper.device_cookie()
        state[COOKIE_READ] = cookie is None
        if cookie is not None:
            _open_pupil(cookie, from_link=False)


def _open_pupil(secret: str, from_link: bool) -> None:
    """Exchanges a link's or the cookie's token for the session's own and enters the class."""
    state = st.session_state
    try:
        access = get_storage().exchange(secret)
    except FAILURES as error:
        code, params = failure(error)
        if code == UNAVAILABLE:   # a database that cannot be reached is asked again on the next run
            state[saved.NOTICE] = (code, params)
            if from_link:
                state[LINK_RETRY] = secret
            return
        state[COOKIE_READ] = True
        if from_link:             # said on the page until the pupil closes it or joins (link_refused)
            state[LINK_REFUSED] = (code, params)
        return                    # a spent cookie (another tab took it, the pupil was deleted): anonymous
    if not from_link:
        state[DEVICE_TOKEN] = None   # the cookie's token is burned: _enter_class gives a new one
    _enter_class(access, access.token)


def pupil_banner(t: Translator, slot=None) -> None:
    """In the sidebar, whether and for whom progress is saved; a refused save pops up as a toast (seen on a phone too)."""
    state = st.session_state
    notice = state.get(saved.NOTICE)
    if notice:
        code, params = notice
        st.toast(error_message(code, params, t), icon=":material/cloud_off:")
        state[saved.NOTICE] = None
    pupil = state.get(saved.PUPIL)
    if not (saved.pupil_token(state) and pupil):
        return
    slot = slot if slot is not None else st.sidebar.empty()
    waiting = saved.unsaved(state)
    if waiting:   # D9: an answer the database did not take is said, not lost
        slot.warning(t.ngettext(
            "Not saved yet: {count} answer or result. It is kept in this tab and saved as soon as the class can "
            "be reached again, so keep this tab open.",
            "Not saved yet: {count} answers or results. They are kept in this tab and saved as soon as the class "
            "can be reached again, so keep this tab open.", waiting).format(count=waiting),
            icon=":material/cloud_off:")
    else:
        slot.caption(":material/cloud_done: " + escape_markdown(t.gettext(
            "Your progress is saved in the class {name} as {nickname}.")).format(
            name=name_markdown(pupil["class_name"]), nickname=name_markdown(pupil["nickname"])))


def _close_link_refused() -> None:
    st.session_state.pop(LINK_REFUSED, None)


def link_refused(t: Translator) -> None:
    """Above the page, until closed or until the pupil enters a class: the pupil link that opened nothing.

    A toast vanished before a pupil had read it; the link is read on every page, so the message is
    drawn on every page.
    """
    state = st.session_state
    refused = state.get(LINK_REFUSED)
    if not refused:
        return
    code, params = refused
    with st.container(key="classes_link_refused"):
        st.warning(link_refused_message(code, params, t), icon=":material/link_off:")
        st.button(t.gettext("Close this message"), key="classes_link_refused_close", icon=":material/close:",
                  on_click=_close_link_refused)


@contextmanager
def saved_progress(practice_types: tuple[type, type] | None = None,
                   question: Callable[[], object] | None = None,
                   rounds: Callable[[], list[saved.Round]] | None = None) -> Iterator[None]:
    """Around every page: a pupil's progress read back before it, what it changed saved after it.

    The entrypoint wraps ``navigation.run()`` in it (Learn and Practice cannot import this
    feature, and their page scripts stay thin). For anonymous sessions it does nothing but say, above
    the page, that a pupil link opened nothing (link_refused); it never touches the database.
    ``practice_types`` (Practice's Progress and TopicScore) and ``question`` (the drill on the
    Practice page's screen) come from the entrypoint too.
    """
    state = st.session_state
    link_refused(_t())
    if saved.pupil_token(state) is None and not state.get(saved.NOTICE):
        yield
        return
    saved.restore_into_session(state, get_storage, practice_types)
    learning.restore_learning(state, get_storage)      # review cards, rating, path: issue 29
    slot = st.sidebar.empty()   # filled after the page, once this run's answer is saved or queued
    try:
        yield
    finally:
        saved.sync_learn(state, get_storage)
        if question is not None:
            saved.sync_practice(state, get_storage, question)
        if rounds is not None:   # the Play page's finished rounds (won, points, place, checker mistakes)
            saved.sync_play(state, get_storage, rounds)
        learning.sync_learning(state, get_storage)
        pupil_banner(_t(), slot)


# ---------------------------------------------------------------------------- making a class

def _create(t: Translator) -> None:
    state = st.session_state
    variant = state.get("classes_form_ruleset") or session.variant()
    try:
        made = get_storage().create_class(
            state.get("classes_form_name", ""), variant, state.get("classes_form_language") or session.language(),
            lessons=state.get("classes_form_lessons") or [], drills=state.get("classes_form_drills") or [],
            quiz=state.get("classes_form_quiz") or [], client=_client())
    except FAILURES as error:
        _refused(error, "make")
        return
    state[TEACHER_KEY] = made.teacher_key
    state[NEW_TEACHER_LINK] = _link("teacher", made.teacher_key)


def create_form(t: Translator) -> None:
    """The form a teacher fills to make a class."""
    _ = t.gettext
    variants = session.available_variants()
    if st.session_state.get("classes_form_ruleset") not in variants:
        st.session_state["classes_form_ruleset"] = session.variant()
    if st.session_state.get("classes_form_language") not in LANGUAGES:
        st.session_state["classes_form_language"] = session.language()
    st.markdown(_("Make a class and write its code on the board: your pupils join on their own phones, and "
                  "your board shows their answers as they come in."))
    st.text_input(_("Name of the class"), key="classes_form_name", max_chars=80, placeholder=_("e.g. 4b, Tuesday"),
                  persist_state="session")
    left, right = st.columns(2)
    left.selectbox(_("Variant"), variants, key="classes_form_ruleset",
                   format_func=lambda v: _(load_ruleset(v).name), persist_state="session")
    right.selectbox(_("Language of the class"), list(LANGUAGES), key="classes_form_language",
                    format_func=LANGUAGES.__getitem__, persist_state="session")
    variant = st.session_state["classes_form_ruleset"]
    lessons = [s.id for s in model.lesson_choices(variant)]
    drills = [d.id for d in model.drill_choices(variant)]
    for name, options in (("classes_form_lessons", lessons), ("classes_form_drills", drills),
                          ("classes_form_quiz", drills)):
        st.session_state[name] = [x for x in st.session_state.get(name, []) if x in options]
    st.multiselect(_("Lessons"), lessons, key="classes_form_lessons", format_func=lambda i: model.lesson_title(i, t),
                   placeholder=_("All lessons of the variant"), persist_state="session", select_all=False)
    st.multiselect(_("Drills to practise"), drills, key="classes_form_drills",
                   format_func=lambda i: model.drill_label(i, t), placeholder=_("All drills of the variant"),
                   persist_state="session", select_all=False)
    st.multiselect(_("Class quiz"), drills, key="classes_form_quiz", format_func=lambda i: model.drill_label(i, t),
                   max_selections=model.MAX_QUIZ, placeholder=_("No quiz"),
                   help=t.ngettext("At most {count} question, asked in this order.",
                                   "At most {count} questions, asked in this order.", model.MAX_QUIZ).format(
                       count=model.MAX_QUIZ), persist_state="session", select_all=False)
    st.button(_("Make the class"), key="classes_create", type="primary", icon=":material/add_circle:",
              on_click=_create, args=(t,))
    _show_message(t, "make")


# ---------------------------------------------------------------------------- joining

def _join(t: Translator) -> None:
    state = st.session_state
    try:
        access = get_storage().join(state.get("classes_join_code", ""), state.get("classes_join_nickname", ""),
                                    client=_client())
    except FAILURES as error:
        _refused(error, "join")
        return
    _enter_class(access, access.token)
    state[JOINED] = {"link": _device_link(access.token), "pin": access.pin}


def _rejoin(t: Translator) -> None:
    state = st.session_state
    try:
        access = get_storage().rejoin(state.get("classes_rejoin_code", ""), state.get("classes_rejoin_nickname", ""),
                                      state.get("classes_rejoin_pin", ""), client=_client())
    except FAILURES as error:
        _refused(error, "rejoin")
        return
    _enter_class(access, access.token)
    state[JOINED] = {"link": _device_link(access.token), "pin": None}


def _device_link(token: str) -> str | None:
    """A link that opens the pupil's progress once, on another device (None if it cannot be made now)."""
    try:
        return _link("pupil", get_storage().device_token(token))
    except FAILURES:
        return None


def join_form(t: Translator) -> None:
    """Joining with the class code and a nickname; coming back on another device with the PIN."""
    _ = t.gettext
    st.markdown(_("Type the code your teacher wrote on the board and choose a nickname (not your full name)."))
    left, right = st.columns(2)
    left.text_input(_("Class code"), key="classes_join_code", max_chars=20, placeholder="K7QM-2XVD",
                    persist_state="session")
    right.text_input(_("Nickname"), key="classes_join_nickname", max_chars=24, persist_state="session")
    st.button(_("Join the class"), key="classes_join", type="primary", icon=":material/login:", on_click=_join,
              args=(t,))
    _show_message(t, "join")
    keep_open(REJOIN_BOX)
    with st.expander(_("Joined before, on another device? Come back with your PIN"), icon=":material/key:",
                     key=REJOIN_BOX, on_change="rerun"):
        a, b, c = st.columns(3)
        a.text_input(_("Class code"), key="classes_rejoin_code", max_chars=20, persist_state="session")
        b.text_input(_("Nickname"), key="classes_rejoin_nickname", max_chars=24, persist_state="session")
        c.text_input(_("PIN"), key="classes_rejoin_pin", max_chars=4, type="password")   # a secret: not kept
        st.button(_("Come back"), key="classes_rejoin", icon=":material/restore:", on_click=_rejoin, args=(t,))
        _show_message(t, "rejoin")


def _leave_device() -> None:
    state = st.session_state
    for token in (saved.pupil_token(state), state.pop(DEVICE_TOKEN, None)):
        if token:
            _drop_token(token)
    saved.forget_pupil(state)
    state.pop(JOINED, None)
    keeper.keep_cookie(state, None)
    _say("success", "left", "top")


def _delete_self() -> None:
    token = saved.pupil_token(st.session_state)
    try:
        get_storage().leave(token)
    except FAILURES as error:
        _refused(error, "leave")
        return
    _leave_device()
    _say("success", "deleted_self", "top")


def _start_quiz(which: str) -> None:
    saved.open_class_quiz(st.session_state, which)


def pupil_view(t: Translator) -> None:
    """What a pupil of a class sees: their class, a link for another device and the PIN (once), their progress."""
    _ = t.gettext
    state = st.session_state
    pupil = state[saved.PUPIL]
    st.markdown(_("You are **{nickname}** in the class **{name}** (code {code}).").format(
        nickname=name_markdown(pupil["nickname"]), name=name_markdown(pupil["class_name"]), code=pupil["code"]))
    live_quiz.pupil_panel()   # the teacher's live quiz, when one runs
    _joined_box(state.get(JOINED), t)
    try:
        mine = get_storage().progress(saved.pupil_token(state))
    except FAILURES as error:
        if failure(error)[0] == "pupil_token_unknown":   # deleted by the teacher: the session is anonymous again
            saved.forget_pupil(state)
        st.error(refusal_message(error, t), icon=":material/error:")
        return
    _pupil_totals(mine, t)
    _pupil_links(pupil, t)
    _pupil_lessons(pupil, mine, t)
    _leave_box(t)


def _joined_box(joined: dict | None, t: Translator) -> None:
    """Just after joining or coming back: a link that opens the progress once on another device, and the PIN."""
    if not joined:
        return
    _ = t.gettext
    with st.container(border=True, key="classes_joined_box"):
        if joined.get("link"):
            st.markdown(_("**A link for another device** — it opens your progress once, on one device, which then "
                          "remembers you. This device already remembers you."))
            st.code(joined["link"], language=None)
        if joined.get("pin"):
            st.markdown(_("**Your PIN** — write it down: with the class code, your nickname and the PIN you can "
                          "come back on another device. It is shown only now."))
            st.markdown(f"<div class='makao-pin' style='font-size:2.5rem;font-weight:800;"
                        f"letter-spacing:.2em'>{html.escape(joined['pin'])}</div>", unsafe_allow_html=True)
        st.button(_("I have written it down"), key="classes_joined_saved", icon=":material/check:",
                  on_click=lambda: st.session_state.pop(JOINED, None))


def _pupil_totals(mine, t: Translator) -> None:
    """The pupil's own answers, right answers, stars and Play rounds."""
    _ = t.gettext
    cols = st.columns(3)
    cols[0].metric(_("Answers saved"), len(mine.answers))
    cols[1].metric(t.pgettext("count of right answers", "Right"), sum(1 for a in mine.answers if a.correct))
    cols[2].metric(_("Lesson stars"), sum(mine.stars.values()))
    lines = model.play_lines(mine.rounds, t)   # the pupil's own Play rounds, places and mistakes, as the board shows them
    if lines:
        st.caption("  \n".join(escape_markdown(line) for line in lines))


def _pupil_links(pupil: dict, t: Translator) -> None:
    """The class quiz, the class's drills, Lessons and Practice."""
    _ = t.gettext
    links = st.columns(4)
    if pupil.get("quiz") and links[0].button(_("Start the class quiz"), key="classes_start_quiz", type="primary",
                                             icon=":material/quiz:", on_click=_start_quiz, args=("quiz",)):
        st.switch_page("app_pages/practice.py")
    if pupil.get("drills") and links[1].button(_("Practise the class's drills"), key="classes_start_drills",
                                               icon=":material/fitness_center:", on_click=_start_quiz,
                                               args=("drills",)):
        st.switch_page("app_pages/practice.py")
    links[2].page_link("app_pages/learn.py", label=_("Lessons"), icon=":material/school:")
    links[3].page_link("app_pages/practice.py", label=_("Practice"), icon=":material/fitness_center:")


def _pupil_lessons(pupil: dict, mine, t: Translator) -> None:
    """The class's lessons and the pupil's stars in each."""
    _ = t.gettext
    lessons = pupil.get("lessons") or [s.id for s in model.lesson_choices(pupil["ruleset"])]
    if not lessons:
        return
    st.markdown("**" + escape_markdown(_("Lessons of the class")) + "**")
    st.markdown("\n".join(
        f"- {escape_markdown(model.lesson_title(lesson_id, t))} — "
        + (model.star_text(mine.stars[lesson_id]) if lesson_id in mine.stars else escape_markdown(_("not done yet")))
        for lesson_id in lessons))


def _leave_box(t: Translator) -> None:
    """Leaving on this device, or deleting everything saved for the pupil."""
    _ = t.gettext
    keep_open(LEAVE_BOX)
    with st.expander(_("Leave the class"), icon=":material/logout:", key=LEAVE_BOX, on_change="rerun"):
        st.button(_("Leave on this device (your progress stays saved)"), key="classes_leave",
                  icon=":material/logout:", on_click=_leave_device)
        sure = st.checkbox(_("Yes, delete everything saved for me in this class"), key="classes_delete_self_sure")
        st.button(_("Delete my data"), key="classes_delete_self", icon=":material/delete_forever:",
                  disabled=not sure, on_click=_delete_self)
        _show_message(t, "leave")


# ---------------------------------------------------------------------------- the teacher's board

def _teacher_key() -> str | None:
    """The teacher key (or the projector's board key) of this session, read once from ``?teacher=``
    (``?board=``) and then taken out of the address bar."""
    state = st.session_state
    for name in ("teacher", "board"):
        secret = keeper.take_secret(state, name)
        if name in st.query_params:   # a link of an older version: out of the address bar at once
            secret = st.query_params.get(name) or ""
            del st.query_params[name]
        if secret is not None:
            state[TEACHER_KEY] = secret
    key = state.get(TEACHER_KEY)
    return key if isinstance(key, str) else None


def _forget_teacher() -> None:
    for name in (TEACHER_KEY, NEW_TEACHER_LINK, NEW_PIN, NEW_BOARD_LINK):
        st.session_state.pop(name, None)


def _teacher_action(action: Callable[[Storage, str], object], success: str | None = None) -> object:
    key = st.session_state.get(TEACHER_KEY)
    try:
        result = action(get_storage(), key)
    except FAILURES as error:
        code, params = failure(error)
        if code in ("teacher_key_wrong", "teacher_key_revoked", "class_code_unknown"):
            _forget_teacher()   # no board to show it in: the message goes above the join and make forms
            _say("error", code, "top", **params)
        else:
            _say("error", code, "manage", **params)
        return None
    if success:
        _say("success", success, "top" if success == "class_deleted" else "manage")
    return result


def _rotate() -> None:
    new_key = _teacher_action(lambda store, key: store.rotate_teacher_key(key, client=_client()))
    if new_key:
        st.session_state[TEACHER_KEY] = new_key
        st.session_state[NEW_TEACHER_LINK] = _link("teacher", new_key)
        _say("success", "link_rotated", "manage")


def _set_joining() -> None:
    wanted = bool(st.session_state.get("classes_joining_open"))
    _teacher_action(lambda store, key: store.set_joining(key, wanted, client=_client()),
                    "joining_open" if wanted else "joining_closed")


def _delete_pupil(names: dict[int, str]) -> None:
    pupil_id = st.session_state.get("classes_manage_pupil")
    if pupil_id is None:
        return
    _teacher_action(lambda store, key: store.delete_pupil(key, int(pupil_id), client=_client()), "pupil_deleted")
    st.session_state["classes_delete_pupil_sure"] = False


def _reset_pin(names: dict[int, str]) -> None:
    pupil_id = st.session_state.get("classes_manage_pupil")
    if pupil_id is None:
        return
    pin = _teacher_action(lambda store, key: store.reset_pin(key, int(pupil_id), client=_client()))
    if pin:
        st.session_state[NEW_PIN] = (names.get(int(pupil_id), ""), pin)


def _new_board_link() -> None:
    board_key = _teacher_action(lambda store, key: store.new_board_key(key, client=_client()))
    if board_key:
        st.session_state[NEW_BOARD_LINK] = _link("board", board_key)


def _lift_blocks() -> None:
    _teacher_action(lambda store, key: store.lift_blocks(key, client=_client()), "blocks_lifted")


def _delete_class() -> None:
    if _teacher_action(lambda store, key: store.delete_class(key, client=_client()) or True, "class_deleted"):
        _forget_teacher()


def _code_block(info, t: Translator) -> None:
    _ = t.gettext
    title, how = _("Class code"), _("Join on the Classes page of this app.")
    st.markdown(
        f"<div style='text-align:center'><div style='font-size:1.2rem'>{html.escape(title)}</div>"
        f"<div class='makao-class-code' style='font-size:clamp(3rem,9vw,7rem);font-weight:800;"
        f"letter-spacing:.08em;font-family:monospace'>{html.escape(info.board_code)}</div>"
        f"<div style='font-size:1.2rem'>{html.escape(how)}</div></div>",
        unsafe_allow_html=True)


def _filters(board: Board, t: Translator) -> tuple[tuple[str, ...], bool]:
    """The topic filter and the stuck-only switch (kept in session_state across the board's refreshes)."""
    _ = t.gettext
    topics = list(board.topics)
    chosen = [x for x in st.session_state.get(TOPIC_FILTER, []) if x in topics]
    st.session_state[TOPIC_FILTER] = chosen
    st.multiselect(_("Topics on the board"), topics, key=TOPIC_FILTER,
                   format_func=lambda x: model.topic_name(x, board.info.ruleset, t),
                   placeholder=_("Topics answered so far"), persist_state="session", select_all=False)
    # A line of its own, wrapping when it must: in a narrow column the label was cut ("Only pupils who ar…")
    # on a 1024 px projector, and in Polish even at 1280 px.
    st.toggle(_("Only pupils who are stuck"), key=ONLY_STUCK, wrap=True, persist_state="session")
    shown = tuple(chosen) if chosen else tuple(
        x for x in topics if any(board.cell(p.pupil_id, x).attempts for p in board.pupils)) or tuple(topics[:6])
    return shown, bool(st.session_state.get(ONLY_STUCK))


def _question_table(rows: tuple[model.QuestionRow, ...], t: Translator) -> None:
    _ = t.gettext
    esc = html.escape
    names = ["#", _("Question"), t.pgettext("count of right answers", "Right"), _("Answers"), _("Most common wrong answer"), _("Why it is wrong")]
    head = "<tr>" + "".join(f"<th>{esc(name)}</th>" for name in names) + "</tr>"
    body = []
    for i, row in enumerate(rows, start=1):
        percent = f"{row.percent:.0f} %" if row.percent is not None else "–"
        wrong = (t.ngettext("{answer} ({count} time)", "{answer} ({count} times)", row.common_wrong_count).format(
            answer=row.common_wrong, count=row.common_wrong_count) if row.common_wrong else "")
        marker = "" if row.in_quiz else " " + _("(practice)")
        body.append(f"<tr data-question='{esc(row.question_id)}'><td>{i}</td><td>{esc(row.title + marker)}<br>"
                    f"<small>{esc(row.topic)}</small></td><td><b>{esc(percent)}</b></td><td>{row.answers}</td>"
                    f"<td>{esc(wrong)}</td><td>{esc(row.reason)}</td></tr>")
    st.markdown(f"<div style='overflow-x:auto'><table class='makao-questions' "
                f"style='width:100%;font-size:1.05rem'>{head}{''.join(body)}</table></div>", unsafe_allow_html=True)


def _label_axis(labels: pd.Series) -> tuple[alt.Axis, alt.Step]:
    """A category axis whose labels show every line of model.chart_label, and a band tall enough for them."""
    lines = int(labels.str.count("\n").max()) + 1
    axis = alt.Axis(labelExpr="split(datum.label, '\\n')", labelLimit=0, labelLineHeight=LABEL_LINE_PX)
    return axis, alt.Step(max(MIN_BAND_PX, lines * LABEL_LINE_PX + BAND_GAP_PX))


def _charts(board: Board, topics: tuple[str, ...], rows: tuple[model.QuestionRow, ...], t: Translator) -> None:
    _ = t.gettext
    left, right = st.columns(2)
    counts = pd.DataFrame(model.status_counts(board, topics, t))
    if board.pupils and not counts.empty:
        colours = counts.drop_duplicates("status").sort_values("order")
        axis, band = _label_axis(counts["label"])
        chart = alt.Chart(counts).mark_bar().encode(
            # Pupils are counted: whole numbers on the axis (it read 0.0, 0.5, 1.0 with one pupil).
            x=alt.X("pupils:Q", title=_("Pupils"), stack="zero", axis=alt.Axis(tickMinStep=1, format="d")),
            y=alt.Y("label:N", title=None, sort=None, axis=axis),
            color=alt.Color("status:N", title=None, sort=list(colours["status"]),
                            scale=alt.Scale(domain=list(colours["status"]), range=list(colours["colour"]))),
            order=alt.Order("order:Q"),
            tooltip=[alt.Tooltip("topic:N", title=_("Topic")), alt.Tooltip("status:N", title=_("Status")),
                     alt.Tooltip("pupils:Q", title=_("Pupils"))]).properties(height=band)
        left.altair_chart(chart, width="stretch", alt=_("Pupils per topic by status"))
    bars = pd.DataFrame(model.question_chart_rows(rows))
    if not bars.empty:
        axis, band = _label_axis(bars["label"])
        chart = alt.Chart(bars).mark_bar(color="#1971c2").encode(
            x=alt.X("percent:Q", title=t.pgettext("share of right answers", "Right (%)"), scale=alt.Scale(domain=[0, 100])),
            y=alt.Y("label:N", title=None, sort=None, axis=axis),
            tooltip=[alt.Tooltip("question:N", title=_("Question")), alt.Tooltip("percent:Q", title=t.pgettext("share of right answers", "Right (%)")),
                     alt.Tooltip("answers:Q", title=_("Answers"))]).properties(height=band)
        right.altair_chart(chart, width="stretch", alt=_("Right answers per question"))


@st.fragment(run_every=REFRESH_SECONDS)
def live_board() -> None:
    """The part of the board that refreshes by itself: grid, questions, who is stuck, charts."""
    t = _t()
    key = st.session_state.get(TEACHER_KEY)
    if not key:
        return
    try:
        board = load_board(get_storage(), key, client=_client())
    except FAILURES as error:
        st.error(refusal_message(error, t), icon=":material/error:")
        return
    topics, only_stuck = _filters(board, t)
    _board_counts(board, t)
    if not board.pupils:
        st.info(t.gettext("Nobody has joined yet. Pupils join on the Classes page with the code above."),
                icon=":material/hourglass_empty:")
        return
    rows = model.grid(board, topics, t, only_stuck)
    st.markdown(model.grid_html(board, topics, rows, t), unsafe_allow_html=True)
    if only_stuck and not rows:
        st.caption(escape_markdown(t.gettext("Nobody is stuck on these topics.")))
    _stuck_list(board, t)
    questions = model.question_rows(board, t)
    st.subheader(t.gettext("Questions"), anchor=False)
    if questions:
        _question_table(questions, t)
    else:
        st.caption(escape_markdown(t.gettext("No question answered yet.")))
    _charts(board, topics, questions, t)
    if board.lesson_ids:
        st.subheader(t.gettext("Lesson stars"), anchor=False)
        st.markdown(model.lessons_html(board, t), unsafe_allow_html=True)
    _learning_board(key, board, t)


def _learning_board(key: str, board: Board, t: Translator) -> None:
    """The path positions and ratings of the class's pupils (those who have a learner record)."""
    _ = t.gettext
    st.subheader(_("Learning path and ratings"), anchor=False)
    try:
        records = get_storage().class_learning(key, client=_client())
    except FAILURES as error:
        st.error(refusal_message(error, t), icon=":material/error:")
        return
    if not records:
        st.caption(_("No pupil has answered a placement or a drill yet."))
        return
    rows = pupil_rows(records, board.info.ruleset, t)
    st.caption(spread_text(rows, t))
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _board_counts(board: Board, t: Translator) -> None:
    """How many pupils and answers the board holds."""
    pupils = len(board.pupils)
    answers = sum(p.answers for p in board.pupils)
    st.markdown("**" + escape_markdown(t.ngettext("{count} pupil", "{count} pupils", pupils).format(count=pupils))
                + "** · " + escape_markdown(t.ngettext("{count} answer", "{count} answers", answers).format(
                    count=answers)))


def _stuck_list(board: Board, t: Translator) -> None:
    """Who is stuck where: the pupil, the topic, the wrong answers in a row, the latest one and why."""
    st.subheader(t.gettext("Who is stuck where"), anchor=False)
    stuck = model.stuck_rows(board, t)
    if not stuck:
        st.caption(escape_markdown(t.gettext("Nobody is stuck: nobody has 3 wrong answers in a row on a topic.")))
        return
    lines = []
    for s in stuck:
        line = t.ngettext("**{nickname}** — {topic}: {count} wrong answer in a row",
                          "**{nickname}** — {topic}: {count} wrong answers in a row", s.wrong_in_a_row).format(
            nickname=name_markdown(s.nickname), topic=escape_markdown(s.topic), count=s.wrong_in_a_row)
        if s.answer:
            line += " · " + escape_markdown(t.gettext("last: {answer}").format(answer=s.answer))
        if s.reason:
            line += " · " + escape_markdown(s.reason)
        lines.append("- " + line)
    st.markdown("\n".join(lines))


def _csv_header(t: Translator) -> Callable[[str], str]:
    _ = t.gettext
    names = {"nickname": _("nickname"), "joined_utc": _("joined (UTC)"), "answers": _("answers"),
             "correct": t.pgettext("CSV column: number of right answers", "right"), "stars": _("stars"), "lessons_done": _("lessons done"),
             "rounds_played": _("rounds played"), "rounds_won": _("rounds won"), "points": t.pgettext("CSV column: game points", "points"),
             "answered_utc": _("answered (UTC)"), "kind": t.pgettext("CSV column: what was answered (quiz, drill, lesson)", "kind"), "question_id": _("question"),
             "variant": _("variant"), "topic": _("topic"), "answer": t.pgettext("CSV column: the pupil's answer", "answer"), "reason": _("reason"),
             "question_title": _("question (words)"), "answer_code": _("answer (code)"), "reason_code": _("reason (code)"),
             "average_place": _("average place"), "rounds_first": _("rounds first"),
             "rounds_placed": _("rounds with a known place"), "checker_mistakes": _("checker mistakes"),
             "rounds_checked": _("rounds checked"), "played_utc": _("played (UTC)"), "players": _("players"),
             "won": _("won (1/0)"), "place": t.pgettext("CSV column: place in the round as a number", "place"),
             "result": t.pgettext("CSV column: how the round ended for the pupil", "result"),
             "place_words": _("place (words)"), "checker": _("move checker"), "variant_code": _("variant (code)")}
    return lambda name: names.get(name, name)


def _answer_words(t: Translator, question_id: str, answer: str, reason: str) -> tuple[str, str, str]:
    """A stored answer in the teacher's words: the question's title, the answer, why it was wrong."""
    drill = model.drill_by_id(question_id)
    if drill is None:   # a generated question (its id names no shipped drill): only the codes say it
        return "", answer, ""
    return model.drill_label(question_id, t), answer_words(drill, answer, t), reason_words(drill, answer, reason, t)


def _round_words(t: Translator, variant: str, players: int, won: bool, place: int | None,
                 mistakes: int | None) -> tuple[str, str, str, str]:
    """A stored Play round in the teacher's words: the variant's name, the result, the place, the checker's count."""
    try:
        name = t.gettext(load_ruleset(variant).name)
    except (OSError, ValueError, KeyError):   # a variant this server no longer ships: its code says it
        name = variant
    result = t.gettext("won (went out first)") if won else t.gettext("did not win")
    place_words = t.gettext("not known") if place is None else t.gettext(
        "place {place} of {players} (1 = went out first)").format(place=place, players=players)
    checker = t.gettext("not counted (the move checker was off)") if mistakes is None else t.ngettext(
        "{count} mistake", "{count} mistakes", mistakes).format(count=mistakes)
    return name, result, place_words, checker


def _rounds_data(key: str, header: Callable[[str], str]) -> str:
    """Every Play round as CSV, read when the teacher clicks (an empty file if the key stopped working meanwhile)."""
    try:
        return rounds_csv(get_storage(), key, header=header, client=_client(), words=partial(_round_words, _t()))
    except FAILURES:
        return ""


def _summary_data(key: str, header: Callable[[str], str]) -> str:
    """The summary CSV, read when the teacher clicks (an empty file if the key stopped working meanwhile)."""
    try:
        return summary_csv(load_board(get_storage(), key, client=_client()), header=header)
    except FAILURES:
        return ""


def _answers_data(key: str, header: Callable[[str], str]) -> str:
    """Every answer as CSV, read when the teacher clicks (an empty file if the key stopped working meanwhile)."""
    try:
        return answers_csv(get_storage(), key, header=header, client=_client(), words=partial(_answer_words, _t()))
    except FAILURES:
        return ""


def _manage(info, board_names: dict[int, str], t: Translator) -> None:
    _ = t.gettext
    state = st.session_state
    keep_open(MANAGE_BOX)
    with st.expander(_("Manage the class"), icon=":material/settings:", key=MANAGE_BOX, on_change="rerun"):
        _show_message(t, "manage")   # the outcome of the last change, where the teacher made it
        state["classes_joining_open"] = info.joining_open
        st.toggle(_("New pupils may join"), key="classes_joining_open", on_change=_set_joining)
        st.button(_("Make a new teacher link"), key="classes_rotate", icon=":material/key:", on_click=_rotate,
                  help=_("The current teacher link stops working at once, on every device."))
        st.button(_("Make a projector link"), key="classes_board_link", icon=":material/co_present:",
                  on_click=_new_board_link,
                  help=_("A link that shows this board and nothing else: open it on the computer at the projector. "
                         "It cannot delete, change or download anything. An earlier projector link stops working."))
        board_link = state.get(NEW_BOARD_LINK)
        if board_link:
            st.info(_("Projector link (read-only): it shows this board only. Open it at the projector instead of "
                      "your teacher link."), icon=":material/co_present:")
            st.code(board_link, language=None)
        if board_names:
            st.selectbox(_("Pupil"), list(board_names), key="classes_manage_pupil", format_func=board_names.__getitem__)
            left, right = st.columns(2)
            left.button(_("Give a new PIN"), key="classes_reset_pin", icon=":material/pin:", on_click=_reset_pin,
                        args=(board_names,))
            sure = right.checkbox(_("Yes, delete this pupil's data"), key="classes_delete_pupil_sure")
            right.button(_("Delete the pupil"), key="classes_delete_pupil", icon=":material/person_remove:",
                         disabled=not sure, on_click=_delete_pupil, args=(board_names,))
            st.button(_("Let pupils try their PIN again"), key="classes_lift_blocks", icon=":material/lock_open:",
                      on_click=_lift_blocks,
                      help=_("After too many wrong PINs a pupil, or the whole class, must wait up to 10 minutes "
                             "before coming back with a PIN. This lifts that wait now."))
            new_pin = state.get(NEW_PIN)
            if new_pin:
                st.info(escape_markdown(_("New PIN for {nickname}: {pin}")).format(nickname=name_markdown(new_pin[0]), pin=new_pin[1]),
                        icon=":material/pin:")
        st.divider()
        sure = st.checkbox(_("Yes, delete the whole class with all its pupils and answers"),
                           key="classes_delete_class_sure")
        st.button(_("Delete the class"), key="classes_delete_class", icon=":material/delete_forever:",
                  disabled=not sure, on_click=_delete_class)
        st.button(_("Leave the board on this device"), key="classes_leave_board", icon=":material/logout:",
                  on_click=_forget_teacher)


def teacher_view(t: Translator) -> bool:
    """The teacher's board; False when the session's key opens no class (the refusal is shown)."""
    _ = t.gettext
    key = st.session_state.get(TEACHER_KEY)
    try:
        board = load_board(get_storage(), key, client=_client())
    except FAILURES as error:
        st.error(refusal_message(error, t), icon=":material/lock:")
        _forget_teacher()
        return False
    info = board.info
    st.subheader(escape_markdown(_("Board of the class {name}")).format(name=name_markdown(info.name)), anchor=False)
    if board.read_only:   # the projector: the board, and nothing that changes or exports the class
        st.caption(escape_markdown(_("Projector view: this link shows the board only. The teacher manages the "
                                     "class with the teacher link.")))
        _code_block(info, t)
        live_quiz.quiz_panel(key, _client(), False, info.ruleset)   # the live quiz, without its buttons
        live_board()
        st.button(_("Leave the board on this device"), key="classes_leave_board", icon=":material/logout:",
                  on_click=_forget_teacher)
        return True
    link = st.session_state.get(NEW_TEACHER_LINK)
    if link:
        with st.container(border=True, key="classes_teacher_link_box"):
            st.warning(_("Your teacher link — keep it private and save it now: it opens this board and is shown "
                         "only once. Anyone with it can see and delete the class."), icon=":material/key:")
            st.code(link, language=None)
            st.button(_("I have saved it"), key="classes_link_saved", icon=":material/check:",
                      on_click=lambda: st.session_state.pop(NEW_TEACHER_LINK, None))
    _code_block(info, t)
    if not info.joining_open:
        st.caption(escape_markdown(_("The class is closed to new pupils.")))
    live_quiz.quiz_panel(key, _client(), True, info.ruleset)   # the live quiz with the teacher's buttons
    live_board()
    header = _csv_header(t)
    left, right, third = st.columns(3)
    stem = f"class-{info.code}"
    left.download_button(_("Download the results (CSV)"), data=partial(_summary_data, key, header),
                         file_name=f"{stem}-pupils.csv", mime="text/csv", key="classes_csv_summary",
                         icon=":material/download:", on_click="ignore")
    right.download_button(_("Download every answer (CSV)"), data=partial(_answers_data, key, header),
                          file_name=f"{stem}-answers.csv", mime="text/csv", key="classes_csv_answers",
                          icon=":material/download:", on_click="ignore")
    third.download_button(_("Download every Play round (CSV)"), data=partial(_rounds_data, key, header),
                          file_name=f"{stem}-rounds.csv", mime="text/csv", key="classes_csv_rounds",
                          icon=":material/download:", on_click="ignore")
    _manage(info, {p.pupil_id: p.nickname for p in board.pupils}, t)
    return True


# ---------------------------------------------------------------------------- the page

def draw() -> None:
    """Draws the Classes page: the teacher's board with a teacher key, the pupil's class, or join and make."""
    t = _t()
    _ = t.gettext
    key = _teacher_key()
    _take_message()
    with st.container(key="classes_top_message"):   # drawn on every run, so nothing below it moves
        _show_message(t, "top")
    if key is not None and teacher_view(t):
        return
    state = st.session_state
    if saved.pupil_token(state) and state.get(saved.PUPIL):
        pupil_view(t)
        return
    # Keyed and tracking their state, the tabs stay on the tab the user chose across reruns (a
    # message above them, a refusal) and, through keep_tab, across a visit to another page.
    labels = {"join": _("Join a class"), "make": _("Make a class (teachers)")}
    keep_tab(TABS, labels)
    join, make = st.tabs(list(labels.values()), key=TABS, on_change="rerun")
    with join:
        join_form(t)
    with make:
        create_form(t)

