"""The coach's words: its reason codes (engine/coach/reasons.py) and numbers as sentences.

No Streamlit. Every function takes a gettext translator (``ui.present.i18n.Translator`` or any object
with ``gettext``/``ngettext``; None means English) and every template is a literal gettext or
ngettext call, so Babel extracts it. Shares are whole percents and places and points have one
decimal, both written the way the reader's language writes them (no literal percent sign in a msgid, so
no template is mistaken for a %-format). Seats are shown as "player N" (N = seat + 1).
"""
from __future__ import annotations

import gettext
from typing import Any

from babel.numbers import format_decimal, format_percent

from engine.coach import CoachReason, Hint, MoveEstimate, place_of
from engine.moves import Move, parse_move
from engine.ruleset import Ruleset
from engine.seat_view import SeatView
from engine.state import State
from ui.present import grammar
from ui.present.cards import suit_word
from ui.present.reasons import (
    Translations,
    card_text,
    cards_placeholders,
    cards_text,
    number_placeholders,
    player_placeholders,
    wish_rank_text,
)


def _tr(tr: Translations | None) -> Translations:
    return tr if tr is not None else gettext.NullTranslations()


def _language(tr: Translations) -> str:
    language: str = getattr(tr, "language", "en")  # gettext.NullTranslations has none: English
    return language or "en"


def decimal_text(value: float, tr: Translations | None = None) -> str:
    """Writes a number with one decimal the way the reader's language does (1.8, 1,8)."""
    return format_decimal(round(value, 1), format="0.0", locale=_language(_tr(tr)))


def percent_text(share: float, tr: Translations | None = None) -> str:
    """Writes a share as a whole percent the way the reader's language does (54%, 54 %)."""
    return format_percent(int(share * 100 + 0.5) / 100, locale=_language(_tr(tr)))


def move_text(move: Move, rules: Ruleset, tr: Translations | None = None, *,
              state: State | SeatView | None = None) -> str:
    """Writes a move for people: its cards, then the wish and the call (``J♥, demand 7``); given the
    position it was made in, a draw or a wait under an attack is named as the penalty it takes."""
    tr = _tr(tr)
    _ = tr.gettext
    deck = rules.deck
    attack = state.attack if state is not None else None
    # Under an attack, drawing takes the attack's cards and waiting sits out its turns (RULES.md:
    # draw attack, sit-out attack): "draw a card" there named a penalty of 5 as one card.
    if move.kind == "draw" and attack is not None and attack.kind == "draw":
        # TRANSLATORS: a move named in the coach's sentences, worded like "draw a card" (coach move).
        return tr.ngettext("draw the {amount} penalty card", "draw the {amount} penalty cards",
                           attack.amount).format(amount=attack.amount)
    if move.kind == "wait" and attack is not None and attack.kind == "skip":
        # TRANSLATORS: a move named in the coach's sentences, worded like "sit out" (coach move).
        return tr.ngettext("sit out {amount} turn", "sit out {amount} turns", attack.amount).format(amount=attack.amount)
    # A move named inside a coach sentence ("Best: draw a card, which …"): its own context.
    if move.kind == "draw":
        return tr.pgettext("coach move", "draw a card")
    if move.kind == "wait":
        return tr.pgettext("coach move", "sit out")
    if move.kind == "pass":
        return tr.pgettext("coach move", "keep the drawn card")
    extras = []
    if move.demand is not None:
        extras.append(_("no demand") if move.demand == "none" else
                      _("demand {rank}").format(rank=wish_rank_text(move.demand, deck, tr)))
    if move.suit is not None:
        extras.append(_("no wish") if move.suit == "none" else
                      _("wish {suit}").format(suit=suit_word(move.suit, deck, tr)))
    for name, said in (("makao", move.makao), ("kakao", move.kakao)):
        if said:
            call = rules.calls.get(name)
            # A part of a move after its cards ("J♥, demand 7, call "makao""), not an order to the reader.
            extras.append(tr.pgettext("coach move", "call \"{word}\"").format(
                word=(call.word if call and call.word else name)))
    cards = (", " if deck.art == "hungarian" else " ").join(card_text(card, deck, tr) for card in move.cards)
    return ", ".join([cards, *extras])


def objective_label(kind: str, tr: Translations | None = None) -> str:
    """Names what the coach's numbers measure for an objective (engine/coach/objective.py)."""
    _ = _tr(tr).gettext
    return {
        "win": _("chance to win the round"),
        "place": _("expected place (1 = first place)"),
        "not_loser": _("chance not to be the loser"),
        "points": _("your expected points (more are better)"),
        "penalty": _("expected penalty points (fewer are better)"),
    }[kind]


