"""The teacher's board as rows to draw, and the choices of the class form; no Streamlit here.

The storage gives the board as plain data (``storage.board.Board``); this module turns it into
what the page shows: the grid of pupils × topics (a status with its colour, symbol and words),
per quiz question the share of right answers with the most common wrong answer and the engine's
reason, who is stuck where, and the tables behind the charts. Nicknames stay raw here; the page
escapes them where it shows them.
"""
from __future__ import annotations

import html
import textwrap
from dataclasses import dataclass
from functools import lru_cache

from engine.drills import Drill, shipped_drills
from engine.ruleset import load_ruleset
from engine.scenario import TOPICS, Scenario, lessons_of, load_scenarios
from storage.board import Board, Cell
from storage.repository import RoundsSummary
from ui.classes.answers import answer_words, reason_words
from ui.classes.texts import STATUS_COLOURS, STATUS_SYMBOLS, status_word
from ui.present.coach_text import decimal_text
from ui.present.drill_text import title_text, topic_label
from ui.present.i18n import Translator

MAX_QUIZ = 30   # storage.validate.MAX_QUIZ: questions in a class quiz
CHART_LABEL_WIDTH = 26   # characters per line of a chart's axis label (a half-width chart on a 1024 px projector)


@lru_cache(maxsize=1)
def _lessons() -> tuple[Scenario, ...]:
    """Every shipped lesson (immutable data, read once per process)."""
    return load_scenarios()


def drill_by_id(drill_id: str) -> Drill | None:
    """The shipped drill with this id, if any."""
    return _drills_by_id().get(drill_id)


@lru_cache(maxsize=1)
def _drills_by_id() -> dict[str, Drill]:
    return {d.id: d for d in shipped_drills()}


def lesson_choices(variant: str) -> tuple[Scenario, ...]:
    """The lessons a class of this variant may list, in teaching order."""
    return lessons_of(variant, _lessons())


def lesson_title(lesson_id: str, t: Translator) -> str:
    """A lesson's title in the reader's language (its id if it is no longer shipped)."""
    lesson = next((s for s in _lessons() if s.id == lesson_id), None)
    return t.gettext(lesson.title) if lesson is not None else lesson_id


def drill_choices(variant: str) -> tuple[Drill, ...]:
    """The drills a class of this variant may list (and quiz), by topic then level."""
    order = {topic: i for i, topic in enumerate(TOPICS)}
    return tuple(sorted((d for d in shipped_drills() if d.variant == variant),
                        key=lambda d: (order.get(d.topic, 99), d.level, d.id)))


def drill_label(drill_id: str, t: Translator) -> str:
    """A drill's topic and title in the reader's language."""
    drill = drill_by_id(drill_id)
    if drill is None:
        return drill_id
    return f"{topic_label(drill.topic, t)}: {title_text(drill, t)}"


def topic_name(topic_key: str, class_variant: str, t: Translator) -> str:
    """A board topic ``variant/topic`` in words; the variant is named when it is not the class's."""
    variant, _, topic = topic_key.partition("/")
    try:
        label = topic_label(topic, t)
    except KeyError:
        label = topic
    if variant != class_variant:
        try:
            label = f"{label} ({t.gettext(load_ruleset(variant).name)})"
        except Exception:   # a variant no longer shipped: its id is name enough
            label = f"{label} ({variant})"
    return label


def star_text(stars: int) -> str:
    """Three stars, ``stars`` of them filled: ``★★☆``."""
    stars = max(0, min(3, int(stars)))
    return "★" * stars + "☆" * (3 - stars)


def lessons_html(board: Board, t: Translator) -> str:
    """Pupils × the class's lessons: the best stars of each (★★☆), or a dash before the lesson is done."""
    esc = html.escape
    cell_style = "border:1px solid #adb5bd;padding:.3em .5em;text-align:center;color:#111"
    pupil_word = t.gettext("Pupil")
    head = "".join(f"<th scope='col' style='{cell_style}'>{esc(lesson_title(i, t))}</th>" for i in board.lesson_ids)
    body = []
    for pupil in board.pupils:
        cells = []
        for lesson_id in board.lesson_ids:
            stars = board.stars.get((pupil.pupil_id, lesson_id))
            text = star_text(stars) if stars is not None else "–"
            label = (t.ngettext("{count} star", "{count} stars", stars).format(count=stars) if stars is not None
                     else t.gettext("not done yet"))
            cells.append(f"<td style='{cell_style}' title='{esc(label)}' aria-label='{esc(label)}'>{text}</td>")
        body.append(f"<tr><th scope='row' style='{cell_style};text-align:left'>{esc(pupil.nickname)}</th>"
                    f"{''.join(cells)}</tr>")
    return (f"<div style='overflow-x:auto'><table class='makao-lessons' "
            f"style='border-collapse:collapse;font-size:1.05rem;width:100%'><thead><tr>"
            f"<th scope='col' style='{cell_style}'>{esc(pupil_word)}</th>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table></div>")


