"""Generated quizzes: endless practice questions from positions the engine itself reaches.

``generate(variant, topic, level, seed)`` deals a round, plays seeded random and eager moves,
and stops at a position that belongs to the topic (``classify``); the question and its answer
are computed by the engine. Every position goes through ``position_to_json`` and back through
the validator (``position_from_json``) before it is used, so a learner never sees a position
the validator would reject. Same arguments, same question: everything runs on the seed.
Stdlib only; the question is an ``engine.drills.Drill`` like the authored ones.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.deal import new_game
from engine.drills import Drill, outcome, outcome_options, playable_cards, verify_drill
from engine.errors import EngineError, PositionError
from engine.moves import Move, format_move
from engine.policies import eager_move, random_move
from engine.position import position_from_json, position_to_json
from engine.rules import child, legal_moves
from engine.ruleset import Ruleset, load_ruleset
from engine.state import RANK_WISH, State, tables_for

LEVELS = (1, 2, 3)
MAX_GAMES = 400
MAX_MOVES_PER_GAME = 90


class QuizError(EngineError, ValueError):
    """No question of the wanted topic and level could be generated."""


# ---------------------------------------------------------------------------- topics


def _attack_topic(rules: Ruleset, card: int) -> str | None:
    """The topic of an attacking card: 2/3, battle kings, 4; Hungarian VII and ász."""
    rank = rules.deck.rank_of(card)
    hungarian = rules.deck.art == "hungarian"
    t = tables_for(rules)
    if t.draw[card]:
        if hungarian:
            return "hu_seven"
        return "battle_kings" if rank == "K" else "two_three"
    if t.skip[card]:
        return "hu_ace" if hungarian else "four"
    return None


def _wish_topic(rules: Ruleset, kind: str) -> str:
    if rules.deck.art == "hungarian":
        return "hu_also" if kind == "rank" else "hu_felso"
    return "jack" if kind == "rank" else "ace"


def variant_topics(rules: Ruleset) -> tuple[str, ...]:
    """The topics a variant's rules have questions about, in teaching order."""
    t = tables_for(rules)
    topics = ["matching", "drawing"]
    if rules.several_cards:
        topics.append("several_cards")
    attacks = []
    for card in rules.deck.all_cards():
        topic = _attack_topic(rules, card)
        if topic and topic not in attacks:
            attacks.append(topic)
    order = ("two_three", "battle_kings", "four", "hu_seven", "hu_ace")
    topics += [x for x in order if x in attacks]
    wishes = {t.wish_kind[c] for c in rules.deck.all_cards() if t.wish_kind[c]}
    if RANK_WISH in wishes:
        topics.append(_wish_topic(rules, "rank"))
    if any(t.wild):
        topics.append("queen")
    if wishes - {RANK_WISH}:
        topics.append(_wish_topic(rules, "suit"))
    if rules.call("makao") or rules.call("kakao"):
        topics.append("makao_call")
    topics.append("end_of_round")
    return tuple(topics)


def classify(st: State) -> tuple[str, ...]:
    """Names the topics a position is about (its pending attack and wish, the cards in hand…)."""
    rules = st.rules
    t = tables_for(rules)
    hand = st.hands[st.to_move]
    topics: list[str] = []

    def add(topic: str | None) -> None:
        if topic and topic not in topics:
            topics.append(topic)

    if st.attack is not None:
        add(_attack_topic(rules, st.attack.card))
    if st.wish is not None:
        add(_wish_topic(rules, st.wish.kind))
    moves = legal_moves(st)
    plays = [m for m in moves if m.kind == "play"]
    if st.drawn is not None or (not plays and st.attack is None):
        add("drawing")
    if any(t.wild[c] for c in hand) or t.wild[st.pile[-1]]:
        add("queen")
    if any(len(m.cards) > 1 for m in plays):
        add("several_cards")
    for m in plays:
        add(_attack_topic(rules, m.cards[-1]))
        if t.wish_kind[m.cards[-1]]:
            add(_wish_topic(rules, "rank" if t.wish_kind[m.cards[-1]] == RANK_WISH else "suit"))
    if plays and ((len(hand) == 2 and rules.call("makao")) or (len(hand) == 1 and rules.call("kakao"))):
        add("makao_call")
    if plays and len(hand) == 1:
        add("end_of_round")
    if st.attack is None and st.wish is None and st.drawn is None:
        add("matching")
    return tuple(topics)


# ---------------------------------------------------------------------------- questions


def _tempting(st: State, card: int) -> bool:
    """An illegal card that looks playable: it matches the top card, or it is a queen."""
    t = tables_for(st.rules)
    top = st.pile[-1]
    return t.suit[card] == t.suit[top] or t.rank[card] == t.rank[top] or t.wild[card]


def _select_level(st: State) -> int:
    hand = st.hands[st.to_move]
    legal = set(playable_cards(st))
    name = st.rules.deck.name
    traps = sum(1 for c in set(hand) if name(c) not in legal and _tempting(st, c))
    if len(hand) >= 7 or traps >= 2 or (st.attack is not None and st.wish is not None):
        return 3
    if len(hand) <= 4 and traps == 0:
        return 1
    return 2


def _next_level(st: State, move: Move) -> int:
    t = tables_for(st.rules)
    level = 1
    if st.attack is not None or st.wish is not None:
        level += 1
    if len(move.cards) > 1 or any(st.waiting) or (move.cards and t.backwards[move.cards[-1]]):
        level += 1
    return min(level, 3)