# What a played-out round can score, per objective (engine/coach/objective.py): shares and place
# scores lie in [0, 1]; points and penalty points are never below 0.
_FLOOR_CEILING: dict[str, tuple[float, float]] = {
    "win": (0.0, 1.0), "place": (0.0, 1.0), "not_loser": (0.0, 1.0),
    "points": (0.0, float("inf")), "penalty": (0.0, float("inf")),
}


def bounded_interval(estimate: MoveEstimate, hint: Hint) -> tuple[float, float]:
    """The estimate's 95% interval cut to the values a round can score (no -4.5 points, no 104%)."""
    floor, ceiling = _FLOOR_CEILING.get(hint.objective.kind, (float("-inf"), float("inf")))
    return max(estimate.low, floor), min(estimate.high, ceiling)


def _numbers_of(estimate: MoveEstimate, hint: Hint, tr: Translations) -> dict[str, str]:
    """The estimate's value and interval ends, written for the objective (a place turns the interval round)."""
    low, high = bounded_interval(estimate, hint)
    kind = hint.objective.kind
    if kind in ("win", "not_loser"):
        return {"value": percent_text(estimate.mean, tr), "low": percent_text(low, tr), "high": percent_text(high, tr)}
    if kind == "place":
        # A higher score is a better (smaller) place: the interval turns round.
        return {"value": decimal_text(place_of(estimate.mean, hint.players), tr),
                "low": decimal_text(place_of(high, hint.players), tr),
                "high": decimal_text(place_of(low, hint.players), tr)}
    return {"value": decimal_text(estimate.mean, tr), "low": decimal_text(low, tr), "high": decimal_text(high, tr)}


def estimate_text(estimate: MoveEstimate, hint: Hint, tr: Translations | None = None) -> str:
    """One move's number with its 95% interval, in the objective's terms (``54% (49–59%)``), for a column named by the objective."""
    tr = _tr(tr)
    _ = tr.gettext
    numbers = _numbers_of(estimate, hint, tr)
    if hint.objective.kind == "place":
        return _("place {value} ({low}–{high})").format(**numbers)
    return _("{value} ({low}–{high})").format(**numbers)


def value_text(estimate: MoveEstimate, hint: Hint, tr: Translations | None = None) -> str:
    """One move's number with its unit and 95% interval, for a sentence (``54% chance to win (49–59%)``)."""
    tr = _tr(tr)
    _ = tr.gettext
    text = {
        "win": _("{value} chance to win ({low}–{high})"),
        "place": _("expected place {value} ({low}–{high})"),
        "not_loser": _("{value} chance not to be the loser ({low}–{high})"),
        "points": _("{value} points on average ({low}–{high})"),
        "penalty": _("{value} penalty points on average ({low}–{high})"),
    }[hint.objective.kind]
    return text.format(**_numbers_of(estimate, hint, tr))


def _numbers(code: str, p: dict[str, Any], rules: Ruleset, players: int, tr: Translations,
             state: State | SeatView | None) -> str:
    _ = tr.gettext
    kind = p["objective"]
    # The coach's reasons name moves in notation (engine/coach/reasons.py): the deck reads them back.
    move = move_text(parse_move(p["move"], rules.deck), rules, tr, state=state)
    value = p["value"]
    if code == "only_move":
        text = {
            "win": _("Your only move: {move}. From here you win {percent} of the simulated rounds."),
            "place": _("Your only move: {move}. From here your expected place is {place}."),
            "not_loser": _("Your only move: {move}. From here you avoid being the loser in {percent} of the simulated rounds."),
            "points": _("Your only move: {move}. From here you score {points} points on average."),
            "penalty": _("Your only move: {move}. From here you end the round with {points} penalty points on average."),
        }[kind]
        return text.format(move=move, percent=percent_text(value, tr), place=decimal_text(place_of(value, players), tr),
                           points=decimal_text(value, tr))
    other = move_text(parse_move(p["other"], rules.deck), rules, tr, state=state)
    other_value = p["other_value"]
    text = {
        "win": _("Best: {move}, which wins {percent} of the simulated rounds; the next best, {other}, wins {other_percent}."),
        "place": _("Best: {move}, with an expected place of {place}; the next best, {other}, gives {other_place}."),
        "not_loser": _("Best: {move}, which avoids losing in {percent} of the simulated rounds; the next best, {other}, in {other_percent}."),
        "points": _("Best: {move}, which scores {points} points on average; the next best, {other}, scores {other_points}."),
        "penalty": _("Best: {move}, which ends the round with {points} penalty points on average; the next best, {other}, with {other_points}."),
    }[kind]
    text = text.format(move=move, other=other, percent=percent_text(value, tr), other_percent=percent_text(other_value, tr),
                       place=decimal_text(place_of(value, players), tr),
                       other_place=decimal_text(place_of(other_value, players), tr),
                       points=decimal_text(value, tr), other_points=decimal_text(other_value, tr))
    if code == "close_call":
        text += " " + _("The difference is within the noise of the simulation: both moves are about as good.")
    return text


