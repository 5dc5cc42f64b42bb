"""Which rows of the comparison table (``ui.present.topics.TOPICS`` keys) a differing ruleset
field (``engine.witness.FieldDiff.key``) belongs to: the Compare page links a row to the
witnesses of its fields, and the tests check every differing row has its fields witnessed."""
from __future__ import annotations

# Card rows by rank: the Hungarian alsó and felső have rows of their own beside the jack and the queen
# (RULES.md glossary), as in the comparison table.
_RANK_ROWS = {
    "2": "two_three", "3": "two_three", "4": "four", "6": "six", "7": "seven", "8": "eight", "9": "nine",
    "J": "jack", "U": "also", "Q": "queen", "O": "felso", "K": "kings", "A": "ace",
}
_PLAIN = {
    "players": ("players",), "deck_copies": ("players",), "hand_size": ("hand_size",),
    "play.several_cards": ("several",), "play.play_drawn": ("drawing",),
    "attack.draw_adds": ("adds_up",), "attack.skip_adds": ("adds_up",), "attack.after_penalty": ("after_penalty",),
    "end.mode": ("end",), "end.result": ("end",), "end.points_per_card": ("end",), "end.card_points": ("end",),
    "reshuffle.fallback": ("reshuffle",),
}


def rank_row(rank: str) -> str:
    """The comparison row of a rank's cards."""
    return _RANK_ROWS.get(rank, "other")


def topics_of_field(key: str) -> tuple[str, ...]:
    """The comparison rows a differing field shows in."""
    if key in _PLAIN:
        return _PLAIN[key]
    part, _, rest = key.partition(".")
    if part == "starter":
        return ("starter",)
    if part == "calls":
        return ("calls",)
    if part == "wild":
        return ("wild",)
    if part == "defence":
        return (rank_row(rest),)   # a defence is told in the row of the attacking card
    if part == "cards":
        rank, _, name = rest.rpartition(".")
        rows = [rank_row(rank)]
        if name == "wild":
            rows.append("wild")
        if name in ("wish", "wish_duration"):
            rows.append("wish_duration")
        if name == "cover":
            rows.append("cover")   # ru-101's nine: its rank's row and the row of cards to cover
        if name == "reverse":
            rows.append("direction")
        return tuple(rows)
    return ()
