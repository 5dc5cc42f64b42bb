"""The teacher's board as plain data: pupils × topics, per-question results, who is stuck where.

``load_board(storage, teacher_key)`` checks the key and reads the class in one read-only
transaction; the page draws what it returns (no Streamlit here, no sentences: statuses and
reason codes are codes the page translates). A topic is keyed ``variant/topic`` (a pupil may
practise another variant than the class's); the class's own topics come first, in the
engine's teaching order.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from sqlalchemy import select

from engine.quiz import variant_topics
from engine.ruleset import load_ruleset
from storage.models import Answer, LessonStars, PlayRound, PracticeTopic, Pupil
from storage.repository import ClassInfo, RoundsSummary, Storage, TopicTally, _tally, rounds_summary

STUCK_AFTER = 3          # wrong answers in a row on a topic that make a pupil "stuck" there
STATUSES = ("none", "learning", "stuck", "mastered")


@dataclass(frozen=True)
class Cell:
    """One pupil on one topic: the tally and its status (one of STATUSES)."""

    attempts: int
    correct: int
    recent_right: int
    recent_count: int
    status: str

    @property
    def percent(self) -> float | None:
        """Right answers in per cent; None before the first answer."""
        return 100.0 * self.correct / self.attempts if self.attempts else None


EMPTY_CELL = Cell(0, 0, 0, 0, "none")


@dataclass(frozen=True)
class PupilRow:
    """One pupil's line on the board."""

    pupil_id: int
    nickname: str          # raw as typed: escape it where it is shown
    joined_at: int
    last_seen_at: int
    answers: int
    correct: int
    stars: int             # best stars added up over the lessons
    lessons_done: int
    rounds: RoundsSummary


@dataclass(frozen=True)
class QuestionStat:
    """How the class did on one question, with its most common wrong answer and the engine's reason."""

    question_id: str
    kind: str
    topic: str
    answers: int
    correct: int
    pupils: int
    common_wrong: str | None
    common_wrong_count: int
    common_wrong_reason: str

    @property
    def percent(self) -> float | None:
        """Right answers in per cent; None before the first answer."""
        return 100.0 * self.correct / self.answers if self.answers else None


@dataclass(frozen=True)
class Stuck:
    """A pupil with STUCK_AFTER or more wrong answers in a row on a topic, and the latest of them."""

    pupil_id: int
    nickname: str
    topic: str
    wrong_in_a_row: int
    question_id: str
    answer: str
    reason: str


@dataclass(frozen=True)
class Board:
    """Everything the teacher's board shows, read at ``generated_at``."""

    info: ClassInfo
    generated_at: int
    topics: tuple[str, ...]
    pupils: tuple[PupilRow, ...]
    cells: dict[tuple[int, str], Cell] = field(default_factory=dict)
    questions: tuple[QuestionStat, ...] = ()
    stuck: tuple[Stuck, ...] = ()
    lesson_ids: tuple[str, ...] = ()
    stars: dict[tuple[int, str], int] = field(default_factory=dict)
    read_only: bool = False          # opened with a board key (the projector): nothing may be changed

    def cell(self, pupil_id: int, topic: str) -> Cell:
        """The cell of a pupil and topic (empty when nothing was answered)."""
        return self.cells.get((pupil_id, topic), EMPTY_CELL)


def status_of(tally: TopicTally) -> str:
    """The board status of a tally: none, learning, stuck or mastered."""
    if not tally.attempts:
        return "none"
    if tally.mastered:
        return "mastered"
    return "stuck" if tally.wrong_in_a_row >= STUCK_AFTER else "learning"