def describe_coach_reason(reason: CoachReason, rules: Ruleset, players: int, tr: Translations | None = None, *,
                          best: Move, state: State | SeatView | None = None) -> str:
    """Turns one coach reason into a sentence in the language of ``tr`` (English by default): ``best``,
    the move the reason speaks for, is named in it (never "it", which could point at another move just
    named); ``state``, the position of the hint, names a draw or a wait under an attack as its penalty."""
    tr = _tr(tr)
    named = move_text(best, rules, tr, state=state)
    text = _sentence(reason.code, reason.params, rules, players, tr, state, best, named)
    return text[:1].upper() + text[1:]


def _sentence(code: str, p: dict[str, Any], rules: Ruleset, players: int, tr: Translations,
              state: State | SeatView | None, best: Move, named: str) -> str:
    _ = tr.gettext
    ngettext = tr.ngettext
    deck = rules.deck
    # The coach's reasons name cards in notation (engine/coach/reasons.py): the deck reads them back.
    if code in _NUMBERS:
        return _numbers(code, p, rules, players, tr, state)
    if code == "goes_out":
        n = len(p["cards"])
        if p["objective"] == "place":
            text = ngettext("{cards} is your last card: you go out in place {place}.",
                            "{cards} are your last cards: you go out in place {place}.", n)
        elif p["objective"] == "not_loser":
            text = ngettext("{cards} is your last card: you go out and cannot be the loser.",
                            "{cards} are your last cards: you go out and cannot be the loser.", n)
        else:
            text = ngettext("{cards} is your last card: you go out and win the round.",
                            "{cards} are your last cards: you go out and win the round.", n)
        return grammar.fill(text, grammar.language_of(tr), {**cards_placeholders("cards", [deck.parse(c) for c in p["cards"]], deck, tr),
                                                            **number_placeholders("place", p["place"], tr)})
    if code == "makes_call":
        # The cards named, not "it" (the runner-up, named just before, is often the same cards without the call).
        return ngettext("Say \"{word}\" as you play {cards}: forgetting the call costs {penalty} penalty card.",
                        "Say \"{word}\" as you play {cards}: forgetting the call costs {penalty} penalty cards.",
                        p["penalty"]).format(word=p["word"], penalty=p["penalty"], cards=cards_text(best.cards, deck, tr))
    if code == "avoids_penalty":
        # The move named, not "it": the sentence may stand after another move's name ("the next best, …").
        if p["kind"] == "draw":
            text = ngettext("{move} answers the attack: you avoid drawing {amount} card now.",
                            "{move} answers the attack: you avoid drawing {amount} cards now.", p["amount"])
        else:
            text = ngettext("{move} answers the attack: you avoid sitting out {amount} turn.",
                            "{move} answers the attack: you avoid sitting out {amount} turns.", p["amount"])
        return text.format(move=named, amount=p["amount"])
    if code == "wish_held":
        return _wish_sentence(p, rules, tr)
    if code == "next_stuck":
        # TRANSLATORS: {move} is a move's name ("2♣", "A♥, wish clubs"): word the sentence so it needs no case.
        return grammar.fill(ngettext("After {move}, {seat}, who holds {cards} card, has no card to play in {percent} of the deals.",
                                     "After {move}, {seat}, who holds {cards} cards, has no card to play in {percent} of the deals.",
                                     p["cards"]), grammar.language_of(tr),
                            {**player_placeholders("seat", p["seat"], tr), "cards": p["cards"], "move": named,
                             "percent": percent_text(p["percent"] / 100, tr)})
    if code == "keeps_card":
        return grammar.fill(_("Keeping {cards} saves you a draw later in {percent} of the simulated rounds."),
                            grammar.language_of(tr), {**cards_placeholders("cards", [deck.parse(c) for c in p["cards"]], deck, tr),
                                                      "percent": percent_text(p["percent"] / 100, tr)})
    raise KeyError(f"unknown coach reason {code!r}")


