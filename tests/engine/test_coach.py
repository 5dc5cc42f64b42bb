"""The coach: its rollouts play the kernel's rules, its hint ranks the clearly right move first
(tests/cases/coach.toml), it decides from the seat's view alone, it is deterministic, its expert
player beats random play, its words exist in every language, and its command line."""
from __future__ import annotations

import io
import json
import random
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import cli  # noqa: E402
from engine.coach import COACH_CODES, CoachError, hint, objective_for  # noqa: E402
from engine.coach.expert import choose_expert  # noqa: E402
from engine.coach.objective import score, score_range  # noqa: E402
from engine.coach.rollout import keen_action, rollout  # noqa: E402
from engine.coach.search import CoachReason, interval  # noqa: E402
from engine.fastplay import PLAY, Playout  # noqa: E402
from engine.moves import format_move, parse_move  # noqa: E402
from engine.position import position_from_json, position_to_json  # noqa: E402
from engine.rules import legal_moves  # noqa: E402
from engine.ruleset import load_ruleset, variant_ids  # noqa: E402
from engine.seat_view import view_of  # noqa: E402

CASES = tomllib.loads((ROOT / "tests" / "cases" / "coach.toml").read_text(encoding="utf-8"))
SEED_RULESETS = ("pl", "pl-trad", "da", "hu")


def _case_state(case):
    pos = dict(case["position"])
    pos.setdefault("variant", CASES["variant"])
    return position_from_json(pos)


