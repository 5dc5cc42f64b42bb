"""The sandbox in the session: its state keys, the draft and timeline kept there, and what every
editor widget and button does to them.

Plain Python over the session's state mapping, which the page hands in (``st.session_state``;
a dict in tests). Editor widgets have keys that are *forgotten* after every change, so that each
widget is drawn again from the draft (the one source of truth) — which also keeps a card typed
in a text field and the same card in a picker in step.
"""
from __future__ import annotations

import json
from collections.abc import MutableMapping
from typing import Any

from engine.errors import EngineError
from engine.moves import parse_move
from engine.queries import wish_values
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from engine.state import State
from ui.sandbox.model import (
    MAX_IMPORT_BYTES,
    Loaded,
    Rulebook,
    base_variant,
    clamp_seats,
    dealt_draft,
    edited,
    load_examples,
    new_draft,
    parse_cards_text,
    read_position_text,
    read_share_code,
    rules_fingerprint,
    seats_of,
    with_hand,
    with_seats,
    with_variant,
    with_waiting,
)
from ui.sandbox.table import Pick
from ui.sandbox.table import act as table_act
from ui.sandbox.timeline import Timeline, current_position
from ui.shell import handoff, house_rules, session
from ui.shell.pages import SANDBOX_SCRIPT

# Session keys (state, not widgets).
DRAFT = "sandbox_draft"
TIMELINE = "sandbox_timeline"
TIMELINE_SOURCE = "sandbox_timeline_source"
LINK_READ = "sandbox_link_read"
NOTICE = "sandbox_notice"
VIEW = "sandbox_view"
PICK = "sandbox_pick"                     # (the position it belongs to, the card table's Pick)
HOUSE_IN_USE = "sandbox_house_rules"      # the house Ruleset the draft was last judged under
FOLLOWED = "sandbox_followed_variant"     # the sidebar variant the draft last followed
# Widget keys. Editor widgets share a prefix: they are forgotten after each edit.
EDITOR = "sandbox_ed_"
VIEW_PICKER = "_sandbox_view_picker"
EXAMPLE_PICKER = "sandbox_example"
SEED = "sandbox_seed"
BEGINNER, PLAYER = "beginner", "player"
NONE = "none"          # the "nothing" option of a selectbox (None would show as an empty choice)


def move_key(notation: str) -> str:
    """The widget key of the button that plays a move: ``sandbox_move_play_Ks_demand_7``."""
    return "sandbox_move_" + notation.replace(" ", "_")


# ----------------------------------------------------------------------------- the draft in the session

def draft(state: MutableMapping[str, Any]) -> dict[str, Any]:
    """The session's draft position (a fresh empty one for the session's variant at first)."""
    value = state.get(DRAFT)
    if not isinstance(value, dict):
        value = new_draft(session.variant(state))
        state[DRAFT] = value
    return value


def set_draft(state: MutableMapping[str, Any], value: dict[str, Any], *, keep_notice: bool = False) -> None:
    state[DRAFT] = value
    if not keep_notice:
        state.pop(NOTICE, None)
    forget_editor(state)


def forget_editor(state: MutableMapping[str, Any]) -> None:
    for key in [k for k in state if isinstance(k, str) and k.startswith(EDITOR)]:
        del state[key]


def book(state: MutableMapping[str, Any]) -> Rulebook:
    """The rules the sandbox knows in this session: the shipped variants and the house rules, if any."""
    return Rulebook(house_rules.house_ruleset(state))


def current_rules(state: MutableMapping[str, Any]) -> Ruleset:
    """The rules the draft is judged under: its variant's, or the session variant's when the book lacks it."""
    return book(state).get(draft(state).get("variant")) or load_ruleset(session.variant(state))


def adopt(state: MutableMapping[str, Any], value: dict[str, Any], notice: dict[str, Any] | None = None) -> None:
    """Makes a position the draft; the sidebar variant becomes its variant (for house rules, their preset)."""
    session.set_variant(book(state).base_of(value.get("variant")), state)
    state[FOLLOWED] = session.variant(state)
    state.pop(HOUSE_IN_USE, None)     # judged from now on under the rules as they are
    set_draft(state, value)
    if notice is not None:
        state[NOTICE] = notice


