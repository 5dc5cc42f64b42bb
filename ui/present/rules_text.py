"""The rules of a variant as readable text, generated from the ruleset the engine runs.

Nothing here states a rule on its own: every sentence is chosen by a field of the
``Ruleset`` (so changing the TOML changes the text), and every sentence is a msgid
translated per session. Counts go through ``ngettext`` (Polish: 1 karta, 2 karty, 5 kart).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.cards import DeckKind
from engine.ruleset import CardRule, DefenceRule, Ruleset
from ui.present.cards import card_name, card_short, index_text
from ui.present.i18n import N_, ListStyle, Translator

# Suit names, for the deck overview; Hungarian suits are words (no emoji font for them).
SUIT_NAMES = {
    ("french", "c"): N_("♣ clubs"),
    ("french", "d"): N_("♦ diamonds"),
    ("french", "h"): N_("♥ hearts"),
    ("french", "s"): N_("♠ spades"),
    ("hungarian", "h"): N_("piros (hearts)"),
    ("hungarian", "b"): N_("tök (bells)"),
    ("hungarian", "l"): N_("zöld (leaves)"),
    ("hungarian", "a"): N_("makk (acorns)"),
}
# Keyed by the deck's art ("french" for the 52, 36 and 32-card French decks, or "hungarian").
FIGURE_NAMES = {
    ("french", "J"): N_("J (jack)"),
    ("french", "Q"): N_("Q (queen)"),
    ("french", "K"): N_("K (king)"),
    ("french", "A"): N_("A (ace)"),
    ("hungarian", "U"): N_("alsó (Unter)"),
    ("hungarian", "O"): N_("felső (Ober)"),
    ("hungarian", "K"): N_("király (king)"),
    ("hungarian", "A"): N_("ász (ace)"),
}

_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]<>#|~$])")
_NUMBER_START = re.compile(r"^(\s*\d+)([.)])(?=\s|$)", re.MULTILINE)
_BULLET_START = re.compile(r"^(\s*)([-+])(?=\s)", re.MULTILINE)


@dataclass(frozen=True)
class Section:
    """One part of the rules: a stable key, a translated title and markdown paragraphs."""

    key: str
    title: str
    paragraphs: tuple[str, ...]


def escape_markdown(text: str) -> str:
    """Escapes the characters Streamlit's markdown would interpret (data may be uploaded), and a line
    that would start a list: the Hungarian "1. játékos" is a name, not a numbered list."""
    escaped = _MARKDOWN_SPECIALS.sub(r"\\\1", text)
    return _BULLET_START.sub(r"\1\\\2", _NUMBER_START.sub(r"\1\\\2", escaped))


def rank_label(deck: DeckKind, rank: str, t: Translator) -> str:
    """Names a rank for the reader: ``7``, ``J (jack)``; Hungarian ``VII``, ``alsó (Unter)``."""
    figure = FIGURE_NAMES.get((deck.art, rank))
    if figure is not None:
        return t.gettext(figure)
    if deck.art == "hungarian":
        return index_text(rank, deck)
    return rank


def suit_label(deck: DeckKind, suit: str, t: Translator) -> str:
    """Names a suit: ``♥ hearts`` for the French deck, ``piros (hearts)`` for the Hungarian one."""
    name = SUIT_NAMES.get((deck.art, suit))
    return t.gettext(name) if name is not None else suit


def pattern_label(deck: DeckKind, pattern: str, t: Translator) -> str:
    """Names a ruleset card pattern: a rank (``J (jack)``) or one card (``K♥``, ``piros ász``)."""
    if pattern in deck.ranks:
        return rank_label(deck, pattern, t)
    # A one-card pattern is written in notation in the ruleset (RULESET_SCHEMA.md): the deck reads it.
    if deck.art == "french":
        return card_short(deck.parse(pattern), deck)
    return card_name(deck.parse(pattern), deck, t)


def _patterns(deck: DeckKind, patterns: tuple[str, ...], t: Translator, style: ListStyle = "or") -> str:
    return t.format_list([pattern_label(deck, p, t) for p in patterns], style=style)


def _pattern_rank(deck: DeckKind, pattern: str) -> str:
    return pattern if pattern in deck.ranks else pattern[:-1]


def _is_queen_rule(ruleset: Ruleset, rule: CardRule) -> bool:
    return ruleset.deck.art == "french" and rule.pattern == "Q"


# --- sections -------------------------------------------------------------------------


def _deck_section(r: Ruleset, t: Translator) -> Section:
    deck = r.deck
    paragraphs = [
        t.ngettext(
            "A deck of {count} card. Ranks: {ranks}. Suits: {suits}.",
            "A deck of {count} cards. Ranks: {ranks}. Suits: {suits}.",
            deck.size,
        ).format(
            count=deck.size,
            ranks=t.format_list([rank_label(deck, rank, t) for rank in deck.ranks]),
            suits=t.format_list([suit_label(deck, suit, t) for suit in deck.suits]),
        )
    ]
    if deck.art == "french":
        paragraphs.append(t.gettext("There are no jokers."))
    return Section("deck", t.gettext("Deck"), tuple(paragraphs))


def _players_section(r: Ruleset, t: Translator) -> Section:
    low, high = r.players
    paragraphs = [
        t.gettext("Players: {min} to {max}.").format(min=low, max=high),
        t.ngettext("Each player is dealt {count} card.", "Each player is dealt {count} cards.", r.hand_size)
        .format(count=r.hand_size),
    ]
    for seats_from, decks in r.deck_copies:
        if decks > 1 and seats_from <= high:
            paragraphs.append(t.ngettext(
                "With {players} or more players, {count} deck is shuffled together.",
                "With {players} or more players, {count} decks are shuffled together.",
                decks,
            ).format(players=seats_from, count=decks))
    return Section("players", t.gettext("Players and deal"), tuple(paragraphs))


def _starter_section(r: Ruleset, t: Translator) -> Section:
    paragraphs = [t.gettext("After the deal, the top card of the deck is turned up to start the pile.")]
    if not r.starter_forbidden:
        paragraphs.append(t.gettext("Any card may start the pile."))
    else:
        cards = _patterns(r.deck, r.starter_forbidden, t)
        if r.starter_rejected_to == "deck_bottom":
            text = t.gettext(
                "If it is {cards}, it goes to the bottom of the deck and the next card is turned up, "
                "until an allowed card appears."
            )
        else:
            text = t.gettext(
                "If it is {cards}, it stays in the pile and the next card is turned up on top of it, "
                "until an allowed card appears."
            )
        paragraphs.append(text.format(cards=cards))
    if r.starter_triggers:
        paragraphs.append(t.gettext(
            "The starter card acts on the first player, as if the dealer had played it."
        ))
    return Section("starter", t.gettext("Starter card"), tuple(paragraphs))


def _matching_section(r: Ruleset, t: Translator) -> Section:
    paragraphs = [
        t.gettext(
            "Players take turns clockwise. On your turn, play a card that matches the top card of "
            "the pile: the same suit or the same rank."
        ),
        t.gettext("While a wish is active, the wished rank or suit counts instead (see the special cards)."),
    ]
    return Section("matching", t.gettext("How to match"), tuple(paragraphs))


def _several_section(r: Ruleset, t: Translator) -> Section:
    paragraphs: tuple[str, ...]
    if r.several_cards:
        paragraphs = (
            t.gettext(
                "You may play several cards of one rank in one turn: the first must match, the "
                "others follow it, and the last one ends on top, so its suit counts from then on."
            ),
            t.gettext("Their effects add up, and only the last card may make a wish."),
        )
        if r.min_group > 2:
            paragraphs += (t.gettext(
                "Cards of one rank go down together only {count} or more at once; a single card is always fine."
            ).format(count=r.min_group),)
        for patterns in r.separate:
            cards = t.format_list([pattern_label(r.deck, p, t) for p in patterns], style="standard")
            paragraphs += (t.gettext("{cards} go down together only with each other, never with other cards of their rank.").format(
                cards=cards),)
    else:
        paragraphs = (t.gettext("You play one card per turn."),)
    return Section("several", t.gettext("Several cards"), paragraphs)


def _drawing_section(r: Ruleset, t: Translator) -> Section:
    paragraphs = [t.gettext("If you cannot or will not play, draw one card from the deck.")]
    if r.play_drawn:
        paragraphs.append(t.gettext(
            "If the drawn card matches, you may play it at once, on its own, or keep it and end your turn."
        ))
    else:
        paragraphs.append(t.gettext("Drawing ends your turn: the drawn card cannot be played at once."))
    return Section("drawing", t.gettext("Drawing"), tuple(paragraphs))


def wild_exceptions(r: Ruleset, t: Translator) -> str:
    """Says when the wild card is not wild ("Except while an attack is pending or …"), or ""."""
    cases = []
    if r.wild_blocked_by_attack:
        cases.append(t.gettext("an attack is pending"))
    if r.wild_blocked_by_rank_wish:
        cases.append(t.gettext("a rank wish is active"))
    if r.wild_blocked_by_suit_wish:
        cases.append(t.gettext("a suit wish is active"))
    return t.gettext("Except while {cases}.").format(cases=t.format_list(cases, style="or")) if cases else ""


def reverse_sentences(r: Ruleset, rule: CardRule, t: Translator) -> list[str]:
    """Says what a reversing card does (Mau-Mau's optional 9), or nothing for another card."""
    if not rule.reverse:
        return []
    out = [t.gettext("It reverses the direction of play: the player on the other side moves next, and play "
                     "goes that way until the next reversing card.")]
    if r.several_cards:
        out.append(t.gettext("Played together, each reversing card reverses again: two of them leave the "
                             "direction as it was."))
    if r.players[0] == 2:
        out.append(t.gettext("With two players it changes nothing about who moves next."))
    return out


def effect_sentences(r: Ruleset, rule: CardRule, t: Translator, with_wild: bool = True) -> list[str]:
    out = reverse_sentences(r, rule, t)
    if rule.draw:
        if rule.target == "previous":
            text = t.ngettext(
                "The previous player draws {count} card.", "The previous player draws {count} cards.", rule.draw
            )
        else:
            text = t.ngettext(
                "The next player draws {count} card.", "The next player draws {count} cards.", rule.draw
            )
        out.append(text.format(count=rule.draw))
    if rule.skip:
        if rule.target == "previous":
            text = t.ngettext(
                "The previous player sits out {count} turn.", "The previous player sits out {count} turns.",
                rule.skip,
            )
        else:
            text = t.ngettext(
                "The next player sits out {count} turn.", "The next player sits out {count} turns.", rule.skip
            )
        out.append(text.format(count=rule.skip))
    if rule.draw or rule.skip:
        out.extend(_defence_sentences(r, rule, t))
    if rule.wild and with_wild:
        out.append(t.gettext("It fits on every card, and every card fits on it."))
        if r.wild_not_on_same_rank:
            out.append(t.gettext("It may not be played on a card of its own rank."))
    if rule.wish:
        out.extend(_wish_sentences(r, rule, t))
    if rule.cover:
        out.extend(cover_sentences(t))
    return out


def cover_sentences(t: Translator) -> list[str]:
    """Says what a card to cover asks of its player (ru-101's nine, a card rule's ``cover``)."""
    return [
        t.gettext("Its player must cover it at once with a card of its suit or another card of its rank, "
                  "which is then covered in turn."),
        t.gettext("Holding no such card, they draw one card at a time until they can; it never finishes a round."),
    ]


def runs_sentences(r: Ruleset, t: Translator) -> list[str]:
    """Says whether and how runs of one suit are played (``[play] runs``, a house rule)."""
    if not r.runs:
        return [t.gettext("No runs: cards of one suit in a row (such as 7, 8, 9) do not go down together.")]
    low, high = r.deck.ranks[0], r.deck.ranks[-1]
    return [
        t.ngettext("A run of {count} or more card of one suit with ranks in a row (such as 7, 8, 9) may go down "
                   "in one turn, going up or down in the order you play them.",
                   "A run of {count} or more cards of one suit with ranks in a row (such as 7, 8, 9) may go down "
                   "in one turn, going up or down in the order you play them.", r.runs).format(count=r.runs),
        t.gettext("The first card must be playable on its own; no run answers an attack. The top rank is {high}: "
                  "no run goes on from {high} to {low}.").format(high=pattern_label(r.deck, high, t),
                                                              low=pattern_label(r.deck, low, t)),
        t.gettext("Only the last card, left on top, acts (its attack, wish or other effect); the cards inside "
                  "the run do nothing."),
    ]


def _runs_section(r: Ruleset, t: Translator) -> Section | None:
    """Runs of one suit, shown only where the ruleset plays them (no shipped ruleset does)."""
    if not r.runs:
        return None
    return Section("runs", t.gettext("Runs of one suit"), tuple(runs_sentences(r, t)))


def after_penalty_sentence(r: Ruleset, t: Translator) -> str:
    """Says who moves once a seat has drawn a penalty ([attack] after_penalty)."""
    if r.after_penalty == "same":
        return t.gettext("After drawing the penalty cards the player may still play: a card that fits, "
                         "or one card drawn as on any turn.")
    text = t.gettext("After drawing the penalty cards the player's turn ends; the next player plays.")
    if r.after_penalty == "after_attacker":
        backwards = [rule for rule in r.cards if rule.draw and rule.target == "previous"]
        if backwards:
            return " ".join([at_once_sentence(r, backwards, t), text])
    return text


def at_once_sentence(r: Ruleset, rules: list[CardRule], t: Translator) -> str:
    """Says that draw attacks on the previous player are taken at once (``after_penalty = "after_attacker"``,
    pl-devdo's K♠ as devdo-eu/macau plays it)."""
    cards = t.format_list([pattern_label(r.deck, rule.pattern, t) for rule in rules])
    return t.ngettext(
        "{cards} is taken at once: the player before its player draws the cards straight away, out of turn, "
        "and play goes on with the player after the one who played it.",
        "{cards} are taken at once: the player before their player draws the cards straight away, out of turn, "
        "and play goes on with the player after the one who played them.", len(rules)).format(cards=cards)


def _defences_against(r: Ruleset, rule: CardRule) -> list[DefenceRule]:
    rank = _pattern_rank(r.deck, rule.pattern)
    return [d for d in r.defences if rule.pattern in d.against or rank in d.against]


def _defence_sentences(r: Ruleset, rule: CardRule, t: Translator) -> list[str]:
    defences = _defences_against(r, rule)
    if not defences:
        return [t.gettext("There is no defence: the player must take the penalty.")]
    out = []
    for defence in defences:
        cards = _patterns(r.deck, defence.with_, t)
        if defence.condition == "match":
            text = t.gettext("Defence: {cards}, if it matches the top card in suit or rank.")
        elif defence.condition == "same_suit":
            text = t.gettext("Defence: {cards} of the same suit as the top card.")
        elif defence.condition == "same_rank":
            text = t.gettext("Defence: {cards} of the same rank as the top card.")
        else:
            text = t.gettext("Defence: {cards}.")
        out.append(text.format(cards=cards))
    return out


def _wish_sentences(r: Ruleset, rule: CardRule, t: Translator) -> list[str]:
    card = pattern_label(r.deck, rule.pattern, t)
    out = []
    if rule.wish == "rank":
        ranks = t.format_list([rank_label(r.deck, v, t) for v in rule.wish_values], style="or")
        if rule.wish_optional:
            out.append(t.gettext(
                "The player may wish a rank ({ranks}) or nothing; without a wish it is an ordinary card."
            ).format(ranks=ranks))
        else:
            out.append(t.gettext("The player must wish a rank: {ranks}.").format(ranks=ranks))
        out.append(t.gettext(
            "A player bound by the wish plays a card of that rank or another {card} with a new wish, "
            "or draws one card."
        ).format(card=card))
    else:
        if rule.wish_optional:
            out.append(t.gettext(
                "The player may wish a suit or nothing; without a wish it is an ordinary card."
            ))
        else:
            out.append(t.gettext("The player must wish a suit."))
        out.append(t.gettext(
            "A player bound by the wish plays a card of that suit or another {card} with a new wish, "
            "or draws one card."
        ).format(card=card))
    durations = {
        "round": N_("The wish lasts one full round: it binds every player, the one who made it included, last."),
        "until_return": N_(
            "The wish lasts until the turn comes back to the player who made it; that player is not bound."
        ),
        "until_covered": N_("The wish binds only until another card covers it."),
        "until_fulfilled": N_("The wish lasts until someone meets it."),
    }
    out.append(t.gettext(durations[rule.wish_duration]))
    return out


def self_target_sentence(r: Ruleset, t: Translator) -> str:
    """Says what an attack does when nobody but its own player is left to hit ([attack] self_target)."""
    if r.self_target == "hit":
        return t.gettext("An attack with nobody else left to hit (every other player sits out or is out) "
                         "hits its own player, who must answer it on their next turn.")
    return t.gettext("An attack with nobody else left to hit (every other player sits out or is out) "
                     "lapses: nobody takes it.")


def _special_section(r: Ruleset, t: Translator) -> Section:
    rules = [rule for rule in r.cards if not _is_queen_rule(r, rule)
             and (rule.draw or rule.skip or rule.wish or rule.wild or rule.cover or rule.reverse)]
    paragraphs = []
    if any(rule.draw or rule.skip for rule in rules):
        paragraphs.append(t.gettext(
            "A card that attacks leaves a penalty pending. The player it hits may only answer with a "
            "defence card named below; otherwise they take the penalty: they draw all the pending cards, "
            "or sit out, and their turn ends."
        ))
        if any(rule.draw for rule in rules):
            if r.draw_adds:
                text = t.gettext("Cards to draw add up: each defence adds its cards, and the total passes on.")
            else:
                text = t.gettext("Cards to draw do not add up: a defence passes the same penalty on.")
            paragraphs.append(text)
        if any(rule.skip for rule in rules):
            if r.skip_adds:
                text = t.gettext("Turns to sit out add up: each defence adds its turns, and the total passes on.")
            else:
                text = t.gettext(
                    "Turns to sit out do not add up: a defence passes the same penalty on to the next player."
                )
            paragraphs.append(text)
        paragraphs.append(self_target_sentence(r, t))
        if any(rule.draw for rule in rules):
            paragraphs.append(after_penalty_sentence(r, t))
    for rule in rules:
        # One bullet per card: its effect first, then its defences or its wish, as sub-bullets.
        label = escape_markdown(pattern_label(r.deck, rule.pattern, t))
        first, *rest = effect_sentences(r, rule, t)
        paragraphs.append(f"- **{label}** — {first}" + "".join(f"\n  - {sentence}" for sentence in rest))
    paragraphs.append(t.gettext("All other cards are ordinary: they only have to match."))
    return Section("special", t.gettext("Special cards"), tuple(paragraphs))


def _queen_section(r: Ruleset, t: Translator) -> Section | None:
    if r.deck.art != "french":
        return None
    rule = next((rule for rule in r.cards if rule.pattern == "Q"), None)
    if rule is None or not rule.wild:
        return Section("queen", t.gettext("The queen"), (t.gettext("The queen is an ordinary card here."),))
    paragraphs = [t.gettext("A queen fits on every card, and every card fits on a queen.")]
    if r.wild_not_on_same_rank:
        paragraphs.append(t.gettext("A queen may not be played on another queen."))
    exceptions = wild_exceptions(r, t)
    if exceptions:
        paragraphs.append(exceptions)
    if not r.wild_blocked_by_suit_wish and any(rule.wish == "suit" for rule in r.cards):
        paragraphs.append(t.gettext("Under a suit wish, a queen of any suit may be played."))
    paragraphs.extend(effect_sentences(r, rule, t, with_wild=False))
    return Section("queen", t.gettext("The queen"), tuple(paragraphs))


def _calls_section(r: Ruleset, t: Translator) -> Section:
    paragraphs = []
    for name, call in r.calls.items():
        if call.word:
            word = escape_markdown(call.word)
        elif name == "makao":
            word = t.gettext("Makao")
        else:
            word = t.gettext("Kakao")
        if not call.required:
            paragraphs.append(t.gettext("The app calls “{word}” for you; there is no penalty.").format(word=word))
            continue
        if name == "makao" and call.penalty:
            text = t.ngettext(
                "A player left with one card must call “{word}”; forgetting it costs {count} card, drawn at once.",
                "A player left with one card must call “{word}”; forgetting it costs {count} cards, drawn at once.",
                call.penalty,
            )
        elif name == "makao":
            text = t.gettext("A player left with one card must call “{word}”.")
        elif call.penalty:
            text = t.ngettext(
                "A player who plays their last card must call “{word}”; forgetting it costs {count} card.",
                "A player who plays their last card must call “{word}”; forgetting it costs {count} cards.",
                call.penalty,
            )
        else:
            text = t.gettext("A player who plays their last card must call “{word}”.")
        paragraphs.append(text.format(word=word, count=call.penalty))
    if not paragraphs:
        paragraphs.append(t.gettext("There is no last-card call and no penalty."))
    return Section("calls", t.gettext("The last-card call"), tuple(paragraphs))


def _end_section(r: Ruleset, t: Translator) -> Section:
    if r.end_mode == "play_on":
        mode = t.gettext(
            "When a player runs out of cards, the others play on until only one player still holds cards."
        )
    elif r.end_mode == "finish_round":
        mode = t.gettext(
            "When a player runs out of cards, the round of turns is still played to its end, up to the last "
            "player in the order of play; everyone out by then wins, so there may be several winners."
        )
    else:
        mode = t.gettext("The round ends as soon as one player has no cards left.")
    if r.end_result == "places":
        result = t.gettext("Players are ranked in the order they go out: first, second, third and so on.")
    elif r.end_result == "loser":
        result = t.gettext("The last player holding cards loses.")
    elif r.end_result == "points":
        result = t.ngettext(
            "The first player out wins and scores {count} point for each card the others still hold.",
            "The first player out wins and scores {count} points for each card the others still hold.",
            r.points_per_card,
        ).format(count=r.points_per_card)
    elif r.end_result == "penalty_points":
        points = t.format_list([
            t.gettext("{rank}: {points}").format(rank=rank_label(r.deck, rank, t), points=r.card_points[rank])
            for rank in r.deck.ranks if rank in r.card_points
        ])
        result = t.gettext(
            "The first player out wins; the others score penalty points for the cards left in their hands: {points}."
        ).format(points=points)
    else:
        result = t.gettext("The first player out wins.")
    return Section("end", t.gettext("End and scoring"), (mode, result))


def _reshuffle_section(r: Ruleset, t: Translator) -> Section:
    paragraphs = [t.gettext("When the deck runs out, the pile except its top card is shuffled into a new deck.")]
    if r.reshuffle_fallback == "halve_hands":
        paragraphs.append(t.gettext(
            "If that leaves no cards, every player gives back a random half of their hand, rounded down, "
            "to make the deck."
        ))
    else:
        paragraphs.append(t.gettext("If there are no cards to shuffle, the missing cards are not drawn."))
    return Section("reshuffle", t.gettext("Reshuffle"), tuple(paragraphs))


def _notes_section(r: Ruleset, t: Translator) -> Section | None:
    if not r.notes:
        return None
    paragraphs = [t.gettext(
        "Every home plays makao a little differently. Where the source is silent or unclear, "
        "the app plays it this way:"
    )]
    paragraphs.extend("- " + escape_markdown(t.gettext(note.text)) for note in r.notes)
    return Section("notes", t.gettext("How we read the source"), tuple(paragraphs))


_SEED_FILE = re.compile(r"^\d{3}_[0-9a-f]{16}\.txt$")


def _source_section(r: Ruleset, t: Translator) -> Section:
    # A seed text's file name ("003_e31afcd8981db987.txt") is the corpus' own id, nothing a reader can
    # follow: the title alone names it. Links and sections of the research notes are shown.
    if r.source_title and _SEED_FILE.match(r.source):
        text = t.gettext("Source: {title}.").format(title=escape_markdown(r.source_title))
    elif r.source_title:
        text = t.gettext("Source: {title} ({file}).").format(
            title=escape_markdown(r.source_title), file=escape_markdown(r.source)
        )
    else:
        text = t.gettext("Source: {file}.").format(file=escape_markdown(r.source))
    return Section("source", t.gettext("Source"), (text,))


def rules_sections(ruleset: Ruleset, t: Translator) -> tuple[Section, ...]:
    """Returns the rules of a ruleset as titled sections of markdown, in the translator's language."""
    builders = (
        _deck_section, _players_section, _starter_section, _matching_section, _several_section,
        _runs_section, _drawing_section, _special_section, _queen_section, _calls_section, _end_section,
        _reshuffle_section, _notes_section, _source_section,
    )
    sections = (build(ruleset, t) for build in builders)
    return tuple(section for section in sections if section is not None)


def section_markdown(section: Section) -> str:
    """Joins a section's paragraphs into markdown; consecutive bullets form one tight list."""
    out = ""
    for index, paragraph in enumerate(section.paragraphs):
        if index:
            both_bullets = paragraph.startswith("- ") and section.paragraphs[index - 1].startswith("- ")
            out += "\n" if both_bullets else "\n\n"
        out += paragraph
    return out


def rules_markdown(ruleset: Ruleset, t: Translator) -> str:
    """Returns the whole rules text as one markdown document (for tests and export)."""
    parts = [f"# {escape_markdown(t.gettext(ruleset.name))}"]
    for section in rules_sections(ruleset, t):
        parts.append(f"## {section.title}")
        parts.append(section_markdown(section))
    return "\n\n".join(parts)


def variant_summary(ruleset: Ruleset, t: Translator) -> str:
    """Returns a one-line overview of a variant: deck size, players and hand size."""
    deck = t.ngettext("{count} card", "{count} cards", ruleset.deck.size).format(count=ruleset.deck.size)
    players = t.gettext("{min}–{max} players").format(min=ruleset.players[0], max=ruleset.players[1])
    hand = t.ngettext("{count} card each", "{count} cards each", ruleset.hand_size).format(count=ruleset.hand_size)
    return " · ".join((deck, players, hand))


def special_card_examples(ruleset: Ruleset) -> list[int]:
    """Returns one card for each card rule of a ruleset (a rank gets a varied suit)."""
    deck = ruleset.deck
    examples = []
    for index, rule in enumerate(ruleset.cards):
        if rule.pattern in deck.ranks:
            examples.append(deck.card(rule.pattern, deck.suits[index % len(deck.suits)]))
        else:   # a one-card pattern, in notation in the ruleset
            examples.append(deck.parse(rule.pattern))
    return examples
