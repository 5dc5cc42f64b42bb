"""The storage API of tables (issue #26): a match of two to six people, each on their own device.

A table lives in the database only. Any app server serves any seat: each call rebuilds the round
from the database (the ruleset, the secret seed, the move log, or a snapshot and the log after
it: ``engine.table_round``); nothing kept in process memory decides anything (the rebuilt
positions are cached by (table, version), and a version changes with every change).

* **Moves** are an append-only log keyed by (table, round, move number). Every move is judged by
  the engine in the transaction that writes it (rebuild → judge → insert → bump the version); a
  second write of the same number is refused with ``move_taken``, never lost or doubled.
* **Polling**: ``version(table_id)`` is one primary-key read; a seat's page re-reads its view
  (``seat_view``) only when the number changed.
* **What a seat sees** (``seat_view``) is built from ``engine.seat_view.SeatView``: its own hand,
  the pile, the others' hand sizes, the deck size, what is pending, the public log (drawn cards
  only as a count). Spectators (``spectator_view``) see hands only at a table made with open hands.
* **Nobody stalls a table**: ``play_overdue`` (any server, on a poll) lets the computer players
  move for empty seats, and the club player for a seat whose person left, passed the turn limit
  or has not been seen for ``STALE_MS``; ``come_back`` gives the seat back.

Secrets: the maker's key (``tm_…``, 256 bits) and each seat's token (``ts_…``, 192 bits) are
returned once and kept as SHA-256; a seat's PIN (4 digits) is salted and hashed as a pupil's.
Every public method runs in its own transaction(s) and returns plain data; a refusal raises a
``StorageError`` with a code (storage/errors.py, "Tables").
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, Engine, func, select, update

from engine import table_round as tr
from engine.errors import EngineError
from engine.match import Match, RoundScore
from engine.moves import Move, format_move
from engine.players import STRENGTHS
from engine.ruleset import Ruleset
from engine.state import State
from storage import keys
from storage import validate as v
from storage.database import READ_ONLY
from storage.errors import AccessRefused, InputRefused, StorageError, TableRefused
from storage.models import Pupil, PupilToken, Table, TableMove, TableSeat, TableSnapshot
from storage.ratelimit import UNKNOWN_CLIENT, Limit, Limits, count_failure, first_spent, take
from storage.repository import Storage
from storage.sql import insert_ignore

MIN_SEATS, MAX_SEATS = 2, 6
TURN_LIMITS = (0, 30, 60)           # seconds; 0: no limit
MAX_ROUNDS = 20                     # as Play's match
SNAPSHOT_EVERY = 16                 # a snapshot of the position after every 16th move of a round
STALE_MS = 90_000                   # a seat not seen (``touch``) for this long is played for
MAX_DUE_MOVES = 200                 # moves ``play_overdue`` appends in one call at most
CACHE_SIZE = 256                    # rebuilt positions kept per TableStore
MAKER_PREFIX = "tm_"
SEAT_PREFIX = "ts_"
LOBBY, PLAYING, FINISHED = "lobby", "playing", "finished"
PERSON, COMPUTER, STAND_IN = "person", "computer", "stand_in"   # who made a move (TableMove.made_by)
DEFAULT_LIMITS = Limits()
# Tables made by one client and by everybody, per hour (the classes' creation limits).
_CREATE_BUCKET = "table_create"


@dataclass(frozen=True)
class TableInfo:
    """A table's settings and where it stands (never its seed or any secret)."""

    id: int
    code: str
    ruleset_id: str
    seats: int
    strength: str
    coach: bool
    open_hands: bool
    turn_limit: int
    rounds: int
    status: str           # "lobby" | "playing" | "finished"
    round_no: int         # 0 in the lobby, then the round being played (or just finished)
    version: int
    class_id: int | None
    created_at: int

    @property
    def board_code(self) -> str:
        """The code as written on the projector: ``ABCD-EFGH``."""
        return keys.format_class_code(self.code)


@dataclass(frozen=True)
class NewTable:
    """A table just made, with the maker's key (shown this once, never stored in clear)."""

    info: TableInfo
    maker_key: str


@dataclass(frozen=True)
class SeatAccess:
    """A person's seat; ``token`` (and ``pin``, on joining) are shown this once."""

    table: TableInfo
    seat_no: int
    nickname: str
    token: str | None = None
    pin: str | None = None


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table as every seat sees it: a person (present or away) or a computer player."""

    seat_no: int
    kind: str             # "person" | "computer"
    nickname: str | None  # a person's nickname (user text: escape it where shown)
    present: bool         # a person at the table now; a computer seat is always present
    strength: str         # who moves for the seat when its person is away: the club player
    pupil_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat_no, "kind": self.kind, "nickname": self.nickname, "present": self.present,
                "strength": self.strength}


@dataclass(frozen=True)
class MoveDone:
    """A move written to the log: its number, the table's new version, its public events."""

    round_no: int
    move_no: int
    version: int
    move: str
    events: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class _Position:
    """A round rebuilt from the database: the position after ``moves`` moves."""

    state: State
    moves: int


