"""The coach's rollout: a round played on to its end for one seat, every seat playing keenly.

The search (``engine.coach.search``) plays each candidate move out many times. Uniformly random
rollouts (``Playout.play_random``) are poor models of people: they draw when they could play and
forget the last-card call half the time (5 penalty cards in ``pl``), so a round lasts 2,000
decisions in ``pl``. The rollout policy here is *keen* (a cheap club player, every seat alike):

* it plays whenever it has a legal play (a playable drawn card goes down), and draws or sits
  out only when it has none; it always makes the last-card calls;
* among its plays it scores each (``play_score``): 10 per card put down (several cards of a
  rank go together); -15 for a wild card (pl, da queen) while other cards stay in hand (keep it
  for when nothing else fits); -8 for a suit or rank changer (jack, ace, alsó, felső) while other
  cards stay in hand, +3 per card still held that meets the wish it makes (wish what you hold);
  +6 for an attack when the next seat holds 2 cards or fewer; and plays one of the best
  uniformly at random.

It is played on the playout kernel's own representation and compiled tables
(``engine.fastplay``): ``rollout`` is the kernel's move loop with this choice in place of the
uniform one, and ``tests/engine/test_coach.py`` replays rollouts move by move through the
kernel (``keen_action`` + ``Playout.apply``) and requires the same state at the end.

A rollout stops as soon as the coached seat's result is known — when the round is over, when the
seat has gone out (its place is then fixed: ``pl`` places, ``pl-trad`` not the loser), or, for
results decided by the first seat out, when anyone has gone out — or after ``cap`` moves, when the
objective's cheap evaluation (``engine.coach.objective``) scores the unfinished round.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.fastplay import DRAW_K, PLAY, ROUND, UNTIL_RETURN, WAIT_K, Action, Playout, _counted, _tuple_new
from engine.ruleset import AfterPenalty, EndMode, Ruleset, SelfTarget
from engine.state import Wish

ROLLOUT_CAP = 400  # moves; beyond this the cheap evaluation scores the round (rare: see docs/COACH.md)


def rollout(p: Playout, rng: random.Random, seat: int, stop_at_first_out: bool, cap: int = ROLLOUT_CAP) -> int:
    """Plays ``p`` on in place with the keen policy until ``seat``'s result is known or ``cap`` moves are made.

    Returns the number of moves made. Stays whole (#24 item 3): it is the coach's hot loop, run
    once per move of every rollout, where a call per step costs.
    """
    if not mirrors(p.rules) or p.dir != 1:
        return _rollout_by_kernel(p, rng, seat, stop_at_first_out, cap)
    k = p.k
    n = p.n
    me = seat
    hm, hs, cnt = p.hm, p.hs, p.cnt
    pile, deck, waiting, fin, finished = p.pile, p.deck, p.waiting, p.fin, p.finished
    seat, ak, aa, ac = p.to_move, p.ak, p.aa, p.ac
    wish, wby, wdur, wok = p.wish, p.wby, p.wdur, p.wok
    drawn, over = p.drawn, p.over
    nfin = len(finished)
    top_ok, def_ok, bit = k.top_ok, k.def_ok, k.bit
    several, play_drawn, draw_adds, skip_adds = k.several, k.play_drawn, k.draw_adds, k.skip_adds
    backwards, first_out, makao_pen, kakao_pen = k.backwards, k.first_out, k.makao_pen, k.kakao_pen
    DRAW_A, WAIT_A, drawn_lists = k.DRAW_A, k.WAIT_A, k.drawn_lists
    lists, store_list, list_for = k.lists, k.store_list, k.list_for
    singles_all, others, rank_mask, bit_index, nh_free = k.singles, k.others, k.rank_mask, k.bit_index, k.nh_free
    alone_draw, alone_wait = k.alone_draw, k.alone_wait
    multi_masks, multi_for_mask = k.multi_masks, k.multi_for_mask
    getrandbits = rng.getrandbits
    tabs = policy_tables(p)
    steps = 0
    if wby == seat and wdur == UNTIL_RETURN:
        # engine.rules.live_wish: a pl-trad wish does not bind its maker (see Playout._run).
        wish, wby = None, -1
    while not over and steps < cap and not fin[me] and not (stop_at_first_out and nfin):
        # ---- the legal actions, as the kernel lists them (Playout._run)
        h = hm[seat]
        nh = hs[seat]
        if drawn >= 0:
            acts, m, b = drawn_lists[nh - 1 if nh < 3 else 2][drawn]
        else:
            if ak:
                legal = h & def_ok[ac][pile[-1]]
            elif wish is not None:
                legal = h & wok[pile[-1]]
            else:
                legal = h & top_ok[pile[-1]]
            if not legal:
                acts = None
            elif cnt is not None:
                acts, m, b = _counted(list_for(h, legal, nh, ak == 2, cnt[seat]))
            elif not several:
                key = (legal, nh if nh < 3 else -1, ak == 2)
                try:
                    acts, m, b = lists[key]
                except KeyError:
                    acts, m, b = store_list(key, h, legal, nh, ak == 2)
            elif not legal & (legal - 1) and not h & others[bit_index[legal]]:
                alone = alone_wait if ak == 2 else alone_draw
                acts, m, b = alone[nh - 1 if nh < 3 else 2][bit_index[legal]]
            else:
                singles = singles_all[nh - 1 if nh < 3 else 2]
                acts = []
                while legal:
                    low = legal & -legal
                    legal ^= low
                    c = bit_index[low]
                    if h & others[c]:
                        mkey = (c, h & rank_mask[c], nh if nh < nh_free else -1)
                        try:
                            acts += multi_masks[mkey]
                        except KeyError:
                            acts += multi_for_mask(mkey, nh)
                    else:
                        acts += singles[c]
                acts.append(WAIT_A if ak == 2 else DRAW_A)
                m = len(acts)
        # ---- the keen choice (play_score); the list's last entry is draw, wait or pass
        if acts is None:
            a = WAIT_A if ak == 2 else DRAW_A
        else:
            a = acts[pick(acts, m - 1, h, nh, _next_small(seat, n, fin, waiting, hs), tabs, getrandbits)]
        # ---- applying the action (as Playout._run, which follows engine.rules._apply)
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
                # as engine.fastplay: covered or fulfilled; or a wish card without a wish
                # cancelling a wish of its own kind (never a pl-trad ace's wish by a jack)
                wish, wby = None, -1
            if nh == 1 and makao_pen and not a.makao:
                p._draw(seat, makao_pen)
            elif nh == 0 and kakao_pen and not a.kakao:
                p._draw(seat, kakao_pen)
            if not hs[seat]:
                finished.append(seat)
                fin[seat] = True
                nfin += 1
                if first_out or n - nfin <= 1:
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
                        s = s - 1 if s else n - 1
                        if not fin[s] and not waiting[s]:
                            if s == wby and wdur == UNTIL_RETURN:
                                wish, wby = None, -1
                            seat = s
                            hand_on = False
                            break
        elif kind == DRAW_K:
            if ak:
                if cnt is None and 0 < aa <= len(deck):
                    h = hm[seat]
                    for c in deck[-aa:]:
                        h |= bit[c]
                    del deck[-aa:]
                    hm[seat] = h
                    hs[seat] += aa
                else:
                    p._draw(seat, aa)
                ak = 0
            else:
                if deck:
                    c = deck.pop()
                    if cnt is not None:
                        cnt[seat][c] += 1
                    hm[seat] |= bit[c]
                    hs[seat] += 1
                else:
                    got = p._draw(seat, 1)
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
                    s += 1
                    if s == n:
                        s = 0
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
                if ak and s == seat:  # nobody left to hit (engine.rules._hand_on)
                    ak = 0
                seat = s
        steps += 1
    p.to_move, p.ak, p.aa, p.ac = seat, ak, aa, ac
    p.wish, p.wby, p.wdur, p.wok = wish, wby, wdur, wok
    p.drawn, p.over = drawn, over
    return steps


def mirrors(rules: Ruleset) -> bool:
    """Whether the fast loop below plays this ruleset's rules: it mirrors the kernel's loop for the
    original effects; house effects added later (pl-devdo: packs of 3+, cards kept apart, attacks that
    hit their own player, finishing the round; ru-101's nine to cover; a penalised seat playing on;
    de-maumau-9: cards that reverse the direction of play; runs of one suit) are played through the kernel itself instead."""
    return (
        not any(rule.reverse for rule in rules.cards)
        and rules.min_group <= 2
        and not rules.separate
        and rules.self_target == SelfTarget.LAPSE
        and rules.end_mode != EndMode.FINISH_ROUND
        and rules.after_penalty == AfterPenalty.NEXT
        and not any(rule.cover for rule in rules.cards)  # ru-101's nine
        and not rules.runs  # runs of one suit ([play] runs)
    )


def _rollout_by_kernel(p: Playout, rng: random.Random, seat: int, stop_at_first_out: bool, cap: int) -> int:
    """The keen policy, one move at a time through the kernel's own move loop (slower, always exact)."""
    steps = 0
    while not p.over and steps < cap and seat not in p.finished and not (stop_at_first_out and p.finished):
        p._run(None, 1, keen_action(p, rng))
        steps += 1
    return steps


def keen_action(p: Playout, rng: random.Random) -> Action:
    """The keen policy's choice in ``p`` through the kernel's public listing (the slow path the
    tests compare ``rollout`` with): the same random draws as one step of ``rollout``."""
    acts = p._actions()
    if len(acts) == 1 and acts[0].kind != PLAY:
        return acts[0]
    seat = p.to_move
    # the plays come first; draw / wait / pass last — none while a nine is to be covered (ru-101)
    plays = len(acts) - (acts[-1].kind != PLAY)
    return acts[
        pick(
            acts,
            plays,
            p.hm[seat],
            p.hs[seat],
            _next_small(seat, p.n, p.fin, p.waiting, p.hs, p.dir),
            policy_tables(p),
            rng.getrandbits,
        )
    ]


class _PolicyTables:
    """Per-ruleset data of the keen policy: wild and wishing cards, masks per wished value."""

    def __init__(self, p: Playout):
        k = p.k
        t = k.t
        deck = p.rules.deck
        self.wild = list(t.wild)
        self.makao_pen, self.kakao_pen = k.makao_pen, k.kakao_pen
        masks: dict[tuple[str, str], int] = {}
        for c in deck.all_cards():
            for key in (("rank", deck.rank_of(c)), ("suit", deck.suit_of(c))):
                masks[key] = masks.get(key, 0) | (1 << c)
        self.wish_mask = masks


def policy_tables(p: Playout) -> _PolicyTables:
    """The keen policy's tables of ``p``'s ruleset, built once and kept on the (immutable) ruleset."""
    tabs = p.rules.__dict__.get("_coach_policy")
    if tabs is None:
        tabs = _PolicyTables(p)
        object.__setattr__(p.rules, "_coach_policy", tabs)
    return tabs


def _next_small(seat: int, n: int, fin: list[bool], waiting: list[int], hs: list[int], step: int = 1) -> bool:
    """Whether the next seat that plays, the way play goes, holds 2 cards or fewer (a target worth attacking)."""
    s = seat
    for _ in range(n - 1):
        s = (s + step) % n
        if not fin[s] and not waiting[s]:
            return hs[s] <= 2
    return False


def play_score(a: Action, h: int, nh: int, next_small: bool, tabs: _PolicyTables) -> int:
    """The keen policy's score of a play (see the module docstring); calls forgotten: -1000."""
    nc = a.count
    left = nh - nc
    if (left == 1 and tabs.makao_pen and not a.makao) or (left == 0 and tabs.kakao_pen and not a.kakao):
        return -1000
    score = 10 * nc
    if left:
        if tabs.wild[a.cards[0]]:
            score -= 15
        if a.wish_kind is not None:
            score -= 8
    if a.wish_value is not None:
        assert a.wish_kind is not None  # a wished value comes with its wish card's kind (_Compiled.action)
        after = h & ~a.mask if a.mask >= 0 else h
        score += 3 * (after & tabs.wish_mask[(a.wish_kind, a.wish_value)]).bit_count()
    if next_small and (a.draw or a.skip):
        score += 6
    return score


def pick(
    acts: list[Action],
    plays: int,
    h: int,
    nh: int,
    next_small: bool,
    tabs: _PolicyTables,
    getrandbits: Callable[[int], int],
) -> int:
    """The index of the keen policy's play among the first ``plays`` actions (ties at random)."""
    if plays == 1:
        return 0
    best = -10_000
    top: list[int] = []
    for i in range(plays):
        s = play_score(acts[i], h, nh, next_small, tabs)
        if s > best:
            best = s
            top = [i]
        elif s == best:
            top.append(i)
    if len(top) == 1:
        return top[0]
    m = len(top)
    b = m.bit_length()
    r = getrandbits(b)
    while r >= m:
        r = getrandbits(b)
    return top[r]