def _wish_sentence(p: dict[str, Any], rules: Ruleset, tr: Translations) -> str:
    """A wish's reason: the share of deals in which the next player cannot follow it (given only when
    it speaks for the wish, engine/coach/reasons.py), and the cards of the wished rank or suit kept."""
    _ = tr.gettext
    ngettext = tr.ngettext
    deck = rules.deck
    rank = p["kind"] == "rank"
    value = wish_rank_text(p["value"], deck, tr) if rank else suit_word(p["value"], deck, tr)
    held = p["held"]
    if "percent" not in p:
        # No share worth saying: the reason is the cards kept, which fit the pile once the wish is met.
        if rank:
            text = ngettext("You demand {rank} and still hold {held} card of that rank, to play on the demanded rank "
                            "when your turn comes round again.",
                            "You demand {rank} and still hold {held} cards of that rank, to play on the demanded rank "
                            "when your turn comes round again.", held)
        else:
            text = ngettext("You wish for {suit} and still hold {held} card of that suit, to play on the wished suit "
                            "when your turn comes round again.",
                            "You wish for {suit} and still hold {held} cards of that suit, to play on the wished suit "
                            "when your turn comes round again.", held)
        return text.format(rank=value, suit=value, held=held)
    percent = percent_text(p["percent"] / 100, tr)
    if held == 0:
        # Holding none of it is no reason for the wish ("although you hold none" read as one against it):
        # the share of deals the next player cannot follow is the reason, said alone.
        if rank:
            return _("You demand {rank}: the next player cannot meet the demand in {percent} of the deals.").format(
                rank=value, percent=percent)
        return _("You wish for {suit}: the next player cannot follow it in {percent} of the deals.").format(
            suit=value, percent=percent)
    if rank:
        text = ngettext("You demand {rank} and still hold {held} card of that rank; the next player cannot meet the demand in {percent} of the deals.",
                        "You demand {rank} and still hold {held} cards of that rank; the next player cannot meet the demand in {percent} of the deals.",
                        held)
    else:
        text = ngettext("You wish for {suit} and still hold {held} card of that suit; the next player cannot follow it in {percent} of the deals.",
                        "You wish for {suit} and still hold {held} cards of that suit; the next player cannot follow it in {percent} of the deals.",
                        held)
    return text.format(rank=value, suit=value, held=held, percent=percent)


# The sentences that name the best move and its numbers ("Best: 3♥, which …"): said first, so that the
# reasons after them ("Say "makao" with it") speak of a move already named. Those that would follow the
# runner-up's name ("the next best, draw a card, …") name the best move themselves ("After 3♥, …").
_NUMBERS = ("only_move", "better_by", "close_call")


def _best_first(reasons: tuple[CoachReason, ...]) -> list[CoachReason]:
    """The reasons with the sentence that names the best move first, the others in the coach's order."""
    return [r for r in reasons if r.code in _NUMBERS] + [r for r in reasons if r.code not in _NUMBERS]


def describe_hint(hint: Hint, rules: Ruleset, tr: Translations | None = None, *,
                  state: State | SeatView | None = None) -> str:
    """The coach's words for a hint: the best move and its numbers, then why, sentence after sentence;
    ``state``, the position of the hint, names a draw or a wait under an attack as its penalty."""
    return " ".join(describe_coach_reason(r, rules, hint.players, tr, state=state, best=hint.best.move)
                    for r in _best_first(hint.reasons))


def _advice(move: Move, rules: Ruleset, tr: Translations, state: State | SeatView | None) -> str:
    """The coach's best move as an order to the player ("Play Q♠.", "Draw a card.", "Take the penalty: draw 5 cards.")."""
    _ = tr.gettext
    attack = state.attack if state is not None else None
    if move.kind == "play":
        return _("Play {move}.").format(move=move_text(move, rules, tr, state=state))
    if move.kind == "draw" and attack is not None and attack.kind == "draw":
        return tr.ngettext("Take the penalty: draw {amount} card.", "Take the penalty: draw {amount} cards.",
                           attack.amount).format(amount=attack.amount)
    if move.kind == "wait" and attack is not None and attack.kind == "skip":
        return tr.ngettext("Take the penalty: sit out {amount} turn.", "Take the penalty: sit out {amount} turns.",
                           attack.amount).format(amount=attack.amount)
    return {"draw": _("Draw a card."), "wait": _("Sit out this turn."), "pass": _("Keep the drawn card.")}[move.kind]


