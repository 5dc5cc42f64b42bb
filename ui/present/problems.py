"""Sentences for the problems of an impossible position (engine.position.PROBLEM_CODES).

The engine reports every problem of a position at once as a code with parameters
(engine/errors.py, ``Problem``); this module is the one place that turns them into text
in the session's language. Values that came from outside (a pasted position, a link)
are cut short and escaped for Markdown before they are placed in a sentence.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.cards import FRENCH, DeckKind
from engine.errors import Problem
from ui.present import grammar
from ui.present.cards import card_short
from ui.present.i18n import Translator
from ui.present.reasons import card_placeholders, player, wish_rank_text
from ui.present.rules_text import escape_markdown

MAX_QUOTED = 24
_FIELD = re.compile(r"^(hands|pile|deck|waiting|finished)(?:\[(\d+)\])?(?:\[(\d+)\])?$")


def quoted(value: Any, tr: Translator) -> str:
    """Shows a value that came from outside: cut to a few characters, Markdown escaped, in the
    language's quotation marks (en “…”, pl „…”, da »…«)."""
    text = str(value).replace("\n", " ").replace("\r", " ")
    if len(text) > MAX_QUOTED:
        text = text[:MAX_QUOTED] + "…"
    opening = tr.pgettext("opening quotation mark around a value from outside", "“")
    closing = tr.pgettext("closing quotation mark around a value from outside", "”")
    return opening + escape_markdown(text) + closing


def _player_forms(seat: int, tr: Translator) -> dict[str, str]:
    # "the hand of player 2": hu "a 2. játékos lapjai" needs {player_the}.
    text = player(seat, tr)
    return {"player": text, **grammar.player_forms(grammar.language_of(tr) or "", "player", text, seat + 1)}


def field_text(field: Any, tr: Translator) -> str:
    """Names a field of the position JSON for people ("the hand of player 2", "the pile")."""
    _ = tr.gettext
    field = str(field)
    match = _FIELD.match(field)
    if match:
        name, first, _second = match.groups()
        if name == "hands":
            if first is None:
                return _("the hands")
            return _("the hand of {player}").format(**_player_forms(int(first), tr))
        if name == "waiting":
            if first is None:
                return _("the turns each player sits out")
            return _("the turns {player} sits out").format(**_player_forms(int(first), tr))
        return {"pile": _("the pile"), "deck": _("the deck"), "finished": _("the finished players")}[name]
    names = {
        "position": _("the position"),
        "to_move": _("the player to move"),
        "attack": _("the attack"),
        "attack.card": _("the attacking card"),
        "wish": _("the wish"),
        "wish.by": _("the player who made the wish"),
        "wish.rank": _("the wished rank"),
        "wish.suit": _("the wished suit"),
        "drawn": _("the card just drawn"),
        "seed": _("the seed"),
        "over": _("the end-of-round mark"),
        "variant": _("the variant"),
        "format": _("the format"),
    }
    return names.get(field, quoted(field, tr))


