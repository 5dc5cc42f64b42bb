"""The sandbox page's Streamlit side: session keys, callbacks and drawing.

The model lives in ``ui.sandbox.model`` (pure Python). Here the draft position kept in
``st.session_state`` is edited through widgets whose keys are *forgotten* after every
change, so that each widget is drawn again from the draft (the one source of truth) —
which also keeps a card typed in a text field and the same card in a picker in step.
"""
from __future__ import annotations

import json
from typing import Any

import pandas as pd
import streamlit as st

from engine.errors import EngineError, Problem
from engine.moves import parse_move
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from engine import queries
from engine.queries import attack_kinds, wish_values
from engine.state import State
from engine.verdicts import Verdict
from ui.shell import house_rules
from ui.shell import handoff, session
from ui.shell.pages import SANDBOX_SCRIPT
from ui.present.cards import card_label, hand_html, suit_word
from ui.present.i18n import Translator
from ui.present.problems import describe_problems
from ui.present.reasons import card_text, describe_event, describe_reason, describe_verdict, wish_rank_text
from ui.present.rules_text import escape_markdown
from ui.sandbox.model import (
    MAX_COUNT, MAX_IMPORT_BYTES, Loaded, PlayGroup, Rulebook, Timeline, answer_verdicts, base_variant,
    clamp_seats, comparison_rows, current_position, dealt_draft, edited, export_json, format_cards, free_cards,
    is_empty, known_cards, link_position, load_examples, new_draft, parse_cards_text, play_groups,
    read_position_text, read_share_code, rules_fingerprint, seats_of, share_query, under_other_rules, validate,
    with_hand, with_seats, with_variant, with_waiting,
)

# Session keys (state, not widgets).
DRAFT = "sandbox_draft"
TIMELINE = "sandbox_timeline"
TIMELINE_SOURCE = "sandbox_timeline_source"
LINK_READ = "sandbox_link_read"
NOTICE = "sandbox_notice"
VIEW = "sandbox_view"
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


# ----------------------------------------------------------------------------- state helpers

def draft() -> dict[str, Any]:
    """The session's draft position (a fresh empty one for the session's variant at first)."""
    value = st.session_state.get(DRAFT)
    if not isinstance(value, dict):
        value = new_draft(session.variant())
        st.session_state[DRAFT] = value
    return value


def _set_draft(value: dict[str, Any], *, keep_notice: bool = False) -> None:
    st.session_state[DRAFT] = value
    if not keep_notice:
        st.session_state.pop(NOTICE, None)
    _forget_editor()


def _forget_editor() -> None:
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(EDITOR)]:
        del st.session_state[key]


def book() -> Rulebook:
    """The rules the sandbox knows in this session: the shipped variants and the house rules, if any."""
    return Rulebook(house_rules.house_ruleset())


def _rules() -> Ruleset:
    return book().get(draft().get("variant")) or load_ruleset(session.variant())


def variant_label(variant: str, t: Translator, known: Rulebook | None = None) -> str:
    """A variant's name for people; house rules say which preset they are based on."""
    _ = t.gettext
    known = known or book()
    ruleset = known.get(variant)
    if ruleset is None:
        return variant
    if not known.is_house(variant):
        return _(ruleset.name)
    base = load_ruleset(known.base_of(variant))
    if ruleset.name == base.name:
        return _("House rules (based on {name})").format(name=_(base.name))
    return _("House rules ({name})").format(name=_(ruleset.name))


def _adopt(value: dict[str, Any], notice: dict[str, Any] | None = None) -> None:
    """Makes a position the draft; the sidebar variant becomes its variant (for house rules, their preset)."""
    session.set_variant(book().base_of(value.get("variant")))
    st.session_state[FOLLOWED] = session.variant()
    st.session_state.pop(HOUSE_IN_USE, None)     # judged from now on under the rules as they are
    _set_draft(value)
    if notice is not None:
        st.session_state[NOTICE] = notice


def take_handed_position() -> None:
    """Makes a position handed over by another page of this session (Compare variants) the draft."""
    position = handoff.take(SANDBOX_SCRIPT, st.session_state)
    if position is None:
        return
    position = {k: v for k, v in position.items() if k != "over"}
    st.session_state[LINK_READ] = True        # the user's choice wins over a link the session came in with
    _adopt(position, {"origin": "compare", "error": None, "problems": ()})


def timeline() -> Timeline | None:
    return st.session_state.get(TIMELINE)


def read_link_once() -> None:
    """Reads ``?pos=`` the first time the sandbox runs in this session; a bad link leaves it empty."""
    if st.session_state.get(LINK_READ):
        return
    st.session_state[LINK_READ] = True
    code = session.entry_param("pos")
    if code is None:
        return
    loaded = read_share_code(code)
    if loaded.draft is not None:
        # A link made under house rules carries their preset instead (see sandbox_state.link_position).
        made_under_house = session.entry_param("house") == "1"
        _adopt(loaded.draft, {"origin": "link", "error": None, "problems": (), "house": True,
                              "base": loaded.draft["variant"]} if made_under_house else None)
    else:
        _set_draft(new_draft(session.variant()))
        st.session_state[NOTICE] = {"origin": "link", "error": loaded.error, "problems": loaded.problems}


