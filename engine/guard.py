"""The one guarded way in for text a user hands the app: codes, position JSON, ruleset TOML, uploads, moves.

Every reader here checks sizes *before* decoding, then decodes so that every failure — Python's
4,300-digit limit on integer strings (a plain ``ValueError``, also raised inside ``json.loads``),
``RecursionError`` from deep nesting, a truncated zlib stream, a wrong type — becomes one of the
engine's own errors carrying a ``code`` (which the UI translates) and ``params``, with an English
text for the command line. The entry points route through this module:

=====================  ==========================================  ===========================
input                  entry point                                  guard function
=====================  ==========================================  ===========================
share code ``?pos=``   ``engine.position.decode_share_code``        ``unpack_code``
quiz / progress code   ``engine.packing.unpack_json``               ``unpack_code``
position JSON text     ``engine.position.parse_position``           ``load_json``
ruleset TOML text      ``engine.ruleset.load_ruleset_text``         ``load_toml``
an uploaded file       (the page, then one of the above)            ``upload_text``
move notation          ``read_move``                                ``move_text``
a query parameter      (the page: ``?lang=``, ``?variant=``)         ``read_choice``
=====================  ==========================================  ===========================

Stdlib only; imports nothing of ours but the errors and the move parser.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import sys
import tomllib
import zlib
from collections.abc import Sequence
from typing import Any

from engine.cards import DeckKind
from engine.errors import NotationError, RulesetError
from engine.moves import Move, parse_move

MAX_JSON_BYTES = 64 * 1024  # position JSON text; also the unpacked size of a share code
MAX_TOML_BYTES = 64 * 1024  # a ruleset file (the house-rules upload)
MAX_TOML_DEPTH = 4  # cards → "2" → wish_values → a rank: four levels below the top
MAX_TOML_KEY_PARTS = 10  # parts of one dotted key (cards.2.draw has 3); tomllib is quadratic in them
MAX_JSON_DEPTH = 20  # position JSON nests 3 deep; codes 3; anything deeper is not ours
MAX_INT_DIGITS = 100  # seeds and counts; Python itself refuses more than 4,300 digits
MAX_MOVE_CHARS = 200  # "play 10h 10c 10d 10s demand 7 makao" is 35

# The English text of every code; the UI translates by code, the command line prints the text.
# Each text follows "the <thing> " (the share code, the position, the ruleset file, ...).
MESSAGES = {
    "empty": "is empty",
    "not_text": "is not text",
    "too_long": "is too long (more than {limit} characters)",
    "too_large": "is larger than {limit} KiB",
    "wrong_prefix": "does not start with {prefix}",
    "only_prefix": "holds nothing after {prefix}",
    "not_base64": "is not base64url text (letters, digits, - and _)",
    "truncated": "is cut short: its end is missing (copy the whole code or link)",
    "corrupt": "is damaged and does not decompress",
    "trailing": "has extra characters after its end",
    "unpacks_too_large": "unpacks to more than {limit} KiB",
    "not_utf8": "is not UTF-8 text",
    "not_json": "is not valid JSON (line {line}, column {column})",
    "not_object": "does not hold a JSON object",
    "too_deep": "is nested more than {limit} levels deep",
    "number_too_long": "holds a number of more than {limit} digits",
    "not_toml": "is not valid TOML (line {line}, column {column})",
    "not_offered": "must be one of {options}, not {value}",
}

# The English text of every code a refused ruleset carries (RulesetInputError), after "<origin>: ".
RULESET_MESSAGES = {
    "out_of_range": "field '{field}' must be between {low} and {high}, not {value}",
    "text_length": "field '{field}' must be {low} to {high} characters long, not {length}",
    "entry_count": "field '{field}' must hold {low} to {high} entries, not {count}",
    "key_length": "field '{field}' has a name longer than {high} characters",
    "field_too_deep": "field '{field}' is nested more than {limit} levels deep",
    "too_deep": "the file is nested more than {limit} levels deep",
    "number_too_long": "the file holds a number of more than {limit} digits",
    "too_large": "the file is larger than {limit} KiB",
    "not_text": "the file is not text",
    "not_utf8": "the file is not UTF-8 text",
    "not_toml": "the file is not valid TOML (line {line}, column {column})",
    "key_too_long": "the file has a dotted key of more than {limit} parts (line {line})",
    # the reader's own checks (engine/ruleset.py), once every field is within its range
    "not_table": "field '{field}' must be a table",
    "missing": "field '{field}' is missing",
    "wrong_type": "field '{field}' has the wrong type ({type})",
    "not_one_of": "field '{field}' must be one of {options}, not {value}",
    "unknown_field": "unknown field '{field}'",
    "not_pattern": "field '{field}' holds {value}, which is neither a rank nor a card of the {deck} deck",
    "pattern_key": "field '{field}' is neither a rank nor a card of the {deck} deck",
    "players_range": "field '{field}' must be [min, max] with {low} <= min <= max <= {high}",
    "not_pairs": "field '{field}' must be a list of [from_seats, decks] pairs",
    "empty_class": "field '{field}' must be a non-empty list of ranks or cards",
    "two_classes": "field '{field}' lists {card} in two classes",
    "run_length": "field '{field}' must be 0 (no runs) or from {low} to {high} (the ranks of the {deck} deck)",
    "not_ranks": "field '{field}' must list ranks of the {deck} deck",
    "rank_wish_only": "field '{field}' is only for a rank wish",
    "draw_and_skip": "field '{field}' and 'skip' must not both be set, nor negative",
    "wish_with_attack": "field '{field}' cannot go with an attack on the same card",
    "cover_with_effect": "field '{field}' cannot go with an attack, a wish or a wild card on the same card",
    "at_once_defended": "field '{field}': a {card} is taken at once, so no [[defence]] rule may answer it",
    "cover_rank_mixed": "field '{field}' mixes cards to cover with attacks, wishes or wild cards in one rank",
    "card_points_values": "field '{field}' maps ranks of the {deck} deck to whole numbers, not {value}",
    "card_points_missing": "field '{field}' must give points for every rank",
    "no_starter": "field '{field}' leaves no starter card with {count} players",
    "unreadable": "cannot be read ({reason})",
    "invalid_field": "field '{field}' {detail}",
}

# The coarse kind each code belongs to (what ``engine.packing.PackError.kind`` said before codes).
KINDS = {
    "empty": "empty",
    "not_text": "empty",
    "too_long": "format",
    "wrong_prefix": "format",
    "only_prefix": "format",
    "not_base64": "format",
    "not_offered": "format",
    "truncated": "corrupt",
    "corrupt": "corrupt",
    "trailing": "corrupt",
    "unpacks_too_large": "too_large",
    "too_large": "too_large",
    "not_utf8": "not_json",
    "not_json": "not_json",
    "not_object": "not_json",
    "too_deep": "not_json",
    "number_too_long": "not_json",
    "not_toml": "not_json",
}


class InputError(NotationError):
    """Text that cannot be read at all; ``code`` says why (a key of MESSAGES), ``params`` fill the text."""

    def __init__(self, code: str, what: str = "text", text: str | None = None, **params: Any):
        self.code, self.what, self.params = code, what, params
        super().__init__(f"the {what} {text if text is not None else MESSAGES[code].format(**params)}")

    @property
    def kind(self) -> str:
        """The coarse kind: empty, format, corrupt, too_large or not_json."""
        return KINDS.get(self.code, "format")


class RulesetInputError(RulesetError):
    """A ruleset that cannot be used; ``code`` (a key of RULESET_MESSAGES) and ``params`` for the UI."""

    def __init__(self, origin: str, code: str, text: str | None = None, **params: Any):
        self.origin, self.code, self.params = origin, code, params
        super().__init__(f"{origin}: {text if text is not None else RULESET_MESSAGES[code].format(**params)}")


def shown(value: Any, limit: int = 20) -> str:
    """Returns a short, safe rendering of a user's value for a message (never a 60,000-digit number)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() <= 100:  # up to 30 digits: shown whole
            return str(value)
        return f"a number of about {int((value.bit_length() - 1) * 0.30102999566) + 1} digits"
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + f"… ({len(value)} characters)"
    if isinstance(value, float):
        return repr(value)
    return f"a {type(value).__name__}"