# ---------------------------------------------------------------------------- the grid

@dataclass(frozen=True)
class GridCell:
    """One pupil on one topic as the grid draws it."""

    status: str
    symbol: str
    colour: str
    text: str      # "3/4" (right/answers), "" before the first answer
    title: str     # the full words for a screen reader and a tooltip


@dataclass(frozen=True)
class GridRow:
    """One pupil's line: nickname (raw), totals, stars and a cell per shown topic."""

    pupil_id: int
    nickname: str
    answers: int
    correct: int
    stars: int
    lessons_done: int
    cells: tuple[GridCell, ...]
    rounds: RoundsSummary = RoundsSummary()


def grid_cell(cell: Cell, t: Translator) -> GridCell:
    """The drawn form of one cell: status colour, symbol, right/answers and the words."""
    words = status_word(cell.status, t)
    text = f"{cell.correct}/{cell.attempts}" if cell.attempts else ""
    title = words if not cell.attempts else t.ngettext(
        "{status}: {right} of {count} answer right", "{status}: {right} of {count} answers right",
        cell.attempts).format(status=words, right=cell.correct, count=cell.attempts)
    return GridCell(cell.status, STATUS_SYMBOLS[cell.status], STATUS_COLOURS[cell.status], text, title)


def grid(board: Board, topics: tuple[str, ...], t: Translator, only_stuck: bool = False) -> tuple[GridRow, ...]:
    """The grid rows for the chosen topics; with only_stuck, just the pupils stuck somewhere among them."""
    rows = []
    for pupil in board.pupils:
        cells = tuple(grid_cell(board.cell(pupil.pupil_id, topic), t) for topic in topics)
        if only_stuck and not any(c.status == "stuck" for c in cells):
            continue
        rows.append(GridRow(pupil.pupil_id, pupil.nickname, pupil.answers, pupil.correct, pupil.stars,
                            pupil.lessons_done, cells, pupil.rounds))
    return tuple(rows)


def rounds_text(rounds: RoundsSummary, t: Translator) -> str:
    """A pupil's Play rounds in words ("3 rounds · 1 won · 7 points"); "" when none was played."""
    if not rounds.played:
        return ""
    return " · ".join((
        t.ngettext("{count} round", "{count} rounds", rounds.played).format(count=rounds.played),
        t.ngettext("{count} won", "{count} won", rounds.won).format(count=rounds.won),
        t.ngettext("{count} point", "{count} points", abs(rounds.points)).format(count=rounds.points)))


def place_text(rounds: RoundsSummary, t: Translator) -> str:
    """A pupil's places in Play at a glance: the average place, then the last places as place/players
    ("average 2,0 · 1/4, 3/4, 2/3"); rounds whose place is not known are said, never counted as a place.
    "" when no round was played (docs/CLASSES.md, "Play on the board")."""
    if not rounds.played:
        return ""
    unknown = rounds.played - rounds.placed
    if rounds.average_place is None:
        return t.gettext("not known")
    parts = [t.gettext("average {place}").format(place=decimal_text(rounds.average_place, t)),
             ", ".join(f"{place}/{players}" for place, players in rounds.recent)]
    if unknown:
        parts.append(t.ngettext("{count} round without a place", "{count} rounds without a place", unknown).format(
            count=unknown))
    return " · ".join(parts)


def place_title(rounds: RoundsSummary, t: Translator) -> str:
    """The place cell in full words, for a tooltip and a screen reader."""
    if not rounds.played:
        return ""
    unknown = rounds.played - rounds.placed
    parts = []
    if rounds.average_place is not None:
        parts.append(t.ngettext("Average place {place} in {count} round (1 = went out first)",
                                "Average place {place} in {count} rounds (1 = went out first)", rounds.placed).format(
            place=decimal_text(rounds.average_place, t), count=rounds.placed))
        parts.append(t.ngettext("first in {count} round", "first in {count} rounds", rounds.firsts).format(
            count=rounds.firsts))
        parts.append(t.gettext("the last places (place/players): {places}").format(
            places=", ".join(f"{place}/{players}" for place, players in rounds.recent)))
    if unknown:
        parts.append(t.ngettext("{count} round saved before places were kept",
                                "{count} rounds saved before places were kept", unknown).format(count=unknown))
    return "; ".join(parts)


