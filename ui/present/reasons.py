"""Sentences for the engine's reason codes and events, in the session's language.

The engine returns codes with parameters (engine/verdicts.py); this module is the one place
that turns them into text. Every template is a literal gettext call so Babel extracts it.
Seats are shown to people as "player N" with N = seat + 1.
"""
from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.cards import DeckKind
from engine.verdicts import Event, Reason, Verdict
from ui.present import grammar
from ui.present.cards import art_of, card_name, card_short, index_text, rank_word, suit_word


class Translations(Protocol):
    """What sentences need from a catalog: ``Translator`` and ``gettext.NullTranslations`` both have it."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...



def card_text(card: int, deck: DeckKind, tr: Translations) -> str:
    """Writes a card briefly: ``K♥`` for the French deck, its name ("Ober of bells") for the Hungarian."""
    if art_of(deck) == "hungarian":
        return card_name(card, deck, tr)
    return card_short(card, deck)


def cards_text(cards: Sequence[int], deck: DeckKind, tr: Translations) -> str:
    """Writes several cards: short forms side by side (``7♥ 7♣``), Hungarian-deck names with commas."""
    return (", " if art_of(deck) == "hungarian" else " ").join(card_text(card, deck, tr) for card in cards)


def wish_rank_text(rank: str, deck: DeckKind, tr: Translations) -> str:
    """Writes a wished rank: numbers as on the card (7, VII), figures by name (queen, alsó)."""
    if rank.isdigit():
        if grammar.language_of(tr) == "hu" and art_of(deck) == "hungarian":
            # a demand reads "ezt kéri: hetes (VII)", as "ezt kéri: király" does — hu, the alsó's demand
            return f"{rank_word(rank, deck, tr)} ({index_text(rank, deck)})"
        return index_text(rank, deck)
    return rank_word(rank, deck, tr)


def player(seat: int, tr: Translations, you: int | None = None) -> str:
    """Names a seat as people count players (seat 0 → "player 1"), or "you" for the learner's own seat."""
    if seat == you:
        return tr.gettext("you")
    return tr.gettext("player {number}").format(number=seat + 1)


def card_placeholders(name: str, card: int, deck: DeckKind, tr: Translations) -> dict[str, str]:
    """Returns a card's placeholder and its grammatical forms: {card}, hu {card_the}, pl {card_acc} …, da {card_another}."""
    text = card_text(card, deck, tr)
    values = {name: text}
    art = art_of(deck)
    values.update(grammar.card_forms(grammar.language_of(tr) or "", name, text, deck.rank_of(card),
                                     deck.suit_of(card), art, shown_by_name=art == "hungarian"))
    return values


def cards_placeholders(name: str, cards: Sequence[int], deck: DeckKind, tr: Translations) -> dict[str, str]:
    """Returns the placeholder of several cards and its forms, which go with the first card named:
    hu "a piros hetes, a zöld hetes" → {cards_the} "a piros hetes, zöld hetes"; pl {cards_acc} "siódemkę czerwienną, …"."""
    text = cards_text(cards, deck, tr)
    values = {name: text}
    if cards:
        first = card_placeholders(name, cards[0], deck, tr)
        rest = text[len(card_text(cards[0], deck, tr)):]
        values.update({key: value + rest for key, value in first.items() if key != name})
    return values


def player_placeholders(name: str, seat: int, tr: Translations, you: int | None = None) -> dict[str, str]:
    """Returns a seat's placeholder and its grammatical forms: {seat}, hu {seat_the}, pl {seat_dat} …"""
    text = player(seat, tr, you)
    language = grammar.language_of(tr) or ""
    if seat == you:   # "you": a name without a number
        return {name: text, **grammar.player_forms(language, name, text)}
    return {name: text, **grammar.player_forms(language, name, text, seat + 1)}


def number_placeholders(name: str, number: int, tr: Translations) -> dict[str, Any]:
    """Returns a number's placeholder and its forms: {place}, hu {place_the} ("az 1", "a 2")."""
    return {name: number, **grammar.number_forms(grammar.language_of(tr) or "", name, number)}


