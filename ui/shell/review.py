"""Spaced repetition of what a learner answered: one FSRS card per drill, lesson step or Play mistake.

Pure Python (no Streamlit). A deck is a plain dict ``{key: {"card": fsrs card dict, "drill": drill
dict, "variant": id}}`` so it can live in the session and be stored as JSON (the class database,
the browser's storage). A wrong answer is rated *Again* (back within minutes), a right one *Good*
(later each time it is right again). Every function takes the time ``now`` (the tests use a fixed
clock); fuzzing is off so the same answers give the same due dates.
"""
from __future__ import annotations

import zlib
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from fsrs import Card, Rating, Scheduler

from engine.drills import Drill, WrongOption, drill_from_dict, drill_to_dict

Deck = dict[str, dict[str, Any]]

_SCHEDULER = Scheduler(enable_fuzzing=False)  # immutable settings, shared by every session


def answer(deck: Mapping[str, dict[str, Any]], key: str, drill: Drill, right: bool, now: datetime) -> Deck:
    """The deck after one answer to the card ``key`` (made on its first answer), asked as ``drill``."""
    kept = deck.get(key)
    card = Card.from_dict(kept["card"]) if kept else Card(card_id=zlib.crc32(key.encode()) or 1, due=now)
    card, _log = _SCHEDULER.review_card(card, Rating.Good if right else Rating.Again, review_datetime=now)
    out = dict(deck)
    out[key] = {"card": card.to_dict(), "drill": drill_to_dict(drill), "variant": drill.variant}
    return out


def due_at(deck: Mapping[str, dict[str, Any]], key: str) -> datetime:
    """When the card ``key`` is due again."""
    return Card.from_dict(deck[key]["card"]).due


def due_keys(deck: Mapping[str, dict[str, Any]], now: datetime, variant: str | None = None) -> list[str]:
    """The keys of the cards due by ``now`` (of one variant, if given), the longest overdue first."""
    due = [(due_at(deck, k), k) for k, v in deck.items() if variant is None or v.get("variant") == variant]
    return [k for when, k in sorted(due) if when <= now]


def due_per_day(deck: Mapping[str, dict[str, Any]], now: datetime, days: int = 7) -> list[int]:
    """How many cards fall due on each of the next ``days`` days (today includes all overdue ones)."""
    counts = [0] * days
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    for key in deck:
        offset = max(0, (due_at(deck, key) - today) // timedelta(days=1))
        if offset < days:
            counts[offset] += 1
    return counts


def card_drill(deck: Mapping[str, dict[str, Any]], key: str) -> Drill:
    """The question of a card, as the drill it was kept as.

    A shipped drill is read as its file is (every field checked); a lesson step or a Play moment, which
    only this app writes, is a "best" question whose position the engine checks when it is drawn."""
    kept = deck[key]
    raw = kept["drill"]
    if raw.get("kind") != "best" or not any(w.get("reason") == "" for w in raw.get("wrong", ())):
        return drill_from_dict(raw, kept["variant"], "review", 0)
    wrong = tuple(WrongOption(str(w["move"]), "", "") for w in raw["wrong"])
    return Drill(str(raw["id"]), kept["variant"], str(raw["topic"]), "best", int(raw["level"]),
                 {**raw["position"], "variant": kept["variant"]}, (str(raw["answer"]),), title=str(raw["title"]),
                 options=tuple(sorted((str(raw["answer"]), *(w.move for w in wrong)))), wrong=wrong,
                 file="review")
