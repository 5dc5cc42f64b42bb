"""The drawing of a card face: suit symbols as SVG paths, pip layouts, court panels, backs.

Everything is drawn in one coordinate system, a 250 × 350 card (the 2.5 × 3.5 poker-card
ratio), and returned as SVG fragments; ``ui.present.cards`` wraps them in a complete ``<svg>``.
No fonts are needed for suits (every suit is a path), and no ``id`` attributes are used, so
any number of cards can sit side by side in one HTML page without clashing.
Stdlib only; no Streamlit.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# Which drawings a deck uses (``DeckKind.art``): French suits and courts, or German-suited Hungarian ones.
Art = Literal["french", "hungarian"]

CARD_W = 250
CARD_H = 350
CENTRE = (CARD_W / 2, CARD_H / 2)
RADIUS = 14

INK = "#1a1a1a"
PAPER = "#ffffff"
SKIN = "#f6d9b8"
SKIN_LINE = "#6b4226"
GOLD = "#e2b33c"
GOLD_LINE = "#8a6510"
ROYAL_BLUE = "#2b4c9b"


# --- colours ------------------------------------------------------------------------------

@dataclass(frozen=True)
class SuitInk:
    """The colours of one suit: the symbol fill, its outline and the colour of index text."""

    fill: str
    line: str
    text: str


# Two-colour French deck: red hearts/diamonds, black clubs/spades.
FRENCH_INK = {
    "c": SuitInk("#111111", "#111111", "#111111"),
    "d": SuitInk("#c8102e", "#c8102e", "#c8102e"),
    "h": SuitInk("#c8102e", "#c8102e", "#c8102e"),
    "s": SuitInk("#111111", "#111111", "#111111"),
}
# Four-colour French deck (the standard colour-blind-friendly one): ♣ green, ♦ blue.
FRENCH_INK_FOUR = {
    "c": SuitInk("#157a35", "#157a35", "#157a35"),
    "d": SuitInk("#1858c4", "#1858c4", "#1858c4"),
    "h": SuitInk("#c8102e", "#c8102e", "#c8102e"),
    "s": SuitInk("#111111", "#111111", "#111111"),
}
# Hungarian (Tell pattern) suits are four-coloured already: piros red, tök yellow,
# zöld green, makk brown. Yellow is unreadable as text, so tök's index is dark amber.
HUNGARIAN_INK = {
    "h": SuitInk("#d32f2f", "#7f1414", "#c62828"),
    "b": SuitInk("#f5b800", "#7a4a00", "#9a5b00"),
    "l": SuitInk("#3c9a36", "#1d5419", "#2e7d32"),
    "a": SuitInk("#8b5a2b", "#3e2410", "#6b4423"),
}


def suit_ink(suit: str, art: Art, four_colour: bool) -> SuitInk:
    """Returns the colours of a suit in a deck."""
    if art == "hungarian":
        return HUNGARIAN_INK[suit]
    return (FRENCH_INK_FOUR if four_colour else FRENCH_INK)[suit]


# --- suit symbols (each drawn in a 100 × 100 box) -----------------------------------------

def _circle_path(cx: float, cy: float, r: float) -> str:
    return f"M{cx - r} {cy}a{r} {r} 0 1 0 {2 * r} 0a{r} {r} 0 1 0 {-2 * r} 0Z"


_HEART = (
    "M50 95C38 83 4 60 4 34C4 18 16 7 30 7C40 7 47 13 50 22"
    "C53 13 60 7 70 7C84 7 96 18 96 34C96 60 62 83 50 95Z"
)
_DIAMOND = "M50 2Q69 29 88 50Q69 71 50 98Q31 71 12 50Q31 29 50 2Z"
_SPADE = (
    "M50 3C62 22 96 40 96 63C96 79 84 88 72 88C62 88 56 83 53 77"
    "C54 88 58 94 67 98L33 98C42 94 46 88 47 77C44 83 38 88 28 88"
    "C16 88 4 79 4 63C4 40 38 22 50 3Z"
)
_CLUB = (
    _circle_path(50, 27, 21) + _circle_path(27, 58, 21) + _circle_path(73, 58, 21)
    + _circle_path(50, 52, 12)
    + "M47 58C47 80 42 90 32 98L68 98C58 90 53 80 53 58Z"
)
_FRENCH_PATHS = {"c": _CLUB, "d": _DIAMOND, "h": _HEART, "s": _SPADE}


def _french_symbol(suit: str, ink: SuitInk) -> str:
    return f'<path d="{_FRENCH_PATHS[suit]}" fill="{ink.fill}"/>'


def _piros(ink: SuitInk) -> str:
    # Piros (hearts): a plump red heart with a dark outline and a sheen.
    return (
        f'<path d="{_HEART}" fill="{ink.fill}" stroke="{ink.line}" stroke-width="3"/>'
        '<ellipse cx="28" cy="26" rx="8" ry="5" fill="#ffffff" fill-opacity="0.5" '
        'transform="rotate(-35 28 26)"/>'
    )


def _tok(ink: SuitInk) -> str:
    # Tök (bells): a round sleigh bell with a hanging ring, a red band and a slit below.
    return (
        f'<circle cx="50" cy="11" r="7" fill="none" stroke="{ink.line}" stroke-width="4"/>'
        f'<circle cx="50" cy="55" r="37" fill="{ink.fill}" stroke="{ink.line}" stroke-width="3"/>'
        f'<path d="M14 45Q50 57 86 45L87 56Q50 69 13 56Z" fill="#d2322d" '
        f'stroke="{ink.line}" stroke-width="2"/>'
        f'<path d="M50 70L50 91" stroke="{ink.line}" stroke-width="4" stroke-linecap="round"/>'
        f'<circle cx="50" cy="71" r="5.5" fill="{ink.line}"/>'
        '<ellipse cx="35" cy="31" rx="8" ry="5" fill="#ffffff" fill-opacity="0.6" '
        'transform="rotate(-30 35 31)"/>'
    )


def _zold(ink: SuitInk) -> str:
    # Zöld (leaves): a pointed green leaf with a notched base, a stem and veins.
    veins = (
        "M50 16L50 82M50 36L33 26M50 36L67 26M50 53L24 42M50 53L76 42"
        "M50 69L27 62M50 69L73 62"
    )
    return (
        f'<path d="M50 90L50 99" stroke="{ink.line}" stroke-width="5" stroke-linecap="round"/>'
        f'<path d="M50 3C64 20 93 36 91 60C89 79 71 88 58 86C54 85 52 84 50 81'
        f'C48 84 46 85 42 86C29 88 11 79 9 60C7 36 36 20 50 3Z" fill="{ink.fill}" '
        f'stroke="{ink.line}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="{veins}" fill="none" stroke="{ink.line}" stroke-width="2.2" '
        'stroke-linecap="round"/>'
    )


def _makk(ink: SuitInk) -> str:
    # Makk (acorns): a light nut under a dark, cross-hatched cap with a twig on top.
    hatch = (
        "M24 37L40 21M33 43L53 18M47 44L67 19M61 44L77 28"
        "M76 37L60 21M67 43L47 18M53 44L33 19M39 44L23 28"
    )
    return (
        f'<path d="M50 16Q47 7 56 2" fill="none" stroke="{ink.line}" stroke-width="5" '
        'stroke-linecap="round"/>'
        f'<path d="M25 42C24 68 38 90 50 97C62 90 76 68 75 42Z" fill="#c48a45" '
        f'stroke="{ink.line}" stroke-width="3" stroke-linejoin="round"/>'
        '<path d="M36 54C36 68 41 79 46 85" fill="none" stroke="#ffffff" stroke-opacity="0.5" '
        'stroke-width="4" stroke-linecap="round"/>'
        f'<path d="M16 45C16 23 33 14 50 14C67 14 84 23 84 45Q50 51 16 45Z" fill="{ink.fill}" '
        f'stroke="{ink.line}" stroke-width="3" stroke-linejoin="round"/>'
        f'<path d="{hatch}" fill="none" stroke="#c9955f" stroke-width="1.8" '
        'stroke-linecap="round"/>'
    )


_HUNGARIAN_DRAW = {"h": _piros, "b": _tok, "l": _zold, "a": _makk}


def suit_symbol(
    suit: str,
    art: Art,
    ink: SuitInk,
    x: float,
    y: float,
    size: float,
    *,
    upside_down: bool = False,
    css_class: str = "",
) -> str:
    """Returns a suit symbol of the given size centred on (x, y), optionally turned 180°."""
    body = _HUNGARIAN_DRAW[suit](ink) if art == "hungarian" else _french_symbol(suit, ink)
    scale = size / 100
    turn = " rotate(180 50 50)" if upside_down else ""
    cls = f' class="{css_class}"' if css_class else ""
    return (
        f'<g{cls} transform="translate({_n(x - size / 2)} {_n(y - size / 2)}) '
        f'scale({_n(scale)}){turn}">{body}</g>'
    )


def _n(value: float) -> str:
    """Formats a coordinate compactly (no trailing zeros)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


