"""The Play page tells a learner how several cards go down together, where the rules allow it (and only there)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ruleset import load_ruleset
from tests.ui.play.test_play_page import GAME, deal, open_play, play_out
from ui.play.text import several_cards_tip
from ui.present.i18n import translator

EN = translator("en")


def tip_on_page(at) -> str:
    """The caption under the table (in its keyed container), or "" when there is none."""
    return "\n".join(c.value for c in at.caption if "touch_app" in c.value)


def test_danish_makao_says_cards_of_one_rank_go_down_together_with_end_turn() -> None:
    text = several_cards_tip(load_ruleset("da"), EN)
    assert text is not None
    assert "one rank" in text and "End turn" in text and "run" not in text


def test_devdo_says_three_or_more_cards_of_one_rank() -> None:
    text = several_cards_tip(load_ruleset("pl-devdo"), EN)
    assert text is not None and text.startswith("3 or more cards of one rank")


@pytest.mark.parametrize("variant", ["hu", "cz-prsi", "de-maumau"])
def test_one_card_a_turn_rules_get_no_tip(variant: str) -> None:
    assert several_cards_tip(load_ruleset(variant), EN) is None


def test_house_rules_with_runs_say_how_a_run_is_tapped() -> None:
    rules = replace(load_ruleset("pl"), runs=3)
    text = several_cards_tip(rules, EN)
    assert text is not None
    assert "one rank" in text and "A run of 3 or more cards of one suit" in text and "in the order" in text
    only_runs = several_cards_tip(replace(load_ruleset("hu"), runs=4), EN)
    assert only_runs is not None and "one rank" not in only_runs and "A run of 4 or more cards" in only_runs


def test_the_button_named_is_the_tables_own_in_the_readers_language() -> None:
    pl = translator("pl")
    assert pl.gettext("End turn") in several_cards_tip(load_ruleset("pl"), pl)


def test_the_page_shows_the_tip_under_the_table_in_da_and_not_in_hu() -> None:
    at = open_play("da")
    deal(at, "da", seed=2)
    assert several_cards_tip(load_ruleset("da"), EN) in tip_on_page(at)
    at = open_play("hu")
    deal(at, "hu", seed=2)
    assert tip_on_page(at) == ""


def test_the_tip_goes_once_the_round_is_over() -> None:
    at = open_play("da")
    deal(at, "da", seed=2)
    assert tip_on_page(at)
    game, _ = play_out(at.session_state[GAME])
    assert game.over
    at.session_state[GAME] = game
    at.run()
    assert not at.exception
    assert tip_on_page(at) == ""
