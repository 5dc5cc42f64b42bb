"""Position JSON v1 (POSITION.md): reading with a validator that lists every problem,
writing, and the share code used in links (``?pos=``). The fields are declared once in
``engine.position_format.POSITION`` (also the source of docs/schemas/position.schema.json); the
generic reader follows it collecting every misfit (``_READ``: its order and the checks of single
fields), and the rules of the whole position follow (``_check_cards``, ``_check_seats``)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from engine import fieldspec, guard
from engine.cards import DeckKind
from engine.errors import NotationError, PositionError, Problem, RulesetError
from engine.fieldspec import OMITTED, Spec
from engine.packing import pack_json
from engine.position_format import FORMAT, MAX_ATTACK, MAX_TURNS, MAX_UNKNOWN, POSITION, REQUIRED
from engine.ruleset import AfterPenalty, Ruleset, WishKind, load_ruleset
from engine.state import Attack, AttackKind, State, Tables, Wish, tables_for

MAX_SHARE_CODE = 64 * 1024  # characters of a share code we even try to decode
MAX_POSITION_BYTES = 64 * 1024  # bytes a share code may decompress to
# Every code a Problem of an impossible position may carry (ui translates each one).
PROBLEM_CODES = (
    "attack_taken_at_once",
    "bad_attack",
    "bad_attack_amount",
    "bad_cover",
    "bad_card",
    "bad_count",
    "bad_direction",
    "bad_format",
    "bad_type",
    "bad_waiting",
    "bad_wish",
    "bad_wish_value",
    "card_does_not_attack",
    "drawn_not_in_hand",
    "drawn_not_playable",
    "drawn_under_attack",
    "duplicate_card",
    "empty_hand",
    "empty_pile",
    "finished_holds_cards",
    "missing_field",
    "no_such_attack",
    "no_such_wish",
    "not_a_seat",
    "players_out_of_range",
    "round_already_over",
    "seat_listed_twice",
    "to_move_finished",
    "to_move_waiting",
    "too_many_cards",
    "unknown_field",
    "unknown_variant",
    "waiting_length",
    "wish_not_allowed",
)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class _Draft:
    """A position read field by field, to be judged as a whole: the ruleset, the problems found so far."""

    rules: Ruleset
    problems: list[Problem]
    seed: int = 0
    hands: list[list[int] | int | None] = field(default_factory=list)
    pile: Any = field(default_factory=list)
    deck_cards: list[int] | int | None = None
    to_move: Any = 0
    finished: list[int] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)
    over: bool = False
    direction: int = 1
    attack: Attack | None = None
    wish: Wish | None = None
    drawn: int | None = None
    cover: bool = False

    @property
    def deck(self) -> DeckKind:
        return self.rules.deck

    @property
    def players(self) -> int:
        return len(self.hands)

    def add(self, code: str, message: str, **params: Any) -> None:
        """Notes one problem (a code of PROBLEM_CODES, its English text and its params)."""
        self.problems.append(Problem(code, message, params))


class _Misfit(Exception):
    """One problem of a position, as the declaration's reader notes it."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.text)
        self.problem = problem


# What a field that is not of its declared type says (POSITION.md's sentences): field -> (text, expected).
_TYPE_TEXTS = {
    "seed": ("seed must be an integer", "integer"),
    "hands": ("hands must be a list with one entry per seat", "hands"),
    "pile": ("pile must be a list of cards", "cards"),
    "finished": ("finished must be a list of seats", "seats"),
    "over": ("over must be true or false", "boolean"),
    "cover": ("cover: must be true or false", "boolean"),
}
_SHAPE = {"unknown_field": 0, "bad_format": 1, "missing_field": 2, "unknown_variant": 3}  # listed first


def _refuse(data: dict[str, Any]) -> fieldspec.Refuse:
    """The position's problems for the declaration's refusals (a check's own carry their ``message``)."""

    def error(path: fieldspec.Path, code: str, params: dict[str, Any]) -> Exception:
        if "message" in params:
            return _Misfit(Problem(code, params.pop("message"), params))
        return _Misfit(_declared_problem(data, path, code))

    return fieldspec.Refuse(error)


