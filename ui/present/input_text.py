"""Sentences for input the app could not follow: a link's unknown ``?lang=`` or ``?variant=``, an unreadable code.

The engine's guard (``engine.guard.read_choice``) refuses a query parameter with a code and
params, the value already cut short (``engine.guard.shown``); this module puts it into a
sentence in the session's language, escaped for Markdown, since ``st.warning`` renders Markdown.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.present.i18n import Translator
from ui.present.rules_text import escape_markdown


def link_notice_text(kind: str, params: dict[str, Any], tr: Translator, *, language: str, variant: str) -> str:
    """Says which link parameter was not followed and what the app shows instead.

    ``kind`` is ``lang``, ``variant`` or ``house_variant`` (``<id>-house``: house rules, which a link
    cannot carry); ``language`` and ``variant`` name what the session opens with, in its language.
    """
    _ = tr.gettext
    value = escape_markdown(str(params.get("value", "")))
    if kind == "lang":
        return _("The link asks for the language {value}, which this app does not have; it is shown in "
                 "{language}.").format(value=value, language=language)
    if kind == "house_variant":
        return _("The link asks for the house rules {value}, but house rules stay in the browser that "
                 "made them and a link cannot carry them; it opens {variant}. Upload the house-rules "
                 "file on the Compare variants page to use them here.").format(value=value, variant=variant)
    return _("The link asks for the variant {value}, which this app does not have; it opens "
             "{variant}.").format(value=value, variant=variant)


def _count(params: dict[str, Any], key: str) -> int:
    value = params.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _input_sentences(tr: Translator) -> dict[str, Callable[[dict[str, Any]], str]]:
    """One sentence per code of engine.guard.MESSAGES: what is wrong with a code, a paste or a file."""
    _ = tr.gettext
    return {
        "empty": lambda p: _("It is empty."),
        "not_text": lambda p: _("It is not text."),
        "too_long": lambda p: tr.ngettext("It is longer than {count} character.", "It is longer than {count} characters.",
                                _count(p, "limit")).format(count=p.get("limit")),
        "too_large": lambda p: _("It is larger than {limit} KiB.").format(limit=p.get("limit")),
        "wrong_prefix": lambda p: _("It does not start with “{prefix}”.").format(
            prefix=escape_markdown(str(p.get("prefix", "")))),
        "only_prefix": lambda p: _("It holds nothing after “{prefix}”.").format(
            prefix=escape_markdown(str(p.get("prefix", "")))),
        "not_base64": lambda p: _("It holds characters a code never has (a code is letters, digits, - and _)."),
        "truncated": lambda p: _("Its end is missing: copy the whole code or link."),
        "corrupt": lambda p: _("It was changed somewhere, so it does not unpack."),
        "trailing": lambda p: _("It has extra characters after its end."),
        "unpacks_too_large": lambda p: _("It unpacks to more than {limit} KiB.").format(limit=p.get("limit")),
        "not_utf8": lambda p: _("It is not UTF-8 text."),
        "not_json": lambda p: _("It is not valid JSON (line {line}, column {column}).").format(
            line=p.get("line"), column=p.get("column")),
        "not_object": lambda p: _("It does not hold a JSON object."),
        "too_deep": lambda p: tr.ngettext("It is nested more than {count} level deep.",
                                "It is nested more than {count} levels deep.",
                                _count(p, "limit")).format(count=p.get("limit")),
        "number_too_long": lambda p: tr.ngettext("It holds a number of more than {count} digit.",
                                       "It holds a number of more than {count} digits.",
                                       _count(p, "limit")).format(count=p.get("limit")),
        "not_toml": lambda p: _("It is not valid TOML (line {line}, column {column}).").format(
            line=p.get("line"), column=p.get("column")),
        "not_offered": lambda p: _("It must be one of {options}, not {value}.").format(
            options=escape_markdown(str(p.get("options", ""))), value=escape_markdown(str(p.get("value", "")))),
    }


def input_codes(tr: Translator) -> tuple[str, ...]:
    """Lists the guard codes (engine.guard.MESSAGES) this module writes a sentence for."""
    return tuple(_input_sentences(tr))


def input_refusal_text(code: str, params: dict[str, Any], tr: Translator) -> str:
    """Says, in the session's language, why a code, a pasted text or a file could not be read at all."""
    sentence = _input_sentences(tr).get(code)
    try:
        if sentence is not None:
            return sentence(params)
    except (KeyError, ValueError, TypeError, IndexError):
        pass
    return tr.gettext("It cannot be read.")
