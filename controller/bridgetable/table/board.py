"""One board at the table: its state, the phases it goes through, and the transitions that more
than one phase makes (the result is known, the play begins, the director is called).

The key handlers of each phase are in ``phases/``; ``flow.BoardFlow`` holds the session and
a new ``BoardInPlay`` for each board. Every handler validates before it changes anything, so a
refused event (``Refused`` or the engine's ``BridgeError``) leaves the board as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from ..bridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Card,
    Contract,
    Deal,
    DealResult,
    DealSetup,
    Honour,
    Irregularity,
    Play,
    Policy,
    Rank,
    Seat,
    Side,
    Strain,
    words,
)
from ..bridge.forms import GAME_FORMS
from ..events import Key
from ..i18n import LAWS, N_
from .openplay import OpenPlay, OpenTwoHandedPlay
from .tempo import Tempo

_ = LAWS.gettext

# What the table says of a passed-out deal, by game form (``DealRules.passed_out``).
PASSED_OUT = N_("passed out")
PASSED_OUT_SAME_DEALER = N_("passed out: the same dealer deals again")
PASSED_OUT_NEXT_DEALER = N_("passed out: the next dealer deals")
PASSED_OUT_OTHER_PLAYER = N_("passed out: the other player deals")
TWENTY_EACH = N_("20 points each: the same dealer deals again")

LEVEL_KEYS = {Key.ONE: 1, Key.TWO: 2, Key.THREE: 3, Key.FOUR: 4, Key.FIVE: 5, Key.SIX: 6, Key.SEVEN: 7}
STRAIN_KEYS = {Key.CLUBS: Strain.CLUBS, Key.DIAMONDS: Strain.DIAMONDS, Key.HEARTS: Strain.HEARTS,
               Key.SPADES: Strain.SPADES, Key.NOTRUMP: Strain.NOTRUMP}
CALL_KEYS = {Key.PASS: PASS, Key.DOUBLE: DOUBLE, Key.REDOUBLE: REDOUBLE}


class Phase(Enum):
    WAITING = "waiting"  # every board given is confirmed; the station's next assignment is awaited
    PLAYERS = "players"  # the session's first board (or a new player's): the federation numbers
    START = "start"  # board number, dealer, vulnerability; OK begins
    HAND_CHECK = "hand check"  # each player scans their 13 cards
    STOCK = "stock"  # the two-player game: 13 tricks at no trump, drawing from the stock
    AUCTION = "auction"
    ANNOUNCE = "announcement"  # Minibridge: high-card points, then declarer's part-score or game
    CONTRACT_ENTRY = "contract entry"  # no bidding boxes: contract, then OK at declarer's seat
    LEAD_ENTRY = "lead entry"  # no card readers: the opening lead with the buttons
    PLAY = "play"
    TRICKS_ENTRY = "tricks entry"  # no card readers: declarer's tricks with the buttons
    CLAIM_ENTRY = "claim entry"  # the claimer sets the number of tricks
    CLAIM = "claim"  # the opponents accept (OK) or dispute (DIRECTOR)
    CLAIM_RULING = "claim ruling"  # the director enters the ruling at any seat
    RESULT = "result"  # the opponents confirm (OK) or call the director
    DONE = "done"  # every board of the session is confirmed


class Refused(Exception):
    """An event the table does not accept now; the message is shown on the displays."""


@dataclass(slots=True)
class FlowConfig:
    """What the flow needs to know about the session at this table."""

    boards: list[int]
    deals: dict[int, Deal] = field(default_factory=dict)  # the session's deal file, if any
    card_readers: bool = True
    bidding_boxes: bool = True
    hand_check: bool = False
    club: str = ""
    session: str = ""
    table: str = "1"
    rounds: dict[int, int] = field(default_factory=dict)  # board -> round, from assignments or config
    more_boards: bool = False  # the station's assignments add boards until one says it is the last
    policy: Policy = "prevent"  # "laws": irregular calls and leads are held for a decision
    stop_seconds: float = 10.0  # the regulation's pause after STOP and a skip bid (the service's)
    game: str = "duplicate"  # the game form (bridge.GAME_FORMS); the others ignore ``boards``
    honours: bool = True  # Chicago: whether honours count (a rubber always counts them)
    players: tuple[Seat, Seat] = (Seat.S, Seat.W)  # the two-player game's seats, different sides
    player_numbers: bool = False  # the first board asks each player's federation number (phases.players)

    def __post_init__(self) -> None:
        if self.game not in GAME_FORMS:
            raise ValueError(_("game is one of {forms}, not {game!r}").format(
                forms=", ".join(GAME_FORMS), game=self.game))
        if len(self.players) != 2 or self.players[0].side is self.players[1].side:
            raise ValueError(_("the two players sit at two seats of different sides, not {seats}").format(
                seats=" ".join(str(seat) for seat in self.players)))
        if self.game == "two-player" and not (self.card_readers and self.bidding_boxes):
            raise ValueError(_("the two-player game needs card readers and bidding boxes"))
        if self.game != "duplicate" and self.more_boards:
            raise ValueError(_("a table on the station's link plays duplicate boards, not {game}").format(
                game=self.game))
        if not self.boards and not self.more_boards and self.game == "duplicate":
            raise ValueError(_("a session needs at least one board"))
        if self.hand_check and not self.card_readers:
            raise ValueError(_("the hand check needs card readers"))
        if self.policy not in ("prevent", "laws"):
            raise ValueError(_('policy is "prevent" or "laws", not {policy!r}').format(policy=self.policy))


def stepped(value: int, key: Key, low: int, high: int) -> int:
    """A number entry: a level key sets it, X takes one off, XX adds one, Pass sets 0."""
    if key in LEVEL_KEYS:
        new = LEVEL_KEYS[key]
    elif key is Key.PASS:
        new = 0
    elif key in (Key.DOUBLE, Key.REDOUBLE):
        new = value - 1 if key is Key.DOUBLE else value + 1
    else:
        raise Refused(_("{key}: enter a number (1-7, X -1, XX +1, Pass 0), then OK").format(key=key.value))
    if not low <= new <= high:
        raise Refused(_("{number} is out of range: {low} to {high}").format(number=new, low=low, high=high))
    return new


Scorer = Callable[[DealSetup, DealResult], tuple[int, int]]  # a deal's points to NS and EW


@dataclass(frozen=True, slots=True)
class DealRules:
    """What the game form (``forms``) decides about one deal at the table."""

    scorer: Scorer
    first_phase: Phase = Phase.AUCTION  # after the start screen and the hand check
    counts_honours: bool = False
    passed_out: str = PASSED_OUT  # what the table says of a passed-out deal (a message id)
    players: tuple[Seat, Seat] | None = None  # the two-player game's seats
    handlers: Mapping[Phase, Handler] = field(default_factory=dict)  # the form's own, by phase


Handler = Callable[["BoardInPlay", Seat, Key], "str | None"]  # a phase's keys


class BoardInPlay:
    """A board (a deal of the game form) from its start screen to its confirmed result, or the
    session's WAITING/DONE, which show the last board given. ``board`` numbers the table's deals
    (the result's key); ``setup`` is the form's deal: its number, dealer and vulnerability."""

    def __init__(self, config: FlowConfig, board: int, phase: Phase, setup: DealSetup,
                 rules: DealRules) -> None:
        self.config = config
        self.phase = phase
        self.board = board
        self.setup, self.rules = setup, rules
        self.dealer = setup.dealer
        self.vulnerability = setup.vulnerability
        self.deal: Deal | None = config.deals.get(board) if config.game == "duplicate" else None
        self.scanned: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        self.problems: list[str] = []
        self.auction = Auction(self.dealer, policy=config.policy)
        self.pending: dict[Seat, int] = {}
        self.contract: Contract | None = None
        self.declarer: Seat | None = None
        self.play: Play | None = None
        self.lead: Card | None = None
        self.number = 0  # the number being entered (claim, ruling, tricks, lead rank)
        self.entry_strain: Strain | None = None  # contract entry and lead entry
        self.entry_risk = 0
        self.tricks: int | None = None
        self.claimer: Seat | None = None
        self.director: Seat | None = None
        self.director_reason = ""
        self.director_revoke = False  # the director was called for a revoke, which UNDO corrects
        self.director_calls: list[str] = []  # every call on this board, for the result record
        self.confirmed_by: Seat | None = None  # the result is confirmed: the board is over
        self.stopper: Seat | None = None  # pressed STOP before its call
        self.stopped: Seat | None = None  # waits the regulation's pause after a STOP and a bid
        self.change_asked: Seat | None = None  # asks the director to replace its call (Law 25)
        self.claim_analysis: str | None = None  # a disputed claim's worst line and best play
        self.requiring = False  # declarer pressed OK to require one of several suits (Law 51B)
        self.honours: Honour | None = None  # entered with the keys when the hands are unknown
        self.announced: dict[Seat, int] = {}  # Minibridge: the high-card points announced so far
        self.typed: dict[Seat, str] = {}  # a player's federation number as it is keyed (phases.players)
        self.player_numbers: dict[Seat, str] = {}  # the numbers entered ("0": a guest), for the result
        self.asked: frozenset[Seat] = frozenset(Seat)  # the seats asked their number (a new player's alone)
        self.requests: set[str] = set()  # the station's asks for a new player's number, answered here
        self.tempo = Tempo()  # how long each call and card took (``flow.BoardFlow.handle``)
        self.stock: OpenTwoHandedPlay | None = None  # the two-player game's phases of play
        self.two: OpenTwoHandedPlay | None = None
        if rules.players is not None:  # the stock phase: the dealer's opponent leads
            self.stock = OpenTwoHandedPlay(rules.players, next(s for s in rules.players if s != self.dealer))

    def toggle_director(self, seat: Seat, reason: str = "", revoke: bool = False) -> str:
        """Call the director (with ``reason``; ``revoke``: for a revoke), or answer the call on
        show (no reason)."""
        if self.director is not None and not reason:
            self.director, self.director_reason, self.director_revoke = None, "", False
            return _("director call answered")
        self.director, self.director_revoke = seat, revoke
        self.director_reason = reason or _("called by {seat}").format(seat=words.seat(seat))
        self.director_calls.append(self.director_reason)
        return _("director called: {reason}").format(reason=self.director_reason)

    def irregularity(self) -> Irregularity | None:
        """The irregular call or lead awaiting a decision, if any."""
        if self.phase is Phase.AUCTION:
            return self.auction.pending
        return self.play.pending if self.phase is Phase.PLAY and self.play is not None else None

    def require_play(self) -> Play:
        if self.play is None:
            raise Refused(_("no play is in progress"))
        return self.play

    def confirmers(self) -> tuple[Seat, ...]:
        """The opponents of declarer (East and West on a passed-out board, as on a Bridgemate;
        in the two-player game the other player, the East-West one on a passed-out deal)."""
        players = self.rules.players
        if players is not None:
            side = Side.EW if self.declarer is None else self.declarer.side.other
            return tuple(seat for seat in players if seat.side is side)
        if self.declarer is None:
            return (Seat.E, Seat.W)
        return (self.declarer.lho, self.declarer.rho)

    def set_result(self, tricks: int) -> None:
        self.phase, self.tricks = Phase.RESULT, tricks

    def contract_known(self) -> str | None:
        """The auction is over: passed out, or the play begins."""
        self.contract, self.declarer = self.auction.contract, self.auction.declarer
        if self.contract is None or self.declarer is None:
            self.set_result(0)
            return _(self.rules.passed_out)
        self.begin_play()
        return None

    def begin_play(self) -> None:
        assert self.contract is not None and self.declarer is not None
        if self.rules.players is not None:  # the two players' hands, declarer's opponent leads
            leader = next(seat for seat in self.rules.players if seat != self.declarer)
            self.phase = Phase.PLAY
            self.two = OpenTwoHandedPlay(self.rules.players, leader, self.contract.strain.trump)
            return
        if not self.config.card_readers:
            self.phase, self.entry_strain, self.number = Phase.LEAD_ENTRY, None, Rank.ACE
            return
        self.phase = Phase.PLAY
        if self.deal is not None:
            self.play = Play(self.deal, self.contract, self.declarer, policy=self.config.policy,
                             lead_penalties=self.auction.lead_penalties())
        else:
            self.play = OpenPlay(self.contract, self.declarer)

    def enter_tricks(self) -> None:
        """No card readers: declarer's tricks are entered, starting from the contract's."""
        assert self.contract is not None
        self.phase, self.number = Phase.TRICKS_ENTRY, self.contract.tricks_needed
