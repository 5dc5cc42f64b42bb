"""Rulesets as data: reading and checking ``engine/rulesets/*.toml``.

The engine implements a closed set of effects (draw attack, sit-out attack, rank wish,
suit wish, wild card, last-card calls, end and scoring, reshuffle fallback); a ruleset
file selects and parameterises them. Anything else in a file is an error that names
the file and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from engine import guard
from engine.cards import DECK_KINDS, DeckKind
from engine.errors import RulesetError
from engine.ruleset_bounds import Range, check_bounds, range_of

RULESET_DIR = Path(__file__).parent / "rulesets"

# The closed vocabulary of a ruleset file. Each member equals its string in the TOML file
# (StrEnum), so it reads, compares, hashes and prints as that string.
WishKind = Literal["rank", "suit"]  # a jack / alsó wishes a rank, an ace / felső a suit


class WishDuration(StrEnum):
    """How long a wish binds (RULES.md: J and A rows of each variant)."""

    ROUND = "round"  # pl, da jack: every seat once, the jack's player last
    UNTIL_RETURN = "until_return"  # pl-trad: until the turn comes back to its maker
    UNTIL_COVERED = "until_covered"  # pl ace: until a card covers it
    UNTIL_FULFILLED = "until_fulfilled"  # da ace, hu felső and alsó: until a seat meets it


class DefenceCondition(StrEnum):
    """When a defence card may answer an attack: always, or matching the attacking card."""

    ANY = "any"
    MATCH = "match"  # suit or rank (pl 2/3)
    SAME_SUIT = "same_suit"
    SAME_RANK = "same_rank"


class EndMode(StrEnum):
    """Whether the round ends with the first seat out, the rest play on for places, or the turn
    order is played to the last seat first."""

    FIRST_OUT = "first_out"
    PLAY_ON = "play_on"
    # devdo-eu/macau play_game: the round of turns in seat order is played to its end (the last
    # seat's turn); every seat out by then wins, so several may win.
    FINISH_ROUND = "finish_round"


class EndResult(StrEnum):
    """What the end of a round reports (``engine.rules.round_result``)."""

    WINNER = "winner"
    PLACES = "places"
    LOSER = "loser"  # pl-trad: the last seat holding cards loses
    POINTS = "points"  # da: points per card the opponents hold
    PENALTY_POINTS = "penalty_points"  # Mau-Mau, prší, 101: points for the cards left in hand


class ReshuffleFallback(StrEnum):
    """What happens when the deck cannot be remade from the pile."""

    NONE = "none"
    HALVE_HANDS = "halve_hands"  # pl: every seat gives back a random half of its hand


class AttackTarget(StrEnum):
    """Which seat an attack card hits."""

    NEXT = "next"
    PREVIOUS = "previous"  # K♠


class SelfTarget(StrEnum):
    """What an attack does whose only possible target is its own player (every other seat sits out
    or has finished; a K♠ with no playing seat before it)."""

    LAPSE = "lapse"  # pl, pl-trad, da: nobody draws or sits out (event attack_lapsed)
    HIT = "hit"  # devdo-eu/macau: it hits its own player, who answers it on the next turn


class AfterPenalty(StrEnum):
    """Who moves once a seat has drawn a draw attack's penalty cards."""

    NEXT = "next"  # every shipped ruleset: drawing the penalty ends the turn, the next seat plays
    SAME = "same"  # house rule: the penalised seat plays on (a card that fits, or draws one)
    # devdo-eu/macau (pikes_king_punishment): a draw attack on the previous seat (K♠) is taken at
    # once, with no defence, and play goes on after the attack's player; attacks on the next seat
    # end the penalised seat's turn as with NEXT.
    AFTER_ATTACKER = "after_attacker"


class StarterRejectedTo(StrEnum):
    """Where flipped cards that may not start go."""

    PILE = "pile"  # pl, da: under the starter
    DECK_BOTTOM = "deck_bottom"  # pl-trad: to the bottom of the deck


WISH_DURATIONS = tuple(d.value for d in WishDuration)
DEFENCE_CONDITIONS = tuple(c.value for c in DefenceCondition)
END_MODES = tuple(m.value for m in EndMode)
END_RESULTS = tuple(r.value for r in EndResult)
FALLBACKS = tuple(f.value for f in ReshuffleFallback)
TARGETS = tuple(t.value for t in AttackTarget)
SELF_TARGETS = tuple(t.value for t in SelfTarget)
AFTER_PENALTIES = tuple(a.value for a in AfterPenalty)

