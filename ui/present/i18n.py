"""Translations looked up per session: one immutable catalog object per language.

The ``.po`` files in ``locales/`` are compiled in memory (no ``.mo`` files on disk) and
never installed process-wide: every caller picks its language explicitly, so two
sessions in two languages never see each other's words.
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from types import MappingProxyType
from typing import Literal

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

# The list styles of babel.lists.format_list this app uses: "a, b and c" and "a, b or c".
ListStyle = Literal["standard", "or"]

LOCALES_DIR = Path(__file__).resolve().parents[2] / "locales"
DOMAIN = "messages"
DEFAULT_LANGUAGE = "en"

# Language code -> its own name, in the order the picker shows them.
LANGUAGES = MappingProxyType({"en": "English", "pl": "Polski", "da": "Dansk", "hu": "Magyar"})


def N_(message: str) -> str:
    """Marks a message for extraction without translating it (it is translated where shown)."""
    return message


@dataclass(frozen=True)
class Translator:
    """The catalog of one language, with the gettext calls a page or a text builder needs."""

    language: str
    catalog: gettext.NullTranslations

    def gettext(self, message: str) -> str:
        """Returns the translation of a message (the message itself when untranslated)."""
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Returns the plural form that fits the count n in this language."""
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """Returns the translation of a message in a context (e.g. "card rank")."""
        return self.catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """Returns the plural form, in a context, that fits the count n."""
        return self.catalog.npgettext(context, singular, plural, n)

    def format_list(self, items: list[str] | tuple[str, ...], style: ListStyle = "standard") -> str:
        """Joins items the way this language does ("a, b and c"; style "or": "a, b or c")."""
        if not items:
            return ""
        return format_list(list(items), style=style, locale=self.language)


def normalize_language(value: object) -> str | None:
    """Returns the supported language code a value like "pl", "pl-PL" or "da_DK" names, if any."""
    if not isinstance(value, str) or not value.strip():
        return None
    code = value.strip().replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else None


def catalog_path(language: str) -> Path:
    """Returns the path of the .po catalog of a language."""
    return LOCALES_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=len(LANGUAGES))
def translator(language: str) -> Translator:
    """Returns the translator of a supported language, compiling its .po file once."""
    code = normalize_language(language)
    if code is None:
        raise ValueError(f"unsupported language {language!r} (known: {', '.join(LANGUAGES)})")
    with catalog_path(code).open("rb") as handle:
        catalog = read_po(handle, locale=code, domain=DOMAIN)
    buffer = BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translator(code, gettext.GNUTranslations(buffer))