def _call_word(call: str, tr: Translations) -> str:
    # A call code ("makao", "kakao") is shown as the word players say: hu „Makaó”, „Kakaó” (seed 003).
    calls = {"makao": tr.gettext("Makao"), "kakao": tr.gettext("Kakao")}
    return calls.get(call, call) if isinstance(call, str) else call


def _fmt(template: str, params: dict[str, Any], deck: DeckKind, tr: Translations, you: int | None = None) -> str:
    # The engine's reasons and events name cards in notation (engine/verdicts.py, POSITION.md);
    # its deck reads them back into card ids here, at the edge.
    values: dict[str, Any] = {}
    language = grammar.language_of(tr) or ""
    if "kind" in params and "value" in params:  # wish events: {kind: rank|suit, value}
        params = {**params, params["kind"]: params["value"]}
    for key, value in params.items():
        if key in ("card", "top", "against", "first", "drawn", "previous"):
            values.update(card_placeholders(key, deck.parse(value), deck, tr))
        elif key == "suit":
            values[key] = suit_word(value, deck, tr)
        elif key == "rank":
            values[key] = wish_rank_text(value, deck, tr)
            if language == "hu":
                values[f"{key}_the"] = grammar.hu_with_article(values[key])
        elif key in ("by", "seat", "target", "winner", "loser"):
            if isinstance(value, int):
                values.update(player_placeholders(key, value, tr, you))
            else:  # a name already written out by the caller ("player 1 (you)")
                values[key] = value
                values.update(grammar.player_forms(language, key, str(value)))
        elif key == "place" and isinstance(value, int):
            values.update(number_placeholders(key, value, tr))
        elif key == "winners":   # finish_round: every seat out when the round of turns ended
            values[key] = ", ".join(v if isinstance(v, str) else player(v, tr, you) for v in value)
        elif key == "wish_card":
            values[key] = wish_rank_text(value, deck, tr)
            if language == "hu":
                values[f"{key}_the"] = grammar.hu_with_article(values[key])
            elif language == "da":
                values[f"{key}_another"] = grammar.da_another(value, values[key])
        elif key == "call":
            values[key] = _call_word(value, tr)
        elif key == "allowed":
            values[key] = ", ".join(wish_rank_text(v, deck, tr) for v in value)
        elif key == "cards":
            values.update(cards_placeholders(key, [deck.parse(card) for card in value], deck, tr))
        else:
            values[key] = value
    text = grammar.fill(template, language, values)
    return text[:1].upper() + text[1:]


def _fixed(text: str) -> Callable[[dict[str, Any]], str]:
    return lambda params: text