# --- pip layouts -------------------------------------------------------------------------

# Classic pip positions of the French number cards, in card units. Columns: left, centre,
# right; rows run from y=70 to y=280 (four rows 70 apart for 9 and 10, as on real cards).
_L, _C, _R = 78, 125, 172
_TOP, _BOTTOM, _MID = 70, 280, 175
_ROWS4 = (70, 140, 210, 280)
FRENCH_PIPS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((_C, _TOP), (_C, _BOTTOM)),
    "3": ((_C, _TOP), (_C, _MID), (_C, _BOTTOM)),
    "4": ((_L, _TOP), (_R, _TOP), (_L, _BOTTOM), (_R, _BOTTOM)),
    "5": ((_L, _TOP), (_R, _TOP), (_C, _MID), (_L, _BOTTOM), (_R, _BOTTOM)),
    "6": ((_L, _TOP), (_R, _TOP), (_L, _MID), (_R, _MID), (_L, _BOTTOM), (_R, _BOTTOM)),
    "7": ((_L, _TOP), (_R, _TOP), (_C, 122.5), (_L, _MID), (_R, _MID), (_L, _BOTTOM),
          (_R, _BOTTOM)),
    "8": ((_L, _TOP), (_R, _TOP), (_C, 122.5), (_L, _MID), (_R, _MID), (_C, 227.5),
          (_L, _BOTTOM), (_R, _BOTTOM)),
    "9": tuple((x, y) for y in _ROWS4 for x in (_L, _R)) + ((_C, _MID),),
    "10": tuple((x, y) for y in _ROWS4 for x in (_L, _R)) + ((_C, 105), (_C, 245)),
}
# Hungarian number cards (VII–X) use the same grid: VII as the French 7, VIII as two
# columns of four, IX and X as the French 9 and 10.
HUNGARIAN_PIPS: dict[str, tuple[tuple[float, float], ...]] = {
    "7": FRENCH_PIPS["7"],
    "8": tuple((x, y) for y in _ROWS4 for x in (_L, _R)),
    "9": FRENCH_PIPS["9"],
    "10": FRENCH_PIPS["10"],
}
PIP_SIZE = {"french": 46, "hungarian": 48}


