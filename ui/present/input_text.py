"""Sentences for input the app could not follow: a link's unknown ``?lang=`` or ``?variant=``.

The engine's guard (``engine.guard.read_choice``) refuses a query parameter with a code and
params, the value already cut short (``engine.guard.shown``); this module puts it into a
sentence in the session's language, escaped for Markdown, since ``st.warning`` renders Markdown.
"""
from __future__ import annotations

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
