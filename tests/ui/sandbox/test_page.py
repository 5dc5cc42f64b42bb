"""AppTest: the sandbox page — editing, every problem at once, verdicts, playing and undoing,
share links (also hostile ones), import and export, other rules and views."""
from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from engine.position import encode_share_code, position_from_json
from engine.ruleset import load_ruleset, variant_ids
from ui.sandbox.controller import DRAFT, EDITOR, TIMELINE, move_key
from ui.sandbox.model import load_examples
from ui.sandbox.timeline import same_deck_variants
from ui.shell import session
from ui.widgets.kept_record import PROBE_KEY as KEPT_PROBE

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
SANDBOX = "app_pages/sandbox.py"
EMPTY = "The sandbox is empty"


def open_sandbox(**query: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=30)
    for key, value in query.items():
        at.query_params[key] = value
    at.run()
    at.switch_page(SANDBOX).run()
    assert not at.exception, at.exception
    return at


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [e.value for e in at.error] + [e.value for e in at.info]
    parts += [e.value for e in at.success] + [c.value for c in at.caption]
    return "\n".join(parts)


def type_cards(at: AppTest, place: str, text: str) -> None:
    at.text_input(key=f"{EDITOR}{place}_text").input(text).run()
    assert not at.exception, at.exception


def load_example(at: AppTest, example_id: str) -> None:
    at.selectbox(key="sandbox_example").set_value(example_id)
    at.button(key="sandbox_load_example").click().run()
    assert not at.exception, at.exception


def build_teacher_position(at: AppTest) -> None:
    """K♥ on the pile, attack of 5, player 1 holds K♠ and 2♥ (player 2: five unknown cards)."""
    type_cards(at, "pile", "9h Kh")
    at.selectbox(key=f"{EDITOR}attack_kind").set_value("draw").run()
    at.number_input(key=f"{EDITOR}attack_amount").set_value(5).run()
    type_cards(at, "hand_0", "ks 2h")
    type_cards(at, "hand_1", "5")


def pack(raw: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).rstrip(b"=").decode()


# --------------------------------------------------------------------------------- basics

def test_the_sandbox_opens_empty_with_a_hint_and_no_error() -> None:
    at = open_sandbox()
    assert at.title[0].value == "Sandbox: try any position"
    assert EMPTY in texts(at)
    assert not at.error


def test_the_teacher_builds_the_battle_king_position_and_sees_each_verdict() -> None:
    at = open_sandbox()
    build_teacher_position(at)
    assert not at.error, [e.value for e in at.error]
    text = texts(at)
    assert "K♠ may answer the attack of K♥" in text
    assert "2♥ may answer the attack of K♥" in text
    assert at.button(key=move_key("play Ks")) and at.button(key=move_key("play 2h"))
    assert at.session_state[DRAFT]["hands"] == [["Ks", "2h"], 5]
    # Taking the penalty is narrated with its consequence.
    assert "Player 1 takes the penalty and draws 5 cards." in text


def test_typed_cards_and_the_picker_stay_in_step() -> None:
    at = open_sandbox()
    type_cards(at, "hand_0", "ks 2h")
    assert at.multiselect(key=f"{EDITOR}hand_0_pick").value == ["Ks", "2h"]
    at.multiselect(key=f"{EDITOR}hand_1_pick").select("5d").select("Kh").run()
    assert at.text_input(key=f"{EDITOR}hand_1_text").value == "5d Kh"
    assert at.session_state[DRAFT]["hands"][1] == ["5d", "Kh"]


def test_the_picker_leaves_out_cards_used_elsewhere() -> None:
    at = open_sandbox()
    type_cards(at, "hand_0", "Ks 2h")
    options = at.multiselect(key=f"{EDITOR}pile_pick").options
    assert not any(option.startswith("K♠") for option in options)
    assert any(option.startswith("K♥") for option in options)


