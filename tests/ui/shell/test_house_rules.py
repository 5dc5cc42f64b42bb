"""House rules: edits and uploads go through the engine's validation; a refused one changes nothing."""
from __future__ import annotations

import pytest

from engine.ruleset import load_ruleset
from engine.ruleset_toml import ruleset_to_toml
from ui.compare.table import card_label, topic_cell
from ui.present.i18n import translator
from ui.shell import house_rules

EN = translator("en")


def fields_of(ruleset, state=None):
    return house_rules.house_fields(ruleset, EN, lambda p: card_label(ruleset, p, EN), state)


def error_text(state) -> str:
    """The refusal as the page shows it in English (built from code and params)."""
    return (house_rules.house_error_text(EN, state) or "").replace("\\", "")


def started(variant: str = "pl") -> dict:
    state: dict = {}
    house_rules.start_from_preset(variant, state)
    return state


def test_there_are_no_house_rules_until_the_user_makes_them() -> None:
    assert house_rules.house_ruleset({}) is None


def test_a_preset_copy_is_the_variant_under_its_own_id() -> None:
    state = started("da")
    house = house_rules.house_ruleset(state)
    assert house.id == "da-house" and house.hand_size == 5
    assert topic_cell("wild", house, EN) == topic_cell("wild", load_ruleset("da"), EN)


def test_the_form_edits_the_house_rules() -> None:
    state = started("pl")
    fields = fields_of(house_rules.house_ruleset(state))
    house_rules.load_form(fields, house_rules.house_ruleset(state), state)
    state["house_field_hand_size"] = 7
    state["house_field_several_cards"] = False
    state["house_field_wish_duration_J"] = "until_return"
    state["house_field_wild_blocked_by_suit_wish"] = True
    state["house_field_makao_penalty"] = 3
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.house_error(state) is None
    assert house.hand_size == 7 and not house.several_cards and house.wild_blocked_by_suit_wish
    assert next(r for r in house.cards if r.pattern == "J").wish_duration == "until_return"
    assert house.calls["makao"].penalty == 3
    assert topic_cell("hand_size", house, EN) == "7 cards each."


def test_an_untouched_form_changes_nothing() -> None:
    for variant in ("pl", "pl-trad", "pl-devdo", "da", "hu", "cz-prsi", "de-maumau", "ru-101"):
        state = started(variant)
        before = house_rules.house_ruleset(state)
        fields = fields_of(before)
        house_rules.load_form(fields, before, state)
        house_rules.apply_form(fields, state)
        assert house_rules.house_error(state) is None, variant
        assert ruleset_to_toml(house_rules.house_ruleset(state)) == ruleset_to_toml(before), variant


def test_an_edit_the_engine_refuses_names_the_field_and_changes_nothing() -> None:
    state = started("pl")
    before = house_rules.house_ruleset(state)
    fields = fields_of(before)
    house_rules.load_form(fields, before, state)
    state["house_field_end_result"] = "penalty_points"     # pl has no card points
    house_rules.apply_form(fields, state)
    assert "end.card_points" in error_text(state)
    assert house_rules.house_ruleset(state) is before


def test_a_broken_upload_gives_an_error_naming_the_field_and_changes_nothing() -> None:
    state = started("pl")
    before = house_rules.house_ruleset(state)
    broken = ruleset_to_toml(load_ruleset("da")).replace("hand_size = 5", "hand_size = 0").encode()
    assert not house_rules.use_upload("mine.toml", broken, state)
    assert "mine.toml" in error_text(state) and "“hand_size”" in error_text(state)
    assert house_rules.house_ruleset(state) is before


@pytest.mark.parametrize("data,message", [
    (b"id = [", "not valid TOML"),
    (b"\xff\xfe", "not UTF-8"),
    (b"id = 'x'", "is missing"),
    (ruleset_to_toml(load_ruleset("pl")).replace("[play]", "[play]\ncolour = 1").encode(), "play.colour"),
    (b"#" * (house_rules.MAX_UPLOAD_BYTES + 1), "larger than"),
])
def test_unreadable_uploads_are_refused_with_a_reason(data: bytes, message: str) -> None:
    state: dict = {}
    assert not house_rules.use_upload("up.toml", data, state)
    assert message in error_text(state)
    assert house_rules.house_ruleset(state) is None


def test_a_downloaded_house_ruleset_uploads_back_unchanged() -> None:
    state = started("hu")
    house = house_rules.house_ruleset(state)
    fresh: dict = {"house_field_hand_size": 3}
    assert house_rules.use_upload("hu-house.toml", house_rules.house_toml(house).encode(), fresh)
    again = house_rules.house_ruleset(fresh)
    assert ruleset_to_toml(again) == ruleset_to_toml(house)
    assert "house_field_hand_size" not in fresh       # the form is refilled from the new rules


