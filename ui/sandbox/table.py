"""The Sandbox on the shared card table: the hand of the player to move as cards to tap (no Streamlit).

The same widget as Play and Learn (``ui.widgets.card_table``). The seat to move sits at the bottom
and its hand is tapped: a first tap selects a card (or adds it to a group of the same rank), a
second tap on the last selected card or the Play button plays it; a jack, an ace or another
wishing card asks for its demand or suit in the picker first. A card that may not go is dimmed
and a tap on it shows the engine's reason instead. The other seats sit around the table, face up
in the beginner view and face down in the player view.

``act`` carries out one table action on the ``Pick`` (what is selected) and returns the move to
play, if the action made one; the controller plays it on the timeline. The data ``table_data``
returns has the shape ``ui.widgets.card_table`` draws.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.errors import EngineError
from engine.moves import DRAW, PASS, WAIT, Move
from engine.queries import wish_choice
from engine.rules import check, legal_moves
from engine.state import State, tables_for
from engine.verdicts import Verdict
from ui.present.cards import card_label, card_svg
from ui.present.grammar import capitalise
from ui.present.i18n import Translator
from ui.present.reasons import describe_verdict
from ui.present.table_data import CARD_W, table_common, wish_picker
from ui.present.table_marks import light_coach_move
from ui.present.widget_text import call_button_label, coach_card_label
from ui.sandbox.texts import pending_lines, seat_forms, seat_name

CALLS = ("makao", "kakao")


@dataclass(frozen=True)
class Pick:
    """What the table holds between taps: the cards selected (in play order), whether the picker
    asks for a wish, the last-card calls switched on, and the verdict on a card that may not go."""

    selected: tuple[int, ...] = ()
    picking: bool = False
    calls: frozenset[str] = frozenset()
    why: Verdict | None = None


# ------------------------------------------------------------------------------- what may be tapped

def selectable(state: State, pick: Pick) -> dict[int, Verdict]:
    """For each card of the mover's hand, the engine's verdict on adding it to the selection now.

    A card is legal when some legal play starts with the selection and this card (a group of
    one rank goes down in the order tapped, its last card on top)."""
    if state.over or pick.picking:
        return {}
    plays = [m for m in legal_moves(state) if m.kind == "play"]
    cards = list(state.hands[state.to_move])
    for card in pick.selected:
        if card in cards:
            cards.remove(card)
    out: dict[int, Verdict] = {}
    for card in cards:
        prefix = pick.selected + (card,)
        fitting = [m for m in plays if m.cards[:len(prefix)] == prefix]
        whole = next((m for m in fitting if m.cards == prefix), None)
        if whole is not None:
            out[card] = check(state, whole)
        elif fitting:
            out[card] = check(state, fitting[0])
        else:
            out[card] = check(state, Move("play", prefix))
    return out


def other_move(state: State) -> Move:
    """The mover's answer besides playing: keep a card just drawn, sit out a sit-out attack, or draw."""
    if state.drawn is not None:
        return PASS
    if state.attack is not None and state.attack.kind == "skip":
        return WAIT       # a sit-out attack is waited out, never drawn away (must_answer_skip)
    return DRAW


def wish_options(state: State, pick: Pick) -> tuple[str, tuple[str, ...]] | None:
    """When the selection ends in a wishing card: its kind ("rank"/"suit") and the choices ("none" if optional)."""
    if not pick.selected:
        return None
    choice = wish_choice(state.rules, pick.selected[-1])
    if choice is None:
        return None
    return choice.kind, choice.values + (("none",) if choice.optional else ())


def call_choices(state: State) -> tuple[str, ...]:
    """The last-card calls the mover could make with the next play, where the ruleset requires them.

    "makao" is said when one card is left (pl, hu); hu's "kakaó" when the play empties the hand,
    which a group of one rank can do from any number of cards."""
    if state.over:
        return ()
    hand = state.hands[state.to_move]
    ranks = tables_for(state.rules).rank
    out = []
    if state.rules.call("makao") and len(hand) >= 2:
        out.append("makao")
    if state.rules.call("kakao") and (len(hand) == 1 or (state.rules.several_cards and len({ranks[c] for c in hand}) == 1)):
        out.append("kakao")
    return tuple(out)


