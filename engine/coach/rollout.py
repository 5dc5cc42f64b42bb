"""The coach's rollout: a round played on to its end for one seat, every seat playing eagerly.

The search (``engine.coach.search``) plays each candidate move out many times. Uniformly random
rollouts (``Playout.play_random``) are poor models of people: they draw when they could play and
forget the last-card call half the time (5 penalty cards in ``pl``), so a round lasts 2,000
decisions in ``pl``. The rollout policy here is *eager*: a seat plays a uniformly chosen legal
play when it has one (a playable drawn card goes down), always making the last-card calls, and
draws (or sits out) only when it has no play. It is played on the playout kernel's own
representation and compiled tables (``engine.fastplay``): this function is the kernel's move loop
with the eager choice in place of the uniform one, and ``tests/engine/test_coach.py`` replays
rollouts move by move through ``Playout.apply`` and requires the same state at the end.

A rollout stops as soon as the coached seat's result is known — when the round is over, when the
seat has gone out (its place is then fixed: ``pl`` places, ``pl-trad`` not the loser), or, for
results decided by the first seat out, when anyone has gone out — or after ``cap`` moves, when the
objective's cheap evaluation (``engine.coach.objective``) scores the unfinished round.
"""
from __future__ import annotations

import random

from engine.fastplay import DRAW_K, PLAY, ROUND, UNTIL_RETURN, WAIT_K, Playout, _counted, _tuple_new
from engine.state import Wish

ROLLOUT_CAP = 400   # moves; beyond this the cheap evaluation scores the round (rare: see docs/COACH.md)


def rollout(p: Playout, rng: random.Random, seat: int, stop_at_first_out: bool, cap: int = ROLLOUT_CAP) -> int:
    """Plays ``p`` on in place with the eager policy until ``seat``'s result is known or ``cap``
    moves are made; returns the number of moves made."""
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
    bitlen = [0] + [i.bit_length() for i in range(1, 1024)]
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
                        key = (c, h & rank_mask[c], nh if nh < nh_free else -1)
                        try:
                            acts += multi_masks[key]
                        except KeyError:
                            acts += multi_for_mask(key, nh)
                    else:
                        acts += singles[c]
                acts.append(WAIT_A if ak == 2 else DRAW_A)
                m = len(acts)
        # ---- the eager choice: a uniformly chosen play (the list's last entry is draw, wait or
        # pass), with the last-card call made: a play without the call follows the same play with
        # it (engine.state.play_moves), so the uncalled one is replaced by its predecessor.
        if acts is None:
            a = WAIT_A if ak == 2 else DRAW_A
        else:
            plays = m - 1
            if plays == 1:
                r = 0
            else:
                b = bitlen[plays] if plays < 1024 else plays.bit_length()
                r = getrandbits(b)
                while r >= plays:
                    r = getrandbits(b)
            a = acts[r]
            if a[0] == PLAY:
                left = nh - a[2]
                if (left == 1 and makao_pen and not a[13]) or (left == 0 and kakao_pen and not a[14]):
                    a = acts[r - 1]
        # ---- applying the action (as Playout._run, which follows engine.rules._apply)
        kind = a[0]
        drawn = -1
        hand_on = True
        if kind == PLAY:
            _, cards, nc, cmask, dt, st_, attacker, wmode, wk, wv, wd, wds, wokn, mk, kk, _ = a
            if cnt is None:
                hm[seat] ^= cmask
            else:
                cs = cnt[seat]
                h = hm[seat]
                for c in cards:
                    cs[c] -= 1
                    if not cs[c]:
                        h ^= bit[c]
                hm[seat] = h
            nh = hs[seat] - nc
            hs[seat] = nh
            pile += cards
            if dt:
                aa = (aa if ak == 1 and draw_adds else 0) + dt
                ak = 1
                ac = attacker
            elif st_:
                aa = (aa if ak == 2 and skip_adds else 0) + st_
                ak = 2
                ac = attacker
            else:
                ak = 0
            new_wish = False
            if wmode:
                if wmode == 2:
                    wish = _tuple_new(Wish, (wk, wv, seat, wds))
                    wby, wdur, wok = seat, wd, wokn
                    new_wish = True
                else:
                    wish, wby = None, -1
            elif wish is not None and wdur >= 2:
                wish, wby = None, -1
            if nh == 1 and makao_pen and not mk:
                p._draw(seat, makao_pen)
            elif nh == 0 and kakao_pen and not kk:
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


def eager_action(p: Playout, rng: random.Random) -> tuple:
    """The eager policy's choice in ``p`` through the kernel's public listing (the slow path the
    tests compare ``rollout`` with): the same random draws as one step of ``rollout``."""
    acts = p._actions()
    k = p.k
    seat = p.to_move
    if len(acts) == 1:
        return acts[0]
    plays = len(acts) - 1
    r = 0 if plays == 1 else rng.randrange(plays)
    a = acts[r]
    if a[0] == PLAY:
        left = p.hs[seat] - a[2]
        if (left == 1 and k.makao_pen and not a[13]) or (left == 0 and k.kakao_pen and not a[14]):
            a = acts[r - 1]
    return a
