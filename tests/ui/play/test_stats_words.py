"""Play's statistics line names each score as its ruleset counts it: a pl-trad round lost is a loss,
not a point earned; a hu round is a win (walkthrough.md D4)."""
from __future__ import annotations

from dataclasses import replace

from engine.ruleset import load_ruleset
from ui.play import model
from ui.play.text import stats_line
from ui.present.i18n import translator


def _played(variant: str, seed: int) -> model.Game:
    # The person plays its first legal card (a weak player: seed 5 leaves it the last holding cards).
    game = model.start(model.make_settings(load_ruleset(variant), players=3, humans=1, seed=seed))
    for _ in range(3000):
        if game.over:
            return game
        if model.people_out(game):
            return model.act(game, {"type": "finish"})
        game = model.run_computers(game)
        if game.over:
            return game
        game = _play_first(game)
    raise AssertionError("the round did not end")


def _play_first(game: model.Game) -> model.Game:
    legal = [c for c, v in model.selectable(game).items() if v.legal]
    if not legal:
        return model.act(game, {"type": model.non_play_move(game.state).kind})
    card = game.rules.deck.name(legal[0])
    game = model.act(game, {"type": "tap", "card": card})
    game = model.act(game, {"type": "play"})
    if game.picking:
        kind, values = model.wish_options(game)
        game = model.act(game, {"type": "pick", "value": values[0]})
    return game


def test_a_lost_pl_trad_round_counts_as_a_loss_not_a_point() -> None:
    game = _played("pl-trad", 5)
    assert game.rounds[-1].scores[0] == 1                   # pl-trad scores the loser's round as 1
    line = stats_line(game, translator("en"))
    assert line.startswith("Rounds: 1 · wins: 0 · losses: 1 · time: "), line
    assert "points" not in line
    assert "przegrane: 1" in stats_line(game, translator("pl"))


def test_a_winner_scored_round_is_counted_as_its_win_alone() -> None:
    game = model.start(model.make_settings(load_ruleset("hu"), players=3, humans=1, seed=3))
    game = replace(game, stats=model.counted_stats(game.stats, game.rules, 1, True, 61))
    line = stats_line(game, translator("en"))
    assert line == "Rounds: 1 · wins: 1 · time: 1 min 1 s", line


def test_points_stay_points_and_another_rulesets_losses_are_kept_apart() -> None:
    pl = model.start(model.make_settings(load_ruleset("pl"), players=3, humans=1, seed=3))
    stats = model.counted_stats(model.Stats(), load_ruleset("pl-trad"), 1, False, 0)
    stats = model.counted_stats(stats, pl.rules, 2, True, 0)
    line = stats_line(replace(pl, stats=stats), translator("en"))
    assert "points: 2 · losses: 1" in line, line
