"""The game kept in the browser: rebuilt move for move from its signed blob, refused when changed, made by
another server or under rules the session lacks; the blob holds no hand and no deck."""
from __future__ import annotations

import base64
import json
import zlib

import pytest

from engine.ruleset import load_ruleset
from tests.ui.play.test_play_page import play_out
from ui.play import model, saved
from ui.play.model import act
from ui.shell import server_secret


@pytest.fixture(autouse=True)
def own_secret(monkeypatch):
    monkeypatch.setenv("MAKAO_PLAY_SECRET", "11" * 32)
    server_secret.secret.cache_clear()
    yield
    server_secret.secret.cache_clear()


def mid_match() -> model.Game:
    """pl, a 3-round match: one round played out, the second under way."""
    rules = load_ruleset("pl")
    game, _ = play_out(model.start(model.make_settings(rules, 4, 1, ["club"] * 3, 3, rounds=3)))
    game = act(game, {"type": "next_round"})
    for _ in range(12):
        game = act(game, {"type": "step"} if not model.human_to_move(game)
                   else {"type": model.non_play_move(game.state).kind})
    assert not game.over and game.turns
    return game


def body(blob: str) -> dict:
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(blob.split(".", 1)[1])))


def test_a_kept_game_comes_back_with_its_round_match_table_and_statistics() -> None:
    game = mid_match()
    back = saved.unpack(saved.pack(game), {"pl": game.rules})
    assert back.state == game.state and back.round_no == game.round_no == 2
    assert [t.move for t in back.turns] == [t.move for t in game.turns]
    assert [r.scores for r in back.rounds] == [r.scores for r in game.rounds]
    assert model.totals(back) == model.totals(game)
    assert (back.stats.rounds, back.stats.wins, back.stats.points) == \
        (game.stats.rounds, game.stats.wins, game.stats.points) == (1, game.stats.wins, game.stats.points)
    assert abs(back.stats.seconds - game.stats.seconds) < 0.01


def test_the_blob_holds_moves_and_settings_but_no_hand_and_no_deck() -> None:
    game = mid_match()
    record = body(saved.pack(game))
    assert set(record) == {"v", "rules", "players", "humans", "strengths", "seed", "rounds", "counted", "finished",
                           "seconds", "live", "elapsed", "stats", "checks"}
    # The move checker's record per round: seat numbers and move numbers only (checker off here: nothing).
    assert record["checks"] == [[[], []]] * (len(game.rounds) + 1)
    deck = game.rules.deck
    words = {w for moves in record["finished"] + [record["live"]] for m in moves for w in m.split()[1:]}
    assert any(m == "draw" for m in record["live"])
    # Only cards that went down on the table appear: a draw is written "draw", never the card drawn.
    played = {deck.name(c) for r in game.rounds for t in r.turns for c in t.move.cards} \
        | {deck.name(c) for t in game.turns for c in t.move.cards}
    hidden = {deck.name(c) for seat in range(1, 4) for c in game.state.hands[seat]} - played
    assert words & hidden == set() and {w for w in words if w in {deck.name(c) for c in deck.all_cards()}} <= played


def test_a_changed_blob_is_refused() -> None:
    game = mid_match()
    blob = saved.pack(game)
    record = body(blob)
    record["stats"][1] = 99                            # wins made up in the browser
    forged = blob.split(".", 1)[0] + "." + base64.urlsafe_b64encode(
        zlib.compress(json.dumps(record).encode())).decode()
    with pytest.raises(saved.SavedError) as refused:
        saved.unpack(forged, {"pl": game.rules})
    assert refused.value.reason == "signature"
    for junk in (None, 3, "", "x.y", "a" * (saved.MAX_BLOB + 1)):
        with pytest.raises(saved.SavedError):
            saved.unpack(junk, {"pl": game.rules})


def test_another_server_s_blob_is_refused(monkeypatch) -> None:
    game = mid_match()
    blob = saved.pack(game)
    monkeypatch.setenv("MAKAO_PLAY_SECRET", "22" * 32)
    server_secret.secret.cache_clear()
    with pytest.raises(saved.SavedError) as refused:
        saved.unpack(blob, {"pl": game.rules})
    assert refused.value.reason == "signature"


def test_rules_the_session_lacks_are_said() -> None:
    game = mid_match()
    with pytest.raises(saved.SavedError) as refused:
        saved.unpack(saved.pack(game), {"da": load_ruleset("da")})
    assert refused.value.reason == "rules"


def test_a_secret_file_is_made_once_and_kept(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("MAKAO_PLAY_SECRET")
    monkeypatch.setattr(server_secret, "SECRET_FILE", tmp_path / "data" / "play_secret")
    server_secret.secret.cache_clear()
    first = server_secret.secret()
    server_secret.secret.cache_clear()
    assert server_secret.secret() == first and len(first) == 32
    assert (tmp_path / "data" / "play_secret").stat().st_mode & 0o077 == 0
