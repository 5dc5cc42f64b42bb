"""What the card table shows for a game: the plain data the card-table widget draws (no Streamlit).

The widget (``ui.widgets.card_table``) is generic — seats, pile, deck, banners, a hand of tappable
cards, buttons, a picker, a timer — and knows nothing of makao; this module fills it from a ``Game``.
Every button and card carries the ``act`` action it stands for.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from engine.coach import MoveEstimate
from ui.play.model import (
    PACES,
    Game,
    call_choices,
    can_take_back,
    human_to_move,
    is_human,
    lone_cards,
    non_play_move,
    people_out,
    selectable,
    shown_state,
    shown_turns,
    wish_options,
)
from ui.play.text import (
    banners,
    call_badges,
    call_label,
    checker_question,
    narrate_turn,
    seat_forms,
    seat_name,
    seat_title,
    turn_headline,
    verdict_text,
    wish_choice_label,
)
from ui.present.cards import card_label, card_svg
from ui.present.i18n import Translator
from ui.present.table_data import CARD_W, PILE_SHOWN, table_common
from ui.present.table_marks import light_coach_move
from ui.present.widget_text import coach_card_label


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Seat(NamedTuple):
    """Who sees the table now, and what the table lets them do."""

    state: Any
    viewer: int
    mover: bool          # the viewer is to move, and the table is not a replay
    hidden: bool         # hot seat: the hand is behind the curtain
    replaying: bool


def _seat_of(game: Game) -> _Seat:
    state = shown_state(game)
    replaying = game.replay is not None
    mover = human_to_move(game) and state.to_move == game.viewer and not replaying
    return _Seat(state, game.viewer, mover, game.curtain is not None, replaying)


def table_data(game: Game, t: Translator, *, lighting: bool = True, four_colour: bool = False,
               pace: str = "normal") -> dict[str, Any]:
    """The card-table data of the game as the viewer sees it now (or at the replayed moment)."""
    seat = _seat_of(game)
    acting = seat.mover and not seat.hidden
    best = coach_move(game) if acting else None
    buttons, picker = _buttons(game, seat, t)
    why, why_label = _why(game, seat, t)
    data = {
        "stamp": _stamp(game, seat.hidden),
        **_common(game, seat, t, four_colour),
        "banners": banners(game, seat.state, t),
        "headline": turn_headline(game, seat.state, t),
        "hand": _hand(game, seat, best, t, lighting, four_colour),
        "buttons": buttons,
        "picker": picker,
        "why": why,
        "why_label": why_label,
        "timer": _timer(game, seat, pace),
        "curtain": _curtain(game, t) if seat.hidden else None,
        "coach": None,
    }
    _badge_calls(data["seats"], call_badges(game, shown_turns(game), seat.state, t))
    if best is not None:
        light_coach_move(data, best.move, game.rules, t, game.selected, state=seat.state)
    return data


def _stamp(game: Game, hidden: bool) -> str:
    return (f"{game.round_no}/{len(game.turns)}/{game.replay}/{len(game.selected)}/{game.picking}/"
            f"{sorted(game.calls)}/{hidden}/{game.why is not None}/{game.coach is not None}/{game.pending is not None}")


def _common(game: Game, seat: _Seat, t: Translator, four_colour: bool) -> dict[str, Any]:
    """The seats, pile and deck (``table_common``); a tap on the deck draws where drawing is the other option."""
    state = seat.state
    deck_action = None
    if seat.mover and not seat.hidden and not game.picking and non_play_move(state).kind == "draw":
        deck_action = {"type": "draw"}
    return table_common(state, t, viewer=seat.viewer,
                        names=[_cap(seat_name(game, s, t)) for s in range(state.players)],
                        titles=[seat_title(game, s, t) for s in range(state.players)], open_hands=seat.replaying,
                        four_colour=four_colour, deck_action=deck_action)


def _hand(game: Game, seat: _Seat, best: MoveEstimate | None, t: Translator, lighting: bool,
          four_colour: bool) -> dict[str, Any]:
    """The viewer's hand: each card with its state (lit, dimmed, selected, the coach's), label and tap."""
    _ = t.gettext
    viewer = seat.viewer
    if game.settings.humans == 1:
        label = _("Your hand")
    else:
        label = _cap(_("Hand of {seat}").format(seat=_cap(seat_name(game, viewer, t)),
                                                **seat_forms("seat", game, viewer, t)))
    cards = [] if seat.hidden else _hand_cards(game, seat, best, t, lighting, four_colour)
    return {"label": label, "cards": cards, "hidden_text": _("The hand is hidden.") if seat.hidden else None}


def _hand_cards(game: Game, seat: _Seat, best: MoveEstimate | None, t: Translator, lighting: bool,
                four_colour: bool) -> list[dict[str, Any]]:
    acting = seat.mover and not seat.hidden
    verdicts = selectable(game) if acting else {}
    lone = lone_cards(game) if acting else frozenset()
    coach_cards = list(best.move.cards) if best is not None else []
    return [_hand_card(game, seat, index, card, verdicts, lone, coach_cards, t, lighting, four_colour)
            for index, card in enumerate(seat.state.hands[seat.viewer])]


def _card_mark(game: Game, card: int, mover: bool, verdicts: dict[int, Any], coach_cards: list[int],
               lighting: bool, label: str, t: Translator) -> tuple[str, str | None, str]:
    """A hand card's state, its highlight and its label: selected, the coach's group, lit, dimmed or plain."""
    _ = t.gettext
    if card in game.selected and mover:
        return "selected", "selected", _("{card}, selected ({order})").format(
            card=label, order=game.selected.index(card) + 1)
    if card in verdicts and not verdicts[card].legal and card in coach_cards[1:]:
        # The coach's group goes down after its first card: lit as part of the move, not dimmed (D6).
        return "group", "legal" if lighting else None, label
    if card in verdicts:
        legal = verdicts[card].legal
        mark = "legal" if legal else "illegal"
        if lighting:
            label = (_("{card}, may be played") if legal else _("{card}, may not be played")).format(card=label)
        return mark, mark if lighting else None, label
    return "plain", None, label


def _hand_card(game: Game, seat: _Seat, index: int, card: int, verdicts: dict[int, Any], lone: frozenset[int],
               coach_cards: list[int], t: Translator, lighting: bool, four_colour: bool) -> dict[str, Any]:
    deck = game.rules.deck
    name = deck.name(card)   # the table's browser side names cards in notation
    mover = seat.mover
    mark, shown, label = _card_mark(game, card, mover, verdicts, coach_cards, lighting, card_label(card, deck, t), t)
    coach_pick = card in coach_cards     # the coach's best move: badge, outline and label
    if coach_pick:
        label = coach_card_label(label, t)
    return {
        "id": f"{name}#{index}",
        "card": name,
        "svg": card_svg(card, deck, four_colour=four_colour, width=CARD_W, highlight=shown, label=label),
        "label": label,
        "coach": coach_pick,
        "coach_order": coach_cards.index(card) + 1 if coach_pick and len(coach_cards) > 1 else None,
        "state": mark if (lighting or mark in ("selected", "group")) else "plain",
        "order": game.selected.index(card) + 1 if card in game.selected and mover else None,
        "action": {"type": "tap", "card": name} if mover else None,
        "alone": card in lone and card in verdicts and verdicts[card].legal,   # one tap plays it
    }


def _buttons(game: Game, seat: _Seat, t: Translator) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The table's buttons and the wish picker: the checker's question, or the move's own, then the round's."""
    _ = t.gettext
    buttons: list[dict[str, Any]] = []
    picker = None
    acting = seat.mover and not seat.hidden
    if game.pending is not None and acting:
        # The move checker's question stands: it is answered here, by the hand, where the move was made.
        buttons.append({"id": "confirm", "label": _("Make the move anyway"), "action": {"type": "confirm"},
                        "kind": "secondary"})
        buttons.append({"id": "reconsider", "label": _("Choose again"), "action": {"type": "reconsider"},
                        "kind": "primary"})
    elif acting and game.picking:
        picker = _picker(game, t)
    elif acting:
        buttons.extend(_move_buttons(game, seat.state, t))
    if people_out(game) and not seat.replaying:
        buttons.append({"id": "finish", "label": _("Play the rest at once"), "action": {"type": "finish"},
                        "kind": "primary"})
    if can_take_back(game) and not seat.replaying and not seat.hidden:
        buttons.append({"id": "takeback", "label": _("Take back"), "action": {"type": "takeback"},
                        "kind": "secondary"})
    return buttons, picker


