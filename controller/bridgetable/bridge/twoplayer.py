"""The two-player game (seed 001: "a table with two players always plays the game for two, scored
as a rubber"; seed 003 "Honeymoon Bridge"), in the usual draw version (pagat, Hoyle):

1. The dealer gives each player 13 cards; the other 26 are a face-down stock.
2. Stock phase: 13 tricks at no trump, following suit required (Law 44C); the *non-dealer* leads
   to the first trick, the winner of each trick leads to the next. After each trick the winner
   takes the top card of the stock and the loser the next, each showing it to the other. These
   tricks do not count.
3. Bidding: the *dealer* calls first, then the two call in turn as in bridge, until a bid, double
   or redouble is followed by a pass (two passes at the start: passed out, and the other player
   deals the next deal, as in a rubber). On a four-seat table the two empty seats simply pass: the
   ordinary ``Auction`` then ends exactly when the two-player auction does.
4. Play: the player who did not make the final bid (declarer's opponent) leads; 13 tricks of two
   cards with the contract's trumps, following suit required.
5. Scored as a rubber (``rubber``), honours included, for the sides of the two seats; the two
   players deal in turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..i18n import LAWS
from . import words
from .auction import Contract
from .cards import Card, Seat, Suit
from .errors import IllegalCard, IllegalDeal, ParseError
from .rubber import Rubber

_ = LAWS.gettext


class TwoPlayer(Rubber):
    """A rubber between two players at ``seats`` (one of each side); ``seats[0]`` deals first."""

    name = "two-player"
    title = "Two-player bridge"

    def __init__(self, seats: tuple[Seat, Seat] = (Seat.S, Seat.W), honours: bool = True) -> None:
        if len(seats) != 2 or seats[0].side is seats[1].side:
            raise ParseError(_("the two players sit at seats of different sides, not {seats}").format(
                seats=" ".join(words.seat(seat) for seat in seats)))
        super().__init__(first_dealer=seats[0], honours=honours)
        self.seats = seats

    def _dealer(self) -> Seat:
        return self.seats[len(self._scores) % 2]


@dataclass(frozen=True, slots=True)
class HeadTrick:
    """A finished trick of the two-player game: who led, the two cards, the winner, and in the
    stock phase the two cards drawn (winner's first)."""

    leader: Seat
    cards: tuple[Card, Card]
    winner: Seat
    drawn: tuple[Card, ...] = ()


class TwoHandedPlay:
    """Thirteen tricks of two cards between two players, following suit required (Law 44C).

    With a ``stock`` (26 cards, top first) it is the stock phase: no trump, and after each trick
    the winner takes the top card and the loser the next. Without, it is the play of the hands
    with ``trump`` (None: no trump). The winner of a trick leads to the next. ``play`` refuses an
    illegal card with IllegalCard and changes nothing."""

    def __init__(self, hands: Mapping[Seat, Iterable[Card]], leader: Seat, trump: Suit | None = None,
                 stock: Sequence[Card] = ()) -> None:
        held = {seat: set(cards) for seat, cards in hands.items()}
        if len(held) != 2 or leader not in held:
            raise IllegalDeal(_("the two-player game has two hands, one of them the leader's"), law="13")
        if any(len(cards) != 13 for cards in held.values()):
            raise IllegalDeal(_("each of the two players holds 13 cards"), law="13")
        if len(stock) not in (0, 26):
            raise IllegalDeal(_("the stock holds 26 cards, not {count}").format(count=len(stock)), law="13")
        everything = [card for cards in held.values() for card in cards] + list(stock)
        if len(set(everything)) != len(everything):
            raise IllegalDeal(_("a card is in two places"), law="13")
        if stock and trump is not None:
            raise IllegalDeal(_("the stock phase is played at no trump"))
        self.hands = held
        self.trump = trump
        self.stock = list(stock)
        self.tricks: list[HeadTrick] = []
        self.leader = leader
        self.led: Card | None = None

    @property
    def players(self) -> tuple[Seat, Seat]:
        first, second = self.hands
        return first, second

    def other(self, seat: Seat) -> Seat:
        first, second = self.players
        return second if seat == first else first

    @property
    def is_complete(self) -> bool:
        return len(self.tricks) == 13

    @property
    def turn(self) -> Seat:
        return self.leader if self.led is None else self.other(self.leader)

    def legal_cards(self) -> list[Card]:
        """The cards the player to play may play, lowest first."""
        hand = sorted(self.hands[self.turn])
        if self.led is None:
            return hand
        follow = [card for card in hand if card.suit == self.led.suit]
        return follow or hand

    def tricks_won(self, seat: Seat) -> int:
        return sum(1 for trick in self.tricks if trick.winner == seat)

    def play(self, card: Card, seat: Seat | None = None) -> HeadTrick | None:
        """Play ``card`` (for ``seat``, default whoever is to play); the trick when it completes."""
        turn = self.turn
        if self.is_complete:
            raise IllegalCard(_("{card} after the thirteenth trick").format(card=words.card(card)), law="44")
        if seat is not None and seat != turn:
            raise IllegalCard(_("{card} from {seat}: it is {turn}'s turn").format(
                card=words.card(card), seat=words.seat(seat), turn=words.seat(turn)), law="44")
        if card not in self.hands[turn]:
            raise IllegalCard(_("{card} is not in {seat}'s hand").format(
                card=words.card(card), seat=words.seat(turn)),
                              law="44")
        if card not in self.legal_cards():
            raise IllegalCard(_("{card}: {seat} must follow suit").format(
                card=words.card(card), seat=words.seat(turn)),
                              law="44C")
        self.hands[turn].discard(card)
        if self.led is None:
            self.led = card
            return None
        trick = self._finish(self.led, card)
        self.tricks.append(trick)
        self.leader, self.led = trick.winner, None
        return trick

    def _finish(self, led: Card, second: Card) -> HeadTrick:
        follower = self.other(self.leader)
        wins = second.suit == led.suit and second.rank > led.rank or \
            second.suit != led.suit and second.suit == self.trump
        winner = follower if wins else self.leader
        drawn: tuple[Card, ...] = ()
        if self.stock:
            drawn = (self.stock.pop(0), self.stock.pop(0))
            self.hands[winner].add(drawn[0])
            self.hands[self.other(winner)].add(drawn[1])
        return HeadTrick(self.leader, (led, second), winner, drawn)


def stock_phase(hands: Mapping[Seat, Iterable[Card]], stock: Sequence[Card], dealer: Seat) -> TwoHandedPlay:
    """The stock phase of a deal: the non-dealer leads, no trump."""
    players = list(hands)
    if dealer not in players:
        raise IllegalDeal(_("the dealer {seat} is not one of the two players").format(
            seat=words.seat(dealer)))
    return TwoHandedPlay(hands, leader=players[1 - players.index(dealer)], stock=stock)


def hand_phase(stock: TwoHandedPlay, contract: Contract, declarer: Seat) -> TwoHandedPlay:
    """The play of the 13 cards in hand after the stock phase: declarer's opponent leads."""
    if not stock.is_complete:
        raise IllegalCard(_("the hands are played once the stock phase's 13 tricks are over"), law="44")
    if declarer not in stock.hands:
        raise IllegalDeal(_("the declarer {seat} is not one of the two players").format(
            seat=words.seat(declarer)))
    return TwoHandedPlay(stock.hands, leader=stock.other(declarer), trump=contract.strain.trump)
