"""Contrast positions: situations where variants disagree, judged live by the engine.

The situations are data (``scenarios/contrasts/contrasts.toml``); every verdict shown comes
from ``engine.rules.check`` (and, for a turned-up starter card, ``engine.deal.judge_starter``)
under the ruleset in question — a shipped variant or the
user's house rules. Sentences come from ``ui.present.reasons``.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from engine.deal import judge_starter
from engine.errors import EngineError, NotationError
from engine.moves import parse_move
from engine.position import encode_share_code, position_from_json
from engine.rules import apply_move, check
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from engine.state import State
from engine.verdicts import Event, Verdict
from ui.present.cards import suit_word
from ui.present.i18n import Translator
from ui.present.reasons import (
    card_text, cards_text, describe_event, describe_reason, describe_verdict, player_placeholders, wish_rank_text,
)
from ui.shell.pages import SANDBOX_SCRIPT, relative_link

ROOT = Path(__file__).resolve().parents[2]
CONTRASTS_FILE = ROOT / "scenarios" / "contrasts" / "contrasts.toml"
# Where "open in the Sandbox" links point when no Sandbox page is registered (yet).
# Events not worth repeating next to a verdict (the move itself is in the row already).
_QUIET_EVENTS = frozenset({"played"})
# Parameters that name cards: left out when outcomes of different decks are compared.
_CARD_PARAMS = frozenset({"card", "cards", "top", "against", "first", "drawn", "wish_card", "allowed"})


class ContrastError(ValueError):
    """A contrast file that cannot be used; the message names the file and the contrast."""


@dataclass(frozen=True)
class Setup:
    """One position of a contrast and the variants judged on it."""

    variants: tuple[str, ...]
    position: dict[str, Any]
    before: tuple[str, ...]
    move: str | None          # None: judge the pile's top card as a turned-up starter card
    then: tuple[str, ...] = ()  # moves played after a legal move, to show what follows


@dataclass(frozen=True)
class Contrast:
    """A situation where variants disagree: a title and text (msgids) and its setups."""

    id: str
    title: str
    text: str
    setups: tuple[Setup, ...]

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(v for setup in self.setups for v in setup.variants)


@dataclass(frozen=True)
class Outcome:
    """The engine's answer for one ruleset: legal or not, why, what follows, and a share code."""

    legal: bool
    move: str                 # the move judged, in notation ("" for a starter card)
    why: str                  # translated sentences (plain text)
    effects: str              # translated sentences of what the move does (plain text)
    key: tuple                # comparable summary: equal keys = the variants agree here
    share_code: str           # ?pos= code of the position the move is judged in
    situation: str = ""       # the position in words: top card, what is pending, the mover's hand


def _fail(origin: str, where: str, message: str) -> ContrastError:
    return ContrastError(f"{origin}: {where}: {message}")


def _setup_from_dict(raw: Any, origin: str, where: str) -> Setup:
    if not isinstance(raw, dict):
        raise _fail(origin, where, "must be a table")
    unknown = set(raw) - {"variants", "position", "before", "move", "starter", "then"}
    if unknown:
        raise _fail(origin, where, f"unknown field {sorted(unknown)[0]!r}")
    variants = raw.get("variants")
    if not isinstance(variants, list) or not variants or not all(v in variant_ids() for v in variants):
        raise _fail(origin, where, f"'variants' must list shipped variants ({', '.join(variant_ids())})")
    position = raw.get("position")
    if not isinstance(position, dict) or "variant" in position:
        raise _fail(origin, where, "'position' must be a position table without 'variant'")
    before, then = raw.get("before", []), raw.get("then", [])
    for key, moves in (("before", before), ("then", then)):
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise _fail(origin, where, f"'{key}' must be a list of moves")
    move, starter = raw.get("move"), raw.get("starter", False)
    if (move is None) == (starter is not True) or (move is not None and not isinstance(move, str)):
        raise _fail(origin, where, "give either 'move' (a move) or 'starter = true'")
    return Setup(tuple(variants), dict(position), tuple(before), move, tuple(then))


