"""Position JSON v1 (POSITION.md): reading with a validator that lists every problem,
writing, and the share code used in links (``?pos=``). The fields are declared once in
``engine.position_format.POSITION`` (also the source of docs/schemas/position.schema.json)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from engine import guard
from engine.cards import DeckKind
from engine.errors import NotationError, PositionError, Problem, RulesetError
from engine.packing import pack_json
from engine.position_format import FIELDS, FORMAT, MAX_ATTACK, MAX_TURNS, MAX_UNKNOWN, REQUIRED
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
    """A position being read: the data, the ruleset, the problems found so far and the fields read."""

    data: dict[str, Any]
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

    def seat_ok(self, name: str, value: Any) -> bool:
        """Tells whether a value is a seat of this table; notes ``not_a_seat`` when it is not."""
        if not _is_int(value) or not 0 <= value < max(self.players, 1):
            last = self.players - 1
            text = f"{name}: {value!r} is not a seat (seats are 0 to {last})"
            self.add("not_a_seat", text, field=name, value=str(value)[:20], last=last)
            return False
        return True

    def cards_of(self, name: str, value: Any, allow_count: bool) -> list[int] | int | None:
        """Reads a list of cards (or, where allowed, a number of unknown cards)."""
        if allow_count and _is_int(value):
            if not 0 <= value <= MAX_UNKNOWN:
                self.add("bad_count", f"{name}: {value} is not a possible number of cards", field=name, value=value)
                return None
            return value
        if not isinstance(value, list):
            text = f"{name} must be a list of cards" + (" or a number" if allow_count else "")
            self.add("bad_type", text, field=name, expected="cards")
            return None
        out = []
        for i, item in enumerate(value):
            try:
                out.append(self.deck.parse(item))
            except NotationError as exc:
                where = f"{name}[{i}]"
                self.add("bad_card", f"{where}: {exc}", field=where, text=str(item)[:20], deck=self.deck.id)
        return out

    @property
    def mover_hand(self) -> list[int] | int | None:
        """The hand of the seat to move, when ``to_move`` is a seat."""
        return self.hands[self.to_move] if _is_int(self.to_move) and 0 <= self.to_move < self.players else None


def position_from_json(data: Any, rules: Ruleset | None = None) -> State:
    """Builds a State from position JSON (a dict); raises PositionError listing every problem.

    ``rules`` overrides the variant (a house ruleset); otherwise ``variant`` names a shipped one.
    The fields are those of ``engine.position_format.POSITION``, read in the order of ``_STEPS``.
    """
    if not isinstance(data, dict):
        text = f"a position must be a JSON object, not {type(data).__name__}"
        raise PositionError([Problem("bad_type", text, {"field": "position", "expected": "object"})])
    data = _without_nulls(data)
    problems = _field_problems(data)
    if rules is None:
        try:
            rules = load_ruleset(data.get("variant"))
        except RulesetError as exc:
            if "variant" in data:
                problems.append(Problem("unknown_variant", f"variant: {exc}", {"variant": str(data.get("variant"))}))
            raise PositionError(problems) from None
    draft = _Draft(data, rules, problems)
    for step in _STEPS:
        step(draft)
    _check_cards(draft)
    _check_seats(draft)
    if problems:
        raise PositionError(problems)
    return _state(draft)


def _without_nulls(data: dict[str, Any]) -> dict[str, Any]:
    """POSITION.md: an optional field given as null means "absent" (many JSON writers emit them)."""
    data = {k: v for k, v in data.items() if v is not None or k in REQUIRED}
    if isinstance(data.get("attack"), dict) and data["attack"].get("card", 0) is None:
        data["attack"] = {k: v for k, v in data["attack"].items() if k != "card"}
    return data


def _field_problems(data: dict[str, Any]) -> list[Problem]:
    """Unknown fields, a wrong ``format`` and missing required fields (POSITION's names)."""
    problems = [Problem("unknown_field", f"unknown field {k!r}", {"field": k}) for k in data if k not in FIELDS]
    if "format" in data and data["format"] != FORMAT:
        text = f"format must be {FORMAT!r}, not {data['format']!r}"
        problems.append(Problem("bad_format", text, {"value": str(data["format"])}))
    for key in REQUIRED:
        if key not in data:
            problems.append(Problem("missing_field", f"field {key!r} is missing", {"field": key}))
    return problems


def _read_seed(d: _Draft) -> None:
    seed = d.data.get("seed", 0)
    if not _is_int(seed):
        d.add("bad_type", "seed must be an integer", field="seed", expected="integer")
        seed = 0
    d.seed = seed


def _read_hands(d: _Draft) -> None:
    hands_raw = d.data.get("hands", [])
    if not isinstance(hands_raw, list):
        d.add("bad_type", "hands must be a list with one entry per seat", field="hands", expected="hands")
        hands_raw = []
    d.hands = [d.cards_of(f"hands[{seat}]", hand, True) for seat, hand in enumerate(hands_raw)]
    low, high = d.rules.players
    if isinstance(d.data.get("hands"), list) and not low <= d.players <= high:
        text = f"{d.rules.id} is played by {low} to {high} players, not {d.players}"
        d.add("players_out_of_range", text, low=low, high=high, count=d.players)


def _read_pile(d: _Draft) -> None:
    if "pile" not in d.data:
        return
    d.pile = d.cards_of("pile", d.data["pile"], False)
    if isinstance(d.pile, list) and not d.pile:
        d.add("empty_pile", "pile must hold at least one card (the top card)", field="pile")


def _read_deck(d: _Draft) -> None:
    deck_raw = d.data.get("deck")
    d.deck_cards = d.cards_of("deck", deck_raw, True) if deck_raw is not None else None


def _read_to_move(d: _Draft) -> None:
    d.to_move = d.data.get("to_move", 0)
    if "to_move" in d.data:
        d.seat_ok("to_move", d.to_move)


def _read_finished(d: _Draft) -> None:
    finished_raw = d.data.get("finished", [])
    if not isinstance(finished_raw, list):
        d.add("bad_type", "finished must be a list of seats", field="finished", expected="seats")
        return
    for i, s in enumerate(finished_raw):
        if d.seat_ok(f"finished[{i}]", s):
            if s in d.finished:
                d.add("seat_listed_twice", f"finished: seat {s} is listed twice", field="finished", seat=s)
            d.finished.append(s)


def _read_waiting(d: _Draft) -> None:
    players = d.players
    waiting_raw = d.data.get("waiting", [0] * players)
    d.waiting = [0] * players
    if not isinstance(waiting_raw, list) or len(waiting_raw) != players:
        text = f"waiting must list one number per seat ({players})"
        d.add("waiting_length", text, field="waiting", count=players)
        return
    for i, n in enumerate(waiting_raw):
        if not _is_int(n) or not 0 <= n <= MAX_TURNS:
            d.add(
                "bad_waiting", f"waiting[{i}]: {n!r} is not a number of turns", field=f"waiting[{i}]", value=str(n)[:20]
            )
        else:
            d.waiting[i] = n


def _read_over(d: _Draft) -> None:
    over = d.data.get("over", False)
    if not isinstance(over, bool):
        d.add("bad_type", "over must be true or false", field="over", expected="boolean")
        over = False
    d.over = over


def _read_direction(d: _Draft) -> None:
    """Reads ``direction`` (absent or null: clockwise, the seat numbers rising)."""
    value = d.data.get("direction")
    if value is None:
        return
    if not isinstance(value, str) or value not in DIRECTIONS:
        shown = value[:20] if isinstance(value, str) else type(value).__name__
        text = f'direction must be "clockwise" or "counterclockwise", not {shown!r}'
        d.add("bad_direction", text, field="direction", value=shown)
        return
    d.direction = DIRECTIONS[value]


def _read_attack(d: _Draft) -> None:
    """Reads ``attack``: ``{"draw": N}`` or ``{"skip": N}``, with the attacking card when it is not the top."""
    if "attack" not in d.data:
        return
    a, t, rules = d.data["attack"], tables_for(d.rules), d.rules
    if (
        not isinstance(a, dict)
        or not ({"draw", "skip"} & set(a))
        or set(a) - {"draw", "skip", "card"}
        or ("draw" in a and "skip" in a)
    ):
        d.add("bad_attack", 'attack must be {"draw": N} or {"skip": N}', field="attack")
        return
    kind: AttackKind = "draw" if "draw" in a else "skip"
    amount, table = a[kind], (t.draw if kind == "draw" else t.skip)
    if not _is_int(amount) or not 1 <= amount <= MAX_ATTACK:
        d.add(
            "bad_attack_amount", f"attack: {amount!r} is not a positive number", field="attack", value=str(amount)[:20]
        )
        return
    if not any(table[c] for c in d.deck.all_cards()):
        d.add("no_such_attack", f"attack: {rules.id} has no {kind} attack", field="attack", kind=kind)
        return
    card = _attacking_card(d, a, kind)
    if card is None:
        return
    name = d.deck.name(card)
    if not table[card]:
        text = f"attack: {name} does not make a {kind} attack in {rules.id}"
        d.add("card_does_not_attack", text, field="attack", card=name, kind=kind)
    d.attack = Attack(kind, amount, card)
    if taken_at_once(rules, t, d.attack):
        text = f"attack: in {rules.id} a {name} is taken at once; it is never pending"
        d.add("attack_taken_at_once", text, field="attack", card=name)


def _attacking_card(d: _Draft, a: dict[str, Any], kind: str) -> int | None:
    """The card an attack was made by: ``attack.card``, or the one the pile implies."""
    if "card" in a:
        try:
            return d.deck.parse(a["card"])
        except NotationError as exc:
            d.add("bad_card", f"attack.card: {exc}", field="attack.card", text=str(a["card"])[:20], deck=d.deck.id)
            return None
    if isinstance(d.pile, list) and d.pile:
        return implied_attacker(tables_for(d.rules), tuple(d.pile), kind)
    return None


def _read_drawn(d: _Draft) -> None:
    if "drawn" not in d.data:
        return
    try:
        drawn = d.deck.parse(d.data["drawn"])
    except NotationError as exc:
        d.add("bad_card", f"drawn: {exc}", field="drawn", text=str(d.data["drawn"])[:20], deck=d.deck.id)
        return
    d.drawn = drawn
    hand, name = d.mover_hand, d.deck.name(drawn)
    if isinstance(hand, list) and drawn not in hand:
        text = f"drawn: {name} is not in the hand of seat {d.to_move}"
        d.add("drawn_not_in_hand", text, field="drawn", card=name, seat=d.to_move)
    if not d.rules.play_drawn:
        d.add("drawn_not_playable", f"drawn: in {d.rules.id} a drawn card cannot be played at once", field="drawn")
    if d.attack is not None:
        d.add("drawn_under_attack", "drawn: a seat under attack does not draw a card it may play", field="drawn")


def _read_cover(d: _Draft) -> None:
    """Reads ``"cover": true``: the seat to move must cover the top card it played (ru-101's nine)."""
    value = d.data.get("cover", False)
    if value is False:
        return
    if value is not True:
        d.add("bad_type", "cover: must be true or false", field="cover", expected="boolean")
        return
    top = d.pile[-1] if isinstance(d.pile, list) and d.pile else None
    if top is None or not tables_for(d.rules).cover[top] or d.attack is not None or d.drawn is not None:
        text = f"cover: in {d.rules.id} the top card is no card to cover, or an attack or a drawn card is pending"
        d.add("bad_cover", text, field="cover")
        return
    d.cover = True


def _read_wish_field(d: _Draft) -> None:
    if "wish" in d.data:
        d.wish = _read_wish(d, d.data["wish"])


# The fields in the order they are read: a later one is judged with the earlier ones (a seat needs
# the hands, an attack the pile, a drawn card the attack).
_STEPS = (
    _read_seed,
    _read_hands,
    _read_pile,
    _read_deck,
    _read_to_move,
    _read_finished,
    _read_waiting,
    _read_over,
    _read_direction,
    _read_attack,
    _read_wish_field,
    _read_drawn,
    _read_cover,
)


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
    free = [
        c for c in d.deck.all_cards() for _ in range(max(0, d.rules.copies_for(d.players) - _known_cards(d).get(c, 0)))
    ]
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
    return State(
        rules=d.rules,
        hands=tuple(final_hands),
        pile=tuple(d.pile),
        deck=final_deck,
        to_move=d.to_move,
        attack=d.attack,
        wish=d.wish,
        waiting=tuple(d.waiting),
        drawn=d.drawn,
        finished=tuple(d.finished),
        over=d.over,
        seed=d.seed,
        cover=d.cover,
        direction=d.direction,
    )


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


def _read_wish(d: _Draft, w: Any) -> Wish | None:
    """Reads ``wish``: ``{"rank": R, "by": SEAT}`` or ``{"suit": S, "by": SEAT}`` of a card that wishes."""
    if (
        not isinstance(w, dict)
        or len({"rank", "suit"} & set(w)) != 1
        or set(w) - {"rank", "suit", "by"}
        or "by" not in w
    ):
        d.add("bad_wish", 'wish must be {"rank": R, "by": SEAT} or {"suit": S, "by": SEAT}', field="wish")
        return None
    t, rules = tables_for(d.rules), d.rules
    kind: WishKind = "rank" if "rank" in w else "suit"
    rule = t.rank_wish_card_rule if kind == "rank" else t.suit_wish_card_rule
    ok = d.seat_ok("wish.by", w["by"])
    if rule is None:
        d.add("no_such_wish", f"wish: {rules.id} has no {kind} wish", field="wish", kind=kind)
        return None
    try:
        value = d.deck.parse_rank(w["rank"]) if kind == "rank" else d.deck.parse_suit(w["suit"])
    except NotationError as exc:
        d.add("bad_wish_value", f"wish.{kind}: {exc}", field=f"wish.{kind}", kind=kind, text=str(w[kind])[:20])
        return None
    if kind == "rank" and value not in rule.wish_values:
        allowed = " ".join(rule.wish_values)
        text = f"wish.rank: {rules.id} does not allow wishing {value} (allowed: {allowed})"
        d.add("wish_not_allowed", text, field="wish.rank", rank=value, allowed=list(rule.wish_values))
    return Wish(kind, value, w["by"], rule.wish_duration) if ok else None


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
