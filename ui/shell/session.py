"""Session state of one user: the keys the app keeps and how they are first filled.

Everything a user chooses lives in ``st.session_state``; query parameters only seed it
when a session starts (a shared link like ``?lang=pl&variant=hu``).
"""
from __future__ import annotations

import logging
from collections.abc import MutableMapping
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from engine.errors import RulesetError
from engine.guard import InputError, read_choice
from engine.ruleset import Ruleset, load_ruleset, variant_ids
from ui.present.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator, normalize_language, translator
from ui.shell.pages import PAGES, url_path

LANGUAGE = "language"
VARIANT = "variant"
# Widget keys of the sidebar pickers; kept apart from the state keys above because
# Streamlit forgets a widget's key on any run that does not draw that widget.
LANGUAGE_PICKER = "_language_picker"
# The query parameters the session entered the app with (share links: ?pos=, ?quiz=, and ?house=1
# on a position made under house rules). Streamlit drops them on the first page switch, so they
# are kept here for the page that needs them.
ENTRY_PARAMS = "_entry_params"
_KEPT_PARAMS = ("pos", "quiz", "house")
VARIANT_PICKER = "_variant_picker"
FOUR_COLOUR = "four_colour"              # cards drawn in four colours (clubs green, diamonds blue)
FOUR_COLOUR_PICKER = "_four_colour_picker"
# A ?lang= or ?variant= the app could not follow, kept for one notice: ("lang" | "variant" |
# "house_variant", the engine's params of the refusal). The entrypoint shows it once and drops it.
LINK_NOTICES = "_link_notices"

_LOG = logging.getLogger(__name__)


def available_variants() -> list[str]:
    """Lists the shipped variants whose ruleset file loads; a broken file is logged and left out."""
    ids = []
    for variant_id in variant_ids():
        try:
            load_ruleset(variant_id)
        except RulesetError as exc:
            _LOG.error("ruleset %s left out of the app: %s", variant_id, exc)
            continue
        ids.append(variant_id)
    return ids


def _note_refused(kind: str, value: Any, options: list[str], what: str) -> None:
    """Keeps a refused query parameter for one notice (the value is kept as the guard shows it)."""
    try:
        read_choice(value, options, what)
    except InputError as exc:
        st.session_state.setdefault(LINK_NOTICES, []).append((kind, dict(exc.params)))


def initial_language() -> str:
    """Chooses a new session's language: ``?lang=``, then the browser's locale, then English.

    A ``?lang=`` the app does not have is kept for a notice (D6) instead of being dropped quietly.
    """
    wanted = st.query_params.get("lang")
    from_query = normalize_language(wanted)
    if from_query:
        return from_query
    if wanted is not None:
        _note_refused("lang", wanted, list(LANGUAGES), "language")
    try:
        from_browser = normalize_language(st.context.locale)
    except Exception:  # no browser context (bare mode): fall back quietly
        from_browser = None
    return from_browser or DEFAULT_LANGUAGE


def initial_variant() -> str:
    """Chooses a new session's variant: ``?variant=`` if it names a shipped ruleset, else the first."""
    ids = available_variants()
    wanted = st.query_params.get("variant")
    if wanted in ids:
        return wanted
    if wanted is not None:
        # "<id>-house" is the id house rules get; a link cannot carry them (they live in one session).
        house = isinstance(wanted, str) and wanted.endswith("-house") and wanted[:-len("-house")] in ids
        _note_refused("house_variant" if house else "variant", wanted, ids, "variant")
    return ids[0]


def init_session() -> None:
    """Fills the session keys that are still missing; a choice already made always wins."""
    if ENTRY_PARAMS not in st.session_state:
        st.session_state[ENTRY_PARAMS] = {k: st.query_params.get(k) for k in _KEPT_PARAMS if k in st.query_params}
    if normalize_language(st.session_state.get(LANGUAGE)) is None:
        st.session_state[LANGUAGE] = initial_language()
    if st.session_state.get(VARIANT) not in available_variants():
        st.session_state[VARIANT] = initial_variant()


def take_link_notices() -> list[tuple[str, dict[str, Any]]]:
    """Returns the refused ``?lang=``/``?variant=`` of this session's link, once (then forgets them)."""
    return list(st.session_state.pop(LINK_NOTICES, None) or [])


def entry_param(name: str) -> str | None:
    """Returns a share-link parameter (``pos``, ``quiz``) the session entered the app with."""
    params = st.session_state.get(ENTRY_PARAMS) or {}
    value = params.get(name)
    return value if value is not None else st.query_params.get(name)


def four_colour() -> bool:
    """Tells whether this session draws French cards in four colours (for colour-blind players)."""
    return bool(st.session_state.get(FOUR_COLOUR, False))


def set_four_colour(on: bool) -> None:
    """Switches the four-colour cards on or off for this session."""
    st.session_state[FOUR_COLOUR] = bool(on)


def language() -> str:
    """Returns the session's language code."""
    return normalize_language(st.session_state.get(LANGUAGE)) or DEFAULT_LANGUAGE


def set_language(code: str) -> None:
    """Switches the session to a supported language."""
    code = normalize_language(code)
    if code is not None:
        st.session_state[LANGUAGE] = code


def tr() -> Translator:
    """Returns the translator of the session's language."""
    return translator(language())


def variant(state: MutableMapping[str, Any] | None = None) -> str:
    """Returns the id of the session's chosen variant (state: the session's, unless given)."""
    chosen = (st.session_state if state is None else state).get(VARIANT)
    ids = available_variants()
    return chosen if chosen in ids else ids[0]


def set_variant(variant_id: str, state: MutableMapping[str, Any] | None = None) -> None:
    """Chooses a shipped variant for the session (state: the session's, unless given)."""
    if variant_id in available_variants():
        (st.session_state if state is None else state)[VARIANT] = variant_id


def ruleset() -> Ruleset:
    """Returns the ruleset of the session's chosen variant."""
    return load_ruleset(variant())


def page_url(script: str, query: str, fragment: str = "") -> str:
    """A full link to a page of this app (e.g. a share link), on the server the user is looking at;
    a relative one where there is no browser (bare mode, tests)."""
    target = url_path(script)
    try:
        url = st.context.url
    except Exception:  # no browser context
        url = None
    if not url:
        return f"/{target}" + (f"?{query}" if query else "") + (f"#{fragment}" if fragment else "")
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    if segments and segments[-1] in {spec.url_path for spec in PAGES}:  # drop the page the user is on
        segments = segments[:-1]
    return urlunsplit((parts.scheme, parts.netloc, "/" + "/".join(segments + [target]), query, fragment))
