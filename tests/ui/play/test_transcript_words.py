"""Play's transcript names Hungarian-deck cards with commas between them, as every sentence does."""
from __future__ import annotations

from engine.ruleset import load_ruleset
from ui.play import model
from ui.play.text import transcript
from ui.present.i18n import translator

HU_SUITS = ("piros", "tök", "zöld", "makk")


def _record(variant: str) -> tuple[model.Game, model.RoundRecord]:
    # The computers play; the person draws whenever it is their turn (a few turns are enough).
    game = model.start(model.make_settings(load_ruleset(variant), players=3, humans=1, seed=3))
    for _ in range(5):
        game = model.run_computers(game)
        if game.over:
            break
        game = model.act(game, {"type": "draw"})
    assert game.turns
    if game.rounds:
        return game, game.rounds[-1]
    return game, model.RoundRecord(game.round_no, game.round_seed, game.turns, {}, (0, 0, 0), 0)


def test_the_dealt_hands_of_the_hungarian_deck_are_listed_with_commas() -> None:
    game, record = _record("hu")
    text = transcript(game, record, translator("hu"))
    dealt = [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("Kiosztott lapok")]
    assert len(dealt) == 3
    for hand in dealt:
        names = hand.split(", ")
        assert len(names) == 5 and all(name.split()[0] in HU_SUITS and len(name.split()) == 2 for name in names)


def test_french_cards_stay_side_by_side() -> None:
    game, record = _record("pl")
    text = transcript(game, record, translator("pl"))
    dealt = [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("Rozdane karty")]
    assert dealt and all(", " not in hand and len(hand.split(" ")) == 5 for hand in dealt)
