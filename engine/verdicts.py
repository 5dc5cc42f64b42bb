"""Verdicts, reasons and events: what the engine says about a move, as data (never text).

The ``ui`` package turns reason codes and event kinds into sentences in four languages;
``REASON_CODES`` and ``EVENT_KINDS`` list them all so a test can check every one has a message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.moves import Move

# Why a play is legal
LEGAL_PLAY = (
    "match_suit",  # {card, top}: same suit as the top card
    "match_rank",  # {card, top}: same rank as the top card
    "queen_on_anything",  # {card}: a wild queen goes on any card (pl, da)
    "anything_on_queen",  # {card, top}: any card goes on a wild queen (pl, da)
    "defends",  # {card, against, kind, amount, condition}: answers the pending attack
    "meets_rank_wish",  # {card, rank, by}
    "changes_rank_wish",  # {card, rank}: a jack/alsó answers a rank wish
    "meets_suit_wish",  # {card, suit, by}
    "changes_suit_wish",  # {card, suit}: an ace/felső answers a suit wish
    "queen_under_suit_wish",  # {card, suit}: pl, literal: any queen under an ace wish
    "same_rank_follows",  # {card, first}: a further card of the same rank
    "run_follows",  # {card, previous}: the next card of a run of one suit ([play] runs)
    "plays_drawn_card",  # {card}: the card just drawn goes down
    "covers_suit",  # {card, top, suit}: covers the card its player must cover, by its suit (ru-101's 9)
    "covers_rank",  # {card, top, suit}: covers it with a card of its rank (another 9)
)
# Why a play is illegal
ILLEGAL_PLAY = (
    "no_match",  # {card, top, suit}: neither suit nor rank matches
    "not_a_defence",  # {card, against, kind, amount}
    "defence_must_match",  # {card, against}: a defending card must match suit or rank
    "defence_same_suit",  # {card, against}: must be of the attacking card's suit
    "defence_same_rank",  # {card, against}
    "queen_not_under_attack",  # {card, against}
    "wild_not_on_wild",  # {card, top}: Mau-Mau, a jack may not go on a jack
    "wrong_rank_for_wish",  # {card, rank, by}
    "wrong_suit_for_wish",  # {card, suit, by}
    "queen_not_under_rank_wish",  # {card, rank}
    "queen_not_under_suit_wish",  # {card, suit}
    "not_in_hand",  # {card}
    "several_not_allowed",  # {count}: one card per turn in this variant
    "not_same_rank",  # {card, first}
    "group_too_small",  # {count, min}: several cards go down only min or more at once (devdo)
    "cards_not_mixed",  # {card, first}: card is of another [play] separate class than first
    "runs_not_allowed",  # {first, cards}: the cards make a run of one suit, which these rules do not play
    "run_mixed_suits",  # {card, previous, first}: a run is of one suit, card is not of first's
    "run_not_consecutive",  # {card, previous, first}: card does not follow previous in rank (gap, turn, wrap)
    "run_too_short",  # {count, min, first}: a run is at least [play] runs cards long
    "run_under_attack",  # {card, against}: no run answers an attack (its top card would drop it)
    "only_drawn_card",  # {card, drawn}: after drawing only the drawn card may go down
    "drawn_card_alone",  # {drawn}: the drawn card goes down alone
    "wish_required",  # {card, kind}: this card must name a rank/suit
    "wish_not_allowed",  # {card, kind}: demand/suit given to a card that does not wish
    "demand_not_allowed",  # {card, rank, allowed}
    "round_over",  # {}
    "must_cover",  # {card, top, suit}: the top card must first be covered by its suit or rank (ru-101)
)
# Draw, wait and pass
OTHER = (
    "draw_one",  # {} legal: draw one card (always allowed)
    "draw_one_play_it",  # {} legal: draw one; a legal drawn card may go down at once
    "take_draw_attack",  # {amount} legal: draw every pending card; the turn ends
    "take_skip_attack",  # {amount} legal: sit out; the turn is lost
    "keep_drawn",  # {card} legal: keep the drawn card, the turn ends
    "must_answer_skip",  # {amount} illegal: draw under a sit-out attack
    "nothing_to_wait",  # {} illegal: wait without a sit-out attack
    "nothing_to_pass",  # {} illegal: pass without a drawn card
    "already_drawn",  # {card} illegal: draw again after drawing
    "wait_not_draw",  # {amount} illegal: wait under a draw attack
    "take_draw_attack_play_on",  # {amount} legal: draw every pending card, then play on ([attack] after_penalty)
    "draw_to_cover",  # {top} legal: no card covers top; draw one and try again (ru-101)
    "cover_before_drawing",  # {card, top} illegal: a card in hand covers top, so it must be played
)
# Notes that accompany a legal play
NOTES = (
    "forgot_makao",  # {penalty, word}: playing down to one card without "makao" costs cards
    "forgot_kakao",  # {penalty, word}: playing the last card without "kakao" costs cards
    "call_ignored",  # {call}: a call that is not needed here is ignored
    "wish_cancelled",  # {card}: a jack/ace without a wish cancels the active wish
    "run_top_acts",  # {top, cards}: in a run only the top card acts; cards inside it do nothing
    "reverses_direction",  # {card, count, direction}: the play flips the direction of play (now: direction)
    "reverses_two_players",  # {card, count, direction}: it flips, but with two players the same seat is next
    "reverses_cancel",  # {card, count}: an even number of reversing cards leaves the direction as it was
    "taken_at_once",  # {card, seat, amount}: seat draws the amount now, play goes on after the attacker
    # ([attack] after_penalty = "after_attacker": devdo-eu/macau's K♠)
)
# The card turned up to start the pile (engine.deal.judge_starter)
STARTER = (
    "starter_allowed",  # {card} legal: the card may start the pile
    "starter_forbidden",  # {card} illegal: another card is turned up
    "starter_attacks",  # {card, kind, count}: its attack acts on the first player (prší)
    "starter_effect_void",  # {card}: a special card whose effect does not count as the starter
)
REASON_CODES = LEGAL_PLAY + ILLEGAL_PLAY + OTHER + NOTES + STARTER

EVENT_KINDS = (
    "played",  # {seat, cards}
    "drew",  # {seat, count, cards}
    "drew_penalty",  # {seat, count, cards}: took a draw attack
    "attack",  # {kind, amount, target, defence}: an attack is now pending on target;
    # defence: whether any card can answer it (a "drew_penalty" of target right after it in the
    # same move: taken at once, [attack] after_penalty = "after_attacker")
    "sits_out",  # {seat, turns}: took a sit-out attack
    "attack_lapsed",  # {kind, amount}: every other seat sits out or has finished: nobody to hit
    "passed_over",  # {seat, left}: a waiting seat loses a turn
    "wish_set",  # {kind, value, by}
    "wish_ended",  # {kind, value}
    "call_penalty",  # {seat, call, word, count}: forgot makao/kakao (word: "Makaó", "Mau", ...)
    "can_play_drawn",  # {seat, card}
    "reshuffled",  # {count}: the pile minus its top became the deck
    "hands_halved",  # {count}: every seat gave back half its hand
    "deck_exhausted",  # {seat, missing}: cards that could not be drawn
    "finished",  # {seat, place}
    "round_over",  # {result, winner, places, loser, points}
    "turn",  # {seat}: the seat to move next
    "to_cover",  # {seat, card}: its player moves again to cover card (ru-101's 9)
    "cover_lapsed",  # {seat}: nothing left to draw: the card stays uncovered, the turn passes
    "plays_on",  # {seat}: after drawing the penalty the seat plays on ([attack] after_penalty)
    "direction_changed",  # {direction, by}: play now goes clockwise / counterclockwise
)


@dataclass(frozen=True)
class Reason:
    """A reason code with its parameters (cards as notation, counts, seats)."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, **self.params}


@dataclass(frozen=True)
class Event:
    """Something that happened when a move was applied."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"event": self.kind, **self.params}


@dataclass(frozen=True)
class Verdict:
    """The engine's verdict on one candidate move: legal or not, why, and what it does."""

    move: Move
    notation: str
    legal: bool
    reasons: tuple[Reason, ...]
    effects: tuple[Event, ...] = ()

    @property
    def reason(self) -> Reason:
        return self.reasons[0]
