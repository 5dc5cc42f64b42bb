"""AppTest: house rules in the Sandbox — chosen in the editor, judged, shared (under their preset),
opened from the Compare variants page, and followed when they change or go away."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from streamlit.testing.v1 import AppTest

from engine.position import encode_share_code
from engine.ruleset import Ruleset, ruleset_from_dict
from engine.ruleset_toml import ruleset_to_dict
from ui.compare import page as compare_view
from ui.sandbox.controller import DRAFT, EDITOR, TIMELINE, move_key
from ui.shell import house_rules, session

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
SANDBOX = "app_pages/sandbox.py"
VARIANTS = "app_pages/variants.py"
HOUSE_LABEL = "House rules (based on Polish makao)"
# The verdict on 3♣ for the player to move (the comparison below it names every variant's verdict).
THREE_PLAYABLE = ":green[:material/check_circle:] 3♣ may answer the attack of 2♥"
THREE_NOT_PLAYABLE = ":red[:material/cancel:] 3♣ may not answer 2♥"
THREE_ON_TWO = {"variant": "pl-house", "hands": [["3c", "6s"], 5], "to_move": 0, "pile": ["5h", "2h"],
                "attack": {"draw": 2}}


def polish_house_rules(condition: str) -> Ruleset:
    """Polish makao as house rules, with the 2-and-3 defence condition set (pl: "match")."""
    data = ruleset_to_dict(house_rules.from_preset("pl"))
    data["defence"][0]["condition"] = condition
    return ruleset_from_dict(data, "test house rules")


def start(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, at.exception
    return at


def open_sandbox(at: AppTest) -> AppTest:
    at.switch_page(SANDBOX).run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] + [e.value for e in at.info]
    parts += [e.value for e in at.success] + [w.value for w in at.warning] + [c.value for c in at.caption]
    return "\n".join(parts)


def build_three_on_two(at: AppTest) -> None:
    """2♥ attacking (draw 2) on the pile; player 1 holds 3♣ and 6♠, player 2 five unknown cards."""
    for place, text in (("pile", "5h 2h"), ("hand_0", "3c 6s"), ("hand_1", "5")):
        at.text_input(key=f"{EDITOR}{place}_text").input(text).run()
    at.selectbox(key=f"{EDITOR}attack_kind").set_value("draw").run()
    at.number_input(key=f"{EDITOR}attack_amount").set_value(2).run()
    assert not at.exception, at.exception


def choose_variant(at: AppTest, variant: str) -> None:
    at.selectbox(key=f"{EDITOR}variant").set_value(variant).run()
    assert not at.exception, at.exception


def sandbox_with_house_position(condition: str = "any") -> AppTest:
    at = start()
    at.session_state[house_rules.HOUSE_RULESET] = polish_house_rules(condition)
    open_sandbox(at)
    build_three_on_two(at)
    choose_variant(at, "pl-house")
    return at


def share_link(at: AppTest) -> str:
    [code] = [c.value for c in at.code if "pos=" in c.value]
    return code


def test_house_rules_made_on_the_variants_page_are_chosen_in_the_sandbox_and_change_a_verdict() -> None:
    at = start()
    at.switch_page(VARIANTS).run()
    at.button(key=compare_view.HOUSE_START).click().run()          # from Polish makao
    at.selectbox(key="house_field_defence_2_0_condition").set_value("any")   # 2s and 3s answer any 2 or 3
    at.selectbox(key="house_field_defence_3_0_condition").set_value("any")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    open_sandbox(at)
    build_three_on_two(at)
    assert THREE_NOT_PLAYABLE in texts(at)
    picker = at.selectbox(key=f"{EDITOR}variant")
    assert picker.options[-1] == HOUSE_LABEL
    choose_variant(at, "pl-house")
    assert THREE_PLAYABLE in texts(at) and THREE_NOT_PLAYABLE not in texts(at)
    assert at.session_state[DRAFT]["variant"] == "pl-house"
    assert at.session_state[session.VARIANT] == "pl"               # the sidebar shows their preset
    compared = at.dataframe[0].value
    assert compared.loc["Play 3♣", HOUSE_LABEL] == "allowed"
    assert compared.loc["Play 3♣", "Polish makao"] == "not allowed"
    at.button(key=move_key("play 3c")).click().run()                # play it on under the house rules
    assert not at.exception and at.session_state[TIMELINE].current.attack.amount == 5


def test_the_house_rules_appear_under_other_rules_of_a_shipped_position() -> None:
    at = start()
    at.session_state[house_rules.HOUSE_RULESET] = polish_house_rules("any")
    open_sandbox(at)
    build_three_on_two(at)
    compared = at.dataframe[0].value
    assert list(compared.columns)[0] == "Polish makao" and HOUSE_LABEL in compared.columns
    assert compared.loc["Play 3♣", HOUSE_LABEL] == "allowed"


def test_a_house_position_is_linked_under_its_preset_with_a_warning_before_sharing() -> None:
    at = sandbox_with_house_position()
    assert any("A link cannot carry house rules" in w.value and "Polish makao" in w.value for w in at.warning)
    query = parse_qs(urlsplit(share_link(at)).query)
    assert query["variant"] == ["pl"] and query["house"] == ["1"]
    friend = start(pos=query["pos"][0], variant="pl", house="1", lang="en")
    open_sandbox(friend)
    assert not friend.error, [e.value for e in friend.error]
    assert any("made under house rules" in w.value and "Polish makao" in w.value for w in friend.warning)
    assert friend.session_state[DRAFT] == {**THREE_ON_TWO, "variant": "pl", "seed": 0}
    assert THREE_NOT_PLAYABLE in texts(friend)                      # the friend sees the preset's verdict


def test_a_link_naming_house_rules_gives_the_unknown_variant_message() -> None:
    at = open_sandbox(start(pos=encode_share_code(THREE_ON_TWO)))
    assert not at.exception
    [error] = [e.value for e in at.error]
    assert "“pl-house” is not a variant this app knows." in error.replace("\\", "")
    assert "The sandbox starts empty." in error


def test_a_contrast_under_house_rules_opens_in_the_sandbox_with_the_house_rules() -> None:
    at = start()
    at.switch_page(VARIANTS).run()
    at.button(key=compare_view.HOUSE_START).click().run()
    at.selectbox(key="house_field_defence_2_0_condition").set_value("any")
    at.selectbox(key="house_field_defence_3_0_condition").set_value("any")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    at.button(key=compare_view.HOUSE_SANDBOX + "three-of-clubs-on-attacking-two-of-hearts").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Sandbox: try any position"
    assert at.session_state[DRAFT]["variant"] == "pl-house"
    assert "The position was loaded." in texts(at)
    assert THREE_PLAYABLE in texts(at)


def test_only_rows_under_house_rules_get_the_open_button() -> None:
    at = start()
    at.switch_page(VARIANTS).run()
    assert not [b for b in at.button if b.key and b.key.startswith(compare_view.HOUSE_SANDBOX)]
    at.button(key=compare_view.HOUSE_START).click().run()
    assert [b for b in at.button if b.key and b.key.startswith(compare_view.HOUSE_SANDBOX)]


def test_removed_house_rules_fall_back_to_their_preset_with_a_message() -> None:
    at = sandbox_with_house_position()
    house_rules.remove_house_rules(at.session_state)
    at.run()
    assert not at.exception, at.exception
    assert any("removed or replaced" in w.value and "Polish makao" in w.value for w in at.warning)
    assert at.session_state[DRAFT] == {**THREE_ON_TWO, "variant": "pl", "seed": 0}   # the cards are kept
    assert THREE_NOT_PLAYABLE in texts(at)
    assert HOUSE_LABEL not in at.selectbox(key=f"{EDITOR}variant").options


def test_house_rules_replaced_by_an_upload_of_another_id_fall_back_too() -> None:
    at = sandbox_with_house_position()
    other = ruleset_to_dict(polish_house_rules("any"))
    other["id"] = "our-kitchen"
    house_rules.set_house_ruleset(ruleset_from_dict(other, "upload"), at.session_state)
    at.run()
    assert not at.exception, at.exception
    assert any("removed or replaced" in w.value for w in at.warning)
    assert at.session_state[DRAFT]["variant"] == "pl"


def test_edited_house_rules_judge_the_position_again_with_a_message() -> None:
    at = sandbox_with_house_position("any")
    at.button(key=move_key("play 3c")).click().run()
    assert at.session_state[TIMELINE].done
    house_rules.set_house_ruleset(polish_house_rules("match"), at.session_state)
    at.run()
    assert not at.exception, at.exception
    assert any("The house rules changed" in i.value for i in at.info)
    assert not at.session_state[TIMELINE].done                      # the moves were played under other rules
    assert THREE_NOT_PLAYABLE in texts(at)


def test_the_sidebar_variant_still_moves_a_house_position() -> None:
    at = sandbox_with_house_position()
    at.run()
    assert at.session_state[DRAFT]["variant"] == "pl-house"         # stays while the sidebar is unchanged
    at.selectbox(key=session.VARIANT_PICKER).set_value("da").run()
    assert not at.exception, at.exception
    assert at.session_state[DRAFT]["variant"] == "da"


def test_pasted_json_under_house_rules_loads_in_a_session_that_has_them() -> None:
    at = start()
    at.session_state[house_rules.HOUSE_RULESET] = polish_house_rules("any")
    open_sandbox(at)
    at.text_area(key="sandbox_import_text").input(json.dumps(THREE_ON_TWO)).run()
    at.button(key="sandbox_import").click().run()
    assert not at.exception, at.exception
    assert at.session_state[DRAFT]["variant"] == "pl-house"
    assert THREE_PLAYABLE in texts(at)


def test_an_uploaded_ruleset_under_a_shipped_id_becomes_house_rules_of_their_own_id() -> None:
    at = start()
    toml = house_rules.house_toml(polish_house_rules("any")).replace('id = "pl-house"', 'id = "pl"')
    assert house_rules.use_upload("pl.toml", toml.encode(), at.session_state)
    assert house_rules.house_ruleset(at.session_state).id == "pl-house"