def pips(rank: str, suit: str, art: Art, ink: SuitInk) -> str:
    """Returns the pips of a number card; pips below the middle are upside down, as printed."""
    layout = (HUNGARIAN_PIPS if art == "hungarian" else FRENCH_PIPS)[rank]
    size = PIP_SIZE[art]
    return "".join(
        suit_symbol(suit, art, ink, x, y, size, upside_down=y > _MID + 1, css_class="pip")
        for x, y in layout
    )


def ace(suit: str, art: Art, ink: SuitInk) -> str:
    """Returns the face of an ace: one large suit symbol (in a decorated oval for ász)."""
    cx, cy = CENTRE
    if art == "hungarian":
        # The ász: a large symbol on a cream oval with a double border, like the
        # framed seasons of a real Hungarian ace, but without the scenery.
        frame = (
            f'<ellipse cx="{cx}" cy="{cy}" rx="92" ry="128" fill="#fbf3dc" stroke="{ink.line}" '
            'stroke-width="3"/>'
            f'<ellipse cx="{cx}" cy="{cy}" rx="84" ry="120" fill="none" stroke="{GOLD}" '
            'stroke-width="3"/>'
        )
        return frame + suit_symbol(suit, art, ink, cx, cy, 130, css_class="pip")
    size = 120 if suit == "s" else 105
    return suit_symbol(suit, art, ink, cx, cy, size, css_class="pip")


