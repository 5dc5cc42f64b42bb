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
from engine.deckmap import DeckMap
from engine.moves import Move, parse_move
from engine.verdicts import Event, Reason, Verdict
from engine.witness import WitnessReport
from ui.present.cards import index_text
from ui.present.i18n import Translator
from ui.present.reasons import Translations, card_text, cards_text, describe_events, describe_reason
from ui.present.rules_text import effect_sentences, pattern_label, rank_label, suit_label
from ui.present.witness_topics import topics_of_field


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
        "no_counterpart": tr.gettext("no position: your deck has no such card."),
    }.get(why, tr.gettext("no position found."))


# ---------------------------------------------------------------------------- two decks (da → hu)

def _card_words(card: int, deck: DeckKind, tr: Translator) -> str:
    """A card as a player of that deck says it: ``J♥`` for the French deck, "piros alsó" for the Hungarian."""
    return card_text(card, deck, tr)


def _suit_order(m: DeckMap, pair: tuple[str, str]) -> int:
    """Hearts, diamonds, spades, clubs: piros, tök, zöld, makk (the deck map's order, docs/ENGINE.md)."""
    french = pair[0] if m.home.art == "french" else pair[1]
    return "hdsc".index(french) if french in "hdsc" else 0


def deck_map_lines(m: DeckMap, tr: Translator) -> list[str]:
    """The deck map in words: the table's deck, which of its suits and figures are yours, and the
    ranks that only one of the two decks has."""
    home, table = m.home, m.table
    out = [tr.ngettext("This table plays with a deck of {count} card; yours has {home}.",
                       "This table plays with a deck of {count} cards; yours has {home}.", table.size).format(
        count=table.size, home=home.size)]
    if home.art != table.art:
        suits = sorted(m.suits, key=lambda pair: _suit_order(m, pair))
        out.append(tr.gettext("Suits: {pairs}.").format(
            pairs=", ".join(f"{suit_label(home, h, tr)} = {suit_label(table, t, tr)}" for h, t in suits)))
        out.append(tr.gettext("Figures: {pairs}.").format(
            pairs=", ".join(f"{rank_label(home, h, tr)} = {rank_label(table, t, tr)}" for h, t in m.ranks
                            if not h.isdigit())))
    numbers = [h for h, _ in m.ranks if h.isdigit()]
    if numbers:
        out.append(tr.gettext("The {low} to the {high} are the same cards in both decks.").format(
            low=index_text(numbers[0], home), high=index_text(numbers[-1], home)))
    lost, new = m.home_only_ranks(), m.table_only_ranks()
    if lost:
        out.append(tr.gettext("The {ranks} do not exist at this table.").format(
            ranks=tr.format_list([rank_label(home, r, tr) for r in lost])))
    if new:
        out.append(tr.gettext("The {ranks} are new to you: your deck has none.").format(
            ranks=tr.format_list([rank_label(table, r, tr) for r in new])))
    return out


def home_names(cards: list[int], m: DeckMap, tr: Translator) -> str:
    """Names the position's cards as the learner knows them ("In your deck: piros alsó = J♥.")."""
    pairs = []
    for card in dict.fromkeys(cards):
        home = m.card_back(card)
        if home is not None:
            pairs.append(f"{_card_words(card, m.table, tr)} = {_card_words(home, m.home, tr)}")
    return tr.gettext("In your deck: {pairs}.").format(pairs=", ".join(pairs)) if pairs else ""


def _rank_of(pattern: str, deck: DeckKind) -> str:
    return pattern if pattern in deck.ranks else pattern[:-1]


def no_counterpart_lines(report: WitnessReport, tr: Translator) -> list[str]:
    """The rules of cards only one deck has, in words: the home's that stay at home, the table's that are new."""
    m, written = report.deck_map, report.home_as_written
    if m is None or written is None:
        return []
    out = []
    lost, new = set(m.home_only_ranks()), set(m.table_only_ranks())
    for rule in written.cards:
        label = pattern_label(written.deck, rule.pattern, tr)
        sentences = effect_sentences(written, rule, tr)
        if _rank_of(rule.pattern, written.deck) in lost and sentences:
            out.append(tr.gettext("At home, {card}: {rule} This table has no such card.").format(
                card=label, rule=" ".join(sentences)))
        gone = [v for v in rule.wish_values if v in lost]
        if gone and _rank_of(rule.pattern, written.deck) not in lost:
            out.append(tr.gettext("At home {card} may also demand {ranks}: this table has no such card.").format(
                card=label, ranks=tr.format_list([rank_label(written.deck, v, tr) for v in gone])))
    for rule in report.table.cards:
        sentences = effect_sentences(report.table, rule, tr)
        if _rank_of(rule.pattern, report.table.deck) in new and sentences:
            out.append(tr.gettext("New to you, {card}: {rule}").format(
                card=pattern_label(report.table.deck, rule.pattern, tr), rule=" ".join(sentences)))
    return out


def field_title(key: str, report: WitnessReport, tr: Translator) -> str:
    """The rule a differing field belongs to, as the Compare page's row names it ("Alsó (Unter)");
    across two decks a card's row also names the learner's own card ("Alsó (Unter) = J (jack)")."""
    from ui.present.topics import TOPICS

    titles = {topic.key: topic.title for topic in TOPICS}
    names = [tr.gettext(titles[row]) for row in topics_of_field(key) if row in titles]
    title = " · ".join(dict.fromkeys(names)) or key
    part, _, rest = key.partition(".")
    m = report.deck_map
    if m is not None and part in ("cards", "defence"):
        rank = rest.rpartition(".")[0] if part == "cards" else rest
        home = m.rank_back(rank)
        if home is not None and not home.isdigit():
            title += " = " + rank_label(m.home, home, tr)
    return title


def said_in_words(report: WitnessReport, tr: Translator) -> list[tuple[str, str]]:
    """(heading, sentence) for what has no position: the cards only one deck has, and the differing
    rules the search found no position for, as the Compare page's rows write them at home and here."""
    from ui.present.topics import topic_cell

    out = [(tr.gettext("Cards without a counterpart"), line) for line in no_counterpart_lines(report, tr)]
    told: set[str] = set()
    for u in report.unwitnessed:
        # One deck: only a rule of play the search missed (the Compare page's table says the deal and
        # the scoring). Two decks: every rule, told in the table's cards (the Compare page pairs one deck).
        if u.why == "no_counterpart" or (report.deck_map is None and u.why != "not_found"):
            continue
        for row in topics_of_field(u.key):
            if row in told:
                continue
            told.add(row)
            home, table = topic_cell(row, report.home, tr), topic_cell(row, report.table, tr)
            out.append((field_title(u.key, report, tr), tr.gettext("At home: {home} At this table: {table}").format(
                home=home, table=table)))
    return out
