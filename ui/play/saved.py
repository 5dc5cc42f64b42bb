"""The game kept in the browser across a reload: settings, seeds and moves, signed by the server.

What the browser keeps is only what its seat has seen: the settings and the seed (both shown in the
new-game form), the moves made at the table in notation (a draw is ``draw``, never the card drawn), the
seconds of each round and the statistics. The server rebuilds the rounds from them with the engine,
which judges every move again. The blob is signed with HMAC-SHA256 under a per-server secret, so a
blob changed in the browser (statistics made up, a move edited) or made by another server is refused.

The secret is the server's (``ui.shell.server_secret``: ``MAKAO_PLAY_SECRET`` (hex) when set, else 32 random bytes kept in
``data/play_secret``, made on first use, readable by the server's user only).
"""
from __future__ import annotations

import base64
import hmac
import json
import time
import zlib
from dataclasses import replace
from typing import Any

from engine.errors import EngineError
from engine.moves import format_move, parse_move
from engine.ruleset import Ruleset
from ui.play import model
from ui.play.model import Game, Stats
from ui.shell.server_secret import sign

VERSION = 1
MAX_BLOB = 200_000            # characters: 20 rounds of a long match fit many times over


class SavedError(ValueError):
    """A kept game that cannot be brought back; ``reason`` says why (a code for the page's message)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def record_of(game: Game) -> dict[str, Any]:
    """The game as the browser may keep it: settings, seed, moves, seconds and statistics."""
    s = game.settings
    deck = game.rules.deck
    finished = [[format_move(turn.move, deck) for turn in r.turns] for r in game.rounds]
    live = None if game.over else [format_move(turn.move, deck) for turn in game.turns]
    return {"v": VERSION, "rules": s.rules.id, "players": s.players, "humans": s.humans,
            "strengths": list(s.strengths), "seed": s.seed, "rounds": s.rounds, "counted": s.counted,
            "finished": finished, "seconds": [round(r.seconds, 3) for r in game.rounds], "live": live,
            "elapsed": round(max(0.0, time.time() - game.started), 3) if game.started and not game.over else 0.0,
            "stats": [game.stats.rounds, game.stats.wins, game.stats.points, round(game.stats.seconds, 3)],
            "checks": [_checks(r.checked, r.flagged) for r in game.rounds] + [_checks(game.checked, game.flagged)]}


def _checks(checked: frozenset[int], flagged: frozenset[tuple[int, int]]) -> list[list[Any]]:
    """What the move checker did in a round: the seats it judged and the (seat, move number) it questioned."""
    return [sorted(checked), sorted([seat, move] for seat, move in flagged)]


def _read_checks(value: Any, players: int) -> tuple[frozenset[int], frozenset[tuple[int, int]]]:
    """The checker's record of a round as the blob keeps it; nothing (unknown) when it is missing (an older blob)."""
    if not isinstance(value, list) or len(value) != 2:
        return frozenset(), frozenset()
    try:
        checked = frozenset(int(seat) for seat in value[0])
        flagged = frozenset((int(seat), int(move)) for seat, move in value[1])
    except (TypeError, ValueError):
        raise SavedError("damaged") from None
    if any(not 0 <= seat < players for seat in checked) or any(seat not in checked for seat, _ in flagged):
        raise SavedError("damaged")
    return checked, flagged


def _sign(body: bytes) -> str:
    return sign(body)


def pack(game: Game) -> str:
    """The signed blob the browser keeps: ``<signature>.<zlib+base64 of the record's JSON>``."""
    body = base64.urlsafe_b64encode(zlib.compress(json.dumps(record_of(game), separators=(",", ":")).encode(), 9))
    return _sign(body) + "." + body.decode("ascii")


def _read(blob: Any) -> dict[str, Any]:
    if not isinstance(blob, str) or len(blob) > MAX_BLOB or "." not in blob:
        raise SavedError("damaged")
    signature, body = blob.split(".", 1)
    if not hmac.compare_digest(signature, _sign(body.encode("ascii", "replace"))):
        raise SavedError("signature")
    try:
        record = json.loads(zlib.decompress(base64.urlsafe_b64decode(body), bufsize=MAX_BLOB * 4))
    except (ValueError, zlib.error):
        raise SavedError("damaged") from None
    if not isinstance(record, dict) or record.get("v") != VERSION:
        raise SavedError("damaged")
    return record


def _play(game: Game, moves: Any) -> Game:
    if not isinstance(moves, list):
        raise SavedError("damaged")
    for text in moves:
        if game.over:
            raise SavedError("damaged")
        try:
            move = parse_move(text, game.rules.deck)
        except (EngineError, TypeError):
            raise SavedError("damaged") from None
        after = model.replay_move(game, move)
        if after is None:
            raise SavedError("damaged")
        game = after
    return game


def unpack(blob: Any, rulesets: dict[str, Ruleset]) -> Game:
    """Rebuilds the kept game; raises SavedError (signature, rules, damaged) when it cannot."""
    record = _read(blob)
    rules = rulesets.get(record.get("rules"))
    if rules is None:
        raise SavedError("rules")
    try:
        settings = model.make_settings(rules, record["players"], record["humans"], record["strengths"],
                                       record["seed"], record["rounds"], record["counted"])
        finished, seconds, live = record["finished"], record["seconds"], record["live"]
        stats = Stats(int(record["stats"][0]), int(record["stats"][1]), int(record["stats"][2]),
                      float(record["stats"][3]))
    except (KeyError, IndexError, TypeError, ValueError):
        raise SavedError("damaged") from None
    if not isinstance(finished, list) or not isinstance(seconds, list) or len(seconds) != len(finished):
        raise SavedError("damaged")
    game = model.start(settings)
    for number, moves in enumerate(finished):
        if number:
            game = model.act(game, {"type": "next_round"})
        game = _play(game, moves)
        if not game.over or len(game.rounds) != number + 1:
            raise SavedError("damaged")
    if live is not None:
        if finished:
            game = model.act(game, {"type": "next_round"})
        game = _play(game, live)
    checks = record.get("checks")
    checks = checks if isinstance(checks, list) and len(checks) == len(finished) + 1 else [None] * (len(finished) + 1)
    marks = [_read_checks(c, settings.players) for c in checks]
    rounds = tuple(replace(r, seconds=float(s), checked=m[0], flagged=m[1])
                   for r, s, m in zip(game.rounds, seconds, marks[:-1], strict=True))
    started = time.time() - float(record.get("elapsed") or 0.0)
    live_checked, live_flagged = marks[-1] if live is not None else (frozenset(), frozenset())
    return replace(game, rounds=rounds, stats=stats, started=started, checked=live_checked, flagged=live_flagged)
