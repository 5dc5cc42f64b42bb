"""House rules: a ruleset a user derives from a preset or uploads, kept in the session.

The house ruleset is an ordinary ``Ruleset`` (immutable), validated by the engine's own reader:
every edit goes ruleset → plain data (``engine.ruleset_toml.ruleset_to_dict``) → changed data →
``ruleset_from_dict``, so a house rule the engine cannot run is refused with the engine's error,
which names the field. Other pages read it with ``house_ruleset()``.
"""
from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

import streamlit as st

from engine.errors import RulesetError
from engine.guard import MAX_TOML_BYTES
from engine.ruleset import (
    DEFENCE_CONDITIONS,
    END_MODES,
    END_RESULTS,
    FALLBACKS,
    SELF_TARGETS,
    WISH_DURATIONS,
    Ruleset,
    load_ruleset,
    load_ruleset_text,
    ruleset_from_dict,
    variant_ids,
)
from engine.ruleset_bounds import range_of
from engine.ruleset_toml import ruleset_to_dict, ruleset_to_toml
from ui.present.i18n import N_, Translator

HOUSE_RULESET = "house_ruleset"        # the current house Ruleset, or absent
HOUSE_ERROR = "house_rules_error"      # the last refused edit or upload: an English engine message
HOUSE_NOTICE = "house_rules_notice"    # what the last accepted change was (a msgid)
FORM_PREFIX = "house_field_"           # widget keys of the form: FORM_PREFIX + field key
MAX_UPLOAD_BYTES = MAX_TOML_BYTES   # the guard refuses a larger file before decoding it

CONDITION_LABELS = {
    "any": N_("any of these cards"),
    "match": N_("if it matches the attacking card in suit or rank"),
    "same_suit": N_("only of the attacking card's suit"),
    "same_rank": N_("only of the attacking card's rank"),
}
DURATION_LABELS = {
    "round": N_("one full round, its player included"),
    "until_return": N_("until the turn comes back to its player"),
    "until_covered": N_("until another card covers it"),
    "until_fulfilled": N_("until someone meets it"),
}
END_MODE_LABELS = {
    "first_out": N_("the round ends when the first player is out"),
    "play_on": N_("the others play on until one player holds cards"),
    "finish_round": N_("the round of turns is played to its end; everyone out by then wins"),
}
END_RESULT_LABELS = {
    "winner": N_("the first player out wins"),
    "places": N_("places in the order players go out"),
    "loser": N_("the last player holding cards loses"),
    "points": N_("the winner scores points per card left"),
    "penalty_points": N_("the others count penalty points"),
}
SELF_TARGET_LABELS = {
    "lapse": N_("it lapses: nobody takes it"),
    "hit": N_("it hits its own player"),
}
FALLBACK_LABELS = {
    "none": N_("the missing cards are not drawn"),
    "halve_hands": N_("every player gives back half their hand"),
}


