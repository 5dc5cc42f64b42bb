"""The rules' case tables ("perft files" for makao): tests/cases/*.toml, one test per case.

Every case gives a position (Position JSON v1), a move, whether it is legal and the
primary reason code, and optionally the effects after the move. The format is described
in tests/cases/README.md. A broken case file fails with a message naming the file and
the case; it never silently drops cases.
"""
from __future__ import annotations

import json
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.deal import new_game  # noqa: E402
from engine.errors import EngineError, NotationError, PositionError, RulesetError  # noqa: E402
from engine.moves import parse_move  # noqa: E402
from engine.position import position_from_json, position_to_json  # noqa: E402
from engine.rules import apply_move, check  # noqa: E402
from engine.ruleset import load_ruleset, variant_ids  # noqa: E402

CASES_DIR = ROOT / "tests" / "cases"

FILE_KEYS = {"variant", "house", "case", "contrast", "deal"}
# keys of a [[case]]
CASE_KEYS = {
    "id", "rule", "position", "before", "move", "legal", "reason", "error",
    # expected effects (checked only for legal moves)
    "to_move", "attack", "wish", "hand_sizes", "hands", "waiting", "over", "finished",
    "events", "no_events", "notes", "no_notes", "top", "drawn", "deck_size", "pile_size", "cover", "direction",
}
EFFECT_KEYS = CASE_KEYS - {"id", "rule", "position", "before", "move", "legal", "reason", "error"}
# keys of a [[contrast]]: shared part + one sub-table per variant
CONTRAST_KEYS = {"id", "rule", "position", "before", "move"}
VARIANT_KEYS = CASE_KEYS - {"id", "rule"}
# keys of a [[deal]]
DEAL_KEYS = {"id", "rule", "variant", "players", "seeds", "error", "hand_size", "cards",
             "starter_not", "rejected"}
VARIANTS = tuple(variant_ids())   # a contrast may name any shipped ruleset


@dataclass
class Case:
    file: str
    id: str
    data: dict[str, Any] = field(default_factory=dict)
    kind: str = "case"            # "case" | "deal" | "broken"
    problem: str = ""

    @property
    def test_id(self) -> str:
        return f"{self.file}::{self.id}"


def _broken(file: str, cid: str, problem: str) -> Case:
    return Case(file, cid, kind="broken", problem=problem)


def _check_keys(file: str, cid: str, table: Any, allowed: set[str], what: str) -> str:
    if not isinstance(table, dict):
        return f"{what} must be a table, not {type(table).__name__}"
    unknown = sorted(set(table) - allowed)
    if unknown:
        return f"unknown key(s) in {what}: {', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})"
    return ""


def _load_file(path: Path) -> list[Case]:
    file = path.name
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return [_broken(file, "<file>", f"not valid TOML: {exc}")]
    out: list[Case] = []
    unknown = sorted(set(data) - FILE_KEYS)
    if unknown:
        out.append(_broken(file, "<file>", f"unknown top-level key(s): {', '.join(unknown)}"))
    default_variant = data.get("variant")
    seen: set[str] = set()

    def add(case: Case) -> None:
        if case.id in seen:
            out.append(_broken(file, case.id + "#dup", f"case id {case.id!r} is used twice"))
            return
        seen.add(case.id)
        out.append(case)

    for i, raw in enumerate(data.get("case", [])):
        cid = raw.get("id", f"<case #{i + 1}>") if isinstance(raw, dict) else f"<case #{i + 1}>"
        problem = _check_keys(file, cid, raw, CASE_KEYS, "case")
        if not problem and "id" not in raw:
            problem = "a case needs an id"
        if problem:
            add(_broken(file, str(cid), problem))
            continue
        case = dict(raw)
        case.setdefault("_variant", default_variant)
        case["_house"] = data.get("house")
        add(Case(file, cid, case))
    for i, raw in enumerate(data.get("contrast", [])):
        cid = raw.get("id", f"<contrast #{i + 1}>") if isinstance(raw, dict) else f"<contrast #{i + 1}>"
        if not isinstance(raw, dict):
            add(_broken(file, str(cid), "a contrast must be a table"))
            continue
        shared = {k: v for k, v in raw.items() if k not in VARIANTS}
        problem = _check_keys(file, cid, shared, CONTRAST_KEYS, "contrast")
        per_variant = {k: v for k, v in raw.items() if k in VARIANTS}
        if not problem and "id" not in raw:
            problem = "a contrast needs an id"
        if not problem and len(per_variant) < 2:
            problem = "a contrast needs expectations for at least two variants ([contrast.pl], ...)"
        if problem:
            add(_broken(file, str(cid), problem))
            continue
        for variant, expect in per_variant.items():
            vid = f"{cid}@{variant}"
            problem = _check_keys(file, vid, expect, VARIANT_KEYS, f"contrast.{variant}")
            if problem:
                add(_broken(file, vid, problem))
                continue
            case = {**shared, **expect, "id": vid, "_variant": variant, "_forced": True}
            add(Case(file, vid, case))
    for i, raw in enumerate(data.get("deal", [])):
        cid = raw.get("id", f"<deal #{i + 1}>") if isinstance(raw, dict) else f"<deal #{i + 1}>"
        problem = _check_keys(file, cid, raw, DEAL_KEYS, "deal")
        if not problem and "id" not in raw:
            problem = "a deal case needs an id"
        if problem:
            add(_broken(file, str(cid), problem))
            continue
        case = dict(raw)
        case.setdefault("variant", default_variant)
        add(Case(file, cid, case, kind="deal"))
    if not out:
        out.append(_broken(file, "<file>", "the file holds no case"))
    return out