def contrasts_from_dict(data: dict[str, Any], origin: str) -> tuple[Contrast, ...]:
    """Reads parsed contrast TOML; raises ContrastError naming the contrast and field."""
    unknown = set(data) - {"contrast"}
    if unknown:
        raise _fail(origin, "top level", f"unknown field {sorted(unknown)[0]!r}")
    out, seen = [], set()
    for index, raw in enumerate(data.get("contrast", [])):
        where = f"contrast[{index}]"
        if not isinstance(raw, dict):
            raise _fail(origin, where, "must be a table")
        cid = raw.get("id")
        if not isinstance(cid, str) or not cid or cid in seen:
            raise _fail(origin, where, "'id' must be a unique text")
        seen.add(cid)
        where = f"contrast {cid!r}"
        unknown = set(raw) - {"id", "title", "text", "setup"}
        if unknown:
            raise _fail(origin, where, f"unknown field {sorted(unknown)[0]!r}")
        title, text = raw.get("title"), raw.get("text", "")
        if not isinstance(title, str) or not title.strip() or not isinstance(text, str):
            raise _fail(origin, where, "'title' (and 'text') must be text")
        setups = raw.get("setup")
        if not isinstance(setups, list) or not setups:
            raise _fail(origin, where, "needs at least one [[contrast.setup]]")
        parsed = tuple(_setup_from_dict(s, origin, f"{where} setup {i}") for i, s in enumerate(setups))
        variants = [v for s in parsed for v in s.variants]
        if len(variants) < 2 or len(set(variants)) != len(variants):
            raise _fail(origin, where, "must list at least two variants, each once")
        out.append(Contrast(cid, title, text, parsed))
    return tuple(out)


@lru_cache(maxsize=4)
def load_contrasts(path: str = str(CONTRASTS_FILE)) -> tuple[Contrast, ...]:
    """Reads the contrast file (immutable; read once per process)."""
    file = Path(path)
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContrastError(f"{file.name}: cannot be read ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContrastError(f"{file.name}: not valid TOML ({exc})") from None
    return contrasts_from_dict(data, file.name)


def setup_for(contrast: Contrast, ruleset: Ruleset) -> Setup | None:
    """The setup to judge a ruleset on: the one listing it, else one whose variants share its deck."""
    for setup in contrast.setups:
        if ruleset.id in setup.variants:
            return setup
    for setup in contrast.setups:
        if any(load_ruleset(v).deck.id == ruleset.deck.id for v in setup.variants):
            return setup
    return None


def start_state(setup: Setup, ruleset: Ruleset) -> State:
    """The position of a setup under a ruleset, with the ``before`` moves played out.

    Raises PositionError, NotationError or IllegalMoveError when the setup does not fit the ruleset.
    """
    st = position_from_json({**setup.position, "variant": ruleset.id}, rules=ruleset)
    for text in setup.before:
        st, _ = apply_move(st, parse_move(text, ruleset.deck))
    return st


def _plain(params: dict[str, Any]) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in params.items() if k not in _CARD_PARAMS))


def outcome_key(verdict: Verdict, events: list[Event] | tuple[Event, ...]) -> tuple:
    """Summarises a verdict and its effects without card names, so decks can be compared."""
    reasons = tuple((r.code, _plain(r.params)) for r in verdict.reasons)
    happened = tuple((e.kind, _plain(e.params)) for e in events if e.kind not in _QUIET_EVENTS)
    return ("move", verdict.legal, reasons, happened)


