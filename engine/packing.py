"""Short codes for links: JSON, compacted, zlib level 9, base64url without padding.

The position share code (POSITION.md) is one; the app's quiz and progress codes put a prefix
before the same packing. Reading a code never trusts it: alphabet, length and unpacked size
are checked before anything is parsed.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from engine.errors import NotationError

_ALPHABET = re.compile(r"[A-Za-z0-9_-]+={0,2}")


class PackError(NotationError):
    """A code that cannot be unpacked; ``kind`` says why: empty, format, corrupt, too_large, not_json."""

    def __init__(self, kind: str, message: str):
        self.kind = kind
        super().__init__(message)


def pack_json(data: Any, prefix: str = "") -> str:
    """Packs JSON data into base64url text (no padding), after an optional prefix."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


def unpack_json(code: Any, max_chars: int, max_bytes: int, prefix: str = "") -> Any:
    """Unpacks a code made by ``pack_json`` (with or without padding); raises PackError.
    White space inside the code (a code wrapped when pasted) is ignored."""
    if not isinstance(code, str) or not code.strip():
        raise PackError("empty", "the code is empty")
    code = "".join(code.split())
    if len(code) > max_chars:
        raise PackError("format", "the code is too long")
    if not code.startswith(prefix):
        raise PackError("format", f"the code does not start with {prefix}")
    code = code[len(prefix) :]
    if not _ALPHABET.fullmatch(code):
        raise PackError("format", "the code is not base64url text (letters, digits, - and _)")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise PackError("format", "the code is not base64url text") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, max_bytes + 1)
    except zlib.error:
        raise PackError("corrupt", "the code does not decompress (is the link cut short?)") from None
    if len(raw) > max_bytes or inflater.unconsumed_tail:
        raise PackError("too_large", f"the code unpacks to more than {max_bytes // 1024} KiB")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise PackError("not_json", "the code does not hold JSON") from None
