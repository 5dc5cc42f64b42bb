"""The Compare page's summary grid: the questions a player asks, answered per variant in a few words.

Each answer comes from the engine (``check``/``apply_move`` on a small position built for the
question) or from the ruleset's own fields (how long a demand lasts, the last-card call, the end
of the round) — never written per variant. A question that does not apply to a deck (a 3♣ in the
Hungarian deck) says so with a dash.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pandas as pd

from engine.errors import EngineError
from engine.moves import parse_move
from engine.position import position_from_json
from engine.rules import apply_move, check
from engine.ruleset import CardRule, Ruleset
from engine.state import State
from ui.present.i18n import N_, Translator
from ui.present.reasons import card_text

YES, NO, NONE = "✓", "✗", "—"
# The queen's and the jack's part in the Hungarian deck: the felső and the alsó (RULES.md glossary).
_QUEEN = {"french": "Q", "hungarian": "O"}
_JACK = {"french": "J", "hungarian": "U"}


@dataclass(frozen=True)
class Question:
    """One row of the summary grid: a stable key, an English msgid, and how to answer it."""

    key: str
    text: str
    answer: Callable[[Ruleset, Translator], str]


def _card(r: Ruleset, name: str) -> int | None:
    try:
        return r.deck.parse(name)
    except (EngineError, ValueError, KeyError):
        return None


def _state(r: Ruleset, position: dict) -> State | None:
    try:
        return position_from_json({"variant": r.id, **position}, rules=r)
    except (EngineError, ValueError):
        return None


def _spare(r: Ruleset, used: set[str], count: int) -> list[str]:
    """Ordinary filler cards for the other hands: not special in this ruleset, not already used."""
    special = {rule.pattern for rule in r.cards}
    out = []
    for card in r.deck.all_cards():
        name = r.deck.name(card)
        if name in used or name in special or r.deck.rank_of(card) in special:
            continue
        out.append(name)
        if len(out) == count:
            break
    return out


def _rule_for(r: Ruleset, card: str) -> CardRule | None:
    rank = r.deck.rank_of(r.deck.parse(card))
    return next((rule for rule in r.cards if rule.pattern == card), None) or next(
        (rule for rule in r.cards if rule.pattern == rank), None)


def _yes(t: Translator, text: str = "") -> str:
    return f"{YES} " + (text or t.gettext("Yes"))


def _no(t: Translator, text: str = "") -> str:
    return f"{NO} " + (text or t.gettext("No"))


def queen_wild(r: Ruleset, t: Translator) -> str:
    """Whether the queen (the felső in the Hungarian deck) goes on a card of another suit and rank."""
    rank = _QUEEN.get(r.deck.art)
    suits = r.deck.suits
    if rank not in r.deck.ranks or len(suits) < 2:
        return NONE
    queen, top = rank + suits[0], "9" + suits[1]
    others = _spare(r, {queen, top}, 2)
    st = _state(r, {"hands": [[queen, *others[:1]], others[1:]], "to_move": 0, "pile": [top]})
    if st is None:
        return NONE
    return _yes(t) if check(st, parse_move(f"play {queen}", r.deck)).legal else _no(t)


def three_on_two(r: Ruleset, t: Translator) -> str:
    """Whether 3♣ answers an attacking 2♥ (French decks with an attacking 2)."""
    if _card(r, "3c") is None or _card(r, "2h") is None:
        return NONE
    rule = _rule_for(r, "2h")
    if rule is None or not rule.draw:
        return _no(t, t.gettext("No: 2♥ does not attack"))
    others = _spare(r, {"3c", "2h", "5h"}, 3)
    st = _state(r, {"hands": [others[:1], ["3c", *others[1:2]], others[2:]], "to_move": 1, "pile": ["5h", "2h"],
                    "attack": {"draw": rule.draw}})
    if st is None:
        return NONE
    return _yes(t) if check(st, parse_move("play 3c", r.deck)).legal else _no(t)


_DURATION_SHORT = {
    "round": N_("One full round, you included"),
    "until_return": N_("Until your turn comes back"),
    "until_covered": N_("Until the next card covers it"),
    "until_fulfilled": N_("Until someone meets it"),
}


def jack_demand(r: Ruleset, t: Translator) -> str:
    """How long a jack's (the alsó's) demand for a rank lasts, from the ruleset's own field."""
    rank = _JACK.get(r.deck.art)
    rules = [rule for rule in r.cards if rule.pattern == rank or (rule.pattern[:-1] == rank)]
    demand = next((rule for rule in rules if rule.wish == "rank"), None)
    if demand is None:
        if any(rule.wish == "suit" for rule in rules):
            return _no(t, t.gettext("No demand: it names a suit"))
        return _no(t, t.gettext("No demand"))
    return t.gettext(_DURATION_SHORT[demand.wish_duration])