_E = TypeVar("_E", bound=StrEnum)


@dataclass(frozen=True)
class CardRule:
    """What one card pattern does when played (an empty rule = an ordinary card)."""

    pattern: str
    draw: int = 0
    skip: int = 0
    target: AttackTarget = AttackTarget.NEXT
    wish: WishKind | None = None
    wish_values: tuple[str, ...] = ()
    wish_optional: bool = False
    wish_duration: WishDuration = WishDuration.UNTIL_FULFILLED
    wild: bool = False
    cover: bool = False  # ru-101's nine: its player must cover it (engine.rules, cover section)
    reverse: bool = False  # playing it flips the direction of play (Mau-Mau's optional 9)

    def __post_init__(self) -> None:
        # Built from plain strings too (house rules, tests): keep the members, reject the rest.
        object.__setattr__(self, "target", AttackTarget(self.target))
        object.__setattr__(self, "wish_duration", WishDuration(self.wish_duration))


@dataclass(frozen=True)
class DefenceRule:
    """Cards ``with`` may answer an attack made by cards ``against`` when ``condition`` holds."""

    against: tuple[str, ...]
    with_: tuple[str, ...]
    condition: DefenceCondition

    def __post_init__(self) -> None:
        object.__setattr__(self, "condition", DefenceCondition(self.condition))


@dataclass(frozen=True)
class Call:
    """A last-card call: ``makao`` (left with one card) or ``kakao`` (playing the last card)."""

    required: bool
    penalty: int
    word: str = ""  # what is said: "makao", "Makaó", "Kakaó", "Mau"


@dataclass(frozen=True)
class Note:
    """An interpretation note: a topic key and its English text (a msgid the app translates)."""

    topic: str
    text: str


@dataclass(frozen=True)
class Ruleset:
    """One rule system, exactly as its TOML file says."""

    id: str
    name: str
    source: str
    source_title: str
    deck: DeckKind
    players: tuple[int, int]
    hand_size: int
    deck_copies: tuple[tuple[int, int], ...]
    several_cards: bool
    play_drawn: bool
    starter_forbidden: tuple[str, ...]
    starter_rejected_to: StarterRejectedTo
    starter_triggers: bool
    draw_adds: bool
    skip_adds: bool
    cards: tuple[CardRule, ...]
    wild_blocked_by_attack: bool
    wild_blocked_by_rank_wish: bool
    wild_blocked_by_suit_wish: bool
    wild_not_on_same_rank: bool
    defences: tuple[DefenceRule, ...]
    calls: dict[str, Call] = field(hash=False, compare=False)
    min_group: int = 2  # several cards of one rank go down in groups of at least this many (devdo: 3)
    separate: tuple[tuple[str, ...], ...] = ()  # card classes that are never mixed in one play
    runs: int = 0  # the fewest cards of a run of one suit (house rule; 0: no runs; engine.rules, runs section)
    end_mode: EndMode = EndMode.FIRST_OUT
    end_result: EndResult = EndResult.WINNER
    points_per_card: int = 0
    card_points: dict[str, int] = field(default_factory=dict, hash=False, compare=False)
    reshuffle_fallback: ReshuffleFallback = ReshuffleFallback.NONE
    self_target: SelfTarget = SelfTarget.LAPSE
    after_penalty: AfterPenalty = AfterPenalty.NEXT
    notes: tuple[Note, ...] = ()
    path: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "starter_rejected_to", StarterRejectedTo(self.starter_rejected_to))
        object.__setattr__(self, "end_mode", EndMode(self.end_mode))
        object.__setattr__(self, "end_result", EndResult(self.end_result))
        object.__setattr__(self, "reshuffle_fallback", ReshuffleFallback(self.reshuffle_fallback))
        object.__setattr__(self, "self_target", SelfTarget(self.self_target))
        object.__setattr__(self, "after_penalty", AfterPenalty(self.after_penalty))

    def copies_for(self, players: int) -> int:
        """Returns how many decks are shuffled together for this many seats."""
        copies = 1
        for seats_from, count in self.deck_copies:
            if players >= seats_from:
                copies = count
        return copies

    def group_class(self, card: int) -> int:
        """Returns the ``separate`` class of a card (1, 2, …), or 0 when no class lists it."""
        for index, patterns in enumerate(self.separate):
            if any(self.matches(p, card) for p in patterns):
                return index + 1
        return 0

    def card_rule(self, card: int) -> CardRule | None:
        """Returns the rule of the most specific pattern matching this card, if any."""
        name = self.deck.name(card)
        rank = self.deck.rank_of(card)
        for rule in self.cards:
            if rule.pattern == name:
                return rule
        for rule in self.cards:
            if rule.pattern == rank:
                return rule
        return None

    def matches(self, pattern: str, card: int) -> bool:
        """Tells whether a card pattern (a rank, or a rank and a suit) covers this card."""
        return pattern in (self.deck.rank_of(card), self.deck.name(card))

    def call(self, name: str) -> Call | None:
        """Returns the last-card call ``name`` (makao, kakao) when this ruleset requires it."""
        call = self.calls.get(name)
        return call if call is not None and call.required else None


