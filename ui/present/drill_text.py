"""Drills and generated questions as words and pictures, in the reader's language.

Shared by the practice page, the projector and the handout: the position drawn with real
cards (inline SVG), the question, the options, the answer and its explanation — every
sentence of which comes from the engine's reasons and events (``ui.present.reasons``) plus the
drill's own teaching remark. No Streamlit here; every text placed in HTML is escaped.
"""
from __future__ import annotations

import html
from collections.abc import Sequence

from engine.cards import DeckKind
from engine.drills import Drill, card_verdicts
from engine.moves import Move, parse_move
from engine.rules import apply_move, check
from engine.state import State
from engine.verdicts import Event
from ui.present.cards import card_back_svg, hand_html, suit_word
from ui.present.i18n import N_, Translator
from ui.present.reasons import (
    card_text,
    describe_event,
    describe_verdict,
    player,
    player_placeholders,
    wish_rank_text,
)
from ui.present.reasons import cards_text as cards_side_by_side


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _durations(tr: Translator, demand: bool = False) -> dict[str, str]:
    _ = tr.gettext
    return {
        "round": _("For one full round: every player, the one who made it last."),
        "until_return": _("Until the turn comes back to the player who made it."),
        "until_covered": _("Until the next card covers it."),
        "until_fulfilled": _("Until someone plays the demanded rank.") if demand
        else _("Until someone plays what was wished."),
        "none": _("No demand is in force any more.") if demand else _("No wish is in force any more."),
    }


def _asks_of_a_demand(drill: Drill, st: State) -> bool:
    """Whether a "wish" question is about a jack's (alsó's) rank demand: the app calls that a demand."""
    move = parse_move(drill.move, st.rules.deck) if drill.move else None
    if move is not None and move.demand not in (None, "none"):
        return True
    if move is not None and move.suit not in (None, "none"):
        return False
    return st.wish is not None and st.wish.kind == "rank"


def cards_text(cards: Sequence[int], deck: DeckKind, tr: Translator) -> str:
    """Names cards briefly, joined the language's way ("7♣ and 9♥")."""
    return tr.format_list([card_text(c, deck, tr) for c in cards])


def move_text(text: str, st: State, tr: Translator) -> str:
    """Describes a move in words ("play K♠", "take the 5 penalty cards")."""
    _ = tr.gettext
    deck = st.rules.deck
    move = parse_move(text, deck)
    if move.kind == "draw":
        if st.attack is not None:
            return tr.ngettext("take the penalty: draw {count} card", "take the penalty: draw {count} cards",
                               st.attack.amount).format(count=st.attack.amount)
        return _("draw a card")
    if move.kind == "wait":
        return _("sit out (wait)")
    if move.kind == "pass":
        return _("keep the drawn card (pass)")
    words = _("play {cards}").format(cards=cards_side_by_side(move.cards, deck, tr))
    if move.demand == "none":
        words += ", " + _("demanding nothing")     # a jack's (alsó's) rank demand, as the app calls it
    elif move.suit == "none":
        words += ", " + _("wishing nothing")
    elif move.demand is not None:
        words += ", " + _("demanding {rank}").format(rank=wish_rank_text(move.demand, deck, tr))
    elif move.suit is not None:
        words += ", " + _("wishing {suit}").format(suit=suit_word(move.suit, deck, tr))
    for flag, call in ((move.makao, "makao"), (move.kakao, "kakao")):
        if flag:
            spoken = st.rules.calls[call].word if call in st.rules.calls and st.rules.calls[call].word else call
            words += ", " + _("calling \u201c{word}\u201d").format(word=spoken)
    return words


def option_text(drill: Drill, option: str, st: State, tr: Translator) -> str:
    """The words of one option: an outcome of a "next" question, or a move of a "best" one."""
    _ = tr.gettext
    if drill.kind == "best":
        text = move_text(option, st, tr)
        return text[:1].upper() + text[1:]
    ask = drill.ask
    if ask == "penalty":
        if option == "none":
            return _("No penalty is pending.")
        kind, amount, seat = option.split()
        n, who = int(amount), player_placeholders("player", int(seat[1:]), tr)
        if kind == "draw":
            text = tr.ngettext("{player} must draw {count} card or defend.", "{player} must draw {count} cards or defend.", n)
        else:
            text = tr.ngettext("{player} must sit out {count} turn or defend.", "{player} must sit out {count} turns or defend.", n)
        text = text.format(**who, count=n)
        return text[:1].upper() + text[1:]
    if ask == "to_move":
        text = _("{player} moves next.").format(**player_placeholders("player", int(option[1:]), tr))
        return text[:1].upper() + text[1:]
    if ask == "wish":
        return _durations(tr, _asks_of_a_demand(drill, st))[option]
    if ask == "cards":
        n = int(option)
        return tr.ngettext("{count} card", "{count} cards", n).format(count=n)
    return _("The round is over.") if option == "over" else _("The round goes on.")


