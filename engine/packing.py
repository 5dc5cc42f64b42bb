"""Short codes for links: JSON, compacted, zlib level 9, base64url without padding.

The position share code (POSITION.md) is one; the app's quiz and progress codes put a prefix
before the same packing. zlib ends every stream with an Adler-32 checksum of the content, so
a code that lost its end, or had a character changed, is refused rather than misread. Reading
a code goes through ``engine.guard.unpack_code``: alphabet, length, a complete stream, the
unpacked size, nesting and number lengths are checked before anything is trusted.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from engine.guard import InputError, unpack_code

# A code that cannot be unpacked: ``code`` says exactly why (engine.guard.MESSAGES), ``kind``
# the coarse reason the pages already map (empty, format, corrupt, too_large, not_json).
PackError = InputError


def pack_json(data: Any, prefix: str = "") -> str:
    """Packs JSON data into base64url text (no padding), after an optional prefix."""
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


def unpack_json(code: Any, max_chars: int, max_bytes: int, prefix: str = "", what: str = "code") -> Any:
    """Unpacks a code made by ``pack_json`` (with or without padding); raises PackError (an InputError)."""
    return unpack_code(code, max_chars, max_bytes, prefix, what)
