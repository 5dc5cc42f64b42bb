"""The learner's rating from their Play rounds, on the ladder of the computer players (issue #28).

Pure Python, no Streamlit. One rating system for the whole app: ``openskill``'s Plackett–Luce
model (a rating is ``mu`` and its uncertainty ``sigma``; 25 and 25/3 to start). A round of Play is
a ranking of its seats: the order they went out, then those still holding cards by fewer cards
(``engine.rules.round_result``'s ``places``). After each round the learner's rating is updated
against the computer seats, each at its strength's fixed rating on the ladder (``LADDER``, measured
by ``bench/ladder.py`` from rounds of four on fixed deals: docs/COACH.md, "The rating ladder"); the
computer players' ratings never move. Only rounds with one person at the table are rated (in a hot
seat game the other people have no rating to weigh).

The history is a list of ``RatingPoint`` (one per rated round, keyed by the round's own key, so a
round is rated once). The page keeps it in the session, and for a pupil of a class also in the
class database (``storage``, table ``play_ratings``), so it follows the pupil to another device.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import altair as alt
import pandas as pd
from openskill.models import PlackettLuce

from ui.play.text import STRENGTH_LABELS
from ui.present.i18n import Translator

# (mu, sigma) of each computer strength per ruleset: bench/ladder.py, 200 rounds a ruleset (club
# is the first club player of the four; docs/COACH.md gives the gaps with their intervals).
LADDER: dict[str, dict[str, tuple[float, float]]] = {
    "hu": {"beginner": (16.13, 3.55), "club": (29.02, 3.14), "expert": (28.25, 3.09)},
}
START = (25.0, 25.0 / 3)


class RatingPoint(NamedTuple):
    """The learner's rating after one rated round."""

    key: str                   # the round's key (model.finished_rounds)
    variant: str
    mu: float
    sigma: float


def round_ranks(places: Sequence[int], players: int | None = None) -> list[int]:
    """The rank of each seat (1 is best) from the seats in order of place."""
    ranks = [0] * (players or len(places))
    for i, seat in enumerate(places):
        ranks[seat] = i + 1
    return ranks


def anchors(variant: str) -> dict[str, tuple[float, float]]:
    """The ladder's ratings for a ruleset; for one not measured, the mean over the measured ones."""
    if variant in LADDER:
        return LADDER[variant]
    names = {name for table in LADDER.values() for name in table}
    return {name: (sum(t[name][0] for t in LADDER.values()) / len(LADDER),
                   sum(t[name][1] for t in LADDER.values()) / len(LADDER)) for name in names}


def rated(previous: tuple[float, float], ranks: Sequence[int], strengths: Sequence[str],
          variant: str) -> tuple[float, float]:
    """The learner's (mu, sigma) after a round: seat 0 is the learner, the others the computer
    seats of these strengths, each at its fixed place on the ladder."""
    model = PlackettLuce()
    table = anchors(variant)
    teams = [[model.rating(*previous)]]
    teams += [[model.rating(*table.get(s, START))] for s in strengths]
    new = model.rate(teams, ranks=list(ranks))
    return new[0][0].mu, new[0][0].sigma


def extend(history: Sequence[RatingPoint], rounds: Iterable[tuple[str, str, Sequence[int]]],
           strengths: Sequence[str]) -> list[RatingPoint]:
    """The history with every round not rated yet added: ``rounds`` gives (key, variant, places)."""
    out = list(history)
    seen = {p.key for p in out}
    for key, variant, places in rounds:
        if key in seen:
            continue
        before = (out[-1].mu, out[-1].sigma) if out else START
        mu, sigma = rated(before, round_ranks(places, len(strengths) + 1), strengths, variant)
        out.append(RatingPoint(key, variant, mu, sigma))
        seen.add(key)
    return out


def game_rounds(game: Any) -> list[tuple[str, str, list[int]]]:
    """The finished rounds of a Play game that can be rated: (key, variant, places); none in a hot
    seat game (more than one person at the table)."""
    if game is None or game.settings.humans != 1:
        return []
    out = []
    for record in game.rounds:
        key = f"play:{record.seed}:{record.number}:{len(record.turns)}:{record.seconds:.3f}"
        out.append((key, game.rules.id, list(record.result["places"])))
    return out


def chart_rows(history: Sequence[RatingPoint], variant: str, t: Translator) -> pd.DataFrame:
    """The chart's rows: the learner's rating after each round (with its 95% band), and the ladder's
    strengths as level lines."""
    _ = t.gettext
    you = _("You")
    rows: list[dict[str, Any]] = [
        {"round": i + 1, "who": you, "rating": p.mu, "low": p.mu - 1.96 * p.sigma, "high": p.mu + 1.96 * p.sigma}
        for i, p in enumerate(history)]
    names = {strength: _(label) for strength, label in STRENGTH_LABELS.items()}
    last = max(1, len(history))
    for strength, (mu, _sigma) in sorted(anchors(variant).items(), key=lambda kv: kv[1][0]):
        if strength in names:
            for x in (1, last):
                rows.append({"round": x, "who": names[strength], "rating": mu, "low": mu, "high": mu})
    return pd.DataFrame(rows)


def chart(history: Sequence[RatingPoint], variant: str, t: Translator) -> alt.LayerChart:
    """A small chart of the learner's rating over their rounds, beside the computer players' levels."""
    _ = t.gettext
    rows = chart_rows(history, variant, t)
    you = rows[rows["who"] == _("You")]
    x = alt.X("round:Q", title=_("Round"), axis=alt.Axis(tickMinStep=1, format="d"))
    band = alt.Chart(you).mark_area(opacity=0.2).encode(x=x, y="low:Q", y2="high:Q")
    line = alt.Chart(rows).mark_line(point=True).encode(
        x=x, y=alt.Y("rating:Q", title=_("Rating"), scale=alt.Scale(zero=False)),
        strokeDash=alt.StrokeDash("who:N", title=None),
        color=alt.Color("who:N", title=None),
        tooltip=[alt.Tooltip("who:N", title=_("Player")), alt.Tooltip("round:Q", title=_("Round")),
                 alt.Tooltip("rating:Q", title=_("Rating"), format=".1f")])
    return (band + line).properties(height=180)


def rating_line(history: Sequence[RatingPoint], t: Translator) -> str:
    """One sentence: the rating now, its 95% range, after how many rounds."""
    if not history:
        return t.gettext("Your rating appears after your first round against the computer players.")
    p = history[-1]
    return t.ngettext("Your rating: {mu:.1f} (95%: {low:.1f}–{high:.1f}), after {n} round.",
                      "Your rating: {mu:.1f} (95%: {low:.1f}–{high:.1f}), after {n} rounds.",
                      len(history)).format(mu=p.mu, low=p.mu - 1.96 * p.sigma, high=p.mu + 1.96 * p.sigma,
                                           n=len(history))
