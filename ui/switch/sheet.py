"""The one-page "what changes" sheet for a pair: every difference the engine found, as a sentence
(from the reason codes and effects under both rulesets) and its witness position drawn with real
cards. Two outputs of the same content: a print-ready HTML page (inline SVG cards) and a PDF
(fpdf2, the same SVG drawings). Every text placed in the HTML is escaped."""
from __future__ import annotations

import html
import io
import logging
import re
from pathlib import Path

from engine.moves import parse_move
from engine.position import position_from_json
from engine.state import State
from engine.witness import Witness
from ui.present.cards import card_svg, suit_word
from ui.present.grammar import capitalise
from ui.present.i18n import Translator
from ui.present.reasons import player_placeholders, wish_rank_text
from ui.present.switch_text import difference_sentence, move_text
from ui.switch.model import SwitchLesson

FONTS = (
    ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    ("/usr/share/fonts/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
)
SUIT_LETTERS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s", "–": "-", "—": "-", "…": "...", "→": "->"})
CSS = """
body{font-family:"DejaVu Sans",Arial,sans-serif;margin:1.5em;color:#111;line-height:1.3;font-size:11pt}
h1{font-size:1.4em;margin:0 0 .3em} .diff{border:1px solid #bbb;border-radius:6px;padding:.4em .7em;margin:.5em 0;
page-break-inside:avoid;break-inside:avoid} .cards svg{margin-right:4px;vertical-align:middle} .meta{color:#444}
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


def _parts(lesson: SwitchLesson, w: Witness, tr: Translator) -> tuple[str, State, str]:
    st = position_from_json(w.position, lesson.table)
    deck = lesson.table.deck
    move = parse_move(w.move, deck)   # a witness names its move in notation (engine/witness.py)
    return difference_sentence(w.kind, move, w.home, w.table, deck, tr), st, move_text(move, deck, tr)


def sheet_html(lesson: SwitchLesson, tr: Translator, four_colour: bool = False) -> str:
    """The sheet as one self-contained HTML page."""
    deck = lesson.table.deck
    title = sheet_title(lesson, tr)
    intro = tr.gettext("Every difference below was found and checked by the game engine; the positions are real.")
    top_label = tr.gettext("Top card")
    out = [f'<!DOCTYPE html><html lang="{html.escape(tr.language)}"><head><meta charset="utf-8">'
           f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>", f"<h1>{html.escape(title)}</h1>",
           f'<p class="meta">{html.escape(intro)}</p>']
    for number, w in enumerate(step.witness for step in lesson.steps):
        sentence, st, move = _parts(lesson, w, tr)
        top = card_svg(st.top, deck, four_colour=four_colour, width=46, inline=True)
        hand = "".join(card_svg(c, deck, four_colour=four_colour, width=46, inline=True) for c in st.hands[st.to_move])
        hand_label = capitalise(tr.gettext("Hand of {player}").format(**player_placeholders("player", st.to_move, tr)))
        out.append('<div class="diff">')
        out.append(f"<p><b>{number + 1}.</b> {html.escape(sentence)}</p>")
        out.append(f'<p class="cards">{html.escape(top_label)} {top} &nbsp; {html.escape(hand_label)} {hand}</p>')
        out.append(f'<p class="meta">{html.escape(" ".join(status_lines(st, tr)))} — {html.escape(move)}</p>')
        out.append("</div>")
    out.append("</body></html>")
    return "\n".join(out)


def _font() -> tuple[str, str] | None:
    for regular, bold in FONTS:
        if Path(regular).is_file() and Path(bold).is_file():
            return regular, bold
    return None


def sheet_pdf(lesson: SwitchLesson, tr: Translator) -> bytes:
    """The sheet as a PDF (A4): the same sentences and positions, cards drawn."""
    from fpdf import FPDF

    logging.getLogger("fpdf.svg").setLevel(logging.ERROR)
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(auto=True, margin=12)
    title = sheet_title(lesson, tr)
    pdf.set_title(title)
    font = _font()
    if font is not None:
        pdf.add_font("Body", "", font[0])
        pdf.add_font("Body", "B", font[1])
        family = "Body"
    else:
        family = "Helvetica"

    def text(value: str) -> str:
        return value if font is not None else value.translate(SUIT_LETTERS).encode("latin-1", "replace").decode("latin-1")

    def para(value: str, size: float, bold: bool = False) -> None:
        pdf.set_font(family, "B" if bold else "", size)
        pdf.multi_cell(pdf.epw, size * 0.45, text(value), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(0.5)

    pdf.add_page()
    para(title, 15, bold=True)
    deck = lesson.table.deck
    width = 9.0
    height = width * 374 / 274
    for number, w in enumerate(step.witness for step in lesson.steps):
        sentence, st, move = _parts(lesson, w, tr)
        if pdf.get_y() + height + 20 > pdf.h - pdf.b_margin:
            pdf.add_page()
        para(f"{number + 1}. {sentence}", 9, bold=True)
        para(tr.gettext("Top card, then the hand of {player}:").format(**player_placeholders("player", st.to_move, tr)), 8)
        y = pdf.get_y()
        cards = [st.top, *st.hands[st.to_move]]
        for i, card in enumerate(cards):
            svg = re.sub(r"<title>.*?</title>", "", card_svg(card, deck, width=120, inline=True))
            pdf.image(io.BytesIO(svg.encode("utf-8")), x=pdf.l_margin + i * (width + 1.5) + (3 if i else 0), y=y, w=width)
        pdf.set_y(y + height + 1)
        para(" ".join(status_lines(st, tr)) + " — " + move, 8)
    return bytes(pdf.output())