def take_handed_position(state: MutableMapping[str, Any]) -> None:
    """Makes a position handed over by another page of this session (Compare variants) the draft."""
    position = handoff.take(SANDBOX_SCRIPT, state)
    if position is None:
        return
    position = {k: v for k, v in position.items() if k != "over"}
    state[LINK_READ] = True        # the user's choice wins over a link the session came in with
    adopt(state, position, {"origin": "compare", "error": None, "problems": ()})


def timeline(state: MutableMapping[str, Any]) -> Timeline | None:
    """The moves played on from the draft, if the draft is a possible position."""
    return state.get(TIMELINE)


def timeline_from(state: MutableMapping[str, Any], position: State) -> Timeline:
    """The timeline of the draft's position: kept while the draft and its rules stay the same,
    started afresh from ``position`` when either changed."""
    # Edited house rules keep their id: the rules' own text is part of what the timeline was built from.
    source = json.dumps(draft(state), sort_keys=True) + rules_fingerprint(position.rules)
    kept = timeline(state)
    if state.get(TIMELINE_SOURCE) != source or kept is None:
        kept = Timeline(position)
        state[TIMELINE] = kept
        state[TIMELINE_SOURCE] = source
    return kept


def drop_timeline(state: MutableMapping[str, Any]) -> None:
    """Forgets the timeline: the draft is empty or cannot exist."""
    state[TIMELINE] = None
    state.pop(TIMELINE_SOURCE, None)


def read_link_once(state: MutableMapping[str, Any], code: str | None, made_under_house: bool) -> None:
    """Reads ``?pos=`` (code) the first time the sandbox runs in this session; a bad link leaves it empty.

    ``made_under_house``: the link says (``?house=1``) it was made under house rules.
    """
    if state.get(LINK_READ):
        return
    state[LINK_READ] = True
    if code is None:
        return
    loaded = read_share_code(code)
    if loaded.draft is not None:
        # A link made under house rules carries their preset instead (see sandbox_state.link_position).
        adopt(state, loaded.draft, {"origin": "link", "error": None, "problems": (), "house": True,
                              "base": loaded.draft["variant"]} if made_under_house else None)
    else:
        set_draft(state, new_draft(session.variant(state)))
        state[NOTICE] = {"origin": "link", "error": loaded.error, "problems": loaded.problems,
                         "refusal": loaded.refusal}


def check_house_rules(state: MutableMapping[str, Any]) -> None:
    """Follows the house rules when they change on the Compare variants page while the sandbox uses them.

    Edited (same id): the position is judged again under the new rules, with a note. Removed or
    replaced by rules of another id: the draft moves to their preset (cards kept when the deck is
    the same, as for any change of variant), with a note saying so.
    """
    known = book(state)
    variant = draft(state).get("variant")
    used = state.get(HOUSE_IN_USE)
    if known.is_house(variant):
        if isinstance(used, Ruleset) and used.id == variant and rules_fingerprint(used) != rules_fingerprint(known.house):
            state[NOTICE] = {"origin": "house", "error": "changed", "problems": ()}
        state[HOUSE_IN_USE] = known.house
        return
    state.pop(HOUSE_IN_USE, None)
    if not isinstance(variant, str) or variant in variant_ids():
        return
    # Only house rules that went away leave a draft naming a variant nobody knows (links and imports are checked).
    old = used if isinstance(used, Ruleset) and used.id == variant else None
    base = base_variant(variant, old)
    moved = with_variant(draft(state), base, known, old_rules=old)
    adopt(state, moved, {"origin": "house", "error": "gone", "problems": (), "base": base})


def follow_session_variant(state: MutableMapping[str, Any]) -> None:
    """Keeps the draft in the variant chosen in the sidebar (cards kept when the deck is the same).

    Under house rules the draft stays until the sidebar choice changes (the sidebar lists shipped variants only).
    """
    current = draft(state)
    chosen = session.variant(state)
    if book(state).is_house(current.get("variant")) and state.get(FOLLOWED) == chosen:
        return
    if current.get("variant") != chosen:
        set_draft(state, with_variant(current, chosen, book(state)), keep_notice=True)
        _say_if_cleared(state, current, chosen)
    state[FOLLOWED] = chosen


# ------------------------------------------------------------------------------- callbacks


