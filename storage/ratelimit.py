"""Rate limits kept in the database, so they hold across every app server.

A limit allows ``hits`` events per fixed ``window`` of seconds and per bucket (a class, a pupil,
a client, or the whole app). Counting is one atomic upsert (INSERT … ON CONFLICT DO UPDATE hits + 1) on a row per (bucket, window), so
concurrent requests on any server count exactly. Failed attempts (a wrong class code, PIN or
teacher key) are counted in a transaction of their own, so the refusal that follows cannot
roll the count back.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Connection, delete, select

from storage.errors import RateLimited
from storage.models import RateLimit
from storage.sql import count_up


@dataclass(frozen=True)
class Limit:
    """At most ``hits`` events per ``window`` seconds in one bucket."""

    hits: int
    window: int


@dataclass(frozen=True)
class Limits:
    """Every limit the storage applies; the defaults suit a school (a class of 30 joining in a minute)."""

    join_per_class: Limit = Limit(120, 60)             # pupils joining one class
    join_fail_per_client: Limit = Limit(20, 600)       # wrong class codes from one client
    join_fail_global: Limit = Limit(2000, 3600)        # wrong class codes, whole app (guessing with many clients)
    pin_fail_per_pupil: Limit = Limit(5, 600)          # wrong PINs for one nickname
    teacher_fail_per_client: Limit = Limit(20, 600)    # wrong teacher keys from one client
    create_per_client: Limit = Limit(20, 3600)         # classes created by one client
    create_global: Limit = Limit(500, 3600)            # classes created, whole app
    answer_per_pupil: Limit = Limit(90, 60)            # answers, rounds and stars saved by one pupil
    answer_per_class: Limit = Limit(3000, 60)          # the same for a whole class


def _window(now_ms: int, limit: Limit) -> int:
    return now_ms // (limit.window * 1000) * limit.window * 1000


def _retry_after(now_ms: int, limit: Limit) -> int:
    return max(1, -(-(_window(now_ms, limit) + limit.window * 1000 - now_ms) // 1000))


def hits(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> int:
    """The hits counted in the bucket's current window."""
    row = conn.execute(select(RateLimit.hits).where(
        RateLimit.bucket == bucket, RateLimit.window_start == _window(now_ms, limit))).first()
    return row[0] if row else 0


def refuse_if_spent(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> None:
    """Raises RateLimited when the bucket already holds its window's hits (counts nothing)."""
    if hits(conn, bucket, limit, now_ms) >= limit.hits:
        raise RateLimited(_retry_after(now_ms, limit), bucket.split(":")[0])


def hit(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> int:
    """Counts one event in the bucket and returns the window's hits so far."""
    return count_up(conn, RateLimit, {"bucket": bucket, "window_start": _window(now_ms, limit)},
                    ("bucket", "window_start"), "hits")


def take(conn: Connection, bucket: str, limit: Limit, now_ms: int) -> None:
    """Counts one event and raises RateLimited when it goes over the limit (the caller rolls back)."""
    if hit(conn, bucket, limit, now_ms) > limit.hits:
        raise RateLimited(_retry_after(now_ms, limit), bucket.split(":")[0])


def forget_old(conn: Connection, now_ms: int, older_than_s: int = 86_400) -> int:
    """Deletes windows that ended long ago; returns how many rows went."""
    return conn.execute(delete(RateLimit).where(RateLimit.window_start < now_ms - older_than_s * 1000)).rowcount
