"""The learner's rating on Play (ui/play/rating.py, issue #28): rounds of four ranked by the order of
going out, rated against the ladder's fixed computer strengths, once per round, shown as a chart."""
from __future__ import annotations

from engine.ruleset import load_ruleset
from tests.ui.play.test_coach_play import drawing_learner_round
from tests.ui.play.test_play_page import GAME, deal, open_play
from ui.play import model, rating
from ui.play.page import RATINGS
from ui.present.i18n import translator


def test_ranks_follow_the_places():
    assert rating.round_ranks([2, 0, 3, 1]) == [2, 4, 1, 3]


def test_the_ladder_puts_the_beginner_below_club_and_expert_in_every_seed_ruleset():
    for variant in ("hu", "pl", "pl-trad", "da"):
        table = rating.anchors(variant)
        assert table["beginner"][0] < table["club"][0] and table["beginner"][0] < table["expert"][0], variant
    assert set(rating.anchors("de-maumau")) >= {"beginner", "club", "expert"}   # not measured: the mean


def test_going_out_first_raises_the_rating_and_last_lowers_it():
    strengths = ("club", "club", "club")
    up = rating.rated(rating.START, [1, 2, 3, 4], strengths, "pl")
    down = rating.rated(rating.START, [4, 1, 2, 3], strengths, "pl")
    assert down[0] < rating.START[0] < up[0]
    assert up[1] < rating.START[1] and down[1] < rating.START[1]      # every round makes it surer
    weak = rating.rated(rating.START, [1, 2, 3, 4], ("beginner",) * 3, "pl")
    assert weak[0] < up[0]                  # beating weaker players is worth less


def test_each_round_is_rated_once_and_a_hot_seat_game_not_at_all():
    game = drawing_learner_round("hu", 4)
    rounds = rating.game_rounds(game)
    assert len(rounds) == 1 and sorted(rounds[0][2]) == [0, 1, 2]
    once = rating.extend([], rounds, game.settings.strengths)
    assert len(once) == 1 and rating.extend(once, rounds, game.settings.strengths) == once
    hot = model.start(model.make_settings(load_ruleset("hu"), 3, 2, ["club"], 4))
    assert rating.game_rounds(hot) == []


def test_the_chart_shows_the_learner_beside_the_ladder_in_four_languages():
    history = [rating.RatingPoint("k1", "pl", 26.0, 8.0), rating.RatingPoint("k2", "pl", 27.5, 7.6)]
    for lang in ("en", "pl", "da", "hu"):
        t = translator(lang)
        rows = rating.chart_rows(history, "pl", t)
        assert len(rows[rows["who"] == t.gettext("You")]) == 2 and rows["who"].nunique() == 4
        assert rating.chart(history, "pl", t).to_dict()
        assert "27.5" in rating.rating_line(history, t)
    assert rating.rating_line(history, translator("en")) == "Your rating: 27.5 (95%: 12.6–42.4), after 2 rounds."


def test_the_play_page_shows_the_rating_after_a_round():
    at = open_play("hu")
    deal(at, "hu", players=3, seed=4)
    assert not [c for c in at.caption if c.value.startswith("Your rating:")]
    at.session_state[GAME] = drawing_learner_round("hu", 4)
    at.run()
    assert not at.exception, at.exception
    assert [c for c in at.caption if c.value.startswith("Your rating:") and "after 1 round." in c.value]
    assert len(at.session_state[RATINGS]) == 1
    at.run()
    assert len(at.session_state[RATINGS]) == 1                # a rerun does not rate the round again