def test_removing_the_house_rules() -> None:
    state = started("pl")
    house_rules.remove_house_rules(state)
    assert house_rules.house_ruleset(state) is None


def test_an_edited_house_ruleset_is_playable_by_the_engine() -> None:
    import random

    from engine.deal import new_game
    from engine.rules import child, legal_moves

    state = started("pl")
    house = house_rules.house_ruleset(state)
    fields = fields_of(house)
    house_rules.load_form(fields, house, state)
    state.update({
        "house_field_hand_size": 7, "house_field_defence_2_0_condition": "any", "house_field_wish_duration_A": "until_fulfilled",
        "house_field_wild_blocked_by_suit_wish": True, "house_field_draw_Kh": 10, "house_field_several_cards": False,
    })
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.house_error(state) is None and house.hand_size == 7
    for seed in range(30):
        st = new_game(house, 3, seed)
        total, rng, steps = st.card_count(), random.Random(seed), 0
        while not st.over and steps < 3000:
            moves = legal_moves(st)
            assert moves
            st = child(st, rng.choice(moves))
            assert st.card_count() == total
            steps += 1


def test_the_form_sets_the_group_size_and_adds_and_removes_separate_classes() -> None:
    state = started("pl")
    fields = fields_of(house_rules.house_ruleset(state))
    house_rules.load_form(fields, house_rules.house_ruleset(state), state)
    assert state["house_field_min_group"] == 2 and state["house_field_separate_0"] == []
    state["house_field_min_group"] = 3
    state["house_field_separate_0"] = ["Kh", "Ks"]
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.house_error(state) is None
    assert house.min_group == 3 and house.separate == (("Kh", "Ks"),)
    again = house_rules.read_uploaded("house.toml", house_rules.house_toml(house).encode())
    assert again.min_group == 3 and again.separate == (("Kh", "Ks"),)
    # the form now shows that class and an empty one; emptying the class removes it
    house_rules.clear_form(state)
    fields = fields_of(house)
    house_rules.load_form(fields, house, state)
    assert state["house_field_separate_0"] == ["Kh", "Ks"] and state["house_field_separate_1"] == []
    state["house_field_separate_0"] = []
    house_rules.apply_form(fields, state)
    assert house_rules.house_ruleset(state).separate == ()


def test_the_group_size_keeps_the_bounds_of_uploads() -> None:
    state = started("pl")
    fields = fields_of(house_rules.house_ruleset(state))
    field = next(f for f in fields if f.key == "min_group")
    assert (field.low, field.high) == (2, 8)
    house_rules.load_form(fields, house_rules.house_ruleset(state), state)
    state["house_field_min_group"] = 9
    house_rules.apply_form(fields, state)
    assert "play.min_group" in error_text(state)
    assert house_rules.house_ruleset(state).min_group == 2


def test_the_form_sets_self_target_and_the_finish_round_end() -> None:
    state = started("pl")
    fields = fields_of(house_rules.house_ruleset(state))
    house_rules.load_form(fields, house_rules.house_ruleset(state), state)
    assert state["house_field_self_target"] == "lapse"
    state["house_field_self_target"] = "hit"
    state["house_field_end_mode"] = "finish_round"
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.house_error(state) is None
    assert house.self_target == "hit" and house.end_mode == "finish_round"
    again = house_rules.read_uploaded("house.toml", house_rules.house_toml(house).encode())
    assert again.self_target == "hit" and again.end_mode == "finish_round"


def test_the_form_sets_the_seat_range_and_the_decks_per_seat_count() -> None:
    state = started("pl")
    fields = fields_of(house_rules.house_ruleset(state))
    house_rules.load_form(fields, house_rules.house_ruleset(state), state)
    assert (state["house_field_players_min"], state["house_field_players_max"]) == (2, 4)
    assert state["house_field_decks_5"] == 1
    state["house_field_players_max"] = 8
    state["house_field_decks_6"] = 2
    state["house_field_decks_7"] = 2
    state["house_field_decks_8"] = 2
    state["house_field_decks_9"] = 2
    state["house_field_decks_10"] = 2
    house_rules.apply_form(fields, state)
    house = house_rules.house_ruleset(state)
    assert house_rules.house_error(state) is None
    assert house.players == (2, 8) and house.copies_for(5) == 1 and house.copies_for(6) == 2
    again = house_rules.read_uploaded("house.toml", house_rules.house_toml(house).encode())
    assert again.players == (2, 8) and again.deck_copies == house.deck_copies == ((2, 1), (6, 2))
    # bounds shared with uploads: a fifth deck is refused, and nothing changes
    house_rules.load_form(fields_of(house), house, state)
    state["house_field_decks_3"] = 5
    house_rules.apply_form(fields_of(house), state)
    assert "deck_copies" in error_text(state)
    assert house_rules.house_ruleset(state).deck_copies == ((2, 1), (6, 2))
