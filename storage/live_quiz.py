"""The live quiz: the teacher paces it question by question, pupils answer on their phones within a timer.

Everything lives in the database (``live_quizzes``, ``live_answers``), so two app servers on one
database serve the teacher and the pupils alike; nothing is kept between calls. Each teacher step
raises the quiz's ``version``: a pupil's page polls ``quiz_version`` (one row, two integers) and
reads the whole question only when it changed.

An answer is judged here, by the time of this server's clock when it is stored against the deadline
stored in the database (never the browser's clock), under a lock on the quiz row: an answer and
"Show answer" never overlap. The unique key (quiz, pupil, question) keeps one answer per pupil per
question: a second tap, or one on another server, is refused (``quiz_answered``), never counted twice.

Points (the Kahoot habit): a right answer earns ``500 + 500 × time left / time given``, rounded
(1000 at once, 500 at the buzzer); a wrong one earns 0. The leaderboard sorts by points, then by
right answers, then by the earlier last right answer, then by nickname.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import Connection, case, func, select, update

from engine.drills import Drill, drill_by_id, drills_for
from storage.errors import AccessRefused, InputRefused
from storage.models import LiveAnswer, LiveQuiz, Pupil
from storage.repository import Storage
from storage.sql import insert_ignore

OPTION_KINDS = ("next", "best")   # questions answered by tapping one option (a "select" asks for a set of cards)
MIN_QUESTIONS, MAX_QUESTIONS, DEFAULT_QUESTIONS = 3, 15, 8
MIN_SECONDS, MAX_SECONDS, DEFAULT_SECONDS = 5, 120, 20
MAX_POINTS = 1000
BASE_POINTS = 500
PAST_SHOWN = 10                   # past quizzes on the board
OPEN, SHOWN, ENDED = "open", "shown", "ended"


def points_for(correct: bool, answered_at: int, opened_at: int, deadline_at: int) -> int:
    """The points of one answer: 0 when wrong; 500 plus up to 500 for the time left when right."""
    if not correct:
        return 0
    given = max(1, deadline_at - opened_at)
    left = min(given, max(0, deadline_at - answered_at))
    return BASE_POINTS + round((MAX_POINTS - BASE_POINTS) * left / given)


def option_order(drill: Drill) -> tuple[str, ...]:
    """The options of a question in the order the buttons show them: mixed, the same on every server."""
    options = list(drill.options)
    random.Random(drill.id).shuffle(options)   # a str seed is hashed with SHA-512: no PYTHONHASHSEED in it
    return tuple(options)


def quiz_drills(ruleset: str, topic: str | None = None) -> tuple[Drill, ...]:
    """The shipped questions with options of a variant (of one topic), easiest first."""
    return tuple(d for d in drills_for(ruleset, topic) if d.kind in OPTION_KINDS and d.options)


def choose_questions(ruleset: str, preferred: Iterable[str], count: int, topic: str | None = None) -> tuple[str, ...]:
    """Up to ``count`` question ids: the class's own first (its quiz, then its drills), then the
    variant's others, one topic after another so that a mixed quiz is mixed."""
    pool = quiz_drills(ruleset, topic)
    ids = {d.id for d in pool}
    chosen = list(dict.fromkeys(i for i in preferred if i in ids))
    by_topic: dict[str, list[str]] = {}
    for drill in pool:
        if drill.id not in chosen:
            by_topic.setdefault(drill.topic, []).append(drill.id)
    while by_topic and len(chosen) < count:
        for name in list(by_topic):
            chosen.append(by_topic[name].pop(0))
            if not by_topic[name]:
                del by_topic[name]
    return tuple(chosen[:count])


