"""The ruleset file format, declared once: every field, its type, range, default and meaning.

``RULESET`` is read by ``engine.ruleset.ruleset_from_dict`` (through ``engine.fieldspec.read``),
gives ``engine.ruleset_bounds.BOUNDS`` its ranges and docs/schemas/ruleset.schema.json its text
(``python -m engine.schemas``). The checks below are what a type cannot say; each raises one of
the codes of ``engine.guard.RULESET_MESSAGES``. Checks that need the whole ruleset (a K♠ taken at
once, a starter left for every table size) stay in ``engine.ruleset``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from engine.cards import DECK_KINDS, DeckKind
from engine.fieldspec import OMITTED, Field, Place, Range, Spec
from engine.guard import shown, value_params

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


def _values(kind: type[StrEnum]) -> tuple[str, ...]:
    return tuple(m.value for m in kind)


WISH_DURATIONS = _values(WishDuration)
DEFENCE_CONDITIONS = _values(DefenceCondition)
END_MODES = _values(EndMode)
END_RESULTS = _values(EndResult)
FALLBACKS = _values(ReshuffleFallback)
TARGETS = _values(AttackTarget)
SELF_TARGETS = _values(SelfTarget)
AFTER_PENALTIES = _values(AfterPenalty)


SEAT_BOUND = Range(2, 10, "the fewest and the most seats at the table")

# ------------------------------------------------------------------ checks a type cannot say


def deck_of(place: Place) -> DeckKind:
    """The deck the file names (``deck`` is read first, so every later check knows it)."""
    return DECK_KINDS[place.root["deck"]]


def is_pattern(text: str, deck: DeckKind) -> bool:
    """Tells whether a text is a rank or a card (rank and suit) of the deck."""
    if text in deck.ranks:
        return True
    return len(text) >= 2 and text[:-1] in deck.ranks and text[-1] in deck.suits


def _pattern(value: Any, place: Place) -> None:
    """An entry of a list of card patterns; refused naming the list."""
    deck = deck_of(place)
    if not isinstance(value, str) or not is_pattern(value, deck):
        raise place.up().refuse("not_pattern", value=shown(value), deck=deck.id, **value_params(value))


def _players(value: list[Any], place: Place) -> None:
    seats = SEAT_BOUND
    if (
        len(value) != 2
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in value)
        or not seats.low <= value[0] <= value[1] <= seats.high
    ):
        raise place.refuse("players_range", low=seats.low, high=seats.high)


def _pairs(value: list[Any], place: Place) -> None:
    for pair in value:
        whole = (
            [isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in pair] if isinstance(pair, list) else []
        )
        if len(whole) != 2 or not all(whole):
            raise place.refuse("not_pairs")


def _card_class(value: Any, place: Place) -> None:
    """One class of ``[play] separate``: a non-empty list of patterns."""
    if not isinstance(value, list) or not value:
        raise place.refuse("empty_class")
    for entry in value:
        _pattern(entry, place.at(0))


def _separate(value: list[Any], place: Place) -> None:
    for index, entry in enumerate(value):
        _card_class(entry, place.at(index))
    deck, listed = deck_of(place), dict[int, int]()
    for index, patterns in enumerate(value):
        for card in deck.all_cards():
            named = any(p in (deck.rank_of(card), deck.name(card)) for p in patterns)
            if named and listed.setdefault(card, index) != index:
                raise place.refuse("two_classes", card=deck.name(card))


def run_lengths(deck: DeckKind) -> tuple[int, ...]:
    """The values ``[play] runs`` may take with this deck: 0 (no runs, every shipped ruleset) or the fewest
    cards of a run, from 2 to the deck's ranks (a run never wraps round from the ace to the lowest rank)."""
    return (0, *range(2, len(deck.ranks) + 1))


def _runs(value: int, place: Place) -> None:
    deck = deck_of(place)
    if value not in run_lengths(deck):
        raise place.refuse("run_length", low=2, high=len(deck.ranks), deck=deck.id)


def _card_key(key: str, value: Any, place: Place) -> None:
    deck = deck_of(place)
    if not is_pattern(key, deck):
        raise place.refuse("pattern_key", deck=deck.id)