def _midgame(variant: str, players: int, seed: int, steps: int = 14):
    p = Playout.new_game(load_ruleset(variant), players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if p.over:
            break
        moves = p.legal_moves()
        p.apply(moves[rng.randrange(len(moves))])
    return p.to_state()


def _players(variant: str) -> int:
    lo, hi = load_ruleset(variant).players
    return max(lo, min(4, hi))


# ------------------------------------------------------------------ rollouts and objectives

@pytest.mark.parametrize("variant", variant_ids())
def test_a_rollout_reaches_the_state_the_kernel_reaches_move_by_move(variant):
    players = _players(variant)
    for seed in range(25):
        st = _midgame(variant, players, seed, steps=seed % 9)
        if st.over:
            continue
        seat = st.to_move
        stop_first = objective_for(st.rules).stop_at_first_out
        fast = Playout.from_state(st)
        steps = rollout(fast, random.Random(seed), seat, stop_first, cap=300)
        slow = Playout.from_state(st)
        rng = random.Random(seed)
        made = 0
        while not slow.over and made < 300 and seat not in slow.finished and not (stop_first and slow.finished):
            slow._run(None, 1, keen_action(slow, rng))
            made += 1
        assert steps == made
        assert fast.to_state() == slow.to_state()


@pytest.mark.parametrize("variant", SEED_RULESETS)
def test_the_rollout_policy_plays_when_it_can_and_always_calls(variant):
    # The keen policy (engine/coach/rollout.py): never draws with a play in hand, never forgets a call.
    rules = load_ruleset(variant)
    for seed in range(30):
        p = Playout.from_state(_midgame(variant, _players(variant), seed, steps=seed % 7))
        rng = random.Random(seed)
        for _ in range(60):
            if p.over:
                break
            acts = p._actions()
            a = keen_action(p, rng)
            if any(b.kind == PLAY for b in acts):
                assert a.kind == PLAY
                left = p.hs[p.to_move] - a.count
                if left == 1 and rules.call("makao") and rules.call("makao").penalty:
                    assert a.makao, "forgot makao"
                if left == 0 and rules.call("kakao") and rules.call("kakao").penalty:
                    assert a.kakao, "forgot kakao"
            p._run(None, 1, a)


def test_the_objective_follows_each_rulesets_scoring():
    kinds = {v: objective_for(load_ruleset(v)).kind for v in variant_ids()}
    assert kinds == {"pl": "place", "pl-trad": "not_loser", "da": "points", "hu": "win",
                     "cz-prsi": "win", "de-maumau": "win", "de-maumau-9": "win", "ru-101": "penalty", "pl-devdo": "win"}
    assert not objective_for(load_ruleset("ru-101")).higher_is_better


def test_a_finished_round_is_scored_as_the_variant_scores_it():
    # pl places: seat 1 went out second of three -> place 2 -> score 0.5.
    st = position_from_json({"variant": "pl", "hands": [[], [], ["5h"]], "to_move": 2, "pile": ["9c"],
                             "finished": [0, 1], "over": True})
    assert score(objective_for(st.rules), Playout.from_state(st), 1) == 0.5
    assert score(objective_for(st.rules), Playout.from_state(st), 2) == 0.0
    # da: the winner scores 10 per card the others hold.
    st = position_from_json({"variant": "da", "hands": [[], ["5h", "6h"], ["7c"]], "to_move": 1,
                             "pile": ["9c"], "finished": [0], "over": True})
    assert score(objective_for(st.rules), Playout.from_state(st), 0) == 30.0
    assert score(objective_for(st.rules), Playout.from_state(st), 1) == 0.0


def test_intervals_are_wilson_for_shares_and_normal_for_points():
    low, high = interval([1.0] * 20)
    assert high == 1.0 and 0.8 < low < 0.9
    low, high = interval([10.0, 20.0, 30.0])
    assert low < 20.0 < high


# ------------------------------------------------------------------ the case table

@pytest.mark.parametrize("case", CASES["case"], ids=[c["id"] for c in CASES["case"]])
def test_the_hint_ranks_the_clearly_right_move_first(case):
    st = _case_state(case)
    right = format_move(parse_move(case["move"], st.rules.deck), st.rules.deck)
    h = hint(view_of(st), playouts=1000, seed=0)
    assert h.best.notation == right, (case["rule"], [(m.notation, round(m.mean, 3), m.playouts) for m in h.moves])


def test_the_case_table_covers_every_seed_ruleset_with_twenty_positions():
    variants = [c["position"].get("variant", CASES["variant"]) for c in CASES["case"]]
    assert len(variants) >= 20
    assert all(variants.count(v) >= 5 for v in SEED_RULESETS)


# ------------------------------------------------------------------ the hint's shape and budget

@pytest.mark.parametrize("variant", SEED_RULESETS)
def test_every_legal_move_is_valued_once_best_first(variant):
    for seed in (1, 4):
        st = _midgame(variant, 4, seed)
        if st.over:
            continue
        h = hint(view_of(st), playouts=400, seed=seed)
        assert sorted(m.notation for m in h.moves) == sorted(format_move(m, st.rules.deck) for m in legal_moves(st))
        behind = [m.behind for m in h.moves]
        assert behind[0] == 0.0 and behind[1:] == sorted(behind[1:])
        assert all(m.low <= m.mean <= m.high and m.playouts >= 1 for m in h.moves)
        assert len(h.moves) == 1 or h.best.playouts == h.fresh > 0   # the best value: fresh worlds
        assert sum(m.playouts for m in h.moves) <= h.playouts <= 400
        assert all(r.code in COACH_CODES for r in h.reasons)


def test_without_early_stop_every_move_gets_the_same_share_of_the_racing_budget():
    st = _case_state(CASES["case"][0])   # two legal moves
    h = hint(view_of(st), playouts=1000, seed=3, early_stop=False)
    # 800 racing playouts, 400 each; the best move's shown value is its 200 fresh worlds
    assert [m.playouts for m in h.moves] == [200, 400] and h.playouts == 1000 and h.stopped == "budget"
    assert h.fresh == 200 and h.worlds == 600


def test_a_clear_best_move_stops_the_hint_early():
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "pl-winning-last-card"))
    h = hint(view_of(st), playouts=5000, seed=0)
    assert h.stopped == "clear" and h.playouts < 1000 and h.best.playouts == 200


