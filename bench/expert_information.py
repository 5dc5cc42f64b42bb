"""Expert information study: how much the expert would gain from knowing more of the hidden cards.

    python bench/expert_information.py [--variants hu,da,pl] [--rounds 400] [--first 0]
                                       [--beliefs uniform,voids,q25,q50,hands,open] [--budget 240]

The expert (``engine.coach.expert``) deals each search world's hidden cards from a *belief*; the
player as shipped deals them uniformly among the cards its seat cannot see. This study swaps
that deal (``search_club(..., deal=...)``), here in the bench only, to measure what information
is worth against three club players:

* ``uniform`` — the player as shipped (``engine.seat_view.sample_state``).
* ``voids`` — honest inference from the table's public record under the opponent model. A club
  player plays whenever a card may go (rules C1, C2 of ``engine/players/club.py``), so a seat that
  draws with no attack pending held no card that could go down first then (on the top, or meeting
  the wish); a seat that takes an attack held no defence; a drawn card that does not go down could
  not go either. The tracker (``Voids``) keeps, for each card in an opponent's hand, the cards it
  cannot be (one *slot* per card) and deals each world consistently with them. It reads public
  facts only — the top, the wish, the attack, the hand sizes, whose turn it is, and the moves.
  Every expert decision checks that the true hands fit the slots (``violations``: 0 when the
  inference is sound).
* ``q25``, ``q50``, ``q75`` — yardsticks of information, not players (they read the true hands):
  each world keeps each card of every opponent's true hand with chance q and deals the others
  uniformly.
* ``hands`` — the opponents' true hands; the deck dealt anew, its reshuffles seeded anew.
* ``open`` — everything: the true hands and the deck's true order.

Rounds as ``bench/coach_bench.py``'s strength table: deal ``10_000 + r``, the expert at seat
``r % 4``, every move's generator ``engine.match.move_rng(deal, ply)``; the reference, in the same
run and on the same deals, is the club player in that seat. A win is going out first (25% is
parity; the issue's bar is 35%). Time is CPU time per expert move.
"""
from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from coach_bench import round_result  # noqa: E402

from engine.coach import objective_for  # noqa: E402
from engine.coach.belief import first_cards, take_slot  # noqa: E402
from engine.coach.expert import EXPERT_PLAYOUTS, choose_expert  # noqa: E402
from engine.fastplay import Playout  # noqa: E402
from engine.match import move_rng, playout_view  # noqa: E402
from engine.players.club import choose_club  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from engine.seat_view import SeatView, sample_state, world_of  # noqa: E402
from engine.state import State  # noqa: E402

BELIEFS = ("uniform", "voids", "q25", "q50", "q75", "hands", "open")


class Voids:
    """Per opponent seat, one mask per card held: the cards it cannot be (see the module docstring)."""

    def __init__(self, sizes: list[int], seat: int):
        self.seat = seat
        self.slots = [[0] * n for n in sizes]

    def see(self, public: SeatView, move, after: SeatView) -> None:
        """Notes the move of ``public.to_move`` (``public`` and ``after``: the table before and after it,
        with no hand in either)."""
        mover = public.to_move
        if mover != self.seat:
            slots = self.slots[mover]
            if move.kind == "play":
                for c in move.cards:
                    take_slot(slots, c, newest=public.drawn is not None)
            elif public.drawn is None:
                can = first_cards(public)
                for i in range(len(slots)):
                    slots[i] |= can  # C1/C2: it drew (or sat out) holding none of them
                drew = after.hand_sizes[mover] - public.hand_sizes[mover]
                slots.extend([0] * max(0, drew))
                voluntary = public.attack is None and move.kind == "draw" and drew == 1
                if voluntary and public.rules.play_drawn and after.to_move != mover and slots:
                    slots[-1] |= can  # the drawn card could not go either, so the turn passed
        for s, slots in enumerate(self.slots):  # cards a seat got or lost outside its own move
            if s != self.seat:
                while len(slots) < after.hand_sizes[s]:
                    slots.append(0)
                while len(slots) > after.hand_sizes[s]:
                    slots.pop(0)

    def deal(self, view: SeatView, rng: random.Random) -> State:
        """A world: the most constrained slots are dealt first, each a random unseen card it may be."""
        pool = list(view.unseen())
        rng.shuffle(pool)
        order = sorted(((m, s) for s in range(view.players) if s != view.seat for m in self.slots[s]),
                       key=lambda t: -t[0].bit_count())
        got: list[list[int]] = [[] for _ in range(view.players)]
        for mask, s in order:
            at = next((j for j, c in enumerate(pool) if not (mask >> c) & 1), 0)
            got[s].append(pool[at])
            pool[at] = pool[-1]
            pool.pop()
        hands = tuple(view.hand if s == view.seat else tuple(sorted(got[s])) for s in range(view.players))
        return world_of(view, hands, tuple(pool[: view.deck_size]), rng.randrange(2**31))

    def fits(self, p: Playout) -> bool:
        """Whether every opponent's true hand fits its slots (greedy, most constrained slot first)."""
        for s, slots in enumerate(self.slots):
            if s == self.seat:
                continue
            left = p.hand(s)
            for mask in sorted(slots, key=lambda m: -m.bit_count()):
                c = next((c for c in left if not (mask >> c) & 1), None)
                if c is None:
                    return False
                left.remove(c)
        return True

    def excluded(self) -> list[int]:
        return [m.bit_count() for s, slots in enumerate(self.slots) if s != self.seat for m in slots]


