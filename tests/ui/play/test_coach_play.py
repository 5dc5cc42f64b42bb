"""The coach on the Play page through AppTest: the hint with every legal move, the move checker, the review.

Cheap budgets (100 playouts) keep the runs short; the budgets are module constants of
``ui.play.coaching`` read at call time, so the tests lower them for the app run in this process.
"""
from __future__ import annotations

import pytest

from engine.moves import DRAW
from engine.rules import legal_moves
from engine.ruleset import load_ruleset
from tests.ui.play.test_play_page import GAME, deal, open_play, send, table
from ui.play import coaching, model
from ui.play.model import act
from ui.play.view import table_data
from ui.present.coach_text import describe_hint, describe_shortfall, hint_lead, move_text, value_text
from ui.present.i18n import translator

BUDGET = 100


@pytest.fixture(autouse=True)
def cheap_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coaching, "HINT_PLAYOUTS", BUDGET)
    monkeypatch.setattr(coaching, "CHECK_PLAYOUTS", BUDGET)
    monkeypatch.setattr(coaching, "REVIEW_PLAYOUTS", BUDGET)
    monkeypatch.setattr(coaching, "HINT_SECONDS", None)
    monkeypatch.setattr(coaching, "CHECK_SECONDS", None)
    monkeypatch.setattr(coaching, "REVIEW_SECONDS", None)


def draw_is_questioned(variant: str) -> int:
    """The first seed whose first position (the person moves first) makes the checker question a draw."""
    rules = load_ruleset(variant)
    for seed in range(1, 60):
        game = model.start(model.make_settings(rules, 4, 1, ["club"] * 3, seed))
        if model.non_play_move(game.state) != DRAW:
            continue
        h = coaching.hint_for(game.state, coaching.hint_seed(game.round_seed, 0), BUDGET, None)
        if coaching.questionable(h, DRAW) is not None:
            return seed
    raise AssertionError(f"no seed in 1..59 makes the checker question a draw in {variant}")


@pytest.mark.parametrize("variant", ["da", "pl"])
def test_the_hint_lists_every_legal_move_best_first_with_the_coachs_sentence(variant: str) -> None:
    at = open_play(variant)
    deal(at, variant, seed=2)
    game = at.session_state[GAME]
    assert model.human_to_move(game) and game.coach is None
    at.button(key="play_hint").click().run()
    assert not at.exception, at.exception
    game = at.session_state[GAME]
    h = game.coach
    assert h is not None and h.playouts <= BUDGET + len(h.moves)
    legal = legal_moves(game.state)
    assert {e.move for e in h.moves} == set(legal)
    rows = at.table[0].value
    assert len(rows) == len(legal)
    names = list(rows.iloc[:, 0])
    assert names == [move_text(e.move, game.rules) for e in h.moves]   # best first
    assert list(rows.iloc[:, 3]).count("best move") == 1 and rows.iloc[0, 3] == "best move"
    assert any(describe_hint(h, game.rules) in m.value for m in at.markdown)
    # Words first (walkthrough D13): the advice and the coach's reason, then the numbers folded away.
    assert any(m.value == hint_lead(h, game.rules, state=game.state) for m in at.markdown)
    numbers = next(e for e in at.expander if e.label == "The coach's numbers")
    assert numbers.table and any(describe_hint(h, game.rules) in m.value for m in numbers.markdown)
    # The caption says what the counts and the brackets are, in a learner's words.
    assert any(c.value.startswith(f"The coach played {h.playouts} rounds on from here") and "In brackets" in c.value
               for c in at.caption)
    # The best move's cards are lit in the hand the table draws; no other card is.
    lit = [c["card"] for c in table(at)["hand"]["cards"] if c["coach"]]
    assert sorted(lit) == sorted(game.rules.deck.name(c) for c in h.best.move.cards)
    # The next move clears the hint.
    game = send(at, {"type": "draw"} if model.non_play_move(game.state) == DRAW else {"type": model.non_play_move(game.state).kind})
    assert game.coach is None