def test_an_impossible_setup_shows_every_problem_at_once() -> None:
    at = open_sandbox()
    type_cards(at, "pile", "Kh")
    type_cards(at, "hand_0", "Ks 2h zz")
    type_cards(at, "hand_1", "Ks")
    at.selectbox(key=f"{EDITOR}attack_kind").set_value("skip").run()
    at.number_input(key=f"{EDITOR}waiting_0").set_value(2).run()
    assert len(at.error) == 1
    message = at.error[0].value
    assert message.startswith("This position cannot exist — 3 problems:")
    assert "“zz” in the hand of player 1 is not a card" in message
    assert "K♠ is used twice" in message
    assert "K♥ does not make a “sit out” attack" in message
    assert not at.exception


def test_seats_follow_the_variants_range_and_the_editor_follows_the_seats() -> None:
    at = open_sandbox()
    at.number_input(key=f"{EDITOR}seats").set_value(4).run()
    assert len(at.session_state[DRAFT]["hands"]) == 4
    assert at.text_input(key=f"{EDITOR}hand_3_text") is not None
    at.selectbox(key=f"{EDITOR}to_move").set_value(3).run()
    at.number_input(key=f"{EDITOR}seats").set_value(2).run()
    assert at.session_state[DRAFT]["to_move"] == 0


def test_a_wish_deck_order_finished_players_and_waiting_are_edited() -> None:
    at = open_sandbox()
    at.number_input(key=f"{EDITOR}seats").set_value(3).run()
    type_cards(at, "pile", "Jc")
    type_cards(at, "hand_0", "7d Qc")
    type_cards(at, "hand_1", "5d")
    at.selectbox(key=f"{EDITOR}wish_kind").set_value("rank").run()
    at.selectbox(key=f"{EDITOR}wish_value").set_value("7").run()
    at.selectbox(key=f"{EDITOR}wish_by").set_value(2).run()
    at.radio(key=f"{EDITOR}deck_mode").set_value("order").run()
    type_cards(at, "deck", "9s 9c")
    at.multiselect(key=f"{EDITOR}finished").select(2).run()
    draft = at.session_state[DRAFT]
    assert draft["wish"] == {"rank": "7", "by": 2}
    assert draft["deck"] == ["9s", "9c"] and draft["finished"] == [2]
    assert not at.error, [e.value for e in at.error]
    assert "may be played: it is the demanded rank" in texts(at)
    assert "a wild card does not answer a demand for a rank" in texts(at)


def test_deal_at_random_is_seeded_and_clear_empties_the_sandbox() -> None:
    at = open_sandbox()
    at.number_input(key="sandbox_seed").set_value(42).run()
    at.button(key="sandbox_deal").click().run()
    first = at.session_state[DRAFT]
    assert all(len(hand) == 5 for hand in first["hands"])
    at.button(key="sandbox_clear").click().run()
    assert EMPTY in texts(at)
    at.button(key="sandbox_deal").click().run()
    assert at.session_state[DRAFT] == first
    assert not at.exception


@pytest.mark.parametrize("example", load_examples(), ids=lambda e: e.id)
def test_every_example_loads_without_a_problem(example) -> None:
    at = open_sandbox()
    load_example(at, example.id)
    assert not at.error, [e.value for e in at.error]
    assert at.session_state[session.VARIANT] == example.position()["variant"]
    keys = [b.key for b in at.button]
    for card in example.legal:
        assert any(key.startswith(move_key(f"play {card}")) for key in keys), card
    for card in example.illegal:
        assert not any(key.startswith(move_key(f"play {card}")) for key in keys), card


def test_choices_after_a_jack_and_multi_card_plays_have_their_own_buttons() -> None:
    at = open_sandbox()
    load_example(at, "jack-demand")
    keys = {b.key for b in at.button}
    assert {move_key("play Jd demand 7"), move_key("play Jd demand none"), move_key("play 7d")} <= keys
    load_example(at, "three-against-two")
    assert move_key("play 3h 3c") in {b.key for b in at.button}
    assert "3♣ may not answer 2♥" in texts(at)


# ------------------------------------------------------------------------- play forward

