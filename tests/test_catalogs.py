"""Translation catalogs: complete, not fuzzy, same placeholders, right plurals, .pot up to date."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from ui.present.grammar import allowed_placeholders, base_placeholder
from ui.present.i18n import LANGUAGES, catalog_path, translator

ROOT = Path(__file__).resolve().parent.parent
POT = ROOT / "locales" / "messages.pot"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def keys(catalog: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_language_has_a_catalog_that_compiles(language: str) -> None:
    assert catalog_path(language).is_file()
    assert translator(language).language == language


def test_an_unsupported_language_is_refused() -> None:
    with pytest.raises(ValueError):
        translator("xx")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_catalog_holds_exactly_the_messages_of_the_template(language: str) -> None:
    assert keys(read(catalog_path(language), language)) == keys(read(POT)), "run `make update`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_and_not_fuzzy(language: str) -> None:
    catalog = read(catalog_path(language), language)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
        if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms instead of {catalog.num_plurals}: {message.id!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_placeholders_are_the_same_in_every_translation(language: str) -> None:
    problems = []
    for message in read(catalog_path(language), language):
        if not message.id or message.fuzzy:  # fuzzy entries are not used, and reported above
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = set().union(*(placeholders(text) for text in ids))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        allowed = allowed_placeholders(expected, language)
        for text in strings:
            found = placeholders(text)
            # A form of a placeholder ({seat_the}, {card_acc}) stands for the placeholder itself.
            if text and ({base_placeholder(p, language) for p in found} != expected or not found <= allowed):
                problems.append(f"{message.id!r}: {sorted(found)} vs {sorted(expected)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("count", "expected"), [(1, "1 karta"), (2, "2 karty"), (5, "5 kart"), (22, "22 karty"),
                                                  (12, "12 kart"), (112, "112 kart"), (104, "104 karty")])
def test_polish_plurals_follow_the_three_forms(count: int, expected: str) -> None:
    t = translator("pl")
    assert t.ngettext("{count} card", "{count} cards", count).format(count=count) == expected


def test_polish_catalog_declares_three_plural_forms() -> None:
    assert read(catalog_path("pl"), "pl").num_plurals == 3


@pytest.mark.parametrize(("language", "one", "many"), [
    ("en", "1 card", "5 cards"), ("da", "1 kort", "5 kort"), ("hu", "1 lap", "5 lap"),
])
def test_two_form_languages_pick_their_plurals(language: str, one: str, many: str) -> None:
    t = translator(language)
    assert t.ngettext("{count} card", "{count} cards", 1).format(count=1) == one
    assert t.ngettext("{count} card", "{count} cards", 5).format(count=5) == many


def test_the_template_matches_a_fresh_extraction(tmp_path: Path) -> None:
    fresh = tmp_path / "messages.pot"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg", "-o", str(fresh), "."],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )
    extracted, committed = keys(read(fresh)), keys(read(POT))
    assert extracted == committed, (
        f"run `make extract update`: new {sorted(map(str, extracted - committed))[:5]}, gone {sorted(map(str, committed - extracted))[:5]}"
    )


def test_ruleset_names_and_notes_are_extracted() -> None:
    committed = {message_id for _, message_id in keys(read(POT))}
    assert "Polish makao" in committed
    assert "One card per turn: the source never allows more." in committed


# The calls that put the grammatical forms of an inserted word next to its plain placeholder.
_FORM_PASSING = re.compile(r"\b(?:card_placeholders|player_placeholders|number_placeholders|seat_forms|player_forms"
                           r"|card_forms|number_forms|grammar\.fill)\(")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_form_placeholder_is_used_only_where_the_code_passes_forms(language: str) -> None:
    # A translation with {seat_the} fails to format where the builder passes only {seat}; each file
    # that formats such a message must be one that computes the forms.
    problems = []
    for message in read(catalog_path(language), language):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        forms = {p for text in strings if text for p in placeholders(text) if base_placeholder(p, language) != p}
        if not forms:
            continue
        for path, _line in message.locations:
            if not _FORM_PASSING.search((ROOT / path).read_text(encoding="utf-8")):
                problems.append(f"{path}: {message.id!r} uses {sorted(forms)}")
    assert not problems, "\n".join(problems)
