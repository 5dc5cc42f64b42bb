"""Why the best move is best, as reason codes with numbers counted in sampled worlds.

The coach never writes free text: ``explain_best`` returns ``CoachReason(code, params)`` values
from a closed set, and ``ui/present/coach_text.py`` turns them into sentences in four languages.
Cards are in notation (``"Qs"``), seats are numbers from 0, shares are whole percents.

The numbers come from the hint's own worlds (the same seeded deals, ``records.world_rng``):

* ``next_stuck`` / ``wish_held``: in how many of the first ``EXPLAIN_WORLDS`` deals the seat that
  moves after the best move holds no card it may play (it must draw or sit out);
* ``keeps_card``: in how many of the first ``KEEP_WORLDS`` deals, played on after the best move
  with the rollout policy, the seat later plays a card the runner-up would have spent at a moment
  when it was the seat's only playable card (so keeping it saved a draw).
"""

from __future__ import annotations

import math
import random
from typing import Any

from engine.coach.objective import Objective
from engine.coach.records import CoachReason, MoveEstimate, mean, standard_error, world_rng
from engine.coach.rollout import ROLLOUT_CAP, keen_action
from engine.fastplay import PLAY, Action, Playout, compiled
from engine.moves import Move
from engine.seat_view import SeatView, sample_state

COACH_CODES = (
    "only_move",  # {move, value, objective}: the seat has one legal move
    "goes_out",  # {cards, place, objective}: the best move plays the last card(s)
    "makes_call",  # {call, word, penalty}: the same play without the call costs cards
    "avoids_penalty",  # {kind: draw|skip, amount}: the best move answers the pending attack
    "wish_held",  # {kind: rank|suit, value, held, percent?}: a wish the seat can follow or the next cannot
    "next_stuck",  # {seat, cards, percent}: the next seat cannot play in percent% of deals
    "keeps_card",  # {cards, percent}: keeping these saved a draw later in percent% of rounds
    "better_by",  # {move, value, other, other_value, objective}: the numbers, clearly ahead
    "close_call",  # {move, value, other, other_value, objective}: ahead, within the noise
)
EXPLAIN_WORLDS = 200
KEEP_WORLDS = 100
STUCK_SHARE = 0.5  # next_stuck is said from half of the deals on ...
STUCK_LEAD = 0.15  # ... and when the runner-up leaves the next seat stuck 15 points less often
KEEP_SHARE = 0.25  # keeps_card is said from a quarter of the rounds on
# A wish's share of deals in which the next seat cannot follow it is a reason for the wish only
# when it is large and the wish is what makes it large: from a quarter of the deals on, and 15
# points more often than after the runner-up (often the same cards with another wish). A share
# of 8% says the next seat follows in 92% of the deals: no reason to play the card.
WISH_SHARE = 0.25
WISH_LEAD = 0.15


def explain_best(
    view: SeatView,
    ranked: tuple[MoveEstimate, ...],
    obj: Objective,
    best_values: list[float],
    second_values: list[float] | None,
    seed: int,
    worlds: int,
) -> tuple[CoachReason, ...]:
    """The reasons for the hint's best move: one about the play itself, then the numbers."""
    best = ranked[0]
    if len(ranked) == 1:
        return (CoachReason("only_move", {"move": best.notation, "value": round(best.mean, 4), "objective": obj.kind}),)
    reasons = _play_reasons(view, ranked, obj)
    if not reasons or reasons[0].code == "avoids_penalty":
        extra = _world_reason(view, best.move, ranked[1].move, seed, worlds)
        if extra is not None:
            reasons.append(extra)
    reasons.append(_numbers(ranked, obj, best_values, second_values))
    return tuple(reasons)


def _play_reasons(view: SeatView, ranked: tuple[MoveEstimate, ...], obj: Objective) -> list[CoachReason]:
    """What the best move does by the rules: goes out, makes the last-card call, answers the attack."""
    move = ranked[0].move
    if move.kind == "play" and len(move.cards) == len(view.hand):
        cards = [view.rules.deck.name(c) for c in move.cards]
        return [CoachReason("goes_out", {"cards": cards, "place": len(view.finished) + 1, "objective": obj.kind})]
    silent = move._replace(makao=False, kakao=False)
    if (move.makao or move.kakao) and _penalty(view, move) and silent in [e.move for e in ranked]:
        call = "makao" if move.makao else "kakao"
        word = view.rules.calls[call].word or call
        return [CoachReason("makes_call", {"call": call, "word": word, "penalty": _penalty(view, move)})]
    if view.attack is not None and move.kind == "play":
        return [CoachReason("avoids_penalty", {"kind": view.attack.kind, "amount": view.attack.amount})]
    return []


def _numbers(
    ranked: tuple[MoveEstimate, ...], obj: Objective, best_values: list[float], second_values: list[float] | None
) -> CoachReason:
    """The closing numbers: ``better_by`` when the paired lead over the runner-up is clear, else ``close_call``."""
    best, second = ranked[0], ranked[1]
    n = min(len(best_values), len(second_values or ()))
    d = [b - s for b, s in zip(best_values[:n], (second_values or [])[:n], strict=True)]
    if not obj.higher_is_better:
        d = [-x for x in d]
    clear = len(d) > 1 and mean(d) - 1.96 * standard_error(d) > 0
    params = {
        "move": best.notation,
        "value": round(best.mean, 4),
        "other": second.notation,
        "other_value": round(second.mean, 4),
        "objective": obj.kind,
    }
    return CoachReason("better_by" if clear else "close_call", params)