def situation(st: State, t: Translator) -> str:
    """Describes the position a move is judged in: top card, pending attack or wish, the mover's hand."""
    deck = st.rules.deck
    parts = [t.gettext("Top card: {card}.").format(card=card_text(st.top, deck, t))]
    if st.attack is not None:
        if st.attack.kind == "draw":
            text = t.ngettext("Pending: draw {count} card.", "Pending: draw {count} cards.", st.attack.amount)
        else:
            text = t.ngettext("Pending: sit out {count} turn.", "Pending: sit out {count} turns.", st.attack.amount)
        parts.append(text.format(count=st.attack.amount))
    if st.wish is not None:
        if st.wish.kind == "rank":
            text = t.gettext("{by} demands {rank}.").format(
                **player_placeholders("by", st.wish.by, t), rank=wish_rank_text(st.wish.value, deck, t))
        else:
            text = t.gettext("{by} wishes for {suit}.").format(
                **player_placeholders("by", st.wish.by, t), suit=suit_word(st.wish.value, deck, t))
        parts.append(_sentence(text))
    hand = cards_text(st.hands[st.to_move], deck, t)
    parts.append(_sentence(t.gettext("{seat} to move, holding {cards}.").format(
        **player_placeholders("seat", st.to_move, t), cards=hand)))
    return " ".join(parts)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _starter_outcome(st: State, ruleset: Ruleset, t: Translator) -> Outcome:
    # RULES.md, starter card: the engine's verdict on the card turned up (engine.deal.judge_starter).
    verdict = judge_starter(ruleset, st.pile[-1])
    why, *effects = (describe_reason(r, ruleset.deck, t) for r in verdict.reasons)
    acts = next(((r.params["kind"], r.params["count"]) for r in verdict.reasons if r.code == "starter_attacks"), ())
    key = ("starter", verdict.legal, bool(acts), acts)
    return Outcome(verdict.legal, "", why, " ".join(effects), key, encode_share_code(st), situation(st, t))


def evaluate(contrast: Contrast, ruleset: Ruleset, t: Translator) -> Outcome | None:
    """Judges a contrast under one ruleset with the engine; None when no setup fits its deck.

    Under a shipped ruleset the answer depends only on the contrast, the variant and the language,
    so it is computed once per server and shared (an immutable Outcome); house rules are judged anew.
    """
    shipped = {c.id: c for c in load_contrasts()}
    if (ruleset.id in variant_ids() and load_ruleset(ruleset.id) is ruleset
            and shipped.get(contrast.id) is contrast):
        return _shipped_outcome(contrast.id, ruleset.id, t)
    return _evaluate(contrast, ruleset, t)


@lru_cache(maxsize=1024)   # contrasts × shipped variants × languages: a few hundred immutable outcomes
def _shipped_outcome(contrast_id: str, variant_id: str, t: Translator) -> Outcome | None:
    contrast = next(c for c in load_contrasts() if c.id == contrast_id)
    return _evaluate(contrast, load_ruleset(variant_id), t)


def _evaluate(contrast: Contrast, ruleset: Ruleset, t: Translator) -> Outcome | None:
    setup = setup_for(contrast, ruleset)
    if setup is None:
        return None
    try:
        st = start_state(setup, ruleset)
    except (EngineError, ValueError):
        # A house ruleset may make the position impossible (e.g. a wish it no longer allows).
        return None
    if setup.move is None:
        return _starter_outcome(st, ruleset, t)
    try:
        move = parse_move(setup.move, ruleset.deck)
    except NotationError:
        return None
    verdict = check(st, move)
    events: list[Event] = []
    if verdict.legal:
        after, events = apply_move(st, move, verdict=verdict)
        for text in setup.then if after.attack is not None else ():
            # What follows (e.g. the hit player takes the penalty): only while it stays legal.
            try:
                follow = check(after, parse_move(text, ruleset.deck))
            except NotationError:
                break
            if not follow.legal:
                break
            after, more = apply_move(after, follow.move, verdict=follow)
            events.extend(more)
    why = describe_verdict(verdict, ruleset.deck, t)
    effects = " ".join(describe_event(e, ruleset.deck, t) for e in events if e.kind not in _QUIET_EVENTS)
    return Outcome(verdict.legal, verdict.notation, why, effects, outcome_key(verdict, events),
                   encode_share_code(st), situation(st, t))


def disagree(outcomes: list[Outcome]) -> bool:
    """Tells whether the outcomes are not all the same (the variants disagree here)."""
    return len({o.key for o in outcomes}) > 1


def disagree_on_verdict(outcomes: list[Outcome]) -> bool:
    """Tells whether the verdicts or what follows differ (not only the reasons given for them)."""
    return len({(o.key[0], o.key[1], o.key[-1]) for o in outcomes}) > 1


def sandbox_link(share_code: str, variant_id: str) -> str:
    """A relative link that opens the position in the Sandbox under a shipped variant."""
    return relative_link(SANDBOX_SCRIPT, urlencode({'pos': share_code, 'variant': variant_id}))