def question_text(drill: Drill, st: State, tr: Translator) -> str:
    """The question asked, in full."""
    _ = tr.gettext
    if drill.kind == "select":
        return _("Select every card you may play now. If none may be played, select nothing.")
    if drill.kind == "best":
        return _("Which move is best here?")
    if drill.text:   # the drill's own question (scenarios/drills/README.md), e.g. "… and it does not cover the 9"
        return _(drill.text)
    move = move_text(drill.move, st, tr)
    ask = {
        "penalty": _("You {move}. What is pending then, and for whom?"),
        "to_move": _("You {move}. Who moves next?"),
        "wish": _("You {move}. How long does the demand last now?") if _asks_of_a_demand(drill, st)
        else _("You {move}. How long does the wish last now?"),
        "cards": _("You {move}. How many cards do you hold then?"),
        "round": _("You {move}. Is the round over?"),
    }[drill.ask]
    return ask.format(move=move)


def status_lines(st: State, tr: Translator) -> list[str]:
    """What is pending in a position, sentence by sentence (a card to cover, attack, wish, drawn card,
    waiting seats, play going counterclockwise)."""
    _ = tr.gettext
    deck = st.rules.deck
    lines = []
    if st.cover:   # ru-101's nine: the learner, to move, must cover the top card
        lines.append(describe_event(Event("to_cover", {"seat": st.to_move, "card": deck.name(st.pile[-1])}),
                                    deck, tr, you=st.to_move))
    if st.attack is not None:
        lines.append(describe_event(Event("attack", {"kind": st.attack.kind, "amount": st.attack.amount,
                                                     "target": st.to_move}), deck, tr, you=st.to_move))
    if st.wish is not None:   # the learner is the seat to move: "You wish for hearts", not "Player 3 wishes"
        lines.append(describe_event(Event("wish_set", {"kind": st.wish.kind, "value": st.wish.value,
                                                       "by": st.wish.by}), deck, tr, you=st.to_move))
    if st.drawn is not None:
        lines.append(_("You have just drawn {card}: play it or keep it.").format(
            card=card_text(st.drawn, deck, tr)))
    for seat, turns in enumerate(st.waiting):
        if turns:
            lines.append(_cap(tr.ngettext("{player} still sits out {count} turn.", "{player} still sits out {count} turns.",
                                     turns).format(**player_placeholders("player", seat, tr), count=turns)))
    for seat in st.finished:
        lines.append(_cap(_("{player} has no cards left.").format(**player_placeholders("player", seat, tr))))
    if st.direction < 0:   # after a reversing card (de-maumau-9's 9)
        lines.append(describe_event(Event("direction_changed", {"direction": "counterclockwise"}), deck, tr))
    return lines


def answer_text(drill: Drill, st: State, tr: Translator) -> str:
    """The right answer in words."""
    if drill.kind == "select":
        if not drill.answer:
            return tr.gettext("No card may be played now.")
        deck = st.rules.deck
        # A drill file names its answer in notation (engine/drills.py): the deck reads it.
        return cards_text([deck.parse(card) for card in drill.answer], deck, tr)
    return option_text(drill, drill.answer[0], st, tr)


def explanation(drill: Drill, st: State, tr: Translator) -> list[str]:
    """Why the answer is right: the engine's reasons and events, then the drill's teaching remark."""
    deck = st.rules.deck
    out: list[str] = []
    if drill.kind == "select":
        for _card, v in card_verdicts(st).items():
            out.append(describe_verdict(v, deck, tr))
    elif drill.kind == "next":
        move = parse_move(drill.move, deck)
        v = check(st, move)
        out.append(describe_verdict(v, deck, tr))
        _, events = apply_move(st, move, verdict=v)
        told = {"played", "drew", "drew_penalty"}
        if any(r.code.startswith("reverses_") for r in v.reasons):
            told.add("direction_changed")   # the verdict's note already says the new direction (a reversing card)
        out.extend(describe_event(e, deck, tr) for e in events if e.kind not in told)
    else:
        v = check(st, parse_move(drill.answer[0], deck))
        out.append(f"{option_text(drill, drill.answer[0], st, tr)}: {describe_verdict(v, deck, tr)}")
        for wrong in drill.wrong:
            v = check(st, parse_move(wrong.move, deck))
            line = f"{option_text(drill, wrong.move, st, tr)}: {describe_verdict(v, deck, tr)}"
            if wrong.feedback:
                line += " " + tr.gettext(wrong.feedback)
            out.append(line)
    if drill.feedback:
        out.append(tr.gettext(drill.feedback))
    return out


