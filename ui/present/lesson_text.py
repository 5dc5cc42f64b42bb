"""Sentences for a lesson step answered with a legal move that is not the step's answer
(``engine.scenario.step_mismatch``): what the learner did, and what the step asked for."""
from __future__ import annotations

import gettext
from collections.abc import Mapping
from typing import Any

from engine.cards import DeckKind
from engine.verdicts import Reason
from ui.present.cards import suit_word
from ui.present.reasons import card_placeholders, wish_rank_text

Translations = gettext.NullTranslations


def _wanted_play(p: Mapping[str, Any], deck: DeckKind, tr: Translations) -> str:
    _ = tr.gettext
    return {"draw": _("You drew a card, but this step wants you to put a card down."),
            "wait": _("You sat out, but this step wants you to put a card down."),
            "pass": _("You kept the drawn card, but this step wants you to put a card down.")}[p["done"]]


def _wanted_other(p: Mapping[str, Any], deck: DeckKind, tr: Translations) -> str:
    _ = tr.gettext
    wanted = {"draw": _("This step wants you to draw."), "wait": _("This step wants you to sit out."),
              "pass": _("This step wants you to keep the drawn card.")}[p["wanted"]]
    if p.get("card"):
        return _("You played {card}: it is allowed, but not what this step asks.").format(
            **card_placeholders("card", deck.parse(p["card"]), deck, tr)) + " " + wanted
    return wanted


def _other_demand(p: Mapping[str, Any], deck: DeckKind, tr: Translations) -> str:
    _ = tr.gettext
    forms = card_placeholders("card", deck.parse(p["card"]), deck, tr)
    if p["done"] == "none":
        return _("You played {card} without a demand; this step wants you to demand the rank {wanted}.").format(
            **forms, wanted=wish_rank_text(p["wanted"], deck, tr))
    if p["wanted"] == "none":
        return _("You demanded the rank {done}; this step wants {card} without a demand.").format(
            **forms, done=wish_rank_text(p["done"], deck, tr))
    return _("You demanded the rank {done}; this step wants the rank {wanted}.").format(
        done=wish_rank_text(p["done"], deck, tr), wanted=wish_rank_text(p["wanted"], deck, tr))


def _other_suit(p: Mapping[str, Any], deck: DeckKind, tr: Translations) -> str:
    _ = tr.gettext
    forms = card_placeholders("card", deck.parse(p["card"]), deck, tr)
    if p["done"] == "none":
        return _("You played {card} without wishing a suit; this step wants you to wish for {wanted}.").format(
            **forms, wanted=suit_word(p["wanted"], deck, tr))
    if p["wanted"] == "none":
        return _("You wished {done}; this step wants {card} without a wish.").format(
            **forms, done=suit_word(p["done"], deck, tr))
    return _("You wished {done}; this step wants {wanted}.").format(
        done=suit_word(p["done"], deck, tr), wanted=suit_word(p["wanted"], deck, tr))


def _other_count(p: Mapping[str, Any], deck: DeckKind, tr: Translations) -> str:
    done = tr.ngettext("You played {count} card.", "You played {count} cards.", p["done"]).format(count=p["done"])
    wanted = tr.ngettext("This step wants {count} card.", "This step wants {count} cards at once.",
                         p["wanted"]).format(count=p["wanted"])
    return done + " " + wanted


def _other_attack(p: Mapping[str, Any], deck: DeckKind, tr: Translations) -> str:
    forms = card_placeholders("card", deck.parse(p["card"]), deck, tr)
    if p["kind"] == "draw":
        text = tr.ngettext("You played {card}: it is allowed, but this step wants an attack of {count} card to draw.",
                           "You played {card}: it is allowed, but this step wants an attack of {count} cards to draw.",
                           p["wanted"])
    else:
        text = tr.ngettext("You played {card}: it is allowed, but this step wants an attack of {count} turn to sit out.",
                           "You played {card}: it is allowed, but this step wants an attack of {count} turns to sit out.",
                           p["wanted"])
    return text.format(**forms, count=p["wanted"])


_MISMATCHES = {"lesson_wanted_play": _wanted_play, "lesson_wanted_other": _wanted_other,
               "lesson_other_demand": _other_demand, "lesson_other_suit": _other_suit,
               "lesson_other_count": _other_count, "lesson_other_attack": _other_attack}


def describe_mismatch(reason: Reason, deck: DeckKind, tr: Translations) -> str:
    """Says in the session's language how a legal move missed the step's goal."""
    # The engine's reason names the card in notation; the deck reads it back (engine/scenario.py).
    describe = _MISMATCHES.get(reason.code)
    if describe is not None:
        return describe(reason.params, deck, tr)
    return tr.gettext("You played {card}: it is allowed, but it does not do what this step asks.").format(
        **card_placeholders("card", deck.parse(reason.params["card"]), deck, tr))