# ------------------------------------------------------------------------------- acting

def _card(state: State, value: Any) -> int | None:
    if not isinstance(value, str):
        return None
    try:
        card = state.rules.deck.parse(value)
    except (EngineError, ValueError):
        return None
    return card if card in state.hands[state.to_move] else None


def _play(state: State, pick: Pick, value: str | None = None) -> tuple[Pick, Move | None]:
    """Plays the selection; a wishing last card asks for its wish first (the picker)."""
    options = wish_options(state, pick)
    if options is not None and value is None:
        return replace(pick, picking=True, why=None), None
    left = len(state.hands[state.to_move]) - len(pick.selected)
    kind = options[0] if options else None
    move = Move("play", pick.selected, demand=value if kind == "rank" else None,
                suit=value if kind == "suit" else None,
                makao="makao" in pick.calls and left == 1, kakao="kakao" in pick.calls and left == 0)
    verdict = check(state, move)
    if not verdict.legal:
        return replace(pick, picking=False, why=verdict), None
    return Pick(), move


def _tap(state: State, pick: Pick, card: int) -> tuple[Pick, Move | None]:
    if pick.picking:
        return (Pick(calls=pick.calls) if card in pick.selected else pick), None
    if pick.selected and card == pick.selected[-1]:
        return _play(state, pick)                     # a second tap plays
    if card in pick.selected:
        return replace(pick, selected=tuple(c for c in pick.selected if c != card), why=None), None
    verdict = selectable(state, pick).get(card)
    if verdict is None:
        return pick, None
    if not verdict.legal:
        return replace(pick, why=verdict), None
    return replace(pick, selected=pick.selected + (card,), why=None), None


def act(state: State, pick: Pick, action: Any) -> tuple[Pick, Move | None]:
    """Carries out one table action; returns the new pick and the move to play now, if any.

    An action that does not fit the position (a stale tap, a wish that is not offered) changes nothing."""
    if state.over or not isinstance(action, dict):
        return pick, None
    kind = action.get("type")
    if kind == "tap":
        card = _card(state, action.get("card"))
        return (pick, None) if card is None else _tap(state, pick, card)
    if kind == "play":
        return (pick, None) if not pick.selected else _play(state, pick)
    if kind == "pick":
        options = wish_options(state, pick)
        if not pick.picking or options is None or action.get("value") not in options[1]:
            return pick, None
        return _play(state, pick, action["value"])
    if kind == "clear":
        return Pick(calls=pick.calls), None
    if kind == "call":
        call = action.get("call")
        if call not in call_choices(state):
            return pick, None
        return replace(pick, calls=pick.calls ^ {call}), None
    if kind in ("draw", "wait", "pass"):
        move = other_move(state)
        if move.kind != kind:
            return replace(pick, why=check(state, Move(kind))), None
        verdict = check(state, move)
        if not verdict.legal:   # e.g. ru-101: no drawing while a card in hand covers the nine
            return replace(pick, why=verdict), None
        return Pick(), move
    return pick, None


# ------------------------------------------------------------------------------- what the table shows

def _picker(state: State, pick: Pick, t: Translator) -> dict[str, Any] | None:
    options = wish_options(state, pick) if pick.picking else None
    if options is None:
        return None
    kind, values = options
    return wish_picker(kind, values, state.rules.deck, t, lambda value: {"type": "pick", "value": value})


def _buttons(state: State, pick: Pick, t: Translator) -> list[dict[str, Any]]:
    _ = t.gettext
    if state.over or pick.picking:
        return []
    buttons: list[dict[str, Any]] = []
    if pick.selected:
        label = t.ngettext("Play {count} card", "Play {count} cards", len(pick.selected)).format(count=len(pick.selected))
        buttons.append({"id": "play", "label": label, "action": {"type": "play"}, "kind": "primary"})
        buttons.append({"id": "clear", "label": _("Clear"), "action": {"type": "clear"}, "kind": "secondary"})
    other = other_move(state)
    label = {"draw": _("Draw"), "wait": _("Sit out"), "pass": _("Keep the card")}[other.kind]
    if other.kind == "draw" and state.attack is not None:
        label = t.ngettext("Draw {amount} card", "Draw {amount} cards", state.attack.amount).format(
            amount=state.attack.amount)
    buttons.append({"id": other.kind, "label": label, "action": {"type": other.kind}, "kind": "secondary"})
    for call in call_choices(state):
        buttons.append({"id": "call_" + call, "kind": "toggle", "pressed": call in pick.calls,
                        "label": call_button_label(state.rules.calls[call].word, t),
                        "action": {"type": "call", "call": call}})
    return buttons