def _templates(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    return {
        **_legal_reasons(tr),
        **_illegal_reasons(tr),
        **_draw_reasons(tr),
        **_note_reasons(tr),
    }


def _legal_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The reasons a play is legal, and the cards that cover (ru-101's nine)."""
    _ = tr.gettext
    return {
        # legal plays
        "match_suit": _fixed(_("{card} may be played: it has the same suit as the top card {top}.")),
        "match_rank": _fixed(_("{card} may be played: it has the same rank as the top card {top}.")),
        "queen_on_anything": _fixed(_("{card} may be played: it is wild and goes on any card.")),
        "anything_on_queen": _fixed(_("{card} may be played: any card goes on the wild {top}.")),
        "defends": lambda p: {
            "match": _("{card} may answer the attack of {against}: a defending card that matches it in suit or rank passes the penalty on."),
            "same_suit": _("{card} may answer the attack of {against}: a defending card of its suit passes the penalty on."),
            "same_rank": _("{card} may answer the attack of {against}: a defending card of its rank passes the penalty on."),
        }.get(p.get("condition"), _("{card} may answer the attack of {against}: it is a defence against this attack and passes the penalty on.")),
        "meets_rank_wish": _fixed(_("{card} may be played: it is the demanded rank ({rank}).")),
        "changes_rank_wish": _fixed(_("{card} may be played: another {wish_card} may answer a demand and change or cancel it.")),
        "meets_suit_wish": _fixed(_("{card} may be played: it is of the wished suit ({suit}).")),
        "changes_suit_wish": _fixed(_("{card} may be played: another {wish_card} may answer a suit wish and change it.")),
        "queen_under_suit_wish": _fixed(_("{card} may be played: in this variant a wild card of any suit may answer a suit wish.")),
        "same_rank_follows": _fixed(_("{card} may go down with {first}: several cards of one rank may be played together.")),
        "plays_drawn_card": _fixed(_("{card} is the card just drawn, and it may go down at once.")),
        # cards to cover (ru-101's nine)
        "covers_suit": _fixed(_("{card} may be played: it covers {top} with a card of its suit.")),
        "covers_rank": _fixed(_("{card} may be played: it covers {top} with a card of its rank, which must be covered in turn.")),
    }


def _illegal_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The reasons a play is not legal."""
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        # illegal plays
        "no_match": _fixed(_("{card} may not be played: it matches the top card {top} neither in suit nor in rank.")),
        "not_a_defence": _fixed(_("{card} may not be played: an attack is pending, and {card} is no defence against {against}.")),
        "defence_must_match": _fixed(_("{card} may not answer {against}: a defending card must match the attacking card in suit or rank.")),
        "defence_same_suit": _fixed(_("{card} may not answer {against}: this defence must be of the attacking card's suit.")),
        "defence_same_rank": _fixed(_("{card} may not answer {against}: this defence must be of the attacking card's rank.")),
        "queen_not_under_attack": _fixed(_("{card} may not be played: a wild card does not answer a pending attack.")),
        "wild_not_on_wild": _fixed(_("{card} may not be played on {top}: a wild card may not go on another of its rank.")),
        "wrong_rank_for_wish": _fixed(_("{card} may not be played: {by} demanded {rank}; play that rank or another {wish_card}, or draw.")),
        "wrong_suit_for_wish": _fixed(_("{card} may not be played: {by} wished for {suit}; play that suit or another {wish_card}, or draw.")),
        "queen_not_under_rank_wish": _fixed(_("{card} may not be played: a wild card does not answer a demand for a rank.")),
        "queen_not_under_suit_wish": _fixed(_("{card} may not be played: only a wild card of the wished suit ({suit}) answers a suit wish.")),
        "not_in_hand": _fixed(_("{card} is not in the hand of the player to move.")),
        "several_not_allowed": _fixed(_("Only one card may be played per turn in this variant.")),
        "not_same_rank": _fixed(_("{card} may not go down with {first}: cards played together must have the same rank.")),
        "group_too_small": lambda p: ngettext(
            "Several cards of one rank go down only {min} or more at once here; {count} card is too few.",
            "Several cards of one rank go down only {min} or more at once here; {count} cards are too few.",
            p["count"]),
        "cards_not_mixed": _fixed(_("{card} may not go down with {first}: these rules keep such cards apart in one play.")),
        "only_drawn_card": _fixed(_("{card} may not be played now: after drawing, only the drawn card {drawn} may go down.")),
        "drawn_card_alone": _fixed(_("The drawn card {drawn} goes down alone, without other cards.")),
        "wish_required": _fixed(_("{card} must name a wish in this variant.")),
        "wish_not_allowed": _fixed(_("{card} cannot make that wish: only the wishing card of this variant can.")),
        "demand_not_allowed": _fixed(_("{card} may not demand {rank}: the allowed demands are {allowed}.")),
        "round_over": _fixed(_("The round is over.")),
        "must_cover": _fixed(_("{card} may not be played: {top} must first be covered with a card of its suit or rank.")),
    }


def _draw_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The reasons for drawing, waiting and passing."""
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        # draw, wait, pass
        "draw_one": _fixed(_("Draw one card; the turn then ends.")),
        "draw_one_play_it": _fixed(_("Draw one card; if it fits, it may be played at once.")),
        "take_draw_attack": lambda p: ngettext("Take the penalty: draw {amount} card; the turn ends.",
                                    "Take the penalty: draw {amount} cards; the turn ends.", p["amount"]),
        "take_skip_attack": lambda p: ngettext("Take the penalty: sit out {amount} turn.",
                                    "Take the penalty: sit out {amount} turns.", p["amount"]),
        "keep_drawn": _fixed(_("Keep the drawn card {card} and end the turn.")),
        "must_answer_skip": _fixed(_("Drawing is not allowed now: answer the pending sit-out with a defence or wait.")),
        "nothing_to_wait": _fixed(_("There is no sit-out attack to wait out.")),
        "nothing_to_pass": _fixed(_("Pass is only for keeping a card just drawn.")),
        "already_drawn": _fixed(_("A card has already been drawn this turn: play {card} or pass.")),
        "wait_not_draw": _fixed(_("A draw attack is pending: defend or draw the cards; waiting is for sit-out attacks.")),
        "take_draw_attack_play_on": lambda p: ngettext(
            "Take the penalty: draw {amount} card; then you may still play.",
            "Take the penalty: draw {amount} cards; then you may still play.", p["amount"]),
        "draw_to_cover": _fixed(_("No card in hand covers {top}: draw one card and try again.")),
        "cover_before_drawing": _fixed(_("Drawing is not allowed now: {card} covers {top}, and {top} must be covered.")),
    }


def _note_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The notes on a play, and on the card turned up to start the pile."""
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        # notes
        "forgot_makao": lambda p: ngettext("Without calling \"{word}\" this costs {penalty} penalty card.",
                                "Without calling \"{word}\" this costs {penalty} penalty cards.", p["penalty"]),
        "forgot_kakao": lambda p: ngettext("Without calling \"{word}\" this costs {penalty} penalty card.",
                                "Without calling \"{word}\" this costs {penalty} penalty cards.", p["penalty"]),
        "call_ignored": _fixed(_("The call \"{call}\" is not needed here and is ignored.")),
        "wish_cancelled": _fixed(_("{card} without a wish cancels the wish in force.")),
        **_direction_reasons(tr),
        **_at_once_reasons(tr),
        **_run_reasons(tr),
        # the card turned up to start the pile
        "starter_allowed": _fixed(_("{card} may start the pile.")),
        "starter_forbidden": _fixed(_("{card} may not start the pile: another card is turned up.")),
        "starter_attacks": lambda p: ngettext(
            "It acts on the first player, who must draw {count} card or defend.",
            "It acts on the first player, who must draw {count} cards or defend.", p["count"],
        ) if p["kind"] == "draw" else ngettext(
            "It acts on the first player, who must sit out {count} turn or defend.",
            "It acts on the first player, who must sit out {count} turns or defend.", p["count"]),
        "starter_effect_void": _fixed(_("Its own effect does not count.")),
    }


def _event_templates(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    return {**_turn_events(tr), **_deck_events(tr)}


def _attack_event(tr: Translations, params: dict[str, Any]) -> str:
    ngettext = tr.ngettext
    if not params.get("defence", True):
        if params["kind"] == "draw":
            return ngettext("{target} must draw {amount} card.", "{target} must draw {amount} cards.", params["amount"])
        return ngettext("{target} must sit out {amount} turn.", "{target} must sit out {amount} turns.",
                        params["amount"])
    if params["kind"] == "draw":
        return ngettext("{target} must draw {amount} card or defend.",
                 "{target} must draw {amount} cards or defend.", params["amount"])
    return ngettext("{target} must sit out {amount} turn or defend.",
             "{target} must sit out {amount} turns or defend.", params["amount"])


def _wish_event(tr: Translations, params: dict[str, Any]) -> str:
    _ = tr.gettext
    if params["kind"] == "rank":
        return _("{by} demands {rank}.")
    return _("{by} wishes for {suit}.")


def _over_event(tr: Translations, params: dict[str, Any]) -> str:
    _ = tr.gettext
    ngettext = tr.ngettext
    if params["result"] == "points":
        return ngettext("The round is over: {winner} wins and scores {points} point.",
                 "The round is over: {winner} wins and scores {points} points.", params["points"])
    if params["result"] == "loser" and "loser" in params:
        return _("The round is over: {loser} is left holding cards and loses.")
    if len(params.get("winners", ())) > 1:
        return _("The round is over, and every player without cards wins: {winners}.")
    return _("The round is over: {winner} wins.")


def _turn_events(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The events of a turn: plays, draws, attacks, sitting out, wishes."""
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        "played": _fixed(_("{seat} plays {cards}.")),
        "drew": lambda p: ngettext("{seat} draws {count} card.", "{seat} draws {count} cards.", p["count"]),
        "drew_penalty": lambda p: ngettext("{seat} takes the penalty and draws {count} card.",
                                "{seat} takes the penalty and draws {count} cards.", p["count"]),
        "attack": lambda p: _attack_event(tr, p),
        "sits_out": lambda p: ngettext("{seat} sits out {turns} turn.", "{seat} sits out {turns} turns.", p["turns"]),
        # the last turn of sitting out is said so, not "0 more to wait" (four's wait, pl/da/hu)
        "passed_over": lambda p: _("{seat} sits this last turn out.") if not p["left"] else ngettext(
            "{seat} sits this turn out ({left} more turn to wait).",
            "{seat} sits this turn out ({left} more turns to wait).", p["left"]),
        "wish_set": lambda p: _wish_event(tr, p),
        # The jack's rank wish is a "demand" everywhere in the app; a suit wish stays a wish.
        "wish_ended": lambda p: _("The demand is over.") if p.get("kind") == "rank" else _("The wish is over."),
        "attack_lapsed": _fixed(_("Every other player sits out or has finished: nobody can be hit, and the attack lapses.")),
    }


