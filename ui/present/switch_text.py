"""Sentences of the "Switching tables" lesson and sheet, built from the engine's reason codes and
events under the home ruleset and the table's (no text is written per pair of rulesets).

"At home: 3♣ may answer the attack of 2♥ … Here it is not allowed: 3♣ may not answer 2♥: a
defending card must match the attacking card in suit or rank." Every template is a literal
gettext call; the reason and event sentences come from ``ui.present.reasons``.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.cards import DeckKind
from engine.moves import Move, parse_move
from engine.verdicts import Event, Reason, Verdict
from ui.present.reasons import Translations, cards_text, describe_events, describe_reason


def _main(verdict: Verdict) -> Reason:
    """The reason that names the rule (not "plays the drawn card")."""
    for reason in verdict.reasons:
        if reason.code != "plays_drawn_card":
            return reason
    return verdict.reasons[0]


def rule_sentence(verdict: Verdict, deck: DeckKind, tr: Translations) -> str:
    """The sentence of the rule a verdict applies."""
    return describe_reason(_main(verdict), deck, tr)


def _key(event: Event) -> tuple[str, ...]:
    if event.kind == "round_over":
        return ("round_over",)
    return (event.kind, repr(sorted((k, v) for k, v in event.params.items() if k != "word")))


def differing_events(home: tuple[Event, ...], table: tuple[Event, ...]) -> tuple[list[Event], list[Event]]:
    """The events of a move that happen only at home, and only at the table."""
    count_home, count_table = Counter(map(_key, home)), Counter(map(_key, table))
    only_home = count_home - count_table
    only_table = count_table - count_home
    picked_home: list[Event] = []
    picked_table: list[Event] = []
    for event in home:
        if only_home[_key(event)] > 0:
            only_home[_key(event)] -= 1
            picked_home.append(event)
    for event in table:
        if only_table[_key(event)] > 0:
            only_table[_key(event)] -= 1
            picked_table.append(event)
    if not picked_home and not picked_table:   # the same events in another order: tell them all
        return list(home), list(table)
    return picked_home, picked_table


def _events_text(events: list[Event], deck: DeckKind, tr: Translations) -> str:
    if not events:
        return tr.gettext("nothing more happens.")
    return " ".join(describe_events(events, deck, tr))


def move_text(move: Move, deck: DeckKind, tr: Translations) -> str:
    """A move in words: its cards, or drawing, sitting out, keeping the drawn card."""
    if move.kind == "draw":
        return tr.gettext("Drawing a card")
    if move.kind == "wait":
        return tr.gettext("Sitting out")
    if move.kind == "pass":
        return tr.gettext("Keeping the drawn card")
    return tr.gettext("Playing {cards}").format(cards=cards_text(move.cards, deck, tr))


def difference_sentence(kind: str, move: Move, home: Verdict, table: Verdict, deck: DeckKind, tr: Translations) -> str:
    """One difference between home and table as a sentence, from the move's two verdicts."""
    if kind == "home_only":
        return tr.gettext("At home: {home} At this table it is not allowed: {table}").format(
            home=rule_sentence(home, deck, tr), table=rule_sentence(table, deck, tr))
    if kind == "table_only":
        return tr.gettext("At home it is not allowed: {home} At this table it is: {table}").format(
            home=rule_sentence(home, deck, tr), table=rule_sentence(table, deck, tr))
    only_home, only_table = differing_events(home.effects, table.effects)
    return tr.gettext("{move} does something else at this table. At home: {home} Here: {table}").format(
        move=move_text(move, deck, tr), home=_events_text(only_home, deck, tr), table=_events_text(only_table, deck, tr))


def prompt(seat: int, table_name: str, tr: Translations) -> str:
    """What the learner is asked at a step."""
    return tr.gettext("You are player {number} at a table that plays {table}. Do what is right here.").format(
        number=seat + 1, table=table_name)


def hint(kind: str, move: Move, table: Verdict, deck: DeckKind, tr: Translations) -> str:
    """The step's hint: the table's rule for the move the difference is about."""
    if kind == "home_only":
        return tr.gettext("Your habit from home does not work here: {rule}").format(rule=rule_sentence(table, deck, tr))
    if kind == "table_only":
        return tr.gettext("This table allows something your home does not: {rule}").format(rule=rule_sentence(table, deck, tr))
    return tr.gettext("Look at {move}: it works differently here.").format(move=move_text(move, deck, tr))


def feedback(fb: dict[str, Any], witness_home: Verdict, witness_table: Verdict, deck: DeckKind, tr: Translations) -> str:
    """The feedback on a move at a step: it names the home rule the learner just applied."""
    result, kind = fb["result"], fb["kind"]
    # The feedback keeps the witness move in notation, as the session does (ui/switch/model.py).
    witness_move = parse_move(fb["witness_move"], deck)
    if result == "right":
        if kind == "home_only":
            return tr.gettext("Right: your habit from home would be wrong here. {difference}").format(
                difference=difference_sentence(kind, witness_move, witness_home, witness_table, deck, tr))
        return tr.gettext("Right. {difference}").format(
            difference=difference_sentence(kind, witness_move, witness_home, witness_table, deck, tr))
    if result == "habit":
        return tr.gettext("That is the rule from home. {difference}").format(
            difference=difference_sentence(kind, witness_move, witness_home, witness_table, deck, tr))
    if result == "wrong":
        return tr.gettext("Not allowed at this table: {rule}").format(rule=rule_sentence(fb["table"], deck, tr))
    return tr.gettext("That is allowed here, but this position is about another move. Try again.")


def unwitnessed_text(why: str, tr: Translations) -> str:
    """Why a differing rule has no position (``engine.witness.WHY_*``)."""
    return {
        "deal_only": tr.gettext("no position: it changes only the deal."),
        "scoring_only": tr.gettext("no position: it changes only the scoring."),
        "words_only": tr.gettext("no position: only the words said differ."),
        "same_in_play": tr.gettext("no position: the engine plays both the same way."),
        "no_card": tr.gettext("no position: no card is concerned."),
        "no_common_seat_count": tr.gettext("no position: no number of players suits both."),
    }.get(why, tr.gettext("no position found."))
