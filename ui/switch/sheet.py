"""The one-page "what changes" sheet for a pair: every difference the engine found, as a sentence
(from the reason codes and effects under both rulesets) and its witness position drawn with real
cards. Two outputs of the same content: a print-ready HTML page (inline SVG cards) and a PDF
(fpdf2, the same SVG drawings). Every text placed in the HTML is escaped."""
from __future__ import annotations

import html
import io
import logging
import re
from dataclasses import dataclass
from pathlib import Path

from engine.moves import parse_move
from engine.position import position_from_json
from engine.state import State
from engine.witness import Witness, WitnessReport
from ui.present.cards import card_svg, suit_word
from ui.present.grammar import capitalise
from ui.present.i18n import Translator
from ui.present.reasons import player_placeholders, wish_rank_text
from ui.present.switch_text import (
    deck_map_lines,
    difference_sentence,
    field_title,
    home_names,
    move_text,
    said_in_words,
)
from ui.present.witness_topics import topics_of_field
from ui.switch.model import SwitchLesson

FONTS = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
)
SUIT_LETTERS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s", "–": "-", "—": "-", "…": "...", "→": "->"})
CSS = """
body{font-family:"DejaVu Sans",Arial,sans-serif;margin:1.5em;color:#111;line-height:1.3;font-size:11pt}
h1{font-size:1.4em;margin:0 0 .3em} h2{font-size:1.1em;margin:.2em 0} .diff{border:1px solid #bbb;border-radius:6px;padding:.4em .7em;margin:.5em 0;
page-break-inside:avoid;break-inside:avoid} .cards{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:.3em 0}
.cards .gap{width:1em} .meta{color:#444} ul{margin:.3em 0}
@media print{body{margin:1cm}}
""".strip()


def sheet_title(lesson: SwitchLesson, tr: Translator) -> str:
    """The sheet's title: from the home rules to the table's."""
    return tr.gettext("What changes from {home} to {table}").format(home=tr.gettext(lesson.home.name),
                                                                   table=tr.gettext(lesson.table.name))


def status_lines(st: State, tr: Translator) -> list[str]:
    """What is pending in a witness position: the attack, the demand or wish and its player, the deck."""
    deck = st.rules.deck
    lines = []
    if st.attack is not None:
        amount = st.attack.amount
        lines.append(tr.ngettext("Attack: {amount} card to draw.", "Attack: {amount} cards to draw.", amount).format(amount=amount)
                     if st.attack.kind == "draw" else
                     tr.ngettext("Attack: {amount} turn to sit out.", "Attack: {amount} turns to sit out.", amount).format(amount=amount))
    if st.wish is not None:
        who = player_placeholders("who", st.wish.by, tr)
        if st.wish.kind == "rank":
            lines.append(capitalise(tr.gettext("Demand of {who}: {rank}.").format(**who, rank=wish_rank_text(st.wish.value, deck, tr))))
        else:
            lines.append(capitalise(tr.gettext("Wish of {who}: {suit}.").format(**who, suit=suit_word(st.wish.value, deck, tr))))
    lines.append(tr.ngettext("Deck: {count} card", "Deck: {count} cards", len(st.deck)).format(count=len(st.deck)))
    return lines


def _row(key: str) -> str:
    rows = topics_of_field(key)
    return rows[0] if rows else key


@dataclass(frozen=True)
class RuleGroup:
    """One rule of the sheet: the field it is headed by, its example position and the other
    differences of the rule the example does not show (said in words only)."""

    key: str
    example: Witness
    more: tuple[Witness, ...]


def rule_groups(lesson: SwitchLesson) -> list[RuleGroup]:
    """The differences grouped by rule (the Compare page's rows), most frequent first: every rule
    once, with one example position; a witness goes under the first of its rules not yet headed."""
    examples: dict[str, Witness] = {}
    keys: dict[str, str] = {}
    more: dict[str, list[Witness]] = {}
    shown: set[str] = set()
    for w in (step.witness for step in lesson.steps):
        fresh = [k for k in w.fields if _row(k) not in examples]
        if fresh:
            row = _row(fresh[0])
            examples[row], keys[row], more[row] = w, fresh[0], []
        elif not set(w.fields) <= shown:
            more[_row(w.fields[0])].append(w)
        shown.update(w.fields)
    return [RuleGroup(keys[row], examples[row], tuple(more[row])) for row in examples]