class _Values:
    """Puts the values of a problem into words: seats, cards, fields, kinds of attack and wish."""

    def __init__(self, tr: Translator, deck: DeckKind) -> None:
        self.tr = tr
        self.deck = deck
        self.language = grammar.language_of(tr) or ""

    def field(self, p: dict[str, Any]) -> str:
        return field_text(p.get("field", ""), self.tr)

    def seat(self, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            return player(value, self.tr)
        return quoted(value, self.tr)

    def seats(self, name: str, value: Any) -> dict[str, str]:
        # The seat and its forms (hu {player_the}); a value that is no seat is quoted as given.
        number = value + 1 if isinstance(value, int) and not isinstance(value, bool) else None
        return {name: self.seat(value), **grammar.player_forms(self.language, name, self.seat(value), number)}

    def cards(self, name: str, value: Any) -> dict[str, str]:
        try:
            # A position names its cards in notation (POSITION.md): the deck reads them, if it can.
            return card_placeholders(name, self.deck.parse(str(value)), self.deck, self.tr)
        except (ValueError, KeyError):
            text = quoted(value, self.tr)
            return {name: text, **grammar.player_forms(self.language, name, text)}

    def kind(self, value: Any) -> str:
        _ = self.tr.gettext
        return _("draw") if value == "draw" else _("sit out") if value == "skip" else quoted(value, self.tr)

    def wish_kind(self, value: Any) -> str:
        _ = self.tr.gettext
        return _("rank") if value == "rank" else _("suit") if value == "suit" else quoted(value, self.tr)

    def expected(self, value: Any) -> str:
        _ = self.tr.gettext
        return {
            "object": _("a JSON object"),
            "cards": _("a list of cards"),
            "hands": _("a list with one hand per player"),
            "seats": _("a list of player numbers"),
            "integer": _("a whole number"),
            "boolean": _("true or false"),
        }.get(value, quoted(value, self.tr))


def _templates(tr: Translator, deck: DeckKind) -> dict[str, Callable[[dict[str, Any]], str]]:
    values = _Values(tr, deck)
    return {**_format_problems(values), **_card_problems(values), **_seat_problems(values)}


def _format_problems(v: _Values) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The problems of the position's format: fields, types, attacks, wishes."""
    tr = v.tr
    _ = tr.gettext
    return {
        "attack_taken_at_once": lambda p: _("In these rules {card} is taken at once, so no attack of it can be "
                                            "pending: leave the attack out.").format(**v.cards("card", p.get("card"))),
        "bad_attack": lambda p: _("The attack must be either “draw N cards” or “sit out N turns”."),
        "bad_cover": lambda p: _("The field “cover” needs a card to cover on top (ru-101: a nine) and no attack or card just drawn."),
        "bad_attack_amount": lambda p: _("The attack of {value} is not a positive number.").format(
            value=quoted(p.get("value"), tr)),
        "bad_card": lambda p: _("{text} in {field} is not a card of this deck (write rank then suit, e.g. {example}).").format(
            text=quoted(p.get("text"), tr), field=v.field(p),
            example=card_short(FRENCH.card("10", "h"), FRENCH) if p.get("deck") != "hungarian" else "Ua"),
        "bad_count": lambda p: _("{value} is not a possible number of cards for {field}.").format(
            value=quoted(p.get("value"), tr), field=v.field(p)),
        "bad_direction": lambda p: _("The direction of play {value} is neither “clockwise” nor “counterclockwise”.").format(
            value=quoted(p.get("value"), tr)),
        "bad_format": lambda p: _("The format {value} is not one this app reads (it reads makao-position/1).").format(
            value=quoted(p.get("value"), tr)),
        "bad_type": lambda p: _("{field} must be {expected}.").format(field=v.field(p), expected=v.expected(p.get("expected"))),
        "bad_waiting": lambda p: _("{value} is not a number of turns for {field}.").format(
            value=quoted(p.get("value"), tr), field=v.field(p)),
        "bad_wish": lambda p: _("The wish must name a rank or a suit, and the player who made it."),
        "bad_wish_value": lambda p: _("{text} is not a {kind} of this deck.").format(
            text=quoted(p.get("text"), tr), kind=v.wish_kind(p.get("kind"))),
    }


def _card_problems(v: _Values) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The problems with the cards: attacks, the card just drawn, cards used twice."""
    tr = v.tr
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        "card_does_not_attack": lambda p: _("{card} does not make a “{kind}” attack in this variant, so it cannot be the attacking card.").format(
            **v.cards("card", p.get("card")), kind=v.kind(p.get("kind"))),
        "drawn_not_in_hand": lambda p: _("The card just drawn, {card}, is not in the hand of {player}.").format(
            **v.cards("card", p.get("card")), **v.seats("player", p.get("seat"))),
        "drawn_not_playable": lambda p: _("In this variant a drawn card cannot be played at once, so there is no “card just drawn”."),
        "drawn_under_attack": lambda p: _("A player under attack does not draw a card to play: remove the attack or the card just drawn."),
        "duplicate_card": lambda p: (
            _("{card} is used twice; there is only one in the deck.") if p.get("copies", 1) == 1 else
            ngettext("{card} is used {count} times; the decks hold it {copies} time.",
                     "{card} is used {count} times; the decks hold it {copies} times.", p.get("copies", 1))
        ).format(**v.cards("card", p.get("card")), count=p.get("count"), copies=p.get("copies")),
        "empty_pile": lambda p: _("The pile is empty: put at least one card on it (the top card)."),
        "finished_holds_cards": lambda p: _("{player} is marked as finished but still holds cards.").format(
            **v.seats("player", p.get("seat"))),
        "missing_field": lambda p: _("{field} is missing.").format(field=v.field(p)),
        "no_such_attack": lambda p: _("This variant has no “{kind}” attack.").format(kind=v.kind(p.get("kind"))),
        "no_such_wish": lambda p: _("This variant has no {kind} wish.").format(kind=v.wish_kind(p.get("kind"))),
    }


def _seat_problems(v: _Values) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The problems with the players: seats, turns to sit out, finished players, wishes."""
    tr, deck = v.tr, v.deck
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        "not_a_seat": lambda p: _("{value} in {field} is not a player (there are players 1 to {last}).").format(
            value=_seat_value(p.get("value"), tr), field=v.field(p), last=_last_seat(p.get("last"))),
        "players_out_of_range": lambda p: _("This variant is played by {low} to {high} players, not {count}.").format(
            low=p.get("low"), high=p.get("high"), count=p.get("count")),
        "round_already_over": lambda p: _("In this variant the round ends when the first player is out, so no player can be finished yet."),
        "seat_listed_twice": lambda p: _("{player} is listed twice among the finished players.").format(
            **v.seats("player", p.get("seat"))),
        "empty_hand": lambda p: _("{player} holds no cards but is not among the finished players.").format(**v.seats("player", p.get("seat"))),
        "to_move_finished": lambda p: _("{player} is to move but has already finished.").format(**v.seats("player", p.get("seat"))),
        "to_move_waiting": lambda p: ngettext(
            "{player} is to move but still sits out {turns} turn.",
            "{player} is to move but still sits out {turns} turns.", p.get("turns", 0)
        ).format(**v.seats("player", p.get("seat")), turns=p.get("turns")),
        "too_many_cards": lambda p: _("The position uses {count} cards, but the deck has only {total}.").format(
            count=p.get("count"), total=p.get("total")),
        "unknown_field": lambda p: _("{field} is not a field of a makao position.").format(field=quoted(p.get("field"), tr)),
        "unknown_variant": lambda p: _("{variant} is not a variant this app knows.").format(variant=quoted(p.get("variant"), tr)),
        "waiting_length": lambda p: ngettext(
            "The turns to sit out must list one number for each of the {count} player.",
            "The turns to sit out must list one number for each of the {count} players.", p.get("count", 0)
        ).format(count=p.get("count")),
        "wish_not_allowed": lambda p: _("{rank} cannot be wished in this variant (allowed: {allowed}).").format(
            rank=wish_rank_text(str(p.get("rank")), deck, tr),
            allowed=", ".join(wish_rank_text(str(r), deck, tr) for r in p.get("allowed", ()))),
    }