def _next_candidates(st: State, topic: str) -> list[tuple[Move, str]]:
    """(move, ask) pairs whose outcome teaches the topic."""
    rules = st.rules
    t = tables_for(rules)
    hand = st.hands[st.to_move]
    out: list[tuple[Move, str]] = []
    # Questions about other topics use plays that make the call they need.
    moves = [m for m in legal_moves(st) if m.kind != "play" or not _needs_call(st, m) or m.makao or m.kakao]
    for m in moves:
        if m.kind == "play":
            last = m.cards[-1]
            if _attack_topic(rules, last) == topic:
                out.append((m, "penalty"))
            made = "rank" if t.wish_kind[last] == RANK_WISH else "suit"
            if t.wish_kind[last] and (m.demand or m.suit) not in (None, "none") and _wish_topic(rules, made) == topic:
                out.append((m, "wish"))
            if st.wish is not None and _wish_topic(rules, st.wish.kind) == topic and not t.wish_kind[last]:
                out.append((m, "wish"))
            if topic == "several_cards" and len(m.cards) > 1:
                out.append((m, "penalty" if any(t.draw[c] or t.skip[c] for c in m.cards) else "cards"))
            if topic == "end_of_round" and len(m.cards) == len(hand):
                out.append((m, "round"))
        elif st.attack is not None and _attack_topic(rules, st.attack.card) == topic:
            out.append((m, "cards" if m.kind == "draw" else "to_move"))
        elif topic == "drawing" and m.kind == "draw":
            out.append((m, "to_move"))
    if topic == "makao_call":
        for m in legal_moves(st):
            if m.kind == "play" and not m.makao and not m.kakao and _needs_call(st, m):
                out.append((m, "cards"))
    return out


def _needs_call(st: State, move: Move) -> bool:
    left = len(st.hands[st.to_move]) - len(move.cards)
    return (left == 1 and st.rules.call("makao") is not None) or (left == 0 and st.rules.call("kakao") is not None)


def _question(st: State, topic: str, rng: random.Random, data: dict[str, Any]) -> Drill | None:
    """Makes a question about the topic from a position, or None when it has none."""
    deck = st.rules.deck
    candidates = _next_candidates(st, topic)
    if candidates and rng.random() < 0.5:
        move, ask = candidates[rng.randrange(len(candidates))]
        truth = outcome(st, move, ask)
        options = list(outcome_options(st, ask, truth))
        if len(options) < 2:
            return None
        rng.shuffle(options)
        return Drill(
            id="",
            variant=st.rules.id,
            topic=topic,
            kind="next",
            level=_next_level(st, move),
            position=data,
            answer=(truth,),
            move=format_move(move, deck),
            ask=ask,
            options=tuple(options),
            file="generated",
        )
    answer = playable_cards(st)
    if not answer and rng.random() < 0.7:
        return None  # keep positions where nothing fits for a few questions only
    return Drill(
        id="",
        variant=st.rules.id,
        topic=topic,
        kind="select",
        level=_select_level(st),
        position=data,
        answer=answer,
        file="generated",
    )


def _round_trip(st: State) -> tuple[State, dict[str, Any]] | None:
    """The position as JSON and read back by the validator; None if it would be rejected."""
    data = position_to_json(st)
    try:
        back = position_from_json(data)
    except PositionError:
        return None
    if position_to_json(back) != data:
        return None
    return back, data


def generate(
    variant: str, topic: str | None = None, level: int | None = None, seed: int = 0, max_games: int = MAX_GAMES
) -> Drill:
    """Generates one question of a topic (any, if None) and level (any, if None) from the seed.

    Raises QuizError when the variant has no such topic or nothing fitting turns up.
    """
    rules = load_ruleset(variant)
    topics = variant_topics(rules)
    if topic is not None and topic not in topics:
        raise QuizError(f"{variant} has no questions about {topic!r} (topics: {', '.join(topics)})")
    if level is not None and level not in LEVELS:
        raise QuizError(f"level must be one of {', '.join(map(str, LEVELS))}")
    rng = random.Random(f"{variant}/{topic}/{level}/{seed}")
    low, high = rules.players
    fallback: Drill | None = None  # a question of another level, if the wanted one never turns up
    for game in range(max_games):
        players = rng.randint(low, min(high, 4))
        st = new_game(rules, players, rng.randrange(2**31))
        eager = rng.random() < 0.7
        found: list[State] = []
        for _ in range(MAX_MOVES_PER_GAME):
            if st.over:
                break
            wanted = topic or rng.choice(topics)
            if wanted in classify(st):
                found.append(st)
            policy = eager_move if eager else random_move
            st = child(st, policy(st, rng))
        rng.shuffle(found)
        for candidate in found[:6]:
            checked = _round_trip(candidate)
            if checked is None:
                continue
            state, data = checked
            chosen = topic or next(x for x in classify(state) if x in topics)
            question = _question(state, chosen, rng, data)
            if question is None:
                continue
            question = replace(question, id=f"gen-{variant}-{chosen}-{level or 0}-{seed}")
            if level is None or question.level == level:
                return question
            if fallback is None or abs(question.level - level) < abs(fallback.level - level):
                fallback = question
            if fallback is not None and game >= 60:
                return fallback
    if fallback is not None:
        return fallback
    raise QuizError(f"no {topic or 'any'} question of level {level or 'any'} found for {variant} (seed {seed})")


def verify_question(question: Drill) -> None:
    """Checks a generated question like an authored drill (the tests call it on many seeds)."""
    verify_drill(question)