def _declared_problem(data: dict[str, Any], path: fieldspec.Path, code: str) -> Problem:
    if code == "unknown_field":
        return Problem("unknown_field", f"unknown field {path[0]!r}", {"field": path[0]})
    name, where = str(path[0]), fieldspec.dotted(path)
    if code == "missing":
        return Problem("missing_field", f"field {name!r} is missing", {"field": name})
    raw = data[name]
    if name == "format":
        return Problem("bad_format", f"format must be {FORMAT!r}, not {raw!r}", {"value": str(raw)})
    if name == "direction":
        shown = raw[:20] if isinstance(raw, str) else type(raw).__name__
        text = f'direction must be "clockwise" or "counterclockwise", not {shown!r}'
        return Problem("bad_direction", text, {"field": "direction", "value": shown})
    if name == "attack":
        return Problem("bad_attack", 'attack must be {"draw": N} or {"skip": N}', {"field": "attack"})
    if name == "wish":
        return Problem("bad_wish", _WISH_SHAPE, {"field": "wish"})
    if name in ("hands", "deck") and where != "hands":
        return Problem(
            "bad_type", f"{where} must be a list of cards or a number", {"field": where, "expected": "cards"}
        )
    text, expected = _TYPE_TEXTS[name]
    return Problem("bad_type", text, {"field": name, "expected": expected})


_WISH_SHAPE = 'wish must be {"rank": R, "by": SEAT} or {"suit": S, "by": SEAT}'


def position_from_json(data: Any, rules: Ruleset | None = None) -> State:
    """Builds a State from position JSON (a dict); raises PositionError listing every problem.

    ``rules`` overrides the variant (a house ruleset); otherwise ``variant`` names a shipped one.
    The declaration (``engine.position_format.POSITION``) is read in the order of ``_READ``, noting
    every misfit; then the position as a whole is judged (``_check_cards``, ``_check_seats``).
    """
    if not isinstance(data, dict):
        text = f"a position must be a JSON object, not {type(data).__name__}"
        raise PositionError([Problem("bad_type", text, {"field": "position", "expected": "object"})])
    data = _without_nulls(data)
    noted: list[Exception] = []
    context: dict[str, Any] = {"rules": rules}
    fields = fieldspec.read(_READ, data, _refuse(data), context, noted)
    problems = sorted((exc.problem for exc in noted if isinstance(exc, _Misfit)), key=_shape_first)
    if context["rules"] is None:  # no deck to read the cards with: the shape's problems only
        raise PositionError([p for p in problems if p.code in _SHAPE])
    draft = _draft(fields, context["rules"], problems)
    _check_cards(draft)
    _check_seats(draft)
    if problems:
        raise PositionError(problems)
    return _state(draft)


def _shape_first(problem: Problem) -> tuple[int, int]:
    """Unknown fields, a wrong format, missing fields (in POSITION's order), then the rest as read."""
    if problem.code == "missing_field":
        return (_SHAPE["missing_field"], REQUIRED.index(problem.params["field"]))
    return (_SHAPE.get(problem.code, len(_SHAPE)), 0)


def _without_nulls(data: dict[str, Any]) -> dict[str, Any]:
    """POSITION.md: an optional field given as null means "absent" (many JSON writers emit them)."""
    data = {k: v for k, v in data.items() if v is not None or k in REQUIRED}
    if isinstance(data.get("attack"), dict) and data["attack"].get("card", 0) is None:
        data["attack"] = {k: v for k, v in data["attack"].items() if k != "card"}
    return data


def _draft(fields: dict[str, Any], rules: Ruleset, problems: list[Problem]) -> _Draft:
    """The fields read, with the defaults that depend on the table (a waiting of 0 for each seat)."""
    hands = fields.get("hands", [])
    return _Draft(
        rules=rules,
        problems=problems,
        seed=fields.get("seed", 0),
        hands=hands,
        pile=fields.get("pile", []),
        deck_cards=fields.get("deck"),
        to_move=fields.get("to_move", 0),
        finished=fields.get("finished", []),
        waiting=fields.get("waiting", [0] * len(hands)),
        over=fields.get("over", False),
        direction=fields.get("direction", 1),
        attack=fields.get("attack"),
        wish=fields.get("wish"),
        drawn=fields.get("drawn"),
        cover=fields.get("cover", False),
    )


# ----------------------------------------------------------------- the checks of single fields


def _rules(place: fieldspec.Place) -> Ruleset | None:
    rules: Ruleset | None = place.context["rules"]
    return rules