def _deck_events(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The events around the deck, the calls, finishing and the round's end."""
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        "call_penalty": lambda p: ngettext("{seat} forgot to call \"{word}\" and draws {count} penalty card.",
                                "{seat} forgot to call \"{word}\" and draws {count} penalty cards.", p["count"]),
        "can_play_drawn": _fixed(_("{seat} may play the drawn card {card} at once, or keep it.")),
        "reshuffled": lambda p: ngettext("The pile was shuffled into a new deck of {count} card.",
                              "The pile was shuffled into a new deck of {count} cards.", p["count"]),
        "hands_halved": lambda p: ngettext("The deck ran out: the players gave back {count} card to make a new one.",
                                "The deck ran out: the players gave back {count} cards to make a new one.", p["count"]),
        "deck_exhausted": lambda p: ngettext("No cards are left to draw: {seat} draws {missing} card fewer.",
                                  "No cards are left to draw: {seat} draws {missing} cards fewer.", p["missing"]),
        "finished": _fixed(_("{seat} has no cards left and finishes in place {place}.")),
        "round_over": lambda p: _over_event(tr, p),
        "turn": _fixed(_("{seat} is to move.")),
        "to_cover": _fixed(_("{seat} must cover {card} with a card of its suit or rank, drawing until they can.")),
        "cover_lapsed": _fixed(_("No cards are left to draw: the card stays uncovered and the turn passes on.")),
        "plays_on": _fixed(_("{seat} has taken the penalty and may still play.")),
        "direction_changed": lambda p: _("Play now goes clockwise.") if p.get("direction") == "clockwise"
        else _("Play now goes counterclockwise."),
    }


