"""The rows of the comparison table: one topic per rule, each cell generated from a ``Ruleset``.

Shared by the Compare page's table (``ui.compare.table``) and Switching tables' sheet, which names a
differing rule by its row. Nothing here states a rule by itself: change the TOML and the cell changes.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ruleset import CardRule, Ruleset
from ui.present.i18n import N_, Translator
from ui.present.rules_text import (
    after_penalty_sentence,
    cover_sentences,
    effect_sentences,
    escape_markdown,
    pattern_label,
    rank_label,
    rules_sections,
    runs_sentences,
    self_target_sentence,
    wild_exceptions,
)


@dataclass(frozen=True)
class Topic:
    """One row of the table: a stable key, an English msgid title, how to fill a cell, and what
    the cell means (cells with equal meanings say the same thing, whatever their words)."""

    key: str
    title: str
    cell: Callable[[Ruleset, Translator], str]
    meaning: Callable[[Ruleset], object] | None = None


def _sentences(parts: Sequence[str]) -> str:
    return " ".join(part.strip() for part in parts if part and part.strip())


def _section(key: str) -> Callable[[Ruleset, Translator], str]:
    """A cell that is the whole rules section ``key`` of ``ui.present.rules_text``."""

    def cell(r: Ruleset, t: Translator) -> str:
        for section in rules_sections(r, t):
            if section.key == key:
                return _sentences(section.paragraphs)
        return ""

    return cell


def card_label(r: Ruleset, pattern: str, t: Translator) -> str:
    """Names a card pattern of a ruleset (a rank or one card) for the reader."""
    return pattern_label(r.deck, pattern, t)


def _pattern_rank(r: Ruleset, pattern: str) -> str:
    return pattern if pattern in r.deck.ranks else pattern[:-1]


# Ranks each card row is about, per card art: the Hungarian alsó plays the jack's part
# and the felső the queen's (RULES.md glossary).
_ROW_RANKS: dict[str, dict[str, tuple[str, ...]]] = {
    "two_three": {"french": ("2", "3")},
    "four": {"french": ("4",)},
    "six": {"french": ("6",)},
    "seven": {"french": ("7",), "hungarian": ("7",)},
    "eight": {"french": ("8",), "hungarian": ("8",)},
    "nine": {"french": ("9",), "hungarian": ("9",)},
    # One row per card: the jack and the alsó, the queen and the felső have rows of their own.
    "jack": {"french": ("J",)},
    "also": {"hungarian": ("U",)},
    "queen": {"french": ("Q",)},
    "felso": {"hungarian": ("O",)},
    "kings": {"french": ("K",), "hungarian": ("K",)},
    "ace": {"french": ("A",), "hungarian": ("A",)},
}


def _row_ranks(r: Ruleset, row: str) -> tuple[str, ...]:
    return _ROW_RANKS[row].get(r.deck.art, ())


def _rule_text(r: Ruleset, rule: CardRule, t: Translator) -> str:
    label = card_label(r, rule.pattern, t)
    sentences = effect_sentences(r, rule, t)
    if not sentences:
        sentences = [t.gettext("An ordinary card.")]
    return t.gettext("{card}: {rule}").format(card=label, rule=_sentences(sentences))


def _ranks_cell(row: str) -> Callable[[Ruleset, Translator], str]:
    """A cell listing what the cards of this row's ranks do (a rank rule or single cards)."""

    def cell(r: Ruleset, t: Translator) -> str:
        ranks = _row_ranks(r, row)
        present = [rank for rank in ranks if rank in r.deck.ranks]
        if not present:
            return t.gettext("Not in this deck.")
        parts: list[str] = []
        for rank in present:
            rules = [rule for rule in r.cards if _pattern_rank(r, rule.pattern) == rank]
            parts.extend(_rule_text(r, rule, t) for rule in rules)
            if not rules:
                parts.append(t.gettext("{rank}: an ordinary card.").format(rank=rank_label(r.deck, rank, t)))
            elif all(rule.pattern != rank for rule in rules):
                parts.append(t.gettext("The other cards of this rank are ordinary."))
        return " ".join(parts)

    return cell


def _rule_meaning(r: Ruleset, rule: CardRule) -> tuple[object, ...]:
    """What a card rule does, without the deck's names: equal for the 7 of two decks that act alike."""
    suit = "" if rule.pattern in r.deck.ranks else rule.pattern[-1]
    return (suit, rule.draw, rule.skip, rule.target, rule.wish, rule.wish_values, rule.wish_optional,
            rule.wish_duration if rule.wish else "", rule.wild, rule.cover, rule.reverse)


