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

from engine.cards import DECK_KINDS
from engine.errors import RulesetError
from engine.guard import MAX_TOML_BYTES, RulesetInputError, shown, value_params
from engine.ruleset import (
    AFTER_PENALTIES,
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
    run_lengths,
    variant_ids,
)
from engine.ruleset_bounds import form_range, range_of
from engine.ruleset_toml import ruleset_to_dict, ruleset_to_toml
from ui.present.i18n import N_, Translator
from ui.present.ruleset_text import FALLBACK, ruleset_refusal_text

HOUSE_RULESET = "house_ruleset"        # the current house Ruleset, or absent
HOUSE_ERROR = "house_rules_error"      # the last refused edit or upload: {"code", "params", "file"}
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
AFTER_PENALTY_LABELS = {
    "next": N_("the turn ends; the next player plays"),
    "same": N_("the player may still play"),
    "after_attacker": N_("a K♠ (an attack on the player before) is taken at once; play goes on after its player"),
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


def house_error(state: MutableMapping[str, Any] | None = None) -> dict[str, Any] | None:
    """Returns why the last edit or upload was refused (the engine's code, params and file name), if it was."""
    value = _state(state).get(HOUSE_ERROR)
    return value if isinstance(value, dict) else None


def house_error_text(t: Translator, state: MutableMapping[str, Any] | None = None) -> str | None:
    """Says why the last edit or upload was refused, in the session's language (None if nothing was)."""
    error = house_error(state)
    if error is None:
        return None
    return ruleset_refusal_text(error["code"], error["params"], t, error["file"])


def refusal(exc: RulesetError, file_name: str = "") -> dict[str, Any]:
    """Keeps a refused ruleset's code and params (never its English text) for a translated message."""
    code = getattr(exc, "code", FALLBACK)
    params = getattr(exc, "params", {})
    return {"code": code if isinstance(code, str) else FALLBACK,
            "params": dict(params) if isinstance(params, dict) else {}, "file": file_name}


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
    bound: str = ""      # the field's path in engine.ruleset_bounds.BOUNDS: where low and high come from
    attack: str = ""     # a defence row's attacking card pattern
    row: int = -1        # a defence row's index among that card's rows


def _bounded(key: str, label: str, path: tuple[str, ...], bound: str, group: str, default: Any = None) -> HouseField:
    """A number field whose min and max are the bounds uploads are checked against (one source)."""
    low, high = form_range(bound)
    return HouseField(key, "int", label, _get(path, default), _set(path), low=low, high=high, group=group, bound=bound)


def _entries(bound: str) -> int:
    """The most entries a list field may hold (engine.ruleset_bounds), for a multiselect's limit."""
    found = range_of(bound, "entries")
    if found is None:
        raise KeyError(f"no range for {bound!r} in BOUNDS")
    return found.high


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


def house_fields(ruleset: Ruleset, t: Translator, card_label: Callable[[str], str],
                 state: MutableMapping[str, Any] | None = None) -> list[HouseField]:
    """Lists the editable rules of a ruleset, in form order (fields follow the ruleset's cards).

    ``state`` is the form's state (the session): it holds how many defence rows each attacking card
    shows, rows the user added or removed since the last apply; without it, the ruleset's rows.
    """
    _ = t.gettext
    data = ruleset_to_dict(ruleset)
    deck = ruleset.deck
    name_range = range_of("name", "characters")
    assert name_range is not None
    fields = [
        HouseField("name", "text", _("Name"), _get(("name",)), _set(("name",)), low=name_range.low,
                   high=name_range.high, group=N_("General"), bound="name"),
        _bounded("hand_size", _("Cards dealt to each player"), ("hand_size",), "hand_size", N_("General")),
        HouseField("several_cards", "bool", _("Several cards of one rank may be played together"),
                   _get(("play", "several_cards")), _set(("play", "several_cards")), group=N_("General")),
        HouseField("play_drawn", "bool", _("A drawn card that fits may be played at once"),
                   _get(("play", "play_drawn")), _set(("play", "play_drawn")), group=N_("General")),
    ]
    seats_low, seats_high = form_range("players[0]")
    decks_low, decks_high = form_range("deck_copies[0][1]")
    for end, label in ((0, _("Fewest players")), (1, _("Most players"))):

        def put_seats(d: dict[str, Any], value: Any, end: int = end) -> None:
            d["players"][end] = value

        fields.append(HouseField(
            f"players_{'min' if end == 0 else 'max'}", "int", label, lambda d, end=end: d["players"][end], put_seats,
            low=seats_low, high=seats_high, group=N_("General"), bound=f"players[{end}]"))
    for seats in range(seats_low, seats_high + 1):

        def get_decks(d: dict[str, Any], seats: int = seats) -> int:
            decks = 1
            for seats_from, count in d["deck_copies"]:
                if seats >= seats_from:
                    decks = count
            return decks

        def put_decks(d: dict[str, Any], value: Any, seats: int = seats) -> None:
            per_seats = {n: get_decks(d, n) for n in range(seats_low, seats_high + 1)}
            per_seats[seats] = value
            pairs, last = [], None
            for n, decks in per_seats.items():
                if decks != last:
                    pairs.append([n, decks])
                    last = decks
            d["deck_copies"] = pairs

        fields.append(HouseField(
            f"decks_{seats}", "int", _decks_label(seats, t), get_decks, put_decks, low=decks_low, high=decks_high,
            group=N_("General"), bound="deck_copies[0][1]"))
    fields.append(_bounded(
        "min_group", _("Fewest cards of one rank played together (a single card is always fine)"),
        ("play", "min_group"), "play.min_group", N_("General")))
    fields.append(runs_field(ruleset, t))
    every_card = (*deck.ranks, *(deck.name(c) for c in deck.all_cards()))
    classes = data["play"]["separate"]
    # one field per class, and an empty one to add a class while the bounds allow another
    for index in range(min(len(classes) + 1, _entries("play.separate"))):
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
            options=every_card, option_label=card_label, group=N_("General"),
            high=_entries(f"play.separate[{index}]"), bound=f"play.separate[{index}]"))
    patterns = sorted({*deck.ranks, *data["starter"]["forbidden"], *data["cards"]},
                      key=lambda p: (deck.ranks.index(p if p in deck.ranks else p[:-1]), p))
    fields.append(HouseField(
        "starter_forbidden", "multi", _("Cards that may not be the starter card"),
        _get(("starter", "forbidden")), _set(("starter", "forbidden")), options=tuple(patterns),
        option_label=card_label, group=N_("General"), high=_entries("starter.forbidden"), bound="starter.forbidden"))
    fields.append(HouseField(
        "starter_triggers", "bool", _("A special starter card acts on the first player"),
        _get(("starter", "triggers")), _set(("starter", "triggers")), group=N_("General")))

    for pattern, rule in data["cards"].items():
        label = card_label(pattern)
        if "draw" in rule:
            fields.append(_bounded(f"draw_{pattern}", _("{card}: cards to draw").format(card=label),
                                   ("cards", pattern, "draw"), f"cards.{pattern}.draw", N_("Attacks and defences")))
        if "skip" in rule:
            fields.append(_bounded(f"skip_{pattern}", _("{card}: turns to sit out").format(card=label),
                                   ("cards", pattern, "skip"), f"cards.{pattern}.skip", N_("Attacks and defences")))
    fields.append(HouseField("draw_adds", "bool", _("Cards to draw add up"), _get(("attack", "draw_adds")),
                             _set(("attack", "draw_adds")), group=N_("Attacks and defences")))
    fields.append(HouseField("skip_adds", "bool", _("Turns to sit out add up"), _get(("attack", "skip_adds")),
                             _set(("attack", "skip_adds")), group=N_("Attacks and defences")))
    fields.append(HouseField(
        "self_target", "choice", _("An attack with nobody else left to hit"), _get(("attack", "self_target")),
        _set(("attack", "self_target")), options=SELF_TARGETS, option_label=lambda v: _(SELF_TARGET_LABELS[v]),
        group=N_("Attacks and defences")))
    fields.extend(cover_and_penalty_fields(data, t, card_label))
    fields.extend(defence_fields(data, every_card, t, card_label, state))

    for pattern, rule in data["cards"].items():
        if "wish" not in rule:
            continue
        label = card_label(pattern)
        group = N_("Wishes")
        if rule["wish"] == "rank":
            fields.append(HouseField(
                f"wish_values_{pattern}", "multi", _("{card}: ranks it may demand").format(card=label),
                _get(("cards", pattern, "wish_values")), _set(("cards", pattern, "wish_values")),
                options=deck.ranks, option_label=card_label, group=group,
                high=_entries(f"cards.{pattern}.wish_values"), bound=f"cards.{pattern}.wish_values"))
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
    fields.append(_bounded("makao_penalty", _("Cards drawn for forgetting the makao call"),
                           ("calls", "makao", "penalty"), "calls.makao.penalty", group, default=0))
    fields.append(HouseField(
        "end_mode", "choice", _("When the first player is out"), _get(("end", "mode")), _set(("end", "mode")),
        options=END_MODES, option_label=lambda m: _(END_MODE_LABELS[m]), group=group))
    fields.append(HouseField(
        "end_result", "choice", _("Result"), _get(("end", "result")), _set(("end", "result")),
        options=END_RESULTS, option_label=lambda r: _(END_RESULT_LABELS[r]), group=group))
    fields.append(_bounded("points_per_card", _("Points per card left (when the winner scores points)"),
                           ("end", "points_per_card"), "end.points_per_card", group, default=0))
    fields.append(HouseField(
        "reshuffle_fallback", "choice", _("When the deck and the pile are both used up"),
        _get(("reshuffle", "fallback")), _set(("reshuffle", "fallback")), options=FALLBACKS,
        option_label=lambda f: _(FALLBACK_LABELS[f]), group=group))
    return fields


