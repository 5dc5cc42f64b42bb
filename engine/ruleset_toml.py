"""Writing a Ruleset back as ruleset TOML — the inverse of ``engine.ruleset.ruleset_from_dict``.

``ruleset_to_dict`` gives the parsed-TOML shape the reader accepts (every field written out,
so a saved house ruleset describes itself completely); ``ruleset_to_toml`` formats it as text.
``load_ruleset_text(ruleset_to_toml(r))`` gives back a ruleset equal to ``r``. ``house_ruleset``
reads a shipped id with house fields set (``pl+play.runs=3``), the spec the bench and the golden
playthroughs name house rulesets by. Stdlib only.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from engine.errors import RulesetError
from engine.ruleset import CardRule, Ruleset, load_ruleset, ruleset_from_dict

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _card_rule_dict(rule: CardRule) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if rule.draw:
        out["draw"] = rule.draw
    if rule.skip:
        out["skip"] = rule.skip
    if rule.target != "next":
        out["target"] = rule.target.value
    if rule.wish is not None:
        out["wish"] = rule.wish
        if rule.wish_values:
            out["wish_values"] = list(rule.wish_values)
        out["wish_optional"] = rule.wish_optional
        out["wish_duration"] = rule.wish_duration.value
    if rule.wild:
        out["wild"] = True
    if rule.cover:
        out["cover"] = True
    if rule.reverse:
        out["reverse"] = True
    return out


def ruleset_to_dict(r: Ruleset) -> dict[str, Any]:
    """Returns a ruleset as the plain data of its TOML file (what ``ruleset_from_dict`` reads).

    Tables and fields in the order of the declaration (engine/ruleset_format.py).
    """
    return {
        "id": r.id,
        "name": r.name,
        "source": r.source,
        "source_title": r.source_title,
        "deck": r.deck.id,
        "players": [r.players[0], r.players[1]],
        "hand_size": r.hand_size,
        "deck_copies": [[seats, decks] for seats, decks in r.deck_copies],
        "play": _play_dict(r),
        "starter": _starter_dict(r),
        "attack": _attack_dict(r),
        "cards": {rule.pattern: _card_rule_dict(rule) for rule in r.cards},
        "wild": _wild_dict(r),
        "defence": [
            {"against": list(d.against), "with": list(d.with_), "condition": d.condition.value} for d in r.defences
        ],
        "calls": {
            name: {"required": call.required, "penalty": call.penalty, "word": call.word}
            for name, call in r.calls.items()
        },
        "end": _end_dict(r),
        "reshuffle": {"fallback": r.reshuffle_fallback.value},
        "notes": [{"topic": note.topic, "text": note.text} for note in r.notes],
    }


def _play_dict(r: Ruleset) -> dict[str, Any]:
    """The [play] table of a ruleset's file."""
    return {
        "several_cards": r.several_cards,
        "play_drawn": r.play_drawn,
        "min_group": r.min_group,
        "separate": [list(patterns) for patterns in r.separate],
        "runs": r.runs,
    }


def _starter_dict(r: Ruleset) -> dict[str, Any]:
    """The [starter] table of a ruleset's file."""
    return {
        "forbidden": list(r.starter_forbidden),
        "rejected_to": r.starter_rejected_to.value,
        "triggers": r.starter_triggers,
    }


def _attack_dict(r: Ruleset) -> dict[str, Any]:
    """The [attack] table of a ruleset's file."""
    return {
        "draw_adds": r.draw_adds,
        "skip_adds": r.skip_adds,
        "self_target": r.self_target.value,
        "after_penalty": r.after_penalty.value,
    }


def _wild_dict(r: Ruleset) -> dict[str, Any]:
    """The [wild] table of a ruleset's file."""
    return {
        "blocked_by_attack": r.wild_blocked_by_attack,
        "blocked_by_rank_wish": r.wild_blocked_by_rank_wish,
        "blocked_by_suit_wish": r.wild_blocked_by_suit_wish,
        "not_on_same_rank": r.wild_not_on_same_rank,
    }


def _end_dict(r: Ruleset) -> dict[str, Any]:
    """The [end] table of a ruleset's file; points only where the variant counts them."""
    end: dict[str, Any] = {"mode": r.end_mode.value, "result": r.end_result.value}
    if r.points_per_card:
        end["points_per_card"] = r.points_per_card
    if r.card_points:
        end["card_points"] = dict(r.card_points)
    return end


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    """Formats a TOML value: JSON's string escapes are valid TOML basic-string escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }" if value else "{}"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _table(lines: list[str], header: str, table: dict[str, Any]) -> None:
    lines.append("")
    lines.append(header)
    for key, value in table.items():
        lines.append(f"{_key(key)} = {_value(value)}")


def ruleset_to_toml(r: Ruleset, comment: str = "") -> str:
    """Formats a ruleset as TOML text that ``load_ruleset_text`` reads back unchanged."""
    data = ruleset_to_dict(r)
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    for key in ("id", "name", "source", "source_title", "deck", "players", "hand_size", "deck_copies"):
        lines.append(f"{key} = {_value(data[key])}")
    for section in ("play", "starter", "attack"):
        _table(lines, f"[{section}]", data[section])
    for pattern, rule in data["cards"].items():
        _table(lines, f"[cards.{_key(pattern)}]", rule)
    _table(lines, "[wild]", data["wild"])
    for defence in data["defence"]:
        _table(lines, "[[defence]]", defence)
    if data["calls"]:
        _table(lines, "[calls]", data["calls"])
    _table(lines, "[end]", data["end"])
    _table(lines, "[reshuffle]", data["reshuffle"])
    for note in data["notes"]:
        _table(lines, "[[notes]]", note)
    return "\n".join(lines) + "\n"


def house_fields(spec: str) -> tuple[str, list[tuple[str, str, Any]]]:
    """Splits a house ruleset spec ``pl+play.runs=3`` into its shipped id and its (section, field, value) parts."""
    base, *parts = spec.split("+")
    fields: list[tuple[str, str, Any]] = []
    for part in parts:
        path, equals, text = part.partition("=")
        section, dot, name = path.partition(".")
        if not (equals and dot and section and name and text):
            raise RulesetError(f"house field {part!r} of {spec!r} must read section.field=value, e.g. play.runs=3")
        try:
            value = tomllib.loads(f"v = {text}")["v"]
        except tomllib.TOMLDecodeError:
            raise RulesetError(f"house field {part!r} of {spec!r}: {text!r} is no TOML value") from None
        fields.append((section, name, value))
    return base, fields


def house_ruleset(spec: str) -> Ruleset:
    """A shipped ruleset, or one with house fields set: ``pl+play.runs=3`` (several ``+`` parts add up)."""
    base, fields = house_fields(spec)
    if not fields:
        return load_ruleset(base)
    data = ruleset_to_dict(load_ruleset(base))
    for section, name, value in fields:
        data.setdefault(section, {})[name] = value
    return ruleset_from_dict(data, f"house ruleset {spec}")