def _say_if_cleared(state: MutableMapping[str, Any], before: dict[str, Any], variant: str) -> None:
    """Tells the user when a change of variant cleared the cards: the new variant plays with another deck."""
    known = book(state)
    old, new = known.get(before.get("variant")), known.get(variant)
    if old is not None and new is not None and old.deck.id != new.deck.id:
        state[NOTICE] = {"origin": "deck", "error": None, "problems": (), "base": known.base_of(variant)}


def on_variant(state: MutableMapping[str, Any]) -> None:
    variant = state.get(EDITOR + "variant")
    known = book(state)
    if variant in known.ids():
        before = draft(state)
        adopt(state, with_variant(before, variant, known))
        _say_if_cleared(state, before, variant)


def on_seats(state: MutableMapping[str, Any]) -> None:
    set_draft(state, with_seats(draft(state), clamp_seats(current_rules(state), int(state.get(EDITOR + "seats") or 0))))


def on_field(state: MutableMapping[str, Any], name: str) -> None:
    """Copies one simple editor widget into the draft."""
    d = draft(state)
    value = state.get(EDITOR + name)
    if name == "to_move":
        set_draft(state, edited(d, to_move=int(value)))
    elif name == "seed":
        set_draft(state, edited(d, seed=int(value or 0)))
    elif name == "drawn":
        set_draft(state, edited(d, drawn=None if value in (None, NONE) else value))
    elif name == "finished":
        set_draft(state, edited(d, finished=[int(s) for s in value] or None))
    elif name == "direction":   # position JSON writes only the counter-clockwise direction
        set_draft(state, edited(d, direction="counterclockwise" if value == "counterclockwise" else None))
    elif name == "cover":   # position JSON writes the card to cover only when there is one
        set_draft(state, edited(d, cover=True if value else None))


def on_cards_text(state: MutableMapping[str, Any], place: str) -> None:
    """A typed list of cards (``Ks 2h``; a lone number = unknown cards) for a hand, the pile or the deck."""
    rules = current_rules(state)
    text = state.get(EDITOR + place + "_text") or ""
    if place.startswith("hand_"):
        set_draft(state, with_hand(draft(state), int(place[5:]), parse_cards_text(text, rules)))
    elif place == "pile":
        set_draft(state, edited(draft(state), pile=parse_cards_text(text, rules, allow_count=False)))
    elif place == "deck":
        set_draft(state, edited(draft(state), deck=parse_cards_text(text, rules, allow_count=False)))


def on_cards_pick(state: MutableMapping[str, Any], place: str) -> None:
    """Cards chosen in a picker; typed cards that are not in the deck are dropped."""
    picked = list(state.get(EDITOR + place + "_pick") or [])
    if place.startswith("hand_"):
        set_draft(state, with_hand(draft(state), int(place[5:]), picked))
    else:
        set_draft(state, edited(draft(state), pile=picked))


def on_waiting(state: MutableMapping[str, Any], seat: int) -> None:
    set_draft(state, with_waiting(draft(state), seat, int(state.get(f"{EDITOR}waiting_{seat}") or 0)))


def on_deck(state: MutableMapping[str, Any]) -> None:
    mode = state.get(EDITOR + "deck_mode")
    d = draft(state)
    if mode == "count":
        set_draft(state, edited(d, deck=int(state.get(EDITOR + "deck_count") or 0)))
    elif mode == "order":
        current = d.get("deck")
        set_draft(state, edited(d, deck=current if isinstance(current, list) else []))
    else:
        set_draft(state, edited(d, deck=None))


def on_attack(state: MutableMapping[str, Any]) -> None:
    kind = state.get(EDITOR + "attack_kind")
    amount = int(state.get(EDITOR + "attack_amount") or 1)
    d = draft(state)
    old = d.get("attack") if isinstance(d.get("attack"), dict) else {}
    if kind in ("draw", "skip"):
        attack = {kind: amount}
        if "card" in old:
            attack["card"] = old["card"]
        set_draft(state, edited(d, attack=attack))
    else:
        set_draft(state, edited(d, attack=None))