def check_house_rules() -> None:
    """Follows the house rules when they change on the Compare variants page while the sandbox uses them.

    Edited (same id): the position is judged again under the new rules, with a note. Removed or
    replaced by rules of another id: the draft moves to their preset (cards kept when the deck is
    the same, as for any change of variant), with a note saying so.
    """
    known = book()
    variant = draft().get("variant")
    used = st.session_state.get(HOUSE_IN_USE)
    if known.is_house(variant):
        if isinstance(used, Ruleset) and used.id == variant and rules_fingerprint(used) != rules_fingerprint(known.house):
            st.session_state[NOTICE] = {"origin": "house", "error": "changed", "problems": ()}
        st.session_state[HOUSE_IN_USE] = known.house
        return
    st.session_state.pop(HOUSE_IN_USE, None)
    if not isinstance(variant, str) or variant in variant_ids():
        return
    # Only house rules that went away leave a draft naming a variant nobody knows (links and imports are checked).
    old = used if isinstance(used, Ruleset) and used.id == variant else None
    base = base_variant(variant, old)
    moved = with_variant(draft(), base, known, old_rules=old)
    _adopt(moved, {"origin": "house", "error": "gone", "problems": (), "base": base})


def follow_session_variant() -> None:
    """Keeps the draft in the variant chosen in the sidebar (cards kept when the deck is the same).

    Under house rules the draft stays until the sidebar choice changes (the sidebar lists shipped variants only).
    """
    current = draft()
    chosen = session.variant()
    if book().is_house(current.get("variant")) and st.session_state.get(FOLLOWED) == chosen:
        return
    if current.get("variant") != chosen:
        _set_draft(with_variant(current, chosen, book()), keep_notice=True)
    st.session_state[FOLLOWED] = chosen


# ------------------------------------------------------------------------------- callbacks

def _value(key: str) -> Any:
    return st.session_state.get(key)


def _on_variant() -> None:
    variant = _value(EDITOR + "variant")
    known = book()
    if variant in known.ids():
        _adopt(with_variant(draft(), variant, known))


def _on_seats() -> None:
    _set_draft(with_seats(draft(), clamp_seats(_rules(), int(_value(EDITOR + "seats") or 0))))


def _on_field(name: str) -> None:
    """Copies one simple editor widget into the draft."""
    d = draft()
    value = _value(EDITOR + name)
    if name == "to_move":
        _set_draft(edited(d, to_move=int(value)))
    elif name == "seed":
        _set_draft(edited(d, seed=int(value or 0)))
    elif name == "drawn":
        _set_draft(edited(d, drawn=None if value in (None, NONE) else value))
    elif name == "finished":
        _set_draft(edited(d, finished=[int(s) for s in value] or None))


def _on_cards_text(place: str) -> None:
    """A typed list of cards (``Ks 2h``; a lone number = unknown cards) for a hand, the pile or the deck."""
    rules = _rules()
    text = _value(EDITOR + place + "_text") or ""
    if place.startswith("hand_"):
        _set_draft(with_hand(draft(), int(place[5:]), parse_cards_text(text, rules)))
    elif place == "pile":
        _set_draft(edited(draft(), pile=parse_cards_text(text, rules, allow_count=False)))
    elif place == "deck":
        _set_draft(edited(draft(), deck=parse_cards_text(text, rules, allow_count=False)))


def _on_cards_pick(place: str) -> None:
    """Cards chosen in a picker; typed cards that are not in the deck are dropped."""
    picked = list(_value(EDITOR + place + "_pick") or [])
    if place.startswith("hand_"):
        _set_draft(with_hand(draft(), int(place[5:]), picked))
    else:
        _set_draft(edited(draft(), pile=picked))


def _on_waiting(seat: int) -> None:
    _set_draft(with_waiting(draft(), seat, int(_value(f"{EDITOR}waiting_{seat}") or 0)))


def _on_deck() -> None:
    mode = _value(EDITOR + "deck_mode")
    d = draft()
    if mode == "count":
        _set_draft(edited(d, deck=int(_value(EDITOR + "deck_count") or 0)))
    elif mode == "order":
        current = d.get("deck")
        _set_draft(edited(d, deck=current if isinstance(current, list) else []))
    else:
        _set_draft(edited(d, deck=None))


def _on_attack() -> None:
    kind = _value(EDITOR + "attack_kind")
    amount = int(_value(EDITOR + "attack_amount") or 1)
    d = draft()
    old = d.get("attack") if isinstance(d.get("attack"), dict) else {}
    if kind in ("draw", "skip"):
        attack = {kind: amount}
        if "card" in old:
            attack["card"] = old["card"]
        _set_draft(edited(d, attack=attack))
    else:
        _set_draft(edited(d, attack=None))


def _on_wish() -> None:
    kind = _value(EDITOR + "wish_kind")
    d = draft()
    if kind not in ("rank", "suit"):
        _set_draft(edited(d, wish=None))
        return
    options = list(wish_values(_rules(), kind))
    value = _value(EDITOR + "wish_value")
    by = _value(EDITOR + "wish_by")
    _set_draft(edited(d, wish={
        kind: value if value in options else options[0],
        "by": int(by) if isinstance(by, int) else 0,
    }))


def _on_clear() -> None:
    d = draft()
    _set_draft(new_draft(_rules().id, seats_of(d) or None, d.get("seed", 0) if isinstance(d.get("seed"), int) else 0,
                         book()))


def _on_deal() -> None:
    seed = int(_value(SEED) or 0)
    _set_draft(dealt_draft(_rules().id, seats_of(draft()) or _rules().players[0], seed, book()))


