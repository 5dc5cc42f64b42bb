"""The playout kernel: the reference rules (``engine.rules``) on a compact, mutable representation.

Random playouts (Monte-Carlo search, soak tests, the speed bar of the selfplay tool) call
``legal_moves`` and ``child`` millions of times; the reference engine builds a new immutable
``State`` and sorted hand tuples at every step. This module plays the *same* rules — every
number comes from the ruleset and its compiled ``Tables``, nothing is written per variant, so
house rulesets work too — on plain integers and lists that are changed in place:

* a hand is a bitmask over card ids (bit ``c`` = card ``c`` held), plus, when several decks are
  shuffled together (``pl-trad`` above 5 seats), a per-seat count list for the second copies;
* "which cards may go first now" is one AND of the hand with a precompiled mask: per top card
  (nothing pending), per attacking card and top (attack pending), per wish and top (a live
  wish; ``engine.rules.live_wish``). The masks are compiled by asking the reference judge
  (``engine.rules.judge_card``) about model positions, so they follow its rules — as long as the
  judge reads only the top card, the attacking card and the wish (the differential test says so);
* a move is a precompiled ``Action`` record (its cards, its attack and wish effects, its calls)
  that carries the public ``Move`` it stands for. The legal list is assembled from prebuilt
  per-card lists (single cards; "the only legal card, then draw"), lists memoised on the cards
  of one rank in hand (several cards of a rank) or, one card per turn, on the legal cards —
  always in the reference engine's order, so a seeded random playout picks the same moves;
* the deck is a list with the next card *last* (``pop()``); reshuffles, the ``pl`` halve-hands
  fallback and every random draw consume ``random.Random(seed)`` exactly as ``engine.rules``
  (``random.shuffle`` and ``randrange`` are inlined; checked at import, else the originals run).

No explanation text, verdicts or events are ever built here. The reference engine stays the
specification: ``tests/engine/test_fastplay.py`` replays random games of every variant and
seat count on both and compares the legal move sets and the full state after every move.

Public API
----------
``Playout.from_state(st)``
    A mutable playout of a reference ``State`` (the State itself is not changed).
``Playout.new_game(rules, players, seed)``
    ``Playout.from_state(engine.deal.new_game(rules, players, seed))``.
``p.legal_moves() -> list[Move]``
    The legal moves of the seat to move: the same list (same moves, same order) as
    ``engine.rules.legal_moves(p.to_state())``; ``[]`` once the round is over.
``p.apply(move)``
    Plays a legal move in place; afterwards ``p.to_state() == engine.rules.child(st, move)``
    (deck and pile order, reshuffles and their seeds, waiting seats, wishes, finishing order).
    Like ``child`` it does not check legality: pass a move from ``legal_moves``.
``p.to_state() -> State``
    The reference State of the playout now (hands as sorted tuples).
``p.over``, ``p.to_move``
    Whether the round has ended; the seat to move.
``p.copy()``
    An independent copy (cheap), e.g. to try moves in a search.
``p.play_random(rng, step_cap=20000) -> int``
    Plays until the round ends (or ``step_cap`` moves), every seat choosing uniformly among its
    legal moves with ``rng.randrange(len(moves))`` — the choices of ``engine.policies.reference_random_games``.
    Returns the number of moves made.
``run_random_games(rules, players, games, seed, step_cap=20000) -> dict``
    ``engine.policies.reference_random_games`` on this kernel: {"games", "decisions", "seconds", "finished",
    "mean_length", "biggest_attack", ...}; for the same arguments it plays the very same games,
    so every figure but the time equals the reference's.
"""

from __future__ import annotations

import _random
import random
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from engine.deal import new_game
from engine.moves import DRAW, PASS, WAIT, Move
from engine.rules import judge_card
from engine.ruleset import (
    AfterPenalty,
    EndMode,
    ReshuffleFallback,
    Ruleset,
    SelfTarget,
    WishDuration,
    WishKind,
    cached,
    load_ruleset,
)
from engine.seat_view import SeatView
from engine.state import RANK_WISH, Attack, State, Wish, tables_for
from engine.transitions import attack_totals, give_back_half, group_refusal, play_moves, reversals, runs_from
from engine.verdicts import LEGAL_PLAY

__all__ = ["Playout", "run_random_games", "compiled"]

_LEGAL = frozenset(LEGAL_PLAY)
# Wish durations as small ints: ROUND and UNTIL_RETURN end when the turn passes the wisher
# (<= 1); UNTIL_COVERED and UNTIL_FULFILLED end when a card that is no wish card covers them (>= 2).
_DURATION = {
    WishDuration.ROUND: 0,
    WishDuration.UNTIL_RETURN: 1,
    WishDuration.UNTIL_COVERED: 2,
    WishDuration.UNTIL_FULFILLED: 3,
}
ROUND, UNTIL_RETURN = 0, 1
# Action kinds.
PLAY, DRAW_K, WAIT_K, PASS_K = 0, 1, 2, 3
_BITLEN = [m.bit_length() for m in range(1024)]
_LIST_MEMO_LIMIT = 200_000
_tuple_new = tuple.__new__  # builds a NamedTuple without its Python-level __new__


def _counted(acts: list[Action]) -> Counted:
    """A list of actions with its length and the bit length ``randrange`` draws for it."""
    return acts, len(acts), len(acts).bit_length()


