"""Play says a computer player's last-card call (pl "Makao!", hu "Makaó!" and "Kakaó!") in the log and
on its seat, as da's game already says its call for every player (walkthrough.md D3)."""
from __future__ import annotations

from engine.rules import legal_moves
from engine.ruleset import load_ruleset
from ui.play import model
from ui.play.text import narrate_turn, said_calls
from ui.play.view import table_data
from ui.present.i18n import translator


def _round(variant: str, seed: int) -> model.Game:
    # The person draws whenever it is their turn; the computers play the seeded round on.
    game = model.start(model.make_settings(load_ruleset(variant), players=4, humans=1, seed=seed))
    for _ in range(200):
        game = model.run_computers(game)
        if game.over:
            break
        game = model.act(game, {"type": "draw"})
    return game


def _computer_call(game: model.Game, call: str) -> model.Turn:
    turns = game.rounds[-1].turns if game.rounds else game.turns
    return next(turn for turn in turns if turn.seat != 0 and getattr(turn.move, call))


def test_a_computer_players_makao_is_said_in_the_polish_log() -> None:
    game = _round("pl", 5)
    turn = _computer_call(game, "makao")
    assert turn.seat == 3
    said = narrate_turn(turn, game, translator("pl"))
    assert said[:2] == ["Gracz 4 zagrywa: 8♦.", "Gracz 4 mówi „Makao!”"]
    assert 'Player 4 says "Makao!"' in narrate_turn(turn, game, translator("en"))


def test_hungarian_makao_and_kakao_are_said_in_the_ruleset_words() -> None:
    game = _round("hu", 1)
    makao, kakao = _computer_call(game, "makao"), _computer_call(game, "kakao")
    assert said_calls(makao, game, translator("en")) == ["Makaó"]
    assert said_calls(kakao, game, translator("en")) == ["Kakaó"]
    assert "A 2. játékos bemondja: „Makaó!”" in narrate_turn(makao, game, translator("hu"))
    assert any("bemondja: „Kakaó!”" in line for line in narrate_turn(kakao, game, translator("hu")))


def test_a_call_the_rules_do_not_need_is_not_said() -> None:
    game = _round("pl", 5)
    turn = _computer_call(game, "makao")
    ignored = model.Turn(turn.before, turn.seat, turn.move._replace(makao=False, kakao=True), turn.events)
    assert said_calls(ignored, game, translator("en")) == []    # pl has no Kakaó


def test_the_seat_that_called_wears_a_badge_until_it_draws() -> None:
    game = model.start(model.make_settings(load_ruleset("pl"), players=4, humans=1, seed=5))
    while not (game.turns and game.turns[-1].move.makao):
        game = model.act(game, {"type": "draw"} if model.human_to_move(game) else {"type": "step"})
    caller = game.turns[-1].seat
    seats = table_data(game, translator("pl"))["seats"]
    assert [s["seat"] for s in seats if "„Makao!”" in s["status_text"]] == [caller]
    assert translator("da").gettext('said "{word}!"') != 'said "{word}!"'


def _beginners_round(variant: str, seed: int) -> tuple[model.Game, tuple[model.Turn, ...]]:
    game = model.start(model.make_settings(load_ruleset(variant), players=4, humans=1, seed=seed,
                                           strengths=["beginner"] * 3))
    for _ in range(300):
        game = model.run_computers(game)
        if game.over:
            break
        game = model.act(game, {"type": model.non_play_move(game.state).kind})
    return game, game.rounds[-1].turns if game.rounds else game.turns


def test_the_end_of_a_demand_says_whose_demand_it_was() -> None:
    # "Player 3 plays J♦. The demand is over. Player 3 demands 6." did not say whose demand ended.
    game, turns = _beginners_round("pl", 1)
    turn = next(t for t in turns if t.before.wish is not None and t.before.wish.kind == "rank"
                and t.move.demand is not None and t.seat != t.before.wish.by)
    wish = turn.before.wish
    said = " ".join(narrate_turn(turn, game, translator("en")))
    assert f"The demand for {wish.value} by player {wish.by + 1} is over." in said, said
    assert "The demand is over." not in said and "come round" not in said       # a new jack, not the turn's return
    assert f"przez gracza {wish.by + 1}" in " ".join(narrate_turn(turn, game, translator("pl")))


def test_a_wish_ended_in_another_players_move_says_the_turn_came_back() -> None:
    # pl-trad: the wish lasts until the turn comes back to its player, so it ends in someone else's move.
    game, turns = _beginners_round("pl-trad", 11)
    turn = next(t for t in turns if any(e.kind == "wish_ended" for e in t.events)
                and t.seat != t.before.wish.by and t.move.demand is None and t.move.suit is None)
    by = turn.before.wish.by
    said = narrate_turn(turn, game, translator("en"))
    assert said[-1] == f"The turn has come round to player {by + 1} again.", said
    assert "Turen er nået rundt til" in " ".join(narrate_turn(turn, game, translator("da")))


def test_a_computer_drawing_with_a_playable_card_is_told_in_the_transcript_only() -> None:
    game, turns = _beginners_round("hu", 2)
    turn = next(t for t in turns if t.seat != 0 and t.move.kind == "draw" and t.before.attack is None
                and any(m.kind == "play" for m in legal_moves(t.before)))
    told = f"Player {turn.seat + 1} could have played a card but chooses to draw, which is allowed."
    assert told in narrate_turn(turn, game, translator("en"), reveal=True)
    assert told not in narrate_turn(turn, game, translator("en"))             # the table hides the hand