def peeking_deal(truth: State, seat: int, keep: float | None, rng: random.Random) -> State:
    """A yardstick world from the true state: ``keep`` None keeps the deck's order too (``open``);
    otherwise each opponent card is kept with chance ``keep`` and the rest dealt anew."""
    if keep is None:
        return truth
    free = list(truth.deck)
    kept: list[list[int]] = []
    for s, hand in enumerate(truth.hands):
        mine = list(hand) if s == seat else [c for c in hand if rng.random() < keep]
        free += [c for c in hand if s != seat and c not in mine]
        kept.append(mine)
    rng.shuffle(free)
    hands = []
    for s, hand in enumerate(truth.hands):
        need = len(hand) - len(kept[s])
        hands.append(hand if s == seat else tuple(sorted(kept[s] + free[:need])))
        free = free[need:]
    return truth._replace(hands=tuple(hands), deck=tuple(free), seed=rng.randrange(2**31))


def play_round(rules, obj, r: int, belief: str, budget: int) -> tuple[bool, float, float, int, int, list[int]]:
    """One round with the expert (``belief``) at seat ``r % 4``, or the club player (``belief`` None);
    its win, objective, CPU seconds and moves, and (voids) violations and excluded-card counts."""
    seed, seat = 10_000 + r, r % 4
    p = Playout.new_game(rules, 4, seed)
    voids = Voids(list(p.hs), seat) if belief == "voids" else None
    truth: list[State] = []
    keep = {"q25": 0.25, "q50": 0.5, "q75": 0.75, "hands": 1.0}.get(belief or "")

    def deal(view: SeatView, rng: random.Random) -> State:
        if belief == "uniform":
            return sample_state(view, rng)
        if voids is not None:
            return voids.deal(view, rng)
        return peeking_deal(truth[0], seat, keep, rng)

    spent, moves, violations, excluded = 0.0, 0, 0, []
    ply = 0
    while not p.over and ply < 5000:
        view = playout_view(p)
        rng = move_rng(seed, ply)
        if view.seat == seat and belief is not None:
            if voids is not None:
                violations += not voids.fits(p)
                excluded += voids.excluded()
            truth[:] = [p.to_state()]
            start = time.process_time()
            move = choose_expert(view, rng, budget, deal=deal)
            spent += time.process_time() - start
            moves += 1
        else:
            move = choose_club(view, rng)
        public = view._replace(hand=(), drawn=None if view.drawn is None else -1)  # a drawn card waits: public
        p.apply(move)
        if voids is not None:
            voids.see(public, move, playout_view(p)._replace(hand=()))
        ply += 1
        if obj.kind in ("place", "not_loser") and seat in p.finished:
            break
    win, value = round_result(rules, obj, p, seat)
    return win, value, spent, moves, violations, excluded


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", default="hu,da,pl")
    ap.add_argument("--rounds", type=int, default=400)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--beliefs", default="uniform,voids,q25,q50,hands,open")
    ap.add_argument("--budget", type=int, default=EXPERT_PLAYOUTS)
    args = ap.parse_args(argv)
    beliefs = [b for b in args.beliefs.split(",") if b]
    bad = [b for b in beliefs if b not in BELIEFS]
    if bad:
        ap.error(f"unknown belief {', '.join(bad)} (use: {', '.join(BELIEFS)})")
    print(f"# expert information study: {args.rounds} rounds a ruleset from round {args.first}, "
          f"{args.budget} rollouts a move, against three club players")
    print("\n| ruleset | belief | expert wins | 95% | club in the seat, same deals | paired gain | "
          "own objective, expert / club | ms a move | inference check |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for variant in [v for v in args.variants.split(",") if v]:
        rules = load_ruleset(variant)
        obj = objective_for(rules)
        rounds = range(args.first, args.first + args.rounds)
        ref = [play_round(rules, obj, r, None, args.budget) for r in rounds]
        for belief in beliefs:
            got = []
            for i, r in enumerate(rounds):
                got.append(play_round(rules, obj, r, belief, args.budget))
                if (i + 1) % 50 == 0:
                    w = sum(g[0] for g in got)
                    print(f"  {variant} {belief}: {i + 1} rounds, {100 * w / (i + 1):.1f}% wins", file=sys.stderr,
                          flush=True)
            n = len(got)
            rate = sum(g[0] for g in got) / n
            diffs = [g[0] - f[0] for g, f in zip(got, ref, strict=True)]
            gain_half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else float("inf")
            moves = sum(g[3] for g in got)
            check = ""
            if belief == "voids":
                excl = [x for g in got for x in g[5]]
                check = (f"{sum(g[4] for g in got)} violations in {moves} decisions; a card is ruled out of "
                         f"{statistics.mean(excl) if excl else 0:.1f} of {rules.deck.size} on average")
            print(f"| {variant} | {belief} | {100 * rate:.1f}% | ±{196 * math.sqrt(rate * (1 - rate) / n):.1f} | "
                  f"{100 * sum(f[0] for f in ref) / n:.1f}% | {100 * statistics.mean(diffs):+.1f} ±{100 * gain_half:.1f} | "
                  f"{statistics.mean(g[1] for g in got):.3f} / {statistics.mean(f[1] for f in ref):.3f} | "
                  f"{1000 * sum(g[2] for g in got) / max(1, moves):.1f} | {check} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