def test_the_move_checker_asks_before_a_costly_move_and_lets_you_confirm() -> None:
    seed = draw_is_questioned("da")
    at = open_play("da")
    deal(at, "da", seed=seed)
    at.toggle(key="play_checker").set_value(True).run()
    assert at.session_state[GAME].checker
    game = send(at, {"type": "draw"})
    assert game.pending is not None and game.pending.move == DRAW and len(game.turns) == 0
    # The question stands in the table, by the hand, with its two answers; the coach's reasons under it.
    data = table_data(game, translator("en"))
    warning = data["why"]
    assert data["why_label"] == "Move checker"
    assert [b["id"] for b in data["buttons"]] == ["confirm", "reconsider"] and data["picker"] is None
    gap = game.pending.shortfall
    # Both numbers with their unit (da: points), the learner's move named as theirs.
    assert warning == (f"Are you sure? Your move: draw a card — {value_text(gap.chosen, gap.hint)}. The coach's best "
                       f"move: {move_text(gap.best.move, game.rules)} — {value_text(gap.best, gap.hint)}.")
    assert "points on average" in warning
    # The words under it are about the best move, not a comparison with some runner-up the learner did not play.
    shown = "\n".join(m.value for m in at.markdown)
    assert describe_shortfall(gap.hint, DRAW, game.rules) in shown
    assert "the next best" not in shown
    # Another move while the question stands is refused with a notice.
    assert act(game, {"type": "draw"}).notice == "answer_checker"
    at.button(key="play_confirm").click().run()
    game = at.session_state[GAME]
    assert game.pending is None and game.turns[0].move == DRAW


def test_the_move_checker_lets_you_choose_again_and_stays_quiet_when_off() -> None:
    seed = draw_is_questioned("da")
    at = open_play("da")
    deal(at, "da", seed=seed)
    at.toggle(key="play_checker").set_value(True).run()
    send(at, {"type": "draw"})
    at.button(key="play_reconsider").click().run()
    game = at.session_state[GAME]
    assert game.pending is None and len(game.turns) == 0 and model.human_to_move(game)
    at.toggle(key="play_checker").set_value(False).run()
    game = send(at, {"type": "draw"})
    assert game.pending is None and game.turns[0].move == DRAW


def test_the_checker_never_questions_the_best_move() -> None:
    rules = load_ruleset("hu")
    for seed in range(1, 6):
        game = model.start(model.make_settings(rules, 4, 1, ["club"] * 3, seed))
        h = coaching.hint_for(game.state, 0, BUDGET, None)
        assert coaching.questionable(h, h.best.move) is None
        for estimate in h.moves:
            found = coaching.questionable(h, estimate.move)
            if found is not None:
                assert found.loss > coaching.threshold(h) == coaching.CHECK_SHARE


def test_the_points_threshold_follows_the_best_moves_value() -> None:
    rules = load_ruleset("da")
    game = model.start(model.make_settings(rules, 4, 1, ["club"] * 3, 1))
    h = coaching.hint_for(game.state, 0, BUDGET, None)
    assert h.objective.kind == "points"
    assert coaching.threshold(h) == pytest.approx(max(coaching.CHECK_SHARE * h.best.mean, coaching.CHECK_MIN_POINTS))


def test_the_expert_strength_plays_its_own_moves_at_the_table() -> None:
    rules = load_ruleset("hu")
    game = model.start(model.make_settings(rules, 4, 1, ["expert"] * 3, 3))
    assert model.strength_of(game, 1) == "expert"
    game = act(game, {"type": model.non_play_move(game.state).kind})
    from engine.coach import choose_expert
    from engine.match import move_rng
    from engine.seat_view import view_of
    expected = choose_expert(view_of(game.state, 1), move_rng(game.round_seed, len(game.turns)))
    assert model.computer_move(game) == expected


def drawing_learner_round(variant: str, seed: int) -> model.Game:
    """A round in which the person draws on its first three turns, then plays the first lit card (else draws)."""
    game = model.start(model.make_settings(load_ruleset(variant), 3, 1, ["club"] * 2, seed))
    own = 0
    for _ in range(2000):
        if game.over:
            break
        if not model.human_to_move(game):
            game = act(game, {"type": "step"})
            continue
        own += 1
        lit = [c for c, v in model.selectable(game).items() if v.legal]
        kind = model.non_play_move(game.state).kind
        after = act(game, {"type": kind}) if own <= 3 or not lit else game
        if len(after.turns) == len(game.turns):          # drawing is not allowed here: play the first lit card
            card = next(c for c, v in model.selectable(game).items() if v.legal)
            after = act(act(game, {"type": "tap", "card": game.rules.deck.name(card)}), {"type": "play"})
            while after.picking:
                after = act(after, {"type": "pick", "value": model.wish_options(after)[1][0]})
        game = after
    assert game.over
    return game


