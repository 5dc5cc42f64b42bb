"""Position JSON v1 (POSITION.md): reading with a validator that lists every problem,
writing, and the share code used in links (``?pos=``)."""
from __future__ import annotations

import base64
import binascii
import json
import random
import re
import zlib
from collections import Counter
from typing import Any

from engine.cards import DeckKind
from engine.errors import NotationError, PositionError, RulesetError
from engine.ruleset import Ruleset, load_ruleset
from engine.state import Attack, State, Wish, tables_for

FORMAT = "makao-position/1"
FIELDS = ("format", "variant", "hands", "to_move", "pile", "deck", "attack", "wish",
          "waiting", "drawn", "finished", "over", "seed")
MAX_SHARE_CODE = 64 * 1024          # characters of a share code we even try to decode
MAX_POSITION_BYTES = 64 * 1024      # bytes a share code may decompress to
MAX_UNKNOWN = 10_000
_SHARE_ALPHABET = re.compile(r"[A-Za-z0-9_-]+={0,2}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def position_from_json(data: Any, rules: Ruleset | None = None) -> State:
    """Builds a State from position JSON (a dict); raises PositionError listing every problem.

    ``rules`` overrides the variant (a house ruleset); otherwise ``variant`` names a shipped one.
    """
    if not isinstance(data, dict):
        raise PositionError([f"a position must be a JSON object, not {type(data).__name__}"])
    problems: list[str] = []
    for key in data:
        if key not in FIELDS:
            problems.append(f"unknown field {key!r}")
    if "format" in data and data["format"] != FORMAT:
        problems.append(f"format must be {FORMAT!r}, not {data['format']!r}")
    for key in ("variant", "hands", "to_move", "pile"):
        if key not in data:
            problems.append(f"field {key!r} is missing")
    if rules is None:
        try:
            rules = load_ruleset(data.get("variant"))
        except RulesetError as exc:
            if "variant" in data:
                problems.append(f"variant: {exc}")
            raise PositionError(problems) from None
    deck = rules.deck
    seed = data.get("seed", 0)
    if not _is_int(seed):
        problems.append("seed must be an integer")
        seed = 0

    def cards_of(field: str, value: Any, allow_count: bool) -> list[int] | int | None:
        if allow_count and _is_int(value):
            if not 0 <= value <= MAX_UNKNOWN:
                problems.append(f"{field}: {value} is not a possible number of cards")
                return None
            return value
        if not isinstance(value, list):
            problems.append(f"{field} must be a list of cards" + (" or a number" if allow_count else ""))
            return None
        out = []
        for i, item in enumerate(value):
            try:
                out.append(deck.parse(item))
            except NotationError as exc:
                problems.append(f"{field}[{i}]: {exc}")
        return out

    hands_raw = data.get("hands", [])
    hands: list[list[int] | int | None] = []
    if not isinstance(hands_raw, list):
        problems.append("hands must be a list with one entry per seat")
        hands_raw = []
    for seat, hand in enumerate(hands_raw):
        hands.append(cards_of(f"hands[{seat}]", hand, True))
    players = len(hands)
    if isinstance(data.get("hands"), list) and not rules.players[0] <= players <= rules.players[1]:
        problems.append(f"{rules.id} is played by {rules.players[0]} to {rules.players[1]} players, not {players}")
    pile = cards_of("pile", data.get("pile", []), False) if "pile" in data else []
    if isinstance(pile, list) and not pile and "pile" in data:
        problems.append("pile must hold at least one card (the top card)")
    deck_raw = data.get("deck")
    deck_cards = cards_of("deck", deck_raw, True) if deck_raw is not None else None

    def seat_ok(field: str, value: Any) -> bool:
        if not _is_int(value) or not 0 <= value < max(players, 1):
            problems.append(f"{field}: {value!r} is not a seat (seats are 0 to {players - 1})")
            return False
        return True

    to_move = data.get("to_move", 0)
    if "to_move" in data:
        seat_ok("to_move", to_move)
    finished_raw = data.get("finished", [])
    finished: list[int] = []
    if not isinstance(finished_raw, list):
        problems.append("finished must be a list of seats")
    else:
        for i, s in enumerate(finished_raw):
            if seat_ok(f"finished[{i}]", s):
                if s in finished:
                    problems.append(f"finished: seat {s} is listed twice")
                finished.append(s)
    waiting_raw = data.get("waiting", [0] * players)
    waiting = [0] * players
    if not isinstance(waiting_raw, list) or len(waiting_raw) != players:
        problems.append(f"waiting must list one number per seat ({players})")
    else:
        for i, n in enumerate(waiting_raw):
            if not _is_int(n) or not 0 <= n <= 100:
                problems.append(f"waiting[{i}]: {n!r} is not a number of turns")
            else:
                waiting[i] = n
    over = data.get("over", False)
    if not isinstance(over, bool):
        problems.append("over must be true or false")
        over = False

    t = tables_for(rules)
    attack = None
    if "attack" in data:
        a = data["attack"]
        if not isinstance(a, dict) or not ({"draw", "skip"} & set(a)) or set(a) - {"draw", "skip", "card"} \
                or ("draw" in a and "skip" in a):
            problems.append('attack must be {"draw": N} or {"skip": N}')
        else:
            kind = "draw" if "draw" in a else "skip"
            amount = a[kind]
            if not _is_int(amount) or not 1 <= amount <= 1000:
                problems.append(f"attack: {amount!r} is not a positive number")
            elif not any((t.draw if kind == "draw" else t.skip)[c] for c in deck.all_cards()):
                problems.append(f"attack: {rules.id} has no {kind} attack")
            else:
                card = None
                if "card" in a:
                    try:
                        card = deck.parse(a["card"])
                    except NotationError as exc:
                        problems.append(f"attack.card: {exc}")
                elif isinstance(pile, list) and pile:
                    card = pile[-1]
                if card is not None:
                    if not (t.draw if kind == "draw" else t.skip)[card]:
                        problems.append(f"attack: {deck.name(card)} does not make a {kind} attack in {rules.id}")
                    attack = Attack(kind, amount, card)
    wish = None
    if "wish" in data:
        wish = _read_wish(data["wish"], rules, deck, players, problems, seat_ok)
    drawn = None
    if "drawn" in data:
        try:
            drawn = deck.parse(data["drawn"])
        except NotationError as exc:
            problems.append(f"drawn: {exc}")
        else:
            hand = hands[to_move] if _is_int(to_move) and 0 <= to_move < players else None
            if isinstance(hand, list) and drawn not in hand:
                problems.append(f"drawn: {deck.name(drawn)} is not in the hand of seat {to_move}")
            if not rules.play_drawn:
                problems.append(f"drawn: in {rules.id} a drawn card cannot be played at once")
            if attack is not None:
                problems.append("drawn: a seat under attack does not draw a card it may play")

    if problems:
        raise PositionError(problems)

    # Cards: every known card at most as often as the decks hold it; unknown ones dealt by seed.
    copies = rules.copies_for(players)
    known = Counter()
    for hand in hands:
        if isinstance(hand, list):
            known.update(hand)
    known.update(pile)
    if isinstance(deck_cards, list):
        known.update(deck_cards)
    for card, count in sorted(known.items()):
        if count > copies:
            where = "twice" if copies == 1 else f"{count} times with {copies} decks"
            problems.append(f"card {deck.name(card)} appears {where}")
    total = deck.size * copies
    unknown_needed = sum(h for h in hands if _is_int(h)) + (deck_cards if _is_int(deck_cards) else 0)
    free = [c for c in deck.all_cards() for _ in range(max(0, copies - known.get(c, 0)))]
    if sum(known.values()) + unknown_needed > total:
        problems.append(f"more cards than the deck has: {sum(known.values()) + unknown_needed} > {total}")
    for seat in finished:
        hand = hands[seat]
        if (isinstance(hand, list) and hand) or (_is_int(hand) and hand):
            problems.append(f"finished: seat {seat} still holds cards")
    if not over and to_move in finished:
        problems.append(f"to_move: seat {to_move} has finished")
    if not over and 0 <= to_move < players and waiting[to_move] > 0 and attack is None:
        problems.append(f"to_move: seat {to_move} still sits out {waiting[to_move]} turn(s)")
    if not over and rules.end_mode == "first_out" and finished:
        problems.append(f"finished: in {rules.id} the round ends when the first seat is out")
    if problems:
        raise PositionError(problems)

    rng = random.Random(seed)
    rng.shuffle(free)
    final_hands = []
    for hand in hands:
        if _is_int(hand):
            hand, free = free[:hand], free[hand:]
        final_hands.append(tuple(sorted(hand)))
    if deck_cards is None:
        final_deck = tuple(free)
    elif _is_int(deck_cards):
        final_deck = tuple(free[:deck_cards])
    else:
        final_deck = tuple(deck_cards)
    return State(
        rules=rules, hands=tuple(final_hands), pile=tuple(pile), deck=final_deck, to_move=to_move,
        attack=attack, wish=wish, waiting=tuple(waiting), drawn=drawn, finished=tuple(finished),
        over=over, seed=seed,
    )


def _read_wish(w: Any, rules: Ruleset, deck: DeckKind, players: int, problems: list[str], seat_ok) -> Wish | None:
    t = tables_for(rules)
    if not isinstance(w, dict) or len({"rank", "suit"} & set(w)) != 1 or set(w) - {"rank", "suit", "by"} \
            or "by" not in w:
        problems.append('wish must be {"rank": R, "by": SEAT} or {"suit": S, "by": SEAT}')
        return None
    kind = "rank" if "rank" in w else "suit"
    rule = t.rank_wish_card_rule if kind == "rank" else t.suit_wish_card_rule
    ok = seat_ok("wish.by", w["by"])
    if rule is None:
        problems.append(f"wish: {rules.id} has no {kind} wish")
        return None
    try:
        value = deck.parse_rank(w["rank"]) if kind == "rank" else deck.parse_suit(w["suit"])
    except NotationError as exc:
        problems.append(f"wish.{kind}: {exc}")
        return None
    if kind == "rank" and value not in rule.wish_values:
        problems.append(f"wish.rank: {rules.id} does not allow wishing {value} "
                        f"(allowed: {' '.join(rule.wish_values)})")
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
        if st.attack.card != st.pile[-1]:
            out["attack"]["card"] = name(st.attack.card)
    if st.wish is not None:
        out["wish"] = {st.wish.kind: st.wish.value, "by": st.wish.by}
    if any(st.waiting):
        out["waiting"] = list(st.waiting)
    if st.drawn is not None:
        out["drawn"] = name(st.drawn)
    if st.finished:
        out["finished"] = list(st.finished)
    out["over"] = st.over
    out["seed"] = st.seed
    return out


def parse_position(text: str, rules: Ruleset | None = None) -> State:
    """Reads position JSON text; raises NotationError (not JSON) or PositionError."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise NotationError(f"not valid JSON: {exc}") from None
    except (TypeError, UnicodeDecodeError) as exc:
        raise NotationError(f"not valid JSON text: {exc}") from None
    return position_from_json(data, rules)


def encode_share_code(st_or_json: State | dict[str, Any]) -> str:
    """Makes the ``?pos=`` code: compact JSON, zlib level 9, base64url without padding."""
    data = position_to_json(st_or_json) if isinstance(st_or_json, State) else st_or_json
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


def decode_share_code(code: str) -> dict[str, Any]:
    """Reads a share code back into position JSON; raises NotationError saying what is wrong."""
    if not isinstance(code, str) or not code.strip():
        raise NotationError("the share code is empty")
    code = code.strip()
    if len(code) > MAX_SHARE_CODE:
        raise NotationError("the share code is too long")
    if not _SHARE_ALPHABET.fullmatch(code):
        raise NotationError("the share code is not base64url text (letters, digits, - and _)")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise NotationError("the share code is not base64url text") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_POSITION_BYTES + 1)
    except zlib.error:
        raise NotationError("the share code does not decompress (is the link cut short?)") from None
    if len(raw) > MAX_POSITION_BYTES or inflater.unconsumed_tail:
        raise NotationError("the share code unpacks to more than 64 KiB")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise NotationError("the share code does not hold position JSON") from None
    if not isinstance(data, dict):
        raise NotationError("the share code does not hold a position object")
    return data
