"""The club player: a heuristic a good club player would recognise, built on the Danish app's
"Gode råd" (seed 002) and common sense. Every rule is listed here and in docs/PLAYERS.md with
its source; the weights were tuned in rounds against three "eager" players (a random play
whenever one exists), the bench's harder reference (bench/players_bench.py).

It scores every distinct play (the cards and their order; the wish and the call are then chosen
by rules C5, C6 and C10) and plays the best one; the draw / wait / pass option is taken only
when no card may go (C1, C2). Ties are broken with the seeded generator.

C1  Defend before drawing: under an attack any defence is played rather than taking it
    (common sense: a defence sheds a card and passes the penalty on; seed 002 step 5).
C2  Play rather than draw: a seat that may put a card down does so, and a drawn card that may
    go is played (drawing only adds cards; the queen is kept for exactly this moment, C3).
C3  Keep a queen (any wild card) for later: playing one costs ``KEEP_WILD`` while other cards
    stay in hand (Gode råd 1: "Gem en dame til senere: den passer på alt, når du ikke har
    andre kort").
C4  Attack a player with 1 or 2 cards: an attack on such a seat scores ``ATTACK_SHORT``
    (Gode råd 2: "Når en modstander har 1 eller 2 kort tilbage, så angrib med en toer, en treer
    eller en konge"). Any attack scores ``BLOCK`` per card it makes the target draw
    (``ATTACK_PER_CARD`` of a card each) or turn it makes it sit out (``ATTACK_PER_TURN``), times
    the chance that the target cannot answer it (C9).
C5  Ace (Hungarian felső, any suit wish) to the suit you hold most after the play; ties go to
    the suit the others are least likely to hold (Gode råd 3: "Brug et es til at skifte til den
    kulør, du har flest af"; ties: C9).
C6  Jack (Hungarian alsó, any rank wish) for the rank you hold most after the play; holding none
    of the ranks it may wish, an optional wish is left out ("nothing"), a compulsory one names
    the rank the others are least likely to hold (Gode råd 4: "En knægt, der ønsker en værdi,
    du har flere af, hjælper dig hurtigt af med kortene"; ties: C9).
C7  Shed cards: every card put down scores ``SHED``, so several cards of one rank (or a run of one
    suit where house rules allow runs; its top card alone attacks) go together
    (seed 002 step 3) and a play that empties the hand always wins (``FINISH``).
C8  Leave a top you can follow: the cards still in hand that could go on the new top card (or
    meet the new wish) score ``FOLLOW`` each, so the last of several cards is of the suit you
    hold most, and an ace or jack is played when it turns the game to your cards (common sense;
    Gode råd 3 and 4 say the same for wishes).
C9  Count what has been played: the cards the seat cannot see are the deck less its own hand and
    the pile (``SeatView.unseen``). From them it estimates the chance that the next seat can
    follow the new top, or that the target can answer an attack, and prefers plays that leave the
    next seat stuck: ``BLOCK`` times that chance, times ``BLOCK_SHORT`` when the seat holds 1–2
    cards (common sense: the pile is open to everyone).
C10 Always make the last-card calls (pl "makao", hu "Makaó"/"Kakaó"; RULES.md: computer players
    always call).
C11 In penalty-point variants (cz-prsi, de-maumau, ru-101) costly cards go first: each card put
    down scores ``POINTS`` per penalty point it would cost in hand (common sense).
C12 Keep a suit or rank changer (ace, jack, their Hungarian and relatives' counterparts) while
    it is not needed: playing one costs ``KEEP_CHANGER`` (common sense, as C3).
C13 Keep attack cards for defence while no opponent is close to going out: an attack card put
    down at a seat with 3 or more cards, when no attack is pending, costs ``KEEP_ATTACK`` (seed 002
    step 5: only an attack card answers an attack; tuned in bench/players_bench.py).
"""

from __future__ import annotations

import random

from engine.fastplay import compiled
from engine.moves import Move
from engine.players.common import calls_made, next_seat, previous_seat, view_moves
from engine.ruleset import Ruleset, cached
from engine.seat_view import SeatView
from engine.state import RANK_WISH, SUIT_WISH, tables_for
from engine.transitions import acting_cards