def test_a_move_is_applied_narrated_undone_and_redone() -> None:
    at = open_sandbox()
    load_example(at, "battle-kings")
    at.button(key=move_key("play Ks")).click().run()
    assert not at.exception
    narration = at.info[0].value
    assert "Player 1 plays K♠." in narration and "Player 3 must draw 10 cards or defend." in narration
    assert "What player 3 may do" in [h.value for h in at.subheader]
    assert "1. Player 1: Play K♠" in texts(at)
    at.button(key="sandbox_undo").click().run()
    assert "What player 1 may do" in [h.value for h in at.subheader]
    assert at.session_state[TIMELINE].can_redo
    at.button(key="sandbox_redo").click().run()
    assert "What player 3 may do" in [h.value for h in at.subheader]
    assert at.button(key="sandbox_undo").disabled is False


def test_play_continues_as_whichever_player_is_to_move() -> None:
    at = open_sandbox()
    load_example(at, "battle-kings")
    at.button(key=move_key("play Ks")).click().run()
    at.button(key=move_key("draw")).click().run()
    assert "Player 3 takes the penalty and draws 10 cards." in at.info[0].value
    assert len(at.session_state[TIMELINE].done) == 2
    assert "2. Player 3: Draw" in texts(at)


def test_edit_this_position_copies_the_position_reached_into_the_editor() -> None:
    at = open_sandbox()
    load_example(at, "battle-kings")
    at.button(key=move_key("play 2h")).click().run()
    at.button(key="sandbox_edit_here").click().run()
    draft = at.session_state[DRAFT]
    assert draft["to_move"] == 1 and draft["attack"] == {"draw": 7}
    assert at.text_input(key=f"{EDITOR}hand_0_text").value == "9c Ks"
    assert not at.session_state[TIMELINE].done


# ------------------------------------------------------------------------------- sharing

def share_link(at: AppTest) -> str:
    [code] = [c.value for c in at.code if "pos=" in c.value]
    return code


def test_a_share_link_opens_exactly_the_same_position_in_its_variant_and_language() -> None:
    at = open_sandbox(lang="en")
    load_example(at, "hungarian-seven-stack")
    at.button(key=move_key("play 7b")).click().run()
    link = share_link(at)
    query = parse_qs(urlsplit(link).query)
    assert urlsplit(link).path.endswith("/sandbox")
    assert query["variant"] == ["hu"] and query["lang"] == ["en"]
    sent = at.session_state[TIMELINE].current
    friend = open_sandbox(pos=query["pos"][0], variant="hu", lang="pl")
    assert not friend.error
    assert friend.session_state[session.VARIANT] == "hu"
    assert friend.session_state[TIMELINE].current == sent


def test_the_link_is_read_once_per_session() -> None:
    at = open_sandbox(pos=encode_share_code(load_examples()[0].position()))
    at.button(key="sandbox_clear").click().run()
    at.switch_page("app_pages/home.py").run()
    at.switch_page(SANDBOX).run()
    assert EMPTY in texts(at)


def test_the_position_is_exported_as_json_for_download() -> None:
    at = open_sandbox()
    load_example(at, "battle-kings")
    assert len(at.get("download_button")) == 1


HOSTILE = {
    "script-tag": "<script>alert(1)</script>",
    "far-too-long": "A" * 400_000,
    "zip-bomb": pack(b'{"variant":"pl"' + b" " * 3_000_000 + b"}"),
    "json-list": pack(b"[1,2,3]"),
    "not-json": pack(b"<img src=x onerror=alert(1)>"),
    "cut-short": encode_share_code(load_examples()[0].position())[:-7],
}
WRONG_TYPES = {
    "scalars": {"variant": 7, "hands": "Ks", "to_move": "first", "pile": "Kh"},
    "nested": {"variant": "pl", "hands": [["Ks", 2], None], "to_move": 0.5, "pile": [["Kh"]], "attack": "five"},
    "script-card": {"variant": "pl", "hands": [["<script>alert(1)</script>"], ["2h"]], "to_move": 0,
                    "pile": ["Kh"], "<b>field</b>": 1},
}


@pytest.mark.parametrize("code", list(HOSTILE.values()), ids=list(HOSTILE))
def test_a_hostile_link_gives_a_clear_message_and_an_empty_sandbox(code: str) -> None:
    at = open_sandbox(pos=code)
    assert not at.exception
    assert len(at.error) == 1
    message = at.error[0].value
    assert message.startswith(("This link does not hold a position", "This link is far too long"))
    assert "The sandbox starts empty." in message
    assert EMPTY in texts(at)
    assert "<script>" not in texts(at) and "<img" not in texts(at)


