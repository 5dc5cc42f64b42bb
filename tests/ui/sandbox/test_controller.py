"""The sandbox controller over a plain dict: what the editor's widgets and buttons do to the state."""
from __future__ import annotations

from typing import Any

from ui.sandbox import controller as ctl
from ui.sandbox.model import new_draft, validate
from ui.sandbox.timeline import Timeline
from ui.shell import handoff, session
from ui.shell.pages import SANDBOX_SCRIPT


def fresh(variant: str = "pl") -> dict[str, Any]:
    return {session.VARIANT: variant}


def test_the_first_draft_is_empty_in_the_session_variant() -> None:
    state = fresh("hu")
    assert ctl.draft(state) == new_draft("hu")
    assert ctl.current_rules(state).id == "hu"


def test_typed_cards_go_into_the_draft_and_the_editor_is_forgotten() -> None:
    state = fresh()
    state[ctl.EDITOR + "pile_text"] = "kh"
    state[ctl.NOTICE] = {"origin": "import", "error": None, "problems": ()}
    ctl.on_cards_text(state, "pile")
    assert ctl.draft(state)["pile"] == ["Kh"]
    assert not [k for k in state if k.startswith(ctl.EDITOR)]   # redrawn from the draft next run
    assert ctl.NOTICE not in state
    state[ctl.EDITOR + "hand_1_text"] = "5"
    ctl.on_cards_text(state, "hand_1")
    assert ctl.draft(state)["hands"][1] == 5


def test_a_wish_the_variant_cannot_make_falls_back_to_its_first_value() -> None:
    state = fresh()
    state[ctl.EDITOR + "wish_kind"] = "rank"
    state[ctl.EDITOR + "wish_value"] = "K"      # a Polish jack demands 5 to 10 only
    state[ctl.EDITOR + "wish_by"] = 1
    ctl.on_wish(state)
    assert ctl.draft(state)["wish"] == {"rank": "5", "by": 1}


def test_a_position_handed_over_by_compare_becomes_the_draft() -> None:
    state = fresh("pl")
    position = {"variant": "da", "hands": [["3c"], ["5h"]], "to_move": 0, "pile": ["2h"], "over": False}
    handoff.leave(SANDBOX_SCRIPT, position, state)
    ctl.take_handed_position(state)
    assert ctl.draft(state) == {k: v for k, v in position.items() if k != "over"}
    assert state[session.VARIANT] == "da"                  # the sidebar follows the position
    assert state[ctl.LINK_READ] is True                    # an entry link no longer overrides it
    assert state[ctl.NOTICE]["origin"] == "compare"
    ctl.take_handed_position(state)                        # taken once
    assert state[ctl.NOTICE]["origin"] == "compare"


def test_a_link_is_read_once_and_a_bad_one_leaves_the_sandbox_empty() -> None:
    state = fresh()
    ctl.read_link_once(state, "not-a-code", made_under_house=False)
    assert ctl.draft(state) == new_draft("pl")
    assert state[ctl.NOTICE]["origin"] == "link" and state[ctl.NOTICE]["error"]
    ctl.read_link_once(state, None, made_under_house=False)
    assert state[ctl.NOTICE]["origin"] == "link"           # not read again


def test_the_timeline_is_kept_until_the_draft_changes() -> None:
    state = fresh()
    state[ctl.DRAFT] = {"variant": "pl", "hands": [["3c", "9d"], ["5h"]], "to_move": 0, "pile": ["3h"]}
    position = validate(ctl.draft(state)).state
    assert position is not None
    first = ctl.timeline_from(state, position)
    assert isinstance(first, Timeline)
    assert ctl.timeline_from(state, position) is first
    state[ctl.EDITOR + "pile_text"] = "4h"
    ctl.on_cards_text(state, "pile")
    changed = validate(ctl.draft(state)).state
    assert changed is not None and ctl.timeline_from(state, changed) is not first
    ctl.drop_timeline(state)
    assert ctl.timeline(state) is None


def test_the_cover_box_writes_the_card_to_cover_only_when_ticked() -> None:
    state = fresh("ru-101")
    for place, text in (("pile", "7h 9h"), ("hand_0", "8c 10h"), ("hand_1", "5")):
        state[ctl.EDITOR + place + "_text"] = text
        ctl.on_cards_text(state, place)
    state[ctl.EDITOR + "cover"] = True
    ctl.on_field(state, "cover")
    assert ctl.draft(state)["cover"] is True
    assert validate(ctl.draft(state)).state.cover
    state[ctl.EDITOR + "cover"] = False
    ctl.on_field(state, "cover")
    assert "cover" not in ctl.draft(state)   # position JSON leaves "cover" out when false
