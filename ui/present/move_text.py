"""A move said in words and cards ("Play J♣, demand 7"), never in engine notation ("play Jc demand 7")."""
from __future__ import annotations

from engine.cards import DeckKind
from engine.moves import Move
from ui.present.cards import suit_word
from ui.present.i18n import Translator
from ui.present.reasons import cards_text, wish_rank_text


def move_words(move: Move, deck: DeckKind, t: Translator) -> str:
    """Says a move in words: "Play 7♥, demand 7, saying "makao""; "Draw"; "Wait"; "Pass"."""
    _ = t.gettext
    if move.kind == "draw":
        return _("Draw")
    if move.kind == "wait":
        return _("Wait")
    if move.kind == "pass":
        return _("Pass (keep the drawn card)")
    cards = cards_text(move.cards, deck, t)
    text = _("Play {cards}").format(cards=cards)
    if move.demand not in (None, "none"):
        text += ", " + _("demand {rank}").format(rank=wish_rank_text(move.demand, deck, t))
    if move.suit not in (None, "none"):
        text += ", " + _("wish for {suit}").format(suit=suit_word(move.suit, deck, t))
    if move.makao:
        text += ", " + _("saying \"makao\"")
    if move.kakao:
        text += ", " + _("saying \"kakaó\"")
    return text