def _variant(value: Any, place: fieldspec.Place) -> None:
    """The ruleset of ``variant``, unless the caller gave one (a house ruleset)."""
    if _rules(place) is not None:
        return
    try:
        place.context["rules"] = load_ruleset(value)
    except RulesetError as exc:
        raise place.refuse("unknown_variant", message=f"variant: {exc}", variant=str(value)) from None


def _card(value: Any, place: fieldspec.Place) -> Any:
    """A card of the variant's deck."""
    rules = _rules(place)
    if rules is None:
        return OMITTED
    try:
        return rules.deck.parse(value)
    except NotationError as exc:
        where = fieldspec.dotted(place.path)
        raise place.refuse(
            "bad_card", message=f"{where}: {exc}", field=where, text=str(value)[:20], deck=rules.deck.id
        ) from None


_CARD_LIST = Spec("list", item=Spec("any", check=_card))


def _cards_or_count(value: Any, place: fieldspec.Place) -> Any:
    """A list of cards, or a number of unknown cards (a hand, the deck)."""
    if not _is_int(value):
        return fieldspec.read_value(_CARD_LIST, value, place)
    if not 0 <= value <= MAX_UNKNOWN:
        name = fieldspec.dotted(place.path)
        message = f"{name}: {value} is not a possible number of cards"
        raise place.refuse("bad_count", message=message, field=name, value=value)
    return value


def _players(hands: list[Any], place: fieldspec.Place) -> None:
    """One hand per seat, as many seats as the variant is played by."""
    rules = _rules(place)
    if rules is None:
        return
    low, high = rules.players
    if not low <= len(hands) <= high:
        text = f"{rules.id} is played by {low} to {high} players, not {len(hands)}"
        place.note("players_out_of_range", message=text, low=low, high=high, count=len(hands))


def _pile(pile: list[int], place: fieldspec.Place) -> None:
    if not pile and _rules(place) is not None:
        place.note("empty_pile", message="pile must hold at least one card (the top card)", field="pile")


def _seat(value: Any, place: fieldspec.Place, name: str = "") -> bool:
    """Tells whether a value is a seat of this table; notes ``not_a_seat`` when it is not."""
    players = len(place.siblings.get("hands", []))
    if not _is_int(value) or not 0 <= value < max(players, 1):
        name = name or fieldspec.dotted(place.path)
        text = f"{name}: {value!r} is not a seat (seats are 0 to {players - 1})"
        place.note("not_a_seat", message=text, field=name, value=str(value)[:20], last=players - 1)
        return False
    return True


def _to_move(value: Any, place: fieldspec.Place) -> None:
    _seat(value, place)  # kept even when no seat: the checks of the whole ask whether it is one


def _finished(value: list[Any], place: fieldspec.Place) -> list[int]:
    """Seats that are out, each once."""
    finished: list[int] = []
    for index, seat in enumerate(value):
        if _seat(seat, place, f"finished[{index}]"):
            if seat in finished:
                text = f"finished: seat {seat} is listed twice"
                place.note("seat_listed_twice", message=text, field="finished", seat=seat)
            finished.append(seat)
    return finished


def _waiting(value: Any, place: fieldspec.Place) -> list[int]:
    """A number of turns for each seat."""
    players = len(place.siblings.get("hands", []))
    if not isinstance(value, list) or len(value) != players:
        text = f"waiting must list one number per seat ({players})"
        raise place.refuse("waiting_length", message=text, field="waiting", count=players)
    waiting = [0] * players
    for i, n in enumerate(value):
        if not _is_int(n) or not 0 <= n <= MAX_TURNS:
            text = f"waiting[{i}]: {n!r} is not a number of turns"
            place.note("bad_waiting", message=text, field=f"waiting[{i}]", value=str(n)[:20])
        else:
            waiting[i] = n
    return waiting


def _direction(value: str, place: fieldspec.Place) -> int:
    return DIRECTIONS[value]