def mistakes_text(rounds: RoundsSummary, t: Translator) -> str:
    """The move checker's mistakes in a pupil's Play rounds: the total and per checked round
    ("3 mistakes · 1,5 per round"); rounds played with the checker off are said, never counted as 0."""
    if not rounds.played:
        return ""
    if rounds.mistakes_per_round is None:
        return t.gettext("not counted")
    parts = [t.ngettext("{count} mistake", "{count} mistakes", rounds.mistakes).format(count=rounds.mistakes),
             t.gettext("{mistakes} per round").format(mistakes=decimal_text(rounds.mistakes_per_round, t))]
    unchecked = rounds.played - rounds.checked
    if unchecked:
        parts.append(t.ngettext("{count} round not counted", "{count} rounds not counted", unchecked).format(
            count=unchecked))
    return " · ".join(parts)


def mistakes_title(rounds: RoundsSummary, t: Translator) -> str:
    """The mistakes cell in full words, for a tooltip and a screen reader."""
    if not rounds.played:
        return ""
    parts = []
    if rounds.checked:
        parts.append(t.ngettext("The move checker questioned {mistakes} of the pupil's moves in {count} round",
                                "The move checker questioned {mistakes} of the pupil's moves in {count} rounds",
                                rounds.checked).format(mistakes=rounds.mistakes, count=rounds.checked))
    unchecked = rounds.played - rounds.checked
    if unchecked:
        parts.append(t.ngettext("{count} round not counted: the move checker was off, or the round was saved "
                                "before mistakes were counted",
                                "{count} rounds not counted: the move checker was off, or the rounds were saved "
                                "before mistakes were counted", unchecked).format(count=unchecked))
    return "; ".join(parts)


def play_lines(rounds: RoundsSummary, t: Translator) -> list[str]:
    """The pupil's own Play results as the board shows them: rounds, places, the move checker's mistakes."""
    if not rounds.played:
        return []
    return [t.gettext("Play: {rounds}").format(rounds=rounds_text(rounds, t)),
            t.gettext("Places: {places}").format(places=place_text(rounds, t)),
            t.gettext("Move checker: {mistakes}").format(mistakes=mistakes_text(rounds, t))]


