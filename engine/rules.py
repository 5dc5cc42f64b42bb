"""The rules at work: one judge for every candidate move, and applying a move.

``check`` gives the verdict on any move; ``verdicts`` lists a verdict for every candidate
of the seat to move; ``legal_moves`` is the fast path for playouts and lists exactly the
candidates whose verdict is legal (a test checks they agree at every step of random games).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from engine.errors import IllegalMoveError
from engine.moves import DRAW, PASS, WAIT, Move, format_move
from engine.ruleset import (
    AfterPenalty,
    DefenceCondition,
    EndMode,
    EndResult,
    ReshuffleFallback,
    Ruleset,
    SelfTarget,
    WishDuration,
)
from engine.state import RANK_WISH, SUIT_WISH, Attack, State, Tables, Wish, tables_for
from engine.transitions import (
    acting_cards,
    attack_totals,
    give_back_half,
    group_refusal,
    is_run,
    play_moves,
    reversals,
    run_refusal,
    runs_from,
    wrapped,
)
from engine.verdicts import LEGAL_PLAY, Event, Reason, Verdict

_LEGAL = frozenset(LEGAL_PLAY)
_DEFENCE_FAILURE: dict[str, str] = {
    DefenceCondition.MATCH: "defence_must_match",
    DefenceCondition.SAME_SUIT: "defence_same_suit",
    DefenceCondition.SAME_RANK: "defence_same_rank",
    DefenceCondition.ANY: "not_a_defence",
}
_ENDS_WHEN_PLAYED_ON = (WishDuration.UNTIL_COVERED, WishDuration.UNTIL_FULFILLED)


# ---------------------------------------------------------------------------- judging


def live_wish(st: State) -> Wish | None:
    """The wish that binds the seat to move: a pl-trad wish (until the turn comes back to its
    maker) no longer binds when its maker is to move."""
    wish = st.wish
    if wish is not None and wish.duration is WishDuration.UNTIL_RETURN and wish.by == st.to_move:
        return None
    return wish


def judge_card(st: State, t: Tables, card: int) -> str:
    """Returns the reason code for ``card`` as the first (or only) card of a play now."""
    rules = st.rules
    if st.cover:
        return judge_cover(t, st.pile[-1], card)
    attack = st.attack
    if attack is not None:
        # While an attack is pending only the variant's defence cards go (RULES.md: attack).
        failed = t.defence[attack.card][card]
        if failed == "":
            return "defends"
        if t.wild[card] and rules.wild_blocked_by_attack:
            return "queen_not_under_attack"
        return "not_a_defence" if failed is None else _DEFENCE_FAILURE[failed]
    if t.wild[card] and rules.wild_not_on_same_rank and t.rank[card] == t.rank[st.pile[-1]]:
        return "wild_not_on_wild"  # Mau-Mau: "Bube auf Bube stinkt"
    wish = live_wish(st)
    if wish is not None:
        if wish.kind == "rank":
            if t.rank_name[card] == wish.value:
                return "meets_rank_wish"
            if t.wish_kind[card] == RANK_WISH:
                return "changes_rank_wish"
            if t.wild[card]:
                return "queen_not_under_rank_wish" if rules.wild_blocked_by_rank_wish else "queen_on_anything"
            return "wrong_rank_for_wish"
        if t.suit_name[card] == wish.value:
            return "meets_suit_wish"
        if t.wish_kind[card] == SUIT_WISH:
            return "changes_suit_wish"
        if t.wild[card]:
            # pl (literal): any queen under an ace wish; da: only the wished suit's queen.
            return "queen_not_under_suit_wish" if rules.wild_blocked_by_suit_wish else "queen_under_suit_wish"
        return "wrong_suit_for_wish"
    top = st.pile[-1]
    if t.wild[card]:
        return "queen_on_anything"
    if t.wild[top]:
        return "anything_on_queen"
    if t.suit[card] == t.suit[top]:
        return "match_suit"
    if t.rank[card] == t.rank[top]:
        return "match_rank"
    return "no_match"


# ---------------------------------------------------------------------------- cards to cover
# ru-101 (relatives.md §1.8, shram, hobbygaiety): "a 9 must be covered with the same suit or another
# 9; draw until you can". The player of a card marked `cover` moves again and must play a card of
# its suit or rank — a wild card only when it is of that suit — or, holding none, draw one card and
# try again. A 9 played as the last card does not finish its player, who draws to cover it. When
# nothing is left to draw — the deck is empty and the pile under the top holds nothing but nines —
# the obligation lapses and the turn passes on (docs/ENGINE.md).


def judge_cover(t: Tables, top: int, card: int) -> str:
    """Returns the reason code for ``card`` played to cover the card ``top`` its player must cover."""
    if t.suit[card] == t.suit[top]:
        return "covers_suit"
    if t.rank[card] == t.rank[top]:
        return "covers_rank"
    return "must_cover"


def _cover_legal(st: State, t: Tables, hand: tuple[int, ...]) -> list[int]:
    """The cards of ``hand`` that cover the top card."""
    top = st.pile[-1]
    suit, rank = t.suit, t.rank
    return [c for c in hand if suit[c] == suit[top] or rank[c] == rank[top]]


def _check_cover_draw(st: State, t: Tables) -> Reason:
    """The reason on ``draw`` while the seat to move must cover: legal only holding no cover."""
    name = st.rules.deck.name
    held = _cover_legal(st, t, st.hands[st.to_move])
    if held:
        return Reason("cover_before_drawing", {"card": name(held[0]), "top": name(st.pile[-1])})
    return Reason("draw_to_cover", {"top": name(st.pile[-1])})


def _sequences(st: State, t: Tables, hand: tuple[int, ...], first: int) -> list[tuple[int, ...]]:
    """Every play that starts with ``first``: alone, or with further cards of its rank.

    The order in the middle does not matter; the last card (which ends on top) does.
    """
    if not st.rules.several_cards or st.drawn is not None:
        return [(first,)]
    rest = list(hand)
    rest.remove(first)
    rank = t.rank[first]
    same = [c for c in rest if t.rank[c] == rank]
    if not same:
        return [(first,)]
    out: set[tuple[int, ...]] = {(first,)}
    for size in range(1, len(same) + 1):
        for combo in combinations(same, size):
            for i, last in enumerate(combo):
                middle = combo[:i] + combo[i + 1 :]
                out.add((first, *middle, last))
    rules = st.rules
    return sorted(cards for cards in out if group_refusal(rules, t, cards) is None)


def _expand(st: State, t: Tables, cards: tuple[int, ...], remaining: int, out: list[Move]) -> None:
    """Adds the legal moves that play ``cards``: one per wish choice and per call choice."""
    out.extend(play_moves(st.rules, t, cards, remaining))


def _multi_moves(st: State, t: Tables, hand: tuple[int, ...], first: int, rank: int) -> list[Move]:
    """The moves that start with ``first`` and may add same-rank cards, memoised per ruleset:
    they depend only on the same-rank cards held and, near the end, on the hand's size."""
    same = tuple(c for c in hand if t.rank[c] == rank)
    size = len(hand) if len(hand) - len(same) < 2 else -1
    key = (first, same, size)
    moves = t.multi_memo.get(key)
    if moves is None:
        moves = []
        for cards in _sequences(st, t, hand, first):
            _expand(st, t, cards, len(hand) - len(cards), moves)
        t.multi_memo[key] = moves
    return moves


