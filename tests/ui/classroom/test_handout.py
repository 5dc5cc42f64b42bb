"""The classroom handout: rules from the ruleset, positions with real cards, answer key; HTML and PDF."""
from __future__ import annotations

import io

import pytest

from engine.drills import drills_for
from engine.ruleset import load_ruleset
from ui.classroom.handout import SUIT_LETTERS, handout_html, handout_pdf, markdown_html
from ui.present.drill_text import answer_text, title_text
from ui.present.i18n import translator
from ui.present.rules_text import rules_sections


@pytest.mark.parametrize("variant, language", [("pl", "pl"), ("hu", "hu"), ("da", "en"), ("pl-trad", "da")])
def test_the_html_handout_holds_the_rules_the_positions_and_the_answer_key(variant: str, language: str) -> None:
    ruleset, tr = load_ruleset(variant), translator(language)
    drills = drills_for(variant, "battle_kings" if variant != "hu" else "hu_seven")[:4]
    page = handout_html(ruleset, drills, tr)
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>")
    for section in rules_sections(ruleset, tr):
        assert section.title in page
    for drill in drills:
        assert title_text(drill, tr).replace("'", "&#x27;") in page
    assert page.count("<svg") >= 4 * 3                      # the cards are drawn
    assert tr.gettext("Answer key") in page
    without = handout_html(ruleset, drills, tr, answer_key=False)
    assert tr.gettext("Answer key") not in without


def test_the_markdown_of_the_rules_becomes_escaped_html() -> None:
    assert markdown_html("**2** — draws <b>\n- a\n  - b\n- c") == (
        "<p><strong>2</strong> — draws &lt;b&gt;</p><ul><li>a</li><ul><li>b</li></ul><li>c</li></ul>")


def test_the_pdf_handout_opens_and_holds_the_rules_and_the_positions() -> None:
    pypdf = pytest.importorskip("pypdf")
    ruleset, tr = load_ruleset("pl"), translator("en")
    drills = drills_for("pl", "battle_kings")[:3]
    data = handout_pdf(ruleset, drills, tr)
    assert data.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "The rules" in text and "Special cards" in text
    for drill in drills:
        title = title_text(drill, tr)[:20]
        assert title in text or title.translate(SUIT_LETTERS) in text   # Latin-1 fallback without a font
    assert "Answer key" in text
    assert answer_text(drills[0], drills[0].state(), tr)[:15] in text
