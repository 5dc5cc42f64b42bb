"""The comparison table: one row per rule topic, one column per ruleset, built from the data.

Every cell is generated from fields of a ``Ruleset`` (the same data the engine plays by),
reusing the sentences of ``ui.present.rules_text`` wherever a rules section or a card's effect fits a
cell. Nothing here states a rule by itself: change the TOML and the cell changes.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.ruleset import Ruleset
from ui.present.i18n import Translator
from ui.present.topics import TOPICS, Topic, card_label, topic_cell  # noqa: F401  (the rows, re-exported)

if TYPE_CHECKING:   # pandas is imported where a frame is built: the Switching tables page reads the rows alone
    import pandas as pd

# Backgrounds (amber, translucent: readable in the light and the dark theme): a row where the
# compared rulesets differ, and within it the cells that differ from the row's most common rule.
ROW_CSS = "background-color: rgba(255, 193, 7, 0.12)"
ODD_CSS = "background-color: rgba(255, 193, 7, 0.40); font-weight: 600"
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>#|~$])")


def comparison_frame(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> pd.DataFrame:
    """Builds the table: index = translated topic titles, one column per (label, ruleset).

    Rows where every ruleset's deck lacks the row's cards (e.g. "6" among 52-card decks) are
    kept: a row is only dropped by the "only differences" filter.
    """
    import pandas as pd

    data = {label: [topic.cell(ruleset, t) for topic in TOPICS] for label, ruleset in columns}
    frame = pd.DataFrame(data, index=[t.gettext(topic.title) for topic in TOPICS])
    frame.index.name = t.gettext("Topic")
    return frame


def meaning_frame(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> pd.DataFrame:
    """What each cell of ``comparison_frame`` means, as comparable text: the same index and columns.

    Card rows compare the cards' effects (so "an ordinary card" and "not in this deck" agree, and
    a 7 that acts alike in two decks agrees); the other rows compare their words."""
    import pandas as pd

    data = {label: [repr(topic.meaning(ruleset)) if topic.meaning else topic.cell(ruleset, t) for topic in TOPICS]
            for label, ruleset in columns}
    frame = pd.DataFrame(data, index=[t.gettext(topic.title) for topic in TOPICS])
    frame.index.name = t.gettext("Topic")
    return frame


def differing_rows(frame: pd.DataFrame, meanings: pd.DataFrame | None = None) -> pd.Series:
    """Tells, row by row, whether the cells of the row do not all mean the same (by their words
    when no meanings are given)."""
    import pandas as pd

    meanings = frame if meanings is None else meanings
    if meanings.shape[1] == 0:
        return pd.Series(False, index=frame.index)
    return meanings.nunique(axis=1) > 1


def only_differences(frame: pd.DataFrame, meanings: pd.DataFrame | None = None) -> pd.DataFrame:
    """Keeps the rows where the selected rulesets differ in meaning, not only in words."""
    return frame[differing_rows(frame, meanings)]


def odd_cells(frame: pd.DataFrame, meanings: pd.DataFrame | None = None) -> pd.DataFrame:
    """Marks the cells that differ from the first column's in their row (the legend's rule:
    "this cell differs from the first variant's"); the first column is never marked."""
    meanings = frame if meanings is None else meanings.loc[frame.index]
    if frame.empty or frame.shape[1] == 0:
        return frame.astype(bool)
    first = meanings.iloc[:, 0]
    return meanings.apply(lambda column: column != first)


MARK = "◆ "   # the mark a differing cell carries beside its tint: colour is never the only signal


def highlight_differences(frame: pd.DataFrame, meanings: pd.DataFrame | None = None, *, marked: bool = False):
    """Returns a pandas Styler: rows where the rulesets differ are tinted, and the cells that
    differ from the first column's are tinted more strongly (and, with ``marked``, carry ◆)."""
    differs = differing_rows(frame, meanings)
    odd = odd_cells(frame, meanings)
    shown = frame.copy()
    if marked:
        for column in shown.columns:
            shown[column] = [MARK + text if odd.at[row, column] else text for row, text in shown[column].items()]

    def style_row(row: pd.Series) -> list[str]:
        if not differs[row.name]:
            return ["" for _ in row]
        return [ODD_CSS if odd.at[row.name, column] else ROW_CSS for column in row.index]

    return shown.style.apply(style_row, axis=1)


def plain_text(markdown: str) -> str:
    """Undoes ``escape_markdown`` (cells are markdown; a CSV wants the plain words)."""
    return _ESCAPED.sub(r"\1", markdown)


def comparison_csv(frame: pd.DataFrame) -> bytes:
    """Returns the table as UTF-8 CSV (with a byte-order mark, so spreadsheets read ♥ and ő)."""
    plain = frame.map(plain_text).rename(columns=plain_text)
    return plain.to_csv().encode("utf-8-sig")