def grid_html(board: Board, topics: tuple[str, ...], rows: tuple[GridRow, ...], t: Translator) -> str:
    """The grid as an HTML table: every nickname and word escaped, colour always paired with a symbol."""
    _ = t.gettext
    esc = html.escape
    cell_style = "border:1px solid #adb5bd;padding:.3em .5em;text-align:center;color:#111"
    head = "".join(f"<th scope='col' style='{cell_style}'>{esc(topic_name(topic, board.info.ruleset, t))}</th>"
                   for topic in topics)
    body = []
    for row in rows:
        cells = "".join(
            f"<td class='makao-cell makao-{c.status}' style='{cell_style};background:{c.colour}' "
            f"title='{esc(c.title)}' aria-label='{esc(c.title)}'><b>{esc(c.symbol)}</b> {esc(c.text)}</td>"
            for c in row.cells)
        stars = t.ngettext("★ {stars} in {count} lesson", "★ {stars} in {count} lessons", row.lessons_done).format(
            stars=row.stars, count=row.lessons_done) if row.lessons_done else ""
        body.append(f"<tr data-pupil='{row.pupil_id}'><th scope='row' class='makao-nick' "
                    f"style='{cell_style};text-align:left'>{esc(row.nickname)}</th>"
                    f"<td style='{cell_style}'>{row.correct}/{row.answers}</td>"
                    f"<td style='{cell_style}'>{esc(stars)}</td>"
                    f"<td class='makao-play' style='{cell_style}'>{esc(rounds_text(row.rounds, t))}</td>"
                    f"<td class='makao-place' style='{cell_style}' title='{esc(place_title(row.rounds, t))}'>"
                    f"{esc(place_text(row.rounds, t))}</td>"
                    f"<td class='makao-mistakes' style='{cell_style}' title='{esc(mistakes_title(row.rounds, t))}'>"
                    f"{esc(mistakes_text(row.rounds, t))}</td>{cells}</tr>")
    legend = " · ".join(f"<span style='background:{STATUS_COLOURS[s]};padding:0 .4em;color:#111'>"
                        f"<b>{esc(STATUS_SYMBOLS[s])}</b></span> {esc(status_word(s, t))}"
                        for s in ("none", "learning", "stuck", "mastered"))
    names = [esc(_("Pupil")), esc(t.pgettext("count of right answers", "Right")), esc(_("Stars")),
             esc(t.pgettext("board column: rounds on the Play page", "Play")),
             esc(t.pgettext("board column: places in the Play rounds", "Place")),
             esc(t.pgettext("board column: the move checker's mistakes in the Play rounds", "Checker mistakes"))]
    return (
        f"<div class='makao-legend' style='margin:.3em 0'>{legend}</div>"
        f"<div style='overflow-x:auto'><table class='makao-board' "
        f"style='border-collapse:collapse;font-size:1.15rem;width:100%'><thead><tr>"
        + "".join(f"<th scope='col' style='{cell_style}'>{name}</th>" for name in names)
        + f"{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


# ---------------------------------------------------------------------------- questions and stuck pupils

@dataclass(frozen=True)
class QuestionRow:
    """How the class did on one shipped question."""

    question_id: str
    in_quiz: bool
    title: str
    topic: str
    answers: int
    pupils: int
    percent: float | None
    common_wrong: str        # the most common wrong answer in words ("" when nobody was wrong)
    common_wrong_count: int
    reason: str              # the engine's sentence why it is wrong ("" when it gives none)


def question_rows(board: Board, t: Translator) -> tuple[QuestionRow, ...]:
    """Per shipped question (quiz first, in quiz order): per cent right, the most common wrong answer and why.

    Generated questions (endless practice) are each asked once, so they count in the grid only.
    """
    rows = []
    for stat in board.questions:
        drill = drill_by_id(stat.question_id)
        if drill is None:
            continue
        wrong, why = "", ""
        if stat.common_wrong is not None:
            wrong = answer_words(drill, stat.common_wrong, t)
            why = reason_words(drill, stat.common_wrong, stat.common_wrong_reason, t)
        rows.append(QuestionRow(stat.question_id, stat.question_id in board.info.quiz, title_text(drill, t),
                                topic_label(drill.topic, t), stat.answers, stat.pupils, stat.percent, wrong,
                                stat.common_wrong_count, why))
    return tuple(rows)


@dataclass(frozen=True)
class StuckRow:
    """A pupil stuck on a topic, with the latest wrong answer and the engine's reason."""

    pupil_id: int
    nickname: str
    topic: str
    wrong_in_a_row: int
    answer: str
    reason: str


def stuck_rows(board: Board, t: Translator) -> tuple[StuckRow, ...]:
    """Who is stuck where (3 or more wrong in a row), most wrong first."""
    rows = []
    for stuck in board.stuck:
        drill = drill_by_id(stuck.question_id)
        answer = answer_words(drill, stuck.answer, t) if drill is not None else stuck.answer
        why = reason_words(drill, stuck.answer, stuck.reason, t) if drill is not None else ""
        rows.append(StuckRow(stuck.pupil_id, stuck.nickname, topic_name(stuck.topic, board.info.ruleset, t),
                             stuck.wrong_in_a_row, answer, why))
    return tuple(rows)


# ---------------------------------------------------------------------------- chart data

def chart_label(text: str, width: int = CHART_LABEL_WIDTH) -> str:
    """An axis label broken into lines of at most ``width`` characters (joined by newlines; a longer word stays whole)."""
    return "\n".join(textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)) or text


def status_counts(board: Board, topics: tuple[str, ...], t: Translator) -> list[dict]:
    """Rows ``{topic, label, status, pupils, order}`` for a stacked bar per topic (how many pupils in each status).

    ``label`` is the topic's name broken into lines for the axis; ``topic`` stays whole for the tooltip.
    """
    out = []
    for topic in topics:
        name = topic_name(topic, board.info.ruleset, t)
        for order, status in enumerate(("mastered", "learning", "stuck", "none")):
            count = sum(1 for p in board.pupils if board.cell(p.pupil_id, topic).status == status)
            out.append({"topic": name, "label": chart_label(name),
                        "status": f"{STATUS_SYMBOLS[status]} {status_word(status, t)}",
                        "pupils": count, "order": order, "colour": STATUS_COLOURS[status]})
    return out


def question_chart_rows(rows: tuple[QuestionRow, ...]) -> list[dict]:
    """Rows ``{question, label, percent, answers}`` for a bar per answered question (``label`` in lines)."""
    out = []
    for i, row in enumerate(rows, start=1):
        if row.answers:
            question = f"{i}. {row.title}"
            out.append({"question": question, "label": chart_label(question),
                        "percent": round(row.percent or 0.0, 1), "answers": row.answers})
    return out