# --- court cards -------------------------------------------------------------------------

PANEL = (44, 24, 206, 326)  # x0, y0, x1, y1 of the framed picture


def _headwear(kind: str) -> str:
    """Returns the hat of a court figure whose head is centred at (125, 100)."""
    if kind == "king":
        return (
            f'<path d="M103 84L101 56L113 70L125 50L137 70L149 56L147 84Z" fill="{GOLD}" '
            f'stroke="{GOLD_LINE}" stroke-width="2" stroke-linejoin="round"/>'
            f'<rect x="102" y="78" width="46" height="8" fill="{GOLD}" stroke="{GOLD_LINE}" '
            'stroke-width="2"/>'
            '<circle cx="125" cy="65" r="4" fill="#c8102e"/>'
            f'<circle cx="113" cy="82" r="2.5" fill="{ROYAL_BLUE}"/>'
            '<circle cx="125" cy="82" r="2.5" fill="#c8102e"/>'
            f'<circle cx="137" cy="82" r="2.5" fill="{ROYAL_BLUE}"/>'
        )
    if kind == "queen":
        return (
            f'<path d="M106 84L107 68Q116 76 125 63Q134 76 143 68L144 84Z" fill="{GOLD}" '
            f'stroke="{GOLD_LINE}" stroke-width="2" stroke-linejoin="round"/>'
            '<circle cx="107" cy="67" r="3" fill="#ffffff" stroke="#999" stroke-width="1"/>'
            '<circle cx="125" cy="61" r="3.5" fill="#ffffff" stroke="#999" stroke-width="1"/>'
            '<circle cx="143" cy="67" r="3" fill="#ffffff" stroke="#999" stroke-width="1"/>'
        )
    if kind == "jack":
        # A flat cap with a feather, worn at an angle.
        return (
            f'<path d="M99 86Q97 66 122 64Q150 63 151 84Z" fill="{ROYAL_BLUE}" '
            f'stroke="{INK}" stroke-width="2"/>'
            f'<path d="M97 86L153 84" stroke="{GOLD}" stroke-width="5" stroke-linecap="round"/>'
            '<path d="M145 74Q158 54 166 42Q162 60 150 80Z" fill="#ffffff" stroke="#555" '
            'stroke-width="1.5"/>'
        )
    if kind == "unter":
        # Alsó: a soldier's brimmed hat.
        return (
            f'<path d="M92 86Q125 78 158 86L152 90Q125 83 98 90Z" fill="#3b2a1a" '
            f'stroke="{INK}" stroke-width="1.5"/>'
            f'<path d="M106 84Q106 62 125 62Q144 62 144 84Z" fill="#3b2a1a" stroke="{INK}" '
            'stroke-width="1.5"/>'
            '<path d="M140 70Q150 52 164 46" fill="none" stroke="#2e7d32" stroke-width="4" '
            'stroke-linecap="round"/>'
        )
    # Felső: a tall plumed hat.
    return (
        f'<path d="M104 86Q102 58 125 54Q148 58 146 86Z" fill="{ROYAL_BLUE}" stroke="{INK}" '
        'stroke-width="1.5"/>'
        f'<path d="M102 86L148 86" stroke="{GOLD}" stroke-width="6" stroke-linecap="round"/>'
        '<path d="M130 56Q146 30 170 34Q150 40 138 60Z" fill="#c8102e" stroke="#7f1414" '
        'stroke-width="1.5"/>'
        '<path d="M126 56Q128 34 146 26Q136 40 134 58Z" fill="#ffffff" stroke="#777" '
        'stroke-width="1.2"/>'
    )


