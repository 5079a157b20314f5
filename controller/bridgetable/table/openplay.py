"""The play when the table does not know the hands (no deal file, no hand check).

The engine's ``Play`` validates cards against the deal. Without one, a card can only be refused
if it has already been played, and a revoke (Law 61) cannot be seen when it happens: it is proven
as soon as the player later plays a card of the suit they failed to follow. It is then recorded
like the engine's own revokes, so Law 64's trick transfers apply unchanged.
"""

from __future__ import annotations

from ..bridge import DECK, Card, Contract, Deal, Play, Revoke, Seat, Suit, Trick, trick_winner

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

    def play(self, card: Card | str, seat: Seat | None = None) -> Trick:
        if isinstance(card, str):
            card = Card.parse(card)
        problem = self.why_illegal(card, seat)
        if problem is not None:
            raise problem
        trick, turn, index = self.current, self.turn, len(self.tricks) - 1
        earlier = self._showed_out.pop((turn, card.suit), None)
        if earlier is not None:  # this card proves the earlier failure to follow was a revoke
            self.revokes.append(Revoke(earlier[0], turn, earlier[1], card.suit))
        if trick.cards and card.suit != trick.cards[0].suit:
            self._showed_out.setdefault((turn, trick.cards[0].suit), (index, card))
        trick.cards.append(card)
        self._played.add(card)
        self._held[turn].discard(card)
        if trick.is_complete:
            trick.winner = trick_winner(trick.leader, trick.cards, self.trump)
            self._completed += 1
            if len(self.tricks) < 13:
                self.tricks.append(Trick(trick.winner))
        return trick

    def hands(self) -> dict[Seat, list[Card]]:
        """The cards each seat has played so far (after 13 tricks: the deal)."""
        held: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        for trick in self.tricks:
            for i, card in enumerate(trick.cards):
                held[trick.seat_of(i)].append(card)
        return held
