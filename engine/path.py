"""The learning path of a variant: lessons, drill sets and Play goals in teaching order, and the placement.

A path is data, one TOML file per variant in ``scenarios/paths/`` (docs/LEARNING.md): each
``[[step]]`` names an existing lesson (``lesson``), the drills of a topic (``drills``) or a Play
goal (``play``: ``round_beginners`` — a round played to its end against beginners;
``win_club`` — a round won against club players). ``placement`` lists the drills a newcomer is
asked first; ``placement_start`` decides where they begin. House rules get the path of the variant
they were made from, without the drill sets of topics their rules no longer have (``derived``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from engine.drills import Drill, DrillError, drill_by_id, shipped_drills, verify_drill
from engine.errors import EngineError
from engine.quiz import variant_topics
from engine.ruleset import Ruleset
from engine.scenario import SCENARIO_DIR, Scenario, load_scenarios

PATH_DIR = Path(__file__).resolve().parent.parent / "scenarios" / "paths"
PLAY_GOALS = ("round_beginners", "win_club")
STEP_KINDS = ("lesson", "drills", "play")
DRILLS_NEEDED = 3  # right answers on a topic's drills that finish a drill-set step


class PathError(EngineError, ValueError):
    """A path file that names a step or a placement question the app does not have."""


@dataclass(frozen=True)
class PathStep:
    """One step of the path: a lesson id, a drill topic or a Play goal."""

    kind: str  # "lesson" | "drills" | "play"
    target: str  # the lesson id, the topic, or the goal
    basics: bool = False  # "match the suit or the rank", drawing, several cards: what placement can skip

    @property
    def id(self) -> str:
        return f"{self.kind}:{self.target}"


@dataclass(frozen=True)
class LearningPath:
    """The steps of a variant in order, and the drill ids of its placement."""

    variant: str
    steps: tuple[PathStep, ...]
    placement: tuple[str, ...]


def _step(raw: object, file: str, index: int) -> PathStep:
    if not isinstance(raw, dict):
        raise PathError(f"{file}: step {index + 1} is not a table")
    kinds = [kind for kind in STEP_KINDS if kind in raw]
    if len(kinds) != 1 or not isinstance(raw[kinds[0]], str):
        raise PathError(f"{file}: step {index + 1} needs exactly one of lesson, drills, play")
    basics = raw.get("basics", False)
    if not isinstance(basics, bool):
        raise PathError(f"{file}: step {index + 1}: basics is true or false")
    return PathStep(kinds[0], raw[kinds[0]], basics)


def load_path_file(path: Path) -> LearningPath:
    """Reads one path file (raises PathError on a malformed one)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise PathError(f"{path.name}: {exc}") from exc
    steps = data.get("step", [])
    placement = data.get("placement", [])
    if not isinstance(steps, list) or not isinstance(placement, list) or not all(isinstance(p, str) for p in placement):
        raise PathError(f"{path.name}: step is a list of tables, placement a list of drill ids")
    variant = data.get("variant")
    if not isinstance(variant, str) or variant != path.stem:
        raise PathError(f"{path.name}: variant must be {path.stem!r}")
    return LearningPath(variant, tuple(_step(raw, path.name, i) for i, raw in enumerate(steps)), tuple(placement))


@lru_cache(maxsize=1)
def shipped_paths() -> Mapping[str, LearningPath]:
    """The shipped paths by variant, read once per process (immutable data every session shares)."""
    return {p.variant: p for p in (load_path_file(f) for f in sorted(PATH_DIR.glob("*.toml")))}


@lru_cache(maxsize=1)
def _lessons() -> tuple[Scenario, ...]:
    return load_scenarios(SCENARIO_DIR)


def derived(path: LearningPath, rules: Ruleset) -> LearningPath:
    """The path under these rules: the drill sets of topics the rules have no questions about are left out."""
    topics = set(variant_topics(rules)) | {d.topic for d in shipped_drills() if d.variant == rules.id}
    steps = tuple(s for s in path.steps if s.kind != "drills" or s.target in topics)
    return LearningPath(path.variant, steps, path.placement)


def path_for(rules: Ruleset, base: str | None = None) -> LearningPath | None:
    """The path of a ruleset: its own, or that of the variant its house rules were made from (``base``)."""
    paths = shipped_paths()
    own = paths.get(rules.id) or (paths.get(base) if base else None)
    return derived(own, rules) if own is not None else None


def placement_drills(path: LearningPath) -> tuple[Drill, ...]:
    """The placement questions of a path, in order."""
    found = (drill_by_id(drill_id) for drill_id in path.placement)
    return tuple(d for d in found if d is not None)


def placement_start(path: LearningPath, right: Mapping[str, bool]) -> int:
    """The index of the step a learner starts at after the placement (``right``: drill id -> answered right).

    The first step that teaches a topic answered wrong, but never beyond the first step past the basics:
    a learner who gets everything right starts just past the basics."""
    wrong = {d.topic for d in placement_drills(path) if not right.get(d.id, False)}
    past_basics = next((i for i, s in enumerate(path.steps) if not s.basics), len(path.steps))
    for index, step in enumerate(path.steps[:past_basics]):
        if _step_topics(path.variant, step) & wrong:
            return index
    return past_basics


def lesson_of(step: PathStep) -> Scenario | None:
    """The lesson a lesson step names (None for another kind of step, or a lesson the app lacks)."""
    if step.kind != "lesson":
        return None
    return next((s for s in _lessons() if s.id == step.target), None)


def _step_topics(variant: str, step: PathStep) -> set[str]:
    if step.kind == "drills":
        return {step.target}
    lesson = lesson_of(step)
    return set(lesson.topics) if lesson is not None else set()


def verify_path(path: LearningPath) -> None:
    """Checks that every step exists and every placement question passes the engine's check (raises PathError)."""
    lessons = {s.id: s for s in _lessons() if s.variant == path.variant}
    topics = {d.topic for d in shipped_drills() if d.variant == path.variant}
    if not 5 <= len(path.placement) <= 8:
        raise PathError(f"{path.variant}: the placement asks 5 to 8 questions, not {len(path.placement)}")
    for step in path.steps:
        missing = (
            (step.kind == "lesson" and step.target not in lessons)
            or (step.kind == "drills" and step.target not in topics)
            or (step.kind == "play" and step.target not in PLAY_GOALS)
        )
        if missing:
            raise PathError(f"{path.variant}: step {step.id} names nothing the app has")
    for drill_id in path.placement:
        drill = drill_by_id(drill_id)
        if drill is None or drill.variant != path.variant:
            raise PathError(f"{path.variant}: placement question {drill_id!r} is not a drill of the variant")
        try:
            verify_drill(drill)
        except DrillError as exc:
            raise PathError(f"{path.variant}: placement question {drill_id!r}: {exc}") from exc