def _wish_values(value: list[Any], place: Place) -> None:
    deck = deck_of(place)
    if place.siblings.get("wish") == "rank":
        if not value or any(v not in deck.ranks for v in value):
            raise place.refuse("not_ranks", deck=deck.id)
    elif value:
        raise place.refuse("rank_wish_only")


def _card_rule(rule: dict[str, Any], place: Place) -> None:
    draw, skip, wish = rule["draw"], rule["skip"], rule["wish"]
    if draw < 0 or skip < 0 or (draw and skip):
        raise place.at("draw").refuse("draw_and_skip")
    if wish and (draw or skip):
        raise place.at("wish").refuse("wish_with_attack")
    if rule["cover"] and (draw or skip or wish or rule["wild"]):
        raise place.at("cover").refuse("cover_with_effect")


def _cover_ranks(rules: dict[str, dict[str, Any]], place: Place) -> None:
    """Refuses a rank whose cards are partly cards to cover and partly attacks or wishes: cards of one
    rank go down together, and a play is either covered by its player or hands the turn on."""
    deck = deck_of(place)
    for rank in deck.ranks:
        kinds = set()
        for suit in deck.suits:
            rule = rules.get(rank + suit) or rules.get(rank)
            if rule is None:
                kinds.add("plain")
            elif rule["cover"]:
                kinds.add("cover")
            elif rule["draw"] or rule["skip"] or rule["wish"] or rule["wild"]:
                kinds.add("effect")
        if "cover" in kinds and "effect" in kinds:
            raise place.at(rank).refuse("cover_rank_mixed")


def _card_point(rank: str, value: Any, place: Place) -> None:
    deck = deck_of(place)
    if rank not in deck.ranks or not isinstance(value, int) or isinstance(value, bool):
        raise place.up().refuse("card_points_values", value=shown(rank), deck=deck.id, **value_params(rank))


CALL_NAMES = ("makao", "kakao")


def _call_name(name: str, value: Any, place: Place) -> None:
    if name not in CALL_NAMES:
        raise place.refuse("unknown_field")


def _end(end: dict[str, Any], place: Place) -> None:
    if end["result"] == "penalty_points" and set(end["card_points"]) != set(deck_of(place).ranks):
        raise place.at("card_points").refuse("card_points_missing")


# ------------------------------------------------------------------------------ the declaration

_ALL_RANKS = sorted({r for d in DECK_KINDS.values() for r in d.ranks}, key=lambda r: (-len(r), r))
_ALL_SUITS = "".join(sorted({s for d in DECK_KINDS.values() for s in d.suits}))
# A rank or a card of some deck (the reader keeps to the file's own deck).
PATTERN_REGEX = f"^({'|'.join(_ALL_RANKS)})[{_ALL_SUITS}]?$"
_PATTERN_SCHEMA = {"pattern": PATTERN_REGEX}


def _flag(doc: str) -> Spec:
    return Spec("bool", doc)


def _choice(kind: type[StrEnum], doc: str) -> Spec:
    return Spec("str", doc, options=_values(kind))


def _patterns(doc: str, bound: Range) -> Spec:
    item = Spec("str", "a rank (K) or a card (Kh) of the deck", check=_pattern, schema=_PATTERN_SCHEMA)
    return Spec("list", doc, bound, item=item, codes=("not_pattern",))


def _text(doc: str, low: int, high: int) -> Spec:
    return Spec("str", doc, Range(low, high, doc, "characters"))


def _number(doc: str, low: int, high: int, off: int | None = None) -> Spec:
    return Spec("int", doc, Range(low, high, doc, "value", off))


def _entries(low: int, high: int, doc: str) -> Range:
    return Range(low, high, doc, "entries")