def _answer(st: State) -> Move:
    """The non-play option: take a draw attack or draw one (``draw``), take a sit-out (``wait``)."""
    if st.attack is not None and st.attack.kind == "skip":
        return WAIT
    return DRAW


def legal_moves(st: State) -> list[Move]:
    """Lists every legal move of the seat to move (the candidates whose verdict is legal).

    The playout fast path: prebuilt single-card moves, and the plain matching test inlined
    for the common case of no attack and no wish; ``check`` stays the reference.
    """
    if st.over:
        return []
    t = tables_for(st.rules)
    hand = st.hands[st.to_move]
    out: list[Move] = []
    if st.drawn is not None:
        _expand(st, t, (st.drawn,), len(hand) - 1, out)
        out.append(PASS)
        return out
    remaining = len(hand) - 1
    singles = t.single_moves[remaining] if remaining < 2 else t.single_moves[2]
    several = st.rules.several_cards
    rank = t.rank
    if several:
        ranks = [rank[c] for c in hand]
    previous = -1
    runs = st.rules.runs > 0 and st.attack is None  # house rule: no run answers an attack
    if st.cover:
        legal = _cover_legal(st, t, hand)
        if not legal:
            return [DRAW]  # ru-101: draw until you can cover
    elif st.attack is None and live_wish(st) is None and not st.rules.wild_not_on_same_rank:
        top = st.pile[-1]
        if t.wild[top]:
            legal = list(hand)
        else:
            top_suit, top_rank, suit, wild = t.suit[top], rank[top], t.suit, t.wild
            legal = [c for c in hand if suit[c] == top_suit or rank[c] == top_rank or wild[c]]
    else:
        legal = [c for c in hand if judge_card(st, t, c) in _LEGAL]
    for card in legal:
        if card == previous:  # hands are sorted: a second copy (two decks) is the same move
            continue
        previous = card
        if several and ranks.count(rank[card]) > 1:
            out.extend(_multi_moves(st, t, hand, card, rank[card]))
        else:
            out.extend(singles[card])
        if runs:
            out.extend(_run_moves(st, t, hand, card))
    if not st.cover:  # holding a card that covers, its player must play one (ru-101)
        out.append(WAIT if st.attack is not None and st.attack.kind == "skip" else DRAW)
    return out