def _report(lesson: SwitchLesson, report: WitnessReport | None) -> WitnessReport:
    return report or WitnessReport(lesson.home, lesson.table, True, "", (), (), (), 0, 0, deck_map=lesson.deck_map)


def _parts(lesson: SwitchLesson, w: Witness, tr: Translator) -> tuple[str, State, str]:
    st = position_from_json(w.position, lesson.table)
    deck = lesson.table.deck
    move = parse_move(w.move, deck)   # a witness names its move in notation (engine/witness.py)
    return difference_sentence(w.kind, move, w.home, w.table, deck, tr), st, move_text(move, deck, tr)


def _sentence(lesson: SwitchLesson, w: Witness, tr: Translator) -> str:
    return _parts(lesson, w, tr)[0]


def sheet_html(lesson: SwitchLesson, tr: Translator, four_colour: bool = False, report: WitnessReport | None = None) -> str:
    """The sheet as one self-contained HTML page: the decks, one heading per rule, then the rules told in words."""
    deck = lesson.table.deck
    ref = _report(lesson, report)
    title = sheet_title(lesson, tr)
    intro = tr.gettext("Every difference below was found and checked by the game engine; the positions are real.")
    top_label = tr.gettext("Top card")
    esc = html.escape
    out = [f'<!DOCTYPE html><html lang="{esc(tr.language)}"><head><meta charset="utf-8">'
           f"<title>{esc(title)}</title><style>{CSS}</style></head><body>", f"<h1>{esc(title)}</h1>",
           f'<p class="meta">{esc(intro)}</p>']
    if lesson.deck_map is not None:
        out.append(f'<div class="diff decks"><h2>{esc(tr.gettext("The two decks"))}</h2>')
        out.extend(f"<p>{esc(line)}</p>" for line in deck_map_lines(lesson.deck_map, tr))
        out.append("</div>")
    for number, group in enumerate(rule_groups(lesson)):
        sentence, st, move = _parts(lesson, group.example, tr)
        top = card_svg(st.top, deck, four_colour=four_colour, width=46, inline=True)
        hand = "".join(card_svg(c, deck, four_colour=four_colour, width=46, inline=True) for c in st.hands[st.to_move])
        hand_label = capitalise(tr.gettext("Hand of {player}").format(**player_placeholders("player", st.to_move, tr)))
        out.append('<div class="diff rule">')
        out.append(f"<h2>{number + 1}. {esc(field_title(group.key, ref, tr))}</h2>")
        out.append(f"<p>{esc(sentence)}</p>")
        out.append(f'<div class="cards"><span>{esc(top_label)}</span>{top}<span class="gap"></span>'
                   f"<span>{esc(hand_label)}</span>{hand}</div>")
        if lesson.deck_map is not None:
            out.append(f'<p class="meta">{esc(home_names([st.top, *st.hands[st.to_move]], lesson.deck_map, tr))}</p>')
        out.append(f'<p class="meta">{esc(" ".join(status_lines(st, tr)))} — {esc(move)}</p>')
        if group.more:
            out.append("<ul>" + "".join(f"<li>{esc(_sentence(lesson, w, tr))}</li>" for w in group.more) + "</ul>")
        out.append("</div>")
    words = said_in_words(ref, tr)
    if words:
        out.append(f'<div class="diff words"><h2>{esc(tr.gettext("In words: the differences with no position"))}</h2><ul>')
        out.extend(f"<li><b>{esc(head)}</b>: {esc(text)}</li>" for head, text in words)
        out.append("</ul></div>")
    out.append("</body></html>")
    return "\n".join(out)


def _font() -> tuple[str, str] | None:
    for regular, bold in FONTS:
        if Path(regular).is_file() and Path(bold).is_file():
            return regular, bold
    return None