def value_params(value: Any, limit: int = 20) -> dict[str, Any]:
    """Describes a user's value for a translated message: its kind, a short text and its size.

    ``shown`` writes the same value in English; these params let the UI write it in any language:
    ``value_kind`` is ``number`` (``value_text`` the digits, or ``value_digits`` for a huge one),
    ``text`` (``value_text`` cut to ``limit`` characters, ``value_length`` its length) or ``other``
    (``value_text`` the name of its type).
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() <= 100:
            return {"value_kind": "number", "value_text": str(value), "value_digits": 0}
        return {
            "value_kind": "number",
            "value_text": "",
            "value_digits": int((value.bit_length() - 1) * 0.30102999566) + 1,
        }
    if isinstance(value, str):
        return {"value_kind": "text", "value_text": value[:limit], "value_length": len(value)}
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return {"value_kind": "other", "value_text": repr(value)}
    return {"value_kind": "other", "value_text": type(value).__name__}


# ------------------------------------------------------------------------------ uploads, text


def upload_text(data: Any, what: str = "file", max_bytes: int = MAX_JSON_BYTES) -> str:
    """Returns uploaded bytes (or text) as text: the size is checked first, then UTF-8 (a BOM is dropped)."""
    if isinstance(data, str):
        if len(data) > max_bytes or len(data.encode("utf-8", "surrogatepass")) > max_bytes:
            raise InputError("too_large", what, limit=max_bytes // 1024)
        return data
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InputError("not_text", what)
    if len(data) > max_bytes:
        raise InputError("too_large", what, limit=max_bytes // 1024)
    try:
        return bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError("not_utf8", what) from None


# ------------------------------------------------------------------------------------- JSON


class _LongNumber(Exception):
    pass


def _int_of(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _LongNumber
    return int(digits)


_JSON_TOKEN = re.compile(r'[\[\]{}"\\]')


def _too_deep(text: str, limit: int) -> bool:
    """Tells whether JSON text nests deeper than ``limit`` (brackets inside strings do not count).

    One pass over the brackets, quotes and backslashes, in order: linear in the text, whatever it
    holds (a regular expression for strings backtracks into seconds on ``"\\"\\"…``).
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth, in_string, escaped = 0, False, -1
    for match in _JSON_TOKEN.finditer(text):
        at, char = match.start(), match.group()
        if at == escaped:
            continue
        if in_string:
            if char == "\\":
                escaped = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def load_json(text: Any, what: str = "position", max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Parses JSON text (or UTF-8 bytes) within size, nesting and number-length limits; raises InputError."""
    text = upload_text(text, what, max_bytes)
    if not text.strip():
        raise InputError("empty", what)
    if _too_deep(text, MAX_JSON_DEPTH):
        raise InputError("too_deep", what, limit=MAX_JSON_DEPTH)
    try:
        return json.loads(text, parse_int=_int_of)
    except _LongNumber:
        raise InputError("number_too_long", what, limit=MAX_INT_DIGITS) from None
    except json.JSONDecodeError as exc:
        raise InputError("not_json", what, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise InputError("too_deep", what, limit=MAX_JSON_DEPTH) from None
    except ValueError:  # a safety net: json raises the digit limit as a plain ValueError (D1)
        raise InputError("number_too_long", what, limit=MAX_INT_DIGITS) from None


# ------------------------------------------------------------------------------- packed codes

_ALPHABET = re.compile(r"[A-Za-z0-9_-]*={0,2}")


def unpack_code(code: Any, max_chars: int, max_bytes: int, prefix: str = "", what: str = "code") -> Any:
    """Reads a code made by ``engine.packing.pack_json``: prefix, base64url, a *complete* zlib stream, JSON.

    White space inside the code (a code wrapped when pasted) is ignored; ``=`` padding is optional.
    zlib ends its stream with an Adler-32 checksum of the content, so a code cut short anywhere is
    refused as ``truncated`` (D5) and a changed character as ``corrupt``.
    """
    if not isinstance(code, str):
        raise InputError("not_text" if code is not None else "empty", what)
    if len(code) > 2 * max_chars:  # before any copy: white space may not hide a huge code
        raise InputError("too_long", what, limit=max_chars)
    code = "".join(code.split())
    if not code:
        raise InputError("empty", what)
    if len(code) > max_chars:
        raise InputError("too_long", what, limit=max_chars)
    if not code.startswith(prefix):
        raise InputError("wrong_prefix", what, prefix=prefix)
    body = code[len(prefix) :]
    if not body:
        raise InputError("only_prefix", what, prefix=prefix)
    if not _ALPHABET.fullmatch(body):
        raise InputError("not_base64", what)
    data = body.rstrip("=")
    if len(data) % 4 == 1:  # a base64 text one character past a group is cut short
        raise InputError("truncated", what)
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    except (binascii.Error, ValueError):
        raise InputError("not_base64", what) from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, max_bytes + 1)
    except zlib.error:
        raise InputError("corrupt", what) from None
    if len(raw) > max_bytes or inflater.unconsumed_tail:
        raise InputError("unpacks_too_large", what, limit=max_bytes // 1024)
    if not inflater.eof:
        raise InputError("truncated", what)
    if inflater.unused_data:
        raise InputError("trailing", what)
    return load_json(raw, what, max_bytes)


# ------------------------------------------------------------------------------------- TOML

_TOML_AT = re.compile(r"at line (\d+), column (\d+)")
_TOML_TOKEN = re.compile(r"""["'\\.=\[\]{},\n#]""")
_KEY_ENDS = frozenset("=[]{},\n")


def _long_key_line(text: str, limit: int) -> int:
    """Returns the line of the first dotted key of more than ``limit`` parts (0 if none), in one pass.

    tomllib's time grows with the square of a key's parts (a 40 KB ``a.a.a…`` key takes 10 s), so
    such keys are refused before parsing. Dots in strings and comments do not count; a value's dot
    (``1.5``) is reset by the ``,``, bracket or line end that follows it.
    """
    if text.count(".") < limit:
        return 0
    dots, state, skip_to, line = 0, "", 0, 1
    for match in _TOML_TOKEN.finditer(text):
        at, char = match.start(), match.group()
        if char == "\n":
            line += 1
        if at < skip_to:
            continue
        if state in ('"', '"""'):
            if char == "\\":
                skip_to = at + 2
            elif char == '"' and (state == '"' or text.startswith('"""', at)):
                state, skip_to = "", at + len(state)
            elif char == "\n" and state == '"':
                state = ""
        elif state in ("'", "'''"):
            if char == "'" and (state == "'" or text.startswith("'''", at)):
                state, skip_to = "", at + len(state)
            elif char == "\n" and state == "'":
                state = ""
        elif state == "#":
            if char == "\n":
                state = ""
        elif char in "\"'":
            state = char * 3 if text.startswith(char * 3, at) else char
            skip_to = at + len(state)
        elif char == "#":
            state = "#"
        elif char == ".":
            dots += 1
            if dots >= limit:
                return line
        elif char in _KEY_ENDS:
            dots = 0
    return 0


def load_toml(text: Any, origin: str = "uploaded ruleset", max_bytes: int = MAX_TOML_BYTES) -> dict[str, Any]:
    """Parses ruleset TOML text (or UTF-8 bytes) within a size limit; raises RulesetInputError naming the origin."""
    try:
        text = upload_text(text, "file", max_bytes)
    except InputError as exc:
        raise RulesetInputError(origin, exc.code, **exc.params) from None
    line = _long_key_line(text, MAX_TOML_KEY_PARTS)
    if line:
        raise RulesetInputError(origin, "key_too_long", limit=MAX_TOML_KEY_PARTS, line=line)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_AT.search(str(exc))
        line, column = (int(found[1]), int(found[2])) if found else (text.count("\n") + 1, 1)
        raise RulesetInputError(origin, "not_toml", f"not valid TOML ({exc})", line=line, column=column) from None
    except RecursionError:  # tables nested hundreds deep (D2); a ruleset nests at most MAX_TOML_DEPTH
        raise RulesetInputError(origin, "too_deep", limit=MAX_TOML_DEPTH) from None
    except ValueError:  # Python's limit on the digits of an integer string (D2)
        raise RulesetInputError(origin, "number_too_long", limit=sys.get_int_max_str_digits()) from None


# --------------------------------------------------------------------------- query parameters


def read_choice(value: Any, options: Sequence[str], what: str) -> str:
    """Returns a value that names one of ``options`` (a ``?lang=`` or ``?variant=``); raises InputError."""
    if not isinstance(value, str) or value not in options:
        raise InputError("not_offered", what, options=", ".join(options), value=shown(value))
    return value


# ------------------------------------------------------------------------------------- moves


def move_text(text: Any) -> str:
    """Returns move notation text within its length limit; raises InputError."""
    if not isinstance(text, str):
        raise InputError("not_text", "move")
    if len(text) > MAX_MOVE_CHARS:
        raise InputError("too_long", "move", limit=MAX_MOVE_CHARS)
    return text


def read_move(text: Any, deck: DeckKind) -> Move:
    """Parses move notation (POSITION.md) after the length check; raises NotationError."""
    return parse_move(move_text(text), deck)