def test_the_review_lists_the_moves_that_lost_most_biggest_first() -> None:
    game = drawing_learner_round("hu", 4)
    moments = model.review(game)
    assert 1 <= len(moments) <= coaching.REVIEW_SHOWN
    turns = game.rounds[-1].turns
    for moment in moments:
        assert turns[moment.index].seat == 0 and moment.before == turns[moment.index].before
        assert moment.shortfall.chosen.move == turns[moment.index].move != moment.shortfall.best.move
        assert moment.shortfall.loss > 0
    losses = [m.shortfall.loss for m in moments]
    assert losses == sorted(losses, reverse=True)
    # A moment is a clear loss, beyond the simulation's noise: the coach calls no coin toss a mistake.
    assert all(coaching.is_clear(m.shortfall) for m in moments)


def test_the_review_leaves_out_moves_behind_the_best_only_within_the_noise() -> None:
    game = drawing_learner_round("hu", 4)
    turns = game.rounds[-1].turns
    mine = [i for i, turn in enumerate(turns) if turn.seat == 0]
    noisy = 0
    for index in mine:
        h = coaching.hint_for(turns[index].before, coaching.hint_seed(game.rounds[-1].seed, index), BUDGET, None)
        gap = coaching.shortfall(h, turns[index].move) if h is not None and len(h.moves) > 1 else None
        if gap is not None and gap.loss > 0 and not coaching.is_clear(gap):
            noisy += 1
            assert index not in {m.index for m in model.review(game)}
    assert noisy > 0, "the round should hold a move behind the best one only within the noise"


def test_the_review_says_how_far_it_has_got() -> None:
    game = drawing_learner_round("hu", 4)
    told: list[tuple[int, int]] = []
    model.review(game, lambda done, total: told.append((done, total)))
    mine = sum(1 for turn in game.rounds[-1].turns if turn.seat == 0)
    assert told == [(done, mine) for done in range(1, mine + 1)]


def test_the_review_after_a_round_opens_a_moment_in_the_sandbox() -> None:
    from engine.position import position_to_json
    from ui.sandbox.controller import TIMELINE
    at = open_play("hu")
    deal(at, "hu", players=3, seed=4)
    at.session_state[GAME] = drawing_learner_round("hu", 4)
    at.run()
    at.button(key="play_review_ask").click().run()
    assert not at.exception, at.exception
    assert not [b for b in at.button if b.key == "play_review_ask"]     # the moments came in the button's place
    game = at.session_state[GAME]
    moments = model.review(game)
    shown = "\n".join(m.value for m in at.markdown)
    assert "The moments that mattered" in "\n".join(h.value for h in at.header)
    assert moments
    for moment in moments:
        gap = moment.shortfall
        assert (f"Move {moment.index + 1}. Your move: {move_text(gap.chosen.move, game.rules)} — "
                f"{value_text(gap.chosen, gap.hint)}. The coach's best move: {move_text(gap.best.move, game.rules)} — "
                f"{value_text(gap.best, gap.hint)}.") in shown
        assert "chance to win" in shown           # hu: the numbers are chances to win, and say so
        assert describe_shortfall(gap.hint, gap.chosen.move, game.rules) in shown
    assert "the next best" not in shown and "both moves are about as good" not in shown
    # Each moment shows where it happened: the top card and the learner's hand then.
    captions = [c.value for c in at.caption]
    assert captions.count("On the pile") == len(moments) == captions.count("Your hand then")
    deck = game.rules.deck
    for moment in moments:
        hand = moment.before.hands[0]
        shown_hand = [m.value for m in at.markdown if all(f'data-card="{deck.name(c)}"' in m.value for c in hand)]
        assert shown_hand
        # The learner's cards raised, the coach's best outlined: as many marks as the moves have cards.
        mine, best = set(moment.shortfall.chosen.move.cards), set(moment.shortfall.best.move.cards)
        assert any(html.count("makao-card--selected") == len(mine) and html.count("makao-card--legal") == len(best - mine)
                   for html in shown_hand)
    legends = [c for c in captions if "the cards of your move" in c or "the cards of the coach's best move" in c]
    assert len(legends) == sum(1 for m in moments if m.shortfall.chosen.move.cards or m.shortfall.best.move.cards)
    at.button(key="play_review_open_0").click().run()
    assert not at.exception, at.exception
    opened = position_to_json(at.session_state[TIMELINE].current)
    wanted = position_to_json(moments[0].before)
    opened.pop("over", None), wanted.pop("over", None)
    assert opened == wanted


