"""Makao Tutor's entrypoint: page config, session defaults, language and variant, navigation."""
from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

from engine.ruleset import load_ruleset
from ui.classes.page import follow_pupil_link, saved_progress
from ui.play.model import finished_rounds
from ui.play.page import GAME as PLAY_GAME
from ui.practice.score import Progress, TopicScore
from ui.practice.state import current_question
from ui.present.i18n import LANGUAGES
from ui.present.input_text import link_notice_text
from ui.shell import session
from ui.shell.layout import accessible_styles, localized_widget_styles
from ui.shell.pages import PAGES, page_title
from ui.widgets import keeper
from ui.widgets.kept_record import keep_learning_record


def _on_language_picked() -> None:
    session.set_language(st.session_state[session.LANGUAGE_PICKER])


def _on_variant_picked() -> None:
    session.set_variant(st.session_state[session.VARIANT_PICKER])


def _on_four_colour_picked() -> None:
    session.set_four_colour(st.session_state[session.FOUR_COLOUR_PICKER])


def sidebar_pickers() -> None:
    """Draws the language and variant pickers; the state keys, not the widgets, hold the choice."""
    t = session.tr()
    _ = t.gettext
    st.session_state[session.LANGUAGE_PICKER] = session.language()
    st.sidebar.selectbox(
        ":material/translate: " + _("Language"),
        options=list(LANGUAGES),
        format_func=LANGUAGES.__getitem__,
        key=session.LANGUAGE_PICKER,
        on_change=_on_language_picked,
    )
    st.session_state[session.VARIANT_PICKER] = session.variant()
    st.sidebar.selectbox(
        ":material/style: " + _("Variant"),
        options=session.available_variants(),
        format_func=lambda variant_id: _(load_ruleset(variant_id).name),
        key=session.VARIANT_PICKER,
        on_change=_on_variant_picked,
        help=_("The rules the whole app follows: the rules page, and every game and lesson."),
    )
    st.session_state[session.FOUR_COLOUR_PICKER] = session.four_colour()
    st.sidebar.toggle(
        ":material/palette: " + _("Four-colour cards"),
        key=session.FOUR_COLOUR_PICKER,
        on_change=_on_four_colour_picked,
        help=_("Clubs green and diamonds blue, so that no two suits share a colour."),
    )


def document_language() -> None:
    """Sets ``<html lang>`` to the session's language, so screen readers and hyphenation follow it (D7).

    The code comes from the supported list only (``session.language``), never from the link's text.
    """
    code = session.language()
    st.sidebar.html(f"<script>document.documentElement.lang = {json.dumps(code)};</script>",
                    unsafe_allow_javascript=True, width="content")


def link_notices() -> None:
    """Says once which ``?lang=``/``?variant=`` of the link was not followed, and what opens instead (D6)."""
    t = session.tr()
    for kind, params in session.take_link_notices():
        st.warning(link_notice_text(kind, params, t, language=LANGUAGES[session.language()],
                                    variant=t.gettext(session.ruleset().name)), icon=":material/link_off:")


# The tab's icon is a file shipped with the app: a Material icon would be fetched as a web font,
# which fails offline (walkthrough defect 15).
ICON = Path(__file__).resolve().parent / "ui" / "shell" / "icon.png"


def main() -> None:
    st.set_page_config(
        page_title="Makao Tutor",
        page_icon=str(ICON),
        layout="centered",
        # "auto": open on a wide screen, folded on a phone, where it would cover the page.
        initial_sidebar_state="auto",
    )
    session.init_session()
    follow_pupil_link()   # a pupil's own link (?pupil=): read once, kept in the address bar
    _ = session.tr().gettext
    # The default page is served at "/" but reserves a path of its own, which Streamlit does not serve
    # ("Page not found" at /home): it reserves "start", and a hidden copy answers at its own path.
    pages = [
        st.Page(spec.script, title=page_title(spec, session.tr()), icon=spec.icon,
                url_path="start" if spec.default else spec.url_path, default=spec.default)
        for spec in PAGES
    ]
    pages += [
        st.Page(spec.script, title=page_title(spec, session.tr()), icon=spec.icon, url_path=spec.url_path, visibility="hidden")
        for spec in PAGES if spec.default
    ]
    navigation = st.navigation(pages)
    # The keeper answers the moment it is drawn (a "#teacher=" link's key). Drawn before st.navigation, a
    # slow first run (a Polish catalog read) let that answer leave before the browser knew the page,
    # and Streamlit ran the default page instead: the teacher's link opened Start.
    keeper.mount(st.sidebar)
    wide = any(spec.wide and spec.url_path == navigation.url_path for spec in PAGES)
    st.set_page_config(layout="wide" if wide else "centered")
    accessible_styles()
    localized_widget_styles()
    sidebar_pickers()
    document_language()
    link_notices()
    # A pupil of a class: stars and scores read back before the page, what it changed saved after
    # (Learn's stars, Practice's answer to the question on screen, Play's finished rounds); anonymous
    # sessions: nothing.
    with saved_progress((Progress, TopicScore), lambda: current_question(st.session_state, session.variant()),
                        lambda: finished_rounds(st.session_state.get(PLAY_GAME))):
        navigation.run()
    keep_learning_record(session.tr())   # the learner's record kept in the browser over a reload


main()