def test_a_spent_time_budget_still_values_every_move_once():
    st = _midgame("pl", 4, 1)
    h = hint(view_of(st), playouts=10_000, seed=0, seconds=1e-9)
    assert h.stopped in ("time", "only_move")
    assert all(m.playouts >= 1 for m in h.moves) and h.playouts < 1000


def test_a_finished_round_or_another_seat_gets_a_clear_error():
    over = position_from_json({"variant": "hu", "hands": [[], ["7h"]], "to_move": 1, "pile": ["9h"],
                               "finished": [0], "over": True})
    with pytest.raises(CoachError):
        hint(view_of(over))
    st = _midgame("pl", 3, 2)
    with pytest.raises(CoachError):
        hint(view_of(st, (st.to_move + 1) % 3))


# ------------------------------------------------------------------ hidden information, determinism

def _with_hidden_cards_permuted(st, rng):
    seat = st.to_move
    hidden = [c for s, h in enumerate(st.hands) if s != seat for c in h] + list(st.deck)
    rng.shuffle(hidden)
    hands, at = [], 0
    for s, h in enumerate(st.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(sorted(hidden[at:at + len(h)])))
            at += len(h)
    return st.with_(hands=tuple(hands), deck=tuple(hidden[at:]))


@pytest.mark.parametrize("variant", SEED_RULESETS)
def test_the_hint_does_not_change_when_the_unseen_cards_are_dealt_differently(variant):
    st = _midgame(variant, 4, 5)
    other = _with_hidden_cards_permuted(st, random.Random(9))
    assert other != st and view_of(other) == view_of(st)
    assert hint(view_of(st), playouts=300, seed=2).same_answer(hint(view_of(other), playouts=300, seed=2))


def test_the_hint_cannot_use_a_defence_hidden_in_the_next_hand():
    # Whether the next seat holds a 2 (and can send the attack on) is hidden from seat 0: both
    # worlds give the very same hint.
    base = {"variant": "pl", "to_move": 0, "pile": ["8h", "2h"], "attack": {"draw": 2}}
    holds = position_from_json({**base, "hands": [["2c", "9d"], ["2s", "2d", "3h"], ["5c", "6c", "7c"]],
                                "deck": ["4h", "5d"]})
    lacks = position_from_json({**base, "hands": [["2c", "9d"], ["5c", "6c", "7c"], ["2s", "2d", "3h"]],
                                "deck": ["4h", "5d"]})
    assert view_of(holds) == view_of(lacks)
    assert hint(view_of(holds), playouts=300, seed=1).same_answer(hint(view_of(lacks), playouts=300, seed=1))


def test_the_same_seed_gives_the_same_hint_and_another_seed_other_numbers():
    st = _midgame("da", 4, 3)
    first = hint(view_of(st), playouts=500, seed=11)
    assert first.same_answer(hint(view_of(st), playouts=500, seed=11))
    other = hint(view_of(st), playouts=500, seed=12)
    assert [m.mean for m in first.moves] != [m.mean for m in other.moves]


# ------------------------------------------------------------------ reasons

def test_the_winning_last_card_is_explained_as_going_out():
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "hu-last-card-with-kakao"))
    h = hint(view_of(st), playouts=600)
    assert h.reasons[0] == CoachReason("goes_out", {"cards": ["9b"], "place": 1, "objective": "win"})
    assert h.reasons[-1].code == "better_by"


def test_a_defence_is_explained_by_the_penalty_it_avoids():
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "pl-only-defence-against-10"))
    h = hint(view_of(st), playouts=600)
    assert h.reasons[0] == CoachReason("avoids_penalty", {"kind": "draw", "amount": 10})


def test_the_call_is_explained_by_its_penalty():
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "pl-say-makao"))
    h = hint(view_of(st), playouts=600)
    assert h.reasons[0] == CoachReason("makes_call", {"call": "makao", "word": "makao", "penalty": 5})