def _hair(kind: str) -> str:
    if kind == "queen":
        return (
            '<path d="M104 90Q100 120 92 138L108 134Q106 112 110 96Z" fill="#b0762a"/>'
            '<path d="M146 90Q150 120 158 138L142 134Q144 112 140 96Z" fill="#b0762a"/>'
        )
    if kind in ("king", "ober"):
        return (
            '<path d="M107 106Q108 128 125 136Q142 128 143 106Q136 118 125 116'
            'Q114 118 107 106Z" fill="#8a8a8a" stroke="#555" stroke-width="1"/>'
            '<path d="M116 112Q125 106 134 112" fill="none" stroke="#555" stroke-width="2"/>'
        )
    return (
        '<path d="M104 90Q102 104 108 112L110 96Z" fill="#6b4226"/>'
        '<path d="M146 90Q148 104 142 112L140 96Z" fill="#6b4226"/>'
    )


def _figure(kind: str, robe: str, robe_line: str) -> str:
    """Returns the upper half of a double-headed court figure (head at (125, 100))."""
    return _robe(robe, robe_line) + _hair(kind) + _face() + _headwear(kind) + _held(kind)


def _robe(robe: str, robe_line: str) -> str:
    """The robe, collar, front band, sleeve trims and neck of a court figure."""
    return (
        # Robe over the shoulders, cut off by the middle line.
        f'<path d="M68 175L70 152Q74 130 100 124L150 124Q176 130 180 152L182 175Z" '
        f'fill="{robe}" stroke="{robe_line}" stroke-width="2"/>'
        # Collar and the gold front band.
        f'<path d="M98 124L125 154L152 124Z" fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>'
        f'<path d="M104 124L125 148L146 124" fill="none" stroke="{GOLD}" stroke-width="4"/>'
        f'<rect x="119" y="150" width="12" height="25" fill="{GOLD}" stroke="{GOLD_LINE}" '
        'stroke-width="1.5"/>'
        '<circle cx="125" cy="160" r="2.5" fill="#c8102e"/>'
        '<circle cx="125" cy="170" r="2.5" fill="#c8102e"/>'
        # Sleeve trims.
        f'<path d="M80 150Q85 140 96 136" fill="none" stroke="{GOLD}" stroke-width="4"/>'
        f'<path d="M170 150Q165 140 154 136" fill="none" stroke="{GOLD}" stroke-width="4"/>'
        # Neck and head.
        f'<rect x="118" y="112" width="14" height="16" fill="{SKIN}" stroke="{SKIN_LINE}" '
        'stroke-width="1"/>'
    )


def _face() -> str:
    """The head of a court figure: face, eyes, nose and mouth."""
    return (
        f'<ellipse cx="125" cy="100" rx="19" ry="22" fill="{SKIN}" stroke="{SKIN_LINE}" '
        'stroke-width="1.5"/>'
        f'<ellipse cx="118" cy="98" rx="2.2" ry="2.6" fill="{INK}"/>'
        f'<ellipse cx="132" cy="98" rx="2.2" ry="2.6" fill="{INK}"/>'
        f'<path d="M125 100L123 108L126 108" fill="none" stroke="{SKIN_LINE}" stroke-width="1.2"/>'
        '<path d="M119 113Q125 116 131 113" fill="none" stroke="#a0382c" stroke-width="1.8" '
        'stroke-linecap="round"/>'
    )


