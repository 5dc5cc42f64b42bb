"""The starter verdict and the ruleset queries the app asks instead of reading compiled tables."""
from __future__ import annotations

import pytest

from engine.deal import judge_starter, new_game
from engine.moves import Move
from engine.queries import attack_kinds, first_card_reason, play_together, wish_choice, wish_kinds, wish_values
from engine.rules import check
from engine.ruleset import load_ruleset, variant_ids
from engine.verdicts import REASON_CODES, STARTER

VARIANTS = variant_ids()


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_starter_verdict_follows_the_ruleset_data(variant: str) -> None:
    # RULES.md, starter card: the forbidden patterns, and prší's starter that acts on the first player.
    rules = load_ruleset(variant)
    for card in rules.deck.all_cards():
        verdict = judge_starter(rules, card)
        forbidden = any(rules.matches(p, card) for p in rules.starter_forbidden)
        rule = rules.card_rule(card)
        codes = [r.code for r in verdict.reasons]
        assert verdict.legal is not forbidden
        assert set(codes) <= set(STARTER) <= set(REASON_CODES)
        if forbidden:
            assert codes == ["starter_forbidden"]
            continue
        acts = rules.starter_triggers and rule is not None and bool(rule.draw or rule.skip)
        special = rule is not None and bool(rule.draw or rule.skip or rule.wish or rule.wild)
        assert codes == ["starter_allowed"] + (["starter_attacks"] if acts else
                                               ["starter_effect_void"] if special else [])
        if acts:
            params = verdict.reasons[1].params
            assert (params["kind"], params["count"]) == (("draw", rule.draw) if rule.draw else ("skip", rule.skip))


def test_some_shipped_variant_forbids_a_starter_and_one_makes_it_act() -> None:
    # Without these, the test above would only ever see "starter_allowed".
    verdicts = [judge_starter(load_ruleset(v), c) for v in VARIANTS for c in load_ruleset(v).deck.all_cards()]
    codes = {r.code for v in verdicts for r in v.reasons}
    assert codes == set(STARTER)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_dealt_round_starts_with_a_card_the_verdict_accepts(variant: str) -> None:
    rules = load_ruleset(variant)
    for seed in range(40):
        st = new_game(rules, rules.players[0], seed)
        verdict = judge_starter(rules, st.pile[-1])
        assert verdict.legal
        attacks = [r.params for r in verdict.reasons if r.code == "starter_attacks"]
        if attacks:
            assert st.attack is not None and (st.attack.kind, st.attack.amount) == (attacks[0]["kind"], attacks[0]["count"])
        else:
            assert st.attack is None


@pytest.mark.parametrize("variant", VARIANTS)
def test_attack_and_wish_queries_match_the_card_rules(variant: str) -> None:
    rules = load_ruleset(variant)
    rules_of = [rules.card_rule(c) for c in rules.deck.all_cards()]
    assert ("draw" in attack_kinds(rules)) == any(r is not None and r.draw for r in rules_of)
    assert ("skip" in attack_kinds(rules)) == any(r is not None and r.skip for r in rules_of)
    rank_rules = [r for r in rules_of if r is not None and r.wish == "rank"]
    assert wish_values(rules, "rank") == (tuple(rank_rules[0].wish_values) if rank_rules else ())
    has_suit = any(r is not None and r.wish == "suit" for r in rules_of)
    assert wish_values(rules, "suit") == (tuple(rules.deck.suits) if has_suit else ())
    assert wish_values(rules, "colour") == ()
    assert wish_kinds(rules) == tuple(k for k in ("rank", "suit") if wish_values(rules, k))
    for card, rule in zip(rules.deck.all_cards(), rules_of, strict=False):
        choice = wish_choice(rules, card)
        if rule is None or not rule.wish:
            assert choice is None
        else:
            assert choice is not None and choice.kind == rule.wish and choice.optional == rule.wish_optional


@pytest.mark.parametrize("variant", [v for v in VARIANTS if load_ruleset(v).several_cards])
def test_play_together_agrees_with_the_judge(variant: str) -> None:
    # Two cards in one play: check() says not_same_rank exactly when play_together says no.
    rules = load_ruleset(variant)
    st = new_game(rules, rules.players[0], 3)
    deck = rules.deck
    top = st.pile[-1]
    firsts = [c for c in deck.all_cards() if c != top and first_card_reason(st._replace(hands=((c,),) + st.hands[1:]), c)
              in ("match_suit", "match_rank")]
    assert firsts
    for first in firsts[:4]:
        for card in deck.all_cards():
            if card in (first, top):
                continue
            trial = st._replace(hands=((first, card),) + st.hands[1:], attack=None, wish=None)
            verdict = check(trial, Move("play", (first, card)))
            judged_apart = any(r.code == "not_same_rank" for r in verdict.reasons)
            assert judged_apart is not play_together(rules, first, card), (deck.name(first), deck.name(card))