# Weights of the rules above (points of a play's score; higher is better).
FINISH = 10_000.0
SHED = 10.0
KEEP_WILD = 30.0
KEEP_CHANGER = 6.0
ATTACK_SHORT = 40.0
ATTACK_PER_CARD = 0.25  # an attack's penalty in cards drawn by the next seat (BLOCK per card)
ATTACK_PER_TURN = 1.0
FOLLOW = 4.0
BLOCK = 40.0
BLOCK_SHORT = 3.0  # BLOCK is multiplied so when the next seat holds 1-2 cards
POINTS = 0.5
KEEP_ATTACK = 25.0  # C13, per attack card


# Wishes that a card meeting them does not end (engine.rules: "round", "until_return").
_OUTLIVES_A_CARD = ("round", "until_return")


class _Knowledge:
    """What the club player knows about a ruleset before any round (built once per ruleset)."""

    def __init__(self, rules: Ruleset):
        t = tables_for(rules)
        k = compiled(rules)
        self.t, self.k = t, k
        size = t.size
        self.size = size
        self.bit = [1 << c for c in range(size)]
        self.full = (1 << size) - 1
        self.top_ok = k.top_ok
        self.def_ok = k.def_ok
        self.wish_ok = k.wish_mask
        self.suit = t.suit
        self.rank = t.rank
        self.nsuits = len(rules.deck.suits)
        self.nranks = len(rules.deck.ranks)
        self.suit_names = rules.deck.suits
        self.rank_names = rules.deck.ranks
        self.wild = t.wild
        self.changer = [bool(t.wish_kind[c]) and not t.wild[c] for c in range(size)]
        self.draw = t.draw
        self.skip = t.skip
        self.backwards = t.backwards
        self.wish_kind = t.wish_kind
        self.wish_rule = t.wish_rule
        self.draw_adds = rules.draw_adds
        self.skip_adds = rules.skip_adds
        self.makao = rules.call("makao") is not None
        self.kakao = rules.call("kakao") is not None
        points = rules.card_points if rules.end_result == "penalty_points" else {}
        self.points = [float(points.get(rules.deck.rank_of(c), 0)) for c in range(size)]
        self.suit_mask = [sum(1 << c for c in range(size) if t.suit[c] == s) for s in range(self.nsuits)]
        self.rank_mask = [sum(1 << c for c in range(size) if t.rank[c] == r) for r in range(self.nranks)]
        self.rank_index = {r: i for i, r in enumerate(rules.deck.ranks)}
        # The wish values each wish card may name, as (value, rank or suit index).
        self.values: list[tuple[tuple[str, int], ...]] = []
        for c in range(size):
            rule = t.wish_rule[c]
            if rule is None:
                self.values.append(())
            elif rule.wish == "rank":
                self.values.append(tuple((v, self.rank_index[v]) for v in rule.wish_values))
            else:
                self.values.append(tuple((s, i) for i, s in enumerate(rules.deck.suits)))


def knowledge(rules: Ruleset) -> _Knowledge:
    """The club player's per-ruleset tables, built once and kept on the (immutable) ruleset."""
    return cached(rules, "_club", _Knowledge)


def _pop(mask: int) -> int:
    return mask.bit_count()


def choose_club(view: SeatView, rng: random.Random) -> Move:
    """Returns the club player's move for the seat to move (rules C1–C13 of this module)."""
    moves = view_moves(view)
    if len(moves) == 1:
        return moves[0]
    plays: dict[tuple[int, ...], list[Move]] = {}
    other: Move | None = None
    for move in moves:
        if move.kind == "play":
            group = plays.get(move.cards)
            if group is None:
                plays[move.cards] = [move]
            else:
                group.append(move)
        else:
            other = move
    if not plays:
        return other  # type: ignore[return-value]
    if len(plays) == 1 and view.drawn is None and view.attack is None:
        # One card may go: C2 plays it; only its wish and call remain to choose.
        cards, group = next(iter(plays.items()))
        return _best_of(view, knowledge(view.rules), cards, group)[1]

    ctx = _context_of(view)

    best_score = None
    best: list[Move] = []
    for cards, group in plays.items():
        score, move = _score(ctx, cards, group)
        if best_score is None or score > best_score:
            best_score, best = score, [move]
        elif score == best_score:
            best.append(move)
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