class _SheetPdf:
    """An A4 PDF of the sheet that writes paragraphs in the body font (Helvetica with suit letters if none)."""

    def __init__(self, title: str) -> None:
        from fpdf import FPDF

        logging.getLogger("fpdf.svg").setLevel(logging.ERROR)
        self.pdf = FPDF(format="A4")
        self.pdf.set_auto_page_break(auto=True, margin=12)
        self.pdf.set_title(title)
        self.font = _font()
        if self.font is not None:
            self.pdf.add_font("Body", "", self.font[0])
            self.pdf.add_font("Body", "B", self.font[1])
            self.family = "Body"
        else:
            self.family = "Helvetica"

    def text(self, value: str) -> str:
        if self.font is not None:
            return value
        return value.translate(SUIT_LETTERS).encode("latin-1", "replace").decode("latin-1")

    def para(self, value: str, size: float, bold: bool = False) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)
        self.pdf.multi_cell(self.pdf.epw, size * 0.45, self.text(value), new_x="LMARGIN", new_y="NEXT")
        self.pdf.ln(0.5)


_CARD_WIDTH = 9.0
_CARD_HEIGHT = _CARD_WIDTH * 374 / 274


def _write_deck_map(out: _SheetPdf, lesson: SwitchLesson, tr: Translator) -> None:
    """The two decks side by side, when the lesson switches between decks."""
    if lesson.deck_map is not None:
        out.para(tr.gettext("The two decks"), 11, bold=True)
        for line in deck_map_lines(lesson.deck_map, tr):
            out.para(line, 9)


def _write_group(out: _SheetPdf, number: int, group: RuleGroup, lesson: SwitchLesson, ref: WitnessReport,
                 tr: Translator) -> None:
    """One rule difference: its title, sentence, the example's top card and hand drawn, the move, the others."""
    pdf, deck, width, height = out.pdf, lesson.table.deck, _CARD_WIDTH, _CARD_HEIGHT
    sentence, st, move = _parts(lesson, group.example, tr)
    if pdf.get_y() + height + 26 > pdf.h - pdf.b_margin:
        pdf.add_page()
    out.para(f"{number + 1}. {field_title(group.key, ref, tr)}", 10, bold=True)
    out.para(sentence, 9)
    out.para(tr.gettext("Top card, then the hand of {player}:").format(**player_placeholders("player", st.to_move, tr)), 8)
    y = pdf.get_y()
    cards = [st.top, *st.hands[st.to_move]]
    for i, card in enumerate(cards):
        svg = re.sub(r"<title>.*?</title>", "", card_svg(card, deck, width=120, inline=True))
        pdf.image(io.BytesIO(svg.encode("utf-8")), x=pdf.l_margin + i * (width + 1.5) + (3 if i else 0), y=y, w=width)
    pdf.set_y(y + height + 1)
    if lesson.deck_map is not None:
        out.para(home_names([st.top, *st.hands[st.to_move]], lesson.deck_map, tr), 8)
    out.para(" ".join(status_lines(st, tr)) + " — " + move, 8)
    for w in group.more:
        out.para("• " + _sentence(lesson, w, tr), 8)


def sheet_pdf(lesson: SwitchLesson, tr: Translator, report: WitnessReport | None = None) -> bytes:
    """The sheet as a PDF (A4): the same decks, rules, positions and words, cards drawn."""
    title = sheet_title(lesson, tr)
    out = _SheetPdf(title)
    out.pdf.add_page()
    out.para(title, 15, bold=True)
    ref = _report(lesson, report)
    _write_deck_map(out, lesson, tr)
    for number, group in enumerate(rule_groups(lesson)):
        _write_group(out, number, group, lesson, ref, tr)
    words = said_in_words(ref, tr)
    if words:
        out.para(tr.gettext("In words: the differences with no position"), 11, bold=True)
        for head, text_ in words:
            out.para(f"{head}: {text_}", 8)
    return bytes(out.pdf.output())