def _held(kind: str) -> str:
    """What the court figure holds: a king's sceptre, a queen's flower, a jack's halberd, an ober's sword."""
    if kind == "king":
        # A sceptre with an orb.
        return (
            f'<path d="M168 175L168 96" stroke="{GOLD_LINE}" stroke-width="5"/>'
            f'<path d="M168 175L168 96" stroke="{GOLD}" stroke-width="3"/>'
            f'<circle cx="168" cy="90" r="7" fill="{GOLD}" stroke="{GOLD_LINE}" stroke-width="1.5"/>'
            f'<path d="M168 76L168 84M164 80L172 80" stroke="{GOLD_LINE}" stroke-width="2"/>'
        )
    elif kind == "queen":
        # A flower.
        return (
            '<path d="M82 175Q86 140 84 112" fill="none" stroke="#2e7d32" stroke-width="3"/>'
            '<circle cx="84" cy="106" r="9" fill="#c8102e" stroke="#7f1414" stroke-width="1.5"/>'
            f'<circle cx="84" cy="106" r="3.5" fill="{GOLD}"/>'
        )
    elif kind in ("jack", "unter"):
        # A halberd.
        return (
            '<path d="M80 175L80 74" stroke="#6b4226" stroke-width="4"/>'
            '<path d="M80 66L74 80L80 78L86 80Z" fill="#b8b8b8" stroke="#555" stroke-width="1.2"/>'
            '<path d="M80 84Q66 86 66 98Q72 92 80 94Z" fill="#b8b8b8" stroke="#555" '
            'stroke-width="1.2"/>'
        )
    else:
        # Ober: a sword.
        return (
            '<path d="M170 175L170 80" stroke="#9a9a9a" stroke-width="5"/>'
            '<path d="M170 175L170 80" stroke="#e8e8e8" stroke-width="2"/>'
            f'<path d="M160 150L180 150" stroke="{GOLD_LINE}" stroke-width="5" '
            'stroke-linecap="round"/>'
        )


_COURT_KIND = {
    ("french", "J"): "jack",
    ("french", "Q"): "queen",
    ("french", "K"): "king",
    ("hungarian", "U"): "unter",
    ("hungarian", "O"): "ober",
    ("hungarian", "K"): "king",
}


def court(rank: str, suit: str, art: Art, ink: SuitInk, index_text: str) -> str:
    """Returns the framed, double-headed picture of a court card (J Q K; U O K)."""
    kind = _COURT_KIND[(art, rank)]
    x0, y0, x1, y1 = PANEL
    w, h = x1 - x0, y1 - y0
    cx, cy = CENTRE
    robe = ink.fill
    frame = (
        f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="4" fill="#fbf3dc" '
        f'stroke="{ink.text}" stroke-width="3"/>'
        f'<rect x="{x0 + 5}" y="{y0 + 5}" width="{w - 10}" height="{h - 10}" rx="2" fill="none" '
        f'stroke="{GOLD}" stroke-width="2"/>'
    )
    # In the upper half: the rank letter top left, the suit top right; Unter carries its
    # suit low (at the waist, by the middle line), Ober high (above the shoulder), as on
    # German-suited cards.
    if art == "hungarian" and kind == "unter":
        suit_xy, suit_size = (186, 150), 30
    elif art == "hungarian":
        suit_xy, suit_size = (180, 52), 32
    else:
        suit_xy, suit_size = (184, 50), 28
    half = (
        _figure(kind, robe, ink.line)
        + f'<text x="{x0 + 16}" y="{y0 + 36}" font-family="Georgia,\'DejaVu Serif\',serif" '
        f'font-size="28" font-weight="bold" fill="{ink.text}" text-anchor="middle">'
        f"{index_text}</text>"
        + suit_symbol(suit, art, ink, suit_xy[0], suit_xy[1], suit_size, css_class="court-suit")
    )
    bottom = f'<g transform="rotate(180 {cx} {cy})">{half}</g>'
    divider = (
        f'<path d="M{x0 + 5} {cy}L{x1 - 5} {cy}" stroke="{ink.text}" stroke-width="1.5"/>'
    )
    return frame + half + bottom + divider