def _on_example() -> None:
    wanted = _value(EXAMPLE_PICKER)
    for example in load_examples():
        if example.id == wanted:
            _adopt(example.position())
            return


def _on_view() -> None:
    st.session_state[VIEW] = _value(VIEW_PICKER)


def _on_move(notation: str) -> None:
    tl = timeline()
    if tl is None:
        return
    try:
        st.session_state[TIMELINE] = tl.play(parse_move(notation, tl.current.rules.deck))
    except (EngineError, ValueError):  # a stale button: the position changed under it
        st.session_state[NOTICE] = {"origin": "move", "error": "stale", "problems": ()}
        return
    st.session_state.pop(NOTICE, None)


def _on_undo() -> None:
    tl = timeline()
    if tl is not None:
        st.session_state[TIMELINE] = tl.undo()


def _on_redo() -> None:
    tl = timeline()
    if tl is not None:
        st.session_state[TIMELINE] = tl.redo()


def _on_edit_here() -> None:
    tl = timeline()
    if tl is not None:
        _set_draft(current_position(tl, draft()))


def _take(loaded: Loaded, origin: str) -> None:
    if loaded.draft is not None:
        _adopt(loaded.draft, {"origin": origin, "error": None, "problems": ()})
    else:
        st.session_state[NOTICE] = {"origin": origin, "error": loaded.error, "problems": loaded.problems}


def _on_import_text() -> None:
    _take(read_position_text(_value("sandbox_import_text") or "", book()), "import")


def _on_upload() -> None:
    upload = _value("sandbox_upload")
    if upload is None:
        return
    raw = upload.read(MAX_IMPORT_BYTES + 1)
    _take(read_position_text(raw, book()), "import")


# ------------------------------------------------------------------------------- texts

def seat_name(seat: int, t: Translator) -> str:
    """A seat as people see it: "Player 1" for seat 0."""
    return t.gettext("Player {number}").format(number=seat + 1)


def _card_option(card: str, deck: str, t: Translator) -> str:
    try:
        return card_label(card, deck, t)
    except (ValueError, KeyError):
        return card


def _card_short_option(card: str, deck: str, t: Translator) -> str:
    try:
        return card_text(card, deck, t)
    except (ValueError, KeyError):
        return card


def move_label(verdict: Verdict, deck: str, t: Translator) -> str:
    """Names a move for a button: "Play J♦, demand 7, call “makao”", "Draw", "Wait"."""
    _ = t.gettext
    move = verdict.move
    if move.kind != "play":
        return {"draw": _("Draw"), "wait": _("Wait"), "pass": _("Pass")}[move.kind]
    cards = " ".join(card_text(n, deck, t) for n in verdict.notation.split()[1:1 + len(move.cards)])
    parts = [_("Play {cards}").format(cards=cards)]
    if move.demand == "none":
        parts.append(_("no demand"))
    elif move.demand is not None:
        parts.append(_("demand {rank}").format(rank=wish_rank_text(move.demand, deck, t)))
    if move.suit == "none":
        parts.append(_("no suit wish"))
    elif move.suit is not None:
        parts.append(_("wish for {suit}").format(suit=suit_word(move.suit, deck, t)))
    if move.makao:
        parts.append(_("call “makao”"))
    if move.kakao:
        parts.append(_("call “kakaó”"))
    forgot = [r for r in verdict.reasons if r.code in ("forgot_makao", "forgot_kakao")]
    if forgot:
        parts.append(_("without the call"))
    return ", ".join(parts)


def _effects_text(verdict: Verdict, deck: str, t: Translator) -> str:
    return " ".join(describe_event(e, deck, t) for e in verdict.effects if e.kind != "played")


def notice_messages(notice: dict[str, Any], deck: str, t: Translator) -> tuple[str, str, list[str], str]:
    """The kind ("error"/"warning"/"info"/"success"), headline, problem sentences and closing line of a notice."""
    _ = t.gettext
    origin, error = notice.get("origin"), notice.get("error")
    problems = describe_problems(list(notice.get("problems", ())), deck, t)
    base = notice.get("base")
    base_name = _(load_ruleset(base).name) if base in variant_ids() else ""
    if origin == "link" and error is None and notice.get("house") and base_name:
        return "warning", _(
            "This position was made under house rules, which a link cannot carry: it opens under {name}, "
            "where some verdicts may differ."
        ).format(name=base_name), [], ""
    if origin == "house" and error == "changed":
        return "info", _(
            "The house rules changed on the Compare variants page: this position is judged again under the new rules."
        ), [], ""
    if origin == "house":
        return "warning", _(
            "The house rules this position used were removed or replaced on the Compare variants page, "
            "so it is now shown under {name}."
        ).format(name=base_name or _("another variant")), [], ""
    if error is None:
        return "success", _("The position was loaded."), [], ""
    if origin == "move":
        return "error", _("That move no longer fits the position; choose again."), [], ""
    if origin == "link":
        headline = {
            "too_long": _("This link is far too long to hold a makao position, so it was not read."),
            "impossible": _("The position in this link cannot exist:"),
        }.get(error, _("This link does not hold a position the sandbox can read: it may have been cut short or changed."))
        return "error", headline, problems, _("The sandbox starts empty.")
    headline = {
        "too_long": _("This is too large to be a makao position (the limit is 64 KiB)."),
        "not_json": _("This is not position JSON: the text cannot be read as JSON."),
        "not_object": _("This is not a position: position JSON is an object with fields like “hands” and “pile”."),
        "impossible": _("This position cannot exist, so it was not loaded:"),
    }.get(error, _("This position cannot be read."))
    return "error", headline, problems, ""