@dataclass(frozen=True)
class QuizState:
    """A live quiz as every view sees it (no answer of anyone in it)."""

    id: int
    questions: tuple[str, ...]
    seconds: int
    index: int
    phase: str
    opened_at: int
    deadline_at: int
    version: int
    started_at: int
    ended_at: int | None

    @property
    def question_id(self) -> str:
        """The drill id of the current question."""
        return self.questions[self.index]

    @property
    def last(self) -> bool:
        """Whether the current question is the quiz's last."""
        return self.index >= len(self.questions) - 1

    def taking_answers(self, now: int) -> bool:
        """Whether an answer stored at ``now`` counts: the question is open and its time not up."""
        return self.phase == OPEN and now < self.deadline_at

    def seconds_left(self, now: int) -> int:
        """Whole seconds until the deadline, rounded up (0 once it passed or the answer is shown)."""
        return max(0, -(-(self.deadline_at - now) // 1000)) if self.phase == OPEN else 0


@dataclass(frozen=True)
class Standing:
    """A pupil's place on a quiz's leaderboard."""

    pupil_id: int
    nickname: str
    points: int
    right: int
    answered: int


@dataclass(frozen=True)
class LiveBoard:
    """What the projector shows: the quiz, the current question's answers per option, the leaderboard."""

    quiz: QuizState | None
    counts: dict[str, int]
    answered: int
    pupils: int
    standings: tuple[Standing, ...]
    now: int


@dataclass(frozen=True)
class PastQuiz:
    """A finished live quiz on the board: when, how many questions, each pupil's points."""

    id: int
    started_at: int
    questions: int
    standings: tuple[Standing, ...]


@dataclass(frozen=True)
class MyAnswer:
    """A pupil's answer to the current question."""

    choice: str
    correct: bool
    points: int


@dataclass(frozen=True)
class PupilQuiz:
    """What a pupil's phone shows: the class's quiz, their answer to its current question, their total."""

    quiz: QuizState | None
    mine: MyAnswer | None
    points: int
    place: int | None
    now: int


def _state(row) -> QuizState:
    return QuizState(row.id, tuple(row.questions), row.seconds, row.question_index, row.phase, row.opened_at,
                     row.deadline_at, row.version, row.started_at, row.ended_at)


def _latest(conn: Connection, class_id: int, lock: bool = False, shared: bool = False):
    """The class's newest quiz (running or ended), locked for update or for share when asked."""
    query = select(LiveQuiz).where(LiveQuiz.class_id == class_id).order_by(LiveQuiz.id.desc()).limit(1)
    if lock or shared:
        query = query.with_for_update(read=shared)
    return conn.execute(query).first()


def _standings(conn: Connection, class_id: int, quiz_id: int) -> tuple[Standing, ...]:
    """Every pupil of the class with their points in the quiz, best first."""
    rows = conn.execute(
        select(Pupil.id, Pupil.nickname, Pupil.nickname_key,
               func.coalesce(func.sum(LiveAnswer.points), 0).label("points"),
               func.coalesce(func.sum(case((LiveAnswer.correct, 1), else_=0)), 0).label("right"),
               func.count(LiveAnswer.id).label("answered"),
               func.max(case((LiveAnswer.correct, LiveAnswer.answered_at), else_=None)).label("last_right"))
        .select_from(Pupil)
        .outerjoin(LiveAnswer, (LiveAnswer.pupil_id == Pupil.id) & (LiveAnswer.quiz_id == quiz_id))
        .where(Pupil.class_id == class_id)
        .group_by(Pupil.id, Pupil.nickname, Pupil.nickname_key)).all()
    rows = sorted(rows, key=lambda r: (-int(r.points), -int(r.right), r.last_right or 0, r.nickname_key))
    return tuple(Standing(r.id, r.nickname, int(r.points), int(r.right), int(r.answered)) for r in rows)


class LiveQuizzes:
    """The live quizzes of every class on one storage (its engine, clock and limits)."""

    def __init__(self, store: Storage):
        self.store = store

    # ------------------------------------------------------------------ the teacher's steps

    def start(self, teacher_key: str, count: int = DEFAULT_QUESTIONS, seconds: int = DEFAULT_SECONDS,
              topic: str | None = None, client: str | None = None) -> QuizState:
        """Starts a quiz in the class's variant and opens its first question; a running quiz ends first."""
        info = self.store.authorize_teacher(teacher_key, client)
        if not isinstance(count, int) or not MIN_QUESTIONS <= count <= MAX_QUESTIONS:
            raise InputRefused("quiz_setting", field="questions")
        if not isinstance(seconds, int) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
            raise InputRefused("quiz_setting", field="seconds")
        questions = choose_questions(info.ruleset, (*info.quiz, *info.drills), count, topic or None)
        if not questions:
            raise InputRefused("quiz_no_questions")
        now = self.store.now()
        with self.store._write() as conn:
            class_id = self.store._teacher_write(conn, teacher_key)
            self.store._lock_class(conn, class_id)   # two Start taps on two servers make one quiz at a time
            conn.execute(update(LiveQuiz).where(LiveQuiz.class_id == class_id, LiveQuiz.phase != ENDED)
                         .values(phase=ENDED, ended_at=now, version=LiveQuiz.version + 1))
            made = conn.execute(LiveQuiz.__table__.insert().values(
                class_id=class_id, questions=list(questions), seconds=seconds, question_index=0, phase=OPEN,
                opened_at=now, deadline_at=now + seconds * 1000, version=1, started_at=now, ended_at=None)
                .returning(LiveQuiz.id)).scalar_one()
            return _state(conn.execute(select(LiveQuiz).where(LiveQuiz.id == made)).one())

    def _step(self, teacher_key: str, client: str | None, allowed: tuple[str, ...], values) -> QuizState:
        """One teacher step on the running quiz, under its row's lock; ``values(row, now)`` gives the change."""
        self.store.authorize_teacher(teacher_key, client)
        with self.store._write() as conn:
            class_id = self.store._teacher_write(conn, teacher_key)
            row = _latest(conn, class_id, lock=True)
            if row is None or row.phase == ENDED:
                raise AccessRefused("quiz_not_running")
            if row.phase not in allowed:
                raise InputRefused("quiz_wrong_step")
            now = self.store.now()
            conn.execute(update(LiveQuiz).where(LiveQuiz.id == row.id)
                         .values(version=row.version + 1, **values(row, now)))
            return _state(conn.execute(select(LiveQuiz).where(LiveQuiz.id == row.id)).one())

    def show_answer(self, teacher_key: str, client: str | None = None) -> QuizState:
        """Closes the current question (no more answers) and shows its answer."""
        return self._step(teacher_key, client, (OPEN,),
                          lambda row, now: {"phase": SHOWN, "deadline_at": min(row.deadline_at, now)})

    def next_question(self, teacher_key: str, client: str | None = None) -> QuizState:
        """Opens the next question (after its answer was shown); after the last one the quiz ends."""
        def values(row, now):
            if row.question_index >= len(row.questions) - 1:
                return {"phase": ENDED, "ended_at": now}
            return {"phase": OPEN, "question_index": row.question_index + 1, "opened_at": now,
                    "deadline_at": now + row.seconds * 1000}
        return self._step(teacher_key, client, (SHOWN,), values)

    def end(self, teacher_key: str, client: str | None = None) -> QuizState:
        """Ends the quiz now; its answers stay, on the board's past quizzes."""
        return self._step(teacher_key, client, (OPEN, SHOWN),
                          lambda row, now: {"phase": ENDED, "ended_at": now, "deadline_at": min(row.deadline_at, now)})

    # ------------------------------------------------------------------ the projector

    def board(self, key: str, client: str | None = None) -> LiveBoard:
        """The class's newest quiz, the current question's answers per option, and the leaderboard."""
        info, _manage = self.store.authorize_board(key, client)
        now = self.store.now()
        with self.store.read_connection() as conn:
            pupils = conn.execute(select(func.count()).select_from(Pupil).where(Pupil.class_id == info.id)).scalar_one()
            row = _latest(conn, info.id)
            if row is None:
                return LiveBoard(None, {}, 0, pupils, (), now)
            quiz = _state(row)
            counts = dict(conn.execute(
                select(LiveAnswer.choice, func.count()).where(LiveAnswer.quiz_id == quiz.id,
                                                               LiveAnswer.question_index == quiz.index)
                .group_by(LiveAnswer.choice)).all())
            return LiveBoard(quiz, counts, sum(counts.values()), pupils, _standings(conn, info.id, quiz.id), now)

    def past(self, key: str, client: str | None = None) -> tuple[PastQuiz, ...]:
        """The class's ended quizzes, newest first (at most PAST_SHOWN), with each pupil's points."""
        info, _manage = self.store.authorize_board(key, client)
        with self.store.read_connection() as conn:
            rows = conn.execute(select(LiveQuiz).where(LiveQuiz.class_id == info.id, LiveQuiz.phase == ENDED)
                                .order_by(LiveQuiz.id.desc()).limit(PAST_SHOWN)).all()
            return tuple(PastQuiz(r.id, r.started_at, len(r.questions), _standings(conn, info.id, r.id)) for r in rows)

    # ------------------------------------------------------------------ the pupils

    def version(self, token: str) -> tuple[int, int] | None:
        """The (quiz id, version) of the pupil's class's newest quiz: what a phone polls, cheaply."""
        with self.store.read_connection() as conn:
            pupil = self.store._pupil_row(conn, token)
            row = conn.execute(select(LiveQuiz.id, LiveQuiz.version).where(LiveQuiz.class_id == pupil.class_id)
                               .order_by(LiveQuiz.id.desc()).limit(1)).first()
            return (row.id, row.version) if row else None

    def for_pupil(self, token: str) -> PupilQuiz:
        """The pupil's view: the newest quiz, their answer to its current question, their points and place."""
        now = self.store.now()
        with self.store.read_connection() as conn:
            pupil = self.store._pupil_row(conn, token)
            row = _latest(conn, pupil.class_id)
            if row is None:
                return PupilQuiz(None, None, 0, None, now)
            quiz = _state(row)
            mine = conn.execute(select(LiveAnswer).where(
                LiveAnswer.quiz_id == quiz.id, LiveAnswer.pupil_id == pupil.id,
                LiveAnswer.question_index == quiz.index)).first()
            standings = _standings(conn, pupil.class_id, quiz.id)
        place = next((i for i, s in enumerate(standings, start=1) if s.pupil_id == pupil.id), None)
        points = standings[place - 1].points if place else 0
        return PupilQuiz(quiz, MyAnswer(mine.choice, mine.correct, mine.points) if mine else None, points, place, now)

    def answer(self, token: str, quiz_id: int, index: int, choice: str) -> MyAnswer:
        """Stores the pupil's answer to question ``index`` of quiz ``quiz_id``: once, and only in time.

        Refused: ``quiz_not_running`` (another quiz, or ended), ``quiz_closed`` (time up or the answer
        shown, by the stored deadline), ``quiz_answered`` (a second tap), ``answer_invalid`` (no option).
        """
        with self.store._write() as conn:
            # The quiz row is locked for share: "Show answer" waits for this answer, or this answer sees it.
            pupil = self.store._pupil_row(conn, token)
            row = _latest(conn, pupil.class_id, shared=True)
            if row is None or row.id != quiz_id or row.phase == ENDED:
                raise AccessRefused("quiz_not_running")
            quiz = _state(row)
            now = self.store.now()
            if quiz.index != index or not quiz.taking_answers(now):
                raise AccessRefused("quiz_closed")
            drill = drill_by_id(quiz.question_id)
            if drill is None or choice not in drill.options:
                raise InputRefused("answer_invalid", field="answer")
            self.store._pupil_write(conn, token, now)
            correct = bool(drill.is_correct(choice))
            points = points_for(correct, now, quiz.opened_at, quiz.deadline_at)
            stored = insert_ignore(conn, LiveAnswer, {
                "quiz_id": quiz.id, "pupil_id": pupil.id, "question_index": index, "choice": choice,
                "correct": correct, "points": points, "answered_at": now},
                ("quiz_id", "pupil_id", "question_index"))
            if stored is None:
                raise InputRefused("quiz_answered")
        return MyAnswer(choice, correct, points)



__all__ = ["ENDED", "OPEN", "SHOWN", "LiveBoard", "LiveQuizzes", "MyAnswer", "PastQuiz", "PupilQuiz", "QuizState",
           "Standing", "choose_questions", "option_order", "points_for", "quiz_drills"]
