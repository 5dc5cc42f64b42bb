"""The sandbox's model without Streamlit: drafts, examples, share codes, imports, the timeline
and the same position under other rules."""
from __future__ import annotations

import base64
import dataclasses
import json
import zlib

import pytest

from engine.errors import IllegalMoveError, RulesetError
from engine.moves import Move, parse_move
from engine.position import MAX_POSITION_BYTES, position_to_json
from engine.ruleset import Ruleset, load_ruleset, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from ui.sandbox.model import (
    SHIPPED,
    Rulebook,
    Shared,
    base_variant,
    dealt_draft,
    export_json,
    free_cards,
    is_empty,
    link_position,
    load_examples,
    new_draft,
    parse_cards_text,
    read_position_text,
    read_share_code,
    rules_fingerprint,
    share_code,
    share_query,
    validate,
    with_hand,
    with_seats,
    with_variant,
    with_waiting,
)
from ui.sandbox.timeline import (
    Timeline,
    answer_verdicts,
    comparison_rows,
    current_position,
    play_groups,
    same_deck_variants,
    single_card_verdict,
    under_other_rules,
)

PL = load_ruleset("pl")
TEACHER = {"variant": "pl", "hands": [["Ks", "2h"], 5], "to_move": 0, "pile": ["Kh"], "attack": {"draw": 5}}