class _Reader:
    """Reads one table of a ruleset file, remembering which keys were used."""

    def __init__(self, data: Any, where: str, origin: str):
        if not isinstance(data, dict):
            text = f"{where or 'the file'} must be a table"
            raise guard.RulesetInputError(origin, "not_table", text, field=where)
        self.data, self.where, self.origin = data, where, origin
        self.used: set[str] = set()

    def _name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def refuse(self, key: str, code: str, **params: Any) -> RulesetError:
        """The error for a field, as a code of ``guard.RULESET_MESSAGES`` with params (the UI translates it)."""
        return guard.RulesetInputError(self.origin, code, field=self._name(key), **params)

    def fail(self, key: str, message: str) -> RulesetError:
        """The error for a field with an English detail only (code ``invalid_field``); prefer ``refuse``."""
        return self.refuse(key, "invalid_field", detail=message)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise self.refuse(key, "missing")
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            expected = kind if isinstance(kind, tuple) else (kind,)
            raise self.refuse(
                key, "wrong_type", type=type(value).__name__, expected=", ".join(k.__name__ for k in expected)
            )
        return value

    def choice(self, key: str, options: tuple[str, ...], default: Any = ...) -> str:
        value = self.get(key, str, default)
        if value not in options:
            raise self.refuse(
                key, "not_one_of", options=", ".join(options), value=guard.shown(value), **guard.value_params(value)
            )
        return str(value)

    def enum(self, key: str, kind: type[_E], default: _E | None = None) -> _E:
        """Reads a choice among the members of ``kind`` (written as their strings)."""
        options = tuple(m.value for m in kind)
        return kind(self.choice(key, options, ... if default is None else default.value))

    def table(self, key: str, required: bool = False) -> _Reader:
        value = self.get(key, dict, ... if required else {})
        return _Reader(value, self._name(key), self.origin)

    def finish(self) -> None:
        for key in self.data:
            if key not in self.used:
                raise guard.RulesetInputError(self.origin, "unknown_field", field=self._name(key))


def _patterns(reader: _Reader, key: str, deck: DeckKind, default: Any = ...) -> tuple[str, ...]:
    values = reader.get(key, list, default)
    out = []
    for value in values:
        if not isinstance(value, str) or not _is_pattern(value, deck):
            raise reader.refuse(key, "not_pattern", value=guard.shown(value), deck=deck.id, **guard.value_params(value))
        out.append(value)
    return tuple(out)


def _is_pattern(text: str, deck: DeckKind) -> bool:
    if text in deck.ranks:
        return True
    return len(text) >= 2 and text[:-1] in deck.ranks and text[-1] in deck.suits


def _check_taken_at_once(attack: _Reader, r: Ruleset) -> None:
    """Refuses ``after_penalty = "after_attacker"`` with a defence against a card that draws from the
    previous seat: that seat takes such an attack at once (devdo-eu/macau's K♠), so nothing answers it."""
    if r.after_penalty is not AfterPenalty.AFTER_ATTACKER:
        return
    for card in r.deck.all_cards():
        rule = r.card_rule(card)
        if rule is None or not rule.draw or rule.target is not AttackTarget.PREVIOUS:
            continue
        if any(r.matches(p, card) for d in r.defences for p in d.against):
            raise attack.refuse("after_penalty", "at_once_defended", card=r.deck.name(card))