def hint_lead(hint: Hint, rules: Ruleset, tr: Translations | None = None, *,
              state: State | SeatView | None = None) -> str:
    """The hint in one plain sentence or two, before its numbers: the best move as advice, then the coach's
    first reason in words ("Play 7♥. After 7♥, player 2 … has no card to play in 60% of the deals.")."""
    tr = _tr(tr)
    advice = _advice(hint.best.move, rules, tr, state)
    words = [r for r in hint.reasons if r.code not in _NUMBERS]
    close = [r for r in hint.reasons if r.code == "close_call"]
    if words:
        why = describe_coach_reason(words[0], rules, hint.players, tr, state=state, best=hint.best.move)
    elif any(r.code == "only_move" for r in hint.reasons) or len(hint.moves) == 1:
        why = tr.gettext("It is your only move.")
    elif close:
        why = _as_good(close[0], None, rules, tr, state)
    else:
        why = tr.gettext("No single reason stands out: it simply ends best in the coach's playouts.")
    return advice + " " + why


# The sentences that weigh the best move against the runner-up ("the next best, …"), not against a move
# the player chose: the move checker and the review name both numbers themselves.
_AGAINST_RUNNER_UP = ("better_by", "close_call")


def _speaks_of(reason: CoachReason, chosen: Move, rules: Ruleset) -> bool:
    """Whether a reason still holds against the player's own move (``keeps_card`` names cards the runner-up plays)."""
    if reason.code in _AGAINST_RUNNER_UP:
        return False
    if reason.code == "keeps_card":
        kept = {rules.deck.parse(c) for c in reason.params["cards"]}
        return bool(kept & set(chosen.cards))
    return True


def _as_good(reason: CoachReason, chosen: Move | None, rules: Ruleset, tr: Translations,
             state: State | SeatView | None) -> str:
    """For a ``close_call`` whose runner-up is not the player's move: that the runner-up would do as well."""
    other = parse_move(reason.params["other"], rules.deck)
    if other == chosen:
        return ""
    # Said so that a wish or a card the coach names is not taken for the one right answer (the Sandbox,
    # asked again, may name the other); the best move is named, so "as good" is not read as the player's.
    return _tr(tr).gettext("{other} is about as good as {best}: the difference is within the noise of the "
                           "simulation.").format(other=move_text(other, rules, tr, state=state),
                                                 best=move_text(parse_move(reason.params["move"], rules.deck), rules, tr, state=state))


def _plainly(hint: Hint, chosen: Move, rules: Ruleset, tr: Translations, state: State | SeatView | None) -> str:
    """Where no reason tells the coach's move from the player's: that its playouts simply end better, in numbers."""
    mine = next((e for e in hint.moves if e.move == chosen), None)
    if mine is None or chosen == hint.best.move:
        return ""
    return _tr(tr).gettext("No single reason stands out: in the coach's playouts, {best} simply ends better than "
                           "{chosen} ({best_value} against {value}).").format(
        best=move_text(hint.best.move, rules, tr, state=state), chosen=move_text(chosen, rules, tr, state=state),
        best_value=_numbers_of(hint.best, hint, tr)["value"], value=_numbers_of(mine, hint, tr)["value"])


def describe_shortfall(hint: Hint, chosen: Move, rules: Ruleset, tr: Translations | None = None, *,
                       state: State | SeatView | None = None) -> str:
    """The coach's words on why its best move beats the player's move ``chosen``: its reasons that hold against
    ``chosen``, else that its playouts simply end better, with both numbers ("" for the best move itself);
    ``state`` as in ``describe_hint``."""
    tr = _tr(tr)
    said = [describe_coach_reason(r, rules, hint.players, tr, state=state, best=hint.best.move)
            for r in _best_first(hint.reasons) if _speaks_of(r, chosen, rules)]
    if not any(said):
        # No reason tells the two moves apart (only the numbers do): said plainly, before any other move's remark.
        said = [_plainly(hint, chosen, rules, tr, state)]
    said += [_as_good(r, chosen, rules, tr, state) for r in hint.reasons if r.code == "close_call"]
    text = " ".join(s for s in said if s)
    return text[:1].upper() + text[1:]
