"""The teacher's board: where each pupil is on the learning path, and the spread of the class's ratings."""
from __future__ import annotations

import statistics

import pandas as pd
import streamlit as st

from engine.path import shipped_paths
from storage.board import Board
from storage.repository import Storage
from ui.classes.texts import FAILURES, refusal_message
from ui.present.i18n import Translator
from ui.present.learning_text import step_label
from ui.shell import learner, rating


def pupil_rows(records: list[tuple[str, dict]], variant: str, t: Translator) -> list[dict[str, object]]:
    """One row per pupil with a record: the steps done on the class variant's path, the next step, the rating."""
    _ = t.gettext
    path = shipped_paths().get(variant)
    rows = []
    for nickname, record in records:
        state = {learner.LEARNING: record}
        row: dict[str, object] = {_("Pupil"): nickname}
        if path is not None and path.steps:
            marks = learner.path_state(state, path)
            row[_("Steps done")] = f"{marks.count('done')}/{len(marks)}"
            row[_("Next step")] = step_label(path.steps[marks.index("next")], t) if "next" in marks else "—"
        row[_("Rating")] = rating.shown(learner.record(state)["rating"])
        rows.append(row)
    return rows


def draw_learning(store: Storage, key: str, board: Board, t: Translator, client: str | None) -> None:
    """The path positions and ratings of the class's pupils (those who have a learner record)."""
    _ = t.gettext
    st.subheader(_("Learning path and ratings"), anchor=False)
    try:
        records = store.class_learning(key, client)
    except FAILURES as error:
        st.error(refusal_message(error, t), icon=":material/error:")
        return
    if not records:
        st.caption(_("No pupil has answered a placement or a drill yet."))
        return
    rows = pupil_rows(records, board.info.ruleset, t)
    ratings = sorted(int(r[_("Rating")]) for r in rows)
    st.caption(_("Ratings from {low} to {high}; the middle pupil has {middle}.").format(
        low=ratings[0], high=ratings[-1], middle=round(statistics.median(ratings))))
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