def _check_cover_ranks(cards_table: _Reader, rules: list[CardRule], deck: DeckKind) -> None:
    """Refuses a rank whose cards are partly cards to cover and partly attacks or wishes: cards of one
    rank go down together, and a play is either covered by its player or hands the turn on."""
    by_pattern = {r.pattern: r for r in rules}
    for rank in deck.ranks:
        kinds = set()
        for suit in deck.suits:
            rule = by_pattern.get(rank + suit) or by_pattern.get(rank)
            if rule is None:
                kinds.add("plain")
            elif rule.cover:
                kinds.add("cover")
            elif rule.draw or rule.skip or rule.wish or rule.wild:
                kinds.add("effect")
        if "cover" in kinds and "effect" in kinds:
            raise cards_table.refuse(rank, "cover_rank_mixed")


def run_lengths(deck: DeckKind) -> tuple[int, ...]:
    """The values ``[play] runs`` may take with this deck: 0 (no runs, every shipped ruleset) or the fewest
    cards of a run, from 2 to the deck's ranks (a run never wraps round from the ace to the lowest rank)."""
    return (0, *range(2, len(deck.ranks) + 1))


def _read_runs(play: _Reader, deck: DeckKind) -> int:
    """Reads ``[play] runs`` (one of ``run_lengths``; the house-rules form offers the same values)."""
    runs = int(play.get("runs", int, 0))
    if runs not in run_lengths(deck):
        raise play.refuse("runs", "run_length", low=2, high=len(deck.ranks), deck=deck.id)
    return runs


def _bound(field: str) -> Range:
    bound = range_of(field)
    if bound is None:  # pragma: no cover - BOUNDS names every field read here
        raise KeyError(field)
    return bound


def _bounded(section: _Reader, key: str, field: str, default: Any = ...) -> int:
    """A whole number of a section, refused with ``out_of_range`` outside its bound (``field`` in BOUNDS)."""
    value = int(section.get(key, int, default))
    bound = _bound(field)
    if not bound.low <= value <= bound.high:
        raise section.refuse(
            key,
            "out_of_range",
            low=bound.low,
            high=bound.high,
            value=guard.shown(value),
            **guard.value_params(value),
        )
    return value


