"""How a ruleset scores a round and a match, in one sentence (Play and Play together)."""
from __future__ import annotations

from engine.ruleset import Ruleset
from ui.present.i18n import Translator


def score_rule_text(rules: Ruleset, t: Translator) -> str:
    """How this ruleset scores a round and a match, in one sentence."""
    kind = rules.end_result
    if kind == "points":
        return t.gettext("The winner scores {points} points for every card the others still hold; the highest "
                         "total wins the match.").format(points=rules.points_per_card)
    if kind == "places":
        return t.gettext("Players go out in places 1, 2, 3 …; a place scores a point for every player behind it, "
                         "and the highest total wins the match.")
    if kind == "loser":
        return t.gettext("The last player holding cards loses the round; the fewest losses win the match.")
    if kind == "winner" and rules.end_mode == "finish_round":
        return t.gettext("Everyone out when the round of turns ends wins the round; the most wins take the match.")
    if kind == "winner":
        return t.gettext("The first player out wins the round; the most wins take the match.")
    if rules.id == "ru-101":
        return t.gettext("Each player counts the points of the cards left in hand; whoever goes over 101 loses "
                         "the match.")
    return t.gettext("Each player counts the points of the cards left in hand; the lowest total wins the match.")