def _fast_shuffle(rng: random.Random, x: list[int]) -> None:
    """``rng.shuffle(x)`` with the same random draws, without a method call per card
    (checked against ``random.shuffle`` at import; that is used if they ever differ)."""
    getrandbits = rng.getrandbits
    bitlen = _BITLEN
    for i in range(len(x) - 1, 0, -1):
        k = bitlen[i + 1] if i < 1023 else (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# _random.Random.seed: what Random.seed(int) calls, without a new generator per reshuffle
_fast_seed: Callable[[random.Random, int], None] = _random.Random.seed


def _fast_next_seed(rng: random.Random) -> int:
    """``rng.randrange(2**31)`` with the same random draws (2**31 has 32 bits)."""
    getrandbits = rng.getrandbits
    r = getrandbits(32)
    while r >= 0x80000000:
        r = getrandbits(32)
    return r


def _no_choice(bits: int) -> int:
    raise AssertionError("a forced move asks for no random choice")


def _plain_shuffle(rng: random.Random, x: list[int]) -> None:
    rng.shuffle(x)


def _plain_seed(rng: random.Random, seed: int) -> None:
    rng.seed(seed)


def _plain_next_seed(rng: random.Random) -> int:
    return rng.randrange(2**31)


def _same_as_random_shuffle() -> bool:
    for seed in range(20):
        r1, r2 = random.Random(seed), random.Random()
        _fast_seed(r2, seed)
        if [r1.randrange(2**31) for _ in range(50)] != [_fast_next_seed(r2) for _ in range(50)]:
            return False
        for size in (0, 1, 2, 3, 7, 31, 52, 104, 300):
            a, b = list(range(size)), list(range(size))
            r1, r2 = random.Random(seed), random.Random(seed)
            r1.shuffle(a)
            _fast_shuffle(r2, b)
            if a != b or r1.random() != r2.random():
                return False
    return True


# Another Python's random module: use it as it is.
_FAST = _same_as_random_shuffle()
_shuffle = _fast_shuffle if _FAST else _plain_shuffle
_seed = _fast_seed if _FAST else _plain_seed
_next_seed = _fast_next_seed if _FAST else _plain_next_seed


class Action:
    """A move compiled for the kernel: what playing it does in any position, and the ``Move`` it is.

    Built once per ruleset and move (``_Compiled.action``) and shared by every playout; never changed.
    """

    __slots__ = (
        "kind",
        "move",
        "cards",
        "count",
        "mask",
        "draw",
        "skip",
        "attacker",
        "wish_kind",
        "wish_value",
        "wish_duration",
        "wish_end",
        "wish_ok",
        "makao",
        "kakao",
        "cover",
        "flip",
    )

    def __init__(self, kind: int, move: Move) -> None:
        self.kind = kind  # PLAY, DRAW_K, WAIT_K or PASS_K
        self.move = move  # the public move this action stands for
        self.cards: tuple[int, ...] = ()  # the cards played, in order (the last ends on top)
        self.count = 0  # how many cards are played
        self.mask = 0  # their bits (-1 when a card is played twice: several decks)
        self.draw = 0  # cards the next seat must draw (all attacks added up)
        self.skip = 0  # turns the next seat must sit out
        self.attacker = -1  # the last attacking card played (the defences are judged on it)
        self.wish_kind: WishKind | None = None  # when the last card is a wish card
        self.wish_value: str | None = None  # the rank or suit it wishes; None for "no wish"
        self.wish_duration = WishDuration.ROUND  # how long that wish lasts (when it is made)
        self.wish_end = 0  # _DURATION[wish_duration]
        self.wish_ok: list[int] = []  # legal first cards under that wish, per top card
        self.makao = False
        self.kakao = False
        self.cover = False  # the last card is one its player must cover (ru-101's nine)
        self.flip = False  # an odd number of reversing cards: the direction of play flips

    def __repr__(self) -> str:
        return f"Action({self.move!r})"


# A list of actions with its length and the bit length randrange draws for it.
Counted = tuple[list[Action], int, int]


class _Compiled:
    """Per-ruleset data of the kernel: legality masks and prebuilt actions."""

    def __init__(self, rules: Ruleset):
        """Compiles the kernel's data for ``rules``, each part after the parts it reads."""
        t = tables_for(rules)
        self.rules, self.t = rules, t
        size = t.size
        self.size = size
        self.bit = [1 << c for c in range(size)]
        self._compile_first_card_masks(rules)
        self.several = rules.several_cards
        self.play_drawn = rules.play_drawn
        self.draw_adds = rules.draw_adds
        self.skip_adds = rules.skip_adds
        self.first_out = rules.end_mode is EndMode.FIRST_OUT
        self.finish_round = rules.end_mode is EndMode.FINISH_ROUND
        self.last_holders = 0 if self.finish_round else 1  # the round ends with this many holding cards
        self.lapse = rules.self_target is SelfTarget.LAPSE  # an attack on its own player lapses
        self.halve = rules.reshuffle_fallback is ReshuffleFallback.HALVE_HANDS
        makao, kakao = rules.call("makao"), rules.call("kakao")
        self.makao_pen = makao.penalty if makao else 0
        self.kakao_pen = kakao.penalty if kakao else 0
        self.backwards = list(t.backwards)
        self._compile_cover_and_penalty(rules)
        self._compile_runs(rules)
        self._compile_actions()
        # Hand sizes from which those lists no longer depend on the size (one deck).
        self.nh_free = len(rules.deck.suits) + 2
        self.bit_index = {1 << c: c for c in range(size)}
        self._compile_wishes(rules)

    def _compile_first_card_masks(self, rules: Ruleset) -> None:
        """The masks of cards of a rank, and the legal first cards on each top, attack and wish."""
        t, size = self.t, self.size
        rank_mask: dict[int, int] = {}
        for c in range(size):
            rank_mask[t.rank[c]] = rank_mask.get(t.rank[c], 0) | (1 << c)
        self.rank_mask = [rank_mask[t.rank[c]] for c in range(size)]
        self.others = [self.rank_mask[c] & ~(1 << c) for c in range(size)]
        # Legality of a first card, compiled with the reference judge on model positions that
        # differ in what the judge reads: the top card, the attacking card, the wish (kind, value).
        # top_ok[top]; def_ok[attack card][top]; wish_ok[(kind, value)][top] (built when needed).
        probe = State(rules=rules, hands=((),), pile=(0,), deck=(), to_move=0, waiting=(0,))
        self._probe = probe
        self.top_ok = [self._mask(probe._replace(pile=(top,))) for top in range(size)]
        self.def_ok = [
            [self._mask(probe._replace(pile=(top,), attack=Attack("draw", 1, a))) for top in range(size)]
            for a in range(size)
        ]
        self.wish_ok: dict[tuple[WishKind, str], list[int]] = {}

    def _compile_runs(self, rules: Ruleset) -> None:
        """The data of [play] runs: the shifts to the next ranks of a suit and the suit lines."""
        self.runs = rules.runs > 0  # [play] runs: the legal lists go through list_with_runs
        self.run_memo: dict[tuple[int, int, int, int], list[Action]] = {}
        self.run_step = len(rules.deck.suits)  # the next rank of the same suit is this many card ids on
        # run_shifts: card c + i * step is the card i ranks above c in its suit (i = 1 .. runs - 1);
        # c starts a run of the least length when the hand holds every one of them above or below
        self.run_shifts = tuple(i * self.run_step for i in range(1, rules.runs))
        # runs of 2 or 3 (the house rules in use): the hot loop tests the two shifts inline
        self.run_inline = 0 < len(self.run_shifts) <= 2
        self.rs1 = self.run_shifts[0] if self.run_shifts else 0
        self.rs2 = self.run_shifts[-1] if self.run_shifts else 0
        # suit_line[c]: every card of c's suit; run lists depend on the hand only through these
        # and, when a run may leave fewer than 3 cards in hand, on its size
        self.suit_line = [
            sum(1 << x for x in range(c % self.run_step, self.size, self.run_step)) for c in range(self.size)
        ]
        self.run_lines: dict[tuple[int, int, int], list[Action]] = {}

    def _compile_actions(self) -> None:
        """The prebuilt actions: draw, wait, pass, every single card, and the lists made of them."""
        t, size = self.t, self.size
        self.actions: dict[Move, Action] = {}
        self.DRAW_A = self.action(DRAW)
        self.WAIT_A = self.action(WAIT)
        self.PASS_A = self.action(PASS)
        # singles[b][c]: the actions playing card c alone leaving b cards (b = 0, 1, 2 or more);
        # index -1 (an empty hand) is the "2 or more" list, as in engine.rules.legal_moves.
        self.singles = [[[self.action(m) for m in t.single_moves[b][c]] for c in range(size)] for b in (0, 1, 2)]
        # drawn[b][c]: (actions, their number, its bit length) once card c was drawn and may be played.
        self.drawn_lists = [[_counted(acts + [self.PASS_A]) for acts in row] for row in self.singles]
        self.multi: dict[tuple[int, tuple[int, ...], int], list[Action]] = {}
        # alone_draw[b][c] / alone_wait[b][c]: the whole legal list (counted) when c is the only
        # legal card and has no same-rank company in hand: its plays, then draw / wait.
        self.alone_draw = [[_counted(acts + [self.DRAW_A]) for acts in row] for row in self.singles]
        self.alone_wait = [[_counted(acts + [self.WAIT_A]) for acts in row] for row in self.singles]
        # One card per turn: whole legal lists memoised on (legal cards, hand size near the end,
        # draw or wait); bounded, cleared when it grows too big.
        self.lists: dict[tuple[int, int, bool], Counted] = {}
        # Several cards per turn, one deck: the moves starting with c, memoised on
        # (c, the cards of c's rank in hand as a mask, the hand size while it matters).
        self.multi_masks: dict[tuple[int, int, int], list[Action]] = {}

    def _compile_wishes(self, rules: Ruleset) -> None:
        """The wish masks of every wish a card of this ruleset can make (not inside timed playouts)."""
        t = self.t
        for rule in {id(r): r for r in t.wish_rule if r is not None}.values():
            if rule.wish is not None:
                for value in rule.wish_values if rule.wish == "rank" else rules.deck.suits:
                    self.wish_mask(rule.wish, value)

    def _compile_cover_and_penalty(self, rules: Ruleset) -> None:
        """ru-101's cards to cover and ``[attack] after_penalty`` (engine.rules, cover section)."""
        t = self.t
        # cover_ok[top]: the cards that cover ``top`` — of its suit or rank (engine.rules.judge_cover)
        self.cover_ok = [
            sum(1 << c for c in range(self.size) if t.suit[c] == t.suit[top] or t.rank[c] == t.rank[top])
            for top in range(self.size)
        ]
        self.to_cover = list(t.cover)  # the cards their player must cover
        self.play_on = rules.after_penalty is AfterPenalty.SAME  # the penalised seat plays on
        # after_attacker (devdo-eu/macau's K♠): a draw from the previous seat is taken at once
        self.at_once = rules.after_penalty is AfterPenalty.AFTER_ATTACKER

    def cover_actions(self, h: int, nh: int, cs: list[int] | None, top: int) -> list[Action] | None:
        """The legal actions while the seat to move must cover ``top``: its covering plays (no
        draw while it holds one), or None when only drawing is left (engine.rules.legal_moves)."""
        legal = h & self.cover_ok[top]
        if not legal:
            return None
        if self.runs and self.starts_run(h, legal):  # a run may cover with its first card (engine.rules, runs section)
            return self.list_with_runs(h, legal, nh, cs)[:-1]
        return self.list_for(h, legal, nh, False, cs)[:-1]

    def multi_for_mask(self, key: tuple[int, int, int], nh: int) -> list[Action]:
        """multi_masks[key] (built on a miss): key = (first card, its rank's cards held, size key)."""
        first, mask, _ = key
        same = tuple(c for c in range(self.size) if mask >> c & 1)
        acts = self.multi_masks[key] = self.multi_actions(first, same, nh)
        return acts

    def list_for(self, h: int, legal: int, nh: int, skip: bool, cs: list[int] | None) -> list[Action]:
        """The legal actions of a hand ``h`` (counts ``cs`` with several decks) whose legal first
        cards are ``legal``: per card in id order, alone or with same-rank cards, then draw/wait."""
        singles = self.singles[nh - 1 if nh < 3 else 2]
        several, others, bit_index = self.several, self.others, self.bit_index
        acts: list[Action] = []
        while legal:
            low = legal & -legal
            legal ^= low
            c = bit_index[low]
            if several and (h & others[c] or (cs is not None and cs[c] > 1)):
                same = []
                mask = h & self.rank_mask[c]
                while mask:
                    lw = mask & -mask
                    mask ^= lw
                    x = bit_index[lw]
                    same.extend([x] * (cs[x] if cs is not None else 1))
                acts += self.multi_actions(c, tuple(same), nh)
            else:
                acts += singles[c]
        acts.append(self.WAIT_A if skip else self.DRAW_A)
        return acts

    def list_with_runs(self, h: int, legal: int, nh: int, cs: list[int] | None) -> list[Action]:
        """``list_for`` with no attack pending under ``[play] runs``: after each legal first card's
        own plays come the runs it starts (engine.rules.legal_moves, then draw."""
        if cs is None:
            return self._one_deck_list_with_runs(h, legal, nh)
        acts: list[Action] = []
        bit_index = self.bit_index
        while legal:
            low = legal & -legal
            legal ^= low
            acts += self.list_for(h, low, nh, False, cs)[:-1]
            acts += self.run_actions(h, bit_index[low], nh)
        acts.append(self.DRAW_A)
        return acts

    def _one_deck_list_with_runs(self, h: int, legal: int, nh: int) -> list[Action]:
        """``list_with_runs`` with one deck, from the memoised pieces the hot loop uses: a card's
        own plays (``singles``, ``multi_masks``) and its runs (``run_lines``, on its suit's cards held);
        only the cards that start a run (``run_starters``) are asked for runs."""
        singles = self.singles[nh - 1 if nh < 3 else 2]
        several, others, rank_mask, bit_index = self.several, self.others, self.rank_mask, self.bit_index
        multi_masks, run_lines, suit_line = self.multi_masks, self.run_lines, self.suit_line
        nh_key = nh if nh < self.nh_free else -1
        starters = self.run_starters(h)
        acts: list[Action] = []
        while legal:
            low = legal & -legal
            legal ^= low
            c = bit_index[low]
            if several and h & others[c]:
                rank_key = (c, h & rank_mask[c], nh_key)
                own = multi_masks.get(rank_key)
                acts += own if own is not None else self.multi_for_mask(rank_key, nh)
            else:
                acts += singles[c]
            if starters & low:
                line = h & suit_line[c]
                # the size matters only when a run may leave fewer than 3 cards (run_actions' key)
                line_key = (c, line, nh if nh - line.bit_count() < 2 else -1)
                runs = run_lines.get(line_key)
                if runs is None:
                    if len(run_lines) >= _LIST_MEMO_LIMIT:
                        run_lines.clear()  # in place, as store_list
                    runs = run_lines[line_key] = self.run_actions(h, c, nh)
                acts += runs
        acts.append(self.DRAW_A)
        return acts

    def starts_run(self, h: int, legal: int) -> bool:
        """Whether some legal first card starts a run of ``[play] runs`` cards held in ``h``; when none
        does, the legal list is the one without runs (the ordinary, memoised paths)."""
        return bool(legal & self.run_starters(h))

    def run_starters(self, h: int) -> int:
        """The cards of ``h`` that start a run of the least length up or down their suit, as a mask:
        shifting the hand by a rank's step lines each card up with its neighbour (no wrap: the ace
        is high only, and nothing lies beyond the deck's ends)."""
        up = down = h
        for shift in self.run_shifts:
            up &= h >> shift
            down &= h << shift
        return up | down

    def run_actions(self, h: int, first: int, nh: int) -> list[Action]:
        """The actions playing a run that starts with ``first`` out of hand ``h`` (memoised on the
        run's reach up and down and, near the end, the hand size): engine.rules._run_moves."""
        step = len(self.rules.deck.suits)
        up = down = 0
        while first + (up + 1) * step < self.size and h >> (first + (up + 1) * step) & 1:
            up += 1
        while first - (down + 1) * step >= 0 and h >> (first - (down + 1) * step) & 1:
            down += 1
        key = (first, up, down, nh if nh - max(up, down) < 3 else -1)
        acts = self.run_memo.get(key)
        if acts is None:
            acts = []
            for cards in runs_from(self.rules, self.t, lambda c: bool(h >> c & 1), first):
                acts.extend(self.action(m) for m in play_moves(self.rules, self.t, cards, nh - len(cards)))
            self.run_memo[key] = acts
        return acts

    def store_list(self, key: tuple[int, int, bool], h: int, legal: int, nh: int, skip: bool) -> Counted:
        """lists[key] (built on a miss), the memo cleared in place when it grows too big."""
        lists = self.lists
        if len(lists) >= _LIST_MEMO_LIMIT:
            lists.clear()  # in place: playouts in progress hold this very dict
        entry = lists[key] = _counted(self.list_for(h, legal, nh, skip, None))
        return entry

    def _mask(self, st: State) -> int:
        t = self.t
        return sum(1 << c for c in range(self.size) if judge_card(st, t, c) in _LEGAL)

    def wish_mask(self, kind: WishKind, value: str) -> list[int]:
        """The legal first cards under a wish, per top card."""
        key: tuple[WishKind, str] = (kind, value)
        masks = self.wish_ok.get(key)
        if masks is None:
            wish = Wish(kind, value, 0, WishDuration.ROUND)
            masks = self.wish_ok[key] = [
                self._mask(self._probe._replace(pile=(top,), wish=wish)) for top in range(self.size)
            ]
        return masks

    def action(self, move: Move) -> Action:
        """The precompiled form of a move (memoised): what it does, whatever the position."""
        a = self.actions.get(move)
        if a is not None:
            return a
        t = self.t
        if move.kind != "play":
            a = Action({"draw": DRAW_K, "wait": WAIT_K, "pass": PASS_K}[move.kind], move)
        else:
            a = Action(PLAY, move)
            cards = tuple(move.cards)
            a.cards, a.count = cards, len(cards)
            a.draw, a.skip, a.attacker = attack_totals(t, cards)
            last = cards[-1]
            wkind = t.wish_kind[last]
            if wkind:
                value = move.demand if wkind == RANK_WISH else move.suit
                rule = t.wish_rule[last]
                assert rule is not None and rule.wish is not None
                a.wish_kind = rule.wish
                if value is not None and value != "none":
                    a.wish_value = value
                    a.wish_duration = rule.wish_duration
                    a.wish_end = _DURATION[rule.wish_duration]
                    a.wish_ok = self.wish_mask(rule.wish, value)
            cmask = 0
            for card in cards:
                cmask |= 1 << card
            a.mask = cmask if len(set(cards)) == len(cards) else -1
            a.makao, a.kakao = bool(move.makao), bool(move.kakao)
            a.cover = t.cover[last]
            a.flip = reversals(t, cards) % 2 == 1  # engine.rules._reverse_direction
        self.actions[move] = a
        return a

    def multi_actions(self, first: int, same: tuple[int, ...], nh: int) -> list[Action]:
        """The actions playing ``first`` alone or with further same-rank cards (``same`` = every
        card of that rank in hand, ``first`` included), in the reference order (memoised)."""
        key = (first, same, nh if nh - len(same) < 2 else -1)
        acts = self.multi.get(key)
        if acts is None:
            rest = list(same)
            rest.remove(first)
            out: set[tuple[int, ...]] = {(first,)}
            for size in range(1, len(rest) + 1):
                for combo in combinations(rest, size):
                    for i, last in enumerate(combo):
                        out.add((first, *combo[:i], *combo[i + 1 :], last))
            acts = []
            for cards in sorted(out):
                if group_refusal(self.rules, self.t, cards) is not None:
                    continue  # [play] min_group / separate, as engine.rules._sequences
                acts.extend(self.action(m) for m in play_moves(self.rules, self.t, cards, nh - len(cards)))
            self.multi[key] = acts
        return acts


def compiled(rules: Ruleset) -> _Compiled:
    """The kernel's compiled data of a ruleset, built once and kept on the (immutable) ruleset."""
    return cached(rules, "_fastplay", _Compiled)


class Playout:
    """A round in play, changed in place by ``apply``; see the module docstring."""

    __slots__ = (
        "k",
        "rules",
        "n",
        "hm",
        "cnt",
        "hs",
        "pile",
        "deck",
        "to_move",
        "ak",
        "aa",
        "ac",
        "wish",
        "wby",
        "wdur",
        "wok",
        "waiting",
        "drawn",
        "finished",
        "fin",
        "over",
        "seed",
        "biggest",
        "rng",
        "cv",
        "dir",
    )
    k: _Compiled
    rules: Ruleset
    n: int  # seats
    hm: list[int]  # per seat: the hand as a bitmask over card ids
    cnt: list[list[int]] | None  # per seat and card: copies held (several decks only)
    hs: list[int]  # per seat: cards held
    pile: list[int]  # bottom → top
    deck: list[int]  # the next card to draw last
    to_move: int
    ak: int  # pending attack: 0 none, 1 draw, 2 skip
    aa: int  # its amount
    ac: int  # its attacking card
    wish: Wish | None
    wby: int  # the wish's maker (-1: no wish)
    wdur: int  # _DURATION of the wish
    wok: list[int]  # legal first cards under the wish, per top card
    waiting: list[int]
    drawn: int  # the card just drawn and still playable (-1: none)
    finished: list[int]
    fin: list[bool]
    over: bool
    seed: int
    biggest: int  # the biggest attack seen (statistics)
    rng: random.Random | None  # the generator reshuffles reuse
    cv: bool  # the seat to move must cover the top card (ru-101's nine)
    dir: int  # the direction of play: 1 clockwise (seat numbers rising), -1 counter-clockwise

    # ------------------------------------------------------------------ building
    @classmethod
    def _blank(cls, rules: Ruleset, n: int, multi: bool) -> Playout:
        p = cls.__new__(cls)
        p.k = compiled(rules)
        p.rules = rules
        p.n = n
        p.hm = [0] * n
        p.cnt = [[0] * p.k.size for _ in range(n)] if multi else None
        p.hs = [0] * n
        p.to_move = 0
        p.ak = p.aa = 0
        p.ac = -1
        p.wish, p.wby, p.wdur, p.wok = None, -1, 0, []
        p.waiting = [0] * n
        p.drawn = -1
        p.finished = []
        p.fin = [False] * n
        p.over = False
        p.seed = 0
        p.biggest = 0
        p.rng = None
        p.cv = False
        p.dir = 1
        return p

    def _set_hand(self, seat: int, cards: Sequence[int]) -> None:
        bit = self.k.bit
        mask = 0
        if self.cnt is not None:
            cs = self.cnt[seat]
            for c in range(len(cs)):
                cs[c] = 0
            for c in cards:
                cs[c] += 1
        for c in cards:
            mask |= bit[c]
        self.hm[seat] = mask
        self.hs[seat] = len(cards)

    @classmethod
    def from_state(cls, st: State) -> Playout:
        rules = st.rules
        n = len(st.hands)
        multi = rules.copies_for(n) > 1 or any(len(set(h)) != len(h) for h in st.hands)
        p = cls._blank(rules, n, multi)
        for seat, hand in enumerate(st.hands):
            p._set_hand(seat, hand)
        p.pile = list(st.pile)
        p.deck = list(reversed(st.deck))
        p.to_move = st.to_move
        if st.attack is not None:
            p.ak = 1 if st.attack.kind == "draw" else 2
            p.aa = st.attack.amount
            p.ac = st.attack.card
        if st.wish is not None:
            w = st.wish
            p.wish, p.wby, p.wdur = w, w.by, _DURATION[w.duration]
            p.wok = p.k.wish_mask(w.kind, w.value)
        p.waiting = list(st.waiting)
        p.drawn = -1 if st.drawn is None else st.drawn
        p.finished = list(st.finished)
        p.fin = [s in st.finished for s in range(n)]
        p.over = st.over
        p.seed = st.seed
        p.cv = st.cover
        p.dir = st.direction
        return p

    @classmethod
    def new_game(cls, rules: Ruleset, players: int, seed: int = 0) -> Playout:
        """The deal of ``engine.deal.new_game`` (dealing is once per round: not worth a copy)."""
        return cls.from_state(new_game(rules, players, seed))

    def copy(self) -> Playout:
        p = Playout.__new__(Playout)
        for name in Playout.__slots__:
            setattr(p, name, getattr(self, name))
        p.hm = self.hm[:]
        p.cnt = None if self.cnt is None else [c[:] for c in self.cnt]
        p.hs = self.hs[:]
        p.pile = self.pile[:]
        p.deck = self.deck[:]
        p.waiting = self.waiting[:]
        p.finished = self.finished[:]
        p.fin = self.fin[:]
        p.rng = None
        return p

    # ------------------------------------------------------------------ reading
    def hand(self, seat: int) -> list[int]:
        """The hand of a seat as a sorted list of card ids (a card twice where held twice)."""
        mask = self.hm[seat]
        out = []
        cs = self.cnt[seat] if self.cnt is not None else None
        while mask:
            low = mask & -mask
            c = low.bit_length() - 1
            mask ^= low
            if cs is None:
                out.append(c)
            else:
                out.extend([c] * cs[c])
        return out

    def attack(self) -> Attack | None:
        """The attack pending, as the reference engine's record."""
        return None if not self.ak else Attack("draw" if self.ak == 1 else "skip", self.aa, self.ac)

    def to_state(self) -> State:
        return State(
            rules=self.rules,
            hands=tuple(tuple(self.hand(s)) for s in range(self.n)),
            pile=tuple(self.pile),
            deck=tuple(reversed(self.deck)),
            to_move=self.to_move,
            attack=self.attack(),
            wish=self.wish,
            waiting=tuple(self.waiting),
            drawn=None if self.drawn < 0 else self.drawn,
            finished=tuple(self.finished),
            over=self.over,
            seed=self.seed,
            cover=self.cv,
            direction=self.dir,
        )

    def snapshot(self) -> tuple[object, ...]:
        """What a player sees of the round now, as one comparable value, the same for two
        rulesets that agree here: hands, pile, deck, seat to move, the attack (and whether any
        card can answer it), the wish (not how long it lasts), waiting and finished seats, the
        drawn card, the end and the seed. No ruleset and no State are built."""
        attack = (self.ak, self.aa, self.ac, self.k.t.has_defence[self.ac]) if self.ak else None
        wish = (self.wish.kind, self.wish.value, self.wby) if self.wish is not None else None
        counts = None if self.cnt is None else tuple(map(tuple, self.cnt))
        return (
            tuple(self.hm),
            counts,
            tuple(self.pile),
            tuple(self.deck),
            self.to_move,
            attack,
            wish,
            tuple(self.waiting),
            self.drawn,
            tuple(self.finished),
            self.over,
            self.seed,
            self.cv,
            self.dir,
        )

    @property
    def players(self) -> int:
        return self.n

    def _actions(self) -> list[Action]:
        """The legal actions of the seat to move, in the reference engine's order."""
        if self.over:
            return []
        k = self.k
        seat = self.to_move
        h = self.hm[seat]
        nh = self.hs[seat]
        if self.drawn >= 0:
            return k.drawn_lists[nh - 1 if nh < 3 else 2][self.drawn][0]
        top = self.pile[-1]
        if self.cv:
            acts = k.cover_actions(h, nh, self.cnt[seat] if self.cnt is not None else None, top)
            return [k.DRAW_A] if acts is None else acts
        if self.ak:
            legal = h & k.def_ok[self.ac][top]
        elif self.wish is not None and not (self.wby == seat and self.wdur == UNTIL_RETURN):
            legal = h & self.wok[top]
        else:
            legal = h & k.top_ok[top]
        cs = self.cnt[seat] if self.cnt is not None else None
        if k.runs and not self.ak and k.starts_run(h, legal):
            return k.list_with_runs(h, legal, nh, cs)
        return k.list_for(h, legal, nh, self.ak == 2, cs)

    def legal_moves(self) -> list[Move]:
        return [a.move for a in self._actions()]

    # ------------------------------------------------------------------ changing
    def apply(self, move: Move) -> None:
        """Plays a legal move in place (no legality check, like ``engine.rules.child``)."""
        self._run(None, 1, self.k.action(move))

    def play_random(self, rng: random.Random, step_cap: int = 20_000) -> int:
        """Plays uniformly random legal moves until the round ends or ``step_cap`` moves."""
        return self._run(rng, step_cap, None)

    def _refill(self) -> bool:
        """A new deck when it runs out (engine.rules._Step.refill, same random draws)."""
        rng = self.rng
        if rng is None:
            rng = self.rng = random.Random()
        _seed(rng, self.seed)  # as random.Random(self.seed), without a new generator
        pile = self.pile
        if len(pile) > 1:
            rest = pile[:-1]
            _shuffle(rng, rest)
            rest.reverse()
            self.deck[:] = rest
            del pile[:-1]
            self.seed = _next_seed(rng)
            return True
        if not self.k.halve:
            return False
        given: list[int] = []
        for seat in range(self.n):
            hand = self.hand(seat)
            if len(hand) < 2:
                continue
            given.extend(give_back_half(hand, rng))
            self._set_hand(seat, hand)
        if not given:
            return False
        _shuffle(rng, given)
        given.reverse()
        self.deck[:] = given
        self.seed = _next_seed(rng)
        return True

    def _nines_only_below(self) -> bool:
        """The deck is empty and the pile under the top holds only cards to cover (ru-101: nothing to draw)."""
        pile, to_cover = self.pile, self.k.to_cover
        return not self.deck and len(pile) > 1 and all(to_cover[c] for c in pile[:-1])

    def _draw(self, seat: int, count: int) -> list[int]:
        """Draws ``count`` cards (fewer if the deck cannot be refilled): attacks, calls, refills."""
        deck = self.deck
        if len(deck) >= count:
            got = deck[len(deck) - count :]
            del deck[len(deck) - count :]
        else:
            got = []
            while len(got) < count:
                if not deck and not self._refill():
                    break
                take = min(count - len(got), len(deck))
                got += deck[len(deck) - take :]
                del deck[len(deck) - take :]
        if got:
            bit = self.k.bit
            mask = self.hm[seat]
            for c in got:
                mask |= bit[c]
            self.hm[seat] = mask
            self.hs[seat] += len(got)
            if self.cnt is not None:
                cs = self.cnt[seat]
                for c in got:
                    cs[c] += 1
        return got

    def _run(self, rng: random.Random | None, cap: int, forced: Action | None) -> int:
        """The kernel loop: ``forced`` applies that one action; otherwise random moves.

        Stays whole (#24 item 3): it is the playouts' hot loop, run once per move, and a call per
        step costs there; its locals (hands, masks, counts) would be passed to every step.
        """
        k = self.k
        n = self.n
        hm, hs, cnt = self.hm, self.hs, self.cnt
        pile, deck, waiting, fin, finished = self.pile, self.deck, self.waiting, self.fin, self.finished
        seat, ak, aa, ac = self.to_move, self.ak, self.aa, self.ac
        wish, wby, wdur, wok = self.wish, self.wby, self.wdur, self.wok
        drawn, over, cv = self.drawn, self.over, self.cv
        dr = self.dir
        nfin = len(finished)
        top_ok, def_ok, bit = k.top_ok, k.def_ok, k.bit
        several, play_drawn, draw_adds, skip_adds = k.several, k.play_drawn, k.draw_adds, k.skip_adds
        backwards, first_out, makao_pen, kakao_pen = k.backwards, k.first_out, k.makao_pen, k.kakao_pen
        lapse, play_on, cover_actions, at_once, runs = k.lapse, k.play_on, k.cover_actions, k.at_once, k.runs
        run_starters, run_inline, rs1, rs2 = k.run_starters, k.run_inline, k.rs1, k.rs2
        list_with_runs = k.list_with_runs
        finish_round, last_holders = k.finish_round, k.last_holders
        DRAW_A, WAIT_A, drawn_lists = k.DRAW_A, k.WAIT_A, k.drawn_lists
        lists, store_list, list_for = k.lists, k.store_list, k.list_for
        singles_all, others, rank_mask, bit_index, nh_free = k.singles, k.others, k.rank_mask, k.bit_index, k.nh_free
        alone_draw, alone_wait = k.alone_draw, k.alone_wait
        multi_masks, multi_for_mask = k.multi_masks, k.multi_for_mask
        getrandbits = rng.getrandbits if rng is not None else _no_choice
        biggest = self.biggest
        steps = 0
        a = forced if forced is not None else DRAW_A  # replaced by the first choice
        acts: list[Action] | None
        if wby == seat and wdur == UNTIL_RETURN:
            # engine.rules.live_wish: a pl-trad wish no longer binds its maker, to move again. Only a
            # loaded position starts so: in play the wish ends as the turn reaches or passes its maker.
            wish, wby = None, -1
        while not over and steps < cap:
            if forced is None:
                # ---- the legal actions (as Playout._actions), and a uniform choice among them
                h = hm[seat]
                nh = hs[seat]
                if drawn >= 0:
                    acts, m, b = drawn_lists[nh - 1 if nh < 3 else 2][drawn]
                elif cv:  # ru-101: cover the nine, drawing only while no card covers it
                    acts = cover_actions(h, nh, cnt[seat] if cnt is not None else None, pile[-1])
                    if acts is not None:
                        m = len(acts)
                        b = m.bit_length()
                else:
                    if ak:
                        legal = h & def_ok[ac][pile[-1]]
                    elif wish is not None:
                        legal = h & wok[pile[-1]]
                    else:
                        legal = h & top_ok[pile[-1]]
                    if not legal:
                        acts = None
                    elif (
                        runs  # [play] runs: off in every shipped ruleset
                        and not ak
                        and legal
                        & (
                            (h & (h >> rs1) & (h >> rs2) | h & (h << rs1) & (h << rs2))
                            if run_inline
                            else run_starters(h)
                        )
                    ):
                        acts = list_with_runs(h, legal, nh, cnt[seat] if cnt is not None else None)
                        m = len(acts)
                        b = m.bit_length()
                    elif cnt is not None:  # several decks: counts matter, no memo
                        acts, m, b = _counted(list_for(h, legal, nh, ak == 2, cnt[seat]))
                    elif not several:
                        # One card per turn: the whole list is memoised on the legal cards.
                        key = (legal, nh if nh < 3 else -1, ak == 2)
                        try:
                            acts, m, b = lists[key]
                        except KeyError:
                            acts, m, b = store_list(key, h, legal, nh, ak == 2)
                    elif not legal & (legal - 1) and not h & others[bit_index[legal]]:
                        # one legal card, alone of its rank: a prebuilt list
                        alone = alone_wait if ak == 2 else alone_draw
                        acts, m, b = alone[nh - 1 if nh < 3 else 2][bit_index[legal]]
                    else:
                        # Several cards a turn: per legal card in id order, alone or with its
                        # rank's cards (memoised on the cards of that rank in hand).
                        singles = singles_all[nh - 1 if nh < 3 else 2]
                        acts = []
                        while legal:
                            low = legal & -legal
                            legal ^= low
                            c = bit_index[low]
                            if h & others[c]:
                                rank_key = (c, h & rank_mask[c], nh if nh < nh_free else -1)
                                try:
                                    acts += multi_masks[rank_key]
                                except KeyError:
                                    acts += multi_for_mask(rank_key, nh)
                            else:
                                acts += singles[c]
                        acts.append(WAIT_A if ak == 2 else DRAW_A)
                        m = len(acts)
                        b = m.bit_length()
                if acts is None:  # the one option; randrange(1) still draws bits until a 0
                    while getrandbits(1):
                        pass
                    a = WAIT_A if ak == 2 else DRAW_A
                else:
                    r = getrandbits(b)
                    while r >= m:
                        r = getrandbits(b)
                    a = acts[r]
            # ---- applying the action (as engine.rules._apply)
            kind = a.kind
            drawn = -1
            hand_on = True
            if kind == PLAY:
                cards = a.cards
                if cnt is None:
                    hm[seat] ^= a.mask
                else:
                    cs = cnt[seat]
                    h = hm[seat]
                    for c in cards:
                        cs[c] -= 1
                        if not cs[c]:
                            h ^= bit[c]
                    hm[seat] = h
                nh = hs[seat] - a.count
                hs[seat] = nh
                pile += cards
                if a.flip:  # reversing cards (engine.rules._reverse_direction)
                    dr = -dr
                if a.draw:
                    aa = (aa if ak == 1 and draw_adds else 0) + a.draw
                    ak = 1
                    ac = a.attacker
                elif a.skip:
                    aa = (aa if ak == 2 and skip_adds else 0) + a.skip
                    ak = 2
                    ac = a.attacker
                else:
                    ak = 0
                new_wish = False
                if a.wish_value is not None:
                    wish = _tuple_new(Wish, (a.wish_kind, a.wish_value, seat, a.wish_duration))
                    wby, wdur, wok = seat, a.wish_end, a.wish_ok
                    new_wish = True
                elif wish is not None and (wdur >= 2 or a.wish_kind == wish[0]):
                    # covered (pl ace) or fulfilled (da, hu); or a wish card without a wish
                    # cancelling a wish of its kind (never a pl-trad ace's wish by a jack)
                    wish, wby = None, -1
                if nh == 1 and makao_pen and not a.makao:
                    self._draw(seat, makao_pen)
                elif nh == 0 and kakao_pen and not a.kakao:
                    self._draw(seat, kakao_pen)
                cv = a.cover
                if cv:  # its player moves again to cover it (engine.rules._must_cover)
                    hand_on = False
                elif not hs[seat]:
                    finished.append(seat)
                    fin[seat] = True
                    nfin += 1
                    if first_out or n - nfin <= last_holders:
                        over = True
                        ak = 0
                        wish, wby = None, -1
                        hand_on = False
                if hand_on:
                    if wish is not None and not new_wish and wdur == ROUND and wby == seat:
                        wish, wby = None, -1
                    if ak and backwards[ac]:
                        s = seat
                        for _ in range(n - 1):
                            s = (s - dr) % n  # the previous seat, against the direction of play
                            if not fin[s] and not waiting[s]:
                                if at_once and ak == 1:  # taken at once (engine.rules._take_at_once)
                                    self._draw(s, aa)
                                    ak = 0
                                    break
                                if s == wby and wdur == UNTIL_RETURN:
                                    wish, wby = None, -1
                                seat = s
                                hand_on = False
                                break
            elif kind == DRAW_K:
                if cv:  # engine.rules._draw_to_cover
                    if not self._nines_only_below() and self._draw(seat, 1):
                        hand_on = False
                    else:
                        cv = False
                        if not hs[seat]:
                            finished.append(seat)
                            fin[seat] = True
                            nfin += 1
                            if first_out or n - nfin <= last_holders:
                                over = True
                                wish, wby = None, -1
                                hand_on = False
                elif ak:
                    if cnt is None and 0 < aa <= len(deck):
                        h = hm[seat]
                        for c in deck[-aa:]:
                            h |= bit[c]
                        del deck[-aa:]
                        hm[seat] = h
                        hs[seat] += aa
                    else:
                        self._draw(seat, aa)
                    ak = 0
                    if play_on:  # [attack] after_penalty = "same": the seat plays on
                        hand_on = False
                else:
                    if deck:
                        c = deck.pop()
                        if cnt is not None:
                            cnt[seat][c] += 1
                        hm[seat] |= bit[c]
                        hs[seat] += 1
                    else:
                        got = self._draw(seat, 1)
                        c = got[0] if got else -1
                    if c >= 0 and play_drawn and bit[c] & (wok if wish is not None else top_ok)[pile[-1]]:
                        drawn = c
                        hand_on = False
                if hand_on and wish is not None and wdur == ROUND and wby == seat:
                    wish, wby = None, -1
            else:
                if kind == WAIT_K:
                    waiting[seat] = aa - 1
                    ak = 0
                if wish is not None and wdur == ROUND and wby == seat:
                    wish, wby = None, -1
            if hand_on:
                # ---- the next seat that plays (engine.rules._Step.advance)
                if nfin == n:
                    if wish is not None and wdur <= UNTIL_RETURN:
                        wish, wby = None, -1
                else:
                    s = seat
                    while True:
                        s += dr
                        if s == n:
                            s = 0
                        elif s < 0:  # counter-clockwise past seat 0
                            s = n - 1
                        if fin[s]:
                            if s == wby and wdur <= UNTIL_RETURN:
                                wish, wby = None, -1
                            continue
                        w = waiting[s]
                        if w:
                            waiting[s] = w - 1
                            if s == wby and wdur <= UNTIL_RETURN:
                                wish, wby = None, -1
                            continue
                        if s == wby and wdur == UNTIL_RETURN:
                            wish, wby = None, -1
                        break
                    if finish_round and nfin and (s <= seat if dr > 0 else s >= seat):
                        # the round of turns has ended with a seat out (engine.rules._hand_on)
                        over = True
                        ak = 0
                        wish, wby = None, -1
                    else:
                        if ak and s == seat and lapse:  # nobody left to hit (engine.rules._hand_on)
                            ak = 0
                        elif at_once and ak == 1 and backwards[ac]:  # a K♠ that found nobody before it
                            self._draw(s, aa)
                            ak = 0
                        seat = s
            steps += 1
            if ak and aa > biggest:
                biggest = aa
        self.to_move, self.ak, self.aa, self.ac = seat, ak, aa, ac
        self.wish, self.wby, self.wdur, self.wok = wish, wby, wdur, wok
        self.drawn, self.over, self.biggest, self.cv = drawn, over, biggest, cv
        self.dir = dr
        return steps


def run_random_games(
    rules: Ruleset | str, players: int, games: int, seed: int, step_cap: int = 20_000
) -> dict[str, Any]:
    """Random games on the kernel: the statistics of ``engine.policies.reference_random_games``, same games."""
    if isinstance(rules, str):
        rules = load_ruleset(rules)
    compiled(rules)  # once per ruleset, like the reference's Tables: not part of the timing
    rng = random.Random(seed)
    decisions = finished = biggest = 0
    lengths = []
    start = time.perf_counter()
    for g in range(games):
        p = Playout.new_game(rules, players, seed + g)
        steps = p._run(rng, step_cap, None)
        decisions += steps
        lengths.append(steps)
        finished += p.over
        if p.biggest > biggest:
            biggest = p.biggest
    seconds = time.perf_counter() - start
    return {
        "variant": rules.id,
        "players": players,
        "games": games,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "finished": finished,
        "decisions_per_second": round(decisions / seconds) if seconds else None,
        "mean_length": round(sum(lengths) / len(lengths), 1) if lengths else 0,
        "biggest_attack": biggest,
    }


def playout_view(p: Playout) -> SeatView:
    """The view of the seat to move in a playout (as ``view_of(p.to_state())``, without the
    other hands and the deck, which a player never reads): computer players and the expert's
    rollouts choose from it."""
    seat = p.to_move
    return SeatView(
        rules=p.rules,
        seat=seat,
        hand=tuple(p.hand(seat)),
        pile=tuple(p.pile),
        hand_sizes=tuple(p.hs),
        deck_size=len(p.deck),
        to_move=seat,
        attack=p.attack(),
        wish=p.wish,
        waiting=tuple(p.waiting),
        drawn=None if p.drawn < 0 else p.drawn,
        finished=tuple(p.finished),
        over=p.over,
        cover=p.cv,
        direction=p.dir,
    )