_PLAY = Spec(
    "dict",
    "how cards go down",
    fields=(
        Field("several_cards", _flag("several cards of one rank may go down together"), True),
        Field("play_drawn", _flag("a drawn card that fits may go down at once"), True),
        Field(
            "min_group",
            _number("the fewest cards of one rank that go down together (a single card always may)", 2, 8),
            2,
        ),
        Field(
            "separate",
            Spec(
                "list",
                "classes of cards never mixed in one play",
                _entries(0, 10, "classes of cards never mixed in one play"),
                item=Spec(
                    "list",
                    "the cards of one such class",
                    _entries(1, 70, "the cards of one such class"),
                    item=Spec("str", "a rank or a card", schema=_PATTERN_SCHEMA),
                ),
                check=_separate,
                codes=("empty_class", "not_pattern", "two_classes"),
            ),
            [],
        ),
        Field(
            "runs",
            Spec(
                "int",
                "the fewest cards of one suit in a run of consecutive ranks (0: no runs)",
                Range(0, 13, "the fewest cards of one suit in a run of consecutive ranks (0: no runs)", off=0),
                check=_runs,
                codes=("run_length",),
            ),
            0,
        ),
    ),
)

_STARTER = Spec(
    "dict",
    "the first card of the pile",
    fields=(
        Field(
            "forbidden",
            _patterns(
                "cards that may not be the starter card", _entries(0, 70, "cards that may not be the starter card")
            ),
            [],
        ),
        Field("rejected_to", _choice(StarterRejectedTo, "where flipped cards that may not start go"), "pile"),
        Field("triggers", _flag("the starter card's effect applies to the first player"), False),
    ),
)

_ATTACK = Spec(
    "dict",
    "attacks: cards to draw and turns to sit out",
    fields=(
        Field("draw_adds", _flag("draw attacks add up when answered"), True),
        Field("skip_adds", _flag("sit-out attacks add up when answered"), True),
        Field("self_target", _choice(SelfTarget, "an attack whose only target is its own player"), "lapse"),
        Field("after_penalty", _choice(AfterPenalty, "who moves once the penalty cards are drawn"), "next"),
    ),
)

_CARD = Spec(
    "dict",
    "what one card or rank does when played",
    fields=(
        Field("draw", _number("cards the attacked player draws (0: no draw attack)", 0, 10, off=0), 0),
        Field("skip", _number("turns the attacked player sits out (0: no sit-out attack)", 0, 5, off=0), 0),
        Field("target", _choice(AttackTarget, "which seat the attack hits"), "next"),
        Field("wish", Spec("str", "the card wishes a rank or a suit", options=("rank", "suit")), None),
        Field(
            "wish_values",
            Spec(
                "list",
                "ranks a rank wish may name",
                _entries(0, 13, "ranks a rank wish may name"),
                item=Spec("str", "a rank of the deck"),
                check=_wish_values,
                codes=("not_ranks", "rank_wish_only"),
            ),
            [],
        ),
        Field("wish_optional", _flag("the player may also wish nothing"), False),
        Field("wish_duration", _choice(WishDuration, "how long the wish binds"), "until_fulfilled"),
        Field("wild", _flag("the card goes on any card"), False),
        Field("reverse", _flag("playing it flips the direction of play"), False),
        Field("cover", _flag("its player must cover it (ru-101's nine)"), False),
    ),
    check=_card_rule,
    codes=("draw_and_skip", "wish_with_attack", "cover_with_effect"),
)

_DEFENCE = Spec(
    "dict",
    "cards that may answer an attack",
    fields=(
        Field(
            "against",
            _patterns("attacking cards the rule answers", _entries(0, 70, "attacking cards the rule answers")),
        ),
        Field("with", _patterns("cards that may answer", _entries(0, 70, "cards that may answer"))),
        Field("condition", _choice(DefenceCondition, "when they may: always, or matching the attacking card")),
    ),
)

_CALL = Spec(
    "dict",
    "a last-card call",
    fields=(
        Field("required", _flag("the call must be made")),
        Field("penalty", _number("cards drawn for a forgotten call", 0, 10), 0),
        Field("word", _text("the word said (makao, Makaó, Mau; the call's name when left out)", 0, 20), OMITTED),
    ),
)