def _all_cases() -> list[Case]:
    files = sorted(CASES_DIR.glob("*.toml"))
    if not files:
        return [_broken("tests/cases", "<dir>", "no case file found")]
    cases: list[Case] = []
    for path in files:
        cases.extend(_load_file(path))
    return cases


CASES = _all_cases()


# ------------------------------------------------------------------ helpers

def _house_rules(case: Case, variant: Any) -> Any:
    """The file's ``[house]`` ruleset (README: house rulesets in a case file): a shipped ruleset
    (``base``) with the tables given merged over it, two levels deep (``cards = { "9" = {...} }``
    adds to the 9's rule). A house table with an ``id`` applies to the positions naming that id;
    one without applies to every case of the file."""
    from engine.ruleset import ruleset_from_dict
    from engine.ruleset_toml import ruleset_to_dict

    house = case.data.get("_house")
    if not house or ("id" in house and variant != house["id"]):
        return None
    data = ruleset_to_dict(load_ruleset(house["base"]))
    for key, value in house.items():
        if key == "base":
            continue
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            merged = dict(data[key])
            for sub, subvalue in value.items():
                if isinstance(subvalue, dict) and isinstance(merged.get(sub), dict):
                    merged[sub] = {**merged[sub], **subvalue}
                else:
                    merged[sub] = subvalue
            data[key] = merged
        else:
            data[key] = value
    return ruleset_from_dict(data, f"{case.file} [house]")


def _position(case: Case) -> dict[str, Any]:
    raw = case.data.get("position")
    if raw is None:
        raise AssertionError("the case has no position")
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise AssertionError(f"position is not valid JSON: {exc}") from None
    if not isinstance(raw, dict):
        raise AssertionError("position must be a table or a JSON object string")
    pos = dict(raw)
    variant = case.data.get("_variant")
    if case.data.get("_forced") or "variant" not in pos and variant:          # a contrast runs the position under each variant
        pos["variant"] = variant
    return pos


def _codes(verdict) -> list[str]:
    return [r.code for r in verdict.reasons]


def _reasons_text(verdict) -> str:
    return json.dumps([r.to_json() for r in verdict.reasons], ensure_ascii=False)


def _header(case: Case) -> str:
    rule = case.data.get("rule", "(no rule given)")
    return f"case {case.test_id}\n  rule: {rule}\n  move: {case.data.get('move')!r}"


def _event_matches(expected: Any, event) -> bool:
    if isinstance(expected, str):
        return event.kind == expected
    want = dict(expected)
    kind = want.pop("event", None)
    if kind != event.kind:
        return False
    return all(event.params.get(k) == v for k, v in want.items())


def _fmt_events(events) -> str:
    return json.dumps([e.to_json() for e in events], ensure_ascii=False)


# ------------------------------------------------------------------ the tests