def title_text(drill: Drill, tr: Translator) -> str:
    """The drill's title, or a generic one for a generated question."""
    if drill.title:
        return tr.gettext(drill.title)
    return tr.gettext("A position from a real game")


def position_html(st: State, tr: Translator, *, width: int = 72, show_status: bool = True,
                  four_colour: bool = False, inline: bool = False) -> str:
    """The position as HTML: the other players' hands face down, the pile, the learner's hand.

    ``inline=True`` draws the cards in place (a page that must stand alone, e.g. the handout).
    """
    _ = tr.gettext
    deck = st.rules.deck
    learner = st.to_move
    parts = ['<div class="makao-position" style="display:flex;flex-direction:column;gap:6px">']
    others = []
    small = max(24, width // 2)
    for seat, hand in enumerate(st.hands):
        if seat == learner:
            continue
        count = len(hand)
        label = tr.ngettext("{player}: {count} card", "{player}: {count} cards", count).format(
            player=player(seat, tr), count=count)
        backs = "".join(f'<div style="margin-right:-{round(small * 0.7)}px">{card_back_svg(deck, width=small, inline=inline)}</div>'
                        for _ in range(min(count, 8)))
        others.append(
            f'<div style="display:flex;flex-direction:column;align-items:flex-start;gap:2px">'
            f'<div style="font-size:0.85em">{html.escape(_cap(label))}</div>'
            f'<div style="display:flex;padding-right:{round(small * 0.7)}px">{backs}</div></div>')
    parts.append('<div style="display:flex;flex-wrap:wrap;gap:18px">' + "".join(others) + "</div>")
    pile = list(st.pile[-3:])
    parts.append(f'<div style="font-weight:600">{html.escape(_("Pile (top card last)"))}</div>')
    parts.append(hand_html(pile, deck, four_colour=four_colour, width=width, overlap=0.55, translations=tr,
                           aria_label=_("The pile, top card last"), inline=inline))
    if show_status:
        for line in status_lines(st, tr):
            parts.append(f'<div style="font-weight:600">{html.escape(line)}</div>')
    mine_cards = list(st.hands[learner])
    mine = _("Your hand (you are {player})").format(**player_placeholders("player", learner, tr))
    parts.append(f'<div style="font-weight:600">{html.escape(mine)}</div>')
    parts.append(hand_html(mine_cards, deck, four_colour=four_colour, width=width, overlap=0.15, translations=tr,
                           aria_label=mine, inline=inline))
    parts.append("</div>")
    return "".join(parts)


def hand_cards(st: State) -> list[str]:
    """The distinct cards of the learner's hand in notation, in hand order: the choices of a select question,
    named as a drill's answer names them (engine/drills.py)."""
    name = st.rules.deck.name
    out: list[str] = []
    for c in st.hands[st.to_move]:
        if name(c) not in out:
            out.append(name(c))
    return out


def move_of(drill: Drill, text: str) -> Move:
    return parse_move(text, drill.state().rules.deck)


# The names of the practice topics (the fixed topic ids of engine.scenario.TOPICS).
TOPIC_LABELS = {
    "matching": N_("Matching suit or rank"),
    "drawing": N_("Drawing a card"),
    "several_cards": N_("Several cards at once"),
    "two_three": N_("2s and 3s"),
    "battle_kings": N_("Battle kings"),
    "four": N_("4s: sitting out"),
    "jack": N_("The jack's demand"),
    "queen": N_("The queen"),
    "ace": N_("The ace's wish"),
    "makao_call": N_("The last-card call"),
    "end_of_round": N_("The end of the round"),
    "hu_seven": N_("The VII"),
    "hu_ace": N_("The ász"),
    "hu_felso": N_("The felső's wish"),
    "hu_also": N_("The alsó's demand"),
    "cover": N_("Cover the nine"),
    "reverse": N_("Reversing the direction of play"),
}


def topic_label(topic: str, tr: Translator) -> str:
    """The name of a practice topic in the reader's language."""
    return tr.gettext(TOPIC_LABELS[topic])
