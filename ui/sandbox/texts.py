"""The sandbox's words: variant and seat names, move labels, notices, and the same position
under other rules as a table. Plain Python (pandas for the table, no Streamlit).
"""
from __future__ import annotations

from typing import Any

import pandas as pd

from engine.cards import DeckKind
from engine.moves import parse_move
from engine.ruleset import load_ruleset, variant_ids
from engine.state import State
from engine.verdicts import Verdict
from ui.present import grammar
from ui.present.cards import card_label, suit_word
from ui.present.i18n import Translator
from ui.present.input_text import input_refusal_text
from ui.present.problems import describe_problems
from ui.present.reasons import (
    card_placeholders,
    card_text,
    cards_text,
    describe_event,
    describe_verdict,
    player,
    wish_rank_text,
)
from ui.present.rules_text import escape_markdown
from ui.sandbox.model import Rulebook
from ui.sandbox.timeline import comparison_rows, under_other_rules


def variant_label(variant: str, t: Translator, known: Rulebook) -> str:
    """A variant's name for people; house rules say which preset they are based on."""
    _ = t.gettext
    ruleset = known.get(variant)
    if ruleset is None:
        return variant
    if not known.is_house(variant):
        return _(ruleset.name)
    base = load_ruleset(known.base_of(variant))
    if ruleset.name == base.name:
        return _("House rules (based on {name})").format(name=_(base.name))
    return _("House rules ({name})").format(name=_(ruleset.name))



def seat_name(seat: int, t: Translator) -> str:
    """A seat as people see it: "Player 1" for seat 0."""
    return t.gettext("Player {number}").format(number=seat + 1)


def seat_forms(name: str, seat: int, t: Translator) -> dict[str, str]:
    """Returns a seat's name for placeholder ``name`` with its grammatical forms (hu {player_the}, pl {player_dat} …).

    Inside a sentence the name is in lower case, as Play writes it ("Co może zrobić gracz 1", "Hånden hos
    spiller 1"); a sentence that starts with it is capitalised by its caller."""
    text = player(seat, t)
    return {name: text, **grammar.player_forms(grammar.language_of(t) or "", name, text, seat + 1)}


def card_option(card: str, deck: DeckKind, t: Translator) -> str:
    """A card as a picker option ("K♥ — king of hearts"); what the user typed, if it is no card."""
    try:
        return card_label(deck.parse(card), deck, t)
    except (ValueError, KeyError):
        return card


def card_short_option(card: str, deck: DeckKind, t: Translator) -> str:
    """A card briefly as a picker option ("K♥"); what the user typed, if it is no card."""
    try:
        return card_text(deck.parse(card), deck, t)
    except (ValueError, KeyError):
        return card


def move_label(verdict: Verdict, deck: DeckKind, t: Translator) -> str:
    """Names a move for a button: "Play J♦, demand 7, call “makao”", "Draw", "Wait"."""
    _ = t.gettext
    move = verdict.move
    if move.kind != "play":
        return {"draw": _("Draw"), "wait": _("Wait"), "pass": _("Pass")}[move.kind]
    cards = cards_text(move.cards, deck, t)
    parts = [_("Play {cards}").format(cards=cards)]
    if move.demand == "none":
        parts.append(_("no demand"))
    elif move.demand is not None:
        parts.append(_("demand {rank}").format(rank=wish_rank_text(move.demand, deck, t)))
    if move.suit == "none":
        parts.append(_("no suit wish"))
    elif move.suit is not None:
        parts.append(_("wish for {suit}").format(suit=suit_word(move.suit, deck, t)))
    if move.makao:
        parts.append(_("call “makao”"))
    if move.kakao:
        parts.append(_("call “kakaó”"))
    forgot = [r for r in verdict.reasons if r.code in ("forgot_makao", "forgot_kakao")]
    if forgot:
        parts.append(_("without the call"))
    return ", ".join(parts)


def effects_text(verdict: Verdict, deck: DeckKind, t: Translator) -> str:
    """What a legal move does, as sentences (the card going down is left out)."""
    return " ".join(describe_event(e, deck, t) for e in verdict.effects if e.kind != "played")


def notice_messages(notice: dict[str, Any], deck: DeckKind, t: Translator) -> tuple[str, str, list[str], str]:
    """The kind ("error"/"warning"/"info"/"success"), headline, problem sentences and closing line of a notice."""
    _ = t.gettext
    origin, error = notice.get("origin"), notice.get("error")
    problems = describe_problems(list(notice.get("problems", ())), deck, t)
    refusal = notice.get("refusal")
    if refusal:   # why the guard could not read it at all, from its code (never the engine's English)
        problems.append(input_refusal_text(refusal[0], refusal[1], t))
    base = notice.get("base")
    base_name = _(load_ruleset(base).name) if base in variant_ids() else ""
    if origin == "link" and error is None and notice.get("house") and base_name:
        return "warning", _(
            "This position was made under house rules, which a link cannot carry: it opens under {name}, "
            "where some verdicts may differ."
        ).format(name=base_name), [], ""
    if origin == "deck":
        return "info", _(
            "{name} is played with another deck, so the cards of the position could not be kept: "
            "the seats stay, and the hands, the pile and the deck start empty. Deal at random or set them again."
        ).format(name=base_name or _("This variant")), [], ""
    if origin == "house" and error == "changed":
        return "info", _(
            "The house rules changed on the Compare variants page: this position is judged again under the new rules."
        ), [], ""
    if origin == "house":
        return "warning", _(
            "The house rules this position used were removed or replaced on the Compare variants page, "
            "so it is now shown under {name}."
        ).format(name=base_name or _("another variant")), [], ""
    if error is None:
        return "success", _("The position was loaded."), [], ""
    if origin == "move":
        return "error", _("That move no longer fits the position; choose again."), [], ""
    if origin == "link":
        headline = {
            "too_long": _("This link is far too long to hold a makao position, so it was not read."),
            "impossible": _("The position in this link cannot exist:"),
        }.get(error, _("This link does not hold a position the sandbox can read: it may have been cut short or changed."))
        return "error", headline, problems, _("The sandbox starts empty.")
    headline = {
        "too_long": _("This is too large to be a makao position (the limit is 64 KiB)."),
        "not_json": _("This is not position JSON: the text cannot be read as JSON."),
        "not_object": _("This is not a position: position JSON is an object with fields like “hands” and “pile”."),
        "impossible": _("This position cannot exist, so it was not loaded:"),
    }.get(error, _("This position cannot be read."))
    return "error", headline, problems, ""


