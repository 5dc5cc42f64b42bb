"""The Rules page: the chosen variant's rules, generated from the ruleset the engine plays by."""
from __future__ import annotations

import streamlit as st

from engine.errors import RulesetError
from ui.present.rules_text import escape_markdown, rules_sections, section_markdown
from ui.shell import session


def draw() -> None:
    """Draws the rules of the session's variant."""
    t = session.tr()
    _ = t.gettext
    try:
        ruleset = session.ruleset()
    except RulesetError:
        st.error(_("The rules of this variant cannot be read. Please choose another variant in the sidebar."))
        return
    st.markdown(
        _("Variant: **{name}**. You can choose another one in the sidebar.").format(name=escape_markdown(_(ruleset.name)))
    )
    for section in rules_sections(ruleset, t):
        st.subheader(section.title, anchor=section.key)
        st.markdown(section_markdown(section))
