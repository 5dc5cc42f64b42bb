"""Sentences for a ruleset the app refused (an upload or a house-rules edit), built from the engine's code.

The engine refuses a ruleset with ``engine.guard.RulesetInputError``: a code (a key of
``engine.guard.RULESET_MESSAGES``) and params, the field named by its TOML path. Its English text
is for the command line; this module writes the sentence in the session's language from code
and params, so a Polish user never reads the engine's English. Values that came from the file are
cut short and escaped for Markdown (``st.error`` renders Markdown).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.cards import FRENCH, HUNGARIAN
from ui.present.cards import card_short
from ui.present.i18n import Translator
from ui.present.problems import quoted
from ui.present.rules_text import escape_markdown

# A refused ruleset without a code (an error the reader raised before codes existed) gets this.
FALLBACK = "invalid"


def _number(params: Mapping[str, Any], key: str) -> int:
    value = params.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def value_text(params: Mapping[str, Any], tr: Translator) -> str:
    """Writes the refused value in the session's language: a short number, a cut text, or a type."""
    kind = params.get("value_kind")
    text = str(params.get("value_text", ""))
    if kind == "number":
        digits = _number(params, "value_digits")
        if digits:
            return tr.ngettext("a number of about {count} digit", "a number of about {count} digits",
                               digits).format(count=digits)
        return escape_markdown(text)
    if kind == "text":
        length = _number(params, "value_length")
        if length > len(text):
            return tr.ngettext("{text} ({count} character)", "{text} ({count} characters)", length).format(
                text=quoted(text + "…", tr), count=length)
        return quoted(text, tr)
    if kind == "other":
        return escape_markdown(type_text(text, tr))
    return quoted(params.get("value", ""), tr)


def type_text(name: str, tr: Translator) -> str:
    """Names a TOML value's type for people (``str`` → "a text")."""
    _ = tr.gettext
    names = {
        "str": _("a text"),
        "int": _("a whole number"),
        "bool": _("true or false"),
        "True": _("true"),
        "False": _("false"),
        "list": _("a list"),
        "dict": _("a table"),
        "float": _("a decimal number"),
        "datetime": _("a date and time"),
        "date": _("a date"),
        "time": _("a time of day"),
    }
    return names.get(name, name)


def _field(params: Mapping[str, Any], tr: Translator) -> str:
    return quoted(params.get("field", ""), tr)


def pattern_card(value: Any, tr: Translator) -> str:
    """Names a card a ruleset writes in notation (``Ks``) as a player reads it (K♠); other text is quoted."""
    for deck in (FRENCH, HUNGARIAN):
        try:
            return card_short(deck.parse(str(value)), deck)
        except (ValueError, KeyError):
            continue
    return quoted(value, tr)


def _sentences(tr: Translator) -> dict[str, Callable[[Mapping[str, Any]], str]]:
    """One sentence per code of engine.guard.RULESET_MESSAGES (and the fallback)."""
    return {**_limit_sentences(tr), **_field_sentences(tr), **_card_rule_sentences(tr)}


def _limit_sentences(tr: Translator) -> dict[str, Callable[[Mapping[str, Any]], str]]:
    """The sentences on a file's limits: ranges, lengths, depth, size, encoding, TOML."""
    _ = tr.gettext

    def f(p: Mapping[str, Any]) -> str:
        return _field(p, tr)

    return {
        "out_of_range": lambda p: _("The field {field} must be between {low} and {high}, not {value}.").format(
            field=f(p), low=p.get("low"), high=p.get("high"), value=value_text(p, tr)),
        "text_length": lambda p: tr.ngettext(
            "The field {field} must be {low} to {high} characters long; it has {count} character.",
            "The field {field} must be {low} to {high} characters long; it has {count} characters.",
            _number(p, "length")).format(field=f(p), low=p.get("low"), high=p.get("high"), count=p.get("length")),
        "entry_count": lambda p: tr.ngettext(
            "The field {field} must hold {low} to {high} entries; it holds {count}.",
            "The field {field} must hold {low} to {high} entries; it holds {count}.",
            _number(p, "count")).format(field=f(p), low=p.get("low"), high=p.get("high"), count=p.get("count")),
        "key_length": lambda p: tr.ngettext(
            "The field {field} has a name longer than {count} character.",
            "The field {field} has a name longer than {count} characters.",
            _number(p, "high")).format(field=f(p), count=p.get("high")),
        "field_too_deep": lambda p: tr.ngettext(
            "The field {field} is nested more than {count} level deep.",
            "The field {field} is nested more than {count} levels deep.",
            _number(p, "limit")).format(field=f(p), count=p.get("limit")),
        "too_deep": lambda p: tr.ngettext(
            "The file is nested more than {count} level deep.",
            "The file is nested more than {count} levels deep.",
            _number(p, "limit")).format(count=p.get("limit")),
        "number_too_long": lambda p: tr.ngettext(
            "The file holds a number of more than {count} digit.",
            "The file holds a number of more than {count} digits.",
            _number(p, "limit")).format(count=p.get("limit")),
        "too_large": lambda p: _("The file is larger than {limit} KiB.").format(limit=p.get("limit")),
        "not_text": lambda p: _("The file is not text."),
        "not_utf8": lambda p: _("The file is not UTF-8 text."),
        "not_toml": lambda p: _("The file is not valid TOML (line {line}, column {column}).").format(
            line=p.get("line"), column=p.get("column")),
        "key_too_long": lambda p: tr.ngettext(
            "The file has a dotted key of more than {count} part (line {line}).",
            "The file has a dotted key of more than {count} parts (line {line}).",
            _number(p, "limit")).format(count=p.get("limit"), line=p.get("line")),
    }