def test_the_next_seat_stuck_share_is_counted_in_the_deals():
    # 2c under an attack of 10: the next seat must answer 12 with a 2 or 3 matching 2c, and the
    # reason's share is the share of sampled deals in which it holds none.
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "pl-only-defence-against-10"))
    h = hint(view_of(st), playouts=600)
    stuck = next(r for r in h.reasons if r.code == "next_stuck")
    assert stuck.params["seat"] == 1 and stuck.params["cards"] == 4
    assert 50 <= stuck.params["percent"] <= 95


# ------------------------------------------------------------------ the expert player

def _random_with_calls(view, rng):
    """A beginner: any legal move, the last-card calls always made."""
    from engine.seat_view import stand_in
    moves = legal_moves(stand_in(view))
    called = {m._replace(makao=False, kakao=False) for m in moves if m.makao or m.kakao}
    moves = [m for m in moves if m not in called]
    return moves[rng.randrange(len(moves))]


def _expert_wins(variant: str, rounds: int) -> int:
    from engine.coach.objective import objective_for as obj_for
    rules = load_ruleset(variant)
    wins = 0
    for r in range(rounds):
        p = Playout.new_game(rules, 4, 100 + r)
        expert_seat = r % 4
        rng = random.Random(r)
        steps = 0
        while not p.over and steps < 2000:
            view = view_of(p.to_state())
            pick = choose_expert if view.seat == expert_seat else _random_with_calls
            p.apply(pick(view, rng))
            steps += 1
            if obj_for(rules).kind in ("place", "not_loser") and expert_seat in p.finished:
                break
        wins += bool(p.finished) and p.finished[0] == expert_seat
    return wins


@pytest.mark.parametrize("variant", ("da", "hu"))
def test_the_expert_beats_random_players(variant):
    # Parity is 2 of 8; the expert goes out first in at least half the rounds.
    assert _expert_wins(variant, 8) >= 4


# ------------------------------------------------------------------ words

def _all_reasons():
    yield CoachReason("only_move", {"move": "draw", "value": 0.25, "objective": "win"})
    for kind in ("win", "place", "not_loser", "points", "penalty"):
        yield CoachReason("only_move", {"move": "wait", "value": 0.5, "objective": kind})
        for code in ("better_by", "close_call"):
            yield CoachReason(code, {"move": "play Jh demand 7", "value": 0.6, "other": "play 7h makao",
                                     "other_value": 0.4, "objective": kind})
        yield CoachReason("goes_out", {"cards": ["7h", "7c"], "place": 2, "objective": kind})
    yield CoachReason("makes_call", {"call": "makao", "word": "makao", "penalty": 5})
    yield CoachReason("avoids_penalty", {"kind": "draw", "amount": 2})
    yield CoachReason("avoids_penalty", {"kind": "skip", "amount": 1})
    yield CoachReason("wish_held", {"kind": "rank", "value": "7", "held": 2, "percent": 40})
    yield CoachReason("wish_held", {"kind": "suit", "value": "h", "held": 1, "percent": 40})
    yield CoachReason("next_stuck", {"seat": 1, "cards": 1, "percent": 62})
    yield CoachReason("keeps_card", {"cards": ["Qs"], "percent": 40})


@pytest.mark.parametrize("lang", ("en", "pl", "da", "hu"))
def test_every_coach_reason_has_a_sentence_in_every_language(lang):
    from ui.present.coach_text import describe_coach_reason
    from ui.present.i18n import translator
    tr = None if lang == "en" else translator(lang)
    rules = load_ruleset("pl")
    seen = set()
    for reason in _all_reasons():
        text = describe_coach_reason(reason, rules, 4, tr, best=parse_move("play 3h 3c", rules.deck))
        assert text and "{" not in text and not text[0].islower(), text
        seen.add(reason.code)
    assert seen == set(COACH_CODES)


