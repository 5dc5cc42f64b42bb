"""The printable handout of the classroom page: rules, drill positions with real cards, answer key.

Two outputs from the same content: a self-contained print-ready HTML page (inline SVG cards,
print CSS) and a PDF made with fpdf2 (pure Python; the cards are the same SVG drawings).
The rules are generated from the ruleset (``ui.present.rules_text``); the drills' texts, answers and
explanations come from ``ui.present.drill_text``. Every text placed in the HTML is escaped.
"""
from __future__ import annotations

import html
import io
import logging
import re
from pathlib import Path

from engine.cards import DeckKind
from engine.drills import Drill
from engine.ruleset import Ruleset
from ui.present.cards import card_svg
from ui.present.drill_text import (
    answer_text,
    explanation,
    option_text,
    position_html,
    question_text,
    status_lines,
    title_text,
)
from ui.present.i18n import Translator
from ui.present.reasons import player, player_placeholders
from ui.present.rules_text import rules_sections, variant_summary

# Unicode fonts tried for the PDF (Polish, Danish and Hungarian letters and the suit signs);
# without one the PDF falls back to the built-in Helvetica and plain Latin-1 text.
FONT_CANDIDATES = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
     "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"),
)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ESCAPED = re.compile(r"\\([\\`*_\[\]<>#|~$])")
SUIT_LETTERS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s", "–": "-", "—": "-", "“": '"', "”": '"',
                               "„": '"', "’": "'", "…": "..."})

PRINT_CSS = """
body{font-family:"DejaVu Sans",Arial,sans-serif;margin:2em;color:#111;line-height:1.35}
h1{font-size:1.6em;margin-bottom:.2em} h2{font-size:1.25em;margin-top:1.4em;border-bottom:1px solid #999}
h3{font-size:1.05em;margin:.8em 0 .3em} .drill{border:1px solid #bbb;border-radius:6px;padding:.6em .9em;margin:.8em 0;
page-break-inside:avoid;break-inside:avoid} .options{margin:.3em 0 0 1.2em} .key li{margin-bottom:.5em}
.meta{color:#444} .page-break{page-break-before:always;break-before:page}
@media print{body{margin:1cm} .no-print{display:none}}
""".strip()


def _md_inline(text: str) -> str:
    """Markdown bold and backslash escapes to HTML, everything else escaped."""
    text = _ESCAPED.sub(r"\1", text)
    return _BOLD.sub(r"<strong>\1</strong>", html.escape(text))


def markdown_html(text: str) -> str:
    """The little markdown the rules text uses (paragraphs, two levels of bullets, bold) as HTML."""
    out: list[str] = []
    depth = 0
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        indent = (len(line) - len(stripped)) // 2
        if stripped.startswith("- "):
            level = indent + 1
            while depth < level:
                out.append("<ul>")
                depth += 1
            while depth > level:
                out.append("</ul>")
                depth -= 1
            out.append(f"<li>{_md_inline(stripped[2:])}</li>")
            continue
        while depth:
            out.append("</ul>")
            depth -= 1
        if stripped:
            out.append(f"<p>{_md_inline(stripped)}</p>")
    out.extend("</ul>" for _ in range(depth))
    return "".join(out)


def plain(text: str) -> str:
    """Markdown to plain text (for the PDF)."""
    return _BOLD.sub(r"\1", _ESCAPED.sub(r"\1", text))


def _option_letter(index: int) -> str:
    return "ABCDEF"[index]


def _drill_block(number: int, drill: Drill, tr: Translator, four_colour: bool) -> str:
    st = drill.state()
    _ = tr.gettext
    head = _("Position {number}").format(number=number)
    parts = [f'<section class="drill"><h3>{html.escape(head)}: {html.escape(title_text(drill, tr))}</h3>',
             position_html(st, tr, width=64, four_colour=four_colour, inline=True),
             f"<p><strong>{html.escape(question_text(drill, st, tr))}</strong></p>"]
    if drill.kind != "select":
        items = "".join(f"<li>{_option_letter(i)}. {html.escape(option_text(drill, o, st, tr))}</li>"
                        for i, o in enumerate(drill.options))
        parts.append(f'<ul class="options" style="list-style:none">{items}</ul>')
    parts.append("</section>")
    return "".join(parts)