def ruleset_from_dict(data: dict[str, Any], origin: str) -> Ruleset:
    """Builds a Ruleset from parsed TOML; raises RulesetError naming origin and field."""
    check_bounds(data, origin)  # every field within RULESET_SCHEMA.md's ranges (engine/ruleset_bounds.py)
    top = _Reader(data, "", origin)
    deck_id = top.choice("deck", tuple(DECK_KINDS))
    deck = DECK_KINDS[deck_id]
    players = top.get("players", list)
    seats = _bound("players[0]")  # the ranges are BOUNDS' (engine/ruleset_bounds.py), never repeated here
    if (
        len(players) != 2
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)
        or not seats.low <= players[0] <= players[1] <= seats.high
    ):
        raise top.refuse("players", "players_range", low=seats.low, high=seats.high)
    hand_size = _bounded(top, "hand_size", "hand_size")
    copies_raw = top.get("deck_copies", list, [[2, 1]])
    copies = []
    for pair in copies_raw:
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, int) and x > 0 for x in pair)):
            raise top.refuse("deck_copies", "not_pairs")
        copies.append((pair[0], pair[1]))

    play = top.table("play")
    several = play.get("several_cards", bool, True)
    play_drawn = play.get("play_drawn", bool, True)
    min_group = _bounded(play, "min_group", "play.min_group", 2)
    separate_raw = play.get("separate", list, [])
    separate = []
    for index, entry in enumerate(separate_raw):
        if not isinstance(entry, list) or not entry:
            raise play.refuse(f"separate[{index}]", "empty_class")
        bad = [v for v in entry if not isinstance(v, str) or not _is_pattern(v, deck)]
        if bad:
            raise play.refuse(
                f"separate[{index}]",
                "not_pattern",
                value=guard.shown(bad[0]),
                deck=deck.id,
                **guard.value_params(bad[0]),
            )
        separate.append(tuple(entry))
    listed: dict[int, int] = {}
    for index, patterns in enumerate(separate):
        for card in deck.all_cards():
            if any(p in (deck.rank_of(card), deck.name(card)) for p in patterns):
                if card in listed and listed[card] != index:
                    raise play.refuse("separate", "two_classes", card=deck.name(card))
                listed[card] = index
    runs = _read_runs(play, deck)
    play.finish()

    starter = top.table("starter")
    forbidden = _patterns(starter, "forbidden", deck, [])
    rejected_to = starter.enum("rejected_to", StarterRejectedTo, StarterRejectedTo.PILE)
    triggers = starter.get("triggers", bool, False)
    starter.finish()

    attack = top.table("attack")
    draw_adds = attack.get("draw_adds", bool, True)
    skip_adds = attack.get("skip_adds", bool, True)
    self_target = attack.enum("self_target", SelfTarget, SelfTarget.LAPSE)
    after_penalty = attack.enum("after_penalty", AfterPenalty, AfterPenalty.NEXT)
    attack.finish()

    cards_table = top.table("cards")
    card_rules = []
    for pattern in cards_table.data:
        cards_table.used.add(pattern)
        if not _is_pattern(pattern, deck):
            raise cards_table.refuse(pattern, "pattern_key", deck=deck.id)
        rule = cards_table.table(pattern)
        draw = rule.get("draw", int, 0)
        skip = rule.get("skip", int, 0)
        target = rule.enum("target", AttackTarget, AttackTarget.NEXT)
        wish_text = rule.get("wish", str, None)
        wish: WishKind | None = None
        if wish_text == "rank" or wish_text == "suit":
            wish = wish_text
        elif wish_text is not None:
            raise rule.refuse(
                "wish",
                "not_one_of",
                options="rank, suit",
                value=guard.shown(wish_text),
                **guard.value_params(wish_text),
            )
        values = rule.get("wish_values", list, [])
        if wish == "rank":
            bad = [v for v in values if v not in deck.ranks]
            if bad or not values:
                raise rule.refuse("wish_values", "not_ranks", deck=deck.id)
        elif values:
            raise rule.refuse("wish_values", "rank_wish_only")
        optional = rule.get("wish_optional", bool, False)
        duration = rule.enum("wish_duration", WishDuration, WishDuration.UNTIL_FULFILLED)
        wild = rule.get("wild", bool, False)
        reverse = rule.get("reverse", bool, False)
        if draw < 0 or skip < 0 or (draw and skip):
            raise rule.refuse("draw", "draw_and_skip")
        if wish and (draw or skip):
            raise rule.refuse("wish", "wish_with_attack")
        cover = rule.get("cover", bool, False)
        if cover and (draw or skip or wish or wild):
            raise rule.refuse("cover", "cover_with_effect")
        rule.finish()
        card_rules.append(
            CardRule(pattern, draw, skip, target, wish, tuple(values), optional, duration, wild, cover, reverse=reverse)
        )
    _check_cover_ranks(cards_table, card_rules, deck)

    wild = top.table("wild")
    blocked_attack = wild.get("blocked_by_attack", bool, True)
    blocked_rank = wild.get("blocked_by_rank_wish", bool, True)
    blocked_suit = wild.get("blocked_by_suit_wish", bool, True)
    not_on_same = wild.get("not_on_same_rank", bool, False)
    wild.finish()

    defences = []
    for index, raw in enumerate(top.get("defence", list, [])):
        d = _Reader(raw, f"defence[{index}]", origin)
        defences.append(
            DefenceRule(
                _patterns(d, "against", deck), _patterns(d, "with", deck), d.enum("condition", DefenceCondition)
            )
        )
        d.finish()

    calls_table = top.table("calls")
    calls = {}
    for name in ("makao", "kakao"):
        if name in calls_table.data:
            c = calls_table.table(name)
            calls[name] = Call(c.get("required", bool), c.get("penalty", int, 0), c.get("word", str, name))
            c.finish()
    calls_table.finish()

    end = top.table("end")
    end_mode = end.enum("mode", EndMode)
    end_result = end.enum("result", EndResult)
    points = end.get("points_per_card", int, 0)
    card_points_raw = end.get("card_points", dict, {})
    for rank, value in card_points_raw.items():
        if rank not in deck.ranks or not isinstance(value, int) or isinstance(value, bool):
            raise end.refuse(
                "card_points", "card_points_values", value=guard.shown(rank), deck=deck.id, **guard.value_params(rank)
            )
    if end_result == "penalty_points" and set(card_points_raw) != set(deck.ranks):
        raise end.refuse("card_points", "card_points_missing")
    end.finish()

    reshuffle = top.table("reshuffle")
    fallback = reshuffle.enum("fallback", ReshuffleFallback, ReshuffleFallback.NONE)
    reshuffle.finish()

    notes = []
    for index, raw in enumerate(top.get("notes", list, [])):
        n = _Reader(raw, f"notes[{index}]", origin)
        notes.append(Note(n.get("topic", str), n.get("text", str)))
        n.finish()

    ruleset = Ruleset(
        id=top.get("id", str),
        name=top.get("name", str),
        source=top.get("source", str),
        source_title=top.get("source_title", str, ""),
        deck=deck,
        players=(players[0], players[1]),
        hand_size=hand_size,
        deck_copies=tuple(copies),
        several_cards=several,
        play_drawn=play_drawn,
        starter_forbidden=forbidden,
        starter_rejected_to=rejected_to,
        starter_triggers=triggers,
        draw_adds=draw_adds,
        skip_adds=skip_adds,
        cards=tuple(card_rules),
        wild_blocked_by_attack=blocked_attack,
        wild_blocked_by_rank_wish=blocked_rank,
        wild_blocked_by_suit_wish=blocked_suit,
        wild_not_on_same_rank=not_on_same,
        defences=tuple(defences),
        calls=calls,
        min_group=min_group,
        separate=tuple(separate),
        runs=runs,
        end_mode=end_mode,
        end_result=end_result,
        points_per_card=points,
        card_points=dict(card_points_raw),
        reshuffle_fallback=fallback,
        self_target=self_target,
        after_penalty=after_penalty,
        notes=tuple(notes),
        path=origin,
    )
    top.finish()
    _check_taken_at_once(attack, ruleset)
    for players_count in range(ruleset.players[0], ruleset.players[1] + 1):
        if players_count * hand_size + 1 > deck.size * ruleset.copies_for(players_count):
            raise top.refuse("hand_size", "no_starter", count=players_count)
    return ruleset