def test_the_sentence_names_cards_moves_and_numbers():
    from ui.present.coach_text import describe_coach_reason, estimate_text
    rules = load_ruleset("pl")
    text = describe_coach_reason(CoachReason("better_by", {"move": "play Jh demand 7", "value": 0.625,
                                                           "other": "draw", "other_value": 0.4, "objective": "place"}),
                                 rules, 4, None, best=parse_move("play Jh demand 7", rules.deck))
    assert text == ("Best: J♥, demand 7, with an expected place of 2.1; the next best, draw a card, gives 2.8.")
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "pl-winning-last-card"))
    h = hint(view_of(st), playouts=300)
    assert estimate_text(h.best, h) == "place 1.0 (1.0–1.0)"


# ------------------------------------------------------------------ command line

def _run(argv, stdin: str | None = None):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = cli.main(argv)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def test_the_hint_command_prints_every_move_best_first_with_the_coachs_words(tmp_path):
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "pl-only-defence-against-10"))
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position_to_json(st)), encoding="utf-8")
    code, out, err = _run(["hint", str(path), "--playouts", "600", "--seed", "4"])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["objective"] == "place" and data["better"] == "higher"
    assert [m["move"] for m in data["moves"]] == ["play 2c", "draw"]
    assert all({"value", "interval", "playouts", "expected_place"} <= set(m) for m in data["moves"])
    # The move and its numbers first, the reasons after them; the draw is named as the 10-card penalty.
    assert data["coach"].startswith("Best: 2♣, with an expected place of")
    assert "the next best, draw the 10 penalty cards, gives" in data["coach"]
    assert "2♣ answers the attack: you avoid drawing 10 cards now." in data["coach"]
    code2, out2, _ = _run(["hint", "-", "--playouts", "600", "--seed", "4"], stdin=path.read_text())
    assert code2 == 0 and json.loads(out2) == data


def test_the_hint_command_speaks_the_language_asked_for(tmp_path):
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "da-winning-last-card"))
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position_to_json(st)), encoding="utf-8")
    _, en, _ = _run(["hint", str(path), "--playouts", "300"])
    _, da, _ = _run(["hint", str(path), "--playouts", "300", "--lang", "da"])
    assert json.loads(en)["moves"] == json.loads(da)["moves"]
    assert "110,0" in json.loads(da)["coach"] and "110.0" in json.loads(en)["coach"]


def test_the_hint_command_prints_intervals_a_round_can_score(tmp_path):
    # reliability.md / #23: "-4.4 points" was printed; a round of da never scores below 0 points.
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "da-two-of-hearts-against-heart-king"))
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position_to_json(st)), encoding="utf-8")
    code, out, _ = _run(["hint", str(path), "--playouts", "300"])
    lows = [m["interval"][0] for m in json.loads(out)["moves"]]
    assert code == 0 and min(lows) == 0.0, lows  # the draw's normal interval reaches -4.4: cut at 0
    assert score_range(objective_for(st.rules), st.rules, 2) == (0.0, 520.0)  # 10 points x 52 cards


def test_intervals_are_cut_to_the_bounds_given():
    xs = [0.0] * 19 + [30.0]
    assert interval(xs)[0] < 0.0
    assert interval(xs, (0.0, 520.0)) == (0.0, interval(xs)[1])
    assert interval([1.0, 1.0, 0.5], (0.0, 1.0))[1] == 1.0
    ru = load_ruleset("ru-101")
    assert score_range(objective_for(ru), ru, 2) == (0.0, 4 * (6 + 7 + 8 + 9 + 10 + 2 + 3 + 4 + 11))


