"""Cards and decks: the French 52-card deck and the Hungarian 32-card deck.

A card is a small int inside the engine (``rank_index * 4 + suit_index``); its notation
is ``<rank><suit>`` (POSITION.md), e.g. ``10h``, ``Qs``, ``Ua``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import NotationError


@dataclass(frozen=True)
class DeckKind:
    """One kind of deck: its ranks and suits, in notation order."""

    id: str
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    art: str = ""  # how the cards look: "french" or "hungarian" (ui/present/card_art.Art)

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits)

    def card(self, rank: str, suit: str) -> int:
        """Returns the card id of a rank and a suit of this deck."""
        return self.ranks.index(rank) * len(self.suits) + self.suits.index(suit)

    def rank_of(self, card: int) -> str:
        return self.ranks[card // len(self.suits)]

    def suit_of(self, card: int) -> str:
        return self.suits[card % len(self.suits)]

    def name(self, card: int) -> str:
        """Formats a card in POSITION.md notation."""
        return self.rank_of(card) + self.suit_of(card)

    def all_cards(self) -> range:
        return range(self.size)

    def parse_rank(self, text: str) -> str:
        """Reads a rank (case-insensitive, ``T`` for 10); raises NotationError."""
        if not isinstance(text, str):
            raise NotationError(f"a rank must be text, not {type(text).__name__}")
        up = text.strip().upper()
        if up == "T":
            up = "10"
        if up not in self.ranks:
            raise NotationError(f"{text!r} is not a rank of the {self.id} deck (ranks: {' '.join(self.ranks)})")
        return up

    def parse_suit(self, text: str) -> str:
        """Reads a suit letter; raises NotationError."""
        if not isinstance(text, str) or text.strip().lower() not in self.suits:
            raise NotationError(f"{text!r} is not a suit of the {self.id} deck (suits: {' '.join(self.suits)})")
        return text.strip().lower()

    def parse(self, text: str) -> int:
        """Reads a card in POSITION.md notation; raises NotationError for anything else."""
        if not isinstance(text, str):
            raise NotationError(f"a card must be text like '10h', not {type(text).__name__}")
        token = text.strip()
        if len(token) < 2 or len(token) > 4:
            raise NotationError(f"{text!r} is not a card (write rank then suit, e.g. '10h')")
        rank_text, suit_text = token[:-1], token[-1]
        up = rank_text.upper()
        if up == "T":
            up = "10"
        suit = suit_text.lower()
        if up not in self.ranks or suit not in self.suits:
            raise NotationError(f"{text!r} is not a card of the {self.id} deck")
        return self.card(up, suit)


FRENCH = DeckKind(
    id="french",
    ranks=("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    suits=("c", "d", "h", "s"),
    art="french",
)
# The German-suited 32-card deck: Hungarian makaó, and Czech/Slovak prší (mariáš cards).
HUNGARIAN = DeckKind(
    id="hungarian",
    ranks=("7", "8", "9", "10", "U", "O", "K", "A"),
    suits=("h", "b", "l", "a"),
    art="hungarian",
)
# French-suited short decks of makao's relatives: German Mau-Mau (32), Russian 101 (36).
FRENCH_32 = DeckKind(
    id="french32", ranks=("7", "8", "9", "10", "J", "Q", "K", "A"), suits=("c", "d", "h", "s"), art="french"
)
FRENCH_36 = DeckKind(
    id="french36", ranks=("6", "7", "8", "9", "10", "J", "Q", "K", "A"), suits=("c", "d", "h", "s"), art="french"
)
DECK_KINDS = {deck.id: deck for deck in (FRENCH, HUNGARIAN, FRENCH_32, FRENCH_36)}