def check(st: State, move: Move) -> Verdict:
    """Judges one move of the seat to move: legal or not, with every reason.

    Stays whole (#24 item 3): it judges every move the coach, players and tests look at, one
    checklist in rule order; a call per step costs on that path.
    """
    rules = st.rules
    deck = rules.deck
    t = tables_for(rules)
    notation = format_move(move, deck)
    name = deck.name

    def verdict(legal: bool, *reasons: Reason) -> Verdict:
        return Verdict(move, notation, legal, tuple(reasons))

    if st.over:
        return verdict(False, Reason("round_over"))
    attack = st.attack
    if move.kind == "draw":
        if st.drawn is not None:
            return verdict(False, Reason("already_drawn", {"card": name(st.drawn)}))
        if st.cover:
            reason = _check_cover_draw(st, t)
            return verdict(reason.code == "draw_to_cover", reason)
        if attack is not None and attack.kind == "skip":
            return verdict(False, Reason("must_answer_skip", {"amount": attack.amount}))
        if attack is not None:
            if rules.after_penalty is AfterPenalty.SAME:
                return verdict(True, Reason("take_draw_attack_play_on", {"amount": attack.amount}))
            return verdict(True, Reason("take_draw_attack", {"amount": attack.amount}))
        return verdict(True, Reason("draw_one_play_it" if rules.play_drawn else "draw_one"))
    if move.kind == "wait":
        if attack is not None and attack.kind == "skip":
            return verdict(True, Reason("take_skip_attack", {"amount": attack.amount}))
        if attack is not None:
            return verdict(False, Reason("wait_not_draw", {"amount": attack.amount}))
        return verdict(False, Reason("nothing_to_wait"))
    if move.kind == "pass":
        if st.drawn is not None:
            return verdict(True, Reason("keep_drawn", {"card": name(st.drawn)}))
        return verdict(False, Reason("nothing_to_pass"))

    cards = move.cards
    hand = list(st.hands[st.to_move])
    for card in cards:
        if card not in hand:
            return verdict(False, Reason("not_in_hand", {"card": name(card)}))
        hand.remove(card)
    first = cards[0]
    if st.drawn is not None:
        if first != st.drawn:
            return verdict(False, Reason("only_drawn_card", {"card": name(first), "drawn": name(st.drawn)}))
        if len(cards) > 1:
            return verdict(False, Reason("drawn_card_alone", {"drawn": name(st.drawn)}))
    run = rules.runs > 0 and is_run(t, cards)
    if len(cards) > 1 and not rules.several_cards and not run:
        return verdict(False, Reason("several_not_allowed", {"count": len(cards)}))
    code = judge_card(st, t, first)
    main = Reason(code, _play_params(st, t, code, first))
    if code not in _LEGAL:
        return verdict(False, main)
    reasons = [Reason("plays_drawn_card", {"card": name(first)})] if st.drawn is not None else []
    reasons.append(main)
    if run:
        refused = _check_run(st, t, cards, reasons)
        if refused is not None:
            return verdict(False, refused)
    else:
        for card in cards[1:]:
            if t.rank[card] != t.rank[first]:
                return verdict(False, _not_same_rank(st, t, cards, card))
            reasons.append(Reason("same_rank_follows", {"card": name(card), "first": name(first)}))
    refusal = None if run else group_refusal(rules, t, cards)
    if refusal == "group_too_small":
        return verdict(False, Reason(refusal, {"count": len(cards), "min": rules.min_group}))
    if refusal == "cards_not_mixed":
        other = next(c for c in cards if t.group_class[c] != t.group_class[first])
        return verdict(False, Reason(refusal, {"card": name(other), "first": name(first)}))

    last = cards[-1]
    kind = t.wish_kind[last]
    if move.demand is not None and kind != RANK_WISH:
        return verdict(False, Reason("wish_not_allowed", {"card": name(last), "kind": "rank"}))
    if move.suit is not None and kind != SUIT_WISH:
        return verdict(False, Reason("wish_not_allowed", {"card": name(last), "kind": "suit"}))
    rule = t.wish_rule[last]
    if rule is not None:
        value = move.demand if kind == RANK_WISH else move.suit
        wish_kind = rule.wish
        if value in (None, "none"):
            if not rule.wish_optional:
                return verdict(False, Reason("wish_required", {"card": name(last), "kind": wish_kind}))
            wish = live_wish(st)
            if wish is not None and wish.kind == wish_kind:
                reasons.append(Reason("wish_cancelled", {"card": name(last)}))
        elif kind == RANK_WISH and value not in rule.wish_values:
            return verdict(
                False,
                Reason("demand_not_allowed", {"card": name(last), "rank": value, "allowed": list(rule.wish_values)}),
            )

    remaining = len(hand)
    makao, kakao = rules.call("makao"), rules.call("kakao")
    if remaining == 1 and makao and not move.makao:
        reasons.append(Reason("forgot_makao", {"penalty": makao.penalty, "word": makao.word}))
    if remaining == 0 and kakao and not move.kakao:
        reasons.append(Reason("forgot_kakao", {"penalty": kakao.penalty, "word": kakao.word}))
    if move.makao and not (remaining == 1 and makao):
        reasons.append(Reason("call_ignored", {"call": "makao"}))
    if move.kakao and not (remaining == 0 and kakao):
        reasons.append(Reason("call_ignored", {"call": "kakao"}))
    reasons.extend(_direction_notes(st, t, cards))
    if rules.after_penalty is AfterPenalty.AFTER_ATTACKER:
        reasons.extend(_at_once_notes(st, move))
    return verdict(True, *reasons)