@pytest.mark.parametrize("case", CASES, ids=[c.test_id for c in CASES])
def test_case(case: Case) -> None:
    if case.kind == "broken":
        pytest.fail(f"broken case file {case.file}, case {case.id}: {case.problem}", pytrace=False)
    if case.kind == "deal":
        _run_deal(case)
    else:
        _run_case(case)


def _run_case(case: Case) -> None:
    d = case.data
    head = _header(case)
    problems: list[str] = []
    for key in ("move",):
        if key not in d:
            pytest.fail(f"broken case file {case.file}, case {case.id}: key {key!r} is missing", pytrace=False)
    if "error" not in d and "legal" not in d:
        pytest.fail(f"broken case file {case.file}, case {case.id}: give 'legal' (or 'error')", pytrace=False)
    if d.get("legal") is True and "reason" not in d:
        pytest.fail(f"broken case file {case.file}, case {case.id}: a legal case needs 'reason'", pytrace=False)
    if d.get("legal") is False and "reason" not in d:
        pytest.fail(f"broken case file {case.file}, case {case.id}: an illegal case needs 'reason'", pytrace=False)
    if d.get("legal") is False and set(d) & EFFECT_KEYS - {"notes", "no_notes"}:
        pytest.fail(f"broken case file {case.file}, case {case.id}: effects given for an illegal move "
                    f"({', '.join(sorted(set(d) & EFFECT_KEYS))})", pytrace=False)
    try:
        pos = _position(case)
    except AssertionError as exc:
        pytest.fail(f"broken case file {case.file}, case {case.id}: {exc}", pytrace=False)

    expected_error = d.get("error")
    try:
        st = position_from_json(pos, _house_rules(case, pos.get("variant")))
    except (PositionError, RulesetError, NotationError) as exc:
        if expected_error == "position":
            return
        pytest.fail(f"broken case file {case.file}, case {case.id}: bad position: {exc}", pytrace=False)
    if expected_error == "position":
        pytest.fail(f"{head}\n  expected the position to be rejected, but the engine accepted it")

    deck = st.rules.deck
    for n, text in enumerate(d.get("before", []), 1):
        try:
            mv = parse_move(text, deck)
        except NotationError as exc:
            pytest.fail(f"broken case file {case.file}, case {case.id}: before[{n}] {text!r}: {exc}", pytrace=False)
        v = check(st, mv)
        if not v.legal:
            pytest.fail(f"{head}\n  set-up move {n} {text!r} is illegal for the engine: {_reasons_text(v)}")
        st, _ = apply_move(st, mv, verdict=v)

    try:
        move = parse_move(d["move"], deck)
    except NotationError as exc:
        if expected_error == "notation":
            return
        pytest.fail(f"broken case file {case.file}, case {case.id}: bad move {d['move']!r}: {exc}", pytrace=False)
    if expected_error == "notation":
        pytest.fail(f"{head}\n  expected the move to be a notation error, but the engine read it")
    if expected_error is not None:
        pytest.fail(f"broken case file {case.file}, case {case.id}: error must be 'position' or 'notation'",
                    pytrace=False)

    verdict = check(st, move)
    codes = _codes(verdict)
    reasons = _reasons_text(verdict)
    if verdict.legal != d["legal"]:
        pytest.fail(f"{head}\n  expected legal={d['legal']} ({d['reason']}), engine says legal={verdict.legal}"
                    f"\n  engine reasons: {reasons}")
    if codes[:1] != [d["reason"]]:
        problems.append(f"reason: expected {d['reason']!r}, engine's first reason is {codes[:1]}")
    for note in d.get("notes", []):
        if note not in codes:
            problems.append(f"notes: expected reason {note!r} among the engine's reasons")
    for note in d.get("no_notes", []):
        if note in codes:
            problems.append(f"no_notes: reason {note!r} must not appear")
    if not verdict.legal:
        if problems:
            pytest.fail(f"{head}\n  " + "\n  ".join(problems) + f"\n  engine reasons: {reasons}")
        return

    new, events = apply_move(st, move, verdict=verdict)
    out = position_to_json(new)

    def expect(key: str, actual: Any) -> None:
        if key in d and d[key] != actual:
            problems.append(f"{key}: expected {d[key]!r}, got {actual!r}")

    expect("to_move", out["to_move"])
    if "attack" in d:
        want, got = d["attack"], out.get("attack", "none")
        if want == "none" or got == "none":
            if want != got:
                problems.append(f"attack: expected {want!r}, got {got!r}")
        elif any(got.get(k) != v for k, v in want.items()) or set(got) - set(want) - {"card"}:
            problems.append(f"attack: expected {want!r}, got {got!r}")
    if "wish" in d:
        want, got = d["wish"], out.get("wish", "none")
        if want != got:
            problems.append(f"wish: expected {want!r}, got {got!r}")
    expect("hand_sizes", [len(h) for h in out["hands"]])
    if "hands" in d:
        want = [sorted(h) for h in d["hands"]]
        got = [sorted(h) for h in out["hands"]]
        if want != got:
            problems.append(f"hands: expected {d['hands']!r}, got {out['hands']!r}")
    expect("waiting", list(new.waiting))
    expect("over", out["over"])
    expect("finished", out.get("finished", []))
    expect("top", out["pile"][-1])
    expect("drawn", out.get("drawn", "none"))
    expect("deck_size", len(out["deck"]))
    expect("pile_size", len(out["pile"]))
    expect("cover", out.get("cover", False))
    expect("direction", out.get("direction", "clockwise"))
    for want in d.get("events", []):
        if not any(_event_matches(want, e) for e in events):
            problems.append(f"events: expected {want!r}")
    for want in d.get("no_events", []):
        if any(_event_matches(want, e) for e in events):
            problems.append(f"no_events: {want!r} must not occur")
    if problems:
        pytest.fail(f"{head}\n  " + "\n  ".join(problems) + f"\n  engine reasons: {reasons}"
                    f"\n  engine events: {_fmt_events(events)}"
                    f"\n  position after: {json.dumps(out, ensure_ascii=False)}")


