"""Rulesets as data: reading and checking ``engine/rulesets/*.toml``.

The file format itself (fields, types, ranges, defaults) is declared once in
``engine.ruleset_format.RULESET``; this module builds the ruleset from what the declaration reads.
The engine implements a closed set of effects (draw attack, sit-out attack, rank wish,
suit wish, wild card, last-card calls, end and scoring, reshuffle fallback); a ruleset
file selects and parameterises them. Anything else in a file is an error that names
the file and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from engine import fieldspec, guard
from engine.cards import DECK_KINDS, DeckKind
from engine.errors import RulesetError
from engine.ruleset_bounds import check_bounds
from engine.ruleset_format import (
    AFTER_PENALTIES,
    DEFENCE_CONDITIONS,
    END_MODES,
    END_RESULTS,
    FALLBACKS,
    RULESET,
    SELF_TARGETS,
    TARGETS,
    WISH_DURATIONS,
    AfterPenalty,
    AttackTarget,
    DefenceCondition,
    EndMode,
    EndResult,
    ReshuffleFallback,
    SelfTarget,
    StarterRejectedTo,
    WishDuration,
    WishKind,
    run_lengths,
)

RULESET_DIR = Path(__file__).parent / "rulesets"

# The closed vocabulary of a ruleset file lives with its declaration (engine.ruleset_format).
__all__ = [
    "AFTER_PENALTIES",
    "DEFENCE_CONDITIONS",
    "END_MODES",
    "END_RESULTS",
    "FALLBACKS",
    "SELF_TARGETS",
    "TARGETS",
    "WISH_DURATIONS",
    "AfterPenalty",
    "AttackTarget",
    "Call",
    "CardRule",
    "DefenceCondition",
    "DefenceRule",
    "EndMode",
    "EndResult",
    "Note",
    "ReshuffleFallback",
    "Ruleset",
    "SelfTarget",
    "StarterRejectedTo",
    "WishDuration",
    "WishKind",
    "load_ruleset",
    "load_ruleset_file",
    "load_ruleset_text",
    "ruleset_from_dict",
    "run_lengths",
    "variant_ids",
]


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


_Built = TypeVar("_Built")


def cached(rules: Ruleset, name: str, build: Callable[[Ruleset], _Built]) -> _Built:
    """Returns what ``build`` makes of a ruleset, built once and kept on the (frozen) ruleset as ``name``."""
    kept: _Built | None = rules.__dict__.get(name)
    if kept is None:
        kept = build(rules)
        object.__setattr__(rules, name, kept)
    return kept


def _refuse(origin: str) -> fieldspec.Refuse:
    """A ruleset's refusals: codes of ``guard.RULESET_MESSAGES``, naming the file and the field."""

    def error(path: fieldspec.Path, code: str, params: dict[str, Any]) -> Exception:
        name = fieldspec.dotted(path)
        if code == "not_table":
            return guard.RulesetInputError(origin, code, f"{name or 'the file'} must be a table", field=name)
        params.pop("known", None)  # the sentence names the field, not the fields known beside it
        return guard.RulesetInputError(origin, code, field=name, **params)

    return fieldspec.Refuse(error)


def ruleset_from_dict(data: dict[str, Any], origin: str) -> Ruleset:
    """Builds a Ruleset from parsed TOML; raises RulesetError naming origin and field."""
    check_bounds(data, origin)  # every field within its range (RULESET's bounds, engine/ruleset_bounds.py)
    v = fieldspec.read(RULESET, data, _refuse(origin))
    play, starter, attack, wild, end = v["play"], v["starter"], v["attack"], v["wild"], v["end"]
    ruleset = Ruleset(
        id=v["id"],
        name=v["name"],
        source=v["source"],
        source_title=v["source_title"],
        deck=DECK_KINDS[v["deck"]],
        players=(v["players"][0], v["players"][1]),
        hand_size=v["hand_size"],
        deck_copies=tuple((seats, decks) for seats, decks in v["deck_copies"]),
        several_cards=play["several_cards"],
        play_drawn=play["play_drawn"],
        starter_forbidden=tuple(starter["forbidden"]),
        starter_rejected_to=starter["rejected_to"],
        starter_triggers=starter["triggers"],
        draw_adds=attack["draw_adds"],
        skip_adds=attack["skip_adds"],
        cards=tuple(_card_rule(pattern, rule) for pattern, rule in v["cards"].items()),
        wild_blocked_by_attack=wild["blocked_by_attack"],
        wild_blocked_by_rank_wish=wild["blocked_by_rank_wish"],
        wild_blocked_by_suit_wish=wild["blocked_by_suit_wish"],
        wild_not_on_same_rank=wild["not_on_same_rank"],
        defences=tuple(DefenceRule(tuple(d["against"]), tuple(d["with"]), d["condition"]) for d in v["defence"]),
        calls={name: Call(c["required"], c["penalty"], c.get("word", name)) for name, c in v["calls"].items()},
        min_group=play["min_group"],
        separate=tuple(tuple(patterns) for patterns in play["separate"]),
        runs=play["runs"],
        end_mode=end["mode"],
        end_result=end["result"],
        points_per_card=end["points_per_card"],
        card_points=dict(end["card_points"]),
        reshuffle_fallback=v["reshuffle"]["fallback"],
        self_target=attack["self_target"],
        after_penalty=attack["after_penalty"],
        notes=tuple(Note(n["topic"], n["text"]) for n in v["notes"]),
        path=origin,
    )
    _check_whole(ruleset, origin)
    return ruleset


def _card_rule(pattern: str, rule: dict[str, Any]) -> CardRule:
    values = tuple(rule["wish_values"])
    return CardRule(pattern, **{**rule, "wish_values": values})


def _check_whole(r: Ruleset, origin: str) -> None:
    """Refuses what only the whole ruleset shows: a K♠ taken at once that a defence answers
    (devdo-eu/macau's ``after_attacker``), or a table size that leaves no starter card."""
    if r.after_penalty is AfterPenalty.AFTER_ATTACKER:
        for card in r.deck.all_cards():
            rule = r.card_rule(card)
            if rule is None or not rule.draw or rule.target is not AttackTarget.PREVIOUS:
                continue
            if any(r.matches(p, card) for d in r.defences for p in d.against):
                field = "attack.after_penalty"
                raise guard.RulesetInputError(origin, "at_once_defended", field=field, card=r.deck.name(card))
    for players_count in range(r.players[0], r.players[1] + 1):
        if players_count * r.hand_size + 1 > r.deck.size * r.copies_for(players_count):
            raise guard.RulesetInputError(origin, "no_starter", field="hand_size", count=players_count)


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