def _bullets(lines: list[str]) -> str:
    return "\n".join(f"- {line}" for line in lines)


# --------------------------------------------------------------------------------- drawing

def _init(key: str, value: Any) -> None:
    if key not in st.session_state:
        st.session_state[key] = value


def draw_toolbar(t: Translator) -> None:
    _ = t.gettext
    examples = load_examples()
    pick, load = st.columns([4, 1], vertical_alignment="bottom")
    pick.selectbox(
        _("Classic tricky positions"), options=[e.id for e in examples],
        format_func=lambda i: _(next(e.title for e in examples if e.id == i)), key=EXAMPLE_PICKER,
    )
    load.button(_("Load"), key="sandbox_load_example", icon=":material/school:", on_click=_on_example,
                help=_("Puts the chosen example into the editor."))
    seed, deal, clear = st.columns([2, 2, 1], vertical_alignment="bottom")
    _init(SEED, 0)
    seed.number_input(_("Seed for dealing"), min_value=0, max_value=2**31 - 1, step=1, key=SEED,
                      help=_("The same seed always deals the same cards."))
    deal.button(_("Deal at random"), key="sandbox_deal", icon=":material/shuffle:", on_click=_on_deal,
                width="stretch")
    clear.button(_("Clear"), key="sandbox_clear", icon=":material/delete_sweep:", on_click=_on_clear,
                 width="stretch")


def _cards_editor(place: str, label: str, value: Any, rules: Ruleset, d: dict[str, Any], t: Translator,
                  help_text: str) -> None:
    """A typed list of cards beside a picker that offers only the cards not used elsewhere."""
    _ = t.gettext
    deck = rules.deck.art
    typed, picker = st.columns([2, 3])
    _init(EDITOR + place + "_text", format_cards(value))
    typed.text_input(label, key=EDITOR + place + "_text", on_change=_on_cards_text, args=(place,), help=help_text)
    field = f"hands[{place[5:]}]" if place.startswith("hand_") else place
    options = free_cards(d, rules, field)
    mine = [c for c in known_cards(value) if c in options]
    _init(EDITOR + place + "_pick", list(dict.fromkeys(mine)))
    picker.multiselect(
        _("or pick them (cards used elsewhere are left out)"), options=options, key=EDITOR + place + "_pick",
        on_change=_on_cards_pick, args=(place,), format_func=lambda c: _card_short_option(c, deck, t),
        placeholder=_("Choose cards"),
    )


