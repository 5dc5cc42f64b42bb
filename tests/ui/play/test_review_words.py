"""The review's moments show what was in force beside the pile (the wish, demand or attack that made a
move legal), as the table's banner said it (walkthrough.md D7)."""
from __future__ import annotations

from tests.ui.play.test_coach_play import drawing_learner_round
from tests.ui.play.test_play_page import GAME, deal, open_play
from ui.play import coaching, model
from ui.play import page as play_page
from ui.play.text import banners
from ui.present.i18n import translator


def _moment_under(game: model.Game, kind: str) -> coaching.Moment:
    # A move of the learner made under a wish or demand (kind "wish") or an attack, with the coach's numbers.
    turns = game.rounds[-1].turns
    for index, turn in enumerate(turns):
        pending = turn.before.wish if kind == "wish" else turn.before.attack
        if turn.seat != 0 or pending is None:
            continue
        h = coaching.hint_for(turn.before, coaching.hint_seed(game.rounds[-1].seed, index), 60, None)
        if h is None:
            continue
        chosen = coaching.estimate_of(h, turn.move) or h.moves[-1]
        return coaching.Moment(index, turn.before, coaching.Shortfall(h, chosen, h.best, chosen.behind))
    raise AssertionError(f"no move of the learner under a {kind}")


def test_a_reviewed_moment_shows_the_wish_in_force_beside_the_pile() -> None:
    game = drawing_learner_round("pl", 1)
    shown = [_moment_under(game, "wish"), _moment_under(game, "attack")]
    at = open_play("pl")
    deal(at, "pl", players=3, seed=1)
    at.session_state[GAME] = game
    at.session_state[play_page.REVIEW] = (play_page._review_key(game), tuple(shown))
    at.run()
    assert not at.exception, at.exception
    captions = [c.value for c in at.caption]
    for moment in shown:
        said = [b["text"] for b in banners(game, moment.before, translator("en"))]
        assert said and all(line in captions for line in said)
    assert any(line.startswith(("Demand: ", "Wish: ")) for line in captions)
    assert any(line.startswith("Attack with ") for line in captions)


def test_play_uses_heading_levels_in_order_under_the_pages_title() -> None:
    # axe heading-order: "What happened" was an h3 straight after the page's h1 (walkthrough D9).
    at = open_play("pl")
    deal(at, "pl", players=3, seed=1)
    assert "What happened" in [h.value for h in at.header] and not at.subheader
    game = drawing_learner_round("pl", 1)
    at.session_state[GAME] = game
    at.session_state[play_page.REVIEW] = (play_page._review_key(game), (_moment_under(game, "wish"),))
    at.run()
    assert sorted(h.value for h in at.header) == ["Scores", "The moments that mattered", "What happened"]
    assert not at.subheader