QUICK, CLOSER = 100, 400


@pytest.fixture
def closer_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker's and the review's quick look smaller than the Hint's budget, as in the app."""
    monkeypatch.setattr(coaching, "CHECK_PLAYOUTS", QUICK)
    monkeypatch.setattr(coaching, "REVIEW_PLAYOUTS", QUICK)
    monkeypatch.setattr(coaching, "HINT_PLAYOUTS", CLOSER)


def first_position(variant: str, seed: int):
    game = model.start(model.make_settings(load_ruleset(variant), 4, 1, ["club"] * 3, seed))
    assert model.human_to_move(game)
    return game, coaching.hint_seed(game.round_seed, 0)


def test_the_checker_asks_only_when_the_hints_own_look_agrees(closer_look: None) -> None:
    # da, seed 2: the quick look finds the J♦ without a demand 54 points behind the best move; the Hint's
    # budget finds it behind within the noise. The checker must not call it a mistake.
    game, seed = first_position("da", 2)
    move = next(m for m in legal_moves(game.state) if m.kind == "play" and m.demand == "none")
    quick = coaching.hint_for(game.state, seed, QUICK, None)
    closer = coaching.hint_for(game.state, seed, CLOSER, None)
    assert coaching.questionable(quick, move) is not None and coaching.questionable(closer, move) is None
    assert coaching.check_move(game.state, seed, move) is None
    # Never a question the Hint would not back, for any move of these positions.
    asked_at_all = 0
    for variant, number in (("da", 2), ("da", 4), ("pl", 4), ("hu", 4)):
        game, seed = first_position(variant, number)
        closer = coaching.hint_for(game.state, seed, CLOSER, None)
        for candidate in legal_moves(game.state):
            asked = coaching.check_move(game.state, seed, candidate)
            if asked is not None:
                asked_at_all += 1
                assert coaching.questionable(closer, candidate) is not None, (variant, candidate)
                assert asked.hint.playouts == closer.playouts and asked.best.move == closer.best.move
    assert asked_at_all > 0, "the positions should hold moves the checker rightly asks about"


def test_after_a_hint_the_checker_judges_by_that_hint(closer_look: None) -> None:
    game, seed = first_position("da", 2)
    move = next(m for m in legal_moves(game.state) if m.kind == "play" and m.demand == "none")
    quick = coaching.hint_for(game.state, seed, QUICK, None)
    assert coaching.check_move(game.state, seed, move, shown=quick) == coaching.questionable(quick, move)
    hinted = act(game, {"type": "hint"})
    assert hinted.coach is not None
    asked = coaching.check_move(hinted.state, seed, hinted.coach.best.move, shown=hinted.coach)
    assert asked is None                                  # the move the Hint lit is never questioned


def test_the_review_keeps_only_the_moments_the_hints_own_look_confirms(closer_look: None) -> None:
    # pl, seed 1: the quick look finds three losses; the Hint's budget confirms one.
    game = drawing_learner_round("pl", 1)
    record = game.rounds[-1]
    looked: list[tuple[int, int]] = []
    moments = model.review(game, closer=lambda done, total: looked.append((done, total)))
    assert moments and len(looked) > len(moments)
    assert looked == [(done, looked[-1][1]) for done in range(1, len(looked) + 1)]
    for moment in moments:
        closer = coaching.hint_for(moment.before, coaching.hint_seed(record.seed, moment.index), CLOSER, None)
        assert moment.shortfall.hint.playouts == closer.playouts          # the figures shown are the closer look's
        assert coaching.is_clear(coaching.shortfall(closer, record.turns[moment.index].move))
