"""The words of the learning path: a step's name, in the reader's language."""
from __future__ import annotations

from engine.path import PathStep, lesson_of
from ui.present.drill_text import topic_label
from ui.present.i18n import Translator


def step_label(step: PathStep, tr: Translator) -> str:
    """A step as the path names it: the lesson's title, the drills of a topic, or the Play goal."""
    _ = tr.gettext
    if step.kind == "lesson":
        lesson = lesson_of(step)
        return _("Lesson: {title}").format(title=_(lesson.title) if lesson else step.target)
    if step.kind == "drills":
        return _("Drills: {topic}").format(topic=topic_label(step.target, tr))
    if step.target == "round_beginners":
        return _("Play a round to its end against beginners")
    return _("Win a round against club players")