def _run_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The reasons on runs of one suit, a house rule (``[play] runs``)."""
    _ = tr.gettext
    ngettext = tr.ngettext
    return {
        "run_follows": lambda p: _("{card} may follow {previous}: a run goes on in one suit, rank by rank."),
        "runs_not_allowed": lambda p: _("{cards} would be a run of one suit, but these rules play no runs: cards "
                                        "played together must have the same rank."),
        "run_mixed_suits": lambda p: _("{card} may not follow {previous}: a run is all of one suit."),
        "run_not_consecutive": lambda p: _("{card} may not follow {previous}: in a run each card is the next rank "
                                           "up or down, with no gap and no turning round the ace."),
        "run_too_short": lambda p: ngettext("A run is at least {min} cards long here; {count} card is too few.",
                                            "A run is at least {min} cards long here; {count} cards are too few.",
                                            p["count"]),
        "run_under_attack": lambda p: _("{card} may answer {against} on its own, but not as a run: a run never answers "
                                        "an attack."),
        "run_top_acts": lambda p: ngettext("Only the top card {top} of the run acts; {cards} inside it does nothing.",
                                           "Only the top card {top} of the run acts; {cards} inside it do nothing.",
                                           len(p["cards"])),
    }


def _direction_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The notes on a play with reversing cards (Mau-Mau's optional 9)."""
    _ = tr.gettext
    ngettext = tr.ngettext

    def reverses(params: dict[str, Any]) -> str:
        if params.get("direction") == "clockwise":
            return _("{card} reverses the direction of play: play now goes clockwise.")
        return _("{card} reverses the direction of play: play now goes counterclockwise.")

    return {
        "reverses_direction": reverses,
        "reverses_two_players": lambda p: _("{card} reverses the direction of play, but with two players the same "
                                            "player is next either way."),
        "reverses_cancel": lambda p: ngettext("{count} reversing card reverses the direction of play and back: "
                                              "it stays as it was.",
                                              "{count} reversing cards reverse the direction of play and back: "
                                              "it stays as it was.", p["count"]),
    }