def _hand_cards(state: State, pick: Pick, t: Translator, four_colour: bool, best: Move | None) -> list[dict[str, Any]]:
    """The mover's cards to tap: marked selected, legal or not, and the coach's best move lit."""
    _ = t.gettext
    deck = state.rules.deck
    mover = state.to_move
    verdicts = selectable(state, pick)
    coach_cards = list(best.cards) if best is not None else []
    group = len(coach_cards) > 1
    cards = []
    for index, card in enumerate(state.hands[mover]):
        name = deck.name(card)   # the table's browser side names cards in notation
        label = card_label(card, deck, t)
        if card in pick.selected:
            mark = "selected"
            label = _("{card}, selected ({order})").format(card=label, order=pick.selected.index(card) + 1)
        elif card in verdicts:
            mark = "legal" if verdicts[card].legal else "illegal"
            label = (_("{card}, may be played") if mark == "legal" else _("{card}, may not be played")).format(card=label)
        else:
            mark = "plain"
        coach_pick = card in coach_cards and not pick.picking
        coach_order = None
        if coach_pick:
            coach_order = best.cards.index(card) + 1 if best is not None and group else None
            coach_cards.remove(card)
            label = coach_card_label(label, t)
        cards.append({
            "id": f"{name}#{index}", "card": name,
            "svg": card_svg(card, deck, four_colour=four_colour, width=CARD_W,
                            highlight=None if mark == "plain" else mark, label=label),
            "label": label, "state": mark, "coach": coach_pick, "coach_order": coach_order,
            "order": pick.selected.index(card) + 1 if card in pick.selected else None,
            "action": None if state.over else {"type": "tap", "card": name},
        })
    return cards


def table_data(state: State, pick: Pick, t: Translator, *, open_hands: bool = True, four_colour: bool = False,
               best: Move | None = None, best_notation: str = "") -> dict[str, Any]:
    """The card-table data of a Sandbox position: the mover's hand to tap, the others open or face down.

    ``best`` is the coach's best move (``best_notation`` its notation), when its answer for this
    position is kept: the table lights it as Play's does (outline, badge, a line naming it)."""
    _ = t.gettext
    mover = state.to_move
    cards = _hand_cards(state, pick, t, four_colour, best)
    drawable = not state.over and not pick.picking and other_move(state).kind == "draw"
    headline = _("The round is over.") if state.over else capitalise(_("{seat} is to move.").format(**seat_forms("seat", mover, t)))
    data: dict[str, Any] = {
        "stamp": f"{mover}/{len(state.pile)}/{len(state.deck)}/{len(pick.selected)}/{pick.picking}/"
                 f"{sorted(pick.calls)}/{pick.why is not None}/{best_notation}",
        **table_common(state, t, viewer=mover, names=[seat_name(s, t) for s in range(state.players)],
                       open_hands=open_hands, four_colour=four_colour,
                       deck_action={"type": "draw"} if drawable else None),
        "banners": [{"kind": kind, "text": text} for kind, text in pending_lines(state, t)],
        "headline": headline,
        "hand": {"label": capitalise(_("Hand of {seat}").format(**seat_forms("seat", mover, t))), "cards": cards,
                 "hidden_text": None},
        "buttons": _buttons(state, pick, t),
        "picker": _picker(state, pick, t),
        "why": describe_verdict(pick.why, state.rules.deck, t) if pick.why is not None else None,
        "why_label": _("Why not"),
        "timer": None,
        "curtain": None,
        "coach": None,
    }
    if best is not None and not state.over and not pick.picking:
        light_coach_move(data, best, state.rules, t, pick.selected, state=state)
    return data
