"""The expert player: the club player's move unless a paired search of club-played rollouts finds
a clearly better one; deterministic, blind to the hidden cards, and it stays with the club move
when the search is not ahead (docs/COACH.md, "The expert player")."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.coach import expert  # noqa: E402
from engine.coach.expert import DEVIATE, candidates, choose_expert, club_rollout, search_club  # noqa: E402
from engine.fastplay import Playout  # noqa: E402
from engine.match import playout_view  # noqa: E402
from engine.moves import parse_move  # noqa: E402
from engine.players.club import choose_club  # noqa: E402
from engine.players.common import view_moves  # noqa: E402
from engine.position import position_from_json  # noqa: E402
from engine.ruleset import load_ruleset  # noqa: E402
from engine.seat_view import view_of  # noqa: E402

SEED_RULESETS = ("pl", "pl-trad", "da", "hu")


def _choices(variant: str, count: int) -> list:
    """Views of club-played seeded rounds where the seat to move has more than one candidate."""
    rules = load_ruleset(variant)
    out = []
    game = 0
    while len(out) < count:
        p = Playout.new_game(rules, 4, 700 + game)
        rng = random.Random(game)
        while not p.over and len(out) < count:
            view = playout_view(p)
            if len(view_moves(view)) > 1 and len(candidates(view, choose_club(view, random.Random(0)))) > 1:
                out.append(view)
            p.apply(choose_club(view, rng))
        game += 1
    return out[::3]


def _hidden_dealt_anew(view, seed: int):
    """The same view in a state whose hidden cards (other hands, deck) are dealt differently."""
    from engine.seat_view import sample_state
    return view_of(sample_state(view, random.Random(seed)), view.seat)


@pytest.mark.parametrize("variant", SEED_RULESETS)
def test_the_expert_keeps_the_club_move_when_the_search_is_not_clearly_ahead(variant, monkeypatch):
    views = _choices(variant, 30)
    for i, view in enumerate(views):
        found = search_club(view, seed=i, default=choose_club(view, random.Random(i)))
        assert found.moves[0] == choose_club(view, random.Random(i))
        if found.chosen:   # a change of move needs a clear, largest paired advantage
            c = found.chosen
            assert found.advantage[c] > DEVIATE * found.advantage_se[c]
            assert found.advantage[c] == max(found.advantage)
        else:
            assert all(a <= DEVIATE * se for a, se in zip(found.advantage[1:], found.advantage_se[1:], strict=True))
    monkeypatch.setattr(expert, "DEVIATE", float("inf"))   # never clearly ahead: always the club move
    for i, view in enumerate(views):
        assert choose_expert(view, random.Random(i)) == choose_club(view, random.Random(i))


def test_the_expert_changes_the_club_move_somewhere_and_a_fresh_search_agrees():
    changed = 0
    for variant in SEED_RULESETS:
        for i, view in enumerate(_choices(variant, 45)):
            found = search_club(view, seed=i)
            if not found.chosen:
                continue
            changed += 1
            again = search_club(view, seed=10_000 + i, budget=600)   # other worlds, bigger budget
            c = again.moves.index(found.move)
            assert again.advantage[c] > -2 * again.advantage_se[c], (variant, i)
    assert changed >= 1


def test_the_search_values_taking_ten_cards_below_the_defence():
    # pl 2/3: 2♣ is the only defence against drawing 10; drawing them must be clearly worse.
    st = position_from_json({"variant": "pl", "hands": [["2c", "9d", "5s"], 4, 4], "to_move": 0,
                             "pile": ["8h", "2h"], "attack": {"draw": 10}})
    found = search_club(view_of(st), seed=0)
    assert found.moves[0] == parse_move("play 2c", st.rules.deck)
    draw = found.moves.index(parse_move("draw", st.rules.deck))
    assert found.advantage[draw] < -2 * found.advantage_se[draw]
    assert found.move == found.moves[0]


@pytest.mark.parametrize("variant", SEED_RULESETS)
def test_the_expert_is_deterministic_and_blind_to_the_hidden_cards(variant):
    for i, view in enumerate(_choices(variant, 15)):
        first = search_club(view, seed=i)
        assert search_club(view, seed=i) == first
        assert search_club(_hidden_dealt_anew(view, 1), seed=i) == first
        assert search_club(_hidden_dealt_anew(view, 2), seed=i) == first
        assert choose_expert(view, random.Random(i)) == choose_expert(_hidden_dealt_anew(view, 3), random.Random(i))


def test_candidates_are_the_club_move_first_then_each_other_card_set_and_the_draw():
    st = position_from_json({"variant": "pl", "hands": [["7h", "9h", "9c", "3s"], 4, 4], "to_move": 0,
                             "pile": ["5h"]})
    view = view_of(st)
    default = choose_club(view, random.Random(0))
    moves = candidates(view, default)
    assert moves[0] == default and moves[-1].kind == "draw"
    card_sets = [m.cards for m in moves if m.kind == "play"]
    assert len(card_sets) == len(set(card_sets))
    legal_sets = {m.cards for m in view_moves(view) if m.kind == "play"}
    assert set(card_sets) == legal_sets


def test_a_club_rollout_stops_at_its_horizon_and_when_the_result_is_known():
    rules = load_ruleset("hu")
    p = Playout.new_game(rules, 4, 5)
    assert club_rollout(p.copy(), random.Random(0), 0, True, 7) == 7
    q = p.copy()
    steps = club_rollout(q, random.Random(0), 0, True, 10_000)
    assert q.finished and steps < 10_000   # hu: the first seat out decides the round


def test_the_research_switches_search_every_wish_and_race_against_the_leader():
    # pl: the jack may wish any rank 5-10 (or nothing); the club player names one of them.
    st = position_from_json({"variant": "pl", "hands": [["jh", "9h", "9c", "3s"], 4, 4], "to_move": 0,
                             "pile": ["5h"]})
    view = view_of(st)
    default = choose_club(view, random.Random(0))
    jack = [m for m in view_moves(view) if m.kind == "play" and m.cards == (parse_move("play jh", st.rules.deck).cards)]
    club_only = [m for m in candidates(view, default) if m in jack]
    every = [m for m in candidates(view, default, wishes=True) if m in jack]
    assert len(club_only) == 1 and len(every) == len(jack) > 1
    # Racing against the leader keeps the same determinism and never spends more than the budget.
    cfg = expert.ExpertSettings(race_leader=True, wishes=True, deviate=1.5)
    first = search_club(view, seed=3, settings=cfg)
    assert first == search_club(_hidden_dealt_anew(view, 1), seed=3, settings=cfg)
    assert first.playouts <= cfg.budget + len(first.moves) * expert.BATCH
    if first.chosen:
        assert first.advantage[first.chosen] > 1.5 * first.advantage_se[first.chosen]


def test_the_search_deals_its_worlds_with_the_deal_it_is_given():
    # bench/expert_information.py swaps the uniform deal for a belief; the search must use it for
    # every world, and the default must be the uniform deal itself.
    from engine.seat_view import sample_state
    view = _choices("hu", 3)[0]
    assert search_club(view, seed=5) == search_club(view, seed=5, deal=sample_state)
    seen: list[int] = []

    def counting(v, rng):
        seen.append(v.seat)
        return sample_state(v, rng)

    found = search_club(view, seed=5, deal=counting)
    assert found == search_club(view, seed=5)
    assert len(seen) == max(found.worlds) and set(seen) == {view.seat}
    # A belief that knows the hidden cards differs from the uniform one somewhere over these views.
    views = _choices("hu", 30)
    truths = [sample_state(v, random.Random(i)) for i, v in enumerate(views)]
    told = [search_club(v, seed=i, deal=lambda _v, _rng, t=t: t).advantage for i, (v, t) in enumerate(zip(views, truths, strict=True))]
    assert told != [search_club(v, seed=i).advantage for i, v in enumerate(views)]