def _at_once_reasons(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """The note on a play whose attack is taken at once (``after_penalty = "after_attacker"``: pl-devdo's K♠)."""
    return {
        "taken_at_once": lambda p: tr.ngettext(
            "{card} is taken at once: {amount} card goes to {seat} now, and play goes on after the player of {card}.",
            "{card} is taken at once: {amount} cards go to {seat} now, and play goes on after the player of {card}.",
            p["amount"]),
    }


def _you_reason_templates(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """Reasons whose subject is the learner ("you demanded 7"), for a lesson's feedback."""
    _ = tr.gettext
    return {
        "wrong_rank_for_wish": lambda p: _("{card} may not be played: you demanded {rank}; play that rank or another "
                                           "{wish_card}, or draw."),
        "wrong_suit_for_wish": lambda p: _("{card} may not be played: you wished for {suit}; play that suit or another "
                                           "{wish_card}, or draw."),
    }


def _you_event_templates(tr: Translations) -> dict[str, Callable[[dict[str, Any]], str]]:
    """Events whose subject is the learner, in the second person ("You play 7♥.")."""
    _ = tr.gettext
    ngettext = tr.ngettext

    def attack(params: dict[str, Any]) -> str:
        if not params.get("defence", True):
            if params["kind"] == "draw":
                return ngettext("You must draw {amount} card.", "You must draw {amount} cards.", params["amount"])
            return ngettext("You must sit out {amount} turn.", "You must sit out {amount} turns.", params["amount"])
        if params["kind"] == "draw":
            return ngettext("You must draw {amount} card or defend.", "You must draw {amount} cards or defend.",
                            params["amount"])
        return ngettext("You must sit out {amount} turn or defend.", "You must sit out {amount} turns or defend.",
                        params["amount"])

    return {
        "played": lambda p: _("You play {cards}."),
        "drew": lambda p: ngettext("You draw {count} card.", "You draw {count} cards.", p["count"]),
        "drew_penalty": lambda p: ngettext("You take the penalty and draw {count} card.",
                                           "You take the penalty and draw {count} cards.", p["count"]),
        "attack": attack,
        "sits_out": lambda p: ngettext("You sit out {turns} turn.", "You sit out {turns} turns.", p["turns"]),
        "passed_over": lambda p: _("You sit this last turn out.") if not p["left"] else ngettext(
            "You sit this turn out ({left} more turn to wait).", "You sit this turn out ({left} more turns to wait).",
            p["left"]),
        "wish_set": lambda p: _("You demand {rank}.") if p["kind"] == "rank" else _("You wish for {suit}."),
        "call_penalty": lambda p: ngettext("You forgot to call \"{word}\" and draw {count} penalty card.",
                                           "You forgot to call \"{word}\" and draw {count} penalty cards.", p["count"]),
        "can_play_drawn": lambda p: _("You may play the drawn card {card} at once, or keep it."),
        "finished": lambda p: _("You have no cards left and finish in place {place}."),
        "turn": lambda p: _("Your turn."),
        "to_cover": lambda p: _("You must cover {card} with a card of its suit or rank, drawing until you can."),
        "plays_on": lambda p: _("You have taken the penalty and may still play."),
        "round_over": lambda p: (
            _("The round is over: you are left holding cards and lose.") if p["result"] == "loser" else
            ngettext("The round is over: you win and score {points} point.",
                     "The round is over: you win and score {points} points.", p["points"])
            if p["result"] == "points" else _("The round is over: you win.")),
    }


# The parameter naming the subject of each event (the seat a second-person sentence speaks to).
_EVENT_SUBJECT = {"attack": "target", "wish_set": "by"}


def describe_reason(reason: Reason, deck: DeckKind, tr: Translations | None = None, you: int | None = None) -> str:
    """Turns one reason into a sentence in the language of ``tr`` (English by default); seat ``you`` is "you"."""
    tr = tr or gettext.NullTranslations()
    templates = _templates(tr)
    if you is not None and reason.params.get("by") == you and reason.code in ("wrong_rank_for_wish", "wrong_suit_for_wish"):
        templates = {**templates, **_you_reason_templates(tr)}
    template = templates[reason.code](reason.params)
    return _fmt(template, reason.params, deck, tr, you)


def describe_verdict(verdict: Verdict, deck: DeckKind, tr: Translations | None = None, you: int | None = None) -> str:
    """The full explanation of a verdict: its reasons, sentence after sentence."""
    return " ".join(describe_reason(r, deck, tr, you) for r in verdict.reasons)


def describe_event(event: Event, deck: DeckKind, tr: Translations | None = None, you: int | None = None) -> str:
    """Narrates one event of an applied move; when seat ``you`` is its subject, in the second person."""
    tr = tr or gettext.NullTranslations()
    subject = event.params.get(_EVENT_SUBJECT.get(event.kind, "seat"))
    if event.kind == "round_over":
        subject = event.params.get("loser" if event.params.get("result") == "loser" else "winner")
        if len(event.params.get("winners", ())) > 1:
            subject = None   # several winners (pl-devdo): named together, "you" among them
    yours = _you_event_templates(tr) if you is not None and subject == you else {}
    template = (yours.get(event.kind) or _event_templates(tr)[event.kind])(event.params)
    return _fmt(template, event.params, deck, tr, you)


def _draws_nothing(events: Sequence[Event], i: int) -> bool:
    """Tells whether event ``i`` is an empty deck followed by its seat's draw of no card."""
    if events[i].kind != "deck_exhausted" or i + 1 >= len(events):
        return False
    nxt = events[i + 1]
    return (nxt.kind in ("drew", "drew_penalty") and nxt.params.get("count") == 0
            and nxt.params.get("seat") == events[i].params.get("seat"))


def describe_events(events: Sequence[Event], deck: DeckKind, tr: Translations | None = None,
                    you: int | None = None) -> list[str]:
    """Narrates a move's events, one sentence each; an empty deck and the draw of no card it
    leaves make one sentence ("No cards are left to draw, so player 1 draws nothing.")."""
    tr = tr or gettext.NullTranslations()
    out: list[str] = []
    skip = False
    for i, event in enumerate(events):
        if skip:
            skip = False
            continue
        if _draws_nothing(events, i):
            seat = event.params.get("seat")
            template = (tr.gettext("No cards are left to draw, so you draw nothing.") if you is not None and seat == you
                        else tr.gettext("No cards are left to draw, so {seat} draws nothing."))
            out.append(_fmt(template, event.params, deck, tr, you))
            skip = True
            continue
        out.append(describe_event(event, deck, tr, you))
    return out
