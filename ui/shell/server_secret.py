"""The server's signing key for what the browser keeps (Play's game, the learner's record).

``MAKAO_PLAY_SECRET`` (hex) when set, else 32 random bytes from ``secrets`` kept in
``data/play_secret`` (made on first use, readable by the server's user only). Servers behind one proxy
share the environment's key, so a blob signed by one is read by another.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from functools import lru_cache
from pathlib import Path

SECRET_FILE = Path(__file__).resolve().parents[2] / "data" / "play_secret"


@lru_cache(maxsize=1)
def secret() -> bytes:
    """The key: the environment's, else its file's (made once)."""
    given = os.environ.get("MAKAO_PLAY_SECRET")
    if given:
        return bytes.fromhex(given)
    try:
        return bytes.fromhex(SECRET_FILE.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        pass
    key = secrets.token_bytes(32)
    SECRET_FILE.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(SECRET_FILE, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as out:
        out.write(key.hex())
    return key


def sign(body: bytes, purpose: bytes = b"") -> str:
    """HMAC-SHA256 of ``purpose + body`` under the key: a purpose keeps one kind of blob from passing for another."""
    return hmac.new(secret(), purpose + body, hashlib.sha256).hexdigest()