def _play_params(st: State, t: Tables, code: str, card: int) -> dict[str, Any]:
    name = st.rules.deck.name
    params: dict[str, Any] = {"card": name(card), "top": name(st.pile[-1])}
    wish = live_wish(st)
    if st.attack is not None:
        params.update(against=name(st.attack.card), kind=st.attack.kind, amount=st.attack.amount)
        if code == "defends":
            params["condition"] = t.defence_how[st.attack.card][card]
    elif wish is not None:
        params[wish.kind] = wish.value
        params["by"] = wish.by
        rule = t.rank_wish_card_rule if wish.kind == "rank" else t.suit_wish_card_rule
        params["wish_card"] = rule.pattern if rule is not None else ""
    else:
        params["suit"] = t.suit_name[st.pile[-1]]
    return params


def verdicts(st: State, effects: bool = True) -> list[Verdict]:
    """Gives a verdict for every candidate of the seat to move: each card in hand (alone and
    with same-rank cards), each wish choice and call, and draw / wait / pass where they apply."""
    if st.over:
        return []
    t = tables_for(st.rules)
    hand = st.hands[st.to_move]
    moves: list[Move] = []
    seen: set[int] = set()
    for card in hand:
        if card in seen:
            continue
        seen.add(card)
        legal_first = (st.drawn is None or card == st.drawn) and judge_card(st, t, card) in _LEGAL
        if not legal_first:
            moves.append(Move("play", (card,)))
            continue
        for cards in _sequences(st, t, hand, card):
            _expand(st, t, cards, len(hand) - len(cards), moves)
        if st.rules.runs and st.attack is None and st.drawn is None:
            moves.extend(_run_moves(st, t, hand, card))
    moves.append(PASS if st.drawn is not None else _answer(st))
    out = []
    for move in moves:
        v = check(st, move)
        if v.legal and effects:
            _, events = apply_move(st, move, verdict=v)
            v = Verdict(v.move, v.notation, True, v.reasons, tuple(events))
        out.append(v)
    return out


# ---------------------------------------------------------------------------- runs of one suit
# House rule ``[play] runs = n`` (engine.transitions, runs section; docs/ENGINE.md): a run of n or
# more cards of one suit with consecutive ranks, up or down, in the order played. Its first card is
# judged as if it went down alone (so a run may meet a wish or cover a nine with its first card);
# no run answers an attack (its top card would drop the attack); after drawing, the drawn card goes
# alone; only the top card acts; the makao call counts the hand after the whole run.


def _run_moves(st: State, t: Tables, hand: tuple[int, ...], first: int) -> list[Move]:
    """The legal moves playing a run that starts with ``first`` (its first card known to be legal)."""
    held = set(hand)
    out: list[Move] = []
    for cards in runs_from(st.rules, t, held.__contains__, first):
        _expand(st, t, cards, len(hand) - len(cards), out)
    return out


def _check_run(st: State, t: Tables, cards: tuple[int, ...], reasons: list[Reason]) -> Reason | None:
    """Judges the rest of a run whose first card may go down: the refusal, or None after adding the
    reasons of a legal run to ``reasons``."""
    name = st.rules.deck.name
    first = cards[0]
    if st.attack is not None:
        return Reason("run_under_attack", {"card": name(first), "against": name(st.attack.card)})
    refused = run_refusal(st.rules, t, cards)
    if refused is not None:
        code, index = refused
        if code == "run_too_short":
            return Reason(code, {"count": len(cards), "min": st.rules.runs, "first": name(first)})
        return Reason(code, {"card": name(cards[index]), "previous": name(cards[index - 1]), "first": name(first)})
    for previous, card in zip(cards, cards[1:], strict=False):
        reasons.append(Reason("run_follows", {"card": name(card), "previous": name(previous)}))
    inner = [c for c in cards[:-1] if _acts(t, c)]
    if inner:
        reasons.append(Reason("run_top_acts", {"top": name(cards[-1]), "cards": [name(c) for c in inner]}))
    return None


def _acts(t: Tables, card: int) -> bool:
    """Whether a card has an effect of its own when it is left on top (attack, wish, wild, reversal, cover)."""
    return bool(t.attacks[card] or t.wish_kind[card] or t.wild[card] or t.reverse[card] or t.cover[card])


