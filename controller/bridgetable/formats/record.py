"""The format-neutral record of one board as played at one table, as PBN and LIN files hold it.

Readers fill in what the file says and note what they could not read in ``problems``; nothing
here checks the Laws (that is ``bridgetable.check``). A problem's message is said in the language
spoken when it is found (catalogue ``files``); its kind stays as scripts match it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bridge import DECK, Call, Card, Contract, Deal, Hand, Seat, Vulnerability
from ..bridge.deal import check_hands
from ..i18n import FILES

_ = FILES.gettext

PROBLEM_KINDS = ("deal", "auction", "contract", "declarer", "play", "revoke", "result", "score",
                 "matchpoints", "total", "format")

# The hands of a deal in seat order, None for a hand the file leaves unknown (PBN "-").
KnownHands = tuple[Hand | None, Hand | None, Hand | None, Hand | None]


def known_hands(hands: dict[Seat, Hand]) -> Deal | KnownHands:
    """The deal when three or four hands are known (the fourth is the rest of the pack), else
    the known hands alone. Raises IllegalDeal (Law 13) when a known hand has not 13 cards or a
    card is in two hands."""
    if len(hands) >= 3:
        if len(hands) == 3:
            held = frozenset().union(*(hand.cards for hand in hands.values()))
            hands = {**hands, **{seat: Hand(DECK_SET - held) for seat in Seat if seat not in hands}}
        return Deal(tuple(hands[seat] for seat in Seat))  # type: ignore[arg-type]
    check_hands(hands)
    return tuple(hands.get(seat) for seat in Seat)  # type: ignore[return-value]


DECK_SET = frozenset(DECK)


def at_line(line: int, message: str) -> str:
    """A problem's message with the line of the file it was found on."""
    return _("line {line}: {message}").format(line=line, message=message)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with a record: ``kind`` is one of PROBLEM_KINDS."""

    kind: str
    message: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


@dataclass(slots=True)
class BoardRecord:
    """One board at one table.

    ``tricks`` holds the cards of each trick by seat (a card not recorded is absent); the order
    in which they were played follows from the leader of each trick and the trump suit.
    ``result`` is the number of tricks declarer won (after a claim, the claimed total).
    ``score_ns`` is North-South's score as the file states it.
    """

    tags: dict[str, str] = field(default_factory=dict)  # every tag as read, raw values, in order
    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    # A deal with two or more hands unknown: the known ones (``deal`` is None then).
    partial_deal: KnownHands | None = None
    auction_first: Seat | None = None  # who made the first call recorded (normally the dealer)
    calls: list[Call] = field(default_factory=list)
    call_notes: dict[int, str] = field(default_factory=dict)  # index of call -> note/alert text
    # Turns lost after the first call (PBN "-"; a call out of rotation accepted, Law 29A): the
    # index of the call each comes before. Turns lost before the first call: ``auction_first``.
    skipped: list[int] = field(default_factory=list)
    auction_ended: bool = False  # the record says the auction ended ("AP", or three passes)
    auction_continues: bool = False  # the record stops on purpose: the rest is to come (PBN "+")
    opening_leader: Seat | None = None
    tricks: list[dict[Seat, Card]] = field(default_factory=list)
    play_notes: dict[tuple[int, Seat], str] = field(default_factory=dict)  # (trick index, seat) -> note
    claimed: bool = False  # the play ended in a claim or concession
    contract: Contract | None = None
    passed_out: bool = False
    declarer: Seat | None = None
    result: int | None = None
    score_ns: int | None = None
    commentary: list[str] = field(default_factory=list)  # the game's comments, in order
    sections: dict[str, list[str]] = field(default_factory=dict)  # tag -> raw lines of a table section
    line: int = 0  # where the record starts in its file (1-based), 0 if not from a file
    problems: list[Problem] = field(default_factory=list)
    # Departures from the format that were read all the same (a date not in PBN form, "3N" for
    # 3NT, an unquoted tag value): worth reporting, but they make no record inconsistent.
    warnings: list[str] = field(default_factory=list)

    def set_auction(self, dealer: Seat, calls: list[Call], skipped: list[int]) -> None:
        """A whole auction from ``dealer``; ``skipped``: the turns lost to calls out of rotation
        accepted (Law 29A), as ``Auction.skipped`` gives them. Those before the first call are
        written as "-" after an Auction tag naming the dealer."""
        self.calls, self.auction_ended = calls, True
        self.auction_first = dealer.after(skipped.count(0))
        if self.auction_first != dealer:
            self.tags["Auction"] = str(dealer)
        self.skipped = [index for index in skipped if index]

    def problem(self, kind: str, message: str) -> None:
        if kind not in PROBLEM_KINDS:
            raise ValueError(f"unknown problem kind {kind!r}")
        self.problems.append(Problem(kind, message))
