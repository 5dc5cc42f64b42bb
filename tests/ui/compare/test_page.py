"""AppTest of the Compare variants page: picker, differences filter, house rules, CSV, errors."""
from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.ruleset import load_ruleset
from engine.ruleset_toml import ruleset_to_toml
from ui.compare import page as compare_view
from ui.compare.contrasts import load_contrasts
from ui.compare.table import MARK
from ui.present.i18n import translator
from ui.shell import house_rules

ROOT = Path(__file__).resolve().parents[3]
APP = str(ROOT / "streamlit_app.py")
PAGE = "app_pages/variants.py"
EN = translator("en")


def open_page(lang: str = "en") -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    return at


def unescaped(markdown: str) -> str:
    return markdown.replace("\\", "")


def summary(at: AppTest):
    """The first table on the page is the summary grid (questions x variants)."""
    return at.table[0].value


def comparison(at: AppTest):
    """The second table is the full comparison (topics x variants), without the ◆ marks of differing cells."""
    return at.table[1].value.map(lambda text: text.removeprefix(MARK))


def test_the_page_compares_the_four_makao_variants_by_default() -> None:
    at = open_page()
    assert at.title[0].value == "Compare variants"
    frame = comparison(at)
    assert list(frame.columns) == [EN.gettext(load_ruleset(v).name) for v in ("pl", "pl-trad", "da", "hu")]
    assert frame.loc["Hand size", "Polish makao"] == "5 cards each."


def test_the_picker_adds_a_relative_and_removes_a_variant() -> None:
    at = open_page()
    at.multiselect(key=compare_view.PICKER).set_value(["pl", "da", "de-maumau"]).run()
    frame = comparison(at)
    assert list(frame.columns) == ["Polish makao", "Danish Makao", "German Mau-Mau"]
    assert "sits out 1 turn" in frame.loc["8", "German Mau-Mau"]
    assert frame.loc["Source", "German Mau-Mau"].replace("\\", "") == load_ruleset("de-maumau").source_title
    assert ".txt" not in frame.loc["Source", "Polish makao"]           # the source's title, not its file
    # the correction of our source is shown for Mau-Mau
    assert any("eight reverses direction" in w.value for w in at.warning)
    # the choice survives a rerun
    at.run()
    assert list(comparison(at).columns) == ["Polish makao", "Danish Makao", "German Mau-Mau"]


def test_only_differences_hides_the_rows_that_agree() -> None:
    at = open_page()
    at.multiselect(key=compare_view.PICKER).set_value(["pl", "da"]).run()
    everything = comparison(at)
    at.toggle(key=compare_view.ONLY_DIFFERENCES).set_value(True).run()
    differences = comparison(at)
    assert len(differences) < len(everything)
    assert "Hand size" not in differences.index and "Wild card" in differences.index


def test_an_empty_selection_says_what_to_do() -> None:
    at = open_page()
    at.multiselect(key=compare_view.PICKER).set_value([]).run()
    assert not at.exception
    assert any("at least one variant" in i.value for i in at.info)


def test_contrast_positions_are_listed_with_verdicts_and_sandbox_links() -> None:
    at = open_page()
    contrast_tables = [t.value for t in at.table[2:]]
    assert len(contrast_tables) >= 12
    first = contrast_tables[0]
    assert {"Variant", "Verdict", "Why", "Sandbox"} <= set(first.columns)
    assert all("](sandbox?pos=" in link for link in first["Sandbox"])
    assert len(contrast_tables) <= len(load_contrasts())


def test_the_csv_download_is_offered() -> None:
    at = open_page()
    buttons = at.get("download_button")
    assert buttons and any("CSV" in b.proto.label for b in buttons)


def test_a_house_rule_edit_changes_a_cell_of_the_table() -> None:
    at = open_page()
    at.selectbox(key=compare_view.HOUSE_BASE).set_value("pl").run()
    at.button(key=compare_view.HOUSE_START).click().run()
    frame = comparison(at)
    house = "House rules (Polish makao)"
    assert frame.loc["Hand size", house] == "5 cards each."
    # form values are sent with the submit button, as in a browser
    at.number_input(key="house_field_hand_size").set_value(7)
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    assert not at.exception
    assert comparison(at).loc["Hand size", house] == "7 cards each."
    assert comparison(at).loc["Hand size", "Polish makao"] == "5 cards each."
    assert at.session_state[house_rules.HOUSE_RULESET].hand_size == 7
    assert any("ruleset (TOML)" in b.proto.label for b in at.get("download_button"))