def _cards_tab(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    _ = t.gettext
    deck = rules.deck.art
    seats = max(seats_of(d), 1)
    variant_col, seats_col, move_col = st.columns(3)
    known = book()
    _init(EDITOR + "variant", rules.id)
    variant_col.selectbox(_("Variant"), options=known.ids(), key=EDITOR + "variant", on_change=_on_variant,
                          format_func=lambda v: variant_label(v, t, known))
    _init(EDITOR + "seats", clamp_seats(rules, seats))
    seats_col.number_input(_("Players"), min_value=rules.players[0], max_value=rules.players[1], step=1,
                           key=EDITOR + "seats", on_change=_on_seats)
    _init(EDITOR + "to_move", _to_move(d))
    move_col.selectbox(_("To move"), options=list(range(seats)), key=EDITOR + "to_move",
                       format_func=lambda s: seat_name(s, t), on_change=_on_field, args=("to_move",))
    cards_help = _cards_help(deck, t)
    _cards_editor("pile", _("Pile, bottom to top (the last card is the top card)"), d.get("pile"), rules, d, t,
                  cards_help)
    _pending_tab(d, rules, t)
    hands = d.get("hands") if isinstance(d.get("hands"), list) else []
    for seat in range(seats):
        hand = hands[seat] if seat < len(hands) else []
        _cards_editor(f"hand_{seat}", _("Hand of {player}").format(player=seat_name(seat, t)), hand, rules, d, t,
                      cards_help + " " + _("A number alone means that many unknown cards."))


def _pending_tab(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    _ = t.gettext
    deck = rules.deck.art
    seats = max(seats_of(d), 1)
    kinds = [NONE, *attack_kinds(rules)]
    attack = d.get("attack") if isinstance(d.get("attack"), dict) else {}
    kind = next((k for k in ("draw", "skip") if k in attack), NONE)
    a_kind, a_amount = st.columns(2)
    _init(EDITOR + "attack_kind", kind if kind in kinds else NONE)
    a_kind.selectbox(_("Attack on the player to move"), options=kinds, key=EDITOR + "attack_kind",
                     on_change=_on_attack, format_func=lambda k: {
                         NONE: _("No attack"), "draw": _("Draw cards"), "skip": _("Sit out turns")}[k])
    amount = attack.get(kind) if kind != NONE else 1
    _init(EDITOR + "attack_amount", amount if isinstance(amount, int) and 1 <= amount <= 100 else 1)
    a_amount.number_input(_("How many"), min_value=1, max_value=100, step=1, key=EDITOR + "attack_amount",
                          on_change=_on_attack, disabled=kind == NONE)
    st.caption(_("The attacking card is the top card of the pile."))
    wish = d.get("wish") if isinstance(d.get("wish"), dict) else {}
    wish_kinds = [NONE, *queries.wish_kinds(rules)]
    w_kind = next((k for k in ("rank", "suit") if k in wish), NONE)
    w_kind = w_kind if w_kind in wish_kinds else NONE
    k_col, v_col, b_col = st.columns(3)
    _init(EDITOR + "wish_kind", w_kind)
    k_col.selectbox(_("Wish in force"), options=wish_kinds, key=EDITOR + "wish_kind", on_change=_on_wish,
                    format_func=lambda k: {NONE: _("No wish"), "rank": _("A rank (demand)"), "suit": _("A suit")}[k])
    values = list(wish_values(rules, w_kind)) if w_kind != NONE else []
    _init(EDITOR + "wish_value", wish.get(w_kind) if wish.get(w_kind) in values else (values[0] if values else None))
    v_col.selectbox(_("Wished"), options=values, key=EDITOR + "wish_value", on_change=_on_wish,
                    disabled=not values, format_func=lambda v: (
                        wish_rank_text(v, deck, t) if w_kind == "rank" else suit_word(v, deck, t)))
    by = wish.get("by") if isinstance(wish.get("by"), int) and 0 <= wish.get("by") < seats else 0
    _init(EDITOR + "wish_by", by)
    b_col.selectbox(_("Wished by"), options=list(range(seats)), key=EDITOR + "wish_by", on_change=_on_wish,
                    disabled=w_kind == NONE, format_func=lambda s: seat_name(s, t))


def _turns_tab(d: dict[str, Any], rules: Ruleset, t: Translator) -> None:
    _ = t.gettext
    deck = rules.deck.art
    seats = max(seats_of(d), 1)
    hands = d.get("hands") if isinstance(d.get("hands"), list) else []
    waiting = d.get("waiting") if isinstance(d.get("waiting"), list) else []
    wait_cols = st.columns(min(seats, 4))
    for seat in range(seats):
        turns = waiting[seat] if seat < len(waiting) and isinstance(waiting[seat], int) else 0
        _init(f"{EDITOR}waiting_{seat}", max(0, min(turns, 100)))
        wait_cols[seat % len(wait_cols)].number_input(
            _("{player} sits out (turns)").format(player=seat_name(seat, t)), min_value=0, max_value=100, step=1,
            key=f"{EDITOR}waiting_{seat}", on_change=_on_waiting, args=(seat,))
    finished = [s for s in d.get("finished", []) if isinstance(s, int) and 0 <= s < seats] \
        if isinstance(d.get("finished"), list) else []
    _init(EDITOR + "finished", finished)
    st.multiselect(_("Finished players, in finishing order"), options=list(range(seats)), key=EDITOR + "finished",
                   on_change=_on_field, args=("finished",), format_func=lambda s: seat_name(s, t))
    deck_value = d.get("deck")
    mode = "count" if isinstance(deck_value, int) else "order" if isinstance(deck_value, list) else "rest"
    _init(EDITOR + "deck_mode", mode)
    st.radio(_("Deck"), options=["rest", "count", "order"], key=EDITOR + "deck_mode", on_change=_on_deck,
             horizontal=True, format_func=lambda m: {
                 "rest": _("Every other card, shuffled with the seed"),
                 "count": _("A number of unknown cards"), "order": _("These cards, in drawing order")}[m])
    if mode == "count":
        _init(EDITOR + "deck_count", max(0, min(deck_value, MAX_COUNT)))
        st.number_input(_("Cards in the deck"), min_value=0, max_value=MAX_COUNT, step=1,
                        key=EDITOR + "deck_count", on_change=_on_deck)
    elif mode == "order":
        _init(EDITOR + "deck_text", format_cards(deck_value))
        st.text_input(_("Deck, the next card to draw first"), key=EDITOR + "deck_text",
                      on_change=_on_cards_text, args=("deck",), help=_cards_help(deck, t))
    seed_col, drawn_col = st.columns(2)
    _init(EDITOR + "seed", d.get("seed") if isinstance(d.get("seed"), int) and 0 <= d["seed"] < 2**31 else 0)
    seed_col.number_input(_("Seed for unknown cards"), min_value=0, max_value=2**31 - 1, step=1,
                          key=EDITOR + "seed", on_change=_on_field, args=("seed",))
    if rules.play_drawn:
        to_move = _to_move(d)
        mover_hand = hands[to_move] if to_move < len(hands) else []
        drawn_options = [NONE] + list(dict.fromkeys(known_cards(mover_hand)))
        _init(EDITOR + "drawn", d.get("drawn") if d.get("drawn") in drawn_options else NONE)
        drawn_col.selectbox(_("Card just drawn (may still be played)"), options=drawn_options,
                            key=EDITOR + "drawn", on_change=_on_field, args=("drawn",),
                            format_func=lambda c: _("None") if c == NONE else _card_option(c, deck, t))


def _to_move(d: dict[str, Any]) -> int:
    to_move = d.get("to_move")
    ok = isinstance(to_move, int) and not isinstance(to_move, bool) and 0 <= to_move < max(seats_of(d), 1)
    return to_move if ok else 0


def _cards_help(deck: str, t: Translator) -> str:
    return t.gettext("Cards in notation, separated by spaces: rank then suit, e.g. {example}.").format(
        example="Ks 2h 10c" if deck == "french" else "7h Ua Ol")


def draw_editor(t: Translator) -> None:
    _ = t.gettext
    d = draft()
    rules = _rules()
    with st.expander(_("Set up the position"), expanded=True, icon=":material/edit:"):
        cards, turns = st.tabs([_("Cards, attack and wish"), _("Turns and deck")])
        with cards:
            _cards_tab(d, rules, t)
        with turns:
            _turns_tab(d, rules, t)


def draw_notice(t: Translator) -> None:
    notice = st.session_state.get(NOTICE)
    if not notice:
        return
    kind, headline, lines, closing = notice_messages(notice, _rules().deck.art, t)
    text = headline + ("\n\n" + _bullets(lines) if lines else "") + ("\n\n" + closing if closing else "")
    if kind == "success":
        st.success(text, icon=":material/check_circle:")
    elif kind == "warning":
        st.warning(escape_markdown(text), icon=":material/rule:")
    elif kind == "info":
        st.info(escape_markdown(text), icon=":material/rule:")
    else:
        st.error(text, icon=":material/link_off:" if notice.get("origin") == "link" else ":material/error:")


def draw_view_picker(t: Translator) -> None:
    _ = t.gettext
    st.session_state[VIEW_PICKER] = st.session_state.get(VIEW, BEGINNER)
    st.radio(
        _("View"), options=[BEGINNER, PLAYER], key=VIEW_PICKER, on_change=_on_view, horizontal=True,
        format_func=lambda v: _("Beginner: all hands open") if v == BEGINNER else _("Player: only the player to move"),
    )


def draw_board(state: State, t: Translator) -> None:
    """The table: the pile, the deck, what is pending, and every hand (face down in player view)."""
    _ = t.gettext
    deck = state.rules.deck
    view = st.session_state.get(VIEW, BEGINNER)
    names = [deck.name(c) for c in state.pile]
    pile_col, info_col = st.columns([2, 3])
    pile_col.markdown("**" + _("Pile") + "**")
    pile_col.markdown(hand_html(names[-6:], deck.art, four_colour=session.four_colour(), width=64, overlap=0.55, translations=t,
                                aria_label=_("The pile; the top card is the last")), unsafe_allow_html=True)
    lines = [
        _("Top card: {card}.").format(card=card_text(names[-1], deck.art, t)),
        t.ngettext("The deck holds {count} card.", "The deck holds {count} cards.", len(state.deck)).format(
            count=len(state.deck)),
    ]
    if state.attack is not None:
        lines.append(
            t.ngettext("{player} must draw {amount} card or defend.", "{player} must draw {amount} cards or defend.",
                       state.attack.amount) if state.attack.kind == "draw" else
            t.ngettext("{player} must sit out {amount} turn or defend.", "{player} must sit out {amount} turns or defend.",
                       state.attack.amount))
        lines[-1] = lines[-1].format(player=seat_name(state.to_move, t), amount=state.attack.amount)
    if state.wish is not None:
        value = (wish_rank_text(state.wish.value, deck.art, t) if state.wish.kind == "rank"
                 else suit_word(state.wish.value, deck.art, t))
        lines.append((_("{player} has demanded {rank}.") if state.wish.kind == "rank" else
                      _("{player} has wished for {suit}.")).format(
            player=seat_name(state.wish.by, t), rank=value, suit=value))
    if state.drawn is not None:
        lines.append(_("{player} has just drawn {card} and may still play it.").format(
            player=seat_name(state.to_move, t), card=card_text(deck.name(state.drawn), deck.art, t)))
    if state.over:
        lines.append(_("The round is over."))
    info_col.markdown(_bullets([escape_markdown(line) for line in lines]))
    for seat, hand in enumerate(state.hands):
        open_hand = view == BEGINNER or seat == state.to_move
        marks = []
        if seat == state.to_move and not state.over:
            marks.append(_("to move"))
        if state.waiting and state.waiting[seat]:
            marks.append(t.ngettext("sits out {count} turn", "sits out {count} turns", state.waiting[seat]).format(
                count=state.waiting[seat]))
        if seat in state.finished:
            marks.append(_("finished in place {place}").format(place=state.finished.index(seat) + 1))
        heading = seat_name(seat, t) + (" — " + ", ".join(marks) if marks else "")
        count = t.ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand))
        with st.container(border=True):
            name_col, cards_col = st.columns([1, 3], vertical_alignment="center")
            name_col.markdown(f"**{escape_markdown(heading)}**  \n{count}")
            if hand:
                cards = [deck.name(c) if open_hand else None for c in hand]
                labels = None if open_hand else [_("A face-down card")] * len(hand)
                cards_col.markdown(hand_html(cards, deck.art, four_colour=session.four_colour(), width=52, overlap=0.35, translations=t, labels=labels,
                                             aria_label=_("The hand of {player}").format(player=seat_name(seat, t))),
                                   unsafe_allow_html=True)


