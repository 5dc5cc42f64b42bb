"""A learner's answer to a drill as the class stores it, and the engine's reason why a wrong one is wrong.

An answer is kept as text (storage/docs: at most 200 characters): the chosen cards of a
"select" question joined by spaces (``7h Kh``), or the chosen option of a "next" or "best"
question (an outcome key or a move in notation). The reason is an engine reason code
(engine/verdicts.py); the board rebuilds the full reason, with its cards, from the drill and
the stored text, so the sentence comes from the engine's judge and never from the page.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.drills import Drill, card_verdicts
from engine.errors import EngineError
from engine.moves import parse_move
from engine.rules import check
from engine.verdicts import Reason
from ui.present.drill_text import cards_text, option_text
from ui.present.i18n import Translator
from ui.present.reasons import describe_reason


@dataclass(frozen=True)
class AnswerFields:
    """The parts of one answer the storage keeps (storage.Storage.record_answer)."""

    question_id: str
    variant: str
    topic: str
    answer: str
    correct: bool
    reason: str


def answer_text(drill: Drill, response: Any) -> str:
    """The learner's response as stored text: cards joined by spaces, or the chosen option."""
    if drill.kind == "select":
        return " ".join(sorted(str(card) for card in (response or ())))
    return "" if response is None else str(response)


def response_of(drill: Drill, text: str) -> Any:
    """Reads a stored answer text back into a response (the inverse of answer_text)."""
    if drill.kind == "select":
        return sorted(text.split())
    return text


def wrong_reason(drill: Drill, response: Any) -> Reason | None:
    """The engine's reason why a wrong response is wrong; None for a right one or when it has none.

    - select: a chosen card the engine refuses (its refusal), else a playable card left out
      (why it may go);
    - best: the engine's verdict on the chosen move: the reason the drill's author names for that
      option (a legal move may be worse for a note, e.g. a forgotten "makao"), else its first;
    - next: the engine's verdict on the drill's move, which decides what happens next.
    """
    if drill.is_correct(response):
        return None
    try:
        state = drill.state()
        if drill.kind == "select":
            verdicts = card_verdicts(state)
            chosen = set(response or ())
            for card in sorted(chosen):
                verdict = verdicts.get(card)
                if verdict is not None and not verdict.legal and verdict.reasons:
                    return verdict.reasons[0]
            for card, verdict in verdicts.items():
                if verdict.legal and card not in chosen and verdict.reasons:
                    return verdict.reasons[0]
            return None
        move_text = str(response) if drill.kind == "best" else drill.move
        verdict = check(state, parse_move(move_text, state.rules.deck))
    except (EngineError, ValueError):   # a stored text that no longer parses: no reason rather than a wrong one
        return None
    named = next((w.reason for w in drill.wrong if w.move == move_text), None) if drill.kind == "best" else None
    return next((r for r in verdict.reasons if r.code == named), verdict.reasons[0] if verdict.reasons else None)


def answer_fields(drill: Drill, response: Any, correct: bool) -> AnswerFields:
    """The stored form of an answer to a drill (its reason code when wrong)."""
    reason = None if correct else wrong_reason(drill, response)
    return AnswerFields(drill.id, drill.variant, drill.topic, answer_text(drill, response)[:200], bool(correct),
                        reason.code if reason is not None else "")


def answer_words(drill: Drill, text: str, t: Translator) -> str:
    """A stored answer in the reader's words: the cards by name, or the option as the question shows it."""
    try:
        state = drill.state()
        if drill.kind == "select":
            cards = response_of(drill, text)
            deck = state.rules.deck   # a stored answer names its cards in notation
            return cards_text([deck.parse(c) for c in cards], deck, t) if cards else t.gettext("no card")
        return option_text(drill, text, state, t)
    except (EngineError, ValueError, KeyError):
        return text


def reason_words(drill: Drill, text: str, code: str, t: Translator) -> str:
    """The engine's sentence for why a stored wrong answer is wrong ("" when the engine gives none).

    The reason is rebuilt from the drill and the stored answer; it is shown only when the
    engine still gives the stored code, so a changed drill never shows a reason it no longer gives.
    """
    reason = wrong_reason(drill, response_of(drill, text))
    if reason is None or (code and reason.code != code):
        return ""
    try:
        return describe_reason(reason, drill.state().rules.deck, t)
    except (EngineError, KeyError, ValueError):
        return ""
