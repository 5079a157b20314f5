"""The board flow: the table unit's state machine, fed one TableEvent at a time.

Per board: the start screen (board number, dealer, vulnerability), an optional hand check, the
auction (or, without bidding boxes, the contract entered with the buttons), the play (from the
card readers, or lead and tricks entered with the buttons), claims, the result with its Law 77
score, and the opponents' confirmation; then the next board.

The keys, as the README documents them:
- a bid is a level key (1-7) then a strain key; the level alone is only shown at that seat.
  Pass, X and XX are calls at once. UNDO clears a pending level, or withdraws one's own last call
  before the next player has called (Law 25A; also the auction's last pass before the lead).
- numbers (tricks of a claim, tricks made, the rank of a lead) are set with the level keys,
  X takes one off, XX adds one, Pass sets 0, OK enters.
- OK at an opponent's seat accepts a claim and confirms the result; DIRECTOR there disputes.
  DIRECTOR anywhere else calls the director (pressed again: the call is answered).
- Under the "laws" policy (``FlowConfig.policy``) an insufficient bid, a call out of rotation or a
  lead out of turn is taken and held pending (see ``bridge.irregularity``): OK at the seat the Law
  names (the offender's LHO; declarer, or a defender for declarer's own lead) accepts it; DIRECTOR
  at any seat calls the director, who then enters the decision at any seat: OK accepts, UNDO does
  not (the call is cancelled, the card goes back). The decision is an event like any other, so the
  journal holds the irregularity and the decision, and a restart replays both.

``handle`` never raises for bad input: an irregular or unexpected event is refused with a message
(the "prevent" policy: the board carries on) and leaves the state untouched, so that the state is
always the replay of the accepted events. That is what the journal relies on.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

from ..bridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    BridgeError,
    Call,
    Card,
    Choice,
    Contract,
    Deal,
    Irregularity,
    Play,
    Policy,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    board_dealer,
    board_vulnerability,
    duplicate_score,
)
from ..events import EventKind, Key, TableEvent
from .openplay import OpenPlay

RESULT_SCHEMA = 2  # the link's schema version (bridgetable.link.schema): 2 added the round

LEVEL_KEYS = {Key.ONE: 1, Key.TWO: 2, Key.THREE: 3, Key.FOUR: 4, Key.FIVE: 5, Key.SIX: 6, Key.SEVEN: 7}
STRAIN_KEYS = {Key.CLUBS: Strain.CLUBS, Key.DIAMONDS: Strain.DIAMONDS, Key.HEARTS: Strain.HEARTS,
               Key.SPADES: Strain.SPADES, Key.NOTRUMP: Strain.NOTRUMP}
CALL_KEYS = {Key.PASS: PASS, Key.DOUBLE: DOUBLE, Key.REDOUBLE: REDOUBLE}


class Phase(Enum):
    WAITING = "waiting"  # every board given is confirmed; the station's next assignment is awaited
    START = "start"  # board number, dealer, vulnerability; OK begins
    HAND_CHECK = "hand check"  # each player scans their 13 cards
    AUCTION = "auction"
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

    def __post_init__(self) -> None:
        if not self.boards and not self.more_boards:
            raise ValueError("a session needs at least one board")
        if self.hand_check and not self.card_readers:
            raise ValueError("the hand check needs card readers")
        if self.policy not in ("prevent", "laws"):
            raise ValueError(f"policy is \"prevent\" or \"laws\", not {self.policy!r}")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``handle`` did: ``changed`` events must be journaled; ``result`` goes to the outbox."""

    changed: bool
    message: str | None = None
    result: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the screens show, and the durable state (all fields but ``message``)."""

    phase: str
    board: int
    dealer: str
    vulnerability: str
    turn: str | None  # whose call or card it is
    calls: tuple[str, ...]  # the auction, from the dealer
    pending: dict[str, str]  # per seat: a bid level chosen, not yet completed
    entry: str | None  # what the buttons have entered (contract, number, lead)
    contract: str | None
    declarer: str | None
    trick: tuple[tuple[str, str], ...]  # the current trick: (seat, card)
    played: tuple[str, ...]  # every card played, in order
    tricks_ns: int
    tricks_ew: int
    claim: str | None
    deciders: tuple[str, ...]  # the seats whose OK accepts the claim or irregularity, or confirms
    irregularity: str | None  # the irregularity awaiting a decision, and how to decide it
    revokes: tuple[str, ...]
    hand_counts: tuple[int, int, int, int]  # cards scanned per seat in the hand check
    problems: tuple[str, ...]
    tricks: int | None  # declarer's tricks, once the result is known
    score_ns: int | None
    director: str | None
    boards_done: int
    message: str | None = None

    def durable(self) -> dict[str, Any]:
        """The state that must survive a restart (the message is for the moment only), as JSON
        would carry it."""
        state = asdict(self)
        del state["message"]
        durable: dict[str, Any] = json.loads(json.dumps(state))
        return durable


def _key(event: TableEvent) -> Key:
    try:
        return Key(event.value)
    except ValueError:
        raise Refused(f"unknown key {event.value!r} at {event.seat.full_name}") from None


def _card(event: TableEvent) -> Card:
    try:
        return Card.parse(event.value)
    except BridgeError:
        raise Refused(f"unreadable card {event.value!r} at {event.seat.full_name}") from None


def _stepped(value: int, key: Key, low: int, high: int) -> int:
    """A number entry: a level key sets it, X takes one off, XX adds one, Pass sets 0."""
    if key in LEVEL_KEYS:
        new = LEVEL_KEYS[key]
    elif key is Key.PASS:
        new = 0
    elif key in (Key.DOUBLE, Key.REDOUBLE):
        new = value - 1 if key is Key.DOUBLE else value + 1
    else:
        raise Refused(f"{key.value}: enter a number (1-7, X -1, XX +1, Pass 0), then OK")
    if not low <= new <= high:
        raise Refused(f"{new} is out of range: {low} to {high}")
    return new


class BoardFlow:
    """The state of the table: the current board and how far it has got."""

    def __init__(self, config: FlowConfig) -> None:
        self.config = config
        self.boards_done = 0
        self.message: str | None = None
        self._start_board()

    # ---- the board -----------------------------------------------------------------------------
    def _start_board(self) -> None:
        boards = self.config.boards
        if self.boards_done < len(boards):
            self.phase = Phase.START
        else:
            self.phase = Phase.WAITING if self.config.more_boards else Phase.DONE
        self.board = boards[min(self.boards_done, len(boards) - 1)] if boards else 0
        self.dealer = board_dealer(max(self.board, 1))
        self.vulnerability = board_vulnerability(max(self.board, 1))
        self.deal: Deal | None = self.config.deals.get(self.board)
        self.scanned: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        self.problems: list[str] = []
        self.auction = Auction(self.dealer, policy=self.config.policy)
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
        self.director_calls: list[str] = []  # every call on this board, for the result record

    def add_boards(self, boards: list[int], final: bool) -> None:
        """The station's assignment of a table whose boards come from the station: its boards are
        played after those given so far (a board given before is not played twice). Events are
        refused while waiting, so replaying the journal with every board given from the start
        arrives at the same state."""
        if not self.config.more_boards:
            return
        self.config.boards.extend(b for b in boards if b not in self.config.boards)
        self.config.more_boards = not final
        if self.phase is Phase.WAITING:
            self._start_board()

    # ---- events --------------------------------------------------------------------------------
    def handle(self, event: TableEvent) -> Outcome:
        """Apply one event; a refused one changes nothing and says why."""
        try:
            if event.kind is EventKind.CARD:
                note, result = self._on_card(event.seat, _card(event)), None
            else:
                note, result = self._on_key(event.seat, _key(event))
        except (Refused, BridgeError) as error:
            self.message = str(error)
            return Outcome(False, self.message)
        self.message = note
        return Outcome(True, note, result)

    def _on_card(self, seat: Seat, card: Card) -> str | None:
        if self.phase is Phase.HAND_CHECK:
            return self._scan(seat, card)
        if self.phase is Phase.PLAY:
            return self._play_card(seat, card)
        raise Refused(f"{card.symbol} scanned at {seat.full_name}: no card is expected now")

    def _on_key(self, seat: Seat, key: Key) -> tuple[str | None, dict[str, Any] | None]:
        if self.phase is Phase.WAITING:
            raise Refused("waiting for the station to assign the next boards")
        if self._irregularity() is not None:
            return self._on_irregularity(seat, key), None
        if key is Key.DIRECTOR and not self._opponent_decides(seat):
            return self._toggle_director(seat), None
        handler = {
            Phase.START: self._on_start,
            Phase.HAND_CHECK: self._on_hand_check_key,
            Phase.AUCTION: self._on_auction_key,
            Phase.CONTRACT_ENTRY: self._on_contract_entry,
            Phase.LEAD_ENTRY: self._on_lead_entry,
            Phase.PLAY: self._on_play_key,
            Phase.TRICKS_ENTRY: self._on_tricks_entry,
            Phase.CLAIM_ENTRY: self._on_claim_entry,
            Phase.CLAIM: self._on_claim_decision,
            Phase.CLAIM_RULING: self._on_claim_ruling,
        }.get(self.phase)
        if handler is not None:
            return handler(seat, key), None
        if self.phase is Phase.RESULT:
            return self._on_result(seat, key)
        raise Refused("the session is over: every board is confirmed")

    def _toggle_director(self, seat: Seat, reason: str = "") -> str:
        if self.director is not None and not reason:
            self.director, self.director_reason = None, ""
            return "director call answered"
        self.director, self.director_reason = seat, reason or f"called by {seat.full_name}"
        self.director_calls.append(self.director_reason)
        return f"director called: {self.director_reason}"

    def _opponent_decides(self, seat: Seat) -> bool:
        """Whether DIRECTOR at this seat disputes a claim or a result rather than just calling."""
        if self.phase is Phase.CLAIM and self.play is not None and self.play.claim_made is not None:
            return seat.side is not self.play.claim_made.claimer.side
        return self.phase is Phase.RESULT and seat in self._confirmers()

    # ---- start and hand check --------------------------------------------------------------------
    def _on_start(self, seat: Seat, key: Key) -> str | None:
        if key is not Key.OK:
            raise Refused(f"board {self.board}: press OK to start")
        if self.config.hand_check:
            self.phase = Phase.HAND_CHECK
            return "hand check: each player scans their 13 cards"
        self.phase = Phase.AUCTION if self.config.bidding_boxes else Phase.CONTRACT_ENTRY
        return None

    def _scan(self, seat: Seat, card: Card) -> str | None:
        hand = self.scanned[seat]
        if card in hand:
            raise Refused(f"{card.symbol} scanned twice at {seat.full_name}")
        other = next((s for s in Seat if card in self.scanned[s]), None)
        problem = None
        if other is not None:
            problem = f"{card.symbol} is in both {other.full_name}'s and {seat.full_name}'s hands"
        elif len(hand) == 13:
            problem = f"{seat.full_name} has more than 13 cards (Law 13)"
        elif self.deal is not None and card not in self.deal[seat]:
            problem = f"{card.symbol} at {seat.full_name} is not in the deal file's hand (wrong board?)"
        if problem is not None:
            self.problems.append(problem)
            return self._toggle_director(seat, problem)
        hand.append(card)
        if all(len(cards) == 13 for cards in self.scanned.values()):
            if self.deal is None:
                self.deal = Deal.from_hands(self.scanned)
            self.phase = Phase.AUCTION if self.config.bidding_boxes else Phase.CONTRACT_ENTRY
            return "hand check complete"
        return None

    def _on_hand_check_key(self, seat: Seat, key: Key) -> str | None:
        if key is Key.UNDO:
            if not self.scanned[seat]:
                raise Refused(f"{seat.full_name} has scanned no card")
            self.scanned[seat] = []
            return f"{seat.full_name}: scan your 13 cards again"
        if key is Key.OK:  # "I have scanned them all"
            count = len(self.scanned[seat])
            if count == 13:
                raise Refused(f"{seat.full_name}: 13 cards, waiting for the others")
            problem = f"{seat.full_name} has {count} cards, not 13 (Law 13)"
            self.problems.append(problem)
            return self._toggle_director(seat, problem)
        raise Refused(f"hand check: scan your cards (UNDO starts again), not {key.value}")

    # ---- auction ---------------------------------------------------------------------------------
    def _on_auction_key(self, seat: Seat, key: Key) -> str | None:
        if key is Key.UNDO:
            return self._undo_call(seat)
        if key is Key.OK:
            raise Refused("OK is not a call: use a level then a strain, Pass, X or XX")
        if key is Key.CLAIM:
            raise Refused("no claim during the auction")
        turn = self.auction.turn
        if seat != turn and self.config.policy == "prevent":
            raise Refused(f"{seat.full_name} out of rotation: it is {turn.full_name}'s call (Law 29-32)")
        if key in LEVEL_KEYS:
            self.pending[seat] = LEVEL_KEYS[key]
            return None
        if key in STRAIN_KEYS:
            if seat not in self.pending:
                raise Refused(f"{seat.full_name}: press a level (1-7) before the strain")
            call = Call.bid(self.pending[seat], STRAIN_KEYS[key])
        else:
            call = CALL_KEYS[key]
        self.auction.add(call, seat)
        self.pending.pop(seat, None)
        if self.auction.pending is not None:
            return self._irregularity_text()
        return self._after_auction() if self.auction.is_complete else None

    def _after_auction(self) -> str | None:
        self.contract, self.declarer = self.auction.contract, self.auction.declarer
        if self.contract is None or self.declarer is None:
            self._set_result(0)
            return "passed out"
        self._begin_play()
        return None

    def _undo_call(self, seat: Seat) -> str:
        if self.pending.pop(seat, None) is not None:
            return f"{seat.full_name}: level cleared"
        calls = list(self.auction)
        if not calls or calls[-1].seat != seat:
            raise Refused(f"{seat.full_name} may only withdraw their own last call (Law 25A)")
        self.auction.undo()
        self.phase = Phase.AUCTION
        self.contract = self.declarer = self.play = None
        self.tricks = None
        return f"{seat.full_name} withdrew {calls[-1].call} (Law 25A)"

    def _back_to_auction(self, seat: Seat) -> str:
        """Withdraw the auction's last call, or the contract entered, before the opening lead."""
        if self.config.bidding_boxes:
            return self._undo_call(seat)
        self.phase, self.number, self.entry_strain, self.entry_risk = Phase.CONTRACT_ENTRY, 0, None, 0
        self.contract = self.declarer = self.play = None
        self.tricks = None
        return "enter the contract again"

    def _begin_play(self) -> None:
        assert self.contract is not None and self.declarer is not None
        if not self.config.card_readers:
            self.phase, self.entry_strain, self.number = Phase.LEAD_ENTRY, None, Rank.ACE
            return
        self.phase = Phase.PLAY
        if self.deal is not None:
            self.play = Play(self.deal, self.contract, self.declarer, policy=self.config.policy)
        else:
            self.play = OpenPlay(self.contract, self.declarer)

    # ---- contract entry (no bidding boxes) -------------------------------------------------------------
    def _on_contract_entry(self, seat: Seat, key: Key) -> str | None:
        if key in LEVEL_KEYS:
            self.number = LEVEL_KEYS[key]
        elif key in STRAIN_KEYS:
            if not self.number:
                raise Refused("contract: press the level first")
            self.entry_strain = STRAIN_KEYS[key]
        elif key in (Key.DOUBLE, Key.REDOUBLE):
            self.entry_risk = 1 if key is Key.DOUBLE else 2
        elif key is Key.PASS:
            self.number, self.entry_strain, self.entry_risk = 0, None, 0
        elif key is Key.UNDO:
            self.number, self.entry_strain, self.entry_risk = 0, None, 0
            return "contract cleared"
        elif key is Key.OK:
            return self._enter_contract(seat)
        else:
            raise Refused("contract: level, strain, X or XX, then OK at declarer's seat")
        return None

    def _enter_contract(self, seat: Seat) -> str | None:
        if self.number and self.entry_strain is None:
            raise Refused("contract: the strain is missing")
        if self.entry_strain is None:  # Pass then OK: passed out
            self._set_result(0)
            return "passed out"
        self.contract = Contract(self.number, self.entry_strain, self.entry_risk)
        self.declarer = seat
        self._begin_play()
        return None

    # ---- the play ----------------------------------------------------------------------------------
    def _play_card(self, seat: Seat, card: Card) -> str | None:
        play = self._require_play()
        turn = play.turn
        hand = self._hand(play, seat, card)
        if hand != turn:
            if self.config.policy == "laws" and not play.current.cards:
                play.play(card, hand)  # a lead out of turn: held for a decision (Laws 53-56)
                return self._irregularity_text()
            lead = "lead" if not play.current.cards else "play"
            raise Refused(f"{card.symbol} at {seat.full_name} out of turn: it is {turn.full_name}'s "
                          f"{lead} (Law 53-57)")
        return self._played(play, card, turn)

    def _hand(self, play: Play, seat: Seat, card: Card) -> Seat:
        """The hand a card scanned at ``seat`` comes from: declarer scans dummy's cards in dummy's
        turn (under "laws" with a known deal, a card of declarer's own hand is declarer's)."""
        if seat != play.declarer or play.turn != play.dummy:
            return seat
        if self.config.policy == "laws" and self.deal is not None and card in self.deal[seat]:
            return seat
        return play.dummy

    def _played(self, play: Play, card: Card, turn: Seat) -> str | None:
        """Play ``card`` from ``turn``'s hand; a revoke calls the director, the last card ends the play."""
        revokes = len(play.revokes)
        play.play(card, turn)
        note = None
        if len(play.revokes) > revokes:
            revoke = play.revokes[-1]
            note = self._toggle_director(
                revoke.seat, f"revoke by {revoke.seat.full_name} in trick {revoke.trick + 1} "
                             f"({revoke.card.symbol} on a {revoke.led.symbol} lead, Law 61-64)")
        if play.is_complete:
            self._set_result(play.declarer_tricks)
        return note

    # ---- irregularities under the "laws" policy (Laws 27, 29-32, 53-56) ------------------------------
    def _irregularity(self) -> Irregularity | None:
        """The irregular call or lead awaiting a decision, if any."""
        if self.phase is Phase.AUCTION:
            return self.auction.pending
        return self.play.pending if self.phase is Phase.PLAY and self.play is not None else None

    def _irregularity_text(self) -> str | None:
        """What the displays show: "1D insufficient after 1H: South accepts (OK) or director
        (DIRECTOR)", the director's keys once called, or the substitute a Law 27B refusal asks for."""
        irr = self._irregularity()
        if irr is None:
            refused = self.auction.substitute_for if self.phase is Phase.AUCTION else None
            if refused is None:
                return None
            return f"{refused.offender.full_name}: replace {refused.subject} by a legal call (Law 27B)"
        last = self.auction.last_bid
        what = {"insufficient bid": f"insufficient after {last.call if last else ''}",
                "call out of rotation": f"out of rotation by {irr.offender.full_name}",
                "lead out of turn": f"led out of turn by {irr.offender.full_name}"}[irr.kind]
        if self.director is not None:
            return f"{irr.subject} {what} (Law {irr.law}): director: OK accepts, UNDO does not"
        who = " or ".join(seat.full_name for seat in irr.deciders)
        return f"{irr.subject} {what}: {who} accepts (OK) or director (DIRECTOR)"

    def _on_irregularity(self, seat: Seat, key: Key) -> str | None:
        """OK at a decider's seat accepts; DIRECTOR calls the director (again: the call is
        answered), who then decides at any seat: OK accepts, UNDO does not."""
        irr = self._irregularity()
        assert irr is not None
        if key is Key.DIRECTOR:
            if self.director is not None:
                self._toggle_director(seat)
            else:
                self._toggle_director(seat, f"{irr} (called by {seat.full_name})")
            return self._irregularity_text()
        if self.director is not None and key in (Key.OK, Key.UNDO):
            decided_by: Seat | None = None
        elif key is Key.OK and seat in irr.deciders:
            decided_by = seat
        else:
            raise Refused(self._irregularity_text() or "")
        choice = Choice.ACCEPT if key is Key.OK else Choice.REFUSE
        if self.phase is Phase.AUCTION:
            self.auction.decide(choice, decided_by)
        else:
            self._require_play().decide(choice, decided_by)
        self.director, self.director_reason = None, ""
        if self.phase is Phase.AUCTION and self.auction.is_complete:
            self._after_auction()
        return self._irregularity_text() or str(irr)

    def _require_play(self) -> Play:
        if self.play is None:
            raise Refused("no play is in progress")
        return self.play

    def _on_play_key(self, seat: Seat, key: Key) -> str | None:
        play = self._require_play()
        if key is Key.UNDO:
            if play.dummy_exposed:
                raise Refused("a played card cannot be taken back (Law 45C)")
            return self._back_to_auction(seat)
        if key is Key.CLAIM:
            if seat == play.dummy:
                raise Refused("dummy may not claim or concede (Law 68)")
            self.phase, self.claimer, self.number = Phase.CLAIM_ENTRY, seat, play.tricks_remaining
            return f"{seat.full_name} claims: enter the tricks, then OK"
        raise Refused(f"play: scan a card (or CLAIM), not {key.value}")

    # ---- claims (Laws 68-70) -------------------------------------------------------------------------
    def _on_claim_entry(self, seat: Seat, key: Key) -> str | None:
        play = self._require_play()
        assert self.claimer is not None
        if seat != self.claimer:
            raise Refused(f"{self.claimer.full_name} is entering a claim")
        if key is Key.UNDO:
            self.phase = Phase.PLAY
            return "claim withdrawn"
        if key is Key.OK:
            play.claim(seat, self.number)
            self.phase = Phase.CLAIM
            return None
        self.number = _stepped(self.number, key, 0, play.tricks_remaining)
        return None

    def _on_claim_decision(self, seat: Seat, key: Key) -> str | None:
        play = self._require_play()
        claim = play.claim_made
        assert claim is not None
        if seat.side is claim.claimer.side:
            if key is Key.UNDO and seat == claim.claimer:
                play.withdraw_claim()
                self.phase = Phase.PLAY
                return "claim withdrawn: play continues"
            raise Refused("the opponents accept the claim (OK) or dispute it (DIRECTOR)")
        if key is Key.OK:
            play.accept_claim()
            self._set_result(play.declarer_tricks)
            return "claim accepted (Law 69A)"
        if key is Key.DIRECTOR:
            play.dispute_claim()
            self.phase, self.number = Phase.CLAIM_RULING, claim.tricks
            return self._toggle_director(seat, f"{seat.full_name} disputes the claim (Law 68D)")
        raise Refused("accept the claim with OK, or dispute it with DIRECTOR")

    def _on_claim_ruling(self, seat: Seat, key: Key) -> str | None:
        play = self._require_play()
        claim = play.claim_made
        assert claim is not None
        if key is Key.UNDO:
            play.withdraw_claim()
            self.phase, self.director = Phase.PLAY, None
            return "the director lets play continue"
        if key is Key.OK:
            play.rule_claim(self.number)
            self.director = None
            self._set_result(play.declarer_tricks)
            return f"ruling: {self.number} tricks to {claim.claimer.full_name} (Law 70)"
        self.number = _stepped(self.number, key, 0, claim.remaining)
        return None

    # ---- lead and tricks entry (no card readers) -----------------------------------------------------
    def _on_lead_entry(self, seat: Seat, key: Key) -> str | None:
        if key in STRAIN_KEYS and key is not Key.NOTRUMP:
            self.entry_strain = STRAIN_KEYS[key]
        elif key is Key.ONE:
            self.number = Rank.ACE
        elif key is Key.PASS:  # no lead entered
            self._enter_tricks()
        elif key is Key.UNDO:
            return self._back_to_auction(seat)
        elif key is Key.OK:
            if self.entry_strain is None or self.entry_strain.trump is None:
                raise Refused("lead: press the suit (and rank), or Pass to skip")
            lead = Card(self.entry_strain.trump, Rank(self.number))
            assert self.declarer is not None
            leader = self.declarer.lho
            if self.deal is not None and lead not in self.deal[leader]:
                raise Refused(f"lead {lead.symbol}: {leader.full_name}, on declarer's left, "
                              "does not hold it (Law 41A)")
            self.lead = lead
            self._enter_tricks()
        else:
            self.number = _stepped(self.number, key, 2, int(Rank.ACE))
        return None

    def _enter_tricks(self) -> None:
        assert self.contract is not None
        self.phase, self.number = Phase.TRICKS_ENTRY, self.contract.tricks_needed

    def _on_tricks_entry(self, seat: Seat, key: Key) -> str | None:
        if key is Key.OK:
            self._set_result(self.number)
            return None
        if key is Key.UNDO:
            self.phase, self.lead, self.entry_strain, self.number = Phase.LEAD_ENTRY, None, None, Rank.ACE
            return "enter the lead again"
        if key in LEVEL_KEYS:  # a level key sets the odd tricks: 4 = ten tricks
            self.number = LEVEL_KEYS[key] + 6
        else:
            self.number = _stepped(self.number, key, 0, 13)
        return None

    # ---- result and confirmation ---------------------------------------------------------------------
    def _set_result(self, tricks: int) -> None:
        self.phase, self.tricks = Phase.RESULT, tricks

    @property
    def score_ns(self) -> int | None:
        if self.phase is not Phase.RESULT or self.tricks is None:
            return None
        if self.contract is None or self.declarer is None:
            return 0
        score = duplicate_score(self.contract, self.tricks,
                                self.vulnerability.is_vulnerable(self.declarer))
        return score if self.declarer.side is Side.NS else -score

    def _confirmers(self) -> tuple[Seat, ...]:
        """The opponents of declarer (East and West on a passed-out board, as on a Bridgemate)."""
        if self.declarer is None:
            return (Seat.E, Seat.W)
        return (self.declarer.lho, self.declarer.rho)

    def _on_result(self, seat: Seat, key: Key) -> tuple[str | None, dict[str, Any] | None]:
        if key is Key.UNDO:
            return self._undo_result(seat), None
        confirmers = self._confirmers()
        if seat not in confirmers:
            raise Refused(f"{' or '.join(s.full_name for s in confirmers)} confirms the result")
        if key is Key.DIRECTOR:
            return self._toggle_director(seat, f"{seat.full_name} does not confirm the result"), None
        if key is not Key.OK:
            raise Refused("OK confirms the result, DIRECTOR calls the director")
        result = self.result_record(confirmed_by=seat)
        self.boards_done += 1
        self._start_board()
        return f"board {result['board']} confirmed", result

    def _undo_result(self, seat: Seat) -> str:
        if self.contract is None:  # passed out: the last pass may be withdrawn
            return self._back_to_auction(seat)
        if self.play is None:
            self._enter_tricks()
            return "enter the tricks again"
        raise Refused("the play is over: the result stands unless the director changes it")

    def result_record(self, confirmed_by: Seat) -> dict[str, Any]:
        """The confirmed result as the outbox stores it (schema RESULT_SCHEMA, JSON-ready)."""
        play, claim = self.play, self.play.claim_made if self.play else None
        deal = self.deal
        if deal is None and isinstance(play, OpenPlay) and len(play.completed_tricks) == 13:
            deal = Deal.from_hands(play.hands())
        played = [str(card) for trick in play.tricks for card in trick.cards] if play else []
        lead = played[0] if played else (str(self.lead) if self.lead else None)
        return {
            "schema": RESULT_SCHEMA, "club": self.config.club, "session": self.config.session,
            "round": self.config.rounds.get(self.board, 0),
            "table": self.config.table, "board": self.board, "revision": 1,
            "dealer": str(self.dealer), "vulnerability": str(self.vulnerability),
            "deal": deal.to_pbn() if deal else None,
            "auction": [str(call) for call in self.auction.calls] if self.config.bidding_boxes else None,
            "contract": str(self.contract) if self.contract else "Pass",
            "declarer": str(self.declarer) if self.declarer else None,
            "lead": lead, "play": played,
            "claim": None if claim is None else {
                "claimer": str(claim.claimer), "tricks": claim.final_tricks,
                "remaining": claim.remaining, "state": claim.state.value},
            "revokes": [f"{r.seat}:{r.card}:trick {r.trick + 1}" for r in play.revokes] if play else [],
            "tricks": self.tricks, "score_ns": self.score_ns,
            "director_calls": [*self.director_calls, *self._irregularity_record()],
            "confirmed_by": str(confirmed_by),
        }

    def _irregularity_record(self) -> list[str]:
        """Each irregularity of the board, what was decided and what followed (for the result)."""
        irregularities = [*self.auction.irregularities, *(self.play.irregularities if self.play else [])]
        return [f"irregularity: {irr}"[:200] for irr in irregularities]

    # ---- the view -------------------------------------------------------------------------------------
    def view(self) -> TableView:
        play = self.play
        return TableView(
            phase=self.phase.value, board=self.board, dealer=str(self.dealer),
            vulnerability=str(self.vulnerability), turn=self._turn(),
            calls=tuple(str(call) for call in self.auction.calls),
            pending={str(seat): str(level) for seat, level in self.pending.items()},
            entry=self._entry_text(), contract=str(self.contract) if self.contract else None,
            declarer=str(self.declarer) if self.declarer else None,
            trick=tuple((str(play.current.seat_of(i)), str(card))
                        for i, card in enumerate(play.current.cards)) if play else (),
            played=tuple(str(c) for t in play.tricks for c in t.cards) if play else (),
            tricks_ns=play.tricks_won(Seat.N.side) if play else 0,
            tricks_ew=play.tricks_won(Seat.E.side) if play else 0,
            claim=self._claim_text(), deciders=tuple(str(seat) for seat in self._deciders()),
            irregularity=self._irregularity_text(),
            revokes=tuple(f"{r.seat}:{r.card}" for r in play.revokes) if play else (),
            hand_counts=tuple(len(self.scanned[seat]) for seat in Seat),  # type: ignore[arg-type]
            problems=tuple(self.problems), tricks=self.tricks, score_ns=self.score_ns,
            director=(f"{self.director}: {self.director_reason}" if self.director else None),
            boards_done=self.boards_done, message=self.message,
        )

    def _deciders(self) -> tuple[Seat, ...]:
        irr = self._irregularity()
        if irr is not None:
            return irr.deciders
        if self.phase is Phase.RESULT:
            return self._confirmers()
        claim = self.play.claim_made if self.play else None
        if self.phase is Phase.CLAIM and claim is not None:
            return (claim.claimer.lho, claim.claimer.rho)
        return ()

    def _turn(self) -> str | None:
        if self.phase is Phase.AUCTION:
            return str(self.auction.turn)
        if self.phase is Phase.PLAY and self.play is not None:
            return str(self.play.turn)
        return None

    def _entry_text(self) -> str | None:
        if self.phase is Phase.CONTRACT_ENTRY:
            strain = self.entry_strain.symbol if self.entry_strain is not None else ""
            return f"{self.number or ''}{strain}{'X' * self.entry_risk}" or "Pass"
        if self.phase is Phase.LEAD_ENTRY:
            suit = Suit(int(self.entry_strain)).symbol if self.entry_strain is not None else "?"
            return f"{suit}{Rank(self.number).letter}"
        if self.phase in (Phase.CLAIM_ENTRY, Phase.CLAIM_RULING, Phase.TRICKS_ENTRY):
            return str(self.number)
        return None

    def _claim_text(self) -> str | None:
        claim = self.play.claim_made if self.play else None
        if self.phase is Phase.CLAIM_ENTRY and self.claimer is not None:
            return f"{self.claimer.full_name} claims {self.number}"
        if claim is None:
            return None
        return f"{claim.claimer.full_name} claims {claim.tricks} of {claim.remaining} ({claim.state.value})"