def bullets(lines: list[str]) -> str:
    """A Markdown bullet list."""
    return "\n".join(f"- {line}" for line in lines)


def cards_help(deck: DeckKind, t: Translator) -> str:
    """The help line of a typed list of cards, with an example in the deck's notation."""
    return t.gettext("Cards in notation, separated by spaces: rank then suit, e.g. {example}.").format(
        example="Ks 2h 10c" if deck.art == "french" else "7h Ua Ol")


def comparison_frame(state: State, t: Translator, known: Rulebook) -> tuple[pd.DataFrame, list[str], list[str]]:
    """The verdicts under each same-deck variant as a table, the rows that differ and notes on
    variants where the position cannot exist."""
    _ = t.gettext
    deck = state.rules.deck
    columns = under_other_rules(state, known)
    rows = comparison_rows(state, columns)
    names = {col.variant: variant_label(col.variant, t, known) for col in columns}
    data, index, differ, details = [], [], [], []
    for notation, cells in rows:
        label = move_label(Verdict(parse_move(notation, deck), notation, True, ()), deck, t)
        values = [None if cells[c.variant] is None else cells[c.variant].legal for c in columns]
        data.append([
            "—" if v is None else (_("allowed") if v else _("not allowed")) for v in values
        ])
        index.append(label)
        judged = {v for v in values if v is not None}
        if len(judged) > 1:
            differ.append(label)
            parts = [f"{names[c.variant]}: {describe_verdict(cells[c.variant], deck, t)}"
                     for c in columns if cells[c.variant] is not None]
            details.append(escape_markdown(label) + " — " + escape_markdown(" · ".join(parts)))
    frame = pd.DataFrame(data, index=index, columns=[names[c.variant] for c in columns])
    notes = [escape_markdown(_("Under {name} this position cannot exist: {problems}").format(
        name=names[c.variant], problems=" ".join(describe_problems(list(c.problems), deck, t))))
        for c in columns if c.state is None]
    return frame, differ, details + notes


def board_lines(state: State, t: Translator) -> list[str]:
    """What the table says beside the pile: the top card, the deck, and what is pending."""
    _ = t.gettext
    deck = state.rules.deck
    lines = [
        _("Top card: {card}.").format(card=card_text(state.top, deck, t)),
        t.ngettext("The deck holds {count} card.", "The deck holds {count} cards.", len(state.deck)).format(
            count=len(state.deck)),
    ]
    return lines + [text for _kind, text in pending_lines(state, t)]


def pending_lines(state: State, t: Translator) -> list[tuple[str, str]]:
    """What is pending, as (kind, sentence): the attack, the wish in force, a card just drawn, the round's end.

    Kinds are the card table's banner kinds: "attack", "wish", "waiting"."""
    _ = t.gettext
    deck = state.rules.deck
    lines: list[tuple[str, str]] = []
    if state.attack is not None:
        text = (t.ngettext("{player} must draw {amount} card or defend.", "{player} must draw {amount} cards or defend.",
                           state.attack.amount) if state.attack.kind == "draw" else
                t.ngettext("{player} must sit out {amount} turn or defend.", "{player} must sit out {amount} turns or defend.",
                           state.attack.amount))
        lines.append(("attack", grammar.capitalise(text.format(**seat_forms("player", state.to_move, t),
                                                                amount=state.attack.amount))))
    if state.wish is not None:
        value = (wish_rank_text(state.wish.value, deck, t) if state.wish.kind == "rank"
                 else suit_word(state.wish.value, deck, t))
        lines.append(("wish", grammar.capitalise((_("{player} has demanded {rank}.") if state.wish.kind == "rank" else
                                                  _("{player} has wished for {suit}.")).format(
            **seat_forms("player", state.wish.by, t), rank=value, suit=value))))
    if state.drawn is not None:
        lines.append(("waiting", grammar.capitalise(_("{player} has just drawn {card} and may still play it.").format(
            **seat_forms("player", state.to_move, t), **card_placeholders("card", state.drawn, deck, t)))))
    if state.cover:
        lines.append(("attack", grammar.capitalise(_("{player} must cover {card} with a card of its suit or rank.").format(
            **seat_forms("player", state.to_move, t), **card_placeholders("card", state.top, deck, t)))))
    if state.direction < 0 and not state.over:
        lines.append(("waiting", _("Play goes counterclockwise (a reversing card has turned it).")))
    if state.over:
        lines.append(("waiting", _("The round is over.")))
    return lines