def _attack(a: dict[str, Any], place: fieldspec.Place) -> Any:
    """``{"draw": N}`` or ``{"skip": N}``, with the attacking card when it is not the top."""
    rules = _rules(place)
    if rules is None:
        return OMITTED
    t = tables_for(rules)
    if not ({"draw", "skip"} & set(a)) or set(a) - {"draw", "skip", "card"} or ("draw" in a and "skip" in a):
        raise place.refuse("bad_attack", message='attack must be {"draw": N} or {"skip": N}', field="attack")
    kind: AttackKind = "draw" if "draw" in a else "skip"
    amount, table = a[kind], (t.draw if kind == "draw" else t.skip)
    if not _is_int(amount) or not 1 <= amount <= MAX_ATTACK:
        text = f"attack: {amount!r} is not a positive number"
        raise place.refuse("bad_attack_amount", message=text, field="attack", value=str(amount)[:20])
    if not any(table[c] for c in rules.deck.all_cards()):
        raise place.refuse(
            "no_such_attack", message=f"attack: {rules.id} has no {kind} attack", field="attack", kind=kind
        )
    card = _attacking_card(a, kind, rules, place)
    if card is None:
        return OMITTED  # no pile to say which card attacks: refused as the pile
    name = rules.deck.name(card)
    if not table[card]:
        text = f"attack: {name} does not make a {kind} attack in {rules.id}"
        place.note("card_does_not_attack", message=text, field="attack", card=name, kind=kind)
    attack = Attack(kind, amount, card)
    if taken_at_once(rules, t, attack):
        text = f"attack: in {rules.id} a {name} is taken at once; it is never pending"
        place.note("attack_taken_at_once", message=text, field="attack", card=name)
    return attack


def _attacking_card(a: dict[str, Any], kind: str, rules: Ruleset, place: fieldspec.Place) -> int | None:
    """The card an attack was made by: ``attack.card``, or the one the pile implies."""
    if "card" in a:
        return int(_card(a["card"], place.at("card")))
    pile = place.siblings.get("pile")
    return implied_attacker(tables_for(rules), tuple(pile), kind) if pile else None


def _wish(w: dict[str, Any], place: fieldspec.Place) -> Any:
    """``{"rank": R, "by": SEAT}`` or ``{"suit": S, "by": SEAT}`` of a card that wishes."""
    rules = _rules(place)
    if rules is None:
        return OMITTED
    if len({"rank", "suit"} & set(w)) != 1 or set(w) - {"rank", "suit", "by"} or "by" not in w:
        raise place.refuse("bad_wish", message=_WISH_SHAPE, field="wish")
    t = tables_for(rules)
    kind: WishKind = "rank" if "rank" in w else "suit"
    rule = t.rank_wish_card_rule if kind == "rank" else t.suit_wish_card_rule
    ok = _seat(w["by"], place, "wish.by")
    if rule is None:
        raise place.refuse("no_such_wish", message=f"wish: {rules.id} has no {kind} wish", field="wish", kind=kind)
    try:
        value = rules.deck.parse_rank(w["rank"]) if kind == "rank" else rules.deck.parse_suit(w["suit"])
    except NotationError as exc:
        message = f"wish.{kind}: {exc}"
        raise place.refuse(
            "bad_wish_value", message=message, field=f"wish.{kind}", kind=kind, text=str(w[kind])[:20]
        ) from None
    if kind == "rank" and value not in rule.wish_values:
        allowed = " ".join(rule.wish_values)
        text = f"wish.rank: {rules.id} does not allow wishing {value} (allowed: {allowed})"
        place.note("wish_not_allowed", message=text, field="wish.rank", rank=value, allowed=list(rule.wish_values))
    return Wish(kind, value, w["by"], rule.wish_duration) if ok else OMITTED


def _drawn(value: Any, place: fieldspec.Place) -> Any:
    """The card the seat to move has just drawn: in its hand, where a drawn card may be played."""
    rules = _rules(place)
    if rules is None:
        return OMITTED
    drawn = _card(value, place)
    hands, to_move, name = place.siblings.get("hands", []), place.siblings.get("to_move", 0), rules.deck.name(drawn)
    hand = hands[to_move] if _is_int(to_move) and 0 <= to_move < len(hands) else None
    if isinstance(hand, list) and drawn not in hand:
        text = f"drawn: {name} is not in the hand of seat {to_move}"
        place.note("drawn_not_in_hand", message=text, field="drawn", card=name, seat=to_move)
    if not rules.play_drawn:
        text = f"drawn: in {rules.id} a drawn card cannot be played at once"
        place.note("drawn_not_playable", message=text, field="drawn")
    if place.siblings.get("attack") is not None:
        text = "drawn: a seat under attack does not draw a card it may play"
        place.note("drawn_under_attack", message=text, field="drawn")
    return drawn