def _info(row: Any) -> TableInfo:
    return TableInfo(row.id, row.code, row.ruleset_id, row.seats, row.strength, bool(row.coach),
                     bool(row.open_hands), row.turn_limit, row.rounds, row.status, row.round_no, row.version,
                     row.class_id, row.created_at)


def _scores(row: Any) -> list[RoundScore]:
    return [RoundScore(0, r["result"], tuple(r["scores"]), r["moves"]) for r in row.results]


class TableStore:
    """Tables on one database engine; ``limits`` and ``clock`` are fixed at creation.

    Shared by every session of a server (it keeps only a cache of rebuilt positions, keyed by
    (table, version), which any server can rebuild from the database).
    """

    def __init__(self, engine: Engine, limits: Limits = DEFAULT_LIMITS, clock: Callable[[], float] = time.time,
                 snapshot_every: int = SNAPSHOT_EVERY):
        self.engine = engine
        self.limits = limits
        self._clock = clock
        self.snapshot_every = snapshot_every
        self._classes = Storage(engine, limits, clock)
        self._cache: OrderedDict[tuple[int, int], _Position] = OrderedDict()
        self._cache_lock = threading.Lock()

    # ------------------------------------------------------------------ plumbing

    def now(self) -> int:
        """The time in milliseconds since the epoch."""
        return int(self._clock() * 1000)

    def _write(self):
        return self.engine.begin()

    def _read(self):
        return self.engine.connect().execution_options(**READ_ONLY)

    def _cached(self, table_id: int, version: int) -> _Position | None:
        with self._cache_lock:
            found = self._cache.get((table_id, version))
            if found is not None:
                self._cache.move_to_end((table_id, version))
            return found

    def _remember(self, table_id: int, version: int, position: _Position) -> None:
        with self._cache_lock:
            self._cache[(table_id, version)] = position
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def forget_cache(self) -> None:
        """Drops every rebuilt position (tests: the next call rebuilds from the database)."""
        with self._cache_lock:
            self._cache.clear()

    @staticmethod
    def _table_row(conn: Connection, table_id: int, lock: bool = False) -> Any:
        query = select(Table).where(Table.id == table_id)
        row = conn.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise AccessRefused("table_code_unknown")
        return row

    def _seat_row(self, conn: Connection, token: object) -> Any:
        secret = keys.usable_secret(token, SEAT_PREFIX)
        row = None
        if secret is not None:
            row = conn.execute(select(TableSeat).where(TableSeat.token_hash == keys.secret_hash(secret),
                                                       TableSeat.removed.is_(False))).first()
        if row is None:
            raise AccessRefused("seat_token_unknown")
        return row

    def _maker_table(self, conn: Connection, maker_key: object, lock: bool = False) -> Any:
        secret = keys.usable_secret(maker_key, MAKER_PREFIX)
        row = None
        if secret is not None:
            query = select(Table).where(Table.maker_hash == keys.secret_hash(secret))
            row = conn.execute(query.with_for_update() if lock else query).first()
        if row is None:
            raise AccessRefused("maker_key_wrong")
        return row

    @staticmethod
    def _live_seats(conn: Connection, table_id: int) -> list[Any]:
        return list(conn.execute(select(TableSeat).where(TableSeat.table_id == table_id,
                                                         TableSeat.removed.is_(False)).order_by(TableSeat.seat_no)))

    @staticmethod
    def _bump(conn: Connection, table_id: int, **values: Any) -> int:
        return conn.execute(update(Table).where(Table.id == table_id)
                            .values(version=Table.version + 1, **values).returning(Table.version)).scalar_one()

    @staticmethod
    def _buckets(kind: str, client: str | None, limit: Limit) -> list[tuple[str, Limit]]:
        name = keys.client_bucket(client) if client else UNKNOWN_CLIENT
        return [(f"{kind}:{name}", limit)]

    # ------------------------------------------------------------------ making a table

    def create_table(self, rules: Ruleset, seats: int, strength: str = "club", coach: bool = True,
                     open_hands: bool = False, turn_limit: int = 0, rounds: int = 1,
                     teacher_key: str | None = None, client: str | None = None) -> NewTable:
        """Makes a table in the lobby and returns it with the maker's key (the only time it is seen).

        ``rules`` is any Ruleset (a shipped one or house rules); ``seats`` 2–6 within what the
        ruleset allows; ``strength`` plays the seats nobody takes; ``turn_limit`` is 0, 30 or 60
        seconds; ``rounds`` the match's rounds (1–20). With a ``teacher_key`` the table belongs to
        that class (its pupils join with their pupil token, the teacher watches it on the board).
        Refuses ``table_settings_invalid`` (``params["field"]``), ``teacher_key_wrong``, ``rate_limited``.
        """
        settings = _checked_settings(rules, seats, strength, turn_limit, rounds)
        class_id = self._classes.authorize_teacher(teacher_key, client).id if teacher_key is not None else None
        maker_key = MAKER_PREFIX + secrets.token_urlsafe(32)
        now = self.now()
        with self._write() as conn:
            if client:
                take(conn, f"{_CREATE_BUCKET}:{keys.client_bucket(client)}", self.limits.create_per_client, now)
            take(conn, f"{_CREATE_BUCKET}:all", self.limits.create_global, now)
            for _ in range(20):   # a clash of codes is rare (2^39.6 codes); draw again
                made = insert_ignore(conn, Table, {
                    "code": keys.new_class_code(), "ruleset_id": rules.id, "ruleset": tr.ruleset_data(rules),
                    **settings, "coach": bool(coach), "open_hands": bool(open_hands), "seed": tr.random_match_seed(),
                    "maker_hash": keys.secret_hash(maker_key), "class_id": class_id, "status": LOBBY, "round_no": 0,
                    "version": 1, "turn_started_at": now, "results": [], "created_at": now}, ("code",))
                if made is not None:
                    break
            else:
                raise RuntimeError("could not draw a free table code")
            row = self._table_row(conn, made.id)
        return NewTable(_info(row), maker_key)

    def find_table(self, code: object, client: str | None = None) -> TableInfo:
        """The table of a typed code (any case, dashes and spaces allowed); wrong codes are counted
        per client as wrong class codes are, and refused ``table_code_unknown`` / ``rate_limited``."""
        normal = keys.normalize_class_code(code)
        row = None
        if normal is not None:
            with self._read() as conn:
                row = conn.execute(select(Table).where(Table.code == normal)).first()
        if row is None:
            buckets = [*self._buckets("table_join_fail", client, self.limits.join_fail_per_client),
                       ("table_join_fail:all", self.limits.join_fail_global)]
            with self._write() as conn:
                over = count_failure(conn, buckets, self.now())
            raise over or AccessRefused("table_code_unknown")
        return _info(row)

    def table(self, table_id: int) -> TableInfo:
        """The table's settings and state (refuses ``table_code_unknown`` for a deleted one)."""
        with self._read() as conn:
            return _info(self._table_row(conn, table_id))

    def maker_table(self, maker_key: str) -> TableInfo:
        """The table a maker's key opens (refuses ``maker_key_wrong``)."""
        with self._read() as conn:
            return _info(self._maker_table(conn, maker_key))

    def rules(self, table_id: int) -> Ruleset:
        """The table's ruleset (house rules included): public, what a seat's page names cards and
        calls by. Refuses ``table_code_unknown``."""
        with self._read() as conn:
            data = conn.execute(select(Table.ruleset).where(Table.id == table_id)).scalar()
        if data is None:
            raise AccessRefused("table_code_unknown")
        return tr.rules_from_data(data)

    def version(self, table_id: int) -> int:
        """The table's version: one primary-key read, for the seats' polls (0 for a deleted table)."""
        with self._read() as conn:
            found = conn.execute(select(Table.version).where(Table.id == table_id)).scalar()
        return int(found or 0)

    def seats(self, table_id: int) -> list[SeatInfo]:
        """Every seat of the table in order: its person (present or away) or a computer player."""
        with self._read() as conn:
            row = self._table_row(conn, table_id)
            return _seat_infos(row, self._live_seats(conn, table_id))

    # ------------------------------------------------------------------ seats

    def join(self, code: str, nickname: str, client: str | None = None) -> SeatAccess:
        """Takes the first free seat with a nickname (checked as pupils' nicknames are; unique at the
        table, look-alikes refused); returns the seat's token and PIN (shown once). Refuses the
        nickname codes, ``table_code_unknown``, ``table_started``, ``table_full``, ``rate_limited``."""
        nickname = v.clean_nickname(nickname)
        info = self.find_table(code, client)
        return self._seat_person(info.id, nickname, None)

    def join_as_pupil(self, code: str, pupil_token: str, client: str | None = None) -> SeatAccess:
        """Takes a seat as a class's pupil (their pupil token; the nickname is theirs). A pupil already
        seated at the table gets their seat back on this device. At a class's table only its own
        pupils sit (``pupil_other_class``); refuses ``pupil_token_unknown`` as Classes does."""
        info = self.find_table(code, client)
        secret = keys.usable_secret(pupil_token, keys.PUPIL_PREFIX)
        pupil = None
        with self._read() as conn:
            if secret is not None:
                pupil = conn.execute(select(Pupil).join(PupilToken, PupilToken.pupil_id == Pupil.id)
                                     .where(PupilToken.token_hash == keys.secret_hash(secret))).first()
        if pupil is None:
            raise AccessRefused("pupil_token_unknown")
        if info.class_id is not None and pupil.class_id != info.class_id:
            raise AccessRefused("pupil_other_class")
        return self._seat_person(info.id, pupil.nickname, pupil.id)

    def _seat_person(self, table_id: int, nickname: str, pupil_id: int | None) -> SeatAccess:
        token, pin = SEAT_PREFIX + secrets.token_urlsafe(24), keys.new_pin()
        salt, digest = keys.pin_hash(pin)
        now = self.now()
        with self._write() as conn:
            row = self._table_row(conn, table_id, lock=True)   # joins of one table in turn
            seats = self._live_seats(conn, table_id)
            if pupil_id is not None:
                mine = next((s for s in seats if s.pupil_id == pupil_id), None)
                if mine is not None:   # the pupil again, on another device: the seat comes back
                    conn.execute(update(TableSeat).where(TableSeat.id == mine.id).values(
                        token_hash=keys.secret_hash(token), present=True, last_seen_at=now))
                    version = self._bump(conn, table_id)
                    return SeatAccess(replace(_info(row), version=version), mine.seat_no, mine.nickname, token)
            if row.status != LOBBY:
                raise TableRefused("table_started")
            taken = {s.seat_no for s in seats}
            free = [n for n in range(row.seats) if n not in taken]
            if not free:
                raise AccessRefused("table_full")
            _check_name_free(nickname, seats)
            conn.execute(TableSeat.__table__.insert().values(
                table_id=table_id, seat_no=free[0], nickname=nickname, nickname_key=v.nickname_key(nickname),
                pupil_id=pupil_id, token_hash=keys.secret_hash(token), pin_salt=salt, pin_hash=digest, present=True,
                removed=False, joined_at=now, last_seen_at=now))
            version = self._bump(conn, table_id)
        return SeatAccess(replace(_info(row), version=version), free[0], nickname, token, pin)

    def seat(self, token: str) -> SeatAccess:
        """The seat a token belongs to (a reload on the same device); refuses ``seat_token_unknown``."""
        with self._read() as conn:
            seat = self._seat_row(conn, token)
            return SeatAccess(_info(self._table_row(conn, seat.table_id)), seat.seat_no, seat.nickname)

    def touch(self, token: str) -> None:
        """Notes that the seat's person is still there (call it every half minute or so from the page);
        a person not seen for ``STALE_MS`` is played for by the club player until ``come_back``."""
        with self._write() as conn:
            seat = self._seat_row(conn, token)
            conn.execute(update(TableSeat).where(TableSeat.id == seat.id).values(last_seen_at=self.now()))

    def come_back(self, token: str) -> SeatAccess:
        """Gives the seat back to its person on the same device (after leaving, or after the club
        player moved for it); their next turn is theirs again."""
        now = self.now()
        with self._write() as conn:
            seat = self._seat_row(conn, token)
            conn.execute(update(TableSeat).where(TableSeat.id == seat.id).values(present=True, last_seen_at=now))
            version = self._bump(conn, seat.table_id, **self._turn_restart(conn, seat, now))
            row = self._table_row(conn, seat.table_id)
        return SeatAccess(replace(_info(row), version=version), seat.seat_no, seat.nickname)

    def _turn_restart(self, conn: Connection, seat: Any, now: int) -> dict[str, Any]:
        """A person back on their own turn gets the whole turn limit again."""
        row = self._table_row(conn, seat.table_id)
        if row.status == PLAYING and not seat.present:
            position = self._position(conn, row)
            if not position.state.over and position.state.to_move == seat.seat_no:
                return {"turn_started_at": now}
        return {}

    def leave(self, token: str) -> None:
        """The person leaves the table: in the lobby the seat is freed; in a round the club player
        plays it until ``come_back`` (or ``reclaim`` with the PIN)."""
        with self._write() as conn:
            seat = self._seat_row(conn, token)
            row = self._table_row(conn, seat.table_id, lock=True)
            values = {"removed": True} if row.status == LOBBY else {"present": False}
            conn.execute(update(TableSeat).where(TableSeat.id == seat.id).values(**values))
            self._bump(conn, row.id)

    def reclaim(self, code: str, nickname: str, pin: str, client: str | None = None) -> SeatAccess:
        """Takes a seat back on another device with the table code, the nickname and the seat's PIN;
        a new token (the old device's stops working). Wrong PINs are limited as pupils' PINs are
        (per seat and per table; a spent limit refuses ``rate_limited`` before judging); refuses
        ``pin_format``, ``seat_unknown``, ``pin_wrong``."""
        nickname = v.clean_nickname(nickname)
        if not keys.is_pin(pin):
            raise InputRefused("pin_format")
        info = self.find_table(code, client)
        token = SEAT_PREFIX + secrets.token_urlsafe(24)
        now = self.now()
        refused: StorageError | None = None
        with self._write() as conn:
            self._table_row(conn, info.id, lock=True)   # PINs of one table judged in turn: the limit holds
            seat = next((s for s in self._live_seats(conn, info.id)
                         if s.nickname_key == v.nickname_key(nickname)), None)
            buckets = [(f"table_pin_fail_table:{info.id}", self.limits.pin_fail_per_class)]
            if seat is not None:
                buckets.append((f"table_pin_fail:{seat.id}", self.limits.pin_fail_per_pupil))
            refused = first_spent(conn, buckets, now)
            if refused is None:
                if seat is None:
                    refused = AccessRefused("seat_unknown")
                elif not keys.pin_matches(pin, seat.pin_salt, seat.pin_hash):
                    refused = AccessRefused("pin_wrong")
                if refused is not None:
                    count_failure(conn, buckets, now)
                else:
                    conn.execute(update(TableSeat).where(TableSeat.id == seat.id).values(
                        token_hash=keys.secret_hash(token), present=True, last_seen_at=now))
                    version = self._bump(conn, info.id, **self._turn_restart(conn, seat, now))
        if refused is not None:
            raise refused
        return SeatAccess(replace(info, version=version), seat.seat_no, seat.nickname, token)

    def remove_seat(self, maker_key: str, seat_no: int) -> None:
        """The maker removes a person from a seat: in the lobby the seat is freed, in a round a
        computer player of the table's strength takes it. Refuses ``maker_key_wrong``, ``seat_unknown``."""
        with self._write() as conn:
            row = self._maker_table(conn, maker_key, lock=True)
            done = conn.execute(update(TableSeat).where(
                TableSeat.table_id == row.id, TableSeat.seat_no == seat_no, TableSeat.removed.is_(False))
                .values(removed=True, present=False)).rowcount
            if not done:
                raise AccessRefused("seat_unknown")
            self._bump(conn, row.id)

    # ------------------------------------------------------------------ the match

    def start(self, maker_key: str) -> TableInfo:
        """The maker starts the match: the first round is dealt, computer players take the empty seats.
        Refuses ``maker_key_wrong``, ``table_started``."""
        now = self.now()
        with self._write() as conn:
            row = self._maker_table(conn, maker_key, lock=True)
            if row.status != LOBBY:
                raise TableRefused("table_started")
            self._bump(conn, row.id, status=PLAYING, round_no=1, turn_started_at=now)
            return _info(self._table_row(conn, row.id))

    def next_round(self, secret: str, round_no: int) -> TableInfo:
        """Deals round ``round_no + 1`` once round ``round_no`` is over (the maker's key or any seat's
        token may ask; asking twice deals once). Refuses ``round_running``, ``table_finished``."""
        now = self.now()
        with self._write() as conn:
            if isinstance(secret, str) and secret.startswith(MAKER_PREFIX):
                row = self._maker_table(conn, secret, lock=True)
            else:
                row = self._table_row(conn, self._seat_row(conn, secret).table_id, lock=True)
            if row.round_no == round_no + 1 and row.status == PLAYING:
                return _info(row)                     # dealt already (another seat asked first)
            if row.status == FINISHED:
                raise TableRefused("table_finished")
            if row.status != PLAYING or row.round_no != round_no or not self._position(conn, row).state.over:
                raise TableRefused("round_running")
            self._bump(conn, row.id, round_no=round_no + 1, turn_started_at=now)
            return _info(self._table_row(conn, row.id))

    def match(self, table_id: int) -> Match:
        """The match table so far (``engine.match.Match``: scores per round, totals, leaders, decided)."""
        with self._read() as conn:
            row = self._table_row(conn, table_id)
        return tr.match_of(tr.rules_from_data(row.ruleset), row.seats, row.rounds, _scores(row))

    # ------------------------------------------------------------------ moves

    def _position(self, conn: Connection, row: Any) -> _Position:
        """The current round rebuilt: from the cache of (table, version), else the latest snapshot
        and the log after it, else the deal and the whole log."""
        found = self._cached(row.id, row.version)
        if found is not None:
            return found
        rules = tr.rules_from_data(row.ruleset)
        snap = conn.execute(select(TableSnapshot.moves, TableSnapshot.state).where(
            TableSnapshot.table_id == row.id, TableSnapshot.round_no == row.round_no)
            .order_by(TableSnapshot.moves.desc()).limit(1)).first()
        if snap is not None:
            start, done = tr.state_from_json(rules, snap.state), snap.moves
        else:
            start, done = tr.deal_round(rules, row.seats, row.seed, row.round_no), 0
        rest = list(conn.execute(select(TableMove.move).where(
            TableMove.table_id == row.id, TableMove.round_no == row.round_no, TableMove.move_no >= done)
            .order_by(TableMove.move_no)).scalars())
        position = _Position(tr.replay(start, rest), done + len(rest))
        self._remember(row.id, row.version, position)
        return position

    def replay_round(self, table_id: int, round_no: int, use_snapshots: bool = True) -> State:
        """The position at the end of a round's log, rebuilt from the database (from its latest
        snapshot, or with ``use_snapshots=False`` from the deal and the whole log). Server only."""
        with self._read() as conn:
            row = self._table_row(conn, table_id)
            rules = tr.rules_from_data(row.ruleset)
            start, done = tr.deal_round(rules, row.seats, row.seed, round_no), 0
            if use_snapshots:
                snap = conn.execute(select(TableSnapshot.moves, TableSnapshot.state).where(
                    TableSnapshot.table_id == table_id, TableSnapshot.round_no == round_no)
                    .order_by(TableSnapshot.moves.desc()).limit(1)).first()
                if snap is not None:
                    start, done = tr.state_from_json(rules, snap.state), snap.moves
            rest = conn.execute(select(TableMove.move).where(
                TableMove.table_id == table_id, TableMove.round_no == round_no, TableMove.move_no >= done)
                .order_by(TableMove.move_no)).scalars()
            return tr.replay(start, rest)

    def round_turns(self, table_id: int, round_no: int) -> list[tuple[State, int, Move, tuple[Any, ...]]]:
        """A finished round move by move for its review: (position before, seat, move, engine events).
        Server only (the positions hold every hand); refuses ``round_running`` for a round in play."""
        with self._read() as conn:
            row = self._table_row(conn, table_id)
            moves = list(conn.execute(select(TableMove.move).where(
                TableMove.table_id == table_id, TableMove.round_no == round_no).order_by(TableMove.move_no))
                .scalars())
        if not 1 <= round_no <= len(row.results):
            raise TableRefused("round_running")
        rules = tr.rules_from_data(row.ruleset)
        st = tr.deal_round(rules, row.seats, row.seed, round_no)
        turns = []
        for text in moves:
            move = tr.read_move(text, rules)
            assert move is not None   # every logged move was judged legal when written
            after, events = tr.apply(st, move)
            turns.append((st, st.to_move, move, tuple(events)))
            st = after
        return turns

    def _append(self, conn: Connection, row: Any, position: _Position, seat_no: int, move: Move | str,
                by: str, now: int) -> MoveDone:
        """Judges the move for the seat on the rebuilt position and writes it as move ``position.moves``
        (in the caller's transaction); refuses ``move_taken`` when that number is written already."""
        st = position.state
        judged = tr.judge(st, seat_no, move)
        if judged.move is None:
            raise InputRefused("move_unreadable")
        if judged.code == "round_over":
            raise TableRefused("table_not_playing")
        if judged.code == "not_your_turn":
            raise TableRefused("not_your_turn", seat=st.to_move)
        if not judged.legal:
            raise TableRefused("move_illegal", reason=judged.code, reason_params=judged.params)
        after, events = tr.apply(st, judged.move)
        notation = format_move(judged.move, st.rules.deck)
        public = tr.public_events(events)
        written = insert_ignore(conn, TableMove, {
            "table_id": row.id, "round_no": row.round_no, "move_no": position.moves, "seat_no": seat_no,
            "move": notation, "made_by": by, "events": public, "made_at": now}, ("table_id", "round_no", "move_no"))
        if written is None:
            raise TableRefused("move_taken")
        done = position.moves + 1
        if done % self.snapshot_every == 0:
            insert_ignore(conn, TableSnapshot, {"table_id": row.id, "round_no": row.round_no, "moves": done,
                                                "state": tr.state_to_json(after)}, ("table_id", "round_no", "moves"))
        values: dict[str, Any] = {"turn_started_at": now}
        if after.over:
            score = tr.round_score(after, done)
            results = [*row.results, {"result": score.result, "scores": list(score.scores), "moves": done}]
            values["results"] = results
            match = tr.match_of(st.rules, row.seats, row.rounds, [*_scores(row), score])
            if match.decided:
                values["status"] = FINISHED
        version = self._bump(conn, row.id, **values)
        self._remember(row.id, version, _Position(after, done))
        return MoveDone(row.round_no, position.moves, version, notation, tuple(public))

    def submit_move(self, token: str, move: str, move_no: int | None = None) -> MoveDone:
        """A person's move, in notation (``play 7h``, ``play Jc demand 8``, ``play 5d makao``, ``draw``).

        ``move_no`` is the number the seat's page expects its move to get (the view's ``next_move``):
        when another move took it first (a second tap, a computer move, another server) the move is
        refused ``move_taken`` and nothing is written. Judged by the engine in the transaction that
        writes it: ``move_illegal`` carries the engine's reason code (``params["reason"]``, and its
        ``reason_params``); also ``not_your_turn``, ``move_unreadable``, ``table_not_playing``. A person
        who was away is back with this move.
        """
        now = self.now()
        try:
            with self._write() as conn:
                seat = self._seat_row(conn, token)
                row = self._table_row(conn, seat.table_id)
                if row.status != PLAYING:
                    raise TableRefused("table_not_playing")
                position = self._position(conn, row)
                if move_no is not None and move_no != position.moves:
                    raise TableRefused("move_taken")
                done = self._append(conn, row, position, seat.seat_no, move if isinstance(move, str) else "",
                                    PERSON, now)
                conn.execute(update(TableSeat).where(TableSeat.id == seat.id).values(present=True, last_seen_at=now))
                return done
        except EngineError as exc:   # a log that no longer replays: refused, never a traceback
            raise TableRefused("table_not_playing", detail=str(exc)) from None

    def play_overdue(self, table_id: int) -> int:
        """Makes the moves nobody at the table is there to make, and returns how many it wrote:
        computer players for empty or removed seats, the club player for a person who left, passed
        the turn limit, or was not seen for ``STALE_MS`` (that seat is then away until ``come_back``).

        Any server may call it on a poll; two calling at once are safe (the move number is the
        key: one writes, the other stops). It stops at a present person's turn, at the round's
        end, or after ``MAX_DUE_MOVES`` moves.
        """
        made = 0
        for _ in range(2 * MAX_DUE_MOVES):   # a look that found the table changed is tried again
            if made >= MAX_DUE_MOVES:
                break
            with self._read() as conn:
                row = self._table_row(conn, table_id)
                if row.status != PLAYING:
                    return made
                position = self._position(conn, row)
                seats = self._live_seats(conn, table_id)
            st = position.state
            if st.over:
                return made
            plan = self._due(row, seats, st.to_move)
            if plan is None:
                return made
            strength, by, seat_id = plan
            move = tr.stand_in_move(st, strength, row.seed, position.moves)   # chosen outside the lock
            try:
                with self._write() as conn:
                    current = self._table_row(conn, table_id)
                    if current.version != row.version:
                        continue                     # something changed: look again
                    self._append(conn, current, position, st.to_move, move, by, self.now())
                    if seat_id is not None:
                        conn.execute(update(TableSeat).where(TableSeat.id == seat_id).values(present=False))
            except TableRefused as exc:
                if exc.code == "move_taken":         # another server made it first
                    continue
                raise
            made += 1
        return made

    def _due(self, row: Any, seats: Sequence[Any], seat_no: int) -> tuple[str, str, int | None] | None:
        """Who moves for the seat to move when nobody is there: (strength, made_by, person's seat row
        id to mark away), or None while its person is there and within the turn limit."""
        person = next((s for s in seats if s.seat_no == seat_no), None)
        if person is None:
            return row.strength, COMPUTER, None
        now = self.now()
        overdue = row.turn_limit > 0 and now - row.turn_started_at >= row.turn_limit * 1000
        stale = now - person.last_seen_at >= STALE_MS
        if person.present and not overdue and not stale:
            return None
        return tr.STAND_IN, STAND_IN, person.id

    # ------------------------------------------------------------------ what a browser receives

    def seat_view(self, token: str) -> dict[str, Any]:
        """Everything a seat's browser receives, JSON-ready, built from its ``SeatView`` alone: the
        table, the seats, its own hand, the pile, the others' hand sizes, the deck size, what is
        pending, its legal moves on its turn, the public log of the round, the match table.
        ``next_move`` is the number to send with ``submit_move``. Never another hand, the deck
        order or the seed."""
        with self._read() as conn:
            seat = self._seat_row(conn, token)
            row = self._table_row(conn, seat.table_id)
            data = self._view(conn, row, lambda st: tr.seat_data(tr.seat_views(st)[seat.seat_no],
                                                                 self._log(conn, row)))
        data["you"] = {"seat": seat.seat_no, "nickname": seat.nickname, "present": bool(seat.present)}
        return data

    def spectator_view(self, secret: str, table_id: int | None = None, client: str | None = None) -> dict[str, Any]:
        """What a spectator receives: the maker (their key), or the class's teacher or board (teacher
        or board key, with ``table_id`` of one of the class's tables). The public position and log;
        every hand only at a table made with open hands. Refuses ``maker_key_wrong``,
        ``teacher_key_wrong``, ``table_code_unknown``."""
        if isinstance(secret, str) and secret.startswith(MAKER_PREFIX):
            with self._read() as conn:
                table_id = self._maker_table(conn, secret).id
        else:
            info, _ = self._classes.authorize_board(secret, client)
            with self._read() as conn:
                found = conn.execute(select(Table.class_id).where(Table.id == table_id)).scalar()
            if found is None or found != info.id:
                raise AccessRefused("table_code_unknown")
        with self._read() as conn:
            row = self._table_row(conn, table_id)
            return self._view(conn, row, lambda st: tr.spectator_data(tr.seat_views(st), self._log(conn, row),
                                                                      bool(row.open_hands)))

    def class_tables(self, teacher_key: str, client: str | None = None) -> list[TableInfo]:
        """The tables of the class a teacher (or board) key opens, newest first."""
        info, _ = self._classes.authorize_board(teacher_key, client)
        with self._read() as conn:
            rows = conn.execute(select(Table).where(Table.class_id == info.id)
                                .order_by(Table.created_at.desc(), Table.id.desc()))
            return [_info(r) for r in rows]

    def _view(self, conn: Connection, row: Any, build: Callable[[State], dict[str, Any]]) -> dict[str, Any]:
        seats = _seat_infos(row, self._live_seats(conn, row.id))
        rules = tr.rules_from_data(row.ruleset)
        data: dict[str, Any] = {"round": None}
        if row.status != LOBBY:
            position = self._position(conn, row)
            data = {"round": build(position.state), "next_move": position.moves}
        match = tr.match_of(rules, row.seats, row.rounds, _scores(row))
        return {
            "table": {"code": row.code, "board_code": keys.format_class_code(row.code), "status": row.status,
                      "round_no": row.round_no, "rounds": row.rounds, "version": row.version,
                      "ruleset": row.ruleset_id, "seats": row.seats, "coach": bool(row.coach),
                      "open_hands": bool(row.open_hands), "turn_limit": row.turn_limit,
                      "turn_started_at": row.turn_started_at, "now": self.now()},
            "seats": [s.to_json() for s in seats],
            **data,
            "match": tr.match_json(match),
        }

    @staticmethod
    def _log(conn: Connection, row: Any) -> list[tr.LogEntry]:
        rows = conn.execute(select(TableMove).where(TableMove.table_id == row.id, TableMove.round_no == row.round_no)
                            .order_by(TableMove.move_no))
        return [tr.LogEntry(r.move_no, r.seat_no, r.move, r.made_by, tuple(r.events)) for r in rows]

    def moves_count(self, table_id: int, round_no: int) -> int:
        """How many moves a round's log holds."""
        with self._read() as conn:
            return int(conn.execute(select(func.count()).select_from(TableMove).where(
                TableMove.table_id == table_id, TableMove.round_no == round_no)).scalar_one())