def on_wish(state: MutableMapping[str, Any]) -> None:
    kind = state.get(EDITOR + "wish_kind")
    d = draft(state)
    if kind not in ("rank", "suit"):
        set_draft(state, edited(d, wish=None))
        return
    options = list(wish_values(current_rules(state), kind))
    value = state.get(EDITOR + "wish_value")
    by = state.get(EDITOR + "wish_by")
    set_draft(state, edited(d, wish={
        kind: value if value in options else options[0],
        "by": int(by) if isinstance(by, int) else 0,
    }))


def on_clear(state: MutableMapping[str, Any]) -> None:
    d = draft(state)
    set_draft(state, new_draft(current_rules(state).id, seats_of(d) or None, d.get("seed", 0) if isinstance(d.get("seed"), int) else 0,
                         book(state)))


def on_deal(state: MutableMapping[str, Any]) -> None:
    seed = int(state.get(SEED) or 0)
    set_draft(state, dealt_draft(current_rules(state).id, seats_of(draft(state)) or current_rules(state).players[0], seed, book(state)))


def on_example(state: MutableMapping[str, Any]) -> None:
    wanted = state.get(EXAMPLE_PICKER)
    for example in load_examples():
        if example.id == wanted:
            adopt(state, example.position())
            return


def on_view(state: MutableMapping[str, Any]) -> None:
    state[VIEW] = state.get(VIEW_PICKER)


def on_move(state: MutableMapping[str, Any], notation: str) -> None:
    tl = timeline(state)
    if tl is None:
        return
    try:
        state[TIMELINE] = tl.play(parse_move(notation, tl.current.rules.deck))
    except (EngineError, ValueError):  # a stale button: the position changed under it
        state[NOTICE] = {"origin": "move", "error": "stale", "problems": ()}
        return
    state.pop(NOTICE, None)


def _pick_key(state: MutableMapping[str, Any], tl: Timeline) -> tuple[Any, ...]:
    return state.get(TIMELINE_SOURCE), tuple(step.move for step in tl.done)


def table_pick(state: MutableMapping[str, Any]) -> Pick:
    """What is selected on the card table, for the position reached (nothing once the position changed)."""
    tl = timeline(state)
    kept = state.get(PICK)
    if tl is None or not isinstance(kept, tuple) or len(kept) != 2 or kept[0] != _pick_key(state, tl):
        return Pick()
    return kept[1] if isinstance(kept[1], Pick) else Pick()


def on_table(state: MutableMapping[str, Any], action: dict[str, Any]) -> None:
    """One action of the card table (a tap, a button, a wish choice): selects, explains, or plays the move."""
    tl = timeline(state)
    if tl is None:
        return
    pick, move = table_act(tl.current, table_pick(state), action)
    if move is not None:
        try:
            tl = tl.play(move)
        except (EngineError, ValueError):  # a stale tap: the position changed under it
            state[NOTICE] = {"origin": "move", "error": "stale", "problems": ()}
            return
        state[TIMELINE] = tl
        state.pop(NOTICE, None)
    state[PICK] = (_pick_key(state, tl), pick)


def on_undo(state: MutableMapping[str, Any]) -> None:
    tl = timeline(state)
    if tl is not None:
        state[TIMELINE] = tl.undo()


def on_redo(state: MutableMapping[str, Any]) -> None:
    tl = timeline(state)
    if tl is not None:
        state[TIMELINE] = tl.redo()


def on_edit_here(state: MutableMapping[str, Any]) -> None:
    tl = timeline(state)
    if tl is not None:
        set_draft(state, current_position(tl, draft(state)))


def take(state: MutableMapping[str, Any], loaded: Loaded, origin: str) -> None:
    if loaded.draft is not None:
        adopt(state, loaded.draft, {"origin": origin, "error": None, "problems": ()})
    else:
        state[NOTICE] = {"origin": origin, "error": loaded.error, "problems": loaded.problems,
                         "refusal": loaded.refusal}


def on_import_text(state: MutableMapping[str, Any]) -> None:
    take(state, read_position_text(state.get("sandbox_import_text") or "", book(state)), "import")


def on_upload(state: MutableMapping[str, Any]) -> None:
    upload = state.get("sandbox_upload")
    if upload is None:
        return
    raw = upload.read(MAX_IMPORT_BYTES + 1)
    take(state, read_position_text(raw, book(state)), "import")