def _not_same_rank(st: State, t: Tables, cards: tuple[int, ...], card: int) -> Reason:
    """The refusal of a card of another rank in a group: ``runs_not_allowed`` when the cards would
    make a run of one suit of three or more (the common house rule, "5, 6, 7") and the ruleset plays
    none, else ``not_same_rank`` (so 7♥ 8♥ in pl keeps its reason)."""
    name = st.rules.deck.name
    if not st.rules.runs and len(cards) >= 3 and is_run(t, cards) and run_refusal(st.rules, t, cards) is None:
        return Reason("runs_not_allowed", {"first": name(cards[0]), "cards": [name(c) for c in cards]})
    return Reason("not_same_rank", {"card": name(card), "first": name(cards[0])})


# ---------------------------------------------------------------------------- applying


class _Step:
    """The mutable scratch of one move being applied; frozen into a new State at the end."""

    __slots__ = (
        "st",
        "t",
        "rules",
        "n",
        "hands",
        "pile",
        "deck",
        "waiting",
        "finished",
        "attack",
        "wish",
        "drawn",
        "seed",
        "over",
        "cover",
        "events",
        "direction",
    )

    def __init__(self, st: State, events: list[Event] | None) -> None:
        self.st, self.t, self.rules = st, tables_for(st.rules), st.rules
        self.n = len(st.hands)
        self.hands = list(st.hands)
        self.pile, self.deck = st.pile, st.deck
        self.waiting = list(st.waiting)
        self.finished = list(st.finished)
        self.attack, self.wish = st.attack, st.wish
        self.drawn: int | None = None
        self.seed, self.over = st.seed, False
        self.cover = False  # set again by a play or a draw that leaves a card to cover
        self.direction = st.direction
        self.events = events
        if st.wish is not None and live_wish(st) is None:  # pl-trad: the turn is back with its maker
            self.end_wish()

    def emit(self, event: str, **params: object) -> None:
        """Records an event (when events are wanted)."""
        if self.events is not None:
            self.events.append(Event(event, params))

    def names(self, cards: Iterable[int]) -> list[str]:
        """The notation of these cards."""
        return [self.rules.deck.name(c) for c in cards]

    # -- the deck
    def refill(self) -> bool:
        """Makes a new deck when it runs out (RULES.md: deck empty); False if impossible."""
        rng = random.Random(self.seed)
        if len(self.pile) > 1:
            rest = list(self.pile[:-1])
            rng.shuffle(rest)
            self.deck, self.pile = tuple(rest), self.pile[-1:]
            self.seed = rng.randrange(2**31)
            self.emit("reshuffled", count=len(rest))
            return True
        if self.rules.reshuffle_fallback is not ReshuffleFallback.HALVE_HANDS:
            return False
        given: list[int] = []
        for seat in range(self.n):
            if len(self.hands[seat]) < 2:
                continue
            hand = list(self.hands[seat])
            given.extend(give_back_half(hand, rng))
            self.hands[seat] = tuple(sorted(hand))
        if not given:
            return False
        rng.shuffle(given)
        self.deck = tuple(given)
        self.seed = rng.randrange(2**31)
        self.emit("hands_halved", count=len(given))
        return True

    def draw(self, seat: int, count: int) -> list[int]:
        got: list[int] = []
        while len(got) < count:
            if not self.deck and not self.refill():
                self.emit("deck_exhausted", seat=seat, missing=count - len(got))
                break
            take = min(count - len(got), len(self.deck))
            got.extend(self.deck[:take])
            self.deck = self.deck[take:]
        if got:
            self.hands[seat] = tuple(sorted(self.hands[seat] + tuple(got)))
        return got

    # -- whose turn
    def end_wish(self) -> None:
        """Ends the wish in force (there is one)."""
        if self.wish is not None:
            self.emit("wish_ended", kind=self.wish.kind, value=self.wish.value)
        self.wish = None

    def end_turn(self, seat: int, new_wish: bool = False) -> None:
        # pl, da: a jack's wish binds every seat for one round, the jack's player last.
        wish = self.wish
        if wish is not None and not new_wish and wish.duration is WishDuration.ROUND and wish.by == seat:
            self.end_wish()

    def _passes_wisher(self, seat: int, playing: bool) -> None:
        wish = self.wish
        if wish is None or wish.by != seat:
            return
        # pl-trad: the wish lasts until the turn comes back to its maker.
        if wish.duration is WishDuration.UNTIL_RETURN or (wish.duration is WishDuration.ROUND and not playing):
            self.end_wish()

    def advance(self, seat: int) -> int:
        """Returns the next seat that plays, passing over finished and waiting seats."""
        s = seat
        for _ in range(self.n * (max(self.waiting, default=0) + 2)):
            s = (s + self.direction) % self.n
            if s in self.finished:
                self._passes_wisher(s, playing=False)
                continue
            if self.waiting[s] > 0:
                self.waiting[s] -= 1
                self.emit("passed_over", seat=s, left=self.waiting[s])
                self._passes_wisher(s, playing=False)
                continue
            self._passes_wisher(s, playing=True)
            return s
        return seat

    def previous(self, seat: int) -> int | None:
        """The previous seat that plays (K♠), against the direction of play; a waiting seat is
        passed without losing a turn."""
        s = seat
        for _ in range(self.n - 1):
            s = (s - self.direction) % self.n
            if s not in self.finished and self.waiting[s] == 0:
                return s
        return None

    def freeze(self, to_move: int) -> State:
        """The new State, built field by field: every field but ``rules`` changes here, and
        ``self.st._replace(...)`` cost 4–7 % of ``apply_move`` (20,851–21,872 against 22,395–22,855
        moves/s over the same 16,549 pl/hu/da moves, both measured interleaved in one process)."""
        return State(
            rules=self.rules,
            hands=tuple(self.hands),
            pile=self.pile,
            deck=self.deck,
            to_move=to_move,
            attack=self.attack,
            wish=self.wish,
            waiting=tuple(self.waiting),
            drawn=self.drawn,
            finished=tuple(self.finished),
            over=self.over,
            seed=self.seed,
            cover=self.cover,
            direction=self.direction,
        )

    # -- the end of the round
    def finish_seat(self, seat: int) -> None:
        self.finished.append(seat)
        self.emit("finished", seat=seat, place=len(self.finished))
        holders = [s for s in range(self.n) if s not in self.finished]
        mode = self.rules.end_mode
        if mode is EndMode.FIRST_OUT or len(holders) <= (0 if mode is EndMode.FINISH_ROUND else 1):
            self.over = True
            self.attack = None
            self.wish = None
            if self.events is not None:
                self.emit("round_over", **round_result(self.rules, self.hands, self.finished))


