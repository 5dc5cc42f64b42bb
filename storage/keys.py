"""Class codes, teacher keys, pupil tokens and PINs: made from ``secrets``, kept only as hashes.

- A class code is 8 characters of a 31-letter alphabet without look-alikes (no 0/O, 1/I/L):
  about 39.6 bits, written on the board as ``ABCD-EFGH``. Guessing is stopped by the attempt
  limits (storage/ratelimit.py), not by secrecy alone; the code is stored in clear (it is shown).
- A teacher key is ``tk_`` + 32 bytes of randomness (256 bits); a pupil token ``pt_`` + 24 bytes
  (192 bits). Both are stored as SHA-256: with that much entropy a plain hash cannot be reversed,
  and a stolen database does not hand out working links.
- A PIN is 4 digits, salted and hashed with PBKDF2; it only stops one pupil from taking over
  another's nickname (attempts are limited), it is not a password.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
TEACHER_PREFIX = "tk_"
BOARD_PREFIX = "bk_"     # a read-only board key (the projector's link)
PUPIL_PREFIX = "pt_"
MAX_SECRET = 100   # longest key or token accepted as input
PIN_DIGITS = 4
_PIN_ROUNDS = 20_000
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_PIN = re.compile(rf"[0-9]{{{PIN_DIGITS}}}")


def new_class_code() -> str:
    """Draws a class code (8 characters, stored without the dash)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def format_class_code(code: str) -> str:
    """Writes a class code for the board: ``ABCD-EFGH``."""
    return f"{code[:4]}-{code[4:]}"


def normalize_class_code(text: object) -> str | None:
    """Reads a typed class code (any case, spaces or dashes) into its stored form; None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 40:
        return None
    code = re.sub(r"[\s\-]", "", text).upper()
    return code if _CODE.fullmatch(code) else None


def new_teacher_key() -> str:
    """Draws a teacher key (256 random bits)."""
    return TEACHER_PREFIX + secrets.token_urlsafe(32)


def new_board_key() -> str:
    """Draws a read-only board key (256 random bits)."""
    return BOARD_PREFIX + secrets.token_urlsafe(32)


def new_pupil_token() -> str:
    """Draws a pupil token (192 random bits)."""
    return PUPIL_PREFIX + secrets.token_urlsafe(24)


def secret_hash(secret: str) -> str:
    """Hashes a high-entropy key or token for storage and look-up."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def usable_secret(text: object, prefix: str) -> str | None:
    """The key or token as given if it has the right shape; None for anything else."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text.startswith(prefix) or len(text) > MAX_SECRET or not re.fullmatch(r"[A-Za-z0-9_\-]+", text):
        return None
    return text


def new_pin() -> str:
    """Draws a 4-digit PIN."""
    return f"{secrets.randbelow(10 ** PIN_DIGITS):0{PIN_DIGITS}d}"


def is_pin(text: object) -> bool:
    """Tells whether the text is a PIN (4 digits)."""
    return isinstance(text, str) and _PIN.fullmatch(text) is not None


def pin_hash(pin: str, salt: str | None = None) -> tuple[str, str]:
    """Returns (salt, hash) of a PIN; a new salt when none is given."""
    salt = salt or secrets.token_hex(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), _PIN_ROUNDS).hex()
    return salt, digest


def pin_matches(pin: str, salt: str, digest: str) -> bool:
    """Checks a PIN against its stored salt and hash in constant time."""
    return hmac.compare_digest(pin_hash(pin, salt)[1], digest)


def client_bucket(client: str) -> str:
    """A short, non-reversible name for a client (an address or session id) in the limit table."""
    return hashlib.sha256(client.encode("utf-8", "replace")).hexdigest()[:24]
