"""Grammar a translated sentence cannot carry by itself: articles, cases and genders of inserted words.

A catalog entry is one fixed sentence, but the words put into it (a player, a card, a
number) change shape with the language:

- **Hungarian** puts the definite article before a player, a card or a place, and the
  article is *az* when the word is *read* with a vowel first: *az 1. játékos* (első),
  *az 5. játékos* (ötödik), *az A♠* (ász), *az 5♣* (öt), but *a 3. játékos*, *a K♥*,
  *a 10♦*, *a piros hetes*. No sentence can write that article for every number.
- **Polish** declines the inserted card name: *Zagraj siódemkę czerwienną*,
  *dobrał króla kier*, *odpowiedz królem winnym*. German-suited cards are named with
  adjectives agreeing with the rank (*tuz winny*, *król dzwonkowy* — the names of the
  Polish pattern), so the suit word changes with the rank's gender as well as the case.
- **Danish** chooses *en anden* / *et andet* by the gender of the card: *en anden knægt*,
  but *et andet es*.

The sentence builder offers these forms as extra placeholders next to the plain one:
``{seat}`` stays the plain form, and ``{seat_the}`` (hu), ``{card_acc}`` (pl),
``{wish_card_another}`` (da) carry the form a language needs. ``FORMS`` names the
suffixes each language may use, ``allowed_placeholders`` says which placeholders a
translation may contain for the placeholders of its msgid, and ``player_forms`` /
``card_forms`` compute the values for one inserted player or card.

Stdlib only: no Streamlit, no gettext. Words that come from a catalog (a Hungarian card
name, "3. játékos") are taken as given; the tables here hold only what a catalog entry
cannot express (case endings, genders, how a number is read).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from ui.present.card_art import Art

# --- placeholders --------------------------------------------------------------------------

# The suffix of each extra placeholder a language may use, e.g. {card_acc}, {seat_the}.
FORMS: Mapping[str, tuple[str, ...]] = {
    "hu": ("the",),
    "pl": ("gen", "dat", "acc", "ins", "loc"),
    "da": ("another",),
}

CASES = ("nom", "gen", "dat", "acc", "ins", "loc")


def allowed_placeholders(names: Iterable[str], language: str) -> set[str]:
    """Returns the placeholders a translation may use for these msgid placeholders ({x} and its forms)."""
    allowed: set[str] = set()
    for name in names:
        allowed.add(name)
        allowed.update(f"{name}_{form}" for form in FORMS.get(language, ()))
    return allowed


def base_placeholder(name: str, language: str) -> str:
    """Returns the msgid placeholder a form stands for ("card_acc" → "card" in pl); the name itself otherwise."""
    for form in FORMS.get(language, ()):
        if name.endswith("_" + form):
            return name[: -len(form) - 1]
    return name


def language_of(translations: object) -> str | None:
    """Returns the language code of a translator ("pl"), read from ``.language`` or the catalog header; None if unknown."""
    code = getattr(translations, "language", None)
    if not isinstance(code, str) or not code:
        info = getattr(translations, "info", None)
        code = info().get("language") if callable(info) else None
    if not isinstance(code, str) or not code:
        return None
    return code.replace("_", "-").split("-")[0].lower()


# --- Hungarian: the definite article ---------------------------------------------------------

_HU_VOWELS = frozenset("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")
_LEADING_PUNCTUATION = "„“”\"'‚‘’»«(["
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_ROMAN_TOKEN = re.compile(r"(?=[IVXLCDM])M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})(?![A-Za-zÀ-ž])")
# A French card in short form starts with its rank letter: A = ász, K = király, Q = dáma, J = bubi;
# a Hungarian card in notation with U = alsó, O = felső (then an optional suit letter).
_CARD_LETTER = re.compile(r"([AKQJUO])(?:[hbla]|[♠♥♦♣])?(?![A-Za-zÀ-ž])")
_HU_LETTER_READING = {"A": "ász", "K": "király", "Q": "dáma", "J": "bubi", "U": "alsó", "O": "felső"}


def _roman_value(token: str) -> int:
    total = 0
    for i, char in enumerate(token):
        value = _ROMAN[char]
        if i + 1 < len(token) and _ROMAN[token[i + 1]] > value:
            total -= value
        else:
            total += value
    return total


def hu_number_starts_with_vowel(number: int) -> bool:
    """Tells whether a number, read in Hungarian (cardinal or ordinal), starts with a vowel.

    Only *egy* (1), *öt* (5) and *ezer* (1000) start with a vowel, so the reading's first
    word decides: 1, 5, 50–59, 500–599, 1000–1999, 5000…, 1 000 000–1 999 999 (*egymillió*)
    take *az*; 0 (*nulla*), 10–19 (*tíz*), 100–199 (*száz*) and the rest take *a*.
    """
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValueError(f"a number must be a whole number, not {number!r}")
    n = abs(number)
    if n == 0:
        return False
    # Millions and thousands: the leading group is read first (egymillió, ezer, ötezer, kétezer).
    for size, one_reads_with_vowel in ((1_000_000, True), (1000, True)):
        if n >= size:
            lead = n // size
            return True if lead == 1 and one_reads_with_vowel else hu_number_starts_with_vowel(lead)
    if n >= 100:
        lead = n // 100
        return False if lead == 1 else hu_number_starts_with_vowel(lead)  # száz, kétszáz, ötszáz
    if n >= 10:
        return n // 10 == 5  # tíz, húsz, …, ötven, …
    return n in (1, 5)  # egy, öt


def hu_article(word_or_number: str | int) -> str:
    """Returns the Hungarian definite article, "a" or "az", for a word, number or card as it is read."""
    if isinstance(word_or_number, bool):
        raise ValueError("an article is needed for a word or a number, not a truth value")
    if isinstance(word_or_number, int):
        return "az" if hu_number_starts_with_vowel(word_or_number) else "a"
    if not isinstance(word_or_number, str):
        raise ValueError(f"an article is needed for a word or a number, not {type(word_or_number).__name__}")
    text = word_or_number.strip().lstrip(_LEADING_PUNCTUATION).lstrip()
    if not text:
        raise ValueError("an article is needed for a word, not an empty text")
    digits = re.match(r"\d[\d\s.\u00a0]*", text)
    if digits:
        # "1.", "5♣", "10♦", "1 000": the number as it is read.
        number = int(re.sub(r"\D", "", digits.group().split(".")[0]) or "0")
        return "az" if hu_number_starts_with_vowel(number) else "a"
    roman = _ROMAN_TOKEN.match(text)
    if roman and roman.group():
        return "az" if hu_number_starts_with_vowel(_roman_value(roman.group())) else "a"
    letter = _CARD_LETTER.match(text)
    if letter:
        return hu_article(_HU_LETTER_READING[letter.group(1)])
    return "az" if text[0] in _HU_VOWELS else "a"


def hu_with_article(text: str) -> str:
    """Puts the definite article before a player, card or word: "3. játékos" → "a 3. játékos"."""
    return f"{hu_article(text)} {text}"


# --- Polish: cases of card names and players -------------------------------------------------

# Rank nouns in every case, with their gender. The "m" nouns are animate in card talk
# ("zagraj asa, króla, waleta"), so their accusative is the genitive.

def _pl_ka(stem: str) -> dict[str, str]:
    # siódemka: siódemki, siódemce, siódemkę, siódemką, siódemce
    return {"nom": stem + "ka", "gen": stem + "ki", "dat": stem + "ce", "acc": stem + "kę",
            "ins": stem + "ką", "loc": stem + "ce"}


def _pl_indeclinable(word: str) -> dict[str, str]:
    return dict.fromkeys(CASES, word)


# dwójka … dziesiątka: feminine nouns in -ka.
_PL_FEMININE_KA = {"2": "dwój", "3": "trój", "4": "czwór", "5": "piąt", "6": "szóst", "7": "siódem",
                   "8": "ósem", "9": "dziewiąt", "10": "dziesiąt"}
_PL_RANKS: dict[str, tuple[dict[str, str], str]] = {
    rank: (_pl_ka(stem), "f") for rank, stem in _PL_FEMININE_KA.items()
}
_PL_RANKS["J"] = ({"nom": "walet", "gen": "waleta", "dat": "waletowi", "acc": "waleta", "ins": "waletem",
                   "loc": "walecie"}, "m")
_PL_RANKS["Q"] = ({"nom": "dama", "gen": "damy", "dat": "damie", "acc": "damę", "ins": "damą",
                   "loc": "damie"}, "f")
_PL_RANKS["K"] = ({"nom": "król", "gen": "króla", "dat": "królowi", "acc": "króla", "ins": "królem",
                   "loc": "królu"}, "m")
_PL_RANKS["A"] = ({"nom": "as", "gen": "asa", "dat": "asowi", "acc": "asa", "ins": "asem", "loc": "asie"}, "m")
# The Hungarian deck's Unter and Ober keep their Hungarian names (alsó, felső), which do not decline.
_PL_RANKS["U"] = (_pl_indeclinable("alsó"), "m")
_PL_RANKS["O"] = (_pl_indeclinable("felső"), "m")

# French suits are indeclinable in card names ("króla kier", "damą pik").
_PL_FRENCH_SUITS = {"c": "trefl", "d": "karo", "h": "kier", "s": "pik"}
# German suits as adjectives (czerwień → czerwienny, dzwonek → dzwonkowy, wino → winny,
# żołądź → żołędny), agreeing with the rank noun.
_PL_GERMAN_SUIT_STEMS = {"h": "czerwienn", "b": "dzwonkow", "l": "winn", "a": "żołędn"}
_PL_ADJECTIVE_ENDINGS = {
    "m": {"nom": "y", "gen": "ego", "dat": "emu", "acc": "ego", "ins": "ym", "loc": "ym"},
    "f": {"nom": "a", "gen": "ej", "dat": "ej", "acc": "ą", "ins": "ą", "loc": "ej"},
}
_PL_DECK_RANKS = {"french": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
                  "hungarian": ("7", "8", "9", "10", "U", "O", "K", "A")}


def _check_case(case: str) -> None:
    if case not in CASES:
        raise ValueError(f"unknown case {case!r} (known: {', '.join(CASES)})")


def _check_card(rank: str, suit: str, deck: Art) -> None:
    if deck not in _PL_DECK_RANKS:
        raise ValueError(f"unknown deck {deck!r} (known: {', '.join(_PL_DECK_RANKS)})")
    suits = _PL_FRENCH_SUITS if deck == "french" else _PL_GERMAN_SUIT_STEMS
    if rank not in _PL_DECK_RANKS[deck] or suit not in suits:
        raise ValueError(f"{rank}{suit} is not a card of the {deck} deck")


def pl_rank_noun(rank: str, deck: Art, case: str = "nom") -> str:
    """Returns the Polish noun of a rank in a case ("7", acc → "siódemkę"; "K", ins → "królem")."""
    _check_case(case)
    if deck not in _PL_DECK_RANKS or rank not in _PL_DECK_RANKS[deck]:
        raise ValueError(f"{rank!r} is not a rank of the {deck!r} deck")
    return _PL_RANKS[rank][0][case]


def pl_rank_gender(rank: str, deck: Art) -> str:
    """Returns the grammatical gender of a Polish rank noun: "m" (walet, król, as, alsó) or "f" (siódemka, dama)."""
    if deck not in _PL_DECK_RANKS or rank not in _PL_DECK_RANKS[deck]:
        raise ValueError(f"{rank!r} is not a rank of the {deck!r} deck")
    return _PL_RANKS[rank][1]


def pl_card_name(rank: str, suit: str, deck: Art, case: str = "nom") -> str:
    """Names a card in Polish in a case: ("K", "h", "french", "gen") → "króla kier"; Hungarian
    ("7", "h", "hungarian", "acc") → "siódemkę czerwienną"."""
    _check_case(case)
    _check_card(rank, suit, deck)
    noun, gender = _PL_RANKS[rank]
    if deck == "french":
        return f"{noun[case]} {_PL_FRENCH_SUITS[suit]}"
    return f"{noun[case]} {_PL_GERMAN_SUIT_STEMS[suit]}{_PL_ADJECTIVE_ENDINGS[gender][case]}"


_PL_PLAYER = {"nom": "gracz", "gen": "gracza", "dat": "graczowi", "acc": "gracza", "ins": "graczem", "loc": "graczu"}


def pl_player(number: int, case: str = "nom") -> str:
    """Names player N in Polish in a case: (3, "dat") → "graczowi 3" (the catalog says "gracz {number}")."""
    _check_case(case)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ValueError(f"a player number is a whole number from 1, not {number!r}")
    return f"{_PL_PLAYER[case]} {number}"


# --- Danish: gender of card names --------------------------------------------------------------

# Every Danish rank noun is common gender (en toer, en knægt, en dame, en konge, en alsó),
# except the ace: et es (seed 002: "Et andet es skifter kuløren igen").
_DA_NEUTER_RANKS = frozenset({"A"})


def da_gender(rank: str) -> str:
    """Returns the gender of a Danish card name by its rank: "neuter" for the ace (et es), else "common"."""
    if not isinstance(rank, str) or not rank:
        raise ValueError(f"a rank is text like 'A' or '7', not {rank!r}")
    return "neuter" if rank.upper() in _DA_NEUTER_RANKS else "common"


def da_indefinite(rank: str) -> str:
    """Returns the Danish indefinite article of a card: "et" (es), "en" (knægt, 7'er)."""
    return "et" if da_gender(rank) == "neuter" else "en"


def da_another(rank: str, name: str) -> str:
    """Writes "another <card>" in Danish: ("A", "es") → "et andet es"; ("J", "knægt") → "en anden knægt"."""
    return f"{'et andet' if da_gender(rank) == 'neuter' else 'en anden'} {name}"


# --- values for the builder ----------------------------------------------------------------------

def player_forms(language: str, name: str, text: str, number: int | None = None) -> dict[str, str]:
    """Returns the extra placeholders of an inserted player: hu {name_the}; pl {name_gen} … {name_loc}.

    Without a number (a name already written out, "gracz 1 (ty)") the Polish forms are the text
    as given, and a Hungarian text that already starts with its article keeps it.
    """
    if language == "hu":
        has_article = re.match(r"(?:az?)\s", text.strip(), re.IGNORECASE) is not None
        # The article goes before a numbered player ("az 1. játékos (te)"), never before a pronoun ("te").
        pronoun = number is None and not text.strip()[:1].isdigit()
        return {f"{name}_the": text if has_article or pronoun else hu_with_article(text)}
    if language == "pl":
        if number is None:
            return {f"{name}_{case}": text for case in FORMS["pl"]}
        return {f"{name}_{case}": pl_player(number, case) for case in FORMS["pl"]}
    return {}


def number_forms(language: str, name: str, number: int) -> dict[str, str]:
    """Returns the extra placeholders of an inserted number: hu {name_the} ("az 1", "a 2"), for "{place_the}. helyen"."""
    if language == "hu":
        return {f"{name}_the": f"{hu_article(number)} {number}"}
    return {}


def card_forms(language: str, name: str, text: str, rank: str, suit: str, deck: Art,
               shown_by_name: bool) -> dict[str, str]:
    """Returns the extra placeholders of an inserted card.

    ``text`` is the card as the sentence shows it (``K♥``, or a full name for the Hungarian
    deck: ``shown_by_name``). Short forms like ``K♥`` do not decline in Polish, so every case
    is the short form; full names are declined.
    """
    if language == "hu":
        return {f"{name}_the": hu_with_article(text)}
    if language == "pl":
        if shown_by_name:
            return {f"{name}_{case}": pl_card_name(rank, suit, deck, case) for case in FORMS["pl"]}
        return {f"{name}_{case}": text for case in FORMS["pl"]}
    if language == "da":
        return {f"{name}_another": da_another(rank, text)}
    return {}


class _WithForms(dict[str, object]):
    """Placeholder values where a form nobody computed ({seat_the}) falls back to its plain word ({seat})."""

    def __init__(self, values: Mapping[str, object], language: str) -> None:
        super().__init__(values)
        self.language = language

    def __missing__(self, key: str) -> object:
        base = base_placeholder(key, self.language)
        if base != key and base in self:
            return self[base]
        raise KeyError(key)


def fill(template: str, language: str | None, values: Mapping[str, object]) -> str:
    """Formats a translated sentence; a form missing from ``values`` is written as its plain word."""
    return template.format_map(_WithForms(values, language or ""))


def capitalise(sentence: str) -> str:
    """Capitalises a sentence's first letter ("az 1. játékos következik" → "Az 1. játékos következik")."""
    return sentence[:1].upper() + sentence[1:]