def _picker(game: Game, t: Translator) -> dict[str, Any]:
    _ = t.gettext
    kind, values = wish_options(game)
    title = _("Demand a rank") if kind == "rank" else _("Choose a suit")
    return {"title": title, "options": [
        {"label": wish_choice_label(kind, v, game, t), "action": {"type": "pick", "value": v}} for v in values
    ] + [{"label": _("Cancel"), "action": {"type": "clear"}, "kind": "secondary"}]}


def _move_buttons(game: Game, state: Any, t: Translator) -> list[dict[str, Any]]:
    """Play / End turn and Clear for a selection, the non-play option (draw, wait, keep), the last-card calls."""
    _ = t.gettext
    buttons: list[dict[str, Any]] = []
    if game.selected:
        label = _("End turn") if len(game.selected) > 1 else _("Play")
        buttons.append({"id": "play", "label": label, "action": {"type": "play"}, "kind": "primary"})
        buttons.append({"id": "clear", "label": _("Clear"), "action": {"type": "clear"}, "kind": "secondary"})
    other = non_play_move(state)
    other_label = {"draw": _("Draw"), "wait": _("Wait"), "pass": _("Keep the card")}[other.kind]
    if other.kind == "draw" and state.attack is not None:
        other_label = t.ngettext("Draw {amount} card", "Draw {amount} cards", state.attack.amount).format(
            amount=state.attack.amount)
    buttons.append({"id": other.kind, "label": other_label, "action": {"type": other.kind}, "kind": "secondary"})
    for call in call_choices(game):
        buttons.append({"id": "call_" + call, "label": call_label(call, game, t),
                        "action": {"type": "call", "call": call}, "kind": "toggle", "pressed": call in game.calls})
    return buttons