def cover_and_penalty_fields(data: dict[str, Any], t: Translator,
                             card_label: Callable[[str], str]) -> list[HouseField]:
    """The form's fields for ``[attack] after_penalty`` and the ranks whose cards must be covered
    (ru-101's nine: ``cards.<rank>.cover``)."""
    _ = t.gettext
    ranks = DECK_KINDS[data["deck"]].ranks

    def get_cover(d: dict[str, Any]) -> list[str]:
        return [rank for rank in ranks if d["cards"].get(rank, {}).get("cover")]

    def put_cover(d: dict[str, Any], value: Any) -> None:
        for rank in ranks:
            rule = d["cards"].get(rank)
            if rank in value:
                d["cards"].setdefault(rank, {})["cover"] = True
            elif rule is not None and rule.pop("cover", None) and not rule:
                del d["cards"][rank]   # the rank was only a card to cover: an ordinary card again

    return [
        HouseField(
            "after_penalty", "choice", _("After drawing a penalty"), _get(("attack", "after_penalty"), "next"),
            _set(("attack", "after_penalty")), options=AFTER_PENALTIES,
            option_label=lambda v: _(AFTER_PENALTY_LABELS[v]), group=N_("Attacks and defences")),
        HouseField(
            "cover_ranks", "multi", _("Cards their player must cover with the same suit or rank"),
            get_cover, put_cover, options=ranks, option_label=card_label, group=N_("Attacks and defences"),
            high=_entries("cards"), bound="cards"),   # each rank chosen becomes an entry of [cards]
    ]