def king_of_spades(r: Ruleset, t: Translator) -> str:
    """Whom K♠ hits, found by playing it at a table of three and reading the attack it makes."""
    if _card(r, "Ks") is None or _card(r, "9s") is None:
        return NONE
    others = _spare(r, {"Ks", "9s"}, 5)
    st = _state(r, {"hands": [["Ks", others[0]], others[1:3], others[3:5]], "to_move": 0, "pile": ["9s"]})
    if st is None:
        return NONE
    verdict = check(st, parse_move("play Ks", r.deck))
    if not verdict.legal:
        return NONE
    _after, events = apply_move(st, verdict.move, verdict)
    hit = next((e for e in events if e.kind == "attack"), None)
    if hit is None:
        return _no(t, t.gettext("Nobody: an ordinary card"))
    amount = hit.params["amount"]
    if hit.params["kind"] == "draw":
        what = t.ngettext("draws {count} card", "draws {count} cards", amount).format(count=amount)
    else:
        what = t.ngettext("sits out {count} turn", "sits out {count} turns", amount).format(count=amount)
    if hit.params["target"] == 1:
        return t.gettext("The next player ({what})").format(what=what)
    return t.gettext("The previous player ({what})").format(what=what)


def penalties_stack(r: Ruleset, t: Translator) -> str:
    """Whether a second attacking card of the same rank adds to the penalty, played out by the engine."""
    suits = r.deck.suits
    rule = next((rule for rule in r.cards if rule.draw and rule.pattern in r.deck.ranks), None)
    if rule is None or len(suits) < 2:
        return _no(t, t.gettext("No card attacks"))
    first, second = rule.pattern + suits[0], rule.pattern + suits[1]
    others = _spare(r, {first, second}, 3)
    st = _state(r, {"hands": [others[:1], [second, *others[1:2]], others[2:]], "to_move": 1,
                    "pile": [first], "attack": {"draw": rule.draw}})
    if st is None:
        return NONE
    verdict = check(st, parse_move(f"play {second}", r.deck))
    if not verdict.legal:
        return _no(t, t.gettext("No: {second} does not answer {first}").format(
            first=card_text(r.deck.parse(first), r.deck, t), second=card_text(r.deck.parse(second), r.deck, t)))
    after, _events = apply_move(st, verdict.move, verdict)
    total = after.attack.amount if after.attack is not None else 0
    if total > rule.draw:
        return _yes(t, t.ngettext("Yes: {first} + {second} = {total} card", "Yes: {first} + {second} = {total} cards",
                                  total).format(first=rule.draw, second=total - rule.draw, total=total))
    return _no(t, t.gettext("No: the same penalty passes on"))


def last_card_call(r: Ruleset, t: Translator) -> str:
    """Whether a player must call on their last card, and what forgetting costs (the ruleset's calls)."""
    call = r.call("makao")
    if call is None or not call.required:
        return _no(t)
    return _yes(t, t.ngettext("Yes: \"{word}\", or {count} penalty card",
                              "Yes: \"{word}\", or {count} penalty cards", call.penalty).format(
        word=call.word, count=call.penalty))


_END = {
    ("first_out", "winner"): N_("The first player out wins"),
    ("first_out", "points"): N_("The first player out wins and scores the others' cards"),
    ("first_out", "penalty_points"): N_("When one is out, the others count penalty points"),
    ("first_out", "places"): N_("The first player out wins"),
    ("first_out", "loser"): N_("The first player out wins"),
    ("play_on", "places"): N_("Play on for places until one is left"),
    ("play_on", "loser"): N_("Play on: the last one holding cards loses"),
    ("play_on", "winner"): N_("Play on until one is left; the first out wins"),
    ("play_on", "points"): N_("Play on until one is left, then count points"),
    ("play_on", "penalty_points"): N_("Play on until one is left, then count penalty points"),
}


def round_end(r: Ruleset, t: Translator) -> str:
    """How the round ends and who wins, from the ruleset's end fields."""
    return t.gettext(_END.get((r.end_mode, r.end_result), N_("The first player out wins")))


QUESTIONS: tuple[Question, ...] = (
    Question("queen_wild", N_("Is the queen wild?"), queen_wild),
    Question("three_on_two", N_("Does a 3♣ answer a 2♥?"), three_on_two),
    Question("jack_demand", N_("How long does a jack demand last?"), jack_demand),
    Question("king_of_spades", N_("Whom does K♠ hit?"), king_of_spades),
    Question("penalties_stack", N_("Can penalties stack?"), penalties_stack),
    Question("last_card_call", N_("Is there a last-card call and penalty?"), last_card_call),
    Question("round_end", N_("How does the round end?"), round_end),
)


def summary_frame(columns: Sequence[tuple[str, Ruleset]], t: Translator) -> pd.DataFrame:
    """The grid: one row per question (translated), one column per (label, ruleset), short answers."""
    data = {label: [q.answer(ruleset, t) for q in QUESTIONS] for label, ruleset in columns}
    frame = pd.DataFrame(data, index=[t.gettext(q.text) for q in QUESTIONS])
    frame.index.name = t.gettext("Question")
    return frame