def round_result(rules: Ruleset, hands: Sequence[Sequence[int]], finished: Sequence[int]) -> dict[str, Any]:
    """Describes the end of a round: winner, places, loser and points, as the variant scores it."""
    holders = [s for s in range(len(hands)) if s not in finished]
    places = list(finished) + sorted(holders, key=lambda s: len(hands[s]))
    result: dict[str, Any] = {"result": rules.end_result, "winner": finished[0] if finished else None, "places": places}
    if rules.end_mode is EndMode.FINISH_ROUND:
        result["winners"] = list(finished)  # every seat out when the round of turns ended
    if rules.end_result is EndResult.LOSER and len(holders) == 1:
        result["loser"] = holders[0]
    if rules.end_result is EndResult.POINTS:
        result["points"] = rules.points_per_card * sum(len(hands[s]) for s in holders)
    if rules.end_result is EndResult.PENALTY_POINTS:  # Mau-Mau, prší, 101: points for the cards left in hand
        name = rules.deck.rank_of
        result["penalties"] = [sum(rules.card_points[name(c)] for c in hands[s]) for s in range(len(hands))]
    return result


def _apply(st: State, move: Move, events: list[Event] | None) -> State:
    """Applies a move judged legal and returns the next state, noting events when asked.

    Stays whole (#24 item 3): every move of every game passes here, a call per step costs, and
    formats2 measured that State._replace alone costs 4–7% of apply_move.
    """
    w = _Step(st, events)
    t = w.t
    rules = w.rules
    seat = st.to_move
    kind = move.kind

    if kind == "draw":
        attack = st.attack
        if st.cover:
            return _draw_to_cover(w, seat)
        if attack is not None:
            got = w.draw(seat, attack.amount)
            w.attack = None
            if w.events is not None:
                w.emit("drew_penalty", seat=seat, count=len(got), cards=w.names(got))
            if rules.after_penalty is AfterPenalty.SAME:
                return _play_on_after_penalty(w, seat)
        else:
            got = w.draw(seat, 1)
            if w.events is not None:
                w.emit("drew", seat=seat, count=len(got), cards=w.names(got))
            # pl "pierwsza karta ratuje", pl-trad, da: a legal drawn card may go down at once.
            if got and rules.play_drawn and judge_card(st, t, got[0]) in _LEGAL:
                w.drawn = got[0]
                if w.events is not None:
                    w.emit("can_play_drawn", seat=seat, card=w.names(got)[0])
                return w.freeze(seat)
        w.end_turn(seat)
        return _hand_on(w, seat)
    if kind == "wait":
        assert st.attack is not None, "wait answers a sit-out attack"
        w.waiting[seat] = st.attack.amount - 1
        w.attack = None
        w.emit("sits_out", seat=seat, turns=st.attack.amount)
        w.end_turn(seat)
        return _hand_on(w, seat)
    if kind == "pass":
        w.end_turn(seat)
        return _hand_on(w, seat)

    cards = move.cards
    hand = list(st.hands[seat])
    for card in cards:
        hand.remove(card)
    w.pile = st.pile + cards
    if w.events is not None:
        w.emit("played", seat=seat, cards=w.names(cards))
    _reverse_direction(w, cards)

    # Attacks: the effects of every card played add up (RULES.md: turn, play).
    previous = st.attack
    draw_total, skip_total, attacker = attack_totals(t, cards)
    w.attack = None
    if draw_total:
        base = previous.amount if previous is not None and previous.kind == "draw" and rules.draw_adds else 0
        w.attack = Attack("draw", base + draw_total, attacker)
    elif skip_total:
        if rules.skip_adds:
            base = previous.amount if previous is not None and previous.kind == "skip" else 0
            w.attack = Attack("skip", base + skip_total, attacker)
        else:  # hu: an ace answered by an ace skips the seat after it instead; no adding up
            w.attack = Attack("skip", skip_total, attacker)

    # Wishes: the last card chooses (RULES.md: turn, play).
    last = cards[-1]
    new_wish = False
    wish_kind = t.wish_kind[last]
    rule = t.wish_rule[last]
    value = None if rule is None else move.demand if wish_kind == RANK_WISH else move.suit
    if rule is not None and rule.wish is not None and value is not None and value != "none":
        if w.wish is not None:
            w.end_wish()
        w.wish = Wish(rule.wish, value, seat, rule.wish_duration)
        w.emit("wish_set", kind=w.wish.kind, value=value, by=seat)
        new_wish = True
    elif rule is not None and w.wish is not None and w.wish.kind == rule.wish:
        # A wish card without a wish cancels a wish of its own kind (pl: "a new jack changes or
        # cancels the wish"). pl-trad: a jack without a demand never cancels an ace's suit wish —
        # only a new rank demand cancels earlier demands (RULES.md edge cases, 001).
        w.end_wish()
    elif w.wish is not None and w.wish.duration in _ENDS_WHEN_PLAYED_ON:
        # pl ace: until a card covers it; da ace, hu felső/alsó: until fulfilled.
        w.end_wish()

    # Last-card calls (pl: makao; hu: Makaó and Kakaó): forgetting costs cards at once.
    w.hands[seat] = tuple(sorted(hand))
    makao, kakao = rules.call("makao"), rules.call("kakao")
    if len(hand) == 1 and makao and not move.makao:
        got = w.draw(seat, makao.penalty)
        w.emit("call_penalty", seat=seat, call="makao", word=makao.word, count=len(got))
    elif not hand and kakao and not move.kakao:
        got = w.draw(seat, kakao.penalty)
        w.emit("call_penalty", seat=seat, call="kakao", word=kakao.word, count=len(got))

    if t.cover[cards[-1]]:
        return _must_cover(w, seat, cards[-1])
    if not w.hands[seat]:
        w.finish_seat(seat)
        if w.over:
            return w.freeze(seat)
    w.end_turn(seat, new_wish)
    if w.attack is not None and t.backwards[w.attack.card]:
        # K♠ hits the previous seat, who moves next (pl-trad: "do niego wraca kolejka").
        target = w.previous(seat)
        if target is not None:
            w.emit(
                "attack",
                kind=w.attack.kind,
                amount=w.attack.amount,
                target=target,
                defence=t.has_defence[w.attack.card],
            )
            if _taken_at_once(w):
                _take_at_once(w, target)
                return _hand_on(w, seat)
            if w.wish is not None and w.wish.by == target and w.wish.duration is WishDuration.UNTIL_RETURN:
                w.end_wish()
            w.emit("turn", seat=target)
            return w.freeze(target)
    return _hand_on(w, seat)