def _field_sentences(tr: Translator) -> dict[str, Callable[[Mapping[str, Any]], str]]:
    """The sentences on the fields: missing, of the wrong type or value, unknown."""
    _ = tr.gettext

    def f(p: Mapping[str, Any]) -> str:
        return _field(p, tr)

    return {
        "not_table": lambda p: (_("The field {field} must be a table.").format(field=f(p)) if p.get("field")
                                else _("The file must hold a table of fields.")),
        "missing": lambda p: _("The field {field} is missing.").format(field=f(p)),
        "wrong_type": lambda p: _("The field {field} must be {expected}, not {found}.").format(
            field=f(p), found=type_text(str(p.get("type", "")), tr),
            expected=tr.format_list([type_text(k, tr) for k in str(p.get("expected", "")).split(", ") if k],
                                    style="or")),
        "not_one_of": lambda p: _("The field {field} must be one of {options}, not {value}.").format(
            field=f(p), options=escape_markdown(str(p.get("options", ""))), value=value_text(p, tr)),
        "unknown_field": lambda p: _("The file has a field these rules do not know: {field}.").format(field=f(p)),
        "not_pattern": lambda p: _("The field {field} holds {value}, which is neither a rank nor a card of the "
                                   "ruleset's deck.").format(field=f(p), value=value_text(p, tr)),
        "pattern_key": lambda p: _("The field {field} is neither a rank nor a card of the ruleset's deck.").format(
            field=f(p)),
        "players_range": lambda p: _("The field {field} must give the fewest and the most players, from {low} "
                                     "to {high}, the fewest first.").format(field=f(p), low=p.get("low"),
                                                                            high=p.get("high")),
        "not_pairs": lambda p: _("The field {field} must be a list of pairs: from how many players, how many "
                                 "decks.").format(field=f(p)),
        "empty_class": lambda p: _("The field {field} must list at least one rank or card.").format(field=f(p)),
        "two_classes": lambda p: _("The field {field} puts the card {card} in two groups.").format(
            field=f(p), card=quoted(p.get("card", ""), tr)),
    }


def _card_rule_sentences(tr: Translator) -> dict[str, Callable[[Mapping[str, Any]], str]]:
    """The sentences on the card rules that contradict each other, and the fallback."""
    _ = tr.gettext

    def f(p: Mapping[str, Any]) -> str:
        return _field(p, tr)

    return {
        "run_length": lambda p: _("The field {field} must be 0 for no runs, or the fewest cards of a run: from "
                                  "{low} to {high} (the number of ranks in the ruleset's deck).").format(
            field=f(p), low=p.get("low"), high=p.get("high")),
        "not_ranks": lambda p: _("The field {field} must list ranks of the ruleset's deck.").format(field=f(p)),
        "rank_wish_only": lambda p: _("The field {field} is only for a card that demands a rank.").format(
            field=f(p)),
        "draw_and_skip": lambda p: _("The field {field}: one card cannot both make players draw and make them "
                                     "sit out.").format(field=f(p)),
        "wish_with_attack": lambda p: _("The field {field}: a card that attacks cannot also make a wish.").format(
            field=f(p)),
        "cover_with_effect": lambda p: _("The field {field}: a card its player must cover cannot also attack, "
                                         "make a wish or be wild.").format(field=f(p)),
        "at_once_defended": lambda p: _("The field {field}: the card {card} is taken at once, so no defence rule "
                                        "may answer it.").format(field=f(p), card=pattern_card(p.get("card", ""), tr)),
        "cover_rank_mixed": lambda p: _("The field {field}: the cards of one rank go down together, so cards to "
                                        "cover cannot share a rank with cards that attack, wish or are wild.").format(
            field=f(p)),
        "card_points_values": lambda p: _("The field {field} must give whole points to ranks of the ruleset's "
                                          "deck, not to {value}.").format(field=f(p), value=value_text(p, tr)),
        "card_points_missing": lambda p: _("The field {field} must give points for every rank.").format(
            field=f(p)),
        "no_starter": lambda p: tr.ngettext(
            "With {count} player, the field {field} leaves no card to start the pile.",
            "With {count} players, the field {field} leaves no card to start the pile.",
            _number(p, "count")).format(field=f(p), count=p.get("count")),
        "unreadable": lambda p: _("The file cannot be read."),
        "invalid_field": lambda p: _("The field {field} holds a value these rules cannot use.").format(field=f(p)),
        FALLBACK: lambda p: _("These rules cannot be used."),
    }


def refusal_codes(tr: Translator) -> tuple[str, ...]:
    """Lists the codes this module writes a sentence for (every ruleset code, and the fallback)."""
    return tuple(_sentences(tr))


def ruleset_refusal_text(code: str, params: Mapping[str, Any], tr: Translator, file_name: str = "") -> str:
    """Says why a ruleset was refused, in the session's language; names the uploaded file if there is one."""
    sentences = _sentences(tr)
    try:
        sentence = sentences.get(code, sentences[FALLBACK])(params)
    except (KeyError, ValueError, TypeError, IndexError):   # params of another shape: still a sentence
        sentence = sentences[FALLBACK]({})
    if not file_name:
        return sentence
    return tr.gettext("{file}: {problem}").format(file=quoted(file_name, tr), problem=sentence)
