"""Position JSON v1 (POSITION.md): reading with a validator that lists every problem,
writing, and the share code used in links (``?pos=``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any, TypeGuard

from engine import guard
from engine.cards import DeckKind
from engine.errors import NotationError, PositionError, Problem, RulesetError
from engine.packing import pack_json
from engine.ruleset import AfterPenalty, Ruleset, WishKind, load_ruleset
from engine.state import Attack, AttackKind, State, Tables, Wish, tables_for

FORMAT = "makao-position/1"
FIELDS = (
    "format",
    "variant",
    "hands",
    "to_move",
    "pile",
    "deck",
    "attack",
    "wish",
    "waiting",
    "drawn",
    "finished",
    "over",
    "seed",
    "cover",
    "direction",
)
REQUIRED = ("variant", "hands", "to_move", "pile")
MAX_SHARE_CODE = 64 * 1024  # characters of a share code we even try to decode
MAX_POSITION_BYTES = 64 * 1024  # bytes a share code may decompress to
MAX_UNKNOWN = 10_000
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


def position_from_json(data: Any, rules: Ruleset | None = None) -> State:
    """Builds a State from position JSON (a dict); raises PositionError listing every problem.

    ``rules`` overrides the variant (a house ruleset); otherwise ``variant`` names a shipped one.
    """
    if not isinstance(data, dict):
        raise PositionError(
            [
                Problem(
                    "bad_type",
                    f"a position must be a JSON object, not {type(data).__name__}",
                    {"field": "position", "expected": "object"},
                )
            ]
        )
    # POSITION.md: an optional field given as null means "absent" (many JSON writers emit them).
    data = {k: v for k, v in data.items() if v is not None or k in REQUIRED}
    if isinstance(data.get("attack"), dict) and data["attack"].get("card", 0) is None:
        data["attack"] = {k: v for k, v in data["attack"].items() if k != "card"}
    problems: list[Problem] = []

    def add(code: str, message: str, **params: Any) -> None:
        problems.append(Problem(code, message, params))

    for key in data:
        if key not in FIELDS:
            add("unknown_field", f"unknown field {key!r}", field=key)
    if "format" in data and data["format"] != FORMAT:
        add("bad_format", f"format must be {FORMAT!r}, not {data['format']!r}", value=str(data["format"]))
    for key in REQUIRED:
        if key not in data:
            add("missing_field", f"field {key!r} is missing", field=key)
    if rules is None:
        try:
            rules = load_ruleset(data.get("variant"))
        except RulesetError as exc:
            if "variant" in data:
                add("unknown_variant", f"variant: {exc}", variant=str(data.get("variant")))
            raise PositionError(problems) from None
    deck = rules.deck
    seed = data.get("seed", 0)
    if not _is_int(seed):
        add("bad_type", "seed must be an integer", field="seed", expected="integer")
        seed = 0

    def cards_of(field: str, value: Any, allow_count: bool) -> list[int] | int | None:
        if allow_count and _is_int(value):
            if not 0 <= value <= MAX_UNKNOWN:
                add("bad_count", f"{field}: {value} is not a possible number of cards", field=field, value=value)
                return None
            return value
        if not isinstance(value, list):
            add(
                "bad_type",
                f"{field} must be a list of cards" + (" or a number" if allow_count else ""),
                field=field,
                expected="cards",
            )
            return None
        out = []
        for i, item in enumerate(value):
            try:
                out.append(deck.parse(item))
            except NotationError as exc:
                add("bad_card", f"{field}[{i}]: {exc}", field=f"{field}[{i}]", text=str(item)[:20], deck=deck.id)
        return out

    hands_raw = data.get("hands", [])
    hands: list[list[int] | int | None] = []
    if not isinstance(hands_raw, list):
        add("bad_type", "hands must be a list with one entry per seat", field="hands", expected="hands")
        hands_raw = []
    for seat, hand in enumerate(hands_raw):
        hands.append(cards_of(f"hands[{seat}]", hand, True))
    players = len(hands)
    if isinstance(data.get("hands"), list) and not rules.players[0] <= players <= rules.players[1]:
        add(
            "players_out_of_range",
            f"{rules.id} is played by {rules.players[0]} to {rules.players[1]} players, not {players}",
            low=rules.players[0],
            high=rules.players[1],
            count=players,
        )
    pile = cards_of("pile", data.get("pile", []), False) if "pile" in data else []
    if isinstance(pile, list) and not pile and "pile" in data:
        add("empty_pile", "pile must hold at least one card (the top card)", field="pile")
    deck_raw = data.get("deck")
    deck_cards = cards_of("deck", deck_raw, True) if deck_raw is not None else None

    def seat_ok(field: str, value: Any) -> bool:
        if not _is_int(value) or not 0 <= value < max(players, 1):
            add(
                "not_a_seat",
                f"{field}: {value!r} is not a seat (seats are 0 to {players - 1})",
                field=field,
                value=str(value)[:20],
                last=players - 1,
            )
            return False
        return True

    to_move = data.get("to_move", 0)
    if "to_move" in data:
        seat_ok("to_move", to_move)
    finished_raw = data.get("finished", [])
    finished: list[int] = []
    if not isinstance(finished_raw, list):
        add("bad_type", "finished must be a list of seats", field="finished", expected="seats")
    else:
        for i, s in enumerate(finished_raw):
            if seat_ok(f"finished[{i}]", s):
                if s in finished:
                    add("seat_listed_twice", f"finished: seat {s} is listed twice", field="finished", seat=s)
                finished.append(s)
    waiting_raw = data.get("waiting", [0] * players)
    waiting = [0] * players
    if not isinstance(waiting_raw, list) or len(waiting_raw) != players:
        add("waiting_length", f"waiting must list one number per seat ({players})", field="waiting", count=players)
    else:
        for i, n in enumerate(waiting_raw):
            if not _is_int(n) or not 0 <= n <= 100:
                add(
                    "bad_waiting",
                    f"waiting[{i}]: {n!r} is not a number of turns",
                    field=f"waiting[{i}]",
                    value=str(n)[:20],
                )
            else:
                waiting[i] = n
    over = data.get("over", False)
    if not isinstance(over, bool):
        add("bad_type", "over must be true or false", field="over", expected="boolean")
        over = False
    direction = _read_direction(data.get("direction"), add)

    t = tables_for(rules)
    attack = None
    if "attack" in data:
        a = data["attack"]
        if (
            not isinstance(a, dict)
            or not ({"draw", "skip"} & set(a))
            or set(a) - {"draw", "skip", "card"}
            or ("draw" in a and "skip" in a)
        ):
            add("bad_attack", 'attack must be {"draw": N} or {"skip": N}', field="attack")
        else:
            kind: AttackKind = "draw" if "draw" in a else "skip"
            amount = a[kind]
            if not _is_int(amount) or not 1 <= amount <= 1000:
                add(
                    "bad_attack_amount",
                    f"attack: {amount!r} is not a positive number",
                    field="attack",
                    value=str(amount)[:20],
                )
            elif not any((t.draw if kind == "draw" else t.skip)[c] for c in deck.all_cards()):
                add("no_such_attack", f"attack: {rules.id} has no {kind} attack", field="attack", kind=kind)
            else:
                card = None
                if "card" in a:
                    try:
                        card = deck.parse(a["card"])
                    except NotationError as exc:
                        add(
                            "bad_card",
                            f"attack.card: {exc}",
                            field="attack.card",
                            text=str(a["card"])[:20],
                            deck=deck.id,
                        )
                elif isinstance(pile, list) and pile:
                    card = implied_attacker(t, tuple(pile), kind)
                if card is not None:
                    if not (t.draw if kind == "draw" else t.skip)[card]:
                        add(
                            "card_does_not_attack",
                            f"attack: {deck.name(card)} does not make a {kind} attack in {rules.id}",
                            field="attack",
                            card=deck.name(card),
                            kind=kind,
                        )
                    attack = Attack(kind, amount, card)
                    if taken_at_once(rules, t, attack):
                        add(
                            "attack_taken_at_once",
                            f"attack: in {rules.id} a {deck.name(card)} is taken at once; it is never pending",
                            field="attack",
                            card=deck.name(card),
                        )
    wish = None
    if "wish" in data:
        wish = _read_wish(data["wish"], rules, deck, players, problems, seat_ok)
    drawn = None
    if "drawn" in data:
        try:
            drawn = deck.parse(data["drawn"])
        except NotationError as exc:
            add("bad_card", f"drawn: {exc}", field="drawn", text=str(data["drawn"])[:20], deck=deck.id)
        else:
            hand = hands[to_move] if _is_int(to_move) and 0 <= to_move < players else None
            if isinstance(hand, list) and drawn not in hand:
                add(
                    "drawn_not_in_hand",
                    f"drawn: {deck.name(drawn)} is not in the hand of seat {to_move}",
                    field="drawn",
                    card=deck.name(drawn),
                    seat=to_move,
                )
            if not rules.play_drawn:
                add("drawn_not_playable", f"drawn: in {rules.id} a drawn card cannot be played at once", field="drawn")
            if attack is not None:
                add("drawn_under_attack", "drawn: a seat under attack does not draw a card it may play", field="drawn")

    cover = _read_cover(data, rules, pile, attack, drawn, add)

    # Cards: every known card at most as often as the decks hold it; unknown ones dealt by seed.
    copies = rules.copies_for(players)
    known: Counter[int] = Counter()
    for hand in hands:
        if isinstance(hand, list):
            known.update(hand)
    pile = pile if isinstance(pile, list) else []
    known.update(pile)
    if isinstance(deck_cards, list):
        known.update(deck_cards)
    for card, count in sorted(known.items()):
        if count > copies:
            where = "twice" if copies == 1 else f"{count} times with {copies} decks"
            add(
                "duplicate_card",
                f"card {deck.name(card)} appears {where}",
                card=deck.name(card),
                count=count,
                copies=copies,
            )
    total = deck.size * copies
    unknown_needed = sum(h for h in hands if _is_int(h)) + (deck_cards if _is_int(deck_cards) else 0)
    free = [c for c in deck.all_cards() for _ in range(max(0, copies - known.get(c, 0)))]
    if sum(known.values()) + unknown_needed > total:
        add(
            "too_many_cards",
            f"more cards than the deck has: {sum(known.values()) + unknown_needed} > {total}",
            count=sum(known.values()) + unknown_needed,
            total=total,
        )
    for seat in finished:
        hand = hands[seat] if seat < players else None
        if (isinstance(hand, list) and hand) or (_is_int(hand) and hand):
            add("finished_holds_cards", f"finished: seat {seat} still holds cards", field="finished", seat=seat)
    for seat, hand in enumerate(hands):
        if cover and seat == to_move:
            continue  # a nine played as the last card: its player draws to cover it (ru-101)
        if not over and seat not in finished and (hand == [] or hand == 0):
            add(
                "empty_hand",
                f"hands[{seat}]: seat {seat} holds no cards but has not finished",
                field=f"hands[{seat}]",
                seat=seat,
            )
    to_move_ok = _is_int(to_move) and 0 <= to_move < players
    if not over and to_move_ok and to_move in finished:
        add("to_move_finished", f"to_move: seat {to_move} has finished", field="to_move", seat=to_move)
    if not over and to_move_ok and waiting[to_move] > 0 and attack is None:
        add(
            "to_move_waiting",
            f"to_move: seat {to_move} still sits out {waiting[to_move]} turn(s)",
            field="to_move",
            seat=to_move,
            turns=waiting[to_move],
        )
    if not over and rules.end_mode == "first_out" and finished:
        add(
            "round_already_over", f"finished: in {rules.id} the round ends when the first seat is out", field="finished"
        )
    if problems:
        raise PositionError(problems)

    rng = random.Random(seed)
    rng.shuffle(free)
    final_hands = []
    for hand in hands:
        if _is_int(hand):
            dealt, free = free[:hand], free[hand:]
        else:
            dealt = hand if isinstance(hand, list) else []
        final_hands.append(tuple(sorted(dealt)))
    if _is_int(deck_cards):
        final_deck = tuple(free[:deck_cards])
    elif deck_cards is None:
        final_deck = tuple(free)
    else:
        final_deck = tuple(deck_cards) if isinstance(deck_cards, list) else ()
    return State(
        rules=rules,
        hands=tuple(final_hands),
        pile=tuple(pile),
        deck=final_deck,
        to_move=to_move,
        attack=attack,
        wish=wish,
        waiting=tuple(waiting),
        drawn=drawn,
        finished=tuple(finished),
        over=over,
        seed=seed,
        cover=cover,
        direction=direction,
    )


def taken_at_once(rules: Ruleset, t: Tables, attack: Attack) -> bool:
    """Whether an attack is one the seat hit takes at once (``after_penalty = "after_attacker"``,
    a draw from the previous seat: devdo-eu/macau's K♠), which no position can show pending."""
    return attack.kind == "draw" and t.backwards[attack.card] and rules.after_penalty is AfterPenalty.AFTER_ATTACKER


def _read_cover(data: dict[str, Any], rules: Ruleset, pile: Any, attack: Any, drawn: Any, add: Any) -> bool:
    """Reads ``"cover": true``: the seat to move must cover the top card it played (ru-101's nine)."""
    value = data.get("cover", False)
    if value is False:
        return False
    if value is not True:
        add("bad_type", "cover: must be true or false", field="cover", expected="boolean")
        return False
    top = pile[-1] if isinstance(pile, list) and pile else None
    if top is None or not tables_for(rules).cover[top] or attack is not None or drawn is not None:
        add(
            "bad_cover",
            f"cover: in {rules.id} the top card is no card to cover, or an attack or a drawn card is pending",
            field="cover",
        )
        return False
    return True


DIRECTIONS = {"clockwise": 1, "counterclockwise": -1}


def _read_direction(value: Any, add: Callable[..., None]) -> int:
    """Reads ``direction`` (absent or null: clockwise, the seat numbers rising)."""
    if value is None:
        return 1
    if not isinstance(value, str) or value not in DIRECTIONS:
        shown = value[:20] if isinstance(value, str) else type(value).__name__
        add(
            "bad_direction",
            f'direction must be "clockwise" or "counterclockwise", not {shown!r}',
            field="direction",
            value=shown,
        )
        return 1
    return DIRECTIONS[value]


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


def _read_wish(
    w: Any, rules: Ruleset, deck: DeckKind, players: int, problems: list[Problem], seat_ok: Callable[[str, Any], bool]
) -> Wish | None:
    t = tables_for(rules)

    def add(code: str, message: str, **params: Any) -> None:
        problems.append(Problem(code, message, params))

    if (
        not isinstance(w, dict)
        or len({"rank", "suit"} & set(w)) != 1
        or set(w) - {"rank", "suit", "by"}
        or "by" not in w
    ):
        add("bad_wish", 'wish must be {"rank": R, "by": SEAT} or {"suit": S, "by": SEAT}', field="wish")
        return None
    kind: WishKind = "rank" if "rank" in w else "suit"
    rule = t.rank_wish_card_rule if kind == "rank" else t.suit_wish_card_rule
    ok = seat_ok("wish.by", w["by"])
    if rule is None:
        add("no_such_wish", f"wish: {rules.id} has no {kind} wish", field="wish", kind=kind)
        return None
    try:
        value = deck.parse_rank(w["rank"]) if kind == "rank" else deck.parse_suit(w["suit"])
    except NotationError as exc:
        add("bad_wish_value", f"wish.{kind}: {exc}", field=f"wish.{kind}", kind=kind, text=str(w[kind])[:20])
        return None
    if kind == "rank" and value not in rule.wish_values:
        add(
            "wish_not_allowed",
            f"wish.rank: {rules.id} does not allow wishing {value} (allowed: {' '.join(rule.wish_values)})",
            field="wish.rank",
            rank=value,
            allowed=list(rule.wish_values),
        )
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
