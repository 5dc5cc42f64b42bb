"""Play together: the card table, the narration and the match table of one seat, built from that
seat's view from the store (``TableStore.seat_view``) alone (no Streamlit).

The view holds the seat's own hand and what is public (pile, hand sizes, the deck's size, what is
pending, the public log); nothing here ever sees another hand or the deck's cards. The shared card
table widget (``ui.widgets.card_table``) wants a position for its seats and pile: it gets
``shown_state``, the engine's stand-in world of the view (``engine.seat_view.stand_in``: the unseen
cards dealt in sorted order), of which only the public parts are drawn (hand sizes, roles, pile).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ruleset import Ruleset, WishDuration
from engine.seat_view import SeatView, stand_in
from engine.state import Attack, State, Wish
from engine.verdicts import Event
from ui.present import grammar
from ui.present.cards import card_label, card_svg, suit_word
from ui.present.i18n import N_, Translator
from ui.present.reasons import card_text, describe_events, player_placeholders, wish_rank_text
from ui.present.table_data import CARD_W, table_common, wish_picker
from ui.present.widget_text import call_button_label
from ui.tables.model import (
    Choice,
    call_choices,
    legal_moves,
    lit_cards,
    matching,
    other_moves,
    wish_choices,
)

# The same msgids as Play's (ui/play/text.py) and the house-rules form, so the catalogs say them once.
STRENGTH_LABELS = {"beginner": N_("beginner"), "club": N_("club player"), "expert": N_("expert")}
DURATION_LABELS = {
    "round": N_("one full round, its player included"),
    "until_return": N_("until the turn comes back to its player"),
    "until_covered": N_("until another card covers it"),
    "until_fulfilled": N_("until someone meets it"),
}
LOG_SHOWN = 12   # the last moves narrated under the table


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def shown_state(view: dict[str, Any], rules: Ruleset) -> State:
    """A position that agrees with the seat's view in everything the seat sees: its own hand, the pile's
    top cards, every hand's size, the deck's size, what is pending (``stand_in`` of the view)."""
    rnd = view["round"]
    deck = rules.deck
    attack = rnd.get("attack")
    wish = rnd.get("wish")
    seat_view = SeatView(
        rules=rules,
        seat=int(rnd["seat"]),
        hand=tuple(deck.parse(c) for c in rnd["hand"]),
        pile=tuple(deck.parse(c) for c in rnd["pile"]["recent"]),
        hand_sizes=tuple(int(n) for n in rnd["hand_sizes"]),
        deck_size=int(rnd["deck"]),
        to_move=int(rnd["to_move"]) if rnd.get("to_move") is not None else 0,
        attack=None if attack is None else Attack(attack["kind"], int(attack["amount"]), deck.parse(attack["card"])),
        wish=None if wish is None else Wish(wish["kind"], wish["value"], int(wish["by"]), WishDuration(wish["duration"])),
        waiting=tuple(int(w) for w in rnd["waiting"]),
        drawn=None if rnd.get("drawn") is None else deck.parse(rnd["drawn"]),
        finished=tuple(int(s) for s in rnd["finished"]),
        over=bool(rnd["over"]),
        cover=bool(rnd.get("cover")),
        direction=int(rnd.get("direction") or 1),
    )
    return stand_in(seat_view)


def seat_name(seat: int, me: int | None, t: Translator) -> str:
    """Names a seat as the narration does: "player 2", and "player 1 (you)" for the reader's own."""
    if seat == me:
        return t.gettext("player {number} (you)").format(number=seat + 1)
    return t.gettext("player {number}").format(number=seat + 1)


def _forms(key: str, seat: int, me: int | None, t: Translator) -> dict[str, str]:
    language = grammar.language_of(t) or ""
    return grammar.player_forms(language, key, seat_name(seat, me, t), None if seat == me else seat + 1)


def seat_title(seat: dict[str, Any], me: int | None, t: Translator) -> str:
    """A seat's label at the table and in the lobby: "Player 2 · Ala", "Player 3 · club player";
    a person away: "Player 2 · Ala (the club player plays for now)"."""
    name = _cap(seat_name(int(seat["seat"]), me, t))
    if seat.get("kind") == "person":
        who = seat.get("nickname") or ""
        if not seat.get("present"):
            who = t.gettext("{nickname} (the club player plays for now)").format(nickname=who)
    else:
        who = t.gettext("computer player: {strength}").format(
            strength=t.gettext(STRENGTH_LABELS.get(seat.get("strength", ""), seat.get("strength", ""))))
    return t.gettext("{player} · {who}").format(player=name, who=who)


def strength_label(strength: str, t: Translator) -> str:
    return t.gettext(STRENGTH_LABELS.get(strength, strength))


def headline(view: dict[str, Any], t: Translator) -> str:
    """Whose turn it is, or that the round is over."""
    rnd = view["round"]
    me = int(rnd["seat"])
    if rnd["over"]:
        return t.gettext("The round is over.")
    mover = int(rnd["to_move"])
    if mover == me:
        if rnd.get("drawn") is not None:
            return t.gettext("Your turn: play the card you drew, or keep it.")
        return t.gettext("Your turn.")
    return _cap(t.gettext("{seat} is to move.").format(seat=seat_name(mover, me, t), **_forms("seat", mover, me, t)))