def _question_stats(answers, quiz: tuple[str, ...]) -> tuple[QuestionStat, ...]:
    by_question: dict[str, list] = {}
    for a in answers:
        by_question.setdefault(a.question_id, []).append(a)
    order = [q for q in quiz if q in by_question] + sorted(q for q in by_question if q not in quiz)
    stats = []
    for qid in order:
        rows = by_question[qid]
        wrong = Counter(a.answer for a in rows if not a.correct)
        common, count, reason = None, 0, ""
        if wrong:
            # The most common wrong answer; ties go to the one given first.
            first_seen = {}
            for a in rows:
                first_seen.setdefault(a.answer, a.id)
            common, count = min(wrong.items(), key=lambda item: (-item[1], first_seen[item[0]]))
            reasons = Counter(a.reason for a in rows if not a.correct and a.answer == common and a.reason)
            reason = reasons.most_common(1)[0][0] if reasons else ""
        stats.append(QuestionStat(qid, rows[-1].kind, rows[-1].topic, len(rows), sum(a.correct for a in rows),
                                  len({a.pupil_id for a in rows}), common, count, reason))
    return tuple(stats)


def load_board(storage: Storage, teacher_key: str, client: str | None = None) -> Board:
    """Reads the board of the class a teacher key or board key opens; raises AccessRefused or RateLimited."""
    info, manages = storage.authorize_board(teacher_key, client)
    own = tuple(f"{info.ruleset}/{t}" for t in variant_topics(load_ruleset(info.ruleset)))
    with storage.read_connection() as conn:
        pupils = conn.execute(select(Pupil).where(Pupil.class_id == info.id).order_by(Pupil.joined_at, Pupil.id)).all()
        ids = [p.id for p in pupils]
        answers = conn.execute(select(Answer).where(Answer.class_id == info.id)
                               .order_by(Answer.answered_at, Answer.id)).all()
        tallies = conn.execute(select(PracticeTopic).where(PracticeTopic.pupil_id.in_(ids))).all() if ids else []
        stars = conn.execute(select(LessonStars).where(LessonStars.pupil_id.in_(ids))).all() if ids else []
        rounds = conn.execute(select(PlayRound).where(PlayRound.class_id == info.id)).all()
    known = set(ids)
    answers = [a for a in answers if a.pupil_id in known]   # a pupil deleted between the two reads
    seen = {f"{t.variant}/{t.topic}" for t in tallies}
    topics = own + tuple(sorted(seen - set(own)))
    cells: dict[tuple[int, str], Cell] = {}
    stuck_at: list[tuple[int, str, int]] = []
    for row in tallies:
        tally = _tally(row)
        topic = f"{row.variant}/{row.topic}"
        cells[(row.pupil_id, topic)] = Cell(tally.attempts, tally.correct, sum(tally.recent), len(tally.recent),
                                            status_of(tally))
        if cells[(row.pupil_id, topic)].status == "stuck":
            stuck_at.append((row.pupil_id, topic, tally.wrong_in_a_row))
    names = {p.id: p.nickname for p in pupils}
    last_wrong = {}
    for a in answers:
        if not a.correct:
            last_wrong[(a.pupil_id, f"{a.variant}/{a.topic}")] = a
    stuck = []
    for pupil_id, topic, count in sorted(stuck_at, key=lambda s: (-s[2], names[s[0]].casefold(), s[1])):
        a = last_wrong.get((pupil_id, topic))
        stuck.append(Stuck(pupil_id, names[pupil_id], topic, count, a.question_id if a else "",
                           a.answer if a else "", a.reason if a else ""))
    star_map = {(s.pupil_id, s.lesson_id): s.stars for s in stars}
    lesson_ids = info.lessons or tuple(sorted({s.lesson_id for s in stars}))
    per_pupil_answers = Counter(a.pupil_id for a in answers)
    per_pupil_right = Counter(a.pupil_id for a in answers if a.correct)
    rows = []
    for p in pupils:
        mine = [r for r in rounds if r.pupil_id == p.id]
        pupil_stars = [n for (pid, _), n in star_map.items() if pid == p.id]
        rows.append(PupilRow(p.id, p.nickname, p.joined_at, p.last_seen_at, per_pupil_answers[p.id],
                             per_pupil_right[p.id], sum(pupil_stars), len(pupil_stars),
                             rounds_summary(mine)))
    return Board(info, storage.now(), topics, tuple(rows), cells, _question_stats(answers, info.quiz), tuple(stuck),
                 lesson_ids, star_map, read_only=not manages)
