"""The sandbox's model, in plain Python (no Streamlit): an editable draft position, share
links, imports and the classic examples. The moves played on from it, and the same position
judged under other rules, are in ``ui.sandbox.timeline``.

The draft is position JSON (POSITION.md) as the editor builds it: it may be impossible,
and ``validate`` then lists every problem. Drafts are never changed in place: every edit
returns a new dict, so a draft kept in the session cannot be altered behind its back.

Which rules a draft's ``variant`` means is decided by a ``Rulebook``: the shipped rulesets,
plus the session's house ruleset when there is one (passed in by the page, so this module
never reads the session). Functions that read a variant take ``book`` (default: shipped only).
"""
from __future__ import annotations

import copy
import json
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from engine.deal import new_game
from engine.errors import EngineError, NotationError, PositionError, Problem, RulesetError
from engine.guard import InputError, load_json
from engine.position import (
    MAX_POSITION_BYTES,
    MAX_SHARE_CODE,
    decode_share_code,
    encode_share_code,
    position_from_json,
    position_to_json,
)
from engine.queries import attack_kinds, wish_values
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from engine.ruleset_toml import ruleset_to_dict
from engine.state import State

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_PATH = ROOT / "scenarios" / "sandbox_examples.toml"
MAX_CARDS_TEXT = 600            # characters of one typed list of cards
MAX_TOKENS = 120                # cards in one typed list
MAX_IMPORT_BYTES = MAX_POSITION_BYTES
MAX_COUNT = 999                 # unknown cards typed as a number
_SPLIT = re.compile(r"[\s,;]+")


# ----------------------------------------------------------------------------- rulebook

HOUSE_SUFFIX = "-house"         # a house ruleset started from preset "pl" is "pl-house" (ui.shell.house_rules)


@dataclass(frozen=True)
class Rulebook:
    """The rules a variant id means in one session: a shipped ruleset, or the session's house rules.

    The house ruleset is reachable by its own id only when that id is not a shipped one
    (a shipped id always means the shipped rules, so a share link means the same for everyone).
    """

    house: Ruleset | None = None

    @property
    def house_id(self) -> str | None:
        """The id the house rules go by here, or None when there are none (or their id is taken)."""
        if self.house is None or self.house.id in variant_ids():
            return None
        return self.house.id

    def ids(self) -> list[str]:
        """Every variant id this session can play: the shipped ones, then the house rules."""
        house = self.house_id
        return variant_ids() + ([house] if house is not None else [])

    def is_house(self, variant: Any) -> bool:
        """Tells whether a variant id names this session's house rules."""
        return variant is not None and variant == self.house_id

    def get(self, variant: Any) -> Ruleset | None:
        """The ruleset a variant id means, or None when it means nothing here."""
        if self.is_house(variant):
            return self.house
        if isinstance(variant, str) and variant in variant_ids():
            return load_ruleset(variant)
        return None

    def load(self, variant: Any) -> Ruleset:
        """The ruleset a variant id means; raises RulesetError (as load_ruleset) for an unknown id."""
        rules = self.get(variant)
        if rules is None:
            raise RulesetError(f"unknown variant {variant!r} (known: {', '.join(self.ids())})")
        return rules

    def base_of(self, variant: Any) -> str:
        """The shipped variant nearest to a variant id: itself when shipped; for house rules, the preset
        they were started from (``pl-house`` → ``pl``), else the first shipped variant with their deck."""
        return base_variant(variant, self.get(variant))


SHIPPED = Rulebook()


def base_variant(variant: Any, rules: Ruleset | None = None) -> str:
    """The shipped variant a (maybe no longer known) variant id stands nearest to.

    A shipped id is itself; ``<preset>-house`` is its preset (house rules keep that id through
    download and upload); otherwise the first shipped variant with the same deck as ``rules``,
    else the first shipped variant.
    """
    shipped = variant_ids()
    if isinstance(variant, str):
        if variant in shipped:
            return variant
        if variant.endswith(HOUSE_SUFFIX) and variant[:-len(HOUSE_SUFFIX)] in shipped:
            return variant[:-len(HOUSE_SUFFIX)]
    if rules is not None:
        for candidate in shipped:
            if load_ruleset(candidate).deck.id == rules.deck.id:
                return candidate
    return shipped[0]


def rules_fingerprint(rules: Ruleset) -> str:
    """A text that changes whenever any rule of a ruleset changes (house rules are edited in place)."""
    return json.dumps(ruleset_to_dict(rules), sort_keys=True, ensure_ascii=False)