def _checked_settings(rules: Ruleset, seats: object, strength: object, turn_limit: object,
                      rounds: object) -> dict[str, Any]:
    """The table's settings, or ``table_settings_invalid`` naming the first field out of range."""
    if not isinstance(rules, Ruleset):
        raise InputRefused("table_settings_invalid", field="ruleset")
    low, high = max(MIN_SEATS, rules.players[0]), min(MAX_SEATS, rules.players[1])
    if not isinstance(seats, int) or isinstance(seats, bool) or not low <= seats <= high:
        raise InputRefused("table_settings_invalid", field="seats", low=low, high=high)
    if strength not in STRENGTHS:
        raise InputRefused("table_settings_invalid", field="strength")
    if turn_limit not in TURN_LIMITS or isinstance(turn_limit, bool):
        raise InputRefused("table_settings_invalid", field="turn_limit")
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
        raise InputRefused("table_settings_invalid", field="rounds", low=1, high=MAX_ROUNDS)
    return {"seats": seats, "strength": strength, "turn_limit": turn_limit, "rounds": rounds}


def _check_name_free(nickname: str, seats: Sequence[Any]) -> None:
    """Refuses a nickname another seat has, or one that reads the same (Ala / AIa / Аlа)."""
    key, skeleton = v.nickname_key(nickname), v.looks_like(nickname)
    for other in seats:
        if other.nickname_key == key:
            raise InputRefused("nickname_taken")
        if v.looks_like(other.nickname) == skeleton:
            raise InputRefused("nickname_look_alike")


def _seat_infos(row: Any, seats: Sequence[Any]) -> list[SeatInfo]:
    by_no = {s.seat_no: s for s in seats}
    out = []
    for n in range(row.seats):
        s = by_no.get(n)
        if s is None:
            out.append(SeatInfo(n, COMPUTER, None, True, row.strength))
        else:
            out.append(SeatInfo(n, PERSON, s.nickname, bool(s.present), tr.STAND_IN, s.pupil_id))
    return out


__all__ = ["FINISHED", "LOBBY", "MAX_SEATS", "MIN_SEATS", "PLAYING", "STALE_MS", "TURN_LIMITS", "MoveDone",
           "NewTable", "SeatAccess", "SeatInfo", "TableInfo", "TableStore"]
