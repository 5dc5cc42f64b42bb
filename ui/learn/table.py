"""What the card table shows in a lesson: the plain data the shared card-table widget draws (no Streamlit).

The same widget as the Play page (``ui.widgets.card_table``): the seats around the table in play
order with the player to move, the next and the previous player marked, the pile, the deck, the
pending attack or demand, and the learner's hand as cards to tap. Every card and button carries the
action ``ui.learn.lesson.act`` carries out.
"""
from __future__ import annotations

from typing import Any

from engine.scenario import Scenario
from engine.state import State
from ui.learn import lesson as ls
from ui.present import grammar
from ui.present.cards import card_label, card_svg, suit_word
from ui.present.i18n import Translator
from ui.present.reasons import player, wish_rank_text
from ui.present.table_data import CARD_W, table_common, wish_picker


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def seat_name(lesson: Scenario, seat: int, t: Translator) -> str:
    """ "you" for the learner, "player N" for the others."""
    return player(seat, t, lesson.learner)


def banners(lesson: Scenario, state: State, t: Translator) -> list[dict[str, str]]:
    """The pending attack, the demand or wish in force and the seats sitting out, as short lines."""
    deck = state.rules.deck
    out: list[dict[str, str]] = []
    if state.attack is not None:
        amount = state.attack.amount
        if state.to_move == lesson.learner:   # the learner is "you": a sentence in the second person
            text = (t.ngettext("Attack: you must draw {amount} card or defend.",
                               "Attack: you must draw {amount} cards or defend.", amount)
                    if state.attack.kind == "draw" else
                    t.ngettext("Attack: you must sit out {amount} turn or defend.",
                               "Attack: you must sit out {amount} turns or defend.", amount))
        elif state.attack.kind == "draw":
            text = t.ngettext("Attack: {target} must draw {amount} card or defend.",
                              "Attack: {target} must draw {amount} cards or defend.", amount)
        else:
            text = t.ngettext("Attack: {target} must sit out {amount} turn or defend.",
                              "Attack: {target} must sit out {amount} turns or defend.", amount)
        target = _cap(seat_name(lesson, state.to_move, t))
        out.append({"kind": "attack", "text": text.format(target=target, amount=amount)})
    if state.wish is not None:
        who = _cap(seat_name(lesson, state.wish.by, t))
        mine = state.wish.by == lesson.learner
        if state.wish.kind == "rank":
            text = (t.gettext("Demand: you ask for {rank}.") if mine else t.gettext("Demand: {by} asks for {rank}."))
            text = text.format(by=who, rank=wish_rank_text(state.wish.value, deck, t))
        else:
            text = (t.gettext("Wish: you ask for {suit}.") if mine else t.gettext("Wish: {by} asks for {suit}."))
            text = text.format(by=who, suit=suit_word(state.wish.value, deck, t))
        out.append({"kind": "wish", "text": text})
    for seat, turns in enumerate(state.waiting):
        if turns and seat not in state.finished:
            if seat == lesson.learner:
                text = t.ngettext("You sit out {turns} more turn.", "You sit out {turns} more turns.", turns)
            else:
                text = t.ngettext("{seat} sits out {turns} more turn.", "{seat} sits out {turns} more turns.", turns)
            out.append({"kind": "waiting", "text": text.format(seat=_cap(seat_name(lesson, seat, t)), turns=turns)})
    return out


def _picker(state: State, card: str, t: Translator) -> dict[str, Any] | None:
    """The demand or suit choice a wishing card on top of the selection asks for."""
    wish = ls.wish_of(state, card)
    if wish is None:
        return None
    kind, choices, optional = wish
    return wish_picker(kind, list(choices) + (["none"] if optional else []), state.rules.deck, t,
                       lambda value: {"type": "play", "wish": [kind, value]})


def _hand_cards(lesson: Scenario, state: State, t: Translator, *, selected: list[str], lit: bool, playing: bool,
                four_colour: bool) -> list[dict[str, Any]]:
    """The learner's cards: drawn, marked selected, legal or not (when lit), and tappable while playing."""
    _ = t.gettext
    deck = state.rules.deck
    legal = ls.playable_cards(state) if lit else set()
    cards = []
    for index, card_id in enumerate(state.hands[lesson.learner]):
        card = deck.name(card_id)   # the lesson's selection and the table's browser side name cards in notation
        label = card_label(card_id, deck, t)
        if card in selected:
            mark = "selected"
            label = _("{card}, selected ({order})").format(card=label, order=selected.index(card) + 1)
        elif lit:
            mark = "legal" if card in legal else "illegal"
            label = (_("{card}, may be played") if card in legal else _("{card}, may not be played")).format(card=label)
        else:
            mark = "plain"
        cards.append({
            "id": f"{card}#{index}", "card": card,
            "svg": card_svg(card_id, deck, four_colour=four_colour, width=CARD_W,
                            highlight=None if mark == "plain" else mark, label=label),
            "label": label, "state": mark,
            "order": selected.index(card) + 1 if card in selected else None,
            "action": {"type": "tap", "card": card} if playing else None,
        })
    return cards