def _cover(value: bool, place: fieldspec.Place) -> Any:
    """``"cover": true``: the seat to move must cover the top card it played (ru-101's nine)."""
    rules = _rules(place)
    if value is False or rules is None:
        return False
    pile, here = place.siblings.get("pile"), place.siblings
    top = pile[-1] if pile else None
    if top is None or not tables_for(rules).cover[top] or here.get("attack") is not None or "drawn" in here:
        text = f"cover: in {rules.id} the top card is no card to cover, or an attack or a drawn card is pending"
        raise place.refuse("bad_cover", message=text, field="cover")
    return True


# The declaration read in this order, each field with its checks: a later one is judged with the
# earlier ones (a seat needs the hands, an attack the pile, a drawn card the attack).
_READ = fieldspec.adapted(
    POSITION,
    ("format", "variant", "seed", "hands", "pile", "deck", "to_move", "finished", "waiting")
    + ("over", "direction", "attack", "wish", "drawn", "cover"),
    variant={"kind": "any", "check": _variant},
    hands={"item": Spec("any", check=_cards_or_count, instead=None), "check": _players},
    pile={"item": Spec("any", check=_card), "check": _pile},
    deck={"kind": "any", "check": _cards_or_count},
    to_move={"kind": "any", "check": _to_move},
    finished={"item": None, "check": _finished},
    waiting={"kind": "any", "check": _waiting},
    direction={"check": _direction},
    attack={"check": _attack},
    wish={"check": _wish},
    drawn={"kind": "any", "check": _drawn},
    cover={"check": _cover},
)
_READ = replace(_READ, unknown_first=True)  # every unknown field is listed first


def _check_cards(d: _Draft) -> None:
    """Every known card at most as often as the decks hold it, and no more cards than the decks have."""
    copies = d.rules.copies_for(d.players)
    known = _known_cards(d)
    for card, count in sorted(known.items()):
        if count > copies:
            where = "twice" if copies == 1 else f"{count} times with {copies} decks"
            name = d.deck.name(card)
            d.add("duplicate_card", f"card {name} appears {where}", card=name, count=count, copies=copies)
    total = d.deck.size * copies
    unknown = sum(h for h in d.hands if _is_int(h)) + (d.deck_cards if _is_int(d.deck_cards) else 0)
    count = sum(known.values()) + unknown
    if count > total:
        d.add("too_many_cards", f"more cards than the deck has: {count} > {total}", count=count, total=total)


def _known_cards(d: _Draft) -> Counter[int]:
    known: Counter[int] = Counter()
    for hand in d.hands:
        if isinstance(hand, list):
            known.update(hand)
    d.pile = d.pile if isinstance(d.pile, list) else []
    known.update(d.pile)
    if isinstance(d.deck_cards, list):
        known.update(d.deck_cards)
    return known


def _check_seats(d: _Draft) -> None:
    """Finished seats hold no cards, the others do, and the seat to move may move."""
    for seat in d.finished:
        hand = d.hands[seat] if seat < d.players else None
        if (isinstance(hand, list) and hand) or (_is_int(hand) and hand):
            d.add("finished_holds_cards", f"finished: seat {seat} still holds cards", field="finished", seat=seat)
    for seat, hand in enumerate(d.hands):
        if d.cover and seat == d.to_move:
            continue  # a nine played as the last card: its player draws to cover it (ru-101)
        if not d.over and seat not in d.finished and (hand == [] or hand == 0):
            text = f"hands[{seat}]: seat {seat} holds no cards but has not finished"
            d.add("empty_hand", text, field=f"hands[{seat}]", seat=seat)
    if d.over:
        return
    to_move = d.to_move
    if _is_int(to_move) and 0 <= to_move < d.players:
        if to_move in d.finished:
            d.add("to_move_finished", f"to_move: seat {to_move} has finished", field="to_move", seat=to_move)
        turns = d.waiting[to_move]
        if turns > 0 and d.attack is None:
            text = f"to_move: seat {to_move} still sits out {turns} turn(s)"
            d.add("to_move_waiting", text, field="to_move", seat=to_move, turns=turns)
    if d.rules.end_mode == "first_out" and d.finished:
        text = f"finished: in {d.rules.id} the round ends when the first seat is out"
        d.add("round_already_over", text, field="finished")


