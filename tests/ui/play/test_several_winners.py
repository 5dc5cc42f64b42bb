"""pl-devdo on Play: every winner of a finished round counts (end mode ``finish_round``): the score
table, the round's result sentence, the match summary and the statistics; a K♠ taken at once is told once."""
from __future__ import annotations

from dataclasses import replace

from engine.match import round_scores, round_winners
from engine.moves import Move
from engine.position import position_from_json
from engine.ruleset import load_ruleset
from ui.play import model
from ui.play.text import narrate_turn, score_cell, score_rule
from ui.present.i18n import translator

EN = translator("en")
DEVDO = load_ruleset("pl-devdo")
# Seat 0 (the person) is out; seat 2, the last seat of the round of turns, plays its last card:
# the round of turns ends with two seats out, and both win.
TWO_WINNERS = {"variant": "pl-devdo", "hands": [[], ["9c", "Kd"], ["7h"]], "to_move": 2, "pile": ["5s", "7d"],
               "finished": [0], "deck": ["10c", "6d", "8s"]}


def _finished_round() -> model.Game:
    game = model.start(model.make_settings(DEVDO, players=3, humans=1, seed=3, rounds=2))
    game = replace(game, state=position_from_json(TWO_WINNERS))
    game = model._apply(game, Move("play", (DEVDO.deck.parse("7h"),)))
    assert game.state.over and len(game.rounds) == 1
    return game


def test_both_winners_score_in_the_table_and_the_statistics() -> None:
    game = _finished_round()
    record = game.rounds[-1]
    assert round_winners(record.result) == [0, 2]
    assert record.scores == (1, 0, 1)
    assert [score_cell(game, record, s, EN) for s in range(3)] == ["won", "–", "won"]
    assert model.totals(game) == (1, 0, 1)
    assert game.stats.wins == 1 and game.stats.rounds == 1      # the person is one of the winners
    assert model.finished_rounds(game)[0][3] is True
    assert "Everyone out when the round of turns ends wins" in score_rule(game, EN)


def test_the_round_result_names_every_winner() -> None:
    game = _finished_round()
    said = " ".join(narrate_turn(game.rounds[-1].turns[-1], game, EN))
    assert "every player without cards wins: player 1 (you), player 3" in said, said


def test_tied_winners_share_the_first_place_when_places_are_scored() -> None:
    places = replace(DEVDO, end_result="places")
    result = {"result": "places", "winner": 0, "winners": [0, 2], "places": [0, 2, 1]}
    assert round_scores(places, result) == (2, 0, 2)
    assert round_scores(places, {**result, "winners": [0]}) == (2, 0, 1)   # one winner: 2nd place scores 1
    points = replace(DEVDO, end_result="points", points_per_card=10)
    assert round_scores(points, {**result, "result": "points", "points": 20}) == (20, 0, 20)


def test_a_spade_king_taken_at_once_is_told_once_as_the_draw() -> None:
    """pl-devdo: K♠ hits the player before at once; the narration says that player draws, not first
    "must draw" and then "draws" (the attack event and the penalty drawn in one move)."""
    game = model.start(model.make_settings(DEVDO, players=3, humans=1, seed=3, rounds=1))
    position = {"variant": "pl-devdo", "hands": [["Ks", "9c", "4d"], ["7h", "8h"], ["5c", "6c"]],
                "to_move": 0, "pile": ["5s", "Kh"], "deck": ["10c", "6d", "8s", "2d", "3h", "Jc", "Qd"]}
    game = replace(game, state=position_from_json(position))
    game = model._apply(game, Move("play", (DEVDO.deck.parse("Ks"),)))
    turn = game.turns[-1] if game.turns else game.rounds[-1].turns[-1]
    assert [e.kind for e in turn.events][:3] == ["played", "attack", "drew_penalty"], turn.events
    said = narrate_turn(turn, game, EN)
    assert "K♠ is taken at once: 5 cards go to player 3 now, and play goes on after the player of K♠." in said, said
    assert not any("must draw" in line or "takes the penalty" in line for line in said), said
    assert game.state.to_move == 1   # play goes on after the K♠'s player
