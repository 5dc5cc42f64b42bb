"""The sentence patterns a native reader found wrong (review of pl, da, hu, 2026-12-02): each is held
for the whole catalog, and the reviewer's reproductions read as proposed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.cards import DeckKind
from engine.coach.search import CoachReason
from engine.moves import parse_move
from engine.position import position_from_json
from engine.rules import check
from engine.ruleset import load_ruleset
from engine.verdicts import Event, Verdict
from ui.present import grammar
from ui.present.coach_text import describe_coach_reason
from ui.present.describer import describer
from ui.present.i18n import translator
from ui.present.reasons import describe_event

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("pl", "da", "hu")
QUOTES = "„»\"“”«"
# Labels whose code writes the call word with a capital (ui/present/widget_text.py:call_button_label).
CAPITALISED_BY_CODE = {'Say "{word}!"'}


def messages(language: str) -> list[tuple[str | None, tuple[str, ...], tuple[str, ...]]]:
    """(context, msgids, msgstrs) of every translated entry of a catalog."""
    with (ROOT / "locales" / language / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    out = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out.append((message.context, ids, tuple(s for s in strings if s)))
    return out


def starts_with_call(text: str) -> bool:
    """A sentence of the text starts with the call word, which may be lower case ("makao" of pl)."""
    return any(part.lstrip(QUOTES).startswith("{word")
               for part in [text, *re.split(r"(?<=[.!?])\s+", text)[1:]])


# --- L1: a sentence never starts with the call word ---------------------------------------------

@pytest.mark.parametrize("language", LANGUAGES)
def test_no_sentence_or_label_starts_with_the_call_word(language: str) -> None:
    # The call word of pl, pl-trad and pl-devdo is "makao" in lower case: first in a sentence or a
    # button's label it would start it in lower case („makao” bemondása nélkül …).
    bad = [(ids[0], text) for _, ids, strings in messages(language) for text in strings
           if ids[0][:1].isupper() and ids[0] not in CAPITALISED_BY_CODE and starts_with_call(text)]
    assert not bad, bad


def test_the_reviews_polish_makao_verdict_starts_every_hungarian_sentence_with_a_capital() -> None:
    why = describer("hu").verdict(*_verdict("pl", {"hands": [["5d", "9s"], ["8h", "9c"]], "pile": ["6d"]}, "play 5d"))
    sentences = re.split(r"(?<=[.!?])\s+", why)
    assert len(sentences) == 2 and all(s.lstrip(QUOTES)[:1].isupper() for s in sentences), why
    assert sentences[1] == "Ha nem mondod be: „makao”, ez 5 büntetőlapba kerül."


def _verdict(variant: str, fields: dict, notation: str) -> tuple[Verdict, DeckKind]:
    rules = load_ruleset(variant)
    state = position_from_json({"variant": variant, "to_move": 0, **fields})
    return check(state, parse_move(notation, rules.deck)), rules.deck


# --- M1: the cover sentence states the obligation, and its verb is whole ---------------------------

def test_no_hungarian_cover_sentence_cuts_its_verb_short() -> None:
    # "amíg le nem tudja" lacks "fedni": the verb is cut short (ru-101's cover narration).
    bad = [text for _, _, strings in messages("hu") for text in strings
           if re.search(r"amíg le nem tud\w*\b(?! fedni)", text)]
    assert not bad, bad


def test_the_cover_narration_says_the_player_must_cover() -> None:
    text = describe_event(Event("to_cover", {"seat": 0, "card": "9h"}), load_ruleset("ru-101").deck, translator("hu"))
    assert text == ("Az 1. játékos köteles lefedni a 9♥ lapot egy azonos színű vagy értékű lappal; "
                    "addig húz, amíg le nem tudja fedni.")


# --- L2: the coach's "next best" apposition agrees in case ------------------------------------------

def test_no_hungarian_apposition_follows_a_word_in_another_case() -> None:
    # "a második legjobbal, {other}," puts the move's name (nominative) beside an instrumental.
    bad = [text for _, _, strings in messages("hu") for text in strings
           if re.search(r"\w(?:val|vel|bal|bel|ban|ben|nak|nek|ról|ről)\s*, \{other", text)]
    assert not bad, bad


@pytest.mark.parametrize(("objective", "expected"), [
    ("not_loser", "; a második legjobb lépéssel (egy lap húzása) 63%-ban."),
    ("penalty", "; a második legjobb lépéssel (egy lap húzása) átlagosan 6,0 ponttal."),
])
def test_the_hungarian_coach_names_the_next_best_move_in_brackets(objective: str, expected: str) -> None:
    value, other = (0.71, 0.63) if objective == "not_loser" else (4, 6)
    rules = load_ruleset("pl-trad")
    best = parse_move("play 3s", rules.deck)
    reason = CoachReason("better_by", {"objective": objective, "move": "play 3s", "value": value,
                                       "other": "draw", "other_value": other})
    text = describe_coach_reason(reason, rules, 3, translator("hu"), best=best)
    assert text.endswith(expected), text


# --- L7: da, the coach's best move and its numbers stand apart ---------------------------------------

def test_the_danish_coach_puts_a_dash_between_the_best_move_and_its_numbers() -> None:
    # {move} may end with a call ("5♦, og sig »makao«"): a clause after it would hang on the call.
    bad = [text for _, ids, strings in messages("da") for text in strings
           if ids[0].startswith("Best: {move}") and not text.startswith("Bedst: {move} — ")]
    assert not bad, bad


# --- L3: the last turn of sitting out is said, and the count takes its plural -----------------------

@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_last_turn_of_sitting_out_has_no_zero(language: str) -> None:
    deck = load_ruleset("da").deck
    t = translator(language)
    for you in (None, 1):
        text = describe_event(Event("passed_over", {"seat": 1, "left": 0}), deck, t, you=you)
        assert "0" not in text and text[:1].isupper(), text


@pytest.mark.parametrize(("left", "expected"), [(1, "zostaje jeszcze 1 kolejka"), (2, "zostają jeszcze 2 kolejki"),
                                                (5, "zostaje jeszcze 5 kolejek")])
def test_the_turns_left_to_sit_out_take_the_polish_plural(left: int, expected: str) -> None:
    text = describe_event(Event("passed_over", {"seat": 1, "left": left}), load_ruleset("pl").deck, translator("pl"))
    assert text == f"Gracz 2 czeka tę kolejkę ({expected}).", text


# --- L4: hu, a numbered player takes its article --------------------------------------------------

def test_no_hungarian_sentence_ends_with_a_player_after_a_colon() -> None:
    # "Következik: 2. játékos." has no article; "A 2. játékos következik." has ({seat_the}).
    bad = [text for _, _, strings in messages("hu") for text in strings
           if re.search(r": \{(?:seat|player|names|winner|loser|by|target)\}[.!]?$", text)]
    assert not bad, bad


@pytest.mark.parametrize(("seat", "expected"), [(0, "Az 1. játékos következik."), (1, "A 2. játékos következik."),
                                                (4, "Az 5. játékos következik."), (5, "A 6. játékos következik.")])
def test_the_hungarian_article_before_a_seat_number_agrees(seat: int, expected: str) -> None:
    text = describe_event(Event("turn", {"seat": seat}), load_ruleset("hu").deck, translator("hu"))
    assert text == expected


def test_the_hungarian_match_winner_takes_the_article_of_each_name() -> None:
    t = translator("hu")
    names = ["1. játékos", "3. játékos"]
    forms = [grammar.player_forms("hu", "x", n, int(n[0]))["x_the"] for n in names]
    text = t.ngettext("{names} wins the match.", "{names} win the match.", 2).format(
        names=t.format_list(names), names_the=t.format_list(forms))
    assert text == "A partit az 1. játékos és a 3. játékos nyerték."


# --- L5, L6, L9: Danish words ----------------------------------------------------------------------

def test_the_draw_pile_has_a_context_of_its_own() -> None:
    assert translator("da").pgettext("draw pile", "Deck") == "Trækbunken"
    assert translator("da").gettext("Deck") == "Kortene"      # the Rules section: the cards of the variant


# --- L10: hu, a demanded rank of the Hungarian deck is named as the king is ---------------------------

def test_a_hungarian_demand_names_a_numbered_rank_by_its_word() -> None:
    deck = load_ruleset("hu").deck
    demand = describe_event(Event("wish_set", {"by": 1, "kind": "rank", "rank": "7"}), deck, translator("hu"))
    king = describe_event(Event("wish_set", {"by": 1, "kind": "rank", "rank": "K"}), deck, translator("hu"))
    assert demand == "A 2. játékos ezt kéri: hetes (VII).", demand
    assert king == "A 2. játékos ezt kéri: király.", king
    # Polish keeps the numeral of the card ("żąda: VII"); the French deck writes 7.
    assert "VII" in describe_event(Event("wish_set", {"by": 1, "kind": "rank", "rank": "7"}), deck, translator("pl"))


# --- L8: a player's name inside a sentence is in lower case ------------------------------------------

@pytest.mark.parametrize(("language", "expected"), [("en", "What player 1 may do"), ("pl", "Co może zrobić gracz 1"),
                                                    ("da", "Hvad spiller 1 må gøre"), ("hu", "Az 1. játékos lehetőségei")])
def test_the_sandbox_writes_a_player_inside_a_sentence_in_lower_case(language: str, expected: str) -> None:
    from ui.sandbox.texts import seat_forms

    t = translator(language)
    assert grammar.capitalise(t.gettext("What {player} may do").format(**seat_forms("player", 0, t))) == expected


@pytest.mark.parametrize("language", ["pl", "da"])
def test_no_match_result_puts_the_names_after_a_colon(language: str) -> None:
    # "Partię wygrywa: Gracz 4." — the names stand in the sentence, as Play writes them ("gracz 4").
    bad = [text for _, ids, strings in messages(language) for text in strings
           if "the match" in ids[0] and re.search(r": \{names\}", text)]
    assert not bad, bad
