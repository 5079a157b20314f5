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

from .cards import Seat
from .errors import ParseError
from .rubber import Rubber


class TwoPlayer(Rubber):
    """A rubber between two players at ``seats`` (one of each side); ``seats[0]`` deals first."""

    name = "two-player"
    title = "Two-player bridge"

    def __init__(self, seats: tuple[Seat, Seat] = (Seat.S, Seat.W)) -> None:
        if len(seats) != 2 or seats[0].side is seats[1].side:
            raise ParseError(f"the two players sit at seats of different sides, not {seats}")
        super().__init__(first_dealer=seats[0])
        self.seats = seats

    def _dealer(self) -> Seat:
        return self.seats[len(self._scores) % 2]