def _state(state: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
    return st.session_state if state is None else state


def _forget(state: MutableMapping[str, Any], key: str) -> None:
    if key in state:
        del state[key]


def house_ruleset(state: MutableMapping[str, Any] | None = None) -> Ruleset | None:
    """Returns the session's house ruleset, or None when the user has made none."""
    value = _state(state).get(HOUSE_RULESET)
    return value if isinstance(value, Ruleset) else None


def set_house_ruleset(ruleset: Ruleset | None, state: MutableMapping[str, Any] | None = None) -> None:
    """Makes a ruleset the session's house rules (None removes them)."""
    state = _state(state)
    if ruleset is None:
        _forget(state, HOUSE_RULESET)
    else:
        state[HOUSE_RULESET] = ruleset


def house_error(state: MutableMapping[str, Any] | None = None) -> str | None:
    """Returns why the last edit or upload was refused (the engine's message), if it was."""
    return _state(state).get(HOUSE_ERROR)


def own_id(ruleset: Ruleset) -> Ruleset:
    """The ruleset under an id no shipped variant has (``pl`` → ``pl-house``).

    A shipped id always means the shipped rules (in the Sandbox, in links); the ``-house`` suffix
    also tells the Sandbox which preset the house rules stand nearest to.
    """
    return dataclasses.replace(ruleset, id=f"{ruleset.id}-house") if ruleset.id in variant_ids() else ruleset


def from_preset(variant_id: str) -> Ruleset:
    """A house ruleset that starts as a copy of a shipped variant (id ``<variant>-house``)."""
    base = load_ruleset(variant_id)
    data = ruleset_to_dict(base)
    data["id"] = f"{base.id}-house"
    return ruleset_from_dict(data, "house rules")


def read_uploaded(name: str, data: bytes) -> Ruleset:
    """Reads an uploaded ruleset file; raises RulesetError naming the file and the field."""
    origin = name or "uploaded ruleset"
    # The guard checks the size before decoding, then UTF-8, then TOML (engine/guard.py, load_toml).
    return load_ruleset_text(data, origin)


def house_toml(ruleset: Ruleset) -> str:
    """The house ruleset as a TOML file, ready to download and upload again."""
    return ruleset_to_toml(ruleset, comment="Makao Tutor house rules — upload this file on the Compare variants page.")


# --- the form ----------------------------------------------------------------------------


@dataclass(frozen=True)
class HouseField:
    """One editable rule: a widget kind, a translated label, and how it reads/writes ruleset data."""

    key: str
    kind: str                                   # "int" | "bool" | "choice" | "multi" | "text"
    label: str
    get: Callable[[dict[str, Any]], Any]
    put: Callable[[dict[str, Any], Any], None]
    options: tuple[str, ...] = ()
    option_label: Callable[[str], str] = str
    low: int = 0
    high: int = 0
    group: str = ""


def _set(path: tuple[str, ...]) -> Callable[[dict[str, Any], Any], None]:
    def put(data: dict[str, Any], value: Any) -> None:
        target = data
        for key in path[:-1]:
            target = target.setdefault(key, {})
        target[path[-1]] = value

    return put


def _get(path: tuple[str, ...], default: Any = None) -> Callable[[dict[str, Any]], Any]:
    def get(data: dict[str, Any]) -> Any:
        value: Any = data
        for key in path:
            if not isinstance(value, dict) or key not in value:
                return default
            value = value[key]
        return value

    return get


def house_fields(ruleset: Ruleset, t: Translator, card_label: Callable[[str], str]) -> list[HouseField]:
    """Lists the editable rules of a ruleset, in form order (fields follow the ruleset's cards)."""
    _ = t.gettext
    data = ruleset_to_dict(ruleset)
    deck = ruleset.deck
    fields = [
        HouseField("name", "text", _("Name"), _get(("name",)), _set(("name",)), group=N_("General")),
        HouseField("hand_size", "int", _("Cards dealt to each player"), _get(("hand_size",)),
                   _set(("hand_size",)), low=1, high=10, group=N_("General")),
        HouseField("several_cards", "bool", _("Several cards of one rank may be played together"),
                   _get(("play", "several_cards")), _set(("play", "several_cards")), group=N_("General")),
        HouseField("play_drawn", "bool", _("A drawn card that fits may be played at once"),
                   _get(("play", "play_drawn")), _set(("play", "play_drawn")), group=N_("General")),
    ]
    seats_range, decks_range = range_of("players[0]"), range_of("deck_copies[0][1]")
    assert seats_range is not None and decks_range is not None
    for end, label in ((0, _("Fewest players")), (1, _("Most players"))):

        def put_seats(d: dict[str, Any], value: Any, end: int = end) -> None:
            d["players"][end] = value

        fields.append(HouseField(
            f"players_{'min' if end == 0 else 'max'}", "int", label, lambda d, end=end: d["players"][end], put_seats,
            low=seats_range.low, high=seats_range.high, group=N_("General")))
    for seats in range(seats_range.low, seats_range.high + 1):

        def get_decks(d: dict[str, Any], seats: int = seats) -> int:
            decks = 1
            for seats_from, count in d["deck_copies"]:
                if seats >= seats_from:
                    decks = count
            return decks

        def put_decks(d: dict[str, Any], value: Any, seats: int = seats) -> None:
            per_seats = {n: get_decks(d, n) for n in range(seats_range.low, seats_range.high + 1)}
            per_seats[seats] = value
            pairs, last = [], None
            for n, decks in per_seats.items():
                if decks != last:
                    pairs.append([n, decks])
                    last = decks
            d["deck_copies"] = pairs

        fields.append(HouseField(
            f"decks_{seats}", "int", _("Decks shuffled together with {count} players").format(count=seats),
            get_decks, put_decks, low=decks_range.low, high=decks_range.high, group=N_("General")))
    group_range = range_of("play.min_group")
    assert group_range is not None
    fields.append(HouseField(
        "min_group", "int", _("Fewest cards of one rank played together (a single card is always fine)"),
        _get(("play", "min_group")), _set(("play", "min_group")), low=group_range.low, high=group_range.high,
        group=N_("General")))
    every_card = (*deck.ranks, *(deck.name(c) for c in deck.all_cards()))
    classes = data["play"]["separate"]
    for index in range(len(classes) + 1):   # one field per class, and an empty one to add a class
        label = (_("Cards played together only with each other (group {number})").format(number=index + 1)
                 if index < len(classes) else _("A new group of cards played together only with each other"))

        def put_class(d: dict[str, Any], value: Any, index: int = index) -> None:
            separate = d["play"].setdefault("separate", [])
            while len(separate) <= index:
                separate.append([])
            separate[index] = list(value)

        fields.append(HouseField(
            f"separate_{index}", "multi", label,
            lambda d, index=index: (d["play"].get("separate", []) + [[]] * (index + 1))[index], put_class,
            options=every_card, option_label=card_label, group=N_("General")))
    patterns = sorted({*deck.ranks, *data["starter"]["forbidden"], *data["cards"]},
                      key=lambda p: (deck.ranks.index(p if p in deck.ranks else p[:-1]), p))
    fields.append(HouseField(
        "starter_forbidden", "multi", _("Cards that may not be the starter card"),
        _get(("starter", "forbidden")), _set(("starter", "forbidden")), options=tuple(patterns),
        option_label=card_label, group=N_("General")))
    fields.append(HouseField(
        "starter_triggers", "bool", _("A special starter card acts on the first player"),
        _get(("starter", "triggers")), _set(("starter", "triggers")), group=N_("General")))

    for pattern, rule in data["cards"].items():
        label = card_label(pattern)
        if "draw" in rule:
            fields.append(HouseField(
                f"draw_{pattern}", "int", _("{card}: cards to draw").format(card=label),
                _get(("cards", pattern, "draw")), _set(("cards", pattern, "draw")), low=1, high=10,
                group=N_("Attacks and defences")))
        if "skip" in rule:
            fields.append(HouseField(
                f"skip_{pattern}", "int", _("{card}: turns to sit out").format(card=label),
                _get(("cards", pattern, "skip")), _set(("cards", pattern, "skip")), low=1, high=5,
                group=N_("Attacks and defences")))
    fields.append(HouseField("draw_adds", "bool", _("Cards to draw add up"), _get(("attack", "draw_adds")),
                             _set(("attack", "draw_adds")), group=N_("Attacks and defences")))
    fields.append(HouseField("skip_adds", "bool", _("Turns to sit out add up"), _get(("attack", "skip_adds")),
                             _set(("attack", "skip_adds")), group=N_("Attacks and defences")))
    fields.append(HouseField(
        "self_target", "choice", _("An attack with nobody else left to hit"), _get(("attack", "self_target")),
        _set(("attack", "self_target")), options=SELF_TARGETS, option_label=lambda v: _(SELF_TARGET_LABELS[v]),
        group=N_("Attacks and defences")))
    for index, defence in enumerate(data["defence"]):
        label = _("Defence with {cards} against {against}").format(
            cards=t.format_list([card_label(p) for p in defence["with"]], style="or"),
            against=t.format_list([card_label(p) for p in defence["against"]], style="or"))

        def put_condition(d: dict[str, Any], value: Any, index: int = index) -> None:
            d["defence"][index]["condition"] = value

        fields.append(HouseField(
            f"defence_{index}", "choice", label, lambda d, index=index: d["defence"][index]["condition"],
            put_condition, options=DEFENCE_CONDITIONS, option_label=lambda c: _(CONDITION_LABELS[c]),
            group=N_("Attacks and defences")))

    for pattern, rule in data["cards"].items():
        if "wish" not in rule:
            continue
        label = card_label(pattern)
        group = N_("Wishes")
        if rule["wish"] == "rank":
            fields.append(HouseField(
                f"wish_values_{pattern}", "multi", _("{card}: ranks it may demand").format(card=label),
                _get(("cards", pattern, "wish_values")), _set(("cards", pattern, "wish_values")),
                options=deck.ranks, option_label=card_label, group=group))
        fields.append(HouseField(
            f"wish_optional_{pattern}", "bool", _("{card}: may be played without a wish").format(card=label),
            _get(("cards", pattern, "wish_optional")), _set(("cards", pattern, "wish_optional")), group=group))
        fields.append(HouseField(
            f"wish_duration_{pattern}", "choice", _("{card}: how long its wish lasts").format(card=label),
            _get(("cards", pattern, "wish_duration")), _set(("cards", pattern, "wish_duration")),
            options=WISH_DURATIONS, option_label=lambda d: _(DURATION_LABELS[d]), group=group))

    if any(rule.get("wild") for rule in data["cards"].values()):
        group = N_("Wild card exceptions")
        for key, label in (
            ("blocked_by_attack", _("Not wild while an attack is pending")),
            ("blocked_by_rank_wish", _("Not wild while a rank is demanded")),
            ("blocked_by_suit_wish", _("Not wild while a suit is wished (only the wished suit's card)")),
            ("not_on_same_rank", _("May not go on a card of its own rank")),
        ):
            fields.append(HouseField(f"wild_{key}", "bool", label, _get(("wild", key)), _set(("wild", key)),
                                     group=group))

    fields.append(reverse_field(ruleset, t, card_label))

    group = N_("Last-card call and end")
    fields.append(HouseField(
        "makao_required", "bool", _("A player left with one card must call makao"),
        _get(("calls", "makao", "required"), False), _set(("calls", "makao", "required")), group=group))
    fields.append(HouseField(
        "makao_penalty", "int", _("Cards drawn for forgetting the makao call"),
        _get(("calls", "makao", "penalty"), 0), _set(("calls", "makao", "penalty")), low=0, high=10, group=group))
    fields.append(HouseField(
        "end_mode", "choice", _("When the first player is out"), _get(("end", "mode")), _set(("end", "mode")),
        options=END_MODES, option_label=lambda m: _(END_MODE_LABELS[m]), group=group))
    fields.append(HouseField(
        "end_result", "choice", _("Result"), _get(("end", "result")), _set(("end", "result")),
        options=END_RESULTS, option_label=lambda r: _(END_RESULT_LABELS[r]), group=group))
    fields.append(HouseField(
        "points_per_card", "int", _("Points per card left (when the winner scores points)"),
        _get(("end", "points_per_card"), 0), _set(("end", "points_per_card")), low=0, high=100, group=group))
    fields.append(HouseField(
        "reshuffle_fallback", "choice", _("When the deck and the pile are both used up"),
        _get(("reshuffle", "fallback")), _set(("reshuffle", "fallback")), options=FALLBACKS,
        option_label=lambda f: _(FALLBACK_LABELS[f]), group=group))
    return fields


NO_REVERSE = ""   # the reverse field's option: no rank reverses the direction of play


def reverse_field(ruleset: Ruleset, t: Translator, card_label: Callable[[str], str]) -> HouseField:
    """The rank whose cards reverse the direction of play (Mau-Mau's optional 9, Chodské prší's 8), or none.

    Only rank rules are set here; a single card that reverses (written in an uploaded file) keeps its rule."""
    _ = t.gettext
    ranks = ruleset.deck.ranks

    def get(data: dict[str, Any]) -> str:
        return next((p for p, rule in data["cards"].items() if p in ranks and rule.get("reverse")), NO_REVERSE)

    def put(data: dict[str, Any], value: Any) -> None:
        cards = data["cards"]
        for pattern in [p for p in cards if p in ranks and cards[p].get("reverse")]:
            del cards[pattern]["reverse"]
            if not cards[pattern]:
                del cards[pattern]   # it was there only to reverse: an ordinary card again
        if value in ranks:
            cards.setdefault(value, {})["reverse"] = True

    return HouseField(
        "reverse_rank", "choice", _("Cards of this rank reverse the direction of play"), get, put,
        options=(NO_REVERSE, *ranks), option_label=lambda v: card_label(v) if v else _("no card"),
        group=N_("Direction of play"))


def form_key(field: HouseField) -> str:
    return FORM_PREFIX + field.key


def load_form(fields: list[HouseField], ruleset: Ruleset, state: MutableMapping[str, Any] | None = None,
              only_missing: bool = False) -> None:
    """Fills the form's widget state from a ruleset (all keys, or only those not set yet)."""
    state = _state(state)
    data = ruleset_to_dict(ruleset)
    for field in fields:
        key = form_key(field)
        if only_missing and key in state:
            continue
        value = field.get(data)
        state[key] = list(value) if field.kind == "multi" else value


def clear_form(state: MutableMapping[str, Any] | None = None) -> None:
    """Forgets every form value, so the next run fills the form from the house ruleset again."""
    state = _state(state)
    for key in [k for k in state if isinstance(k, str) and k.startswith(FORM_PREFIX)]:
        del state[key]


def edited_ruleset(ruleset: Ruleset, fields: list[HouseField], values: MutableMapping[str, Any]) -> Ruleset:
    """Applies the form's values to a ruleset's data and reads it back; raises RulesetError."""
    data = copy.deepcopy(ruleset_to_dict(ruleset))
    for field in fields:
        key = form_key(field)
        if key not in values:
            continue
        value = values[key]
        if field.kind == "multi":
            value = [option for option in value if option in field.options]
        field.put(data, value)
    makao = data.get("calls", {}).get("makao")
    if makao is not None:
        if "makao" not in ruleset.calls and not makao.get("required"):
            del data["calls"]["makao"]     # untouched: a variant without the call keeps none
        else:
            makao.setdefault("word", "makao")
            makao.setdefault("penalty", 0)
            makao.setdefault("required", False)
    data["play"]["separate"] = [group for group in data["play"].get("separate", []) if group]  # emptied: removed
    if data["end"].get("points_per_card") == 0:
        data["end"].pop("points_per_card")
    return ruleset_from_dict(data, "house rules")


# --- callbacks (state changes happen here, never while drawing) -----------------------------


def start_from_preset(variant_id: str, state: MutableMapping[str, Any] | None = None) -> None:
    """Callback: the house rules become a copy of a shipped variant."""
    state = _state(state)
    set_house_ruleset(from_preset(variant_id), state)
    clear_form(state)
    _forget(state, HOUSE_ERROR)
    state[HOUSE_NOTICE] = N_("House rules started from the preset.")


def apply_form(fields: list[HouseField], state: MutableMapping[str, Any] | None = None) -> None:
    """Callback: validates the form's values; the house rules change only if the engine accepts them."""
    state = _state(state)
    current = house_ruleset(state)
    if current is None:
        return
    try:
        changed = edited_ruleset(current, fields, state)
    except RulesetError as exc:
        state[HOUSE_ERROR] = str(exc)
        _forget(state, HOUSE_NOTICE)
        return
    set_house_ruleset(changed, state)
    _forget(state, HOUSE_ERROR)
    state[HOUSE_NOTICE] = N_("House rules updated.")


def use_upload(name: str, data: bytes, state: MutableMapping[str, Any] | None = None) -> bool:
    """Callback body: an uploaded ruleset becomes the house rules; a broken one changes nothing."""
    state = _state(state)
    try:
        ruleset = read_uploaded(name, data)
    except RulesetError as exc:
        state[HOUSE_ERROR] = str(exc)
        _forget(state, HOUSE_NOTICE)
        return False
    set_house_ruleset(own_id(ruleset), state)
    clear_form(state)
    _forget(state, HOUSE_ERROR)
    state[HOUSE_NOTICE] = N_("The uploaded ruleset is now your house rules.")
    return True


def remove_house_rules(state: MutableMapping[str, Any] | None = None) -> None:
    """Callback: drops the house rules."""
    state = _state(state)
    set_house_ruleset(None, state)
    clear_form(state)
    _forget(state, HOUSE_ERROR)
    _forget(state, HOUSE_NOTICE)