def _choice_rows(verdicts: list[Verdict], deck: str, t: Translator) -> None:
    for v in verdicts:
        if not v.legal:
            continue
        button_col, text_col = st.columns([2, 3], vertical_alignment="center")
        button_col.button(move_label(v, deck, t), key=move_key(v.notation), icon=":material/play_arrow:",
                          on_click=_on_move, args=(v.notation,))
        notes = [describe_reason(r, deck, t) for r in v.reasons if r.code in ("forgot_makao", "forgot_kakao", "wish_cancelled")]
        effects = _effects_text(v, deck, t)
        text = " ".join(notes + ([t.gettext("Then: {what}").format(what=effects)] if effects else []))
        if text:
            text_col.caption(escape_markdown(text))


def draw_group(group: PlayGroup, deck: str, t: Translator) -> None:
    _ = t.gettext
    names = [group.main.notation.split()[1 + i] for i in range(len(group.cards))]
    with st.container(border=True):
        card_col, text_col = st.columns([1, 4])
        card_col.markdown(hand_html(names, deck, four_colour=session.four_colour(), width=48, overlap=0.45, translations=t,
                                    highlights=["legal" if group.legal else "illegal"] * len(names)),
                          unsafe_allow_html=True)
        status = (":green[**" + _("Playable") + "**]") if group.legal else (":red[**" + _("Not playable") + "**]")
        text_col.markdown(status + " — " + escape_markdown(describe_verdict(group.main, deck, t)))
        legal = [v for v in group.verdicts if v.legal]
        if not legal:
            return
        if len(legal) > 3:
            with st.expander(t.ngettext("{count} way to play it", "{count} ways to play it", len(legal)).format(
                    count=len(legal)), icon=":material/alt_route:"):
                _choice_rows(legal, deck, t)
        else:
            _choice_rows(legal, deck, t)