def _context_of(view: SeatView) -> _Context:
    """What the club player's scores read of ``view``: its hand and the cards it cannot see."""
    kn = knowledge(view.rules)
    bit = kn.bit
    seat = view.seat
    hand = view.hand
    hand_mask = 0
    for c in hand:
        hand_mask |= bit[c]
    # C9: the cards this seat cannot see (one bit per card; a second bit-set for second copies).
    copies = view.rules.copies_for(len(view.hand_sizes))
    if copies == 1:
        seen = hand_mask
        for c in view.pile:
            seen |= bit[c]
        unseen1, unseen2 = kn.full & ~seen, 0
    else:
        counts = [copies] * kn.size
        for c in hand:
            counts[c] -= 1
        for c in view.pile:
            counts[c] -= 1
        unseen1 = unseen2 = 0
        for c, n in enumerate(counts):
            if n >= 1:
                unseen1 |= bit[c]
            if n >= 2:
                unseen2 |= bit[c]
    pool = _pop(unseen1) + _pop(unseen2)
    return (kn, view, hand_mask, unseen1, unseen2, pool, next_seat(view, seat), previous_seat(view, seat))


def club_scores(view: SeatView) -> dict[tuple[int, ...], float]:
    """The club player's score of every set of cards that may go down, in order (C3–C13; the
    opponent model of ``engine.coach.belief``): its move is one with the highest score."""
    plays: dict[tuple[int, ...], list[Move]] = {}
    for move in view_moves(view):
        if move.kind == "play":
            plays.setdefault(move.cards, []).append(move)
    ctx = _context_of(view)
    return {cards: _score(ctx, cards, group)[0] for cards, group in plays.items()}


def _remaining(hand: tuple[int, ...], cards: tuple[int, ...]) -> list[int]:
    rem = list(hand)
    for c in cards:
        rem.remove(c)
    return rem


def _best_of(view: SeatView, kn: _Knowledge, cards: tuple[int, ...], group: list[Move]) -> tuple[str | None, Move]:
    """The wish (C5, C6) and the calls (C10) for playing ``cards``, as one of the listed moves."""
    rem = _remaining(view.hand, cards)
    value = _wish_value(kn, cards[-1], rem, None)
    return value, _pick(kn, group, cards[-1], value)


def club_move_for(view: SeatView, cards: tuple[int, ...], group: list[Move]) -> Move:
    """The move of ``group`` (the legal moves putting down ``cards``) that the club player would
    make: its wish (C5, C6) and every last-card call (C10)."""
    return _best_of(view, knowledge(view.rules), cards, group)[1]


def _wish_value(kn: _Knowledge, last: int, rem: list[int], unseen: tuple[int, int] | None) -> str | None:
    """C5/C6: the wish the last card makes — the suit or rank held most after the play, ties to
    the one the others are least likely to hold; None for a card without a wish, "none" for an
    optional rank wish when no wishable rank is held."""
    kind = kn.wish_kind[last]
    if not kind:
        return None
    values = kn.values[last]
    if not rem:
        return values[0][0]
    if kind == SUIT_WISH:
        held = [0] * kn.nsuits
        for c in rem:
            if not kn.wild[c] and not kn.changer[c]:
                held[kn.suit[c]] += 1
        masks = kn.suit_mask
    else:
        held = [0] * kn.nranks
        for c in rem:
            held[kn.rank[c]] += 1
        masks = kn.rank_mask
    best_value, best_key = None, None
    for value, index in values:
        h = held[index]
        others = 0
        if unseen is not None:
            others = _pop(unseen[0] & masks[index]) + _pop(unseen[1] & masks[index])
        key = (h, -others)
        if best_key is None or key > best_key:
            best_value, best_key = value, key
    rule = kn.wish_rule[last]
    if kind == RANK_WISH and best_key is not None and best_key[0] == 0 and rule is not None and rule.wish_optional:
        return "none"
    return best_value


def _pick(kn: _Knowledge, group: list[Move], last: int, value: str | None) -> Move:
    """The move of ``group`` that makes wish ``value`` and every last-card call (C10)."""
    kind = kn.wish_kind[last]
    for move in calls_made(group):
        if kind == RANK_WISH and move.demand != value:
            continue
        if kind == SUIT_WISH and move.suit != value:
            continue
        return move
    return calls_made(group)[0]


# What _score reads of the decision: knowledge, view, hand mask, unseen cards (one copy, two), their count,
# the next and the previous seat.
_Context = tuple[_Knowledge, SeatView, int, int, int, int, int | None, int | None]