def test_a_ten_megabyte_link_leaves_an_empty_sandbox() -> None:
    # Streamlit itself drops a query string over 512 KiB, so the page never sees it.
    at = open_sandbox(pos="A" * 10_000_000)
    assert not at.exception
    assert EMPTY in texts(at)


@pytest.mark.parametrize("position", list(WRONG_TYPES.values()), ids=list(WRONG_TYPES))
def test_a_link_to_a_position_of_wrong_types_lists_its_problems_escaped(position) -> None:
    at = open_sandbox(pos=encode_share_code(position))
    assert not at.exception
    message = at.error[0].value
    assert message.startswith("The position in this link cannot exist:")
    # An unknown variant stops the check (cards cannot be read without a deck); otherwise all at once.
    assert message.count("\n- ") >= (1 if not isinstance(position["variant"], str) else 2)
    assert message.rstrip().endswith("The sandbox starts empty.")
    assert "<script>" not in message and "<b>" not in message
    assert EMPTY in texts(at)


def test_pasted_json_is_loaded_and_a_bad_paste_explains_itself() -> None:
    at = open_sandbox()
    position = {"variant": "da", "hands": [["2c", "Ks"], 4], "to_move": 0, "pile": ["2h"], "attack": {"draw": 2}}
    at.text_area(key="sandbox_import_text").input(json.dumps(position)).run()
    at.button(key="sandbox_import").click().run()
    assert at.success and at.session_state[DRAFT] == position
    assert at.session_state[session.VARIANT] == "da"
    at.text_area(key="sandbox_import_text").input('{"variant": "pl", "hands": [["Kh"], ["Kh"]], "to_move": 3, "pile": []}').run()
    at.button(key="sandbox_import").click().run()
    message = at.error[0].value
    assert message.startswith("This position cannot exist, so it was not loaded:")
    assert message.count("\n- ") == 3
    assert at.session_state[DRAFT] == position      # the sandbox keeps what it had
    at.text_area(key="sandbox_import_text").input("<script>alert(1)</script>").run()
    at.button(key="sandbox_import").click().run()
    assert at.error[0].value.startswith("This is not position JSON")


# ---------------------------------------------------------------------------- other rules

def test_other_rules_are_compared_side_by_side_with_the_differences_named() -> None:
    at = open_sandbox()
    load_example(at, "ace-wish-queen")
    frame = at.dataframe[0].value
    assert list(frame.columns) == ["Polish makao", "Traditional Polish makao", "Makao of the devdo-eu/macau engine",
                                   "Danish Makao"]
    assert frame.loc["Play Q♠", "Polish makao"] == "allowed"
    assert frame.loc["Play Q♠", "Danish Makao"] == "not allowed"
    assert frame.loc["Play Q♠", "Makao of the devdo-eu/macau engine"] == "not allowed"   # only the asked suit's queen
    assert any("Play Q♠ — Polish makao:" in m.value for m in at.markdown)


def test_the_comparison_has_one_column_per_variant_with_the_same_deck() -> None:
    at = open_sandbox()
    load_example(at, "hungarian-seven-stack")
    names = [load_ruleset(v).name for v in same_deck_variants("hu")]
    assert list(at.dataframe[0].value.columns) == names and names[0] == "Hungarian makaó"


# ---------------------------------------------------------------------------------- views

def test_player_view_shows_only_the_hand_of_the_player_to_move() -> None:
    at = open_sandbox()
    load_example(at, "battle-kings")
    [component] = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
    assert all(s["faces"] for s in json.loads(component.proto.json)["seats"] if not s["you"])
    at.radio(key="_sandbox_view_picker").set_value("player").run()
    [component] = [e for e in at.main if e.type == "bidi_component" and e.key != KEPT_PROBE]
    data = json.loads(component.proto.json)
    assert [s["faces"] for s in data["seats"] if not s["you"]] == [None, None]       # 4 + 3 cards face down
    assert [s["count"] for s in data["seats"] if not s["you"]] == [4, 3]
    assert any("king of spades" in c["label"] for c in data["hand"]["cards"])


