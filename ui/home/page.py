"""The Home page: what makao is, its family, the variants to choose from and what each page does."""
from __future__ import annotations

import streamlit as st

from engine.ruleset import load_ruleset
from ui.present.cards import hand_html
from ui.present.i18n import Translator
from ui.present.rules_text import escape_markdown, special_card_examples, variant_summary
from ui.shell import handoff, learner, session
from ui.shell.pages import LEARN_SCRIPT, PAGES, page_title
from ui.widgets import learning

START_LESSONS = "home_start_lessons"


def draw() -> None:
    """Draws the Home page for the session."""
    t = session.tr()
    start_here(t)
    learning.path_panel(t)
    learning.review_box(t, "home")
    about(t)
    family(t)
    pick_variant(t)
    sections(t)


def _start_lessons(path) -> None:
    if path is not None:
        learner.skip_placement(st.session_state, path)
    handoff.hand_over(LEARN_SCRIPT, {"start": "first"})


def start_here(t: Translator) -> None:
    """A newcomer's box: lesson 1 at once, or the placement's questions; gone once the path is under way."""
    _ = t.gettext
    path = learning.session_path()
    if path is not None and path.steps and not learning.needs_placement(path):
        return
    with st.container(border=True, key="home_start_here"):
        st.markdown("**" + _("New to makao? Start here.") + "**  \n" + _(
            "Short lessons on real cards, one rule at a time: begin with the goal of the game and how cards match."))
        # Opens lesson 1 of the chosen variant itself, ready to play, not the list of lessons.
        if st.button(_("Start with the lessons"), key=START_LESSONS, type="primary", icon=":material/school:"):
            _start_lessons(path)
        if learning.needs_placement(path):
            learning.placement_panel(path, t)


def about(t: Translator) -> None:
    """What makao is and where it is played."""
    _ = t.gettext
    st.markdown(_(
        "Makao is a card game for two or more players. In turn, each player puts a card on the pile "
        "that matches the top card in suit or in rank; the first to get rid of all their cards wins. "
        "Special cards make the game lively: some attack (the next player draws cards or sits out), "
        "some wish for a rank or a suit, and in some homes the queen fits on anything."
    ))
    st.markdown(_(
        "It is played all over Poland, and under the same name in Denmark and Hungary, but every home "
        "plays it a little differently. This app teaches each variant from its own written rules."
    ))


def family(t: Translator) -> None:
    """Makao's relatives."""
    _ = t.gettext
    st.subheader(_("Its family"), anchor="family")
    st.markdown("\n".join((
        "- " + _("**Mau-Mau** (Germany, Austria): a 32-card deck; the seven makes the next player draw "
                 "two, and the jack fits on anything and names the next suit."),
        "- " + _("**Crazy Eights** (English-speaking countries): the eight is wild and names the next suit; "
                 "the commercial game UNO grew out of it."),
        "- " + _("**Prší** (Czechia, Slovakia): a 32-card deck; the seven makes the next player draw two, "
                 "the ace makes them stand, and the over card changes the suit."),
    )))


def pick_variant(t: Translator) -> None:
    """The variants to choose from, each with its special cards."""
    _ = t.gettext
    st.subheader(_("Pick a variant"), anchor="variants")
    chosen = session.variant()
    for variant_id in session.available_variants():
        ruleset = load_ruleset(variant_id)
        with st.container(border=True):
            text, action = st.columns([3, 1], vertical_alignment="center")
            name = escape_markdown(_(ruleset.name))
            text.markdown(f"**{name}**  \n{variant_summary(ruleset, t)}")
            # hand_html escapes every text it places; st.html would strip the SVG.
            text.markdown(hand_html(
                special_card_examples(ruleset), ruleset.deck, four_colour=session.four_colour(), width=46,
                overlap=0.12, translations=t,
                aria_label=_("The special cards of {name}").format(name=_(ruleset.name)),
            ), unsafe_allow_html=True)
            if variant_id == chosen:
                action.markdown(":material/check_circle: " + _("Chosen"))
            else:
                action.button(
                    _("Choose"), key=f"choose_{variant_id}", icon=":material/radio_button_unchecked:",
                    on_click=session.set_variant, args=(variant_id,),
                )
    st.page_link(
        "app_pages/rules.py",
        label=_("Read the rules of {name}").format(name=_(load_ruleset(chosen).name)),
        icon=":material/menu_book:",
    )


def sections(t: Translator) -> None:
    """What each page of the app does."""
    _ = t.gettext
    st.subheader(_("What you find here"), anchor="sections")
    for spec in PAGES:
        with st.container():
            st.page_link(spec.script, label=page_title(spec, t), icon=spec.icon)
            st.caption(_(spec.summary))
    st.caption(_("Change the language and the variant at any time in the sidebar."))