def test_a_house_rule_changes_a_contrast_verdict() -> None:
    at = open_page()
    at.button(key=compare_view.HOUSE_START).click().run()          # from Polish makao
    at.selectbox(key="house_field_defence_2_0_condition").set_value("any")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    table = at.table[2].value                                      # A 3♣ against an attacking 2♥
    verdicts = dict(zip(table["Variant"], table["Verdict"]))
    assert "not allowed" in verdicts["Polish makao"]
    assert "not allowed" not in verdicts["House rules (Polish makao)"]


def test_a_refused_house_edit_shows_the_field_and_keeps_the_rules() -> None:
    at = open_page()
    at.button(key=compare_view.HOUSE_START).click().run()
    at.selectbox(key="house_field_end_result").set_value("penalty_points")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    assert any("end.card_points" in unescaped(e.value) for e in at.error)
    assert "first player out wins" not in comparison(at).loc["End of round and scoring", "House rules (Polish makao)"]


def test_a_broken_upload_shows_an_error_and_changes_nothing() -> None:
    # AppTest cannot drop a file on st.file_uploader; the page's upload callback calls
    # house_rules.use_upload, driven here through the session (the browser test uploads a real file).
    at = open_page()
    at.button(key=compare_view.HOUSE_START).click().run()
    broken = ruleset_to_toml(load_ruleset("da")).replace("hand_size = 5", "hand_size = 0").encode()
    assert not house_rules.use_upload("broken.toml", broken, at.session_state)
    at.run()
    assert any("broken.toml" in unescaped(e.value) and "“hand_size”" in unescaped(e.value) for e in at.error)
    assert "House rules (Polish makao)" in comparison(at).columns


def test_the_page_runs_in_every_language() -> None:
    for lang in ("pl", "da", "hu"):
        at = open_page(lang)
        assert len(at.table) >= 2


def test_the_summary_answers_the_players_questions_per_variant() -> None:
    at = open_page()
    grid = summary(at)
    assert list(grid.columns) == ["Polish makao", "Polish makao (traditional)", "Danish Makao", "Hungarian makaó"] or \
        len(grid.columns) == 4
    da = grid.columns[2]
    assert grid.loc["Is the queen wild?", da].startswith("✓")
    assert grid.loc["Is the queen wild?", grid.columns[3]].startswith("✗")         # Hungarian: no wild card
    assert grid.loc["Does a 3♣ answer a 2♥?", grid.columns[0]].startswith("✗")     # pl: the defence must match
    assert grid.loc["Does a 3♣ answer a 2♥?", grid.columns[1]].startswith("✓")     # pl-trad: any 2 or 3
    assert grid.loc["Does a 3♣ answer a 2♥?", grid.columns[3]] == "—"              # no 3♣ in the Hungarian deck
    assert grid.loc["Whom does K♠ hit?", grid.columns[0]].startswith("The previous player")
    assert grid.loc["How long does a jack demand last?", grid.columns[0]] == "One full round, you included"


def test_the_summary_follows_the_house_rules() -> None:
    at = open_page()
    at.button(key=compare_view.HOUSE_START).click().run()          # from Polish makao
    at.selectbox(key="house_field_defence_2_0_condition").set_value("any")
    at.button(key=compare_view.HOUSE_APPLY).click().run()
    grid = summary(at)
    assert grid.loc["Does a 3♣ answer a 2♥?", "Polish makao"].startswith("✗")
    assert grid.loc["Does a 3♣ answer a 2♥?", "House rules (Polish makao)"].startswith("✓")


def test_one_row_speaks_of_one_card_and_only_the_differences_hides_same_meanings() -> None:
    at = open_page()
    frame = comparison(at)
    assert {"Queen", "Felső (Ober)", "Jack", "Alsó (Unter)"} <= set(frame.index)
    assert frame.loc["Queen", "Hungarian makaó"] == "Not in this deck."
    at.toggle(key=compare_view.ONLY_DIFFERENCES).set_value(True).run()
    differences = comparison(at)
    assert "6" not in differences.index and "9" not in differences.index   # ordinary or absent: the same
    assert "Queen" in differences.index and "Hand size" not in differences.index


def test_the_legend_states_the_highlighting_rule_and_marks_differing_cells() -> None:
    at = open_page()
    assert any("differs from the first variant's (Polish makao)" in c.value for c in at.caption)
    raw = at.table[1].value
    assert raw.loc["Queen", "Hungarian makaó"].startswith(MARK)     # differs from Polish makao
    assert not raw.loc["Queen", "Polish makao"].startswith(MARK)    # the first column is the reference


def test_contrast_moves_are_in_words_and_badges_match_the_verdicts() -> None:
    at = open_page()
    moves = [m for t in at.table[2:] for m in t.value["Move"]]
    assert not any(m.startswith("play ") for m in moves) and any(m.startswith("Play ") for m in moves)
    captions = [c.value for c in at.caption]
    assert any("agree on the verdict here, for different reasons" in c for c in captions)