def _answer_line(drill: Drill, tr: Translator) -> str:
    st = drill.state()
    answer = answer_text(drill, st, tr)
    if drill.kind != "select":
        answer = f"{_option_letter(drill.options.index(drill.answer[0]))}. {answer}"
    return answer


def handout_html(ruleset: Ruleset, drills: tuple[Drill, ...], tr: Translator, *, answer_key: bool = True,
                 four_colour: bool = False) -> str:
    """The whole handout as one self-contained, print-ready HTML page."""
    _ = tr.gettext
    name = _(ruleset.name)
    title = _("{variant}: rules and exercises").format(variant=name)
    parts = [f'<!DOCTYPE html><html lang="{html.escape(tr.language)}"><head><meta charset="utf-8">',
             f"<title>{html.escape(title)}</title><style>{PRINT_CSS}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f'<p class="meta">{html.escape(variant_summary(ruleset, tr))}</p>',
             f'<p class="no-print meta">{html.escape(_("Print this page from your browser (Ctrl+P)."))}</p>',
             f"<h2>{html.escape(_('The rules'))}</h2>"]
    for section in rules_sections(ruleset, tr):
        parts.append(f"<h3>{html.escape(section.title)}</h3>")
        parts.append(markdown_html("\n".join(section.paragraphs)))
    parts.append(f'<h2 class="page-break">{html.escape(_("Exercises"))}</h2>')
    parts.append(f"<p>{html.escape(_('In every position you are the player to move; the hand shown is yours.'))}</p>")
    for number, drill in enumerate(drills, start=1):
        parts.append(_drill_block(number, drill, tr, four_colour))
    if answer_key:
        parts.append(f'<h2 class="page-break">{html.escape(_("Answer key"))}</h2><ol class="key">')
        for drill in drills:
            st = drill.state()
            reasons = "".join(f"<li>{html.escape(line)}</li>" for line in explanation(drill, st, tr))
            parts.append(f"<li><strong>{html.escape(_answer_line(drill, tr))}</strong><ul>{reasons}</ul></li>")
        parts.append("</ol>")
    parts.append("</body></html>")
    return "".join(parts)


# ---------------------------------------------------------------------------- PDF

def _find_font() -> tuple[str, str] | None:
    for regular, bold in FONT_CANDIDATES:
        if Path(regular).is_file() and Path(bold).is_file():
            return regular, bold
    return None


def _svg_bytes(card: int, deck: DeckKind) -> io.BytesIO:
    svg = re.sub(r"<title>.*?</title>", "", card_svg(card, deck, width=120, inline=True))
    return io.BytesIO(svg.encode("utf-8"))


