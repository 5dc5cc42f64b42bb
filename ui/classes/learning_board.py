"""The teacher's board: where each pupil is on the learning path, and the spread of the class's ratings."""
from __future__ import annotations

import statistics

from engine.path import shipped_paths
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



def spread_text(rows: list[dict[str, object]], t: Translator) -> str:
    """The lowest, highest and middle rating of the pupils' rows."""
    ratings = sorted(int(str(r[t.gettext("Rating")])) for r in rows)
    return t.gettext("Ratings from {low} to {high}; the middle pupil has {middle}.").format(
        low=ratings[0], high=ratings[-1], middle=round(statistics.median(ratings)))
