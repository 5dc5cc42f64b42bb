"""The game's terms in each catalog follow locales/glossary.toml: no forbidden word, the required one present."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "locales" / "glossary.toml"
LANGUAGES = ("pl", "da", "hu")
FLAGS = re.IGNORECASE | re.UNICODE
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


@dataclass(frozen=True)
class Rule:
    """One term in one language: which msgids speak of it and which words their translation must (not) use."""

    term: str
    language: str
    msgid: re.Pattern[str]
    skip: re.Pattern[str] | None
    required: tuple[re.Pattern[str], ...]
    forbidden: tuple[re.Pattern[str], ...]
    allowed: re.Pattern[str] | None
    source: str

    def applies_to(self, msgid: str) -> bool:
        """Tells whether an English msgid speaks of this term."""
        return bool(self.msgid.search(msgid)) and not (self.skip and self.skip.search(msgid))


def load_glossary(path: Path = GLOSSARY) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def rules(glossary: dict) -> list[Rule]:
    """Returns every (term, language) rule of the glossary, its patterns compiled."""
    out = []
    for term in glossary["term"]:
        for language in LANGUAGES:
            table = term.get(language)
            if table is None:
                continue
            out.append(Rule(
                term=term["id"], language=language,
                msgid=re.compile(term["msgid"], FLAGS | re.MULTILINE),
                skip=re.compile(term["skip"], FLAGS | re.MULTILINE) if term.get("skip") else None,
                required=tuple(re.compile(p, FLAGS) for p in table.get("required", ())),
                forbidden=tuple(re.compile(p, FLAGS) for p in table.get("forbidden", ())),
                allowed=re.compile(table["allowed"], FLAGS) if table.get("allowed") else None,
                source=table["source"],
            ))
    return out


def entries(catalog: Catalog) -> list[tuple[str | None, str, list[str]]]:
    """Returns (context, msgid, translations) of every message; plural msgids are joined."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out.append((message.context, " || ".join(ids), [s for s in strings if s]))
    return out


def _text(translation: str) -> str:
    # A placeholder's name is not a word of the sentence ({rank} is not "rank").
    return PLACEHOLDER.sub(" ", translation)


def violations(rule: Rule, catalog: Catalog) -> tuple[list[str], list[str]]:
    """Returns the forbidden uses and the missing required words of one rule in a catalog."""
    forbidden, missing = [], []
    for _context, msgid, translations in entries(catalog):
        if not rule.applies_to(msgid) or (rule.allowed and rule.allowed.search(msgid)):
            continue
        for translation in translations:
            text = _text(translation)
            bad = [p.pattern for p in rule.forbidden if p.search(text)]
            if bad:
                forbidden.append(f"{msgid!r} -> {translation!r} uses {bad}")
            if rule.required and not any(p.search(text) for p in rule.required):
                missing.append(f"{msgid!r} -> {translation!r} lacks any of {[p.pattern for p in rule.required]}")
    return forbidden, missing


def name_violations(names: dict[str, str], catalog: Catalog) -> list[str]:
    """Returns the card words of a catalog that differ from the glossary's (msgctxt|msgid = msgstr)."""
    found = {(context, msgid): translations for context, msgid, translations in entries(catalog)}
    problems = []
    for key, expected in names.items():
        if key == "source":
            continue
        context, _, msgid = key.partition("|")
        translations = found.get((context, msgid))
        if translations is None:
            problems.append(f"{key}: no such message in the catalog")
        elif translations != [expected]:
            problems.append(f"{key}: {translations} instead of {expected!r}")
    return problems


@lru_cache(maxsize=len(LANGUAGES))
def catalog_of(language: str) -> Catalog:
    path = ROOT / "locales" / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=language)


GLOSSARY_DATA = load_glossary()
RULES = rules(GLOSSARY_DATA)


def _id(rule: Rule) -> str:
    return f"{rule.language}-{rule.term}"


# --- the glossary itself ---------------------------------------------------------------------------

def test_every_term_names_its_msgids_and_each_language_its_words_and_source() -> None:
    for term in GLOSSARY_DATA["term"]:
        assert term.get("id") and term.get("en") and term.get("msgid"), term
        tables = [term[language] for language in LANGUAGES if language in term]
        assert tables, f"{term['id']}: no language"
        for table in tables:
            assert table.get("source", "").strip(), f"{term['id']}: a word without its source"
            assert table.get("required") or table.get("forbidden"), f"{term['id']}: nothing to check"
    for language in LANGUAGES:
        assert GLOSSARY_DATA["names"][language]["source"].strip()


@pytest.mark.parametrize("rule", RULES, ids=_id)
def test_every_term_is_used_by_some_message(rule: Rule) -> None:
    """A msgid pattern that matches nothing guards nothing."""
    assert any(rule.applies_to(msgid) for _, msgid, _ in entries(catalog_of(rule.language))), rule.msgid.pattern


# --- the catalogs -------------------------------------------------------------------------------

@pytest.mark.parametrize("rule", RULES, ids=_id)
def test_no_catalog_uses_a_forbidden_word_for_a_term(rule: Rule) -> None:
    forbidden, _ = violations(rule, catalog_of(rule.language))
    assert not forbidden, f"{rule.term} ({rule.source}):\n" + "\n".join(forbidden)


