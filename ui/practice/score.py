"""Practice scores: per-topic accuracy, streaks, mastery, suggestions, and a short export code.

Pure Python (no Streamlit): a ``Progress`` is an immutable value; ``record`` returns a new one.
Scores are kept per variant and topic ("pl/jack"), because the rules differ per variant.
The export code is compact JSON, zlib-compressed and base64url-encoded behind a version
prefix; ``decode_progress`` validates everything and raises ``ProgressCodeError`` whose
``code`` tells the page which message to show.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine.packing import PackError, pack_json, unpack_json
from engine.ruleset import variant_ids
from engine.scenario import TOPICS

MASTERY_WINDOW = 10      # the last answers that count for mastery
MASTERY_NEEDED = 8       # right answers among them that make a topic mastered
PREFIX = "MP1."
MAX_CODE = 4000
MAX_COUNT = 1_000_000


class ProgressCodeError(ValueError):
    """A progress code that cannot be read; ``code`` names the problem for the page's message."""

    def __init__(self, code: str, detail: str = ""):
        self.code = code
        super().__init__(f"{code}: {detail}" if detail else code)


@dataclass(frozen=True)
class TopicScore:
    """The answers given on one topic of one variant: totals and the last few, oldest first."""

    attempts: int = 0
    correct: int = 0
    recent: tuple[bool, ...] = ()

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0

    @property
    def recent_right(self) -> int:
        return sum(self.recent)

    @property
    def mastered(self) -> bool:
        """At least MASTERY_NEEDED right among the last MASTERY_WINDOW answers."""
        return self.recent_right >= MASTERY_NEEDED

    def with_answer(self, right: bool) -> "TopicScore":
        recent = (*self.recent, right)[-MASTERY_WINDOW:]
        return TopicScore(self.attempts + 1, self.correct + int(right), recent)


@dataclass(frozen=True)
class Progress:
    """All scores of one learner: per "variant/topic" key, plus the current and best streak."""

    scores: Mapping[str, TopicScore] = field(default_factory=dict)  # never changed in place
    streak: int = 0
    best_streak: int = 0

    def score(self, variant: str, topic: str) -> TopicScore:
        return self.scores.get(key(variant, topic), TopicScore())

    @property
    def attempts(self) -> int:
        return sum(s.attempts for s in self.scores.values())

    @property
    def correct(self) -> int:
        return sum(s.correct for s in self.scores.values())


def key(variant: str, topic: str) -> str:
    return f"{variant}/{topic}"


def record(progress: Progress, variant: str, topic: str, right: bool) -> Progress:
    """Returns the progress after one more answer on a topic."""
    scores = dict(progress.scores)
    scores[key(variant, topic)] = progress.score(variant, topic).with_answer(right)
    streak = progress.streak + 1 if right else 0
    return Progress(scores, streak, max(progress.best_streak, streak))


def suggestions(progress: Progress, variant: str, topics: tuple[str, ...], count: int = 3) -> list[str]:
    """The topics to practise next: the weakest tried ones first, then untried ones; never mastered ones."""
    tried = [t for t in topics if progress.score(variant, t).attempts and not progress.score(variant, t).mastered]
    tried.sort(key=lambda t: (progress.score(variant, t).recent_right / len(progress.score(variant, t).recent),
                              progress.score(variant, t).attempts))
    untried = [t for t in topics if not progress.score(variant, t).attempts]
    return (tried + untried)[:count]


# ---------------------------------------------------------------------------- the export code

def encode_progress(progress: Progress) -> str:
    """Writes the progress as a short code (``MP1.`` + base64url of compressed JSON)."""
    data = {
        "s": [progress.streak, progress.best_streak],
        "t": {k: [s.attempts, s.correct, "".join("1" if r else "0" for r in s.recent)]
              for k, s in sorted(progress.scores.items()) if s.attempts},
    }
    return pack_json(data, PREFIX)


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise ProgressCodeError("invalid", f"{value!r} is not a count")
    return value


def decode_progress(code: Any) -> Progress:
    """Reads a progress code back; raises ProgressCodeError (code: empty, format, corrupt, invalid)."""
    try:
        data = unpack_json(code, MAX_CODE, 64 * 1024, PREFIX)
    except PackError as exc:
        raise ProgressCodeError(exc.kind if exc.kind in ("empty", "format") else "corrupt", str(exc)) from None
    if not isinstance(data, dict) or set(data) != {"s", "t"}:
        raise ProgressCodeError("invalid", "unexpected fields")
    streaks, topics = data["s"], data["t"]
    if not isinstance(streaks, list) or len(streaks) != 2 or not isinstance(topics, dict):
        raise ProgressCodeError("invalid", "bad layout")
    streak, best = _count(streaks[0]), _count(streaks[1])
    if streak > best:
        raise ProgressCodeError("invalid", "the streak is longer than the best streak")
    known_variants = set(variant_ids())
    scores: dict[str, TopicScore] = {}
    for name, value in topics.items():
        variant, _, topic = name.partition("/")
        if variant not in known_variants or topic not in TOPICS:
            raise ProgressCodeError("invalid", f"unknown topic {name!r}")
        if not isinstance(value, list) or len(value) != 3 or not isinstance(value[2], str):
            raise ProgressCodeError("invalid", f"bad score for {name!r}")
        attempts, correct, recent = _count(value[0]), _count(value[1]), value[2]
        if (correct > attempts or len(recent) > min(MASTERY_WINDOW, attempts) or set(recent) - {"0", "1"}
                or recent.count("1") > correct or recent.count("0") > attempts - correct):
            raise ProgressCodeError("invalid", f"inconsistent score for {name!r}")
        scores[name] = TopicScore(attempts, correct, tuple(ch == "1" for ch in recent))
    return Progress(scores, streak, best)
