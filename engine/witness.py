"""Witnesses: positions where the same move is judged differently under two rulesets.

"I know how we play at home (ruleset A) — what is different at this table (ruleset B)?"
``find_witnesses(home, table)`` answers with positions the engine finds by itself:

1. **real play**: seeded random rounds under the table's rules on the playout kernel
   (``engine.fastplay.Playout``); at every decision each candidate move is judged under both
   rulesets (``legal_moves`` and the events of ``apply_move``). This also counts how often each
   kind of difference arises in real play (the frequency estimate of every witness);
2. **targeted construction**: for every ruleset field that differs and has no witness yet,
   small seeded positions built around it (the cards whose rule differs, the attacks and wishes
   it concerns, an empty deck for the reshuffle fallback, a last card for the end of the round).

Every witness is then **minimised**: cards (and seats) are removed one at a time while the
position stays possible under both rulesets and shows the same difference, so removing any
further card loses the difference or makes the position impossible. Each witness names the
ruleset fields that explain it, found by swapping one field at a time (``hybrid``). A field
that differs but cannot change a verdict (it changes only the deal, the scoring or the words
said) is reported in ``unwitnessed`` with the reason, as is a field the search did not witness.

Stdlib only; house rulesets (any ``Ruleset`` object) work like the shipped ones.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, cast

from engine.cards import DeckKind
from engine.deckmap import DeckMap, deck_map, ruleset_in_deck
from engine.errors import PositionError
from engine.fastplay import Playout
from engine.moves import Move, format_move, parse_move
from engine.position import position_from_json, position_to_json, taken_at_once
from engine.rules import apply_move, check, judge_card, legal_moves
from engine.ruleset import Call, CardRule, DefenceRule, Ruleset
from engine.state import State, tables_for
from engine.verdicts import LEGAL_PLAY, Event, Verdict

__all__ = [
    "FieldDiff",
    "Frequency",
    "Unwitnessed",
    "Witness",
    "WitnessReport",
    "differing_fields",
    "find_witnesses",
    "hybrid",
    "outcome_key",
    "shows_difference",
    "situation",
    "witness_states",
]

_LEGAL = frozenset(LEGAL_PLAY)

EventKey = tuple[str, *tuple[object, ...]]  # an event as a player sees it (``_event_key``)
OutcomeKey = tuple[object, ...]  # (False,) when illegal, or (True, the keys of its events)
# (kind, move kind, rank of the last card, context, reason under A, reason under B, aspects): ``_signature``
Signature = tuple[str, str, str, str, str, str, tuple[str, ...]]
FoundKey = Signature | tuple[Signature, str]  # a situation found in play, or (situation, field) built
# What a field can change (RULES.md): the play itself, or only the deal, the scoring, the words.
PLAY, DEAL, SCORING, WORDS = "play", "deal", "scoring", "words"
# Why a field that differs has no witness.
WHY_DEAL = "deal_only"  # changes only the deal (players, hand size, starter card, decks)
WHY_SCORING = "scoring_only"  # changes only how a finished round is scored
WHY_WORDS = "words_only"  # changes only the word said (makao, Makaó, Mau)
WHY_NO_CARD = "no_card"  # no card of either ruleset is concerned (e.g. a wild rule, no wild card)
WHY_SAME_PLAY = "same_in_play"  # the two values are played alike (until covered / until fulfilled)
WHY_NOT_FOUND = "not_found"  # the search found no position within its budget
WHY_NO_COUNTERPART = "no_counterpart"  # a card of the table's deck that the home deck lacks (hu → pl: the 2)
# Why two rulesets cannot be compared at all.
WHY_DECKS = "different_decks"
WHY_SEATS = "no_common_seat_count"

_ATTACK_ATTRS = ("draw", "skip", "target")
_WISH_ATTRS = ("wish", "wish_values", "wish_optional", "wish_duration")
_WILD_FIELDS = ("blocked_by_attack", "blocked_by_rank_wish", "blocked_by_suit_wish", "not_on_same_rank")


# ---------------------------------------------------------------------------- fields


@dataclass(frozen=True)
class FieldDiff:
    """One ruleset field whose value differs: ``key`` names it (``cards.A.wish_duration``,
    ``defence.2``, ``wild.blocked_by_suit_wish``, ``end.mode`` …), with both values."""

    key: str
    home: Any
    table: Any
    scope: str  # PLAY, DEAL, SCORING or WORDS


def _rule_of(r: Ruleset, card: int) -> CardRule:
    return r.card_rule(card) or CardRule(r.deck.name(card))


def _rank_value(r: Ruleset, rank: str, attrs: tuple[str, ...]) -> Any:
    """The values of ``attrs`` for the cards of one rank: one value, or per card where suits differ."""
    deck = r.deck
    per_card = {}
    for suit in deck.suits:
        rule = _rule_of(r, deck.card(rank, suit))
        value = tuple(getattr(rule, a) for a in attrs)
        value = value[0] if len(attrs) == 1 else value
        per_card[rank + suit] = list(value) if isinstance(value, tuple) else value
    values = list(per_card.values())
    return values[0] if all(v == values[0] for v in values) else per_card


def _attack_kind(rule: CardRule) -> str:
    return "draw" if rule.draw else "skip" if rule.skip else ""


def _card_fields(a: Ruleset, b: Ruleset) -> list[FieldDiff]:
    out = []
    deck = a.deck
    for rank in deck.ranks:
        cards = [deck.card(rank, s) for s in deck.suits]
        ra, rb = [_rule_of(a, c) for c in cards], [_rule_of(b, c) for c in cards]

        # Bound per rank (default arguments): each closure reads this rank's rules only.
        def differs(attrs: tuple[str, ...], ra: list[CardRule] = ra, rb: list[CardRule] = rb) -> bool:
            return any(getattr(x, n) != getattr(y, n) for x, y in zip(ra, rb, strict=False) for n in attrs)

        def add(name: str, attrs: tuple[str, ...], rank: str = rank) -> None:
            out.append(
                FieldDiff(f"cards.{rank}.{name}", _rank_value(a, rank, attrs), _rank_value(b, rank, attrs), PLAY)
            )

        if differs(_ATTACK_ATTRS):
            if any(_attack_kind(x) != _attack_kind(y) for x, y in zip(ra, rb, strict=False)):
                add("attack", _ATTACK_ATTRS)
            else:
                for name in _ATTACK_ATTRS:
                    if differs((name,)):
                        add(name, (name,))
        if differs(_WISH_ATTRS):
            if differs(("wish",)):
                add("wish", _WISH_ATTRS)
            else:
                for name in _WISH_ATTRS[1:]:
                    if differs((name,)):
                        add(name, (name,))
        if differs(("wild",)):
            add("wild", ("wild",))
        if differs(("cover",)):
            add("cover", ("cover",))  # ru-101's nine: its player covers it
        if differs(("reverse",)):  # the direction of play (de-maumau-9's 9)
            add("reverse", ("reverse",))
    return out


def _defence_fields(a: Ruleset, b: Ruleset) -> list[FieldDiff]:
    """Per attacking rank: the (attacking card, defending card) pairs only one ruleset allows,
    among cards that make the same kind of attack in both."""
    ta, tb = tables_for(a), tables_for(b)
    deck = a.deck
    out = []
    for rank in deck.ranks:
        home: list[str] = []
        table: list[str] = []
        for suit in deck.suits:
            x = deck.card(rank, suit)
            if not (ta.draw[x] and tb.draw[x] or ta.skip[x] and tb.skip[x]):
                continue
            for c in deck.all_cards():
                if ta.defends[x][c] != tb.defends[x][c]:
                    (home if ta.defends[x][c] else table).append(f"{deck.name(x)}>{deck.name(c)}")
        if home or table:
            out.append(FieldDiff(f"defence.{rank}", home, table, PLAY))
    return out


def _call(r: Ruleset, name: str) -> Call | None:
    return r.call(name)


def _separate_classes(r: Ruleset) -> list[list[str]]:
    """The cards of each ``[play] separate`` class (as played: patterns spelt out, order kept)."""
    deck = r.deck
    return [[deck.name(c) for c in deck.all_cards() if r.group_class(c) == i + 1] for i in range(len(r.separate))]


def differing_fields(a: Ruleset, b: Ruleset) -> list[FieldDiff]:
    """Lists every field of two rulesets of one deck kind whose value differs, as the engine plays it."""
    out: list[FieldDiff] = []

    def plain(key: str, va: Any, vb: Any, scope: str) -> None:
        if va != vb:
            out.append(FieldDiff(key, va, vb, scope))

    plain("players", list(a.players), list(b.players), DEAL)
    plain("hand_size", a.hand_size, b.hand_size, DEAL)
    plain("deck_copies", [list(p) for p in a.deck_copies], [list(p) for p in b.deck_copies], DEAL)
    plain("starter.forbidden", sorted(a.starter_forbidden), sorted(b.starter_forbidden), DEAL)
    plain("starter.rejected_to", a.starter_rejected_to, b.starter_rejected_to, DEAL)
    plain("starter.triggers", a.starter_triggers, b.starter_triggers, DEAL)
    plain("play.several_cards", a.several_cards, b.several_cards, PLAY)
    plain("play.play_drawn", a.play_drawn, b.play_drawn, PLAY)
    if a.several_cards or b.several_cards:
        plain("play.min_group", a.min_group, b.min_group, PLAY)
        plain("play.separate", _separate_classes(a), _separate_classes(b), PLAY)
    plain("play.runs", a.runs, b.runs, PLAY)
    plain("attack.draw_adds", a.draw_adds, b.draw_adds, PLAY)
    plain("attack.skip_adds", a.skip_adds, b.skip_adds, PLAY)
    plain("attack.self_target", a.self_target, b.self_target, PLAY)
    plain("attack.after_penalty", a.after_penalty, b.after_penalty, PLAY)
    out.extend(_card_fields(a, b))
    for name in _WILD_FIELDS:
        plain(f"wild.{name}", getattr(a, f"wild_{name}"), getattr(b, f"wild_{name}"), PLAY)
    out.extend(_defence_fields(a, b))
    for name in ("makao", "kakao"):
        ca, cb = _call(a, name), _call(b, name)
        plain(f"calls.{name}", ca and ca.penalty, cb and cb.penalty, PLAY)
        if ca and cb:
            plain(f"calls.{name}.word", ca.word, cb.word, WORDS)
    plain("end.mode", a.end_mode, b.end_mode, PLAY)
    plain("end.result", a.end_result, b.end_result, SCORING)
    plain("end.points_per_card", a.points_per_card, b.points_per_card, SCORING)
    plain("end.card_points", dict(a.card_points), dict(b.card_points), SCORING)
    plain("reshuffle.fallback", a.reshuffle_fallback, b.reshuffle_fallback, PLAY)
    return out


def _restricted(defences: tuple[DefenceRule, ...], deck: DeckKind, rank: str, keep: bool) -> list[DefenceRule]:
    """The defence rules cut down to attacking cards of ``rank`` (keep) or of every other rank."""
    out = []
    for d in defences:
        against = tuple(p for p in d.against if ((p if p in deck.ranks else p[:-1]) == rank) == keep)
        if against:
            out.append(DefenceRule(against, d.with_, d.condition))
    return out


def hybrid(a: Ruleset, b: Ruleset, key: str) -> Ruleset:
    """Returns ruleset ``a`` with the one field ``key`` (a ``FieldDiff.key``) taken from ``b``."""
    part, _, rest = key.partition(".")
    if part == "play":
        return replace(a, **{rest: getattr(b, rest)})
    if part == "attack":
        return replace(a, **{rest: getattr(b, rest)})
    if part == "wild":
        return replace(a, **{f"wild_{rest}": getattr(b, f"wild_{rest}")})
    if part == "end" and rest == "mode":
        return replace(a, end_mode=b.end_mode)
    if part == "reshuffle":
        return replace(a, reshuffle_fallback=b.reshuffle_fallback)
    if part == "calls":
        calls = dict(a.calls)
        calls[rest] = b.calls.get(rest, Call(False, 0))
        return replace(a, calls=calls)
    if part == "defence":
        deck = a.deck
        return replace(
            a, defences=tuple(_restricted(a.defences, deck, rest, False) + _restricted(b.defences, deck, rest, True))
        )
    if part == "cards":
        rank, _, name = rest.rpartition(".")
        attrs = {"attack": _ATTACK_ATTRS, "wish": _WISH_ATTRS}.get(name, (name,))
        deck = a.deck
        rules = []
        for c in deck.all_cards():
            rule = replace(_rule_of(a, c), pattern=deck.name(c))
            if deck.rank_of(c) == rank:
                other = _rule_of(b, c)
                rule = replace(rule, **{n: getattr(other, n) for n in attrs})
            rules.append(rule)
        return replace(a, cards=tuple(rules))
    return replace(a)  # a field that changes no move (deal, scoring, words): the same play


# ---------------------------------------------------------------------------- judging one move in two rulesets


def _normal(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_normal(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _normal(v)) for k, v in value.items()))
    return value


def _event_key(event: Event) -> EventKey:
    """An event as the effect a player sees: scoring details and the words said left out."""
    if event.kind == "round_over":
        return ("round_over",)
    params = {k: v for k, v in event.params.items() if k != "word"}
    return (event.kind, _normal(params))


def _events(st: State, move: Move) -> list[Event]:
    """The events of a move known to be legal."""
    return apply_move(st, move, Verdict(move, "", True, ()))[1]


def outcome_key(st: State, move: Move) -> OutcomeKey:
    """What a move does here, for comparing rulesets: illegal, or legal with these effects."""
    if not check(st, move).legal:
        return (False,)
    return (True, tuple(_event_key(e) for e in _events(st, move)))


def _context(st: State) -> str:
    if st.attack is not None:
        return f"attack:{st.attack.kind}:{st.rules.deck.rank_of(st.attack.card)}"
    if st.wish is not None:
        return f"wish:{st.wish.kind}:{'own' if st.wish.by == st.to_move else 'other'}"
    if st.drawn is not None:
        return "drawn"
    return "plain"


def _main_code(v: Verdict) -> str:
    for reason in v.reasons:
        if reason.code != "plays_drawn_card":
            return reason.code
    return ""


# The event that names an effect difference best, first: whether the round ends, a call's
# penalty, an attack (draw 7 vs draw 5), a sit-out, a wish, a drawn card, the deck, who moves next.
_ASPECT_ORDER = (
    "round_over",
    "finished",
    "call_penalty",
    "attack",
    "attack_lapsed",
    "sits_out",
    "passed_over",
    "direction_changed",
    "wish_ended",
    "wish_set",
    "can_play_drawn",
    "hands_halved",
    "deck_exhausted",
    "reshuffled",
    "drew_penalty",
    "drew",
    "turn",
)


def _signature(sa: State, sb: State, move: Move, ka: OutcomeKey, kb: OutcomeKey) -> Signature | None:
    """The exact difference a move shows in two states of one position, or None if none.

    (kind, move kind, rank of the last card, context, reason under A, reason under B, aspects):
    kind is "home_only" (legal only under A), "table_only" (only under B) or "effect"; aspects
    are the kinds of the events that differ (``attack`` for draw 7 vs draw 5, ``turn`` for who
    moves next, ``wish_ended``, ``round_over``, ``call_penalty`` …).
    """
    if ka == kb:
        return None
    va, vb = check(sa, move), check(sb, move)
    aspects: tuple[str, ...]
    if va.legal != vb.legal:
        kind, aspects = ("home_only" if va.legal else "table_only"), ()
    else:
        # Legal under both: each key is (True, the keys of its events).
        ea, eb = cast(tuple[EventKey, ...], ka[1]), cast(tuple[EventKey, ...], kb[1])
        diff = (Counter(ea) - Counter(eb)) + (Counter(eb) - Counter(ea))
        if not diff:  # the same events in another order (a wish ending before or after the turn passes)
            diff = Counter(x for x, y in zip(ea, eb, strict=False) if x != y)
        kind, aspects = "effect", tuple(sorted({e[0] for e in diff}))
    rank = sa.rules.deck.rank_of(move.cards[-1]) if move.kind == "play" else ""
    return (kind, move.kind, rank, _context(sa), _main_code(va), _main_code(vb), aspects)


def situation(exact: Signature) -> Signature:
    """The kind of situation an exact difference belongs to (what frequencies are counted by):
    a verdict difference keeps its context and reasons (not the card's rank); an effect difference is named
    by its main differing event, the kind of move and the kind of context."""
    kind, move_kind, rank, context, code_a, code_b, aspects = exact
    if kind != "effect":
        return (kind, move_kind, "", context, code_a, code_b, ())
    main = min(aspects, key=lambda a: _ASPECT_ORDER.index(a) if a in _ASPECT_ORDER else len(_ASPECT_ORDER))
    return (kind, move_kind, "", ":".join(context.split(":")[:2]), "", "", (main,))


def _screen(sa: State, sb: State, moves: list[Move]) -> set[Move]:
    """The moves legal under both whose states after them differ (on the playout kernel): a cheap
    screen for differing effects in real play, where most moves do the same under both."""
    pa, pb = Playout.from_state(sa), Playout.from_state(sb)
    out = set()
    for move in moves:
        qa, qb = pa.copy(), pb.copy()
        qa.apply(move)
        qb.apply(move)
        if qa.snapshot() != qb.snapshot():
            out.add(move)
    return out


def _differences(sa: State, sb: State, screen: bool = False) -> list[tuple[Move, Signature]]:
    """Every candidate move whose verdict or effects differ, with its exact difference.

    With ``screen`` a move legal under both is compared by the states it leads to first, and
    by its events only when they differ (real play, where most moves do the same)."""
    out = []
    la_list = legal_moves(sa)  # lists, not sets, are walked: the same witnesses in every process
    la = set(la_list)
    lb = legal_moves(sb)
    differ = _screen(sa, sb, [m for m in lb if m in la]) if screen else None
    ka: OutcomeKey
    kb: OutcomeKey
    for move in lb:
        if move in la:
            if differ is not None and move not in differ:
                continue
            ka = (True, tuple(_event_key(e) for e in _events(sa, move)))
            kb = (True, tuple(_event_key(e) for e in _events(sb, move)))
        else:  # listed under one ruleset only: the judge decides (a call said in vain is legal)
            ka, kb = outcome_key(sa, move), (True, tuple(_event_key(e) for e in _events(sb, move)))
        sig = _signature(sa, sb, move, ka, kb)
        if sig is not None:
            out.append((move, sig))
    lbs = set(lb)
    for move in la_list:
        if move not in lbs:
            sig = _signature(
                sa, sb, move, (True, tuple(_event_key(e) for e in _events(sa, move))), outcome_key(sb, move)
            )
            if sig is not None:
                out.append((move, sig))
    return out


def shows_difference(
    position: dict[str, Any], move: str, home: Ruleset, table: Ruleset, signature: Signature | None = None
) -> bool:
    """Tells whether a position is possible under both rulesets and the move differs there
    (with this signature when one is given)."""
    states = witness_states(position, home, table)
    if states is None:
        return False
    sa, sb = states
    try:
        m = parse_move(move, home.deck)
    except ValueError:
        return False
    sig = _signature(sa, sb, m, outcome_key(sa, m), outcome_key(sb, m))
    return sig is not None and (signature is None or sig == signature)


def witness_states(position: dict[str, Any], home: Ruleset, table: Ruleset) -> tuple[State, State] | None:
    """The position under each ruleset, or None when it is impossible under either."""
    try:
        return position_from_json(position, home), position_from_json(position, table)
    except PositionError:
        return None


def _translate(st: State, rules: Ruleset) -> State | None:
    """A state of one ruleset read under another of the same deck, or None if it cannot exist there."""
    if not rules.players[0] <= st.players <= rules.players[1]:
        return None
    if st.finished and rules.end_mode == "first_out":
        return None
    t = tables_for(rules)
    attack = st.attack
    if attack is not None and not (t.draw if attack.kind == "draw" else t.skip)[attack.card]:
        return None
    if attack is not None and taken_at_once(rules, t, attack):  # pl-devdo's K♠ is never pending
        return None
    wish = st.wish
    if wish is not None:
        rule = t.rank_wish_card_rule if wish.kind == "rank" else t.suit_wish_card_rule
        if rule is None or wish.kind == "rank" and wish.value not in rule.wish_values:
            return None
        wish = wish._replace(duration=rule.wish_duration)
    out = st.with_(rules=rules, wish=wish)
    if st.drawn is not None and not (rules.play_drawn and judge_card(out.with_(drawn=None), t, st.drawn) in _LEGAL):
        return None
    return out


# ---------------------------------------------------------------------------- the report


@dataclass(frozen=True)
class Frequency:
    """How often a kind of difference arose in the simulated rounds at the table."""

    rounds_with: int  # rounds in which it arose at least once (for any seat)
    rounds: int  # rounds simulated
    occurrences: int  # decisions at which it arose
    decisions: int  # decisions simulated

    @property
    def share(self) -> float:
        """The share of rounds in which it arises (0 to 1)."""
        return self.rounds_with / self.rounds if self.rounds else 0.0


@dataclass(frozen=True)
class Witness:
    """A position and a move judged differently at home (A) and at the table (B)."""

    position: dict[str, Any]  # Position JSON v1 (``variant`` = the table's id)
    move: str  # POSITION.md notation
    home: Verdict  # under A, with effects when legal
    table: Verdict  # under B, with effects when legal
    fields: tuple[str, ...]  # the differing fields that explain it (FieldDiff keys)
    signature: Signature  # the exact difference (kept by minimising)
    situation: Signature  # the kind of situation (what the frequency counts)
    frequency: Frequency
    origin: str  # "play" (found in random rounds) or "built" (targeted construction)

    @property
    def kind(self) -> str:
        """``home_only`` (legal at home only), ``table_only`` (legal here only) or ``effect``."""
        return self.signature[0]

    @property
    def card_count(self) -> int:
        """The cards in the position (hands, pile and deck)."""
        p = self.position
        return sum(len(h) for h in p["hands"]) + len(p["pile"]) + len(p.get("deck", []))

    def to_json(self) -> dict[str, Any]:
        """The witness as JSON: position, move, verdict and effects under both rulesets."""

        def side(v: Verdict) -> dict[str, Any]:
            return {
                "legal": v.legal,
                "reasons": [r.to_json() for r in v.reasons],
                "effects": [e.to_json() for e in v.effects],
            }

        return {
            "position": self.position,
            "move": self.move,
            "home": side(self.home),
            "table": side(self.table),
            "fields": list(self.fields),
            "kind": self.kind,
            "frequency": {
                "rounds_with": self.frequency.rounds_with,
                "rounds": self.frequency.rounds,
                "occurrences": self.frequency.occurrences,
                "decisions": self.frequency.decisions,
            },
        }


@dataclass(frozen=True)
class Unwitnessed:
    """A field that differs but has no witness, and why (``WHY_*``)."""

    key: str
    why: str


@dataclass(frozen=True)
class WitnessReport:
    """Everything the search found for one pair: home ruleset A, table ruleset B."""

    home: Ruleset
    table: Ruleset
    comparable: bool
    why: str  # "" or WHY_DECKS / WHY_SEATS
    fields: tuple[FieldDiff, ...]
    witnesses: tuple[Witness, ...]  # most frequent in real play first
    unwitnessed: tuple[Unwitnessed, ...]
    rounds: int
    decisions: int
    seconds: float = field(default=0.0, compare=False)
    # Rulesets of two decks (da → hu): the map between them, and the home ruleset as written (``home``
    # is then read in the table's deck, ``engine.deckmap.ruleset_in_deck``).
    deck_map: DeckMap | None = None
    home_as_written: Ruleset | None = None

    def witnesses_of(self, key: str) -> tuple[Witness, ...]:
        """The witnesses a field explains."""
        return tuple(w for w in self.witnesses if key in w.fields)


# ---------------------------------------------------------------------------- the search


class _Search:
    """One pair's search; the scratch of ``find_witnesses`` (never shared between calls)."""

    def __init__(
        self, home: Ruleset, table: Ruleset, seed: int, seats: list[int], foreign: frozenset[str] = frozenset()
    ):
        self.a, self.b = home, table
        self.foreign = foreign  # the table's ranks the home deck lacks: no witness plays or answers them
        self.rng = random.Random(seed)
        self.seed = seed
        self.seats = seats
        self.deck = home.deck
        self.fields = [f for f in differing_fields(home, table) if f.scope == PLAY and not _of_ranks(f.key, foreign)]
        self.hybrids: dict[str, tuple[Ruleset, Ruleset]] = {}
        # One witness per situation found in play, plus one per field the construction had to witness:
        # key -> (position, move, origin, exact difference); covered: key -> the fields it explains.
        self.found: dict[FoundKey, tuple[dict[str, Any], str, str, Signature]] = {}
        self.covered: dict[FoundKey, tuple[str, ...]] = {}
        self.occurrences: Counter[Signature] = Counter()
        self.rounds_with: Counter[Signature] = Counter()
        self.rounds = self.decisions = 0

    # -- attribution
    def _hybrids(self, key: str) -> tuple[Ruleset, Ruleset]:
        pair = self.hybrids.get(key)
        if pair is None:
            pair = self.hybrids[key] = (hybrid(self.a, self.b, key), hybrid(self.b, self.a, key))
        return pair

    def explain(self, position: dict[str, Any], move: Move, exact: Signature) -> tuple[str, ...]:
        """The differing fields that change this exact difference when swapped alone (either way)."""
        states = witness_states(position, self.a, self.b)
        if states is None:
            return ()
        sa, sb = states
        ka, kb = outcome_key(sa, move), outcome_key(sb, move)
        out = []
        for f in self.fields:
            ha, hb = self._hybrids(f.key)
            try:
                h = position_from_json(position, ha)
                if _signature(h, sb, move, outcome_key(h, move), kb) != exact:
                    out.append(f.key)
                    continue
            except PositionError:
                pass
            try:
                h = position_from_json(position, hb)
                if _signature(sa, h, move, ka, outcome_key(h, move)) != exact:
                    out.append(f.key)
            except PositionError:
                pass
        return tuple(out) or tuple(f.key for f in self.fields)

    def record(self, key: FoundKey, sa: State, move: Move, exact: Signature, origin: str) -> tuple[str, ...]:
        """Keeps the simplest witness of ``key`` seen so far; returns the fields it explains."""
        old = self.found.get(key)
        if old is None or _simplicity(move) < _simplicity(parse_move(old[1], self.deck)):
            position = position_to_json(sa.with_(rules=self.b))
            self.found[key] = (position, format_move(move, self.deck), origin, exact)
            self.covered[key] = self.explain(position, move, exact)
        return self.covered[key]

    def unknown_at_home(self, st: State, move: Move) -> bool:
        """Tells whether the move or the card it answers is one the home deck lacks (hu → pl: a 2)."""
        if not self.foreign:
            return False
        rank_of = st.rules.deck.rank_of
        cards = [*move.cards, st.top] + ([st.attack.card] if st.attack is not None else [])
        return any(rank_of(c) in self.foreign for c in cards)

    def done(self) -> set[str]:
        return {k for keys in self.covered.values() for k in keys}

    def changes(self, sa: State, move: Move, key: str) -> bool:
        """Tells whether swapping field ``key`` alone changes this move's outcome under A."""
        ha, _ = self._hybrids(key)
        moved = _translate(sa, ha)
        return moved is not None and outcome_key(moved, move) != outcome_key(sa, move)

    # -- phase 1: real play at the table
    def play(self, rounds: int, step_cap: int) -> None:
        for r in range(rounds):
            players = self.seats[r % len(self.seats)]
            p = Playout.new_game(self.b, players, self.seed * 7919 + r)
            rng = random.Random(self.seed * 104729 + r)
            seen: set[Signature] = set()
            steps = 0
            while not p.over and steps < step_cap:
                sb = p.to_state()
                sa = _translate(sb, self.a)
                if sa is not None:
                    for move, exact in _differences(sa, sb, screen=True):
                        if self.unknown_at_home(sb, move):
                            continue
                        kind = situation(exact)
                        self.occurrences[kind] += 1
                        if kind not in seen:
                            seen.add(kind)
                            self.rounds_with[kind] += 1
                        self.record(kind, sa, move, exact, "play")
                moves = p.legal_moves()
                p.apply(moves[rng.randrange(len(moves))])
                steps += 1
            self.decisions += steps
            self.rounds += 1

    # -- phase 2: positions built around each field
    def build(self, budget: int) -> None:
        for f in self.fields:
            # A field played alike, or concerning no card of either ruleset, has no position to build.
            if f.key in self.done() or _why_unwitnessed(f, self.a, self.b) != WHY_NOT_FOUND:
                continue
            for i in range(budget):
                # First a witness that this field alone explains; later one it shares with others.
                if f.key in self.done() or self._try(f, alone=i < budget // 2):
                    break

    def _try(self, f: FieldDiff, alone: bool) -> bool:
        """Samples one position around ``f``; keeps a difference that ``f`` explains."""
        data = self._sample(f)
        if data is None:
            return False
        states = witness_states(data, self.a, self.b)
        if states is None:
            return False
        sa, sb = states
        for move, exact in _differences(sa, sb):
            if self.unknown_at_home(sb, move) or not self.changes(sa, move, f.key):
                continue
            position = position_to_json(sa.with_(rules=self.b))
            fields = self.explain(position, move, exact)
            if f.key in fields and (not alone or fields == (f.key,)):
                key = (situation(exact), f.key)
                self.found[key] = (position, format_move(move, self.deck), "built", exact)
                self.covered[key] = fields
                return True
        return False

    def _run_cards(self, length: int) -> list[int]:
        """A run of one suit of ``length`` cards (``[play] runs``), lowest rank first, at a seeded place."""
        deck, rng = self.deck, self.rng
        suit = rng.choice(deck.suits)
        start = rng.randrange(len(deck.ranks) - length + 1)
        return [deck.card(rank, suit) for rank in deck.ranks[start : start + length]]

    def _cards_of_rank(self, rank: str) -> list[int]:
        return [self.deck.card(rank, s) for s in self.deck.suits]

    def _sample(self, f: FieldDiff) -> dict[str, Any] | None:
        """A small position around field ``f`` (seeded; possibly impossible, then skipped).

        Stays whole (#24 item 3): it runs once per position sampled by the search, drawing from one
        seeded rng in a fixed order; split, each step would take the rng, both rulesets and tables.
        """
        rng, a, b, deck = self.rng, self.a, self.b, self.deck
        ta, tb = tables_for(a), tables_for(b)
        part, _, rest = f.key.partition(".")
        focus: list[int] = []
        context = rng.choice(("plain", "plain", "attack", "wish"))
        attackers = [c for c in deck.all_cards() if ta.draw[c] and tb.draw[c] or ta.skip[c] and tb.skip[c]]
        wish_kind: str | None = None
        hand_sizes = (1, 3)
        players = rng.choice(self.seats[:2] if len(self.seats) > 1 else self.seats)
        empty_deck = False
        top: int | None = None
        if part == "cards":
            rank, _, name = rest.rpartition(".")
            focus = self._cards_of_rank(rank)
            if name in ("wish_duration",):
                context = "wish"
                wish_kind = _rule_of(a, focus[0]).wish or _rule_of(b, focus[0]).wish
                focus = []
            if name == "target" or name == "attack":
                players = max(self.seats)
        elif part == "defence":
            pairs = (f.home or []) + (f.table or [])
            x, c = rng.choice(pairs).split(">")
            attackers = [deck.parse(x)]
            focus = [deck.parse(c)]
            context = "attack"
        elif part == "wild":
            focus = [c for c in deck.all_cards() if ta.wild[c] or tb.wild[c]]
            context = {
                "blocked_by_attack": "attack",
                "blocked_by_rank_wish": "wish",
                "blocked_by_suit_wish": "wish",
                "not_on_same_rank": "plain",
            }[rest]
            wish_kind = {"blocked_by_rank_wish": "rank", "blocked_by_suit_wish": "suit"}.get(rest)
            if rest == "not_on_same_rank" and focus:
                top = rng.choice(focus)
        elif part == "attack":
            table = "skip" if rest == "skip_adds" else "draw"
            attackers = [c for c in attackers if (ta.draw if table == "draw" else ta.skip)[c]]
            focus = list(attackers)
            context = "attack"
        elif part == "play" and rest in ("several_cards", "min_group", "separate"):
            classed = sorted({deck.rank_of(c) for c in deck.all_cards() if ta.group_class[c] or tb.group_class[c]})
            rank = rng.choice(classed if rest == "separate" and classed else deck.ranks)
            focus = self._cards_of_rank(rank)
            hand_sizes = (2, 4)
            context = "plain"
            top = rng.choice(focus)
        elif part == "play" and rest == "runs":
            focus = self._run_cards(max(a.runs, b.runs))
            hand_sizes = (0, 2)
            context = "plain"
        elif part == "play":  # play_drawn: a draw whose card may be played
            context = "plain"
        elif part == "calls":
            hand_sizes = (2, 2) if rest == "makao" else (1, 1)
            context = "plain"
        elif part == "end":
            hand_sizes = (1, 1)
            players = max(self.seats)
            context = "plain"
        elif part == "reshuffle":
            empty_deck = True
            context = "plain"
        if not focus:
            focus = list(deck.all_cards())
        used: set[int] = set()

        def take(pool: list[int] | None = None) -> int | None:
            pool = [c for c in (pool or deck.all_cards()) if c not in used]
            if not pool:
                return None
            c = rng.choice(pool)
            used.add(c)
            return c

        data: dict[str, Any] = {"variant": b.id, "to_move": 0}
        if context == "attack":
            if not attackers:
                return None
            top = take(attackers)
            assert top is not None  # attackers is not empty and no card is taken yet
            kind = "draw" if ta.draw[top] else "skip"
            amount = rng.choice(
                [
                    v
                    for v in {
                        (ta.draw if kind == "draw" else ta.skip)[top],
                        (tb.draw if kind == "draw" else tb.skip)[top],
                    }
                    if v
                ]
            )
            data["attack"] = {kind: amount}
        elif context == "wish":
            kinds = [
                k
                for k in ("rank", "suit")
                if (ta.rank_wish_card_rule if k == "rank" else ta.suit_wish_card_rule)
                and (tb.rank_wish_card_rule if k == "rank" else tb.suit_wish_card_rule)
            ]
            if wish_kind is not None:
                kinds = [k for k in kinds if k == wish_kind]
            if not kinds:
                return None
            kind = rng.choice(kinds)
            if kind == "rank":
                rule_a, rule_b = ta.rank_wish_card_rule, tb.rank_wish_card_rule
                assert rule_a is not None and rule_b is not None  # kinds keeps rank only when both have one
                values = sorted(set(rule_a.wish_values) & set(rule_b.wish_values))
                if not values:
                    return None
                value = rng.choice(values)
                meets = self._cards_of_rank(value)
            else:
                value = rng.choice(deck.suits)
                meets = [deck.card(r, value) for r in deck.ranks]
            wishers = [c for c in deck.all_cards() if ta.wish_kind[c] == (1 if kind == "rank" else 2)]
            top = take(wishers or None)
            data["wish"] = {kind: value, "by": rng.randrange(players)}
            focus = (
                focus + meets
                if focus != list(deck.all_cards())
                else meets + [c for c in deck.all_cards() if ta.wild[c] or tb.wild[c]]
            )
        elif top is not None:
            used.add(top)
        hand = []
        for _ in range(rng.randint(*hand_sizes)):
            c = take(focus if rng.random() < 0.7 else None)
            if c is not None:
                hand.append(c)
        if part == "play" and rest in ("several_cards", "min_group", "separate"):
            hand += [c for c in focus if c not in used][: 2 if rest == "several_cards" else 3]
            used.update(hand)
        if part == "play" and rest == "runs":  # the whole run in hand, its first card able to start
            hand += [c for c in focus if c not in used]
            used.update(hand)
            top = take([c for c in deck.all_cards() if deck.suit_of(c) == deck.suit_of(focus[0])])
        if not hand:
            return None
        if top is None:
            # Mostly a top card the hand can follow (same suit), else any card.
            base = rng.choice(hand)
            pool = (
                [c for c in deck.all_cards() if deck.suit_of(c) == deck.suit_of(base)] if rng.random() < 0.7 else None
            )
            top = take(pool)
            if top is None:
                return None
        hands = [[deck.name(c) for c in hand]]
        for _ in range(players - 1):
            other = [take() for _ in range(rng.randint(2 if empty_deck else 1, 3))]
            hands.append([deck.name(c) for c in other if c is not None])
        data["hands"] = hands
        data["pile"] = [deck.name(top)]
        if empty_deck:
            data["deck"] = []
        else:
            pool = [c for c in deck.all_cards() if deck.suit_of(c) == deck.suit_of(top)] if rng.random() < 0.5 else None
            data["deck"] = [deck.name(c) for c in (take(pool) for _ in range(rng.randint(1, 4))) if c is not None]
        return data

    # -- minimising
    def minimise(self, position: dict[str, Any], move: str, sig: Signature) -> dict[str, Any]:
        """Removes cards, then seats, while the position stays possible and shows the exact difference ``sig``."""
        current = _copy(position)
        move_cards = _move_cards(move)

        def keeps(candidate: dict[str, Any]) -> bool:
            return shows_difference(candidate, move, self.a, self.b, sig)

        changed = True
        while changed:
            changed = False
            # Whole groups first (the deck, the pile under the top), then single cards, then seats.
            for remove in (_without_deck, _without_pile_below):
                candidate = remove(current)
                if candidate is not None and keeps(candidate):
                    current, changed = candidate, True
            index = 0
            while True:
                candidates = list(_card_removals(current, move_cards))
                if index >= len(candidates):
                    break
                if keeps(candidates[index]):
                    current, changed = candidates[index], True
                else:
                    index += 1
            for candidate in _seat_removals(current, max(self.a.players[0], self.b.players[0])):
                if keeps(candidate):
                    current, changed = candidate, True
                    break
        return current


def _simplicity(move: Move) -> tuple[int, bool, bool]:
    """Orders moves from the simplest to show: one card, no wish named, no call."""
    return (len(move.cards), move.demand is not None or move.suit is not None, move.makao or move.kakao)


def _copy(position: dict[str, Any]) -> dict[str, Any]:
    out = dict(position)
    out["hands"] = [list(h) for h in position["hands"]]
    out["pile"] = list(position["pile"])
    out["deck"] = list(position.get("deck", []))
    if "attack" in out:
        out["attack"] = dict(out["attack"])
    if "wish" in out:
        out["wish"] = dict(out["wish"])
    if "waiting" in out:
        out["waiting"] = list(out["waiting"])
    if "finished" in out:
        out["finished"] = list(out["finished"])
    return out


def _move_cards(move: str) -> list[str]:
    tokens = move.split()
    out = []
    for token in tokens[1:]:
        if token in ("demand", "suit"):
            break
        if token not in ("makao", "kakao"):
            out.append(token)
    return out


def _without_deck(p: dict[str, Any]) -> dict[str, Any] | None:
    if not p["deck"]:
        return None
    c = _copy(p)
    c["deck"] = []
    return c


def _without_pile_below(p: dict[str, Any]) -> dict[str, Any] | None:
    if len(p["pile"]) < 2:
        return None
    c = _copy(p)
    c["pile"] = c["pile"][-1:]
    return c


def _card_removals(p: dict[str, Any], keep: list[str]) -> Iterator[dict[str, Any]]:
    """Every position with one card fewer (never a card of the move, nor the top card)."""
    to_move = p["to_move"]
    for seat, hand in enumerate(p["hands"]):
        protected = list(keep) if seat == to_move else []
        for i, card in enumerate(hand):
            if card in protected:
                protected.remove(card)
                continue
            c = _copy(p)
            del c["hands"][seat][i]
            yield c
    for i in range(len(p["pile"]) - 1):
        c = _copy(p)
        del c["pile"][i]
        yield c
    for i in range(len(p["deck"])):
        c = _copy(p)
        del c["deck"][i]
        yield c


def _seat_removals(p: dict[str, Any], min_players: int) -> Iterator[dict[str, Any]]:
    """Every position with one seat fewer (not the seat to move, nor the wish's maker)."""
    n = len(p["hands"])
    if n <= min_players:
        return
    keep = {p["to_move"]}
    if "wish" in p:
        keep.add(p["wish"]["by"])
    for seat in range(n):
        if seat in keep:
            continue
        c = _copy(p)

        def shift(s: int, seat: int = seat) -> int:
            return s - 1 if s > seat else s

        del c["hands"][seat]
        c["to_move"] = shift(p["to_move"])
        if "wish" in c:
            c["wish"]["by"] = shift(c["wish"]["by"])
        if "waiting" in c:
            del c["waiting"][seat]
        if "finished" in c:
            c["finished"] = [shift(s) for s in c["finished"] if s != seat]
        yield c


def _common_seats(a: Ruleset, b: Ruleset) -> list[int]:
    low, high = max(a.players[0], b.players[0]), min(a.players[1], b.players[1])
    seats = list(range(low, high + 1))
    # Real play mostly at small tables: 2, 3 and 4 seats first.
    return sorted(seats, key=lambda s: (s > 4, s))


# A wish that lasts "until covered" (pl ace) and one that lasts "until fulfilled" (da ace, hu
# felső) end at the same moment: under a wish only a card that meets it, a card that changes it or
# a wild card may go down, and each of them ends it (engine.rules: _ENDS_WHEN_PLAYED_ON).
_ALIKE_DURATIONS = frozenset({"until_covered", "until_fulfilled"})
_WISH_KIND = {"wild.blocked_by_rank_wish": 1, "wild.blocked_by_suit_wish": 2}


def _plays_alike(f: FieldDiff) -> bool:
    """Tells whether a differing field's two values are played the same way by the engine."""
    if f.key == "wild.blocked_by_attack":
        return True
    if not f.key.endswith(".wish_duration"):
        return False
    values: set[object] = set()
    for side in (f.home, f.table):
        values.update(side.values() if isinstance(side, dict) else [side])
    return values <= _ALIKE_DURATIONS


def _of_ranks(key: str, ranks: frozenset[str]) -> bool:
    """Tells whether a field is the rule of one of these ranks (``cards.2.attack``, ``defence.2``)."""
    part, _, rest = key.partition(".")
    if part == "cards":
        return rest.rpartition(".")[0] in ranks
    return part == "defence" and rest in ranks


def _why_unwitnessed(f: FieldDiff, a: Ruleset, b: Ruleset, foreign: frozenset[str] = frozenset()) -> str:
    if _of_ranks(f.key, foreign):
        return WHY_NO_COUNTERPART
    if f.scope == DEAL:
        return WHY_DEAL
    if f.scope == SCORING:
        return WHY_SCORING
    if f.scope == WORDS:
        return WHY_WORDS
    if _plays_alike(f):
        return WHY_SAME_PLAY
    ta, tb = tables_for(a), tables_for(b)
    cards = a.deck.all_cards()
    if f.key == "wild.blocked_by_attack":
        # Under an attack the defence rules judge first: a wild card that is no defence is refused
        # either way, only the reason named differs (engine.rules.judge_card).
        return WHY_SAME_PLAY
    if f.key.startswith("wild.blocked_by_") and not any(
        (ta.wild[c] and ta.wish_kind[c] != _WISH_KIND[f.key]) or (tb.wild[c] and tb.wish_kind[c] != _WISH_KIND[f.key])
        for c in cards
    ):
        # A wild card that is also a wish card of the wish's kind changes the wish instead (prší's svršek).
        return WHY_NO_CARD
    if f.key.startswith("wild.") and not any(ta.wild[c] or tb.wild[c] for c in cards):
        return WHY_NO_CARD
    if f.key == "attack.draw_adds" and not any(ta.draw[c] and tb.draw[c] for c in cards):
        return WHY_NO_CARD
    if f.key == "attack.skip_adds" and not any(ta.skip[c] and tb.skip[c] for c in cards):
        return WHY_NO_CARD
    return WHY_NOT_FOUND


def find_witnesses(
    home: Ruleset, table: Ruleset, *, seed: int = 1, rounds: int = 16, step_cap: int = 300, build_budget: int = 400
) -> WitnessReport:
    """Finds minimal witness positions for every field in which ``home`` and ``table`` differ."""
    start = time.perf_counter()
    written, decks = home, deck_map(home.deck, table.deck)
    if decks is None:
        return WitnessReport(home, table, False, WHY_DECKS, (), (), (), 0, 0, time.perf_counter() - start)
    # Two decks (da → hu): the home rules are read in the table's deck, where the positions are built.
    home = ruleset_in_deck(home, decks)
    cross = None if decks.identity else decks
    foreign = frozenset(decks.table_only_ranks())
    fields = tuple(differing_fields(home, table))
    seats = _common_seats(home, table)
    if not seats:
        unwitnessed = tuple(Unwitnessed(f.key, WHY_SEATS) for f in fields)
        return WitnessReport(
            home, table, False, WHY_SEATS, fields, (), unwitnessed, 0, 0, time.perf_counter() - start, cross, written
        )
    search = _Search(home, table, seed, seats, foreign)
    if search.fields:
        search.play(rounds, step_cap)
        search.build(build_budget)
    witnesses = [_witness_of(search, key, home, table) for key in search.found]
    witnesses.sort(key=lambda w: (-w.frequency.rounds_with, -w.frequency.occurrences, w.card_count, w.move))
    done = {k for w in witnesses for k in w.fields}
    unwitnessed = tuple(
        Unwitnessed(f.key, _why_unwitnessed(f, home, table, foreign)) for f in fields if f.key not in done
    )
    return WitnessReport(
        home,
        table,
        True,
        "",
        fields,
        tuple(witnesses),
        unwitnessed,
        search.rounds,
        search.decisions,
        time.perf_counter() - start,
        cross,
        written,
    )


def _witness_of(search: _Search, key: FoundKey, home: Ruleset, table: Ruleset) -> Witness:
    """The witness of one situation found, minimised where that keeps all its fields."""
    position, move, origin, exact = search.found[key]
    kind = cast(Signature, key if origin == "play" else key[0])  # built keys are (situation, field)
    small = search.minimise(position, move, exact)
    m = parse_move(move, home.deck)
    fields_of = search.explain(small, m, exact)
    if not set(search.covered[key]) <= set(fields_of):
        small, fields_of = position, search.covered[key]  # minimising lost a field: keep it whole
    states = witness_states(small, home, table)
    assert states is not None  # the position was witnessed under both
    sa, sb = states
    return Witness(
        position=small,
        move=move,
        home=_full_verdict(sa, m),
        table=_full_verdict(sb, m),
        fields=tuple(fields_of),
        signature=exact,
        situation=kind,
        frequency=Frequency(search.rounds_with[kind], search.rounds, search.occurrences[kind], search.decisions),
        origin=origin,
    )


def _full_verdict(st: State, move: Move) -> Verdict:
    v = check(st, move)
    if not v.legal:
        return v
    return Verdict(v.move, v.notation, True, v.reasons, tuple(apply_move(st, move, v)[1]))
