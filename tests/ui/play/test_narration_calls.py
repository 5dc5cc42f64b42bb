"""Play says a computer player's last-card call (pl "Makao!", hu "Makaó!" and "Kakaó!") in the log and
on its seat, as da's game already says its call for every player (walkthrough.md D3)."""
from __future__ import annotations

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
