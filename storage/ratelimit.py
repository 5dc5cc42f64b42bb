"""Rate limits kept in the database, so they hold across every app server.

A limit allows ``hits`` events per fixed ``window`` of seconds and per bucket (a class, a pupil,
a client, or the whole app). Counting is one atomic upsert (INSERT … ON CONFLICT DO UPDATE
hits + 1 … RETURNING hits) on a row per (bucket, window), so concurrent requests on any server
count exactly: of 100 wrong tries at once, exactly ``hits`` are answered "wrong" and the rest
"too many attempts".

What is counted is only what is wrong (docs/CLASSES.md, "Attempt limits"): a right teacher key
or class code is judged first and always opens, so no amount of wrong tries from a shared school
address locks out the teacher or the class. PINs are the one exception: with 10,000 values, a
spent PIN bucket refuses before the PIN is judged (under the class's write lock), and the teacher
can lift it.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, replace

from sqlalchemy import Connection, delete, or_, select

from storage.errors import RateLimited
from storage.models import RateLimit
from storage.sql import count_up

UNKNOWN_CLIENT = "unknown"   # the one bucket shared by every caller whose address is not known
ENV_PREFIX = "MAKAO_LIMIT_"  # MAKAO_LIMIT_PIN_FAIL_PER_PUPIL=5/600
_SETTING = re.compile(r"\s*(\d{1,9})\s*/\s*(\d{1,9})\s*")


@dataclass(frozen=True)
class Limit:
    """At most ``hits`` events per ``window`` seconds in one bucket."""

    hits: int
    window: int


@dataclass(frozen=True)
class Limits:
    """Every limit the storage applies; the defaults suit a school (a class of 30 joining in a minute)."""

    join_per_class: Limit = Limit(120, 60)             # pupils joining one class (a flood, not a guess)
    join_fail_per_client: Limit = Limit(20, 600)       # wrong class codes from one client
    join_fail_global: Limit = Limit(2000, 3600)        # wrong class codes, whole app (never refuses a right code)
    pin_fail_per_pupil: Limit = Limit(5, 600)          # wrong PINs for one nickname
    pin_fail_per_class: Limit = Limit(30, 600)         # wrong PINs and unknown nicknames in one class
    teacher_fail_per_client: Limit = Limit(20, 600)    # wrong teacher keys from one client
    create_per_client: Limit = Limit(20, 3600)         # classes created by one client
    create_global: Limit = Limit(500, 3600)            # classes created, whole app
    answer_per_pupil: Limit = Limit(90, 60)            # answers, rounds and stars saved by one pupil
    answer_per_class: Limit = Limit(3000, 60)          # the same for a whole class


LIMIT_NAMES = tuple(f.name for f in fields(Limits))


def parse_limit(text: object) -> Limit:
    """Reads a setting written ``hits/seconds`` (e.g. ``5/600``); ValueError when it is not one."""
    match = _SETTING.fullmatch(str(text))
    if match is None or int(match[1]) < 1 or int(match[2]) < 1:
        raise ValueError(f"a limit is written hits/seconds with both at least 1, e.g. 5/600, not {text!r}")
    return Limit(int(match[1]), int(match[2]))


def limits_from(settings: Mapping[str, object] | None = None, environ: Mapping[str, str] | None = None) -> Limits:
    """The defaults, changed by ``settings`` (secrets' ``[classes.limits]``) and then by ``MAKAO_LIMIT_*``."""
    environ = os.environ if environ is None else environ
    chosen: dict[str, Limit] = {}
    for name, value in (settings or {}).items():
        if name not in LIMIT_NAMES:
            raise ValueError(f"unknown limit {name!r}; the limits are {', '.join(LIMIT_NAMES)}")
        chosen[name] = parse_limit(value)
    for name in LIMIT_NAMES:
        if ENV_PREFIX + name.upper() in environ:
            chosen[name] = parse_limit(environ[ENV_PREFIX + name.upper()])
    return replace(Limits(), **chosen)


def _window(now_ms: int, limit: Limit) -> int:
    return now_ms // (limit.window * 1000) * limit.window * 1000


def _retry_after(now_ms: int, limit: Limit) -> int:
    return max(1, -(-(_window(now_ms, limit) + limit.window * 1000 - now_ms) // 1000))


def refusal(bucket: str, limit: Limit, now_ms: int) -> RateLimited:
    """The refusal of a spent bucket, with the seconds until its window ends."""
    return RateLimited(_retry_after(now_ms, limit), bucket.split(":")[0])


def hits(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> int:
    """The hits counted in the bucket's current window."""
    row = conn.execute(select(RateLimit.hits).where(
        RateLimit.bucket == bucket, RateLimit.window_start == _window(now_ms, limit))).first()
    return row[0] if row else 0


def first_spent(conn: Connection, buckets: Iterable[tuple[str, Limit]], now_ms: int) -> RateLimited | None:
    """The refusal of the first bucket that already holds its window's hits (counts nothing); None if none."""
    for bucket, limit in buckets:
        if hits(conn, bucket, limit, now_ms) >= limit.hits:
            return refusal(bucket, limit, now_ms)
    return None


def hit(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> int:
    """Counts one event in the bucket and returns the window's hits so far (one atomic upsert)."""
    return count_up(conn, RateLimit, {"bucket": bucket, "window_start": _window(now_ms, limit)},
                    ("bucket", "window_start"), "hits")


def count_failure(conn: Connection, buckets: Iterable[tuple[str, Limit]], now_ms: int) -> RateLimited | None:
    """Counts a wrong try in every bucket; the refusal of the first one it took over its limit, else None."""
    over = None
    for bucket, limit in buckets:
        if hit(conn, bucket, limit, now_ms) > limit.hits and over is None:
            over = refusal(bucket, limit, now_ms)
    return over


def take(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> None:
    """Counts one event and raises RateLimited when it goes over the limit (the caller rolls back)."""
    if hit(conn, bucket, limit, now_ms) > limit.hits:
        raise refusal(bucket, limit, now_ms)


def lift(conn: Connection, buckets: Iterable[str], prefixes: Iterable[str] = ()) -> int:
    """Deletes every window of the named buckets and of buckets starting with a prefix; returns how many rows went."""
    names = list(buckets)
    conditions = [RateLimit.bucket.in_(names)] if names else []
    conditions += [RateLimit.bucket.startswith(prefix, autoescape=True) for prefix in prefixes]
    if not conditions:
        return 0
    return conn.execute(delete(RateLimit).where(or_(*conditions))).rowcount


def forget_old(conn: Connection, now_ms: int, older_than_s: int = 86_400) -> int:
    """Deletes windows that ended long ago; returns how many rows went."""
    return conn.execute(delete(RateLimit).where(RateLimit.window_start < now_ms - older_than_s * 1000)).rowcount
