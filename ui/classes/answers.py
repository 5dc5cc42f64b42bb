"""A learner's answer to a drill as the class stores it, and the engine's reason why a wrong one is wrong.

An answer is kept as text (storage/docs: at most 200 characters): the chosen cards of a
"select" question joined by spaces (``7h Kh``), or the chosen option of a "next" or "best"
question (an outcome key or a move in notation). The reason is an engine reason code
(engine/verdicts.py); the board rebuilds the full reason, with its cards, from the drill and
the stored text, so the sentence comes from the engine's judge and never from the page.

A "next" question ("You play K♠. Who draws how many?") asks what a legal move leads to: no
verdict of the engine says why a wrong outcome is wrong (the verdict on the move says only
that it may be played), so none is stored, and the board says what the move really leads to.
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
    - best: the reason the drill's author names for the chosen move (a legal move may be worse
      for a note, e.g. a forgotten "makao"), else the engine's refusal of an illegal one; a legal
      move's "may be played" is no reason why it is not the best, so then None;
    - next: None — the verdict on the drill's move is about its legality, not about the outcome
      asked (it read "K♠ may be played: …" beside a wrong count of cards).
    """
    if drill.is_correct(response) or drill.kind == "next":
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
        move_text = str(response)
        verdict = check(state, parse_move(move_text, state.rules.deck))
    except (EngineError, ValueError):   # a stored text that no longer parses: no reason rather than a wrong one
        return None
    named = next((w.reason for w in drill.wrong if w.move == move_text), None)
    if named is not None:
        return next((r for r in verdict.reasons if r.code == named), None)
    return verdict.reasons[0] if not verdict.legal and verdict.reasons else None


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
    """Why a stored wrong answer is wrong, in the reader's words ("" when nothing can say it).

    For "select" and "best" it is the engine's reason, rebuilt from the drill and the stored
    answer, and shown only when the engine still gives the stored code (a changed drill never
    shows a reason it no longer gives). For "next" it is what the move really leads to (the
    drill's answer, checked against the engine when the drills load) with the drill's remark;
    any stored code is ignored (answers saved before held the move's "may be played" there).
    """
    if drill.kind == "next":
        return _outcome_words(drill, text, t)
    reason = wrong_reason(drill, response_of(drill, text))
    if reason is None or (code and reason.code != code):
        return ""
    try:
        return describe_reason(reason, drill.state().rules.deck, t)
    except (EngineError, KeyError, ValueError):
        return ""


def _outcome_words(drill: Drill, text: str, t: Translator) -> str:
    """For a wrong answer to a "next" question: the outcome the move really has, and the drill's remark."""
    if not text or drill.is_correct(text):
        return ""
    try:
        right = option_text(drill, drill.answer[0], drill.state(), t)
    except (EngineError, ValueError, KeyError):
        return ""
    words = t.gettext("What really happens: {outcome}").format(outcome=right)
    if drill.feedback:
        words += " " + t.gettext(drill.feedback)
    return words