def _penalty(view: SeatView, move: Move) -> int:
    call = view.rules.call("makao" if move.makao else "kakao")
    return call.penalty if call is not None else 0


def _world_reason(view: SeatView, best: Move, second: Move, seed: int, worlds: int) -> CoachReason | None:
    """A reason counted in the hint's worlds: the next seat stuck, a wish, or a kept card."""
    count = min(worlds, EXPLAIN_WORLDS)
    k = compiled(view.rules)
    stuck_best, nxt, size = _stuck_share(view, k.action(best), seed, count)
    stuck_second, _, _ = _stuck_share(view, k.action(second), seed, count)
    if best.kind == "play" and nxt is not None:
        wish_kind = "rank" if best.demand not in (None, "none") else "suit" if best.suit not in (None, "none") else None
        if wish_kind is not None:
            wanted = best.demand if wish_kind == "rank" else best.suit
            deck = view.rules.deck
            left = list(view.hand)
            for c in best.cards:
                left.remove(c)
            of = deck.rank_of if wish_kind == "rank" else deck.suit_of
            held = sum(1 for c in left if of(c) == wanted)
            params: dict[str, Any] = {"kind": wish_kind, "value": wanted, "held": held}
            if stuck_best >= WISH_SHARE and stuck_best - stuck_second >= WISH_LEAD:
                params["percent"] = _percent(stuck_best)
            # Holding the wished rank or suit is a reason of its own (the seat can follow its own
            # wish); holding none of it, with a share that says nothing, is no reason at all.
            if held or "percent" in params:
                return CoachReason("wish_held", params)
        elif stuck_best >= STUCK_SHARE and stuck_best - stuck_second >= STUCK_LEAD:
            return CoachReason("next_stuck", {"seat": nxt, "cards": size, "percent": _percent(stuck_best)})
    kept = _kept_cards(view, best, second)
    if kept:
        saved = _saved_share(view, k.action(best), kept, seed, min(worlds, KEEP_WORLDS))
        if saved >= KEEP_SHARE:
            deck = view.rules.deck
            return CoachReason(
                "keeps_card", {"cards": [deck.name(c) for c in sorted(set(kept))], "percent": _percent(saved)}
            )
    return None


def _percent(share: float) -> int:
    return int(math.floor(share * 100 + 0.5))


def _kept_cards(view: SeatView, best: Move, second: Move) -> list[int]:
    """The cards the runner-up plays and the best move keeps."""
    if second.kind != "play":
        return []
    spent = list(best.cards) if best.kind == "play" else []
    kept = []
    for c in second.cards:
        if c in spent:
            spent.remove(c)
        else:
            kept.append(c)
    return kept


def _stuck_share(view: SeatView, action: Action, seed: int, count: int) -> tuple[float, int | None, int]:
    """The share of deals in which the seat moving after ``action`` has no play; that seat and
    its hand size (None when the round ends or the same seat moves again)."""
    stuck = seen = 0
    nxt, size = None, 0
    for w in range(count):
        rng = world_rng(seed, w)
        q = Playout.from_state(sample_state(view, rng))
        q._run(None, 1, action)
        if q.over or q.to_move == view.seat:
            continue
        nxt, size = q.to_move, q.hs[q.to_move]
        seen += 1
        if not any(a.kind == PLAY for a in q._actions()):
            stuck += 1
    return (stuck / seen if seen else 0.0), nxt, size


def _saved_share(view: SeatView, action: Action, kept: list[int], seed: int, count: int) -> float:
    """The share of rounds, played on after ``action``, in which a kept card was once the seat's
    only playable card and went down."""
    seat = view.seat
    kept_set = set(kept)
    saved = 0
    for w in range(count):
        rng = world_rng(seed, w)
        q = Playout.from_state(sample_state(view, rng))
        q._run(None, 1, action)
        roll = random.Random(rng.getrandbits(64))
        for _ in range(ROLLOUT_CAP):
            if q.over or q.fin[seat]:
                break
            a = keen_action(q, roll)
            if q.to_move == seat and q.drawn < 0 and a.kind == PLAY and a.cards[0] in kept_set:
                firsts = {b.cards[0] for b in q._actions() if b.kind == PLAY}
                if firsts <= kept_set:
                    saved += 1
                    break
            q._run(None, 1, a)
    return saved / count if count else 0.0


def reason_params_are_plain(reasons: tuple[CoachReason, ...]) -> bool:
    """Whether every parameter is plain JSON data (numbers, text, lists of text)."""

    def plain(v: Any) -> bool:
        return isinstance(v, (int, float, str)) or (isinstance(v, list) and all(isinstance(x, str) for x in v))

    return all(r.code in COACH_CODES and all(plain(v) for v in r.params.values()) for r in reasons)
