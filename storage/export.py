"""CSV exports of a class for the teacher: one line per pupil, per answer, or per Play round.

Headers are stable identifiers (``nickname``, ``answers``, ``pl/jack``…); a page may pass
``header`` to translate them. Text cells that a spreadsheet would run as a formula
(starting with ``=``, ``+``, ``-``, ``@``, tab or carriage return) get a leading apostrophe:
a nickname is data, never a formula.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import select

from storage.board import Board
from storage.models import Answer, PlayRound, Pupil
from storage.repository import Storage

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
Words = Callable[[str, str, str], tuple[str, str, str]]
# (variant code, players, won, place or None, mistakes or None) -> variant name, result, place, checker
RoundWords = Callable[[str, int, bool, int | None, int | None], tuple[str, str, str, str]]


def safe_cell(value: object) -> object:
    """A value as a CSV cell a spreadsheet will not run: text that looks like a formula is quoted."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def _time(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, tz=UTC).strftime("%Y-%m-%d %H:%M:%S")


def _write(header: list[str], rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([safe_cell(h) for h in header])
    writer.writerows([[safe_cell(c) for c in row] for row in rows])
    return out.getvalue()


def summary_csv(board: Board, header: Callable[[str], str] = str) -> str:
    """One line per pupil: totals, stars, rounds, and per topic ``right/answers status``."""
    names = ["nickname", "joined_utc", "answers", "correct", "stars", "lessons_done", "rounds_played",
             "rounds_won", "points", "average_place", "rounds_first", "rounds_placed", "checker_mistakes",
             "rounds_checked"]
    rows = []
    for p in board.pupils:
        cells = []
        for topic in board.topics:
            c = board.cell(p.pupil_id, topic)
            cells.append(f"{c.correct}/{c.attempts} {c.status}" if c.attempts else "")
        r = p.rounds
        # Places and mistakes count only the rounds that know them; none known is an empty cell, never 0.
        rows.append([p.nickname, _time(p.joined_at), p.answers, p.correct, p.stars, p.lessons_done,
                     r.played, r.won, r.points,
                     "" if r.average_place is None else f"{r.average_place:.2f}", r.firsts if r.placed else "",
                     r.placed, r.mistakes if r.checked else "", r.checked, *cells])
    return _write([header(n) for n in names] + [header(t) for t in board.topics], rows)


def answers_csv(storage: Storage, teacher_key: str, header: Callable[[str], str] = str,
                client: str | None = None, words: Words | None = None) -> str:
    """One line per stored answer of the class, oldest first.

    With ``words`` (question id, answer, reason code -> question title, answer, reason in the
    reader's words) the answer and reason columns hold words and their codes have columns of their
    own; without it those columns hold the codes.
    """
    info = storage.authorize_teacher(teacher_key, client)
    with storage.read_connection() as conn:
        rows = conn.execute(select(Pupil.nickname, *Answer.__table__.columns).join(Pupil, Pupil.id == Answer.pupil_id)
                            .where(Answer.class_id == info.id).order_by(Answer.answered_at, Answer.id)).all()
    names = ["nickname", "answered_utc", "kind", "question_id", "variant", "topic", "answer", "correct", "reason"]
    lines = [[r.nickname, _time(r.answered_at), r.kind, r.question_id, r.variant, r.topic, r.answer,
              int(r.correct), r.reason] for r in rows]
    if words is not None:
        names = ["nickname", "answered_utc", "kind", "question_title", "variant", "topic", "answer", "correct",
                 "reason", "question_id", "answer_code", "reason_code"]
        lines = []
        for r in rows:
            title, answer, reason = words(r.question_id, r.answer, r.reason)
            reason = "" if r.correct else reason
            lines.append([r.nickname, _time(r.answered_at), r.kind, title, r.variant, r.topic, answer,
                          int(r.correct), reason, r.question_id, r.answer, r.reason])
    return _write([header(n) for n in names], lines)


def rounds_csv(storage: Storage, teacher_key: str, header: Callable[[str], str] = str,
               client: str | None = None, words: RoundWords | None = None) -> str:
    """One line per Play round of the class's pupils, oldest first.

    Without ``words`` the cells are codes: the variant id, won 1/0, the place and the checker's
    mistakes as numbers (empty when not known, never 0). With ``words`` the variant, the result,
    the place and the checker's count are in the reader's words, and the codes follow in their own
    columns (``variant_code``, ``won``, ``place``, ``checker_mistakes``).
    """
    info = storage.authorize_teacher(teacher_key, client)
    with storage.read_connection() as conn:
        rows = conn.execute(select(Pupil.nickname, *PlayRound.__table__.columns)
                            .join(Pupil, Pupil.id == PlayRound.pupil_id)
                            .where(PlayRound.class_id == info.id).order_by(PlayRound.played_at, PlayRound.id)).all()

    def known(value: int | None) -> object:
        return "" if value is None else value

    names = ["nickname", "played_utc", "variant", "players", "won", "place", "points", "checker_mistakes"]
    lines = [[r.nickname, _time(r.played_at), r.variant, r.players, int(r.won), known(r.place), r.points,
              known(r.mistakes)] for r in rows]
    if words is not None:
        names = ["nickname", "played_utc", "variant", "players", "result", "place_words", "points", "checker",
                 "variant_code", "won", "place", "checker_mistakes"]
        lines = []
        for r in rows:
            variant, result, place, checker = words(r.variant, r.players, bool(r.won), r.place, r.mistakes)
            lines.append([r.nickname, _time(r.played_at), variant, r.players, result, place, r.points, checker,
                          r.variant, int(r.won), known(r.place), known(r.mistakes)])
    return _write([header(n) for n in names], lines)