def _seat_value(value: Any, tr: Translator) -> str:
    text = str(value)
    return str(int(text) + 1) if text.isdigit() and len(text) < 6 else quoted(value, tr)


def _last_seat(value: Any) -> str:
    return str(value + 1) if isinstance(value, int) and not isinstance(value, bool) else "?"


def message_codes(tr: Translator, deck: DeckKind = FRENCH) -> frozenset[str]:
    """Lists the problem codes this module has a sentence for."""
    return frozenset(_templates(tr, deck))


def describe_problem(problem: Problem, deck: DeckKind, tr: Translator) -> str:
    """Turns one problem of a position into a sentence (Markdown-safe) in the language of ``tr``."""
    template = _templates(tr, deck).get(problem.code)
    if template is None:  # a code added to the engine before its sentence: say so plainly
        return tr.gettext("The position has a problem this app cannot describe yet ({code}).").format(
            code=quoted(problem.code, tr))
    try:
        text = template(problem.params)
    except (KeyError, TypeError, ValueError, AttributeError):
        return tr.gettext("The position has a problem this app cannot describe yet ({code}).").format(
            code=quoted(problem.code, tr))
    return text[:1].upper() + text[1:]


def describe_problems(problems: list[Problem], deck: DeckKind, tr: Translator) -> list[str]:
    """Turns every problem into a sentence, in the engine's order, without repeating one."""
    out: list[str] = []
    for problem in problems:
        sentence = describe_problem(problem, deck, tr)
        if sentence not in out:
            out.append(sentence)
    return out