@pytest.mark.parametrize("rule", RULES, ids=_id)
def test_every_sentence_about_a_term_uses_its_required_word(rule: Rule) -> None:
    _, missing = violations(rule, catalog_of(rule.language))
    assert not missing, f"{rule.term} ({rule.source}):\n" + "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_words_are_the_glossary_words(language: str) -> None:
    problems = name_violations(GLOSSARY_DATA["names"][language], catalog_of(language))
    assert not problems, "\n".join(problems)


def test_polish_grammar_tables_use_the_catalog_words() -> None:
    """The declined card names (ui/present/grammar.py) start from the same words as the catalog."""
    from ui.present.grammar import pl_card_name

    names = GLOSSARY_DATA["names"]["pl"]
    french = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
              "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    for rank, word in french.items():
        for suit, suit_name in suits.items():
            assert pl_card_name(rank, suit, "french") == f"{names['card rank|' + word]} {names['card suit|' + suit_name]}"
    for rank, word in {"U": "Unter", "O": "Ober", "K": "king", "A": "ace"}.items():
        assert pl_card_name(rank, "h", "hungarian").split()[0] == names["Hungarian card rank|" + word]


# --- the checker, on small catalogs (entries as they stood before the glossary) ------------------

def _catalog(language: str, messages: list[tuple[str, str] | tuple[str, str, str]]) -> Catalog:
    catalog = Catalog(locale=language)
    for message in messages:
        msgid, msgstr, *context = message
        catalog.add(msgid, msgstr, context=context[0] if context else None)
    # Round-trip through the .po format, as the real catalogs are read.
    buffer = BytesIO()
    write_po(buffer, catalog)
    buffer.seek(0)
    return read_po(buffer, locale=language)


def _rule(term: str, language: str) -> Rule:
    return next(r for r in RULES if r.term == term and r.language == language)


def test_the_checker_flags_figura_for_rank_in_polish_but_not_for_court_cards() -> None:
    catalog = _catalog("pl", [
        ("A jack may demand a rank from 5 to 10 (any suit), or nothing.", "Walet może zażądać figury od 5 do 10."),
        ("An alsó may demand any rank, figures included.", "Alsó może żądać dowolnej wartości, także figury."),
        ("{rank}: an ordinary card.", "{rank}: zwykła karta."),
    ])
    forbidden, missing = violations(_rule("rank", "pl"), catalog)
    assert len(forbidden) == 1 and "figury od 5" in forbidden[0]
    assert len(missing) == 1 and "figury od 5" in missing[0]  # and wartość is missing from it


def test_the_checker_flags_joker_in_danish_except_for_crazy_eights() -> None:
    catalog = _catalog("da", [
        ("{card} may be played: it is wild and goes on any card.", "{card} må spilles: det er joker."),
        ("**Crazy Eights** (English-speaking countries): the eight is wild and names the next suit.",
         "**Crazy Eights** (engelsktalende lande): otteren er joker og passer på alt."),
        ("Is the queen wild here?", "Passer damen på alt her?"),
    ])
    forbidden, missing = violations(_rule("wild", "da"), catalog)
    assert [f.split(" -> ")[0] for f in forbidden] == ["'{card} may be played: it is wild and goes on any card.'"]
    assert [m.split(" -> ")[0] for m in missing] == ["'{card} may be played: it is wild and goes on any card.'"]


def test_the_checker_flags_kiszall_for_finishing_in_hungarian() -> None:
    catalog = _catalog("hu", [
        ("The round ends as soon as one player is out.", "A leosztás véget ér, amint valaki kiszáll."),
        ("You go out with Q♦. Who moves next?", "A Q♦ lappal szállsz ki. Ki következik?"),
        ("The first player out wins.", "Aki elsőként szabadul meg a lapjaitól, nyer."),
        ("Player 2 still sits out a turn.", "A 2. játékos még egy körből kimarad."),
    ])
    forbidden, missing = violations(_rule("finish", "hu"), catalog)
    assert len(forbidden) == 2 and len(missing) == 2
    assert not any("sits out" in f for f in forbidden + missing)


def test_the_checker_flags_tura_and_er_i_gang_for_a_move() -> None:
    pl = _catalog("pl", [("One card per turn.", "Jedna karta na turę."), ("{seat} is to move.", "Ruch ma: {seat}.")])
    assert len(violations(_rule("turn", "pl"), pl)[0]) == 1
    da = _catalog("da", [("{seat} is to move.", "{seat} er i gang.")])
    forbidden, missing = violations(_rule("to move", "da"), da)
    assert forbidden and missing


def test_the_checker_reads_card_words_by_context() -> None:
    catalog = _catalog("da", [("seven", "syver", "Hungarian card rank"), ("seven", "syv", "card rank")])
    problems = name_violations({"Hungarian card rank|seven": "syv", "card rank|seven": "syv",
                                "card rank|ace": "es"}, catalog)
    assert problems == ["Hungarian card rank|seven: ['syver'] instead of 'syv'",
                        "card rank|ace: no such message in the catalog"]


def test_the_checker_flags_kamp_for_a_match_and_er_i_tur_in_danish() -> None:
    da = _catalog("da", [("The match is over. Start a new game to play on.", "Kampen er slut."),
                         ("Rounds in the match", "Runder i spillet"),
                         ("You draw a card and it does not cover the 9. Who moves now?", "Hvem er i tur nu?")])
    forbidden, missing = violations(_rule("match", "da"), da)
    assert [f.split(" -> ")[0] for f in forbidden] == ["'The match is over. Start a new game to play on.'"]
    assert len(missing) == 1
    assert len(violations(_rule("to move", "da"), da)[0]) == 1