def draw_moves(state: State, t: Translator) -> None:
    _ = t.gettext
    deck = state.rules.deck.art
    st.subheader(_("What {player} may do").format(player=seat_name(state.to_move, t)), anchor="moves")
    if state.over:
        st.info(_("The round is over: there is nothing left to play."), icon=":material/flag:")
        return
    groups = play_groups(state)
    singles = [g for g in groups if len(g.cards) == 1]
    multis = [g for g in groups if len(g.cards) > 1]
    hand = [state.rules.deck.name(c) for c in state.hands[state.to_move]]
    marks = []
    for name in hand:
        group = next((g for g in singles if state.rules.deck.name(g.cards[0]) == name), None)
        marks.append("legal" if group is not None and group.legal else "illegal")
    st.markdown(hand_html(hand, deck, four_colour=session.four_colour(), width=64, overlap=0.2, highlights=marks, translations=t,
                          aria_label=_("Playable cards glow green; the others are greyed out")),
                unsafe_allow_html=True)
    for group in singles:
        draw_group(group, deck, t)
    if multis:
        st.markdown("**" + _("Several cards at once") + "**")
        for group in multis:
            draw_group(group, deck, t)
    st.markdown("**" + _("Instead of playing") + "**")
    for v in answer_verdicts(state):
        with st.container(border=True):
            status = (":green[**" + _("Allowed") + "**]") if v.legal else (":red[**" + _("Not allowed") + "**]")
            st.markdown(f"**{move_label(v, deck, t)}** · {status} — " + escape_markdown(describe_verdict(v, deck, t)))
            if v.legal:
                _choice_rows([v], deck, t)


def draw_history(tl: Timeline, t: Translator) -> None:
    _ = t.gettext
    deck = tl.root.rules.deck.art
    st.subheader(_("Moves played"), anchor="history")
    undo, redo, edit = st.columns(3)
    undo.button(_("Undo"), key="sandbox_undo", icon=":material/undo:", on_click=_on_undo, disabled=not tl.can_undo)
    redo.button(_("Redo"), key="sandbox_redo", icon=":material/redo:", on_click=_on_redo, disabled=not tl.can_redo)
    edit.button(_("Edit this position"), key="sandbox_edit_here", icon=":material/edit_note:", on_click=_on_edit_here,
                disabled=not tl.can_undo, help=_("Copies the position reached into the editor; the moves are forgotten."))
    if not tl.done:
        st.caption(_("No move yet: play one of the moves above."))
        return
    last = tl.done[-1]
    st.info(escape_markdown(" ".join(describe_event(e, deck, t) for e in last.events)), icon=":material/campaign:")
    lines = []
    for number, step in enumerate(tl.done, start=1):
        v = Verdict(parse_move(step.move, tl.root.rules.deck), step.move, True, ())
        lines.append(f"{number}. " + escape_markdown(f"{seat_name(step.seat, t)}: {move_label(v, deck, t)}"))
    st.markdown("\n".join(lines))


def comparison_frame(state: State, t: Translator) -> tuple[pd.DataFrame, list[str], list[str]]:
    """The verdicts under each same-deck variant as a table, the rows that differ and notes on
    variants where the position cannot exist."""
    _ = t.gettext
    deck = state.rules.deck.art
    known = book()
    columns = under_other_rules(state, known)
    rows = comparison_rows(state, columns)
    names = {col.variant: variant_label(col.variant, t, known) for col in columns}
    data, index, differ, details = [], [], [], []
    for notation, cells in rows:
        label = move_label(Verdict(parse_move(notation, state.rules.deck), notation, True, ()), deck, t)
        values = [None if cells[c.variant] is None else cells[c.variant].legal for c in columns]
        data.append([
            "—" if v is None else (_("allowed") if v else _("not allowed")) for v in values
        ])
        index.append(label)
        known = {v for v in values if v is not None}
        if len(known) > 1:
            differ.append(label)
            parts = [f"{names[c.variant]}: {describe_verdict(cells[c.variant], deck, t)}"
                     for c in columns if cells[c.variant] is not None]
            details.append(escape_markdown(label) + " — " + escape_markdown(" · ".join(parts)))
    frame = pd.DataFrame(data, index=index, columns=[names[c.variant] for c in columns])
    notes = [escape_markdown(_("Under {name} this position cannot exist: {problems}").format(
        name=names[c.variant], problems=" ".join(describe_problems(list(c.problems), deck, t))))
        for c in columns if c.state is None]
    return frame, differ, details + notes