_END = Spec(
    "dict",
    "how a round ends and what it reports",
    fields=(
        Field("mode", _choice(EndMode, "whether the round ends with the first seat out")),
        Field("result", _choice(EndResult, "what the end of a round reports")),
        Field("points_per_card", _number("points the winner scores per card left", 0, 100), 0),
        Field(
            "card_points",
            Spec(
                "dict",
                "penalty points of each rank",
                values=_number("penalty points of one rank", 0, 100),
                key_check=_card_point,
                schema={"propertyNames": {"pattern": f"^({'|'.join(_ALL_RANKS)})$"}},
            ),
            {},
        ),
    ),
    check=_end,
    codes=("card_points_values", "card_points_missing"),
)

_NOTE = Spec(
    "dict",
    "an interpretation note",
    fields=(
        Field("topic", _text("the topic of a note", 0, 40)),
        Field("text", _text("the text of a note", 0, 1000)),
    ),
)


# The fields in the order the reader reads them: ``deck`` first (the patterns of later fields are
# the deck's), the texts last.
RULESET = Spec(
    "dict",
    "A makao rule system (engine/rulesets/*.toml, or a house-rules file).",
    fields=(
        Field("deck", Spec("str", "the deck of cards", options=tuple(DECK_KINDS))),
        Field(
            "players",
            Spec(
                "list",
                "[min, max] seats at the table",
                item=Spec("int", "seats", SEAT_BOUND),
                check=_players,
                codes=("players_range",),
                schema={"minItems": 2, "maxItems": 2},
            ),
        ),
        Field("hand_size", _number("cards dealt to each player", 1, 10)),
        Field(
            "deck_copies",
            Spec(
                "list",
                "[from_seats, decks] pairs",
                _entries(0, 9, "[from_seats, decks] pairs"),
                item=Spec(
                    "list",
                    "from this many seats on, this many decks",
                    items=(
                        _number("from this many seats on, the pair applies", 2, 10),
                        _number("decks shuffled together", 1, 4),
                    ),
                ),
                check=_pairs,
                codes=("not_pairs",),
            ),
            [[2, 1]],
        ),
        Field("play", _PLAY, {}),
        Field("starter", _STARTER, {}),
        Field("attack", _ATTACK, {}),
        Field(
            "cards",
            Spec(
                "dict",
                "cards and ranks with an effect, by pattern (a rank: 2, or a card: Ks)",
                _entries(0, 70, "cards and ranks with an effect"),
                values=_CARD,
                key_check=_card_key,
                check=_cover_ranks,
                codes=("pattern_key", "cover_rank_mixed"),
                schema={"propertyNames": _PATTERN_SCHEMA},
            ),
            {},
        ),
        Field(
            "wild",
            Spec(
                "dict",
                "when a wild card may not go down",
                fields=(
                    Field("blocked_by_attack", _flag("not on a pending attack"), True),
                    Field("blocked_by_rank_wish", _flag("not under a rank wish"), True),
                    Field("blocked_by_suit_wish", _flag("not under a suit wish"), True),
                    Field("not_on_same_rank", _flag("not on a card of its own rank"), False),
                ),
            ),
            {},
        ),
        Field("defence", Spec("list", "defence rules", _entries(0, 30, "defence rules"), item=_DEFENCE), []),
        Field(
            "calls",
            Spec(
                "dict",
                "last-card calls: makao (left with one card), kakao (playing the last card)",
                values=_CALL,
                key_check=_call_name,
                schema={"propertyNames": {"enum": list(CALL_NAMES)}},
            ),
            {},
        ),
        Field("end", _END, {}),
        Field(
            "reshuffle",
            Spec(
                "dict",
                "when the deck runs out",
                fields=(Field("fallback", _choice(ReshuffleFallback, "when the pile cannot remake the deck"), "none"),),
            ),
            {},
        ),
        Field("notes", Spec("list", "notes on the rules", _entries(0, 30, "notes on the rules"), item=_NOTE), []),
        Field("id", _text("the ruleset's id (a shipped id gets -house appended)", 1, 40)),
        Field("name", _text("the name shown in menus and headings", 1, 80)),
        Field("source", _text("where the rules come from (a link or a book)", 0, 300)),
        Field("source_title", _text("the title of that source", 0, 300), ""),
    ),
)