def _score(ctx: _Context, cards: tuple[int, ...], group: list[Move]) -> tuple[float, Move]:
    """The club player's score of playing ``cards`` (rules C3–C13) and the move that does it."""
    kn, view, hand_mask, unseen1, unseen2, pool, nxt, prv = ctx
    rem = _remaining(view.hand, cards)
    last = cards[-1]
    value = _wish_value(kn, last, rem, (unseen1, unseen2))
    move = _pick(kn, group, last, value)
    if not rem:
        return FINISH, move  # C7: going out
    score = _shed_score(kn, cards)
    bit = kn.bit
    rem_mask = 0
    for c in rem:
        rem_mask |= bit[c]
    score, attacker = _attack_score(ctx, cards, score)
    follow = _follow_mask(kn, view, last, value)
    score += FOLLOW * _pop(rem_mask & follow)  # C8
    if attacker < 0 and nxt is not None:
        h = view.hand_sizes[nxt]
        stuck = 1.0 - _chance_holds(h, _pop(unseen1 & follow) + _pop(unseen2 & follow), pool)
        score += BLOCK * stuck * (BLOCK_SHORT if h <= 2 else 1.0)  # C9
    return score, move


def _shed_score(kn: _Knowledge, cards: tuple[int, ...]) -> float:
    """The score of shedding ``cards``, less what keeping a wild or a changer would be worth."""
    score = SHED * len(cards)  # C7
    wild, changer, points = kn.wild, kn.changer, kn.points
    for c in cards:
        if wild[c]:
            score -= KEEP_WILD  # C3
        elif changer[c]:
            score -= KEEP_CHANGER  # C12
        score += POINTS * points[c]  # C11
    return score


def _attack_score(ctx: _Context, cards: tuple[int, ...], score: float) -> tuple[float, int]:
    """``score`` with what the attack of ``cards`` is worth (C4, C9, C13), and the attacking card or -1."""
    kn, view, hand_mask, unseen1, unseen2, pool, nxt, prv = ctx
    last = cards[-1]
    draw_total = skip_total = 0
    attacker = -1
    for c in acting_cards(tables_for(view.rules), cards):  # a run attacks with its top card only
        if kn.draw[c]:
            draw_total += kn.draw[c]
            attacker = c
        elif kn.skip[c]:
            skip_total += kn.skip[c]
            attacker = c
    if attacker < 0:
        return score, attacker
    attack = view.attack
    if (
        attack is not None
        and attack.kind == ("draw" if draw_total else "skip")
        and (kn.draw_adds if draw_total else kn.skip_adds)
    ):
        draw_total += attack.amount if draw_total else 0
        skip_total += attack.amount if skip_total else 0
    target = prv if kn.backwards[attacker] else nxt
    if target is not None:
        # C4, C9: the target takes the attack unless it holds an answer to it.
        sizes = view.hand_sizes
        answers = kn.def_ok[attacker][last]
        stuck = 1.0 - _chance_holds(sizes[target], _pop(unseen1 & answers) + _pop(unseen2 & answers), pool)
        short = sizes[target] <= 2
        penalty = ATTACK_PER_CARD * draw_total + ATTACK_PER_TURN * skip_total
        score += stuck * (BLOCK * penalty * (BLOCK_SHORT if short else 1.0) + (ATTACK_SHORT if short else 0.0))
        if not short and attack is None:
            score -= KEEP_ATTACK * len(cards)  # C13
    return score, attacker


def _follow_mask(kn: _Knowledge, view: SeatView, last: int, value: str | None) -> int:
    """The cards the next seat may follow with after ``last``: the wish it makes or leaves standing, else the top."""
    wish = view.wish
    if kn.wish_kind[last]:
        if value in (None, "none"):
            return kn.top_ok[last]
        return kn.wish_ok("rank" if kn.wish_kind[last] == RANK_WISH else "suit", value)[last]
    if wish is not None and wish.duration in _OUTLIVES_A_CARD and wish.by != view.seat:
        return kn.wish_ok(wish.kind, wish.value)[last]  # pl, da jack; pl-trad: the wish goes on
    return kn.top_ok[last]


def _chance_holds(hand_size: int, good: int, pool: int) -> float:
    """The chance that a hand of ``hand_size`` unseen cards holds at least one of ``good`` cards
    among ``pool`` unseen ones (drawn with replacement: close enough for a heuristic)."""
    if pool <= 0 or good <= 0:
        return 0.0
    miss = 1.0 - good / pool
    return 1.0 - miss**hand_size