def _buttons(state: State, run: dict[str, Any], selected: list[str], picker: Any, t: Translator) -> list[dict[str, Any]]:
    """The buttons of the learner's turn: play or clear the selection, keep, wait or draw, and the calls."""
    _ = t.gettext
    buttons: list[dict[str, Any]] = []
    if picker is None:
        if selected:
            label = t.ngettext("Play {count} card", "Play {count} cards", len(selected)).format(count=len(selected))
            buttons.append({"id": "play", "label": label, "action": {"type": "play"}, "kind": "primary"})
            buttons.append({"id": "clear", "label": _("Clear"), "action": {"type": "clear"}, "kind": "secondary"})
        if state.drawn is not None:
            buttons.append({"id": "pass", "label": _("Keep the card"), "action": {"type": "pass"}, "kind": "secondary"})
        elif state.attack is not None and state.attack.kind == "skip":
            # A sit-out attack is waited out, never drawn away (engine reason must_answer_skip).
            buttons.append({"id": "wait", "label": _("Wait"), "action": {"type": "wait"}, "kind": "secondary"})
        else:
            draw = _("Draw")
            if state.attack is not None:
                draw = t.ngettext("Draw {amount} card", "Draw {amount} cards", state.attack.amount).format(
                    amount=state.attack.amount)
            buttons.append({"id": "draw", "label": draw, "action": {"type": "draw"}, "kind": "secondary"})
    for call in ("makao", "kakao"):
        rule = state.rules.call(call)
        if rule is not None and rule.required:
            buttons.append({"id": "call_" + call, "kind": "toggle", "pressed": call in run["calls"],
                            "label": _("Say \"{word}\"").format(word=state.rules.calls[call].word),
                            "action": {"type": "call", "call": call}})
    return buttons


def _headline(lesson: Scenario, state: State, t: Translator) -> str:
    """Says whose turn it is, or that the round is over."""
    _ = t.gettext
    if state.over:
        return _("The round is over.")
    elif state.to_move == lesson.learner:
        return _("Your turn.")
    else:
        name = seat_name(lesson, state.to_move, t)   # not the learner: a numbered player (hu "a 2. játékos")
        return _cap(_("{seat} is to move.").format(seat=name, **grammar.player_forms(
            grammar.language_of(t) or "", "seat", name, state.to_move + 1)))


def lesson_table(lesson: Scenario, run: dict[str, Any], state: State, t: Translator, *, playing: bool,
                 lighting: bool, four_colour: bool = False) -> dict[str, Any]:
    """The card-table data of a lesson at this step: ``playing`` when the learner is to answer now.

    With ``lighting`` (the beginner setting) the cards that may go down are lit from the start;
    without it, only after a mistake (``run["show_legal"]``)."""
    _ = t.gettext
    selected = run["selected"] if playing else []
    lit = playing and (lighting or run["show_legal"])
    cards = _hand_cards(lesson, state, t, selected=selected, lit=lit, playing=playing, four_colour=four_colour)
    picker = _picker(state, selected[-1], t) if playing and selected else None
    buttons = _buttons(state, run, selected, picker, t) if playing else []
    headline = _headline(lesson, state, t)
    return {
        "stamp": f"{lesson.id}/{run['step']}/{len(run['answers'])}/{len(selected)}/{sorted(run['calls'])}/"
                 f"{run['show_legal']}/{lit}",
        **table_common(state, t, viewer=lesson.learner,
                       names=[_cap(seat_name(lesson, s, t)) for s in range(state.players)],
                       open_hands=lesson.view == "open", four_colour=four_colour,
                       deck_action={"type": "draw"} if playing and state.drawn is None and (
                           state.attack is None or state.attack.kind == "draw") else None),
        "banners": banners(lesson, state, t),
        "headline": headline,
        "hand": {"label": _("Your hand"), "cards": cards, "hidden_text": None},
        "buttons": buttons,
        "picker": picker,
        "why": None,
        "why_label": _("Why not"),
        "timer": None,
        "curtain": None,
    }
