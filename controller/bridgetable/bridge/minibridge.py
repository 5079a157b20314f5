"""Minibridge (seed 003 "Varianten", pagat): bridge without an auction, for learners.

- Each player in turn from the dealer announces their high-card points (A 4, K 3, Q 2, J 1; 40
  in all). The pair with more points plays; of the two, the one with more points declares, and
  when partners hold the same number the one who announced first does (``minibridge_declarer``).
- 20 points each: the deal is thrown in and dealt again by the same dealer; it does not count
  (recorded as a passed-out deal, ``DealResult(None)``).
- Dummy is shown, then declarer announces "part-score" (at least seven tricks: trick points plus
  50) or "game" (at least 100 trick points in the chosen strain, i.e. 3NT, 4 of a major or 5 of a
  minor: trick points plus 300) and the trump suit or no trump. Trick points count every trick
  over six at the usual rate (20 a minor, 30 a major, no trump 40 then 30).
- Each trick short gives the opponents 50. Nobody is vulnerable; nothing is doubled.
- Deals are dealt as boards 1-4 (North deals first, then clockwise), in rounds of four counted
  deals (``rounds``, default one); each deal is scored on its own and the sum decides.

A Minibridge result is an ordinary ``DealResult`` whose contract is the announcement's:
``Announcement.GAME.contract(Strain.HEARTS)`` is 4H, ``Announcement.PART.contract(...)`` a
one-level contract; ``parse_minibridge_result`` reads the score pad's
``part|game STRAIN DECLARER TRICKS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum

from ..i18n import LAWS
from . import words
from .auction import Contract
from .cards import Seat, Strain
from .chicago import FourDeals
from .errors import ParseError
from .gameform import DealResult, DealSetup, Entry
from .scoring import trick_score

_ = LAWS.gettext

GAME_LEVEL = {Strain.CLUBS: 5, Strain.DIAMONDS: 5, Strain.HEARTS: 4, Strain.SPADES: 4, Strain.NOTRUMP: 3}
BONUS = {"part": 50, "game": 300}
PENALTY_PER_TRICK = 50


class Announcement(Enum):
    """Declarer's announcement after seeing dummy: a part-score or a game."""

    PART = "part"
    GAME = "game"

    def contract(self, strain: Strain) -> Contract:
        """The contract that stands for the announcement: one level for a part-score, the game
        level (3NT, 4 of a major, 5 of a minor) for a game."""
        return Contract(1 if self is Announcement.PART else GAME_LEVEL[strain], strain)

    @classmethod
    def of(cls, contract: Contract) -> Announcement:
        """The announcement a Minibridge contract stands for; ParseError for any other contract."""
        if contract.risk == 0 and contract.level == 1:
            return cls.PART
        if contract.risk == 0 and contract.level == GAME_LEVEL[contract.strain]:
            return cls.GAME
        games = ", ".join(words.call(game) for game in ("3NT", "4H", "4S", "5C", "5D"))
        raise ParseError(_("{contract} is not a Minibridge announcement (part-score at the one level, or "
                           "game: {games})").format(contract=words.call(contract), games=games))

    @classmethod
    def parse(cls, text: str) -> Announcement:
        """Read "part" (or "part-score") or "game"."""
        announcement = _ANNOUNCEMENT_NAMES.get(text.strip().lower())
        if announcement is None:
            raise ParseError(_("not an announcement (part or game): {text!r}").format(text=text))
        return announcement


_ANNOUNCEMENT_NAMES = {"part": Announcement.PART, "part-score": Announcement.PART,
                       "game": Announcement.GAME}


def minibridge_declarer(points: Mapping[Seat, int], dealer: Seat) -> Seat | None:
    """Who declares, from the four announced high-card points (40 in all): the player with more
    points in the pair with more, the first to announce (from ``dealer``) when partners tie;
    None when each pair holds 20 (the deal is dealt again)."""
    if set(points) != set(Seat) or any(not 0 <= p <= 37 for p in points.values()):
        raise ParseError(_("each of the four players announces 0 to 37 high-card points"))
    if sum(points.values()) != 40:
        raise ParseError(_("the announced points add up to {total}, not 40").format(
            total=sum(points.values())))
    ns = points[Seat.N] + points[Seat.S]
    if ns == 20:
        return None
    pair = (Seat.N, Seat.S) if ns > 20 else (Seat.E, Seat.W)
    order = [dealer.after(i) for i in range(4) if dealer.after(i) in pair]
    return max(order, key=lambda seat: points[seat])  # max keeps the first of equals


def announced(text: str) -> Contract:
    """The contract an announcement stands for, read from "game H", "part NT", "part-score S"..."""
    parts = text.split()
    if len(parts) != 2:
        raise ParseError(_("expected part|game and a strain (e.g. game H), not {text!r}").format(
            text=text.strip()))
    return Announcement.parse(parts[0]).contract(Strain.parse(parts[1]))


def parse_minibridge_result(text: str) -> DealResult:
    """Read ``part|game STRAIN DECLARER TRICKS`` (e.g. "game H S 10") or "Pass" (20 each)."""
    parts = text.split()
    if len(parts) == 1 and parts[0].lower() in ("pass", "p"):
        return DealResult(None)
    if len(parts) != 4:
        raise ParseError(_("expected part|game STRAIN DECLARER TRICKS or Pass, not {text!r}").format(
            text=text.strip()))
    if not parts[3].isdigit():
        raise ParseError(_("{what} must be a number, not {text!r}").format(what=_("tricks"), text=parts[3]))
    return DealResult(announced(" ".join(parts[:2])), Seat.parse(parts[2]), int(parts[3]))


class Minibridge(FourDeals):
    """Minibridge: see the module docstring."""

    name = "minibridge"
    title = "Minibridge"
    vulnerable_deals = False

    def _entries(self, setup: DealSetup, result: DealResult, vulnerable: bool) -> tuple[Entry, ...]:
        contract, seat = result.contract, result.declarer
        assert contract is not None and seat is not None  # a passed-out deal never gets here
        announcement = Announcement.of(contract)
        if result.honours is not None:
            raise ParseError(_("honours do not count in Minibridge"))
        if result.tricks < contract.tricks_needed:
            short = contract.tricks_needed - result.tricks
            return (Entry(seat.side.other, PENALTY_PER_TRICK * short, "undertricks"),)
        made = Contract(result.tricks - 6, contract.strain)  # every trick over six counts
        return (Entry(seat.side, trick_score(made), "trick points"),
                Entry(seat.side, BONUS[announcement.value], announcement.value))