# ------------------------------------------------------------------------------- drafts

def new_draft(variant: str, seats: int | None = None, seed: int = 0, book: Rulebook = SHIPPED) -> dict[str, Any]:
    """Returns an empty draft: no cards anywhere, player 1 to move."""
    rules = book.load(variant)
    seats = clamp_seats(rules, seats if seats is not None else rules.players[0])
    return {"variant": variant, "hands": [[] for _ in range(seats)], "to_move": 0, "pile": [], "seed": seed}


def clamp_seats(rules: Ruleset, seats: Any) -> int:
    """Brings a number of seats into the variant's range."""
    low, high = rules.players
    if not isinstance(seats, int) or isinstance(seats, bool):
        return low
    return max(low, min(high, seats))


def seats_of(draft: dict[str, Any]) -> int:
    """Counts the seats of a draft (0 when its hands are not a list)."""
    hands = draft.get("hands")
    return len(hands) if isinstance(hands, list) else 0


def is_empty(draft: dict[str, Any]) -> bool:
    """Tells whether a draft holds no card at all (a cleared sandbox)."""
    hands = draft.get("hands") if isinstance(draft.get("hands"), list) else []
    return not draft.get("pile") and "deck" not in draft and all(h in ([], 0) for h in hands)


def edited(draft: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """Returns a copy of the draft with fields set; a field set to None is removed."""
    out = copy.deepcopy(draft)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = copy.deepcopy(value)
    return out


def with_hand(draft: dict[str, Any], seat: int, hand: list[str] | int) -> dict[str, Any]:
    """Returns a copy of the draft with one seat's hand replaced."""
    hands = list(copy.deepcopy(draft.get("hands", [])))
    if 0 <= seat < len(hands):
        hands[seat] = hand
    return edited(draft, hands=hands)


def with_waiting(draft: dict[str, Any], seat: int, turns: int) -> dict[str, Any]:
    """Returns a copy of the draft in which one seat still sits out ``turns`` turns."""
    seats = seats_of(draft)
    waiting = draft.get("waiting")
    waiting = list(waiting) if isinstance(waiting, list) and len(waiting) == seats else [0] * seats
    if 0 <= seat < seats:
        waiting[seat] = turns
    return edited(draft, waiting=waiting if any(waiting) else None)


def with_seats(draft: dict[str, Any], seats: int) -> dict[str, Any]:
    """Returns a copy with ``seats`` seats: hands added empty or dropped, seat numbers kept in range."""
    hands = list(copy.deepcopy(draft.get("hands", []))) if isinstance(draft.get("hands"), list) else []
    hands = (hands + [[] for _ in range(seats)])[:seats]
    out = edited(draft, hands=hands)
    if not isinstance(out.get("to_move"), int) or not 0 <= out["to_move"] < seats:
        out["to_move"] = 0
    waiting = out.get("waiting")
    if isinstance(waiting, list):
        waiting = (list(waiting) + [0] * seats)[:seats]
        out = edited(out, waiting=waiting if any(w for w in waiting if w) else None)
    finished = out.get("finished")
    if isinstance(finished, list):
        out = edited(out, finished=[s for s in finished if isinstance(s, int) and s < seats] or None)
    wish = out.get("wish")
    if isinstance(wish, dict) and isinstance(wish.get("by"), int) and wish["by"] >= seats:
        out["wish"] = {**wish, "by": seats - 1}
    return out


def with_variant(draft: dict[str, Any], variant: str, book: Rulebook = SHIPPED,
                 old_rules: Ruleset | None = None) -> dict[str, Any]:
    """Moves a draft to another variant: with the same deck the cards stay, otherwise it is cleared.

    What the new variant cannot have (an attack kind, a wish, a card just drawn) is dropped.
    ``old_rules`` stands in for the draft's own variant when the book no longer knows it
    (house rules removed while the sandbox used them).
    """
    rules = book.load(variant)
    old = book.get(draft.get("variant")) or old_rules
    same_deck = old is not None and old.deck.id == rules.deck.id
    seed = draft.get("seed", 0) if isinstance(draft.get("seed"), int) else 0
    if not same_deck:
        return new_draft(variant, seats_of(draft) or None, seed, book)
    out = with_seats(edited(draft, variant=variant), clamp_seats(rules, seats_of(draft)))
    attack = out.get("attack")
    if isinstance(attack, dict) and ("draw" if "draw" in attack else "skip") not in attack_kinds(rules):
        out.pop("attack")
    wish = out.get("wish")
    if isinstance(wish, dict):
        allowed = wish_values(rules, "rank" if "rank" in wish else "suit")
        if not allowed or ("rank" in wish and wish["rank"] not in allowed):
            out.pop("wish")
    if "drawn" in out and not rules.play_drawn:
        out.pop("drawn")
    if out.get("cover") and not any(rule.cover for rule in rules.cards):
        out.pop("cover")   # a nine to cover (ru-101) means nothing where no card must be covered
    return out


def dealt_draft(variant: str, seats: int, seed: int, book: Rulebook = SHIPPED) -> dict[str, Any]:
    """Deals a fresh round with this seed, as a draft (every card shown)."""
    rules = book.load(variant)
    data = position_to_json(new_game(rules, clamp_seats(rules, seats), seed))
    data.pop("over", None)
    return data


def parse_cards_text(text: str, rules: Ruleset, allow_count: bool = True) -> list[str] | int:
    """Reads typed cards ("Ks 2h", "ks,2H", "10h") into notation; a lone number means unknown cards.

    Cards that are not in the deck are kept as typed (cut short), so the validator names them.
    """
    text = (text or "")[:MAX_CARDS_TEXT].strip()
    if not text:
        return []
    tokens = [token for token in _SPLIT.split(text) if token][:MAX_TOKENS]
    if allow_count and len(tokens) == 1 and tokens[0].isdigit():
        return min(int(tokens[0]), MAX_COUNT)
    out = []
    for token in tokens:
        try:
            out.append(rules.deck.name(rules.deck.parse(token)))
        except NotationError:
            out.append(token[:20])
    return out


def format_cards(value: Any) -> str:
    """Writes a hand, the pile or the deck of a draft back as text for the editor."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return ""


def known_cards(value: Any) -> list[str]:
    """The cards named in a hand, the pile or the deck of a draft (none for a count)."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def used_elsewhere(draft: dict[str, Any], skip: str) -> Counter[str]:
    """Counts the cards the draft uses outside one place ("pile", "deck" or "hands[i]")."""
    used: Counter[str] = Counter()
    hands = draft.get("hands") if isinstance(draft.get("hands"), list) else []
    for seat, hand in enumerate(hands):
        if skip != f"hands[{seat}]":
            used.update(known_cards(hand))
    for place in ("pile", "deck"):
        if skip != place:
            used.update(known_cards(draft.get(place)))
    return used


def free_cards(draft: dict[str, Any], rules: Ruleset, place: str) -> list[str]:
    """The cards a picker for one place offers: those not used up elsewhere, and its own."""
    copies = rules.copies_for(max(seats_of(draft), 1))
    used = used_elsewhere(draft, place)
    return [rules.deck.name(c) for c in rules.deck.all_cards() if used[rules.deck.name(c)] < copies]


@dataclass(frozen=True)
class Validation:
    """The editor's draft judged by the engine: a State, or every problem of the position."""

    state: State | None
    problems: tuple[Problem, ...] = ()


def validate(draft: Any, book: Rulebook = SHIPPED) -> Validation:
    """Builds the State of a draft, or lists every problem; never raises."""
    # Only house rules are handed over: a shipped or unknown id is read by the engine itself,
    # which names an unknown variant as a problem.
    rules = book.house if isinstance(draft, dict) and book.is_house(draft.get("variant")) else None
    try:
        return Validation(position_from_json(draft, rules=rules))
    except PositionError as exc:
        return Validation(None, tuple(exc.problems))
    except (EngineError, ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        # A shape the validator did not foresee: a problem for the page, not a crash.
        return Validation(None, (Problem("unreadable", f"the position cannot be read ({type(exc).__name__})"),))


# ------------------------------------------------------------------------------ examples

@dataclass(frozen=True)
class Example:
    """A classic tricky position: its title and note (English msgids), and what it shows."""

    id: str
    title: str
    text: str
    position_json: str
    legal: tuple[str, ...] = ()
    illegal: tuple[str, ...] = ()

    def position(self) -> dict[str, Any]:
        """Returns a fresh copy of the example's position JSON."""
        return json.loads(self.position_json)


def parse_examples(data: dict[str, Any]) -> tuple[Example, ...]:
    """Reads the examples table of a parsed TOML file; raises ValueError naming the entry."""
    out = []
    for index, entry in enumerate(data.get("example", [])):
        try:
            out.append(Example(
                id=entry["id"], title=entry["title"], text=entry.get("text", ""),
                position_json=json.dumps(entry["position"]),
                legal=tuple(entry.get("legal", ())), illegal=tuple(entry.get("illegal", ())),
            ))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"example[{index}]: missing or bad field {exc}") from None
    return tuple(out)


@lru_cache(maxsize=4)
def load_examples(path: Path = EXAMPLES_PATH) -> tuple[Example, ...]:
    """Reads the sandbox's examples file (immutable, read once)."""
    with Path(path).open("rb") as handle:
        return parse_examples(tomllib.load(handle))


# ------------------------------------------------------------------------- share and import

@dataclass(frozen=True)
class Loaded:
    """A position read from a link, a paste or an upload: a draft, or why not."""

    draft: dict[str, Any] | None
    error: str | None = None          # too_long | unreadable | not_json | not_object | impossible
    problems: tuple[Problem, ...] = ()
    refusal: tuple[str, dict[str, Any]] | None = None   # the guard's code and params, for a sentence


def share_code(position: dict[str, Any]) -> str:
    """Makes the ``?pos=`` code of a position (POSITION.md, share code)."""
    return encode_share_code(position)


def share_query(position: dict[str, Any], language: str, house: bool = False) -> str:
    """Makes the query string of a share link: ``pos``, ``variant`` and ``lang`` (and ``house=1``, see below)."""
    query = {"pos": share_code(position), "variant": position.get("variant", ""), "lang": language}
    if house:
        query["house"] = "1"
    return urlencode(query)


@dataclass(frozen=True)
class Shared:
    """What a share link carries for a position: the position (None when there can be no link), and
    the preset it opens under when it was made under house rules."""

    position: dict[str, Any] | None
    base: str | None = None
    problems: tuple[Problem, ...] = ()


def link_position(position: dict[str, Any], book: Rulebook = SHIPPED) -> Shared:
    """The position a share link carries: itself, or for house rules the same cards under their preset.

    A share code is position JSON only (POSITION.md); it cannot carry a ruleset, and a link means
    the same for everyone. So a position under house rules is linked under the preset they were
    started from (``pl-house`` → ``pl``) with ``house=1`` in the link, and the receiver is told
    "made under house rules; opened under Polish makao" (the sender is warned before sharing).
    When the position cannot exist under the preset there is no link, and the problems say why.
    The JSON download keeps the house id: it loads back in a session that has those house rules.
    """
    variant = position.get("variant")
    if not book.is_house(variant):
        return Shared(position)
    base = book.base_of(variant)
    shared = {**copy.deepcopy(position), "variant": base}
    result = validate(shared)
    if result.state is None:
        return Shared(None, base, result.problems)
    return Shared(shared, base)


def _checked(data: dict[str, Any], book: Rulebook) -> Loaded:
    result = validate(data, book)
    if result.state is None:
        return Loaded(None, "impossible", result.problems)
    return Loaded(data)


def read_share_code(code: Any) -> Loaded:
    """Reads a ``?pos=`` value; a broken or hostile one gives an error, never an exception.

    A link means the same for everyone, so it is read with the shipped rulesets only: a link
    naming house rules (which it cannot carry) gets the "unknown variant" problem.
    """
    if not isinstance(code, str) or not code.strip():
        return Loaded(None, "unreadable")
    if len(code) > MAX_SHARE_CODE:
        return Loaded(None, "too_long")
    try:
        data = decode_share_code(code)
    except InputError as exc:
        return Loaded(None, "unreadable", refusal=(exc.code, dict(exc.params)))
    except NotationError:
        return Loaded(None, "unreadable")
    return _checked(data, SHIPPED)


def read_position_text(raw: str | bytes, book: Rulebook = SHIPPED) -> Loaded:
    """Reads pasted or uploaded position JSON; anything else gives an error, never an exception.

    Position JSON exported under house rules names them, and loads back in a session that has them.
    """
    if len(raw) > MAX_IMPORT_BYTES:
        return Loaded(None, "too_long")
    try:   # the one guarded reader: size, nesting and number length checked before json decodes
        data = load_json(raw, "position", MAX_IMPORT_BYTES)
    except InputError as exc:
        return Loaded(None, "too_long" if exc.code == "too_large" else "not_json",
                      refusal=(exc.code, dict(exc.params)))
    if not isinstance(data, dict):
        return Loaded(None, "not_object")
    return _checked(data, book)


def export_json(position: dict[str, Any]) -> str:
    """Writes position JSON for a download: readable, one field per line."""
    return json.dumps(position, ensure_ascii=False, indent=2) + "\n"