def _timer(game: Game, seat: _Seat, pace: str) -> dict[str, Any] | None:
    if seat.replaying or seat.state.over or is_human(game, seat.state.to_move):
        return None
    return {"ms": PACES.get(pace, PACES["normal"]), "action": {"type": "step"}}


def _curtain(game: Game, t: Translator) -> dict[str, Any]:
    _ = t.gettext
    name = _cap(seat_name(game, game.curtain, t))
    forms = seat_forms("seat", game, game.curtain, t)
    return {"text": _("Pass the device to {seat}. The hand stays hidden until then.").format(seat=name, **forms),
            "button": {"label": _("I am {seat}: show my hand").format(seat=name, **forms),
                       "action": {"type": "ready"}}}


def _why(game: Game, seat: _Seat, t: Translator) -> tuple[str | None, str]:
    """The "Why not" line of a dimmed card tapped, or the move checker's question while it asks."""
    _ = t.gettext
    if game.pending is not None and seat.mover and not seat.hidden:
        return checker_question(game.pending.shortfall, game.rules, t, seat.state), _("Move checker")
    why = verdict_text(game.why, game, t) if game.why is not None and not seat.hidden else None
    return why, _("Why not")


def _badge_calls(seats: list[dict[str, Any]], badges: dict[int, str]) -> None:
    """Writes each seat's last-card call beside its status ("said “Makao!”"), which the table shows and reads out."""
    for seat in seats:
        badge = badges.get(seat["seat"])
        if badge:
            seat["status_text"] = " · ".join(filter(None, (seat["status_text"], badge)))


def coach_move(game: Game) -> MoveEstimate | None:
    """The coach's best move for the person to move: the move checker's while it asks, else the hint's."""
    if game.pending is not None:
        return game.pending.shortfall.best
    if game.coach is not None:
        return game.coach.best
    return None


def computer_steps(game: Game, seen: int, t: Translator, *, four_colour: bool = False) -> dict[str, Any] | None:
    """The computer players' moves since the browser last drew the table (turns ``seen`` on), for the
    component to play one by one: each with its seat, kind, narration, and the pile and seat counts after
    it; ``start`` is the table before the first of them. None when there is nothing to play."""
    turns = game.turns
    first = next((i for i in range(max(seen, 0), len(turns)) if not is_human(game, turns[i].seat)), None)
    if first is None or game.replay is not None:
        return None
    deck = game.rules.deck

    def table_at(state: Any) -> dict[str, Any]:
        return {"pile": [card_svg(c, deck, four_colour=four_colour, width=CARD_W, label=card_label(c, deck, t))
                         for c in state.pile[-PILE_SHOWN:]],
                "counts": [t.ngettext("{count} card", "{count} cards", len(h)).format(count=len(h))
                           for h in state.hands],
                "deck": t.ngettext("Deck: {count} card", "Deck: {count} cards", len(state.deck)).format(
                    count=len(state.deck))}

    steps = []
    for index in range(first, len(turns)):
        turn = turns[index]
        if is_human(game, turn.seat):
            continue
        after = turns[index + 1].before if index + 1 < len(turns) else game.state
        steps.append({"seat": turn.seat, "kind": turn.move.kind, "cards": len(turn.move.cards),
                      "text": " ".join(narrate_turn(turn, game, t)), **table_at(after)})
    return {"start": table_at(turns[first].before), "steps": steps}
