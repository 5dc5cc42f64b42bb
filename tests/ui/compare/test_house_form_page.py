"""AppTest of the house-rules form on the Compare page: widget limits, defence rows, a refusal in Polish."""
from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import RulesetError
from engine.ruleset import load_ruleset, load_ruleset_text
from engine.ruleset_bounds import form_range, range_of
from engine.ruleset_toml import ruleset_to_toml
from ui.compare import page as compare_view
from ui.present.i18n import translator
from ui.present.ruleset_text import ruleset_refusal_text
from ui.shell import house_rules

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
PAGE = "app_pages/variants.py"


def started(lang: str = "en", variant: str = "pl") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(PAGE).run()
    at.selectbox(key=compare_view.HOUSE_BASE).set_value(variant).run()
    at.button(key=compare_view.HOUSE_START).click().run()
    assert not at.exception, at.exception
    return at


def form_fields(at: AppTest) -> dict[str, house_rules.HouseField]:
    house = house_rules.house_ruleset(at.session_state)
    fields = house_rules.house_fields(house, translator("en"), lambda p: p)
    return {house_rules.form_key(f): f for f in fields}


@pytest.mark.parametrize("variant", ["pl", "hu", "ru-101"])
def test_every_widget_of_the_form_has_the_bounds_of_uploads(variant: str) -> None:
    at = started(variant=variant)
    fields = form_fields(at)
    numbers = [w for w in at.number_input if str(w.key).startswith(house_rules.FORM_PREFIX)]
    texts = [w for w in at.text_input if str(w.key).startswith(house_rules.FORM_PREFIX)]
    lists = [w for w in at.multiselect if str(w.key).startswith(house_rules.FORM_PREFIX)]
    assert len(numbers) >= 12 and texts and len(lists) >= 2
    for widget in numbers:
        assert (widget.min, widget.max) == form_range(fields[widget.key].bound), widget.key
    for widget in texts:
        assert widget.max_chars == range_of(fields[widget.key].bound, "characters").high, widget.key
    for widget in lists:
        assert widget.max_selections == range_of(fields[widget.key].bound, "entries").high, widget.key


def test_defence_rows_are_added_and_removed_in_the_form() -> None:
    at = started()
    assert not any("4 cannot be defended" in c.value for c in at.caption)
    at.number_input(key="house_field_hand_size").set_value(7)          # typed, not applied yet
    at.button(key=f"{compare_view.HOUSE_DEFENCE_REMOVE}4_0").click().run()
    assert not at.exception
    assert at.number_input(key="house_field_hand_size").value == 7     # nothing typed is lost
    assert any("cannot be defended" in c.value for c in at.caption)
    at.button(key=f"{compare_view.HOUSE_DEFENCE_ADD}Ks").click().run()
    at.multiselect(key="house_field_defence_Ks_2_with").set_value(["Q"])
    at.selectbox(key="house_field_defence_Ks_2_condition").set_value("same_suit")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    assert not at.exception and not at.error
    house = house_rules.house_ruleset(at.session_state)
    assert house.hand_size == 7
    assert not any("4" in d.against for d in house.defences)           # the 4 is undefendable now
    assert any(d.against == ("Ks",) and d.with_ == ("Q",) and d.condition == "same_suit" for d in house.defences)
    again = load_ruleset_text(house_rules.house_toml(house), "house.toml")
    assert again.defences == house.defences


def test_a_broken_upload_in_polish_is_told_in_the_catalog_s_words_not_the_engine_s() -> None:
    at = started("pl")
    broken = ruleset_to_toml(load_ruleset("da")).replace("hand_size = 5", "hand_size = 0").encode()
    assert not house_rules.use_upload("broken.toml", broken, at.session_state)
    at.run()
    assert not at.exception
    try:
        load_ruleset_text(broken, "broken.toml")
    except RulesetError as exc:
        english, code, params = str(exc), exc.code, exc.params
    pl = translator("pl")
    expected = pl.gettext("The house rules were not changed: {error}").format(
        error=ruleset_refusal_text(code, params, pl, "broken.toml"))
    assert [e.value for e in at.error] == [expected]
    assert english not in expected and "field 'hand_size'" not in expected
    assert house_rules.house_ruleset(at.session_state).id == "pl-house"  # the house rules did not change


def test_a_refused_edit_keeps_what_was_typed() -> None:
    at = started()
    at.text_input(key="house_field_name").set_value("")                # below the name's 1 character
    at.number_input(key="house_field_hand_size").set_value(8)
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    assert not at.exception
    assert at.error and "name" in at.error[0].value
    assert at.text_input(key="house_field_name").value == ""
    assert at.number_input(key="house_field_hand_size").value == 8
    assert house_rules.house_ruleset(at.session_state).hand_size == 5
