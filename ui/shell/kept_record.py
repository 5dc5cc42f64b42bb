"""The learner's record kept in the browser across a reload: signed, compressed, checked when it comes back.

The record (``ui.shell.learner``: placement, review cards, ratings, answers, Play goals, lessons) is
plain JSON; the browser keeps it as ``<HMAC-SHA256 signature>.<zlib+base64 of the JSON>`` under the
server's secret (the one Play's kept games use: ``MAKAO_PLAY_SECRET``, else ``data/play_secret``), so a
record edited in the browser (a rating made up) or made by another server is refused. A record that
comes back is merged with what the session recorded meanwhile, so nothing is lost either way.
"""
from __future__ import annotations

import base64
import hmac
import json
import zlib
from collections.abc import Mapping
from typing import Any

from ui.shell.learner import HISTORY_KEPT
from ui.shell.server_secret import sign

VERSION = 1
MAX_BLOB = 3_000_000           # characters; localStorage holds about 5 MB per site
PARTS: dict[str, type] = {"placement": dict, "cards": dict, "rating": list, "drills": dict, "history": list,
                          "goals": dict, "lessons": dict}


class KeptRecordError(ValueError):
    """A kept record that cannot be brought back; ``reason`` is "signature" or "damaged"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _sign(body: bytes) -> str:
    return sign(body, b"learning:")


def is_empty(record: Mapping[str, Any]) -> bool:
    """Whether the record holds nothing the learner did (a fresh session's)."""
    return not any(record.get(name) for name in ("placement", "cards", "history", "goals", "lessons"))


def fingerprint(record: Mapping[str, Any]) -> int:
    """A checksum of the record's JSON: whether it changed since it was last kept."""
    return zlib.crc32(json.dumps(record, sort_keys=True, separators=(",", ":")).encode())


def pack(record: Mapping[str, Any]) -> str:
    """The signed blob the browser keeps."""
    text = json.dumps({"v": VERSION, "record": dict(record)}, separators=(",", ":"))
    body = base64.urlsafe_b64encode(zlib.compress(text.encode(), 9))
    return _sign(body) + "." + body.decode("ascii")


def checked(record: Any) -> dict[str, Any]:
    """The record if it has the shape of one (parts, cards, answers, rating); raises KeptRecordError."""
    if not isinstance(record, dict) or set(record) - set(PARTS):
        raise KeptRecordError("damaged")
    for name, kind in PARTS.items():
        if name in record and not isinstance(record[name], kind):
            raise KeptRecordError("damaged")
    cards = record.get("cards", {})
    if not all(isinstance(c, dict) and {"card", "drill", "variant"} <= set(c) for c in cards.values()):
        raise KeptRecordError("damaged")
    if not all(isinstance(h, dict) and {"at", "id", "variant", "topic", "right"} <= set(h)
               for h in record.get("history", [])):
        raise KeptRecordError("damaged")
    rating = record.get("rating", [25.0, 1.0])
    if len(rating) != 2 or not all(isinstance(x, int | float) for x in rating):
        raise KeptRecordError("damaged")
    return record


def unpack(blob: Any) -> dict[str, Any]:
    """The record a blob holds; raises KeptRecordError when it is not one this server signed."""
    if not isinstance(blob, str) or len(blob) > MAX_BLOB or "." not in blob:
        raise KeptRecordError("damaged")
    signature, body = blob.split(".", 1)
    if not hmac.compare_digest(signature, _sign(body.encode("ascii", "replace"))):
        raise KeptRecordError("signature")
    try:
        kept = json.loads(zlib.decompress(base64.urlsafe_b64decode(body), bufsize=MAX_BLOB * 4))
    except (ValueError, zlib.error):
        raise KeptRecordError("damaged") from None
    if not isinstance(kept, dict) or kept.get("v") != VERSION:
        raise KeptRecordError("damaged")
    return checked(kept.get("record"))


def _card_reviewed(card: Mapping[str, Any]) -> str:
    return str(card.get("card", {}).get("last_review") or "")


def merge(kept: Mapping[str, Any], session: Mapping[str, Any]) -> dict[str, Any]:
    """The kept record with what this session recorded before it came back (the session's wins on a tie)."""
    out = {**kept}
    for name in ("placement", "drills", "goals"):
        out[name] = {**kept.get(name, {}), **session.get(name, {})}
    lessons = dict(kept.get("lessons", {}))
    for lesson, stars in session.get("lessons", {}).items():
        lessons[lesson] = max(stars, lessons.get(lesson, 0))
    out["lessons"] = lessons
    cards = dict(kept.get("cards", {}))
    for key, card in session.get("cards", {}).items():       # the card reviewed last is the one that counts
        if key not in cards or _card_reviewed(card) >= _card_reviewed(cards[key]):
            cards[key] = card
    out["cards"] = cards
    seen = {(h["at"], h["id"]) for h in kept.get("history", [])}
    fresh = [h for h in session.get("history", []) if (h["at"], h["id"]) not in seen]
    out["history"] = [*kept.get("history", []), *fresh][-HISTORY_KEPT:]   # the session's came after
    if fresh:                                                 # the learner's rating after the last answer
        out["rating"] = session.get("rating", kept.get("rating"))
    return out