def _run_deal(case: Case) -> None:
    d = case.data
    head = f"deal case {case.test_id}\n  rule: {d.get('rule', '(no rule given)')}"
    try:
        rules = load_ruleset(d["variant"])
    except (KeyError, RulesetError) as exc:
        pytest.fail(f"broken case file {case.file}, case {case.id}: variant: {exc}", pytrace=False)
    players = d.get("players")
    first, last = d.get("seeds", [0, 0])
    if d.get("error"):
        with pytest.raises(EngineError):
            new_game(rules, players, first)
        return
    deck = rules.deck
    forbidden = set(d.get("starter_not", []))

    def is_forbidden(card: int) -> bool:
        return deck.name(card) in forbidden or deck.rank_of(card) in forbidden

    rejected_seen = 0
    problems: list[str] = []
    for seed in range(first, last + 1):
        st = new_game(rules, players, seed)
        where = f"seed {seed}"
        if "hand_size" in d and any(len(h) != d["hand_size"] for h in st.hands):
            problems.append(f"{where}: hand sizes {[len(h) for h in st.hands]}, expected {d['hand_size']} each")
        if "cards" in d and st.card_count() != d["cards"]:
            problems.append(f"{where}: {st.card_count()} cards in play, expected {d['cards']}")
        if st.attack is not None or st.wish is not None:
            problems.append(f"{where}: the starter card's function was triggered (attack/wish at the start)")
        if st.to_move != 0:
            problems.append(f"{where}: seat {st.to_move} starts, expected seat 0 (left of the dealer)")
        if forbidden and is_forbidden(st.top):
            problems.append(f"{where}: starter {deck.name(st.top)} is not allowed")
        under = st.pile[:-1]
        if d.get("rejected") == "pile":
            if any(not is_forbidden(c) for c in under):
                problems.append(f"{where}: pile under the starter holds an allowed card: "
                                f"{[deck.name(c) for c in under]}")
            rejected_seen += bool(under)
        elif d.get("rejected") == "deck_bottom":
            if under:
                problems.append(f"{where}: rejected cards stayed in the pile: {[deck.name(c) for c in under]}")
        elif d.get("rejected") == "none" and under:
            problems.append(f"{where}: pile under the starter is not empty: {[deck.name(c) for c in under]}")
    if d.get("rejected") == "pile" and not rejected_seen:
        problems.append(f"no seed in {first}..{last} rejected a starter card: widen 'seeds'")
    if problems:
        pytest.fail(f"{head}\n  " + "\n  ".join(problems[:10]))