def banners(view: dict[str, Any], rules: Ruleset, t: Translator) -> list[dict[str, str]]:
    """The pending attack, the demand or wish in force and who sits out, as Play's banners say them."""
    rnd = view["round"]
    me = int(rnd["seat"])
    deck = rules.deck
    out: list[dict[str, str]] = []
    attack = rnd.get("attack")
    if attack is not None and rnd.get("to_move") is not None:
        amount = int(attack["amount"])
        card = card_text(deck.parse(attack["card"]), deck, t)
        target = int(rnd["to_move"])
        if attack["kind"] == "draw":
            text = t.ngettext("Attack with {card}: {target} must draw {amount} card or defend.",
                              "Attack with {card}: {target} must draw {amount} cards or defend.", amount)
        else:
            text = t.ngettext("Attack with {card}: {target} must sit out {amount} turn or defend.",
                              "Attack with {card}: {target} must sit out {amount} turns or defend.", amount)
        out.append({"kind": "attack", "text": text.format(target=seat_name(target, me, t), amount=amount, card=card,
                                                          **_forms("target", target, me, t))})
    wish = rnd.get("wish")
    if wish is not None:
        by = int(wish["by"])
        who = _cap(seat_name(by, me, t))
        lasting = t.gettext(DURATION_LABELS.get(wish["duration"], wish["duration"]))
        if wish["kind"] == "rank":
            text = t.gettext("Demand: {by} asks for {rank} — it lasts {duration}.").format(
                by=who, rank=wish_rank_text(wish["value"], deck, t), duration=lasting, **_forms("by", by, me, t))
        else:
            text = t.gettext("Wish: {by} asks for {suit} — it lasts {duration}.").format(
                by=who, suit=suit_word(wish["value"], deck, t), duration=lasting, **_forms("by", by, me, t))
        out.append({"kind": "wish", "text": text})
    for seat, turns in enumerate(rnd.get("waiting") or ()):
        if turns and seat not in rnd.get("finished", ()):
            out.append({"kind": "waiting", "text": _cap(t.ngettext(
                "{seat} sits out {turns} more turn.", "{seat} sits out {turns} more turns.", turns).format(
                seat=seat_name(seat, me, t), turns=turns, **_forms("seat", seat, me, t)))})
    return out


def call_word(call: str, rules: Ruleset, t: Translator) -> str:
    """The ruleset's own word for a last-card call ("Makao", "Makaó", "Kakaó")."""
    rule = rules.calls.get(call)
    return rule.word if rule is not None and rule.word else (t.gettext("Makao") if call == "makao" else call)


def table_data(view: dict[str, Any], rules: Ruleset, choice: Choice, t: Translator, *,
               four_colour: bool = False, lighting: bool = True) -> dict[str, Any]:
    """The card table's data for the seat, every card and button with the action it sends."""
    _ = t.gettext
    rnd = view["round"]
    me = int(rnd["seat"])
    state = shown_state(view, rules)
    legal = legal_moves(view, rules)
    mine = bool(legal)
    others = other_moves(legal)
    deck_action = {"type": "move", "move": others[0][0]} if (
        mine and not choice.picking and others and others[0][1].kind == "draw") else None
    seats = {int(s["seat"]): s for s in view.get("seats") or ()}
    titles = [seat_title(seats.get(n, {"seat": n, "kind": "computer", "strength": "club"}), me, t)
              for n in range(state.players)]
    names = [_cap(seat_name(n, me, t)) for n in range(state.players)]
    common = table_common(state, t, viewer=me, names=names, titles=titles, four_colour=four_colour,
                          deck_action=deck_action)
    buttons, picker = _buttons(view, rules, choice, legal, t)
    return {
        # A new version or a new choice redraws the table; the same ones keep what the browser shows.
        "stamp": f"{view['table']['version']}/{choice.selected}/{choice.picking}/{sorted(choice.calls)}",
        **common,
        "banners": banners(view, rules, t),
        "headline": headline(view, t),
        "hand": {"label": _("Your hand"), "cards": _hand(view, rules, choice, legal, t, four_colour, lighting),
                 "hidden_text": None},
        "buttons": buttons,
        "picker": picker,
        "why": None,
        "why_label": _("Why not"),
        "timer": None,
        "curtain": None,
        "coach": None,
        "steps": None,
    }