def _must_cover(w: _Step, seat: int, card: int) -> State:
    """The player of a card to cover moves again (ru-101's nine), even with no card left."""
    w.cover = True
    if w.events is not None:
        w.emit("to_cover", seat=seat, card=w.names((card,))[0])
    return w.freeze(seat)


def _only_cards_to_cover_below(w: _Step) -> bool:
    """Whether the deck is empty and the pile under the top holds only cards to cover (ru-101's nines)."""
    cover = w.t.cover
    return not w.deck and len(w.pile) > 1 and all(cover[c] for c in w.pile[:-1])


def _draw_to_cover(w: _Step, seat: int) -> State:
    """Draws one card towards covering; with nothing left to draw the obligation lapses."""
    # ru-101: nines turned back over from the pile would only cover each other for ever, so they
    # count as nothing left to draw (docs/ENGINE.md, "Cards to cover"; reliability.md N1).
    nines_only = _only_cards_to_cover_below(w)
    got = [] if nines_only else w.draw(seat, 1)
    if w.events is not None and not nines_only:
        w.emit("drew", seat=seat, count=len(got), cards=w.names(got))
    if got:
        w.cover = True
        return w.freeze(seat)
    w.emit("cover_lapsed", seat=seat)
    if not w.hands[seat]:  # a nine played as the last card, and nothing to draw: its player is out
        w.finish_seat(seat)
        if w.over:
            return w.freeze(seat)
    w.end_turn(seat)
    return _hand_on(w, seat)


def _play_on_after_penalty(w: _Step, seat: int) -> State:
    """`[attack] after_penalty = "same"`: the seat that drew the penalty takes its turn as usual."""
    w.emit("plays_on", seat=seat)
    return w.freeze(seat)


