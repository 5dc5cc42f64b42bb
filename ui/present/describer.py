"""The sentences of the engine's command line (``python -m engine explain --lang pl``).

The engine names an entry-point group, ``makao_tutor.describers``; this package registers
``describer`` there (pyproject.toml), so the engine reaches the text layer without importing it.
"""
from __future__ import annotations

import gettext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ui.present.reasons import describe_event, describe_verdict

if TYPE_CHECKING:  # the coach's words and the catalogs are imported when first needed: explain starts fast
    from engine.cards import DeckKind
    from engine.verdicts import Event, Verdict
    from ui.present.i18n import Translator


@dataclass(frozen=True)
class Describer:
    """Verdicts and events as sentences in one language (English: the msgids themselves)."""

    tr: Translator | None

    def verdict(self, verdict: Verdict, deck: DeckKind) -> str:
        """Explains a verdict, reason after reason."""
        return describe_verdict(verdict, deck, self.tr)

    def event(self, event: Event, deck: DeckKind) -> str:
        """Narrates one event of an applied move."""
        return describe_event(event, deck, self.tr)

    def coach(self, hint: Any, rules: Any, state: Any = None) -> str:
        """The coach's words on a hint of position ``state`` (``python -m engine hint --lang``)."""
        from ui.present.coach_text import describe_hint

        return describe_hint(hint, rules, self.tr or gettext.NullTranslations(), state=state)


def describer(lang: str) -> Describer:
    """The describer of a language the app has a catalog for (en, pl, da, hu)."""
    if lang == "en":
        return Describer(None)
    from ui.present.i18n import translator

    return Describer(translator(lang))