def draw_other_rules(state: State, t: Translator) -> None:
    _ = t.gettext
    st.subheader(_("Under other rules"), anchor="other-rules")
    st.caption(_("The same position judged by every variant that plays with the same cards; rows that differ are highlighted."))
    frame, differ, notes = comparison_frame(state, t)
    styled = frame.style.apply(
        lambda row: ["background-color: #fff3b0; font-weight: bold" if row.name in differ else "" for _ in row],
        axis=1)
    st.dataframe(styled, key="sandbox_compare", width="stretch")
    if notes:
        st.markdown(_bullets(notes))
    elif not differ:
        st.caption(_("Every variant judges this position the same way."))


def share_link(position: dict[str, Any], language: str, house: bool = False) -> str:
    """The full link that opens this position in the sandbox, in this variant and language."""
    return session.page_url(SANDBOX_SCRIPT, share_query(position, language, house=house))


def draw_share(position: dict[str, Any] | None, t: Translator) -> None:
    _ = t.gettext
    st.subheader(_("Share and save"), anchor="share")
    if position is not None:
        shared = link_position(position, book())
        if shared.base is None:
            st.markdown(_("A link that opens exactly this position, in this variant and language:"))
        else:
            base_name = _(load_ruleset(shared.base).name)
            st.warning(escape_markdown(_(
                "A link cannot carry house rules: it opens this position under {name}, where some verdicts may "
                "differ. To share the house rules too, send their ruleset file (Compare variants, House rules) "
                "with the position JSON below."
            ).format(name=base_name)), icon=":material/rule:")
        if shared.position is not None:
            with st.container(key="sandbox_share"):
                st.code(share_link(shared.position, session.language(), house=shared.base is not None),
                        language=None, wrap_lines=True)
        else:
            st.caption(escape_markdown(_("Under {name} this position cannot exist, so there is no link for it: {problems}").format(
                name=_(load_ruleset(shared.base).name),
                problems=" ".join(describe_problems(list(shared.problems), _rules().deck.art, t)))))
        st.download_button(_("Download the position (JSON)"), data=export_json(position),
                           file_name="makao-position.json", mime="application/json", key="sandbox_download",
                           icon=":material/download:", on_click="ignore")
    else:
        st.caption(_("A link and a download appear once the position is possible."))
    with st.expander(_("Load a position from JSON"), icon=":material/upload:"):
        st.text_area(_("Paste position JSON"), key="sandbox_import_text", max_chars=MAX_IMPORT_BYTES,
                     placeholder='{"variant": "pl", "hands": [["Ks", "2h"], 5], "to_move": 0, "pile": ["Kh"], "attack": {"draw": 5}}')
        st.button(_("Load the pasted position"), key="sandbox_import", icon=":material/input:", on_click=_on_import_text)
        st.file_uploader(_("or upload a position file"), type=["json"], key="sandbox_upload", on_change=_on_upload,
                         max_upload_size=1)


def draw_problems(problems: tuple[Problem, ...], deck: str, t: Translator) -> None:
    _ = t.gettext
    lines = describe_problems(list(problems), deck, t)
    head = t.ngettext("This position cannot exist — {count} problem:", "This position cannot exist — {count} problems:",
                      len(lines)).format(count=len(lines))
    st.error(head + "\n\n" + _bullets(lines), icon=":material/report:")


def draw_page() -> None:
    """Draws the whole sandbox for the session."""
    t = session.tr()
    _ = t.gettext
    take_handed_position()
    read_link_once()
    check_house_rules()
    follow_session_variant()
    st.markdown(_("Set up any position, see why each card may or may not go, play it on, and share it by link."))
    draw_notice(t)
    draw_toolbar(t)
    draw_editor(t)
    d = draft()
    deck = _rules().deck.art
    if is_empty(d):
        st.session_state[TIMELINE] = None
        st.session_state.pop(TIMELINE_SOURCE, None)
        st.info(_("The sandbox is empty. Put cards on the pile and in the hands above, deal at random, or load an example."),
                icon=":material/info:")
        draw_share(None, t)
        return
    result = validate(d, book())
    if result.state is None:
        st.session_state[TIMELINE] = None
        st.session_state.pop(TIMELINE_SOURCE, None)
        draw_problems(result.problems, deck, t)
        draw_share(None, t)
        return
    # Edited house rules keep their id: the rules' own text is part of what the timeline was built from.
    source = json.dumps(d, sort_keys=True) + rules_fingerprint(result.state.rules)
    if st.session_state.get(TIMELINE_SOURCE) != source or timeline() is None:
        st.session_state[TIMELINE] = Timeline(result.state)
        st.session_state[TIMELINE_SOURCE] = source
    tl = timeline()
    state = tl.current
    st.subheader(_("The table"), anchor="table")
    draw_view_picker(t)
    draw_board(state, t)
    draw_moves(state, t)
    draw_history(tl, t)
    draw_other_rules(state, t)
    draw_share(current_position(tl, d), t)