def _hand(view: dict[str, Any], rules: Ruleset, choice: Choice, legal, t: Translator, four_colour: bool,
          lighting: bool) -> list[dict[str, Any]]:
    _ = t.gettext
    deck = rules.deck
    lit = lit_cards(choice, legal, rules) | (lit_cards(type(choice)(), legal, rules) if legal else set())
    cards = []
    for index, name in enumerate(view["round"]["hand"]):
        card = deck.parse(name)
        label = card_label(card, deck, t)
        if name in choice.selected:
            mark, shown = "selected", "selected"
            label = _("{card}, selected ({order})").format(card=label, order=choice.selected.index(name) + 1)
        elif legal:
            mark = "legal" if name in lit else "illegal"
            shown = mark if lighting else None
            label = (_("{card}, may be played") if name in lit else _("{card}, may not be played")).format(card=label)
        else:
            mark, shown = "plain", None
        cards.append({
            "id": f"{name}#{index}",
            "card": name,
            "svg": card_svg(card, deck, four_colour=four_colour, width=CARD_W, highlight=shown, label=label),
            "label": label,
            "coach": False,
            "coach_order": None,
            "state": mark if (lighting or mark == "selected") else "plain",
            "order": choice.selected.index(name) + 1 if name in choice.selected else None,
            "action": {"type": "tap", "card": name} if legal else None,
            "alone": False,
        })
    return cards


def _buttons(view: dict[str, Any], rules: Ruleset, choice: Choice, legal, t: Translator
             ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """Play and Clear for a selection (and its last-card calls), the picker of a demand or wish, then
    the seat's other move (draw, wait, keep the drawn card)."""
    _ = t.gettext
    if not legal:
        return [], None
    buttons: list[dict[str, Any]] = []
    matches = matching(choice, legal, rules)
    if choice.picking and matches:
        options = wish_choices(matches)
        if options is not None:
            kind, values = options
            return [], wish_picker(kind, values, rules.deck, t, lambda value: {"type": "pick", "value": value})
    if choice.selected:
        if matches:
            label = _("End turn") if len(choice.selected) > 1 else _("Play")
            buttons.append({"id": "play", "label": label, "action": {"type": "play"}, "kind": "primary"})
        buttons.append({"id": "clear", "label": _("Clear"), "action": {"type": "clear"}, "kind": "secondary"})
    rnd = view["round"]
    for text, move in other_moves(legal):
        if move.kind == "draw" and rnd.get("attack") is not None and rnd["attack"]["kind"] == "draw":
            amount = int(rnd["attack"]["amount"])
            label = t.ngettext("Draw {amount} card", "Draw {amount} cards", amount).format(amount=amount)
        else:
            label = {"draw": _("Draw"), "wait": _("Wait"), "pass": _("Keep the card")}[move.kind]
        buttons.append({"id": move.kind, "label": label, "action": {"type": "move", "move": text},
                        "kind": "secondary"})
    for call in call_choices(matches):
        buttons.append({"id": "call_" + call, "label": call_button_label(call_word(call, rules, t), t),
                        "action": {"type": "call", "call": call}, "kind": "toggle", "pressed": call in choice.calls})
    return buttons, None


def narration(entries: Sequence[dict[str, Any]], rules: Ruleset, me: int, t: Translator) -> list[str]:
    """The moves of the log in words, one line per move, as Play narrates them (``describe_events``,
    the reader's own seat as "you"); a move the club player made for an absent person says so."""
    lines = []
    for entry in entries:
        events = [Event(e["event"], {k: v for k, v in e.items() if k != "event"})
                  for e in entry.get("events") or () if e.get("event") != "turn"]
        words = " ".join(_cap(s) for s in describe_events(events, rules.deck, t, you=me))
        if entry.get("by") == "stand_in":
            words = t.gettext("{moves} (the club player moved for {seat})").format(
                moves=words, **player_placeholders("seat", int(entry["seat"]), t))
        if words:
            lines.append(words)
    return lines


def match_rows(view: dict[str, Any], t: Translator) -> tuple[list[str], list[list[Any]]]:
    """The match table: one column per seat, a row per finished round, and the totals."""
    me = (view.get("you") or {}).get("seat")
    seats = view.get("seats") or ()
    columns = [seat_title(s, me, t) for s in seats]
    match = view.get("match") or {}
    rows = [[t.gettext("Round {number}").format(number=i + 1), *r.get("scores", [])]
            for i, r in enumerate(match.get("results") or ())]
    totals = (match.get("totals") or {}).get("scores") or []
    if rows:
        rows.append([t.gettext("Total"), *totals])
    return columns, rows


def match_summary(view: dict[str, Any], t: Translator) -> str | None:
    """Who leads or has won the match (None before the first round ends)."""
    match = view.get("match") or {}
    totals = match.get("totals") or {}
    if not match.get("results"):
        return None
    me = (view.get("you") or {}).get("seat")
    if totals.get("loser") is not None:
        loser = int(totals["loser"])
        return _cap(t.gettext("{seat} is over 101 points and loses the match.").format(
            seat=seat_name(loser, me, t), **_forms("seat", loser, me, t)))
    leaders = [int(s) for s in totals.get("leaders") or ()]
    names = {"names": t.format_list([seat_name(s, me, t) for s in leaders]),
             "names_the": t.format_list([_forms("seat", s, me, t).get("seat_the", seat_name(s, me, t))
                                         for s in leaders])}
    if totals.get("decided"):
        return _cap(t.ngettext("{names} wins the match.", "{names} win the match.", len(leaders)).format(**names))
    return _cap(t.ngettext("{names} leads the match.", "{names} lead the match.", len(leaders)).format(**names))
