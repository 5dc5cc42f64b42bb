"""Compare variants: the rules side by side, positions where they disagree, and house rules."""
from __future__ import annotations

import streamlit as st

from ui.compare import page as compare_view
from ui.shell import session
from ui.shell.layout import page_header

t = session.tr()
_ = t.gettext

page_header(__file__)
st.markdown(_(
    "How does Danish makao differ from Polish? Every cell below is written from the same rule data "
    "the game engine plays by, and every position is judged live by the engine."
))
compare_view.draw_picker(t)
columns = compare_view.compared_columns(t)
compare_view.draw_summary(columns, t)
table, positions, house = st.tabs([
    ":material/table_chart: " + _("Rules side by side"),
    ":material/gavel: " + _("Positions where they differ"),
    ":material/home_work: " + _("House rules"),
])
with table:
    compare_view.draw_table(columns, t)
    compare_view.draw_corrections([ruleset for _label, ruleset in columns], t)
    compare_view.draw_notes(columns, t)
with positions:
    compare_view.draw_contrasts(t)
with house:
    compare_view.draw_house_rules(t)