def _state(d: _Draft) -> State:
    """The State of a position without problems, its unknown cards dealt with its seed."""
    known, copies = _known_cards(d), d.rules.copies_for(d.players)
    free = [c for c in d.deck.all_cards() for _ in range(max(0, copies - known.get(c, 0)))]
    random.Random(d.seed).shuffle(free)
    final_hands = []
    for hand in d.hands:
        if _is_int(hand):
            dealt, free = free[:hand], free[hand:]
        else:
            dealt = hand if isinstance(hand, list) else []
        final_hands.append(tuple(sorted(dealt)))
    if _is_int(d.deck_cards):
        final_deck = tuple(free[: d.deck_cards])
    elif d.deck_cards is None:
        final_deck = tuple(free)
    else:
        final_deck = tuple(d.deck_cards) if isinstance(d.deck_cards, list) else ()
    as_read = {name: getattr(d, name) for name in _AS_READ}
    return State(
        d.rules,
        tuple(final_hands),
        tuple(d.pile),
        final_deck,
        waiting=tuple(d.waiting),
        finished=tuple(d.finished),
        **as_read,
    )


_AS_READ = ("to_move", "attack", "wish", "drawn", "over", "seed", "cover", "direction")  # State's fields, as read


def taken_at_once(rules: Ruleset, t: Tables, attack: Attack) -> bool:
    """Whether an attack is one the seat hit takes at once (``after_penalty = "after_attacker"``,
    a draw from the previous seat: devdo-eu/macau's K♠), which no position can show pending."""
    return attack.kind == "draw" and t.backwards[attack.card] and rules.after_penalty is AfterPenalty.AFTER_ATTACKER


DIRECTIONS = {"clockwise": 1, "counterclockwise": -1}


def implied_attacker(t: Tables, pile: tuple[int, ...], kind: str) -> int:
    """The card an attack without ``attack.card`` was made by: the top card, or — under a top card
    that makes no such attack — the last card of the top's rank below it that does (POSITION.md:
    battle kings played together with K♣/K♦ last; cards played together share one rank)."""
    table = t.draw if kind == "draw" else t.skip
    top = pile[-1]
    if not table[top]:
        for card in reversed(pile[:-1]):
            if t.rank[card] != t.rank[top]:
                break
            if table[card]:
                return card
    return top


def position_to_json(st: State) -> dict[str, Any]:
    """Writes a State as position JSON v1, with all hands shown."""
    name = st.rules.deck.name
    out: dict[str, Any] = {
        "format": FORMAT,
        "variant": st.rules.id,
        "hands": [[name(c) for c in hand] for hand in st.hands],
        "to_move": st.to_move,
        "pile": [name(c) for c in st.pile],
        "deck": [name(c) for c in st.deck],
    }
    if st.attack is not None:
        out["attack"] = {st.attack.kind: st.attack.amount}
        if st.attack.card != implied_attacker(tables_for(st.rules), st.pile, st.attack.kind):
            out["attack"]["card"] = name(st.attack.card)
    if st.wish is not None:
        out["wish"] = {st.wish.kind: st.wish.value, "by": st.wish.by}
    if any(st.waiting):
        out["waiting"] = list(st.waiting)
    if st.drawn is not None:
        out["drawn"] = name(st.drawn)
    if st.finished:
        out["finished"] = list(st.finished)
    if st.cover:
        out["cover"] = True
    out["over"] = st.over
    out["seed"] = st.seed
    if st.direction < 0:  # written only when not the default, so clockwise positions stay plain v1
        out["direction"] = "counterclockwise"
    return out


def parse_position(text: str | bytes, rules: Ruleset | None = None) -> State:
    """Reads position JSON text; raises NotationError (cannot be read, engine.guard.InputError) or PositionError."""
    return position_from_json(guard.load_json(text, "position", MAX_POSITION_BYTES), rules)


def encode_share_code(st_or_json: State | dict[str, Any]) -> str:
    """Makes the ``?pos=`` code: compact JSON, zlib level 9, base64url without padding."""
    return pack_json(position_to_json(st_or_json) if isinstance(st_or_json, State) else st_or_json)


def decode_share_code(code: str) -> dict[str, Any]:
    """Reads a share code back into position JSON; raises NotationError (an InputError) saying what is wrong."""
    try:
        data = guard.unpack_code(code, MAX_SHARE_CODE, MAX_POSITION_BYTES, what="share code")
    except guard.InputError as exc:
        if exc.code != "not_json":
            raise
        raise guard.InputError("not_json", "share code", "does not hold position JSON", **exc.params) from None
    if not isinstance(data, dict):
        raise guard.InputError("not_object", "share code", "does not hold a position object")
    return data