def test_the_sidebar_variant_carries_the_draft_when_the_deck_is_the_same() -> None:
    at = open_sandbox()
    load_example(at, "battle-kings")
    at.selectbox(key=session.VARIANT_PICKER).set_value("da").run()
    assert at.session_state[DRAFT]["variant"] == "da"
    assert at.session_state[DRAFT]["hands"][0] == ["Ks", "2h", "9c"]
    at.selectbox(key=session.VARIANT_PICKER).set_value("hu").run()
    assert at.session_state[DRAFT]["variant"] == "hu" and EMPTY in texts(at)
    assert not at.exception


def test_the_editor_variant_picker_switches_the_session_variant() -> None:
    at = open_sandbox()
    at.selectbox(key=f"{EDITOR}variant").set_value("hu").run()
    assert at.session_state[session.VARIANT] == "hu"
    type_cards(at, "pile", "7h")
    type_cards(at, "hand_0", "7b ua")
    type_cards(at, "hand_1", "3")
    assert not at.error, [e.value for e in at.error]


@pytest.mark.parametrize("language", ["pl", "da", "hu"])
def test_the_sandbox_runs_in_every_language(language: str) -> None:
    at = open_sandbox(lang=language)
    load_example(at, "battle-kings")
    at.button(key=move_key("play Ks")).click().run()
    assert not at.exception and not at.error
    assert at.info and at.info[0].value          # the move is narrated
    assert at.dataframe and at.code


@pytest.mark.parametrize("variant", variant_ids())
def test_a_random_deal_can_be_explored_in_every_variant(variant: str) -> None:
    at = open_sandbox(variant=variant)
    at.button(key="sandbox_deal").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert at.session_state[DRAFT]["variant"] == variant
    first = next(b for b in at.button if b.key.startswith("sandbox_move_"))
    first.click().run()
    assert not at.exception
    assert at.session_state[TIMELINE].done


def test_a_link_that_lands_on_home_still_opens_its_position_in_the_sandbox() -> None:
    position = load_examples()[0].position()
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params["pos"] = encode_share_code(position)
    at.run()
    at.query_params.clear()  # a browser drops the query string on the first page switch
    at.switch_page(SANDBOX).run()
    assert not at.exception, at.exception
    assert EMPTY not in texts(at)
    assert at.session_state[TIMELINE].current == position_from_json(position)


def test_switching_to_a_variant_with_another_deck_says_the_cards_could_not_be_kept() -> None:
    at = open_sandbox(variant="pl")
    build_teacher_position(at)
    assert EMPTY not in texts(at)
    at.selectbox(key=f"{EDITOR}variant").set_value("hu").run()
    assert not at.exception, at.exception
    assert any("played with another deck, so the cards of the position could not be kept" in i.value for i in at.info)
    at.selectbox(key=f"{EDITOR}variant").set_value("pl").run()
    at.selectbox(key=f"{EDITOR}variant").set_value("pl-trad").run()     # the same deck: nothing to say
    assert not any("another deck" in i.value for i in at.info)


def test_once_a_position_is_set_the_table_comes_before_the_folded_editor() -> None:
    at = open_sandbox(variant="pl")
    assert at.expander[0].proto.expanded is True                       # nothing to play yet: the editor is open
    build_teacher_position(at)
    labels = [e.label for e in at.expander]
    editor = next(e for e in at.expander if "Set up the position" in e.label)
    assert editor.proto.expanded is False
    headings = [h.value for h in at.subheader]
    assert "The table" in headings and labels.index(editor.label) >= 0


def test_each_verdict_of_the_move_list_is_said_once_in_every_language() -> None:
    # catalogs.md L13: "Można zagrać — 2♦: można zagrać — …" said the verdict twice.
    code = encode_share_code(load_examples()[0].position())
    for lang, verdict in (("en", "be played"), ("pl", "można zagrać"), ("da", "spilles"), ("hu", "játszható")):
        at = open_sandbox(pos=code, lang=lang)
        rows = [m.value for m in at.markdown if verdict in m.value.lower()]
        assert rows, lang
        for row in rows:
            assert row.lower().count(verdict) == 1, row