def _ranks_meaning(row: str) -> Callable[[Ruleset], object]:
    """The meaning of a card row: the effects of its cards. An ordinary card and a card missing
    from the deck mean the same here — nothing special happens with it."""

    def meaning(r: Ruleset) -> object:
        ranks = [rank for rank in _row_ranks(r, row) if rank in r.deck.ranks]
        return tuple(sorted(_rule_meaning(r, rule) for rule in r.cards if _pattern_rank(r, rule.pattern) in ranks))

    return meaning


def _other_cards_cell(r: Ruleset, t: Translator) -> str:
    """Special cards no other row covers (e.g. Russian 101's six)."""
    covered = {rank for row in _ROW_RANKS for rank in _row_ranks(r, row)}
    rules = [rule for rule in r.cards if _pattern_rank(r, rule.pattern) not in covered]
    if not rules:
        return t.gettext("None.")
    return " ".join(_rule_text(r, rule, t) for rule in rules)


def _direction_cell(r: Ruleset, t: Translator) -> str:
    """Which cards reverse the direction of play (Mau-Mau's optional 9, Chodské prší's 8), if any."""
    reversing = [card_label(r, rule.pattern, t) for rule in r.cards if rule.reverse]
    if not reversing:
        return t.gettext("Always clockwise: no card reverses it.")
    cards = t.format_list(reversing, "or")
    return t.gettext("Clockwise until {cards} reverses it; each reversing card reverses it again.").format(cards=cards)


def _deck_cell(r: Ruleset, t: Translator) -> str:
    deck = r.deck
    low = rank_label(deck, deck.ranks[0], t)
    high = rank_label(deck, deck.ranks[-1], t)
    if deck.art == "hungarian":
        text = t.ngettext(
            "{count} German-suited card, {low} to {high}.",
            "{count} German-suited cards, {low} to {high}.",
            deck.size,
        )
    else:
        text = t.ngettext(
            "{count} French-suited card, {low} to {high}.",
            "{count} French-suited cards, {low} to {high}.",
            deck.size,
        )
    return text.format(count=deck.size, low=low, high=high)


def _players_cell(r: Ruleset, t: Translator) -> str:
    parts = [t.gettext("{min} to {max}.").format(min=r.players[0], max=r.players[1])]
    for seats_from, decks in r.deck_copies:
        if decks > 1 and seats_from <= r.players[1]:
            parts.append(t.ngettext(
                "With {players} or more players, {count} deck is shuffled together.",
                "With {players} or more players, {count} decks are shuffled together.",
                decks,
            ).format(players=seats_from, count=decks))
    return " ".join(parts)


def _hand_cell(r: Ruleset, t: Translator) -> str:
    return t.ngettext("{count} card each.", "{count} cards each.", r.hand_size).format(count=r.hand_size)


def _adds_cell(r: Ruleset, t: Translator) -> str:
    parts = []
    if any(rule.draw for rule in r.cards):
        if r.draw_adds:
            parts.append(t.gettext("Cards to draw add up: each defence adds its cards, and the total passes on."))
        else:
            parts.append(t.gettext("Cards to draw do not add up: a defence passes the same penalty on."))
    if any(rule.skip for rule in r.cards):
        if r.skip_adds:
            parts.append(t.gettext("Turns to sit out add up: each defence adds its turns, and the total passes on."))
        else:
            parts.append(t.gettext(
                "Turns to sit out do not add up: a defence passes the same penalty on to the next player."
            ))
    if parts:
        parts.append(self_target_sentence(r, t))
    return " ".join(parts) or t.gettext("No card attacks.")


def _after_penalty_cell(r: Ruleset, t: Translator) -> str:
    """Who moves once a seat has drawn a draw attack's cards ([attack] after_penalty)."""
    if not any(rule.draw for rule in r.cards):
        return t.gettext("No card attacks.")
    return after_penalty_sentence(r, t)


def _cover_cell(r: Ruleset, t: Translator) -> str:
    """The cards their player must cover (ru-101's nine), or that there are none."""
    cover = [rule for rule in r.cards if rule.cover]
    if not cover:
        return t.gettext("No card must be covered.")
    cards = t.format_list([card_label(r, rule.pattern, t) for rule in cover])
    return t.gettext("{card}: {rule}").format(card=cards, rule=_sentences(cover_sentences(t)))


def _runs_cell(r: Ruleset, t: Translator) -> str:
    """Whether runs of one suit go down, how long and how they act ([play] runs, a house rule)."""
    return _sentences(runs_sentences(r, t))