def load_ruleset_file(path: str | Path) -> Ruleset:
    """Reads one ruleset file; raises RulesetError naming the file and the field."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise guard.RulesetInputError(path.name, "unreadable", reason=exc.strerror) from None
    data = guard.load_toml(raw, path.name)  # UTF-8 and TOML errors with a code, like an upload
    return ruleset_from_dict(data, path.name)


def load_ruleset_text(text: str | bytes, origin: str = "uploaded ruleset") -> Ruleset:
    """Reads a ruleset from TOML text or UTF-8 bytes (an upload); raises RulesetError."""
    return ruleset_from_dict(guard.load_toml(text, origin), origin)


def variant_ids() -> list[str]:
    """Lists the ids of the rulesets shipped in engine/rulesets, in a teaching order."""
    try:
        stamp = RULESET_DIR.stat().st_mtime_ns  # a file added or removed changes the folder's time
    except OSError:
        stamp = -1
    return list(_listed_ids(str(RULESET_DIR), stamp))


@lru_cache(maxsize=4)
def _listed_ids(folder: str, stamp: int) -> tuple[str, ...]:
    # Every page run asks several hundred times (pickers, labels, checks): one listing per folder state.
    order = ["pl", "pl-trad", "pl-devdo", "da", "hu", "cz-prsi", "de-maumau", "de-maumau-9", "ru-101"]
    found = sorted(p.stem for p in Path(folder).glob("*.toml"))
    return tuple([v for v in order if v in found] + [v for v in found if v not in order])


def load_ruleset(variant: str) -> Ruleset:
    """Loads a shipped ruleset by id; raises RulesetError for an unknown id."""
    if not isinstance(variant, str) or variant not in variant_ids():
        raise RulesetError(f"unknown variant {guard.shown(variant)} (known: {', '.join(variant_ids())})")
    return _load_shipped(variant)


@lru_cache(maxsize=32)
def _load_shipped(variant: str) -> Ruleset:
    return load_ruleset_file(RULESET_DIR / f"{variant}.toml")
