"""What Play records of a class pupil's round: the place the round's result gives seat 0, and the moves of
seat 0 the move checker questioned (None when the checker judged none), kept across a reload."""
from __future__ import annotations

import pytest

from engine.moves import DRAW
from engine.rules import legal_moves, round_result
from engine.ruleset import load_ruleset
from tests.ui.play.test_play_page import play_out
from ui.play import coaching, model, saved
from ui.play.model import act
from ui.shell import server_secret

BUDGET = 100


@pytest.fixture(autouse=True)
def cheap_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coaching, "HINT_PLAYOUTS", BUDGET)
    monkeypatch.setattr(coaching, "CHECK_PLAYOUTS", BUDGET)
    monkeypatch.setattr(coaching, "HINT_SECONDS", None)
    monkeypatch.setattr(coaching, "CHECK_SECONDS", None)
    monkeypatch.setenv("MAKAO_PLAY_SECRET", "22" * 32)
    server_secret.secret.cache_clear()
    yield
    server_secret.secret.cache_clear()


def _hand(rules, *ranks: str) -> list[int]:
    """One card of each rank, each of another suit where it can."""
    deck = rules.deck
    return [deck.card(rank, deck.suits[i % len(deck.suits)]) for i, rank in enumerate(ranks)]


def _places(variant: str, hands: list[list[int]], finished: list[int]) -> list[int | None]:
    rules = load_ruleset(variant)
    result = round_result(rules, hands, finished)
    return [model.seat_place(rules, result, seat) for seat in range(len(hands))]


def test_places_follow_the_order_out_then_the_fewest_cards_as_pl_scores_them() -> None:
    rules = load_ruleset("pl")
    # Seat 2 out first, seat 0 second; seat 3 holds one card, seat 1 three: pl's place points 3, 2, 1, 0.
    hands = [[], _hand(rules, "7", "8", "9"), [], _hand(rules, "5")]
    assert _places("pl", hands, [2, 0]) == [2, 4, 1, 3]
    result = round_result(rules, hands, [2, 0])
    points = model.round_scores(rules, result)
    assert sorted(range(4), key=lambda s: -points[s]) == sorted(range(4), key=lambda s: _places("pl", hands, [2, 0])[s])


def test_winners_of_a_finished_round_share_the_first_place() -> None:
    rules = load_ruleset("pl-devdo")
    hands = [[], _hand(rules, "7", "8"), [], _hand(rules, "9")]
    assert _places("pl-devdo", hands, [2, 0]) == [1, 4, 1, 3]


def test_with_penalty_points_the_others_rank_by_their_points_and_equal_points_share() -> None:
    rules = load_ruleset("ru-101")
    # Seat 1 out; seat 0 holds an ace (11), seat 2 a king (4), seat 3 a king too (4).
    hands = [_hand(rules, "A"), [], _hand(rules, "K"), _hand(rules, "K")]
    assert _places("ru-101", hands, [1]) == [4, 1, 2, 2]
    # By cards alone (the engine's places) seat 0 would be second: the points decide, not the count.
    hands = [_hand(rules, "A"), [], _hand(rules, "6", "7", "8"), _hand(rules, "J", "Q")]
    assert _places("ru-101", hands, [1]) == [3, 1, 4, 2]


def test_a_seat_the_result_does_not_name_has_no_place() -> None:
    rules = load_ruleset("pl")
    assert model.seat_place(rules, {"places": [1, 0], "winner": 1}, 5) is None


def _questioned_draw_seed() -> int:
    rules = load_ruleset("da")
    for seed in range(1, 60):
        game = model.start(model.make_settings(rules, 4, 1, ["club"] * 3, seed))
        if model.non_play_move(game.state) != DRAW:
            continue
        h = coaching.hint_for(game.state, coaching.hint_seed(game.round_seed, 0), BUDGET, None)
        if coaching.questionable(h, DRAW) is not None:
            return seed
    raise AssertionError("no seed in 1..59 makes the checker question a draw in da")