def _wild_cell(r: Ruleset, t: Translator) -> str:
    wild = [rule for rule in r.cards if rule.wild]
    if not wild:
        return t.gettext("No card is wild.")
    cards = t.format_list([card_label(r, rule.pattern, t) for rule in wild])
    parts = [t.gettext("{cards}: fits on every card, and every card fits on it.").format(cards=cards)]
    exceptions = wild_exceptions(r, t)
    if exceptions:
        parts.append(exceptions)
    if r.wild_blocked_by_suit_wish:
        parts.append(t.gettext("Under a suit wish only the wild card of the wished suit may be played."))
    elif any(rule.wish == "suit" for rule in r.cards):
        parts.append(t.gettext("Under a suit wish, a wild card of any suit may be played."))
    if r.wild_not_on_same_rank:
        parts.append(t.gettext("It may not go on a card of its own rank."))
    return " ".join(parts)


_DURATIONS = {
    "round": N_("The wish lasts one full round: it binds every player, the one who made it included, last."),
    "until_return": N_("The wish lasts until the turn comes back to the player who made it; that player is not bound."),
    "until_covered": N_("The wish binds only until another card covers it."),
    "until_fulfilled": N_("The wish lasts until someone meets it."),
}


def _wish_duration_cell(r: Ruleset, t: Translator) -> str:
    wishes = [rule for rule in r.cards if rule.wish]
    if not wishes:
        return t.gettext("No card makes a wish.")
    return " ".join(
        t.gettext("{card}: {rule}").format(card=card_label(r, rule.pattern, t), rule=t.gettext(_DURATIONS[rule.wish_duration]))
        for rule in wishes
    )


def _source_cell(r: Ruleset, t: Translator) -> str:
    # Ruleset text may come from an upload: escaped, as every cell is markdown.
    # The source's title, not the file it is stored in (an internal name such as 000_9bdb….txt).
    return escape_markdown(r.source_title or r.source)


TOPICS: tuple[Topic, ...] = (
    Topic("deck", N_("Deck"), _deck_cell),
    Topic("players", N_("Players"), _players_cell),
    Topic("hand_size", N_("Hand size"), _hand_cell),
    Topic("starter", N_("Starter card"), _section("starter")),
    Topic("several", N_("Several cards"), _section("several")),
    Topic("runs", N_("Runs of one suit"), _runs_cell),
    Topic("drawing", N_("Drawing"), _section("drawing")),
    Topic("adds_up", N_("Penalties add up"), _adds_cell),
    Topic("after_penalty", N_("After a penalty"), _after_penalty_cell),
    Topic("two_three", N_("2 and 3"), _ranks_cell("two_three"), _ranks_meaning("two_three")),
    Topic("kings", N_("Kings (battle kings)"), _ranks_cell("kings"), _ranks_meaning("kings")),
    Topic("four", N_("4"), _ranks_cell("four"), _ranks_meaning("four")),
    Topic("six", N_("6"), _ranks_cell("six"), _ranks_meaning("six")),
    Topic("seven", N_("7"), _ranks_cell("seven"), _ranks_meaning("seven")),
    Topic("eight", N_("8"), _ranks_cell("eight"), _ranks_meaning("eight")),
    Topic("nine", N_("9"), _ranks_cell("nine"), _ranks_meaning("nine")),
    Topic("jack", N_("Jack"), _ranks_cell("jack"), _ranks_meaning("jack")),
    Topic("also", N_("Alsó (Unter)"), _ranks_cell("also"), _ranks_meaning("also")),
    Topic("queen", N_("Queen"), _ranks_cell("queen"), _ranks_meaning("queen")),
    Topic("felso", N_("Felső (Ober)"), _ranks_cell("felso"), _ranks_meaning("felso")),
    Topic("ace", N_("Ace"), _ranks_cell("ace"), _ranks_meaning("ace")),
    Topic("other", N_("Other special cards"), _other_cards_cell),
    Topic("direction", N_("Direction of play"), _direction_cell),
    Topic("wild", N_("Wild card"), _wild_cell),
    Topic("cover", N_("Cards to cover"), _cover_cell),
    Topic("wish_duration", N_("How long wishes last"), _wish_duration_cell),
    Topic("calls", N_("The last-card call"), _section("calls")),
    Topic("end", N_("End of round and scoring"), _section("end")),
    Topic("reshuffle", N_("Reshuffle"), _section("reshuffle")),
    Topic("source", N_("Source"), _source_cell),
)


def topic_cell(topic_key: str, ruleset: Ruleset, t: Translator) -> str:
    """Returns the text of one cell: topic ``topic_key`` of this ruleset, in t's language."""
    for topic in TOPICS:
        if topic.key == topic_key:
            return topic.cell(ruleset, t)
    raise KeyError(topic_key)