class _Writer:
    """A thin layer over fpdf2: Unicode text when a font is found, Latin-1 otherwise."""

    def __init__(self, title: str):
        from fpdf import FPDF

        self.pdf = FPDF(format="A4")
        self.pdf.set_auto_page_break(auto=True, margin=15)
        self.pdf.set_title(title)
        self.pdf.set_creator("Makao Tutor")
        font = _find_font()
        if font is not None:
            self.pdf.add_font("Body", "", font[0])
            self.pdf.add_font("Body", "B", font[1])
            self.family, self.unicode = "Body", True
        else:
            self.family, self.unicode = "Helvetica", False
        self.pdf.add_page()

    def text(self, value: str) -> str:
        if self.unicode:
            return value
        return value.translate(SUIT_LETTERS).encode("latin-1", "replace").decode("latin-1")

    def para(self, value: str, size: float = 10, bold: bool = False, indent: float = 0) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)
        self.pdf.set_x(self.pdf.l_margin + indent)
        self.pdf.multi_cell(self.pdf.epw - indent, size * 0.5, self.text(value), new_x="LMARGIN", new_y="NEXT")
        self.pdf.ln(1)

    def cards(self, cards: list[int], deck: DeckKind, label: str) -> None:
        width, gap = 16.0, 2.0
        height = width * 374 / 274
        if self.pdf.get_y() + height + 8 > self.pdf.h - self.pdf.b_margin:
            self.pdf.add_page()
        self.para(label, 9, bold=True)
        y = self.pdf.get_y()
        per_row = int((self.pdf.epw + gap) // (width + gap))
        for i, card in enumerate(cards[:per_row]):
            self.pdf.image(_svg_bytes(card, deck), x=self.pdf.l_margin + i * (width + gap), y=y, w=width)
        self.pdf.set_y(y + height + 2)


def handout_pdf(ruleset: Ruleset, drills: tuple[Drill, ...], tr: Translator, *, answer_key: bool = True) -> bytes:
    """The handout as a PDF (A4): the same rules, positions (cards drawn) and answer key."""
    _ = tr.gettext
    name = _(ruleset.name)
    title = _("{variant}: rules and exercises").format(variant=name)
    logging.getLogger("fpdf.svg").setLevel(logging.ERROR)
    w = _Writer(title)
    w.para(title, 18, bold=True)
    w.para(variant_summary(ruleset, tr), 10)
    w.para(_("The rules"), 14, bold=True)
    _write_rules(w, ruleset, tr)
    w.pdf.add_page()
    w.para(_("Exercises"), 14, bold=True)
    w.para(_("In every position you are the player to move; the hand shown is yours."), 10)
    for number, drill in enumerate(drills, start=1):
        _write_exercise(w, number, drill, ruleset.deck, tr)
    if answer_key:
        _write_answer_key(w, drills, tr)
    return bytes(w.pdf.output())


def _write_rules(w: _Writer, ruleset: Ruleset, tr: Translator) -> None:
    """The rules of the variant, section by section, lists as indented bullets."""
    for section in rules_sections(ruleset, tr):
        w.para(section.title, 11, bold=True)
        for paragraph in section.paragraphs:
            for line in paragraph.split("\n"):
                stripped = line.lstrip(" ")
                indent = (len(line) - len(stripped)) // 2
                if stripped.startswith("- "):
                    w.para("\u2022 " + plain(stripped[2:]), 10, indent=4 + 5 * indent)
                elif stripped:
                    w.para(plain(stripped), 10)


def _write_exercise(w: _Writer, number: int, drill: Drill, deck: DeckKind, tr: Translator) -> None:
    """One exercise: the other hands' sizes, the pile and the learner's hand drawn, the question and options."""
    _ = tr.gettext
    st = drill.state()
    if number > 1 and w.pdf.get_y() > w.pdf.h * 0.62:
        w.pdf.add_page()
    head = _("Position {number}").format(number=number)
    w.para(f"{head}: {title_text(drill, tr)}", 12, bold=True)
    others = ", ".join(
        tr.ngettext("{player}: {count} card", "{player}: {count} cards", len(h)).format(player=player(s, tr), count=len(h))
        for s, h in enumerate(st.hands) if s != st.to_move)
    w.para(others[:1].upper() + others[1:], 9)
    w.cards(list(st.pile[-3:]), deck, _("Pile (top card last)"))
    for line in status_lines(st, tr):
        w.para(line, 10, bold=True)
    w.cards(list(st.hands[st.to_move]), deck,
            _("Your hand (you are {player})").format(**player_placeholders("player", st.to_move, tr)))
    w.para(question_text(drill, st, tr), 10, bold=True)
    if drill.kind != "select":
        for i, option in enumerate(drill.options):
            w.para(f"{_option_letter(i)}. {option_text(drill, option, st, tr)}", 10, indent=4)
    w.pdf.ln(3)


def _write_answer_key(w: _Writer, drills: tuple[Drill, ...], tr: Translator) -> None:
    """The answer key on a page of its own: each exercise's answer and why."""
    w.pdf.add_page()
    w.para(tr.gettext("Answer key"), 14, bold=True)
    for number, drill in enumerate(drills, start=1):
        st = drill.state()
        w.para(f"{number}. {_answer_line(drill, tr)}", 10, bold=True)
        for line in explanation(drill, st, tr):
            w.para("\u2022 " + line, 9, indent=5)