# ---------------------------------------------------------------------------- taken at once
# devdo-eu/macau (logic/game.py, play_round and pikes_king_punishment): right after a K♠ is played
# the player before its player draws the cards — no defence, out of turn — and the round of turns
# goes on with the seat after the K♠'s player. `[attack] after_penalty = "after_attacker"` plays
# every draw attack on the previous seat so; attacks on the next seat are taken on that seat's turn.


def _taken_at_once(w: _Step) -> bool:
    """Whether the pending attack is a draw from the previous seat that is taken at once."""
    a = w.attack
    return (
        a is not None
        and a.kind == "draw"
        and w.t.backwards[a.card]
        and w.rules.after_penalty is AfterPenalty.AFTER_ATTACKER
    )


def _take_at_once(w: _Step, target: int) -> None:
    """The seat hit draws the attack's cards now; the turn is not theirs (it goes on after the attacker)."""
    assert w.attack is not None
    got = w.draw(target, w.attack.amount)
    w.attack = None
    if w.events is not None:
        w.emit("drew_penalty", seat=target, count=len(got), cards=w.names(got))


def _at_once_notes(st: State, move: Move) -> list[Reason]:
    """The note of a legal play whose attack is taken at once (``after_penalty = "after_attacker"``):
    who draws how many cards, read off the events of applying it."""
    t = tables_for(st.rules)
    draw, _, attacker = attack_totals(t, move.cards)
    if not draw or not t.backwards[attacker]:
        return []
    events: list[Event] = []
    _apply(st, move, events)
    attacks = [e.params for e in events if e.kind == "attack"]
    if attacks and any(e.kind == "drew_penalty" for e in events):  # the attack was drawn in this move
        card = st.rules.deck.name(attacker)
        return [Reason("taken_at_once", {"card": card, "seat": attacks[-1]["target"], "amount": attacks[-1]["amount"]})]
    return []


# ---------------------------------------------------------------------------- direction of play


def direction_name(direction: int) -> str:
    """The direction of play as position JSON writes it: ``clockwise`` or ``counterclockwise``."""
    return "clockwise" if direction > 0 else "counterclockwise"


def _direction_notes(st: State, t: Tables, cards: tuple[int, ...]) -> list[Reason]:
    """The note a legal play with reversing cards carries: each reversing card flips the direction
    (an even number leaves it); with two players still holding cards a flip changes nobody's turn."""
    flips = reversals(t, cards)
    if not flips:
        return []
    name = st.rules.deck.name
    card = name(next(c for c in acting_cards(t, cards) if t.reverse[c]))
    if flips % 2 == 0:
        return [Reason("reverses_cancel", {"card": card, "count": flips})]
    holders = st.players - len(st.finished)
    code = "reverses_direction" if holders > 2 else "reverses_two_players"
    return [Reason(code, {"card": card, "count": flips, "direction": direction_name(-st.direction)})]


def _reverse_direction(w: _Step, cards: tuple[int, ...]) -> None:
    """Flips the direction once per reversing card played (Mau-Mau's optional 9): the attack, the
    K♠'s "previous seat" and the turn of this very play already follow the new direction."""
    if reversals(w.t, cards) % 2:
        w.direction = -w.direction
        w.emit("direction_changed", direction=direction_name(w.direction), by=w.st.to_move)


def _hand_on(w: _Step, seat: int) -> State:
    nxt = w.advance(seat)
    if w.finished and wrapped(seat, nxt, w.direction) and w.rules.end_mode is EndMode.FINISH_ROUND:
        # devdo-eu/macau: once a seat is out, the round of turns ends with the last seat's turn
        # (the turn passing on past the last seat); a K♠ looking back ends nothing.
        w.over = True
        w.attack = None
        w.wish = None
        if w.events is not None:
            w.emit("round_over", **round_result(w.rules, w.hands, w.finished))
        return w.freeze(seat)
    if w.attack is not None and nxt == seat and w.rules.self_target is SelfTarget.LAPSE:
        # Every other seat is sitting out (immune) or finished: nobody is left to hit (with
        # self_target = "hit", devdo-eu/macau, the attack hits its own player instead).
        w.emit("attack_lapsed", kind=w.attack.kind, amount=w.attack.amount)
        w.attack = None
    if w.attack is not None:
        w.emit("attack", kind=w.attack.kind, amount=w.attack.amount, target=nxt, defence=w.t.has_defence[w.attack.card])
        if _taken_at_once(w):  # a K♠ with nobody before it to hit: the seat it lands on draws at once
            _take_at_once(w, nxt)
    w.emit("turn", seat=nxt)
    return w.freeze(nxt)


def apply_move(st: State, move: Move, verdict: Verdict | None = None) -> tuple[State, list[Event]]:
    """Applies a legal move; returns the new state and what happened. Raises IllegalMoveError."""
    v = verdict or check(st, move)
    if not v.legal:
        raise IllegalMoveError(v)
    events: list[Event] = []
    return _apply(st, move, events), events


def child(st: State, move: Move) -> State:
    """Applies a move known to be legal (from legal_moves), recording no events: the fast path."""
    return _apply(st, move, None)