# --- corner index ------------------------------------------------------------------------

def corner_index(suit: str, art: Art, ink: SuitInk, text: str) -> str:
    """Returns the two corner indices (rank over a small suit); the lower one turned 180°."""
    x = 24
    font_size = 40 if len(text) == 1 else 34
    fit = ""
    if len(text) >= 3:
        # VIII, III…: squeeze wide Roman numerals into the corner column.
        font_size = 30
        fit = f' textLength="{10 * len(text) + 4}" lengthAdjust="spacingAndGlyphs"'
    elif len(text) == 2:
        fit = ' textLength="38" lengthAdjust="spacingAndGlyphs"'
    one = (
        f'<text x="{x}" y="46" font-family="\'DejaVu Sans\',Arial,Helvetica,sans-serif" '
        f'font-size="{font_size}" font-weight="bold" fill="{ink.text}" text-anchor="middle"'
        f"{fit}>{text}</text>"
        + suit_symbol(suit, art, ink, x, 70, 26 if art == "french" else 30,
                      css_class="index-suit")
    )
    cx, cy = CENTRE
    return f'<g class="index">{one}</g><g class="index" transform="rotate(180 {cx} {cy})">{one}</g>'


# --- backs ---------------------------------------------------------------------------------

_BACK_COLOURS = {
    "french": ("#1d3c78", "#3f66b3", "#e8eefb"),
    "hungarian": ("#1f5b34", "#3f8c57", "#eef7ee"),
}


def back(art: Art) -> str:
    """Returns a patterned back: a lattice of small diamonds around a central medallion."""
    dark, light, pale = _BACK_COLOURS[art]
    x0, y0, x1, y1 = 14, 14, CARD_W - 14, CARD_H - 14
    parts = [
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="{dark}"/>'
    ]
    step = 18
    diamonds = []
    dots = []
    row = 0
    y = y0 + step / 2
    while y < y1 - 4:
        x = x0 + (step / 2 if row % 2 else step)
        diamonds.append(f"M{_n(x)} {_n(y - 7)}")
        while x < x1 - 4:
            # Relative moves: after "z" the pen is back at the diamond's top point.
            diamonds.append(f"l6 7-6 7-6-7zm{step} 0")
            x += step
        y += step / 2
        row += 1
    for gy in range(int(y0) + 2 * step, int(y1) - step, 2 * step):
        for gx in range(int(x0) + 2 * step, int(x1) - step, 2 * step):
            dots.append(_circle_path(gx, gy, 1.6))
    parts.append(f'<path d="{"".join(diamonds)}" fill="{light}" fill-opacity="0.75"/>')
    parts.append(f'<path d="{"".join(dots)}" fill="{pale}"/>')
    cx, cy = CENTRE
    parts.append(
        f'<rect x="{x0 + 4}" y="{y0 + 4}" width="{x1 - x0 - 8}" height="{y1 - y0 - 8}" rx="6" '
        f'fill="none" stroke="{pale}" stroke-width="3"/>'
        f'<ellipse cx="{cx}" cy="{cy}" rx="46" ry="62" fill="{dark}" stroke="{pale}" '
        'stroke-width="4"/>'
        f'<ellipse cx="{cx}" cy="{cy}" rx="36" ry="52" fill="none" stroke="{light}" '
        'stroke-width="2"/>'
    )
    # A four-petal rosette in the medallion.
    petals = "".join(
        f'<ellipse cx="{cx}" cy="{cy - 22}" rx="9" ry="20" fill="{pale}" '
        f'transform="rotate({angle} {cx} {cy})"/>'
        for angle in (0, 90, 180, 270)
    )
    parts.append(petals + f'<circle cx="{cx}" cy="{cy}" r="8" fill="{light}" stroke="{pale}" '
                 'stroke-width="2"/>')
    return "".join(parts)
