"""A real browser: the projector mode, the handout downloads (HTML and PDF), a quiz link and a drill."""
from __future__ import annotations

import io

import pytest
from playwright.sync_api import expect

from engine.drills import drill_by_id
from engine.ruleset import load_ruleset
from tests.e2e.conftest import ARTIFACTS, screenshot, wait_for_app
from ui.classroom.handout import SUIT_LETTERS
from ui.present.drill_text import title_text
from ui.present.i18n import translator
from ui.present.rules_text import rules_sections
from ui.shell.quiz_link import encode_quiz

EN = translator("en")


def open_classroom(page, base: str) -> None:
    page.goto(base + "/classroom?variant=pl&lang=en")
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Teach makao in class", level=1)).to_be_visible()


def test_projector_mode_shows_one_position_with_large_cards_and_reveals_the_answer(app_url, new_page) -> None:
    page = new_page()
    open_classroom(page, app_url)
    page.get_by_text("Projector mode").click()
    wait_for_app(page)
    expect(page.get_by_text("Position 1 of 8")).to_be_visible()
    expect(page.locator('svg.makao-card[width="150"]').first).to_be_visible()
    expect(page.get_by_text("Answer:", exact=False)).to_have_count(0)
    page.locator("button:visible", has_text="Reveal the answer").click()
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Answer:", exact=False)).to_be_visible()
    screenshot(page, "classroom-projector-revealed")
    page.locator("button:visible", has_text="Next").click()
    wait_for_app(page)
    expect(page.get_by_text("Position 2 of 8")).to_be_visible()
    expect(page.get_by_role("heading", name="Answer:", exact=False)).to_have_count(0)


def test_the_handout_downloads_open_and_hold_the_rules_and_the_drills(app_url, new_page) -> None:
    page = new_page()
    open_classroom(page, app_url)
    screenshot(page, "classroom")
    rules = load_ruleset("pl")
    sections = [s.title for s in rules_sections(rules, EN)]
    with page.expect_download() as info:
        page.locator("button:visible", has_text="Download the handout (HTML)").click()
    path = ARTIFACTS / "handout.html"
    info.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert all(title in text for title in sections)
    assert "Answer key" in text and text.count("<svg") > 20
    first_title = title_text(drill_by_id("pl-matching-01"), EN)
    assert first_title in text
    # the file opens in a browser and shows the rules and the positions
    viewer = new_page()
    viewer.goto(path.as_uri())
    expect(viewer.get_by_role("heading", name="Polish makao: rules and exercises", level=1)).to_be_visible()
    expect(viewer.get_by_text(first_title, exact=False).first).to_be_visible()
    expect(viewer.locator("svg.makao-card").first).to_be_visible()
    screenshot(viewer, "handout-html")

    with page.expect_download(timeout=60_000) as info:
        page.locator("button:visible", has_text="Download the handout (PDF)").click()
    pdf = ARTIFACTS / "handout.pdf"
    info.value.save_as(pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    pypdf = pytest.importorskip("pypdf")
    content = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages)
    assert "The rules" in content and sections[0] in content
    assert first_title[:18] in content or first_title[:18].translate(SUIT_LETTERS) in content
    assert "Answer key" in content


def test_a_quiz_link_opens_the_class_quiz_and_a_drill_is_answered_by_clicks(fresh_server, new_page) -> None:
    drill = drill_by_id("pl-matching-01")
    with fresh_server("quiz-link") as base:
        page = new_page()
        page.goto(base + "/practice?lang=en&quiz=" + encode_quiz("pl", [drill.id, "pl-jack-01"]))
        wait_for_app(page)
        expect(page.get_by_text("Class quiz: question 1 of 2.")).to_be_visible()
        for card in drill.answer:
            page.locator(f".st-key-_practice_pick_{drill.id}_{card} label").click()
            wait_for_app(page)
        page.locator("button:visible", has_text="Check").click()
        wait_for_app(page)
        expect(page.get_by_text("Right!")).to_be_visible()
        expect(page.get_by_text("7♣ may be played", exact=False)).to_be_visible()
        screenshot(page, "practice-class-quiz-right")


def test_a_bad_quiz_link_says_so(app_url, new_page) -> None:
    page = new_page()
    page.goto(app_url + "/practice?lang=en&quiz=Q1.zzzz")
    wait_for_app(page)
    expect(page.get_by_text("The quiz link is damaged", exact=False)).to_be_visible()