def test_the_hint_command_has_a_default_time_budget(tmp_path, monkeypatch):
    # reliability.md N4: a huge --playouts without --seconds tied a shell up for minutes.
    import engine.coach
    from engine import cli_coach

    budgets = []
    real = engine.coach.hint  # the command imports the coach when it runs (a quick start)

    def recording(view, **kwargs):
        budgets.append(kwargs["seconds"])
        return real(view, **{**kwargs, "playouts": 50})

    monkeypatch.setattr(engine.coach, "hint", recording)
    st = _case_state(next(c for c in CASES["case"] if c["id"] == "da-winning-last-card"))
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(position_to_json(st)), encoding="utf-8")
    assert _run(["hint", str(path), "--playouts", "1000000"])[0] == 0
    assert _run(["hint", str(path), "--seconds", "2.5"])[0] == 0
    assert budgets == [cli_coach.DEFAULT_SECONDS, 2.5] and cli_coach.DEFAULT_SECONDS == 10.0
    helps = cli.build_parser()._subparsers._group_actions[0].choices["hint"].format_help()
    assert "default 10" in " ".join(helps.split())
    for bad in ("0", "inf", "nan"):
        code, _, err = _run(["hint", str(path), "--seconds", bad])
        assert code == 2 and "--seconds" in err


@pytest.mark.parametrize("argv, stdin, message", [
    (["hint", "/nonexistent/pos.json"], None, "cannot be read"),
    (["hint", "-"], "{not json", "not valid JSON"),
    (["hint", "-", "--playouts", "0"], "{}", "--playouts"),
    (["hint", "-", "--lang", "xx"], "{}", "--lang"),
    (["hint", "-", "--seconds", "-1"], "{}", "--seconds"),
    (["hint", "-"], json.dumps({"variant": "hu", "hands": [[], ["7h"]], "to_move": 1, "pile": ["9h"],
                                "finished": [0], "over": True}), "round is over"),
])
def test_bad_input_to_the_hint_command_is_one_line_and_status_2(argv, stdin, message):
    code, out, err = _run(argv, stdin)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.mark.parametrize("case_id", ["pl-only-defence-against-10", "pl-say-makao", "da-two-sixes-go-out",
                                     "hu-last-card-with-kakao", "pl-trad-any-three-against-6"])
def test_the_expert_plays_the_clearly_right_move(case_id):
    case = next(c for c in CASES["case"] if c["id"] == case_id)
    st = _case_state(case)
    assert choose_expert(view_of(st), random.Random(0)) == parse_move(case["move"], st.rules.deck)


# ------------------------------------------------------------------ a wish's reason speaks for it

def _ace_view():
    # pl: A♥ on 9♥ wishes a suit; the hand keeps 7♣ (a club) and nothing of hearts, spades or diamonds.
    pos = {"variant": "pl", "hands": [["Ah", "7c", "8c"], 5, 5], "to_move": 0, "pile": ["9h"]}
    return view_of(position_from_json(pos), 0)


def _wish_reason(monkeypatch, best: str, second: str, shares: tuple[float, float]):
    from engine.coach import reasons
    view = _ace_view()
    deck = view.rules.deck
    values = iter(shares)
    monkeypatch.setattr(reasons, "_stuck_share", lambda *_: (next(values), 1, 5))
    return reasons._world_reason(view, parse_move(best, deck), parse_move(second, deck), 1, 40)


def test_a_wish_for_a_suit_you_lack_that_the_next_player_follows_is_no_reason(monkeypatch):
    # Seen in hu: "you wish for hearts although you hold none; the next player cannot follow it in
    # 8% of the deals" — he follows it in 92%: nothing there speaks for the wish.
    reason = _wish_reason(monkeypatch, "play Ah suit h", "play Ah suit s", (0.08, 0.05))
    assert reason is None or reason.code != "wish_held"


def test_a_wish_that_leaves_the_next_player_stuck_gives_the_share(monkeypatch):
    reason = _wish_reason(monkeypatch, "play Ah suit h", "play Ah suit s", (0.45, 0.10))
    assert reason == CoachReason("wish_held", {"kind": "suit", "value": "h", "held": 0, "percent": 45})


def test_a_wish_for_a_suit_you_keep_is_said_without_a_share_that_speaks_against_it(monkeypatch):
    # The share is no reason (9%, no more than after the runner-up): only the kept clubs are.
    reason = _wish_reason(monkeypatch, "play Ah suit c", "play Ah suit s", (0.09, 0.07))
    assert reason == CoachReason("wish_held", {"kind": "suit", "value": "c", "held": 2})