def pack(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


def example(example_id: str):
    return next(e for e in load_examples() if e.id == example_id)


# ------------------------------------------------------------------------- typing cards

def test_typed_cards_are_read_in_any_case_with_commas_and_t_for_ten() -> None:
    assert parse_cards_text("ks, 2H;th  qs", PL) == ["Ks", "2h", "10h", "Qs"]


def test_a_lone_number_means_unknown_cards_except_on_the_pile() -> None:
    assert parse_cards_text(" 5 ", PL) == 5
    assert parse_cards_text("5", PL, allow_count=False) == ["5"]


def test_typed_cards_not_in_the_deck_are_kept_for_the_validator_to_name() -> None:
    assert parse_cards_text("Ks 1x Ua", PL) == ["Ks", "1x", "Ua"]
    assert parse_cards_text("", PL) == []


def test_typed_text_is_bounded() -> None:
    assert len(parse_cards_text("Kh " * 10_000, PL)) <= 200


# ------------------------------------------------------------------------------ drafts

def test_a_new_draft_is_empty_and_has_the_variants_fewest_seats() -> None:
    draft = new_draft("pl")
    assert is_empty(draft) and len(draft["hands"]) == 2
    assert not is_empty(with_hand(draft, 0, ["Ks"]))


def test_edits_return_new_drafts_and_leave_the_old_one_alone() -> None:
    draft = new_draft("pl")
    changed = with_hand(draft, 1, ["Kh"])
    assert draft["hands"][1] == [] and changed["hands"][1] == ["Kh"]


def test_fewer_seats_drop_hands_and_keep_seat_numbers_in_range() -> None:
    draft = {**new_draft("pl", 4), "to_move": 3, "finished": [2], "waiting": [0, 0, 0, 2], "wish": {"rank": "7", "by": 3}}
    smaller = with_seats(draft, 2)
    assert len(smaller["hands"]) == 2 and smaller["to_move"] == 0
    assert "finished" not in smaller and "waiting" not in smaller
    assert smaller["wish"]["by"] == 1
    assert len(with_seats(smaller, 3)["hands"]) == 3


def test_waiting_is_written_only_when_someone_sits_out() -> None:
    draft = with_waiting(new_draft("pl", 3), 2, 1)
    assert draft["waiting"] == [0, 0, 1]
    assert "waiting" not in with_waiting(draft, 2, 0)


def test_a_variant_with_the_same_deck_keeps_the_cards_another_deck_clears_them() -> None:
    draft = {**TEACHER, "hands": [["Ks", "2h"], ["5d"]]}
    assert with_variant(draft, "da")["hands"] == draft["hands"]
    assert with_variant(draft, "da")["variant"] == "da"
    hungarian = with_variant(draft, "hu")
    assert hungarian["variant"] == "hu" and is_empty(hungarian)


def test_moving_to_a_variant_drops_what_it_cannot_have() -> None:
    draft = {**TEACHER, "hands": [["Ks", "2h"], ["5d"]], "wish": {"rank": "Q", "by": 1}}
    assert "wish" not in with_variant({**draft, "variant": "pl-trad"}, "pl")
    many = with_seats({**draft, "variant": "pl-trad"}, 7)
    assert len(with_variant(many, "pl")["hands"]) == 4


def test_pickers_leave_out_cards_used_elsewhere_but_keep_their_own() -> None:
    draft = {**TEACHER, "hands": [["Ks", "2h"], ["5d"]]}
    for_seat_0 = free_cards(draft, PL, "hands[0]")
    assert "Ks" in for_seat_0 and "5d" not in for_seat_0 and "Kh" not in for_seat_0
    assert "Ks" not in free_cards(draft, PL, "pile") and "Kh" in free_cards(draft, PL, "pile")


def test_two_decks_offer_a_card_until_both_copies_are_used() -> None:
    trad = load_ruleset("pl-trad")
    draft = {"variant": "pl-trad", "hands": [["Ks"]] + [[] for _ in range(5)], "to_move": 0, "pile": ["Ks"]}
    assert "Ks" not in free_cards(draft, trad, "hands[1]")
    assert "Ks" in free_cards({**draft, "pile": ["Kh"]}, trad, "hands[1]")


def test_dealing_is_seeded_and_valid() -> None:
    first, again = dealt_draft("pl", 3, 11), dealt_draft("pl", 3, 11)
    assert first == again and first != dealt_draft("pl", 3, 12)
    assert validate(first).state is not None
    assert all(len(hand) == 5 for hand in first["hands"])


def test_validation_lists_every_problem_and_never_raises() -> None:
    result = validate({"variant": "pl", "hands": [["5h", "zz"], ["5h"]], "to_move": 9, "pile": []})
    assert result.state is None
    assert {"bad_card", "duplicate_card", "not_a_seat", "empty_pile"} <= {p.code for p in result.problems}
    for hostile in (None, [], "x", {"variant": ["pl"]}, {"variant": "pl", "hands": {"a": 1}, "to_move": 0, "pile": "Kh"}):
        assert validate(hostile).state is None


def test_the_teachers_position_is_valid_with_five_unknown_cards() -> None:
    state = validate(TEACHER).state
    assert state is not None and len(state.hands[1]) == 5


# ---------------------------------------------------------------------------- examples

def test_there_are_at_least_six_examples_with_unique_ids_and_titles() -> None:
    examples = load_examples()
    assert len(examples) >= 6
    assert len({e.id for e in examples}) == len(examples)
    assert all(e.title.strip() and e.text.strip() for e in examples)
    assert {"pl", "da", "hu"} <= {e.position()["variant"] for e in examples}


@pytest.mark.parametrize("ex", load_examples(), ids=lambda e: e.id)
def test_each_example_is_a_valid_position_and_teaches_what_it_says(ex) -> None:
    state = validate(ex.position()).state
    assert state is not None
    deck = state.rules.deck
    for card in ex.legal:
        assert single_card_verdict(state, deck.parse(card)).legal, card
    for card in ex.illegal:
        assert not single_card_verdict(state, deck.parse(card)).legal, card
    assert ex.legal and ex.illegal


def test_an_example_gives_a_fresh_copy_each_time() -> None:
    ex = load_examples()[0]
    ex.position()["hands"].clear()
    assert ex.position()["hands"]


# ------------------------------------------------------------------------------ sharing

@pytest.mark.parametrize("ex", load_examples(), ids=lambda e: e.id)
def test_a_share_code_opens_exactly_the_same_position(ex) -> None:
    position = ex.position()
    loaded = read_share_code(share_code(position))
    assert loaded.draft == position
    assert position_to_json(validate(loaded.draft).state) == position_to_json(validate(position).state)


def test_the_share_query_carries_the_position_variant_and_language() -> None:
    query = share_query(TEACHER, "pl")
    assert query.startswith("pos=") and "&variant=pl&lang=pl" in query


def test_a_share_code_decodes_with_padding_too() -> None:
    code = share_code(TEACHER)
    assert read_share_code(code + "=" * (-len(code) % 4)).draft == TEACHER


HOSTILE_CODES = {
    "script tag": "<script>alert(1)</script>",
    "ten megabytes": "A" * 10_000_000,
    "zip bomb": pack(b"{" + b" " * 5_000_000 + b"}"),
    "a json list": pack(b"[1, 2, 3]"),
    "not json": pack(b"hello"),
    "not utf-8": pack(b"\xff\xfe\x00"),
    "cut short": share_code(TEACHER)[:-9],
    "empty": "",
    "deep nesting": pack(b"[" * 100_000 + b"]" * 100_000),
}
WRONG_TYPES = [
    {"variant": 7, "hands": "Ks", "to_move": "first", "pile": "Kh"},
    {"variant": "pl", "hands": [["Ks", 2], None], "to_move": 0.5, "pile": [["Kh"]], "attack": "five"},
    {"variant": "pl", "hands": [["<script>alert(1)</script>"], ["2h"]], "to_move": 0, "pile": ["Kh"],
     "wish": {"rank": {"x": 1}, "by": "me"}, "waiting": "no", "finished": {"a": 1}, "seed": "s"},
]


@pytest.mark.parametrize("code", list(HOSTILE_CODES.values()), ids=list(HOSTILE_CODES))
def test_hostile_share_codes_are_refused_without_an_exception(code: str) -> None:
    loaded = read_share_code(code)
    assert loaded.draft is None and loaded.error in ("too_long", "unreadable")


@pytest.mark.parametrize("position", WRONG_TYPES, ids=["scalars", "nested", "script-card"])
def test_positions_of_the_wrong_types_are_refused_with_their_problems(position) -> None:
    loaded = read_share_code(share_code(position))
    assert loaded.draft is None and loaded.error == "impossible" and loaded.problems


def test_a_non_text_share_code_is_refused() -> None:
    assert read_share_code(None).error == "unreadable"
    assert read_share_code(["x"]).error == "unreadable"


def test_the_exported_json_reads_back_as_the_same_position() -> None:
    position = example("battle-kings").position()
    text = export_json(position)
    assert text.endswith("\n") and "\n  " in text
    assert read_position_text(text).draft == position


def test_pasted_or_uploaded_json_is_read_or_refused_with_a_reason() -> None:
    assert read_position_text(json.dumps(TEACHER)).draft == TEACHER
    assert read_position_text(json.dumps(TEACHER).encode()).draft == TEACHER
    assert read_position_text("{not json").error == "not_json"
    assert read_position_text(b"\xff\xfe").error == "not_json"
    assert read_position_text("[1]").error == "not_object"
    assert read_position_text(" " * (MAX_POSITION_BYTES + 1)).error == "too_long"
    impossible = read_position_text(json.dumps({**TEACHER, "pile": []}))
    assert impossible.error == "impossible" and [p.code for p in impossible.problems] == ["empty_pile"]


# ------------------------------------------------------------------------------ timeline

def test_moves_are_played_undone_and_redone() -> None:
    root = validate(example("battle-kings").position()).state
    deck = root.rules.deck
    tl = Timeline(root).play(parse_move("play Ks", deck))
    assert tl.current.to_move == 2 and tl.current.attack.amount == 10
    assert tl.done[0].seat == 0 and tl.done[0].move == "play Ks"
    assert any(e.kind == "attack" and e.params["amount"] == 10 for e in tl.done[0].events)
    back = tl.undo()
    assert back.current == root and back.can_redo and not back.can_undo
    assert back.redo().current == tl.current
    other = back.play(parse_move("play 2h", deck))
    assert not other.can_redo and other.current.to_move == 1


def test_undo_and_redo_with_nothing_to_do_change_nothing() -> None:
    tl = Timeline(validate(TEACHER).state)
    assert tl.undo() is tl and tl.redo() is tl


def test_an_illegal_move_is_refused_by_the_timeline() -> None:
    root = validate(example("battle-kings").position()).state
    with pytest.raises(IllegalMoveError):
        Timeline(root).play(parse_move("play 9c", root.rules.deck))


def test_the_shared_position_is_the_draft_then_the_position_reached() -> None:
    draft = example("battle-kings").position()
    tl = Timeline(validate(draft).state)
    assert current_position(tl, draft) == draft
    played = tl.play(Move("draw"))
    reached = current_position(played, draft)
    assert validate(reached).state == played.current


# ------------------------------------------------------------------------------ verdicts

def test_every_card_in_hand_has_a_verdict_and_multi_card_plays_come_last() -> None:
    state = validate(example("three-against-two").position()).state
    groups = play_groups(state)
    singles = [g.cards[0] for g in groups if len(g.cards) == 1]
    assert sorted(singles) == sorted(set(state.hands[0]))
    assert [len(g.cards) for g in groups] == sorted(len(g.cards) for g in groups)
    assert any(len(g.cards) == 2 and g.legal for g in groups)


def test_a_jack_offers_every_demand_and_the_main_verdict_makes_the_call() -> None:
    state = validate(example("jack-demand").position()).state
    jack = next(g for g in play_groups(state) if g.cards == (state.rules.deck.parse("Jd"),))
    demands = {v.move.demand for v in jack.verdicts if v.legal}
    assert {"5", "6", "7", "8", "9", "10", "none"} <= demands
    last = validate(example("last-but-one-card").position()).state
    group = next(g for g in play_groups(last) if g.legal)
    assert group.main.move.makao


def test_draw_wait_and_pass_are_judged_with_their_consequences() -> None:
    state = validate(example("battle-kings").position()).state
    answers = {v.move.kind: v for v in answer_verdicts(state)}
    assert set(answers) == {"draw", "wait"}
    assert answers["draw"].legal and not answers["wait"].legal
    assert any(e.kind == "drew_penalty" and e.params["count"] == 5 for e in answers["draw"].effects)


def test_the_same_position_under_other_rules_shows_where_they_differ() -> None:
    state = validate(example("ace-wish-queen").position()).state
    assert same_deck_variants("pl") == ["pl", "pl-trad", "pl-devdo", "da"]
    columns = under_other_rules(state)
    assert [c.variant for c in columns] == ["pl", "pl-trad", "pl-devdo", "da"]
    rows = dict(comparison_rows(state, columns))
    queen = rows["play Qs"]
    assert queen["pl"].legal and not queen["da"].legal


def test_a_position_impossible_under_another_variant_gets_no_verdicts_there() -> None:
    many = {"variant": "pl-trad", "hands": [["5h"], ["6h"], ["7h"], ["8h"], ["9h"]], "to_move": 0, "pile": ["10h"]}
    columns = under_other_rules(validate(many).state)
    by_variant = {c.variant: c for c in columns}
    assert by_variant["pl"].state is None and by_variant["pl"].problems
    rows = dict(comparison_rows(validate(many).state, columns))
    assert rows["play 5h"]["pl"] is None and rows["play 5h"]["pl-trad"].legal


# -------------------------------------------------------------------------- house rules

def house_rules_of(preset: str = "pl", **changes) -> Ruleset:
    """A house ruleset as ui.shell.house_rules makes it (id ``<preset>-house``), with top-level fields or
    the first defence's condition changed."""
    data = ruleset_to_dict(load_ruleset(preset))
    data["id"] = f"{preset}-house"
    condition = changes.pop("defence", None)
    if condition is not None:
        data["defence"][0]["condition"] = condition
    data.update(changes)
    return ruleset_from_dict(data, "test house rules")


ANY_DEFENCE = Rulebook(house_rules_of(defence="any"))
THREE_ON_TWO = {"variant": "pl-house", "hands": [["3c", "6s"], 5], "to_move": 0, "pile": ["5h", "2h"],
                "attack": {"draw": 2}}


def test_the_rulebook_knows_house_rules_by_their_own_id_after_the_shipped_variants() -> None:
    assert ANY_DEFENCE.ids()[:-1] == SHIPPED.ids() and ANY_DEFENCE.ids()[-1] == "pl-house"
    assert ANY_DEFENCE.get("pl-house") is ANY_DEFENCE.house and ANY_DEFENCE.is_house("pl-house")
    assert ANY_DEFENCE.get("pl") == PL and not ANY_DEFENCE.is_house("pl")
    assert ANY_DEFENCE.get("zz") is None and SHIPPED.get("pl-house") is None
    with pytest.raises(RulesetError, match="unknown variant 'zz'"):
        ANY_DEFENCE.load("zz")


def test_house_rules_under_a_shipped_id_never_stand_in_for_the_shipped_rules() -> None:
    book = Rulebook(dataclasses.replace(house_rules_of(defence="any"), id="pl"))
    assert book.house_id is None and book.ids() == SHIPPED.ids()
    assert book.get("pl") == PL


def test_house_rules_stand_nearest_to_the_preset_they_were_started_from() -> None:
    assert ANY_DEFENCE.base_of("pl-house") == "pl" and ANY_DEFENCE.base_of("da") == "da"
    assert base_variant("hu-house") == "hu"
    uploaded = dataclasses.replace(house_rules_of("ru-101"), id="our-kitchen")
    assert base_variant("our-kitchen", uploaded) == "ru-101"   # the only shipped 36-card variant
    assert base_variant("our-kitchen") == SHIPPED.ids()[0]


def test_a_draft_is_judged_under_the_house_rules_it_names() -> None:
    house = validate(THREE_ON_TWO, ANY_DEFENCE).state
    shipped = validate({**THREE_ON_TWO, "variant": "pl"}, ANY_DEFENCE).state
    three = house.rules.deck.parse("3c")
    assert house.rules is ANY_DEFENCE.house
    assert single_card_verdict(house, three).legal
    assert not single_card_verdict(shipped, three).legal


def test_without_the_house_rules_their_id_is_an_unknown_variant() -> None:
    result = validate(THREE_ON_TWO)
    assert result.state is None and [p.code for p in result.problems] == ["unknown_variant"]
    assert [p.code for p in validate({**THREE_ON_TWO, "variant": "zz"}, ANY_DEFENCE).problems] == ["unknown_variant"]


def test_drafts_are_made_and_moved_under_house_rules() -> None:
    assert new_draft("pl-house", book=ANY_DEFENCE)["variant"] == "pl-house"
    assert validate(dealt_draft("pl-house", 3, 5, ANY_DEFENCE), ANY_DEFENCE).state is not None
    into = with_variant({**THREE_ON_TWO, "variant": "pl"}, "pl-house", ANY_DEFENCE)
    assert into == THREE_ON_TWO
    back = with_variant(THREE_ON_TWO, "pl", ANY_DEFENCE)
    assert back["hands"] == THREE_ON_TWO["hands"] and back["variant"] == "pl"


def test_a_draft_whose_house_rules_are_gone_keeps_its_cards_given_the_old_rules() -> None:
    kept = with_variant(THREE_ON_TWO, "pl", SHIPPED, old_rules=ANY_DEFENCE.house)
    assert kept["hands"] == THREE_ON_TWO["hands"] and kept["attack"] == {"draw": 2}
    assert is_empty(with_variant(THREE_ON_TWO, "pl", SHIPPED))    # nothing says which deck it had


def test_other_rules_include_the_house_rules_when_the_deck_is_the_same() -> None:
    assert same_deck_variants("pl", ANY_DEFENCE)[-1] == "pl-house"
    assert same_deck_variants("pl-house", ANY_DEFENCE)[0] == "pl-house"
    assert "pl-house" not in same_deck_variants("cz-prsi", ANY_DEFENCE)
    state = validate(THREE_ON_TWO, ANY_DEFENCE).state
    columns = under_other_rules(state, ANY_DEFENCE)
    rows = dict(comparison_rows(state, columns))
    assert rows["play 3c"]["pl-house"].legal and not rows["play 3c"]["pl"].legal


def test_a_link_cannot_carry_house_rules_so_it_carries_their_preset_and_says_so() -> None:
    shared = link_position(THREE_ON_TWO, ANY_DEFENCE)
    assert shared.base == "pl" and shared.position == {**THREE_ON_TWO, "variant": "pl"}
    assert "&house=1" in share_query(shared.position, "en", house=True)
    assert "house" not in share_query(TEACHER, "en")
    assert link_position(TEACHER, ANY_DEFENCE) == Shared(TEACHER)


def test_a_house_position_impossible_under_the_preset_gets_no_link_and_the_reasons() -> None:
    book = Rulebook(house_rules_of(players=[2, 6]))
    five = {"variant": "pl-house", "hands": [["3c"], 5, 5, 5, 5], "to_move": 0, "pile": ["5h"]}
    assert validate(five, book).state is not None
    shared = link_position(five, book)
    assert shared.position is None and shared.base == "pl"
    assert [p.code for p in shared.problems] == ["players_out_of_range"]


def test_a_link_naming_house_rules_is_read_as_an_unknown_variant() -> None:
    loaded = read_share_code(share_code(THREE_ON_TWO))
    assert loaded.draft is None and [p.code for p in loaded.problems] == ["unknown_variant"]


def test_exported_json_under_house_rules_loads_back_only_where_they_exist() -> None:
    text = export_json(THREE_ON_TWO)
    assert read_position_text(text, ANY_DEFENCE).draft == THREE_ON_TWO
    assert [p.code for p in read_position_text(text).problems] == ["unknown_variant"]


def test_the_fingerprint_changes_with_any_rule_and_only_then() -> None:
    assert rules_fingerprint(house_rules_of(defence="any")) == rules_fingerprint(ANY_DEFENCE.house)
    assert rules_fingerprint(house_rules_of(defence="match")) != rules_fingerprint(ANY_DEFENCE.house)


def test_other_rules_compare_cards_played_together_too_a_house_run_among_them() -> None:
    """A run under house rules is its own row, allowed there and not under Polish makao; a pair of one
    rank is a row too, judged alike where both allow groups."""
    runs = Rulebook(house_rules_of(play={**ruleset_to_dict(load_ruleset("pl"))["play"], "runs": 3}))
    position = {"variant": "pl-house", "hands": [["5h", "6h", "7h", "9c", "9s"], 5], "to_move": 0,
                "pile": ["Kc", "9h"]}
    state = validate(position, runs).state
    rows = dict(comparison_rows(state, under_other_rules(state, runs)))
    run = rows["play 5h 6h 7h"]
    assert run["pl-house"].legal and not run["pl"].legal and not run["da"].legal
    pair = rows["play 9c 9s"]
    assert pair["pl"].legal and pair["pl-house"].legal
    assert "play 5h 6h" not in rows   # a run of two is legal nowhere here: no row