def runs_field(ruleset: Ruleset, t: Translator) -> HouseField:
    """Runs of one suit (``[play] runs``): none, or the fewest cards of a run — the values an upload may
    give (``engine.ruleset.run_lengths``), so the form can set what a file can and no more."""
    _ = t.gettext

    def label(value: str) -> str:
        count = int(value)
        if not count:
            return _("no runs")
        return t.ngettext("runs of {count} card or more", "runs of {count} cards or more", count).format(count=count)

    def put(data: dict[str, Any], value: Any) -> None:
        data["play"]["runs"] = int(value)

    return HouseField(
        "runs", "choice", _("Cards of one suit in a row (such as 7, 8, 9) may be played together as a run"),
        lambda d: str(d["play"].get("runs", 0)), put, options=tuple(str(n) for n in run_lengths(ruleset.deck)),
        option_label=label, group=N_("General"), bound="play.runs")


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


def _decks_label(seats: int, t: Translator) -> str:
    # a count of players: Polish has three plural forms (2 graczy... 5 graczy; 22 graczy)
    return t.ngettext("Decks shuffled together with {count} player", "Decks shuffled together with {count} players",
                      seats).format(count=seats)


# --- defence rows: per attacking card, the cards that answer it (none: it cannot be defended) ---

DEFENCE_GROUP = N_("Defences")
_ROWS = "_defence_rows"      # scratch key of the edited data while the form's rows are collected


def attack_patterns(data: dict[str, Any]) -> list[str]:
    """The card patterns that attack (draw or sit out), in the ruleset's order."""
    return [p for p, rule in data["cards"].items() if rule.get("draw") or rule.get("skip")]


