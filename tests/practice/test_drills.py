"""Drills: every stated answer equals the engine's; the loader names the file and drill at fault."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.drills import DrillError, load_drill_file, load_drills, verify_drill
from engine.scenario import TOPICS
from ui.present.drill_text import answer_text, explanation, option_text, question_text, status_lines
from ui.present.i18n import LANGUAGES, translator

DRILLS = load_drills()
MINIMUM = {"pl": 40, "pl-trad": 40, "da": 40, "hu": 20}


@pytest.mark.parametrize("drill", DRILLS, ids=lambda d: d.id)
def test_every_drill_states_the_engines_answer(drill) -> None:
    verify_drill(drill)


@pytest.mark.parametrize("variant, minimum", MINIMUM.items())
def test_each_variant_has_enough_drills_over_several_topics(variant: str, minimum: int) -> None:
    mine = [d for d in DRILLS if d.variant == variant]
    assert len(mine) >= minimum
    topics = Counter(d.topic for d in mine)
    assert len(topics) >= 7, topics
    assert {d.kind for d in mine} == {"select", "next", "best"}


def test_every_drill_topic_is_a_known_topic_and_ids_are_unique() -> None:
    assert all(d.topic in TOPICS for d in DRILLS)
    assert len({d.id for d in DRILLS}) == len(DRILLS)


@pytest.mark.parametrize("variant, topic", [("de-maumau-9", "reverse"), ("ru-101", "cover")])
def test_the_reversing_and_the_cover_the_nine_rulesets_have_drills_of_every_kind_on_their_effect(
        variant: str, topic: str) -> None:
    mine = [d for d in DRILLS if d.variant == variant and d.topic == topic]
    assert len(mine) >= 6
    assert {d.kind for d in mine} == {"select", "next", "best"} and {d.level for d in mine} >= {1, 2}


def test_a_drill_says_when_play_goes_counterclockwise_and_when_a_nine_must_be_covered() -> None:
    en = translator("en")
    reversed_ = next(d for d in DRILLS if d.id == "de-maumau-9-reverse-03")
    assert "Play now goes counterclockwise." in status_lines(reversed_.state(), en)
    cover = next(d for d in DRILLS if d.id == "ru-101-cover-02")
    assert status_lines(cover.state(), en)[0].startswith("You must cover 9♥ with a card of its suit or rank")
    plain = next(d for d in DRILLS if d.id == "de-maumau-9-reverse-01")
    assert status_lines(plain.state(), en) == []



def test_the_nine_on_a_nine_remark_names_the_direction_and_the_seat_the_engine_gives() -> None:
    """de-maumau-9-reverse-06 says the 9♣ on 9♥ turns play counterclockwise, player 3 next instead of
    player 2: the engine must agree, for the 9♣ and for the K♥ that keeps the direction."""
    from engine.drills import outcome
    from engine.moves import parse_move

    drill = next(d for d in DRILLS if d.id == "de-maumau-9-reverse-06")
    st = drill.state()
    assert st.direction == 1 and "counterclockwise, so player 3 moves next instead of player 2" in drill.feedback
    assert outcome(st, parse_move("play 9c", st.rules.deck), "to_move") == "@2"   # player 3
    assert outcome(st, parse_move("play Kh", st.rules.deck), "to_move") == "@1"   # player 2
    assert "once more" not in drill.feedback

def test_practice_offers_the_reversing_and_cover_topics_in_their_rulesets() -> None:
    from ui.practice.state import topics

    assert "reverse" in topics("de-maumau-9") and "cover" in topics("ru-101")
    assert "reverse" not in topics("pl") and "cover" not in topics("pl")


def test_hungarian_drills_cover_the_hungarian_cards() -> None:
    topics = {d.topic for d in DRILLS if d.variant == "hu"}
    assert {"hu_seven", "hu_ace", "hu_felso", "hu_also", "makao_call"} <= topics


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_drill_can_be_told_in_every_language(language: str) -> None:
    tr = translator(language)
    for drill in DRILLS:
        st = drill.state()
        assert question_text(drill, st, tr)
        assert answer_text(drill, st, tr)
        assert explanation(drill, st, tr)
        status_lines(st, tr)
        for option in drill.options:
            assert option_text(drill, option, st, tr)


def test_a_select_explanation_gives_one_engine_reason_per_card() -> None:
    drill = next(d for d in DRILLS if d.id == "pl-two-three-01")
    lines = explanation(drill, drill.state(), translator("en"))
    assert any("3♣ may not answer 2♥" in line for line in lines)
    assert lines[-1] == drill.feedback


def _write(tmp_path: Path, body: str, name: str = "x.toml") -> Path:
    path = tmp_path / name
    path.write_text('variant = "pl"\n' + body, encoding="utf-8")
    return path


GOOD = '''
[[drill]]
id = "t-1"
topic = "matching"
kind = "select"
title = "t"
answer = ["7c"]
[drill.position]
hands = [["7c", "9s"], 5]
to_move = 0
pile = ["7h"]
'''


def test_a_good_file_loads(tmp_path: Path) -> None:
    (drill,) = load_drill_file(_write(tmp_path, GOOD))
    verify_drill(drill)
    assert drill.is_correct(["7c"]) and not drill.is_correct(["7c", "9s"]) and not drill.is_correct("7c")


@pytest.mark.parametrize("change, message", [
    (('answer = ["7c"]', 'answer = ["7c", "9s"]'), "the engine says ['7c']"),
    (('topic = "matching"', 'topic = "magic"'), "unknown topic 'magic'"),
    (('kind = "select"', 'kind = "guess"'), "unknown kind 'guess'"),
    (('title = "t"', 'title = "t"\nmove = "play 7c"'), "does not belong to a 'select' drill"),
    (('pile = ["7h"]', 'pile = []'), "the position cannot exist"),
    (('answer = ["7c"]', 'answer = ["Kc"]'), "not in the hand"),
])
def test_a_bad_drill_is_refused_naming_file_and_drill(tmp_path: Path, change, message: str) -> None:
    path = _write(tmp_path, GOOD.replace(*change))
    with pytest.raises(DrillError) as caught:
        for drill in load_drill_file(path):
            verify_drill(drill)
    assert "x.toml: drill 't-1'" in str(caught.value)
    assert message in str(caught.value)


def test_a_wrong_next_answer_and_a_wrong_reason_are_refused(tmp_path: Path) -> None:
    body = '''
[[drill]]
id = "n-1"
topic = "two_three"
kind = "next"
title = "t"
move = "play 3h"
ask = "penalty"
options = ["draw 5 @1", "draw 3 @1"]
answer = "draw 3 @1"
[drill.position]
hands = [["3h", "9s"], 5]
to_move = 0
pile = ["2h"]
attack = { draw = 2 }

[[drill]]
id = "b-1"
topic = "two_three"
kind = "best"
title = "t"
answer = "play 3h"
[drill.position]
hands = [["3h", "3c"], 5]
to_move = 0
pile = ["2h"]
attack = { draw = 2 }
[[drill.wrong]]
move = "play 3c"
reason = "not_a_defence"
'''
    next_drill, best_drill = load_drill_file(_write(tmp_path, body))
    with pytest.raises(DrillError, match="answer says 'draw 3 @1', the engine says 'draw 5 @1'"):
        verify_drill(next_drill)
    with pytest.raises(DrillError, match="stated reason 'not_a_defence', the engine gives \\['defence_must_match'\\]"):
        verify_drill(best_drill)


def test_a_duplicate_id_and_bad_toml_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DrillError, match="used twice"):
        load_drill_file(_write(tmp_path, GOOD + GOOD))
    bad = tmp_path / "bad.toml"
    bad.write_text("variant = [", encoding="utf-8")
    with pytest.raises(DrillError, match="bad.toml: file: is not valid TOML"):
        load_drill_file(bad)
    unknown = tmp_path / "v.toml"
    unknown.write_text('variant = "xx"\n' + GOOD, encoding="utf-8")
    with pytest.raises(DrillError, match="v.toml: file: 'variant' must name a ruleset"):
        load_drill_file(unknown)


def test_a_drill_with_its_own_question_asks_it_in_every_language() -> None:
    """ru-101-cover-04's question carries the condition that matters ("it does not cover the 9"),
    which the kind's default ("You draw a card. Who moves next?") would drop."""
    drill = next(d for d in DRILLS if d.id == "ru-101-cover-04")
    st = drill.state()
    assert question_text(drill, st, translator("en")) == drill.text
    assert "does not cover the 9" in drill.text
    for language in ("pl", "da", "hu"):
        asked = question_text(drill, st, translator(language))
        assert asked == translator(language).gettext(drill.text) and asked != drill.text
    plain = next(d for d in DRILLS if not d.text and d.kind == "next")
    assert question_text(plain, plain.state(), translator("en")).startswith("You ")


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_reversing_nine_s_explanation_says_the_new_direction_once(language: str) -> None:
    """The verdict's note says "9♥ reverses the direction of play: play now goes counterclockwise";
    the direction event's own sentence after it only repeated that."""
    from engine.verdicts import Event
    from ui.present.reasons import describe_event

    tr = translator(language)
    first = next(d for d in DRILLS if d.id == "de-maumau-9-reverse-01")
    st = first.state()
    repeated = describe_event(Event("direction_changed", {"direction": "counterclockwise"}), st.rules.deck, tr)
    said = explanation(first, st, tr)
    assert repeated not in said, said
    assert len(said) == 3, said   # the verdict with its note, who moves, the drill's remark


def test_what_is_pending_speaks_to_the_learner_in_the_second_person() -> None:
    from engine.position import position_from_json
    en = translator("en")
    own = position_from_json({"variant": "pl", "hands": [5, 5, ["7h", "8c"]], "to_move": 2, "pile": ["5c", "As"],
                              "wish": {"suit": "h", "by": 2}})
    assert status_lines(own, en) == ["You wish for hearts."]            # not "Player 3 wishes for hearts."
    theirs = position_from_json({"variant": "pl", "hands": [5, 5, ["7h", "8c"]], "to_move": 2, "pile": ["5c", "As"],
                                 "wish": {"suit": "h", "by": 0}})
    assert status_lines(theirs, en) == ["Player 1 wishes for hearts."]
    attacked = position_from_json({"variant": "pl", "hands": [["7h", "8c"], 5], "to_move": 0, "pile": ["5c", "2h"],
                                   "attack": {"draw": 2}})
    assert status_lines(attacked, en) == ["You must draw 2 cards or defend."]
