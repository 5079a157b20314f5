"""The play when the table does not know the hands (no deal file, no hand check).

The engine's ``Play`` validates cards against the deal. Without one, a card can only be refused
if it has already been played, and a revoke (Law 61) cannot be seen when it happens: it is proven
as soon as the player later plays a card of the suit they failed to follow. It is then recorded
like the engine's own revokes, so Law 64's trick transfers apply unchanged.
"""

from __future__ import annotations

from ..bridge import DECK, Card, Contract, Deal, Play, Revoke, Seat, Suit, TwoHandedPlay

_ANY_DEAL = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


class OpenPlay(Play):
    """A ``Play`` over unknown hands: every unseen card may be in anyone's hand.

    ``deal`` is None. The engine's bookkeeping of held cards becomes one set of unseen cards,
    shared by the four hands, so its checks refuse only a card already played.
    """

    def __init__(self, contract: Contract, declarer: Seat) -> None:
        super().__init__(_ANY_DEAL, contract, declarer, policy="laws")
        self.deal = None  # type: ignore[assignment]
        unseen = set(DECK)
        self._held = [unseen] * 4
        self._showed_out: dict[tuple[Seat, Suit], tuple[int, Card]] = {}

    def revoke_made(self, seat: Seat, card: Card) -> Revoke | None:
        """A failure to follow is remembered; it is a revoke once the same player shows the suit."""
        trick, index = self.current, len(self.tricks) - 1
        earlier = self._showed_out.pop((seat, card.suit), None)
        if trick.cards and card.suit != trick.cards[0].suit:
            self._showed_out.setdefault((seat, trick.cards[0].suit), (index, card))
        return None if earlier is None else Revoke(earlier[0], seat, earlier[1], card.suit)

    def hands(self) -> dict[Seat, list[Card]]:
        """The cards each seat has played so far (after 13 tricks: the deal)."""
        held: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        for trick in self.tricks:
            for i, card in enumerate(trick.cards):
                held[trick.seat_of(i)].append(card)
        return held


class OpenTwoHandedPlay(TwoHandedPlay):
    """A ``TwoHandedPlay`` of the two-player game over unknown hands and stock: every unseen card
    may be in either hand, so only a card already played is refused (a failure to follow suit
    cannot be seen), and the table does not see the draws from the stock."""

    def __init__(self, players: tuple[Seat, Seat], leader: Seat, trump: Suit | None = None) -> None:
        unseen = set(DECK)
        self.hands = {players[0]: unseen, players[1]: unseen}
        self.trump, self.stock, self.tricks = trump, [], []
        self.leader, self.led = leader, None

    def legal_cards(self) -> list[Card]:
        return sorted(self.hands[self.turn])

    def played(self) -> dict[Seat, list[Card]]:
        """The cards each player has played so far (after 13 tricks of the hands: their hands)."""
        held: dict[Seat, list[Card]] = {seat: [] for seat in self.hands}
        for trick in self.tricks:
            held[trick.leader].append(trick.cards[0])
            held[self.other(trick.leader)].append(trick.cards[1])
        return held