def defence_view(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Each attacking pattern's defence rows: the rules that name it, as {"with", "condition"}."""
    return {pattern: [{"with": list(d["with"]), "condition": d["condition"]}
                      for d in data["defence"] if pattern in d["against"]]
            for pattern in attack_patterns(data)}


def defences_from_rows(defences: list[dict[str, Any]], rows: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Writes per-attack rows back as defence rules: rows alike (same cards, same condition) share one rule.

    Rules keep the order they had (a preset saved untouched is the same file); a row without cards
    defends nothing and is dropped, so an attack with no row left cannot be defended. A rule's
    pattern that is not an attacking card of the form (``against = ["K"]`` beside ``Kh``) stays.
    """
    groups: dict[tuple[tuple[str, ...], str], dict[str, Any]] = {}

    def group(with_: list[str], condition: str) -> dict[str, Any]:
        return groups.setdefault((tuple(with_), condition), {"against": [], "with": list(with_),
                                                            "condition": condition})

    for rule in defences:
        target = group(rule["with"], rule["condition"])
        target["against"].extend(p for p in rule["against"] if p not in rows and p not in target["against"])
    for pattern, pattern_rows in rows.items():
        for row in pattern_rows:
            if row["with"]:
                target = group(row["with"], row["condition"])
                if pattern not in target["against"]:
                    target["against"].append(pattern)
    return [rule for rule in groups.values() if rule["against"] and rule["with"]]


def defence_rows_key(pattern: str) -> str:
    """The form state key holding how many defence rows an attacking card shows."""
    return f"{FORM_PREFIX}defence_rows_{pattern}"


def _row_key(pattern: str, index: int, part: str) -> str:
    return f"{FORM_PREFIX}defence_{pattern}_{index}_{part}"


def _scratch(d: dict[str, Any], pattern: str) -> dict[str, Any]:
    return d.setdefault(_ROWS, {}).setdefault(pattern, {"rows": {}})


def defence_fields(data: dict[str, Any], every_card: tuple[str, ...], t: Translator,
                   card_label: Callable[[str], str], state: MutableMapping[str, Any] | None) -> list[HouseField]:
    """Per attacking card: a row count and, per row, the cards that answer and when they may."""
    _ = t.gettext
    view = defence_view(data)
    most_rows = _entries("defence")
    fields: list[HouseField] = []
    for pattern, rows in view.items():
        card = card_label(pattern)
        count = state.get(defence_rows_key(pattern), len(rows)) if state is not None else len(rows)
        count = max(0, min(count if isinstance(count, int) else len(rows), most_rows))

        def put_count(d: dict[str, Any], value: Any, pattern: str = pattern) -> None:
            _scratch(d, pattern)["count"] = value

        fields.append(HouseField(f"defence_rows_{pattern}", "rows", card,
                                 lambda d, pattern=pattern: len(defence_view(d)[pattern]), put_count,
                                 group=DEFENCE_GROUP, attack=pattern))
        for index in range(count):

            def get_row(d: dict[str, Any], part: str, index: int = index, pattern: str = pattern) -> Any:
                found = defence_view(d)[pattern]
                return found[index][part] if index < len(found) else ([] if part == "with" else "any")

            def put_row(d: dict[str, Any], value: Any, part: str, index: int = index, pattern: str = pattern) -> None:
                _scratch(d, pattern)["rows"].setdefault(index, {})[part] = value

            fields.append(HouseField(
                f"defence_{pattern}_{index}_with", "multi",
                _("Cards that answer {card} (defence {number})").format(card=card, number=index + 1),
                lambda d, get_row=get_row: get_row(d, "with"), lambda d, v, put_row=put_row: put_row(d, v, "with"),
                options=every_card, option_label=card_label, group=DEFENCE_GROUP, high=_entries("defence[0].with"),
                bound="defence[0].with", attack=pattern, row=index))
            fields.append(HouseField(
                f"defence_{pattern}_{index}_condition", "choice",
                _("When they may answer (defence {number})").format(number=index + 1),
                lambda d, get_row=get_row: get_row(d, "condition"),
                lambda d, v, put_row=put_row: put_row(d, v, "condition"),
                options=DEFENCE_CONDITIONS, option_label=lambda c: _(CONDITION_LABELS[c]), group=DEFENCE_GROUP,
                attack=pattern, row=index))
    return fields


def _apply_defence_rows(data: dict[str, Any]) -> None:
    """Turns the rows the form's fields wrote into the edited data's defence rules."""
    scratch = data.pop(_ROWS, None)
    if not scratch:
        return
    view = defence_view(data)
    rows: dict[str, list[dict[str, Any]]] = {}
    for pattern, before in view.items():
        written = scratch.get(pattern)
        if written is None:
            rows[pattern] = before
            continue
        count = written.get("count", len(before))
        rows[pattern] = []
        for index in range(count if isinstance(count, int) else len(before)):
            row = dict(before[index]) if index < len(before) else {"with": [], "condition": "any"}
            row.update(written["rows"].get(index, {}))
            rows[pattern].append(row)
    data["defence"] = defences_from_rows(data["defence"], rows)


@dataclass(frozen=True)
class DefenceBlock:
    """An attacking card's part of the form: its label, row-count field and (cards, condition) rows."""

    pattern: str
    label: str
    rows: tuple[tuple[HouseField, HouseField], ...]

    def undefendable(self, state: MutableMapping[str, Any] | None = None) -> bool:
        """Tells whether no row (with cards, as the form now holds them) is left: the attacked player takes it."""
        values = _state(state) if state is not None else {}
        return not any(values.get(form_key(w), ["?"]) for w, _ in self.rows)


def defence_blocks(fields: list[HouseField]) -> list[DefenceBlock]:
    """Groups the form's defence fields by attacking card, in form order."""
    blocks = []
    for counter in (f for f in fields if f.kind == "rows"):
        withs = [f for f in fields if f.attack == counter.attack and f.key.endswith("_with")]
        conditions = {f.row: f for f in fields if f.attack == counter.attack and f.key.endswith("_condition")}
        blocks.append(DefenceBlock(counter.attack, counter.label, tuple((w, conditions[w.row]) for w in withs)))
    return blocks


def add_defence_row(pattern: str, state: MutableMapping[str, Any] | None = None) -> None:
    """Callback: the attacking card shows one more (empty) defence row; nothing typed is lost."""
    state = _state(state)
    count = state.get(defence_rows_key(pattern), 0)
    if not isinstance(count, int) or count >= _entries("defence"):
        return
    state[_row_key(pattern, count, "with")] = []
    state[_row_key(pattern, count, "condition")] = "any"
    state[defence_rows_key(pattern)] = count + 1


def remove_defence_row(pattern: str, index: int, state: MutableMapping[str, Any] | None = None) -> None:
    """Callback: drops one defence row of an attacking card; the rows after it move up."""
    state = _state(state)
    count = state.get(defence_rows_key(pattern), 0)
    if not isinstance(count, int) or not 0 <= index < count:
        return
    for i in range(index, count - 1):
        for part in ("with", "condition"):
            if _row_key(pattern, i + 1, part) in state:
                state[_row_key(pattern, i, part)] = state[_row_key(pattern, i + 1, part)]
    for part in ("with", "condition"):
        _forget(state, _row_key(pattern, count - 1, part))
    state[defence_rows_key(pattern)] = count - 1


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
        elif field.kind == "choice" and not _is_option(value, field.options):
            raise not_an_option(field, value)
        field.put(data, value)
    makao = data.get("calls", {}).get("makao")
    if makao is not None:
        if "makao" not in ruleset.calls and not makao.get("required"):
            del data["calls"]["makao"]     # untouched: a variant without the call keeps none
        else:
            makao.setdefault("word", "makao")
            makao.setdefault("penalty", 0)
            makao.setdefault("required", False)
    _apply_defence_rows(data)
    data["play"]["separate"] = [group for group in data["play"].get("separate", []) if group]  # emptied: removed
    if data["end"].get("points_per_card") == 0:
        data["end"].pop("points_per_card")
    return ruleset_from_dict(data, "house rules")


def _is_option(value: Any, options: tuple[str, ...]) -> bool:
    return isinstance(value, str) and value in options


def not_an_option(field: HouseField, value: Any) -> RulesetInputError:
    """The refusal of a choice the form does not offer (a value sent past the select box), by the engine's code."""
    return RulesetInputError("house rules", "not_one_of", field=field.bound or field.key,
                             options=", ".join(option for option in field.options if option),
                             value=shown(value), **value_params(value))


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
        state[HOUSE_ERROR] = refusal(exc)   # the form's values stay as typed: nothing is lost
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
        state[HOUSE_ERROR] = refusal(exc, name or "")
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