def _checked_round() -> model.Game:
    """da: the checker questions the first draw twice (chosen again, then made anyway), then is turned off."""
    game = model.start(model.make_settings(load_ruleset("da"), 4, 1, ["club"] * 3, _questioned_draw_seed(), rounds=2))
    game = act(game, {"type": "checker", "on": True})
    game = act(game, {"type": "draw"})
    assert game.pending is not None
    game = act(act(game, {"type": "reconsider"}), {"type": "draw"})   # the same move questioned again
    game = act(game, {"type": "confirm"})
    assert game.turns[0].move == DRAW and game.flagged == {(0, 0)} and game.checked == {0}
    game = act(game, {"type": "checker", "on": False})
    game, _ = play_out(game)
    return game


def test_a_move_the_checker_questioned_counts_once_and_the_round_records_place_and_mistakes() -> None:
    game = _checked_round()
    record = game.rounds[-1]
    assert model.checker_mistakes(record, 0) == 1
    assert model.checker_mistakes(record, 1) is None                 # a computer seat: never judged
    key, variant, players, won, points, place, mistakes = model.finished_rounds(game)[0]
    assert (variant, players, mistakes) == ("da", 4, 1)
    assert place == model.seat_place(game.rules, record.result, 0) and 1 <= place <= 4
    assert won == (place == 1)
    # The next round starts with a clean slate: the checker off all round is "not known", not 0.
    game, _ = play_out(act(game, {"type": "next_round"}))
    assert len(game.rounds) == 2 and model.finished_rounds(game)[1][6] is None
    assert model.finished_rounds(game)[0][6] == 1


def test_a_round_played_with_the_checker_off_has_mistakes_not_known() -> None:
    game, _ = play_out(model.start(model.make_settings(load_ruleset("pl"), 3, 1, ["club"] * 2, 5)))
    *_, place, mistakes = model.finished_rounds(game)[0]
    assert mistakes is None and place in (1, 2, 3)


def test_a_checker_that_judged_moves_and_found_nothing_counts_zero() -> None:
    rules = load_ruleset("hu")
    game = act(model.start(model.make_settings(rules, 3, 1, ["club"] * 2, 2)), {"type": "checker", "on": True})
    for _ in range(model.MAX_TURNS):
        if game.over:
            break
        if not model.human_to_move(game):
            game = act(game, {"type": "step"})
            continue
        h = coaching.hint_for(game.state, coaching.hint_seed(game.round_seed, len(game.turns)), BUDGET, None)
        best = h.best.move if h is not None else legal_moves(game.state)[0]
        game = model._human_move(game, best)                    # the coach's own move: never questioned
        if game.pending is not None:
            game = act(game, {"type": "confirm"})
    assert game.over
    assert game.checked == {0} and model.finished_rounds(game)[0][6] == 0


def test_the_checkers_record_comes_back_with_a_kept_game() -> None:
    game = _checked_round()
    back = saved.unpack(saved.pack(game), {"da": game.rules})
    assert model.finished_rounds(back) == model.finished_rounds(game)
    assert model.finished_rounds(back)[0][6] == 1


def test_a_blob_kept_before_the_checkers_record_comes_back_with_mistakes_not_known() -> None:
    import base64
    import json
    import zlib
    game = _checked_round()
    record = json.loads(zlib.decompress(base64.urlsafe_b64decode(saved.pack(game).split(".", 1)[1])))
    del record["checks"]
    body = base64.urlsafe_b64encode(zlib.compress(json.dumps(record).encode()))
    back = saved.unpack(saved._sign(body) + "." + body.decode(), {"da": game.rules})
    assert model.finished_rounds(back)[0][6] is None                    # not known, never 0
    assert model.finished_rounds(back)[0][5] == model.finished_rounds(game)[0][5]
    record["checks"] = [[[0], [[1, 0]]], [[], []]]                      # a questioned seat the checker never judged
    body = base64.urlsafe_b64encode(zlib.compress(json.dumps(record).encode()))
    with pytest.raises(saved.SavedError):
        saved.unpack(saved._sign(body) + "." + body.decode(), {"da": game.rules})
