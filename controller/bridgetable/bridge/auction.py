"""Calls, the auction (Laws 17-22) and the contract it arrives at."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import total_ordering

from ..i18n import LAWS
from . import words
from .cards import Seat, Side, Strain, Suit
from .errors import IllegalCall, ParseError
from .irregularity import Choice, Irregularity, Policy, decide_pending, pending_of

_ = LAWS.gettext


@total_ordering
class CallKind(Enum):
    """The four kinds of call, ordered as in ``legal_calls``: pass, double, redouble, bids."""

    PASS = "Pass"
    DOUBLE = "X"
    REDOUBLE = "XX"
    BID = "bid"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, CallKind):
            return NotImplemented
        kinds = list(CallKind)
        return kinds.index(self) < kinds.index(other)


_BID_RE = re.compile(r"^([1-7])\s*(NT|N|SA|UT|C|D|H|S|♣|♦|♥|♠)$", re.IGNORECASE)
_CALL_ALIASES = {
    "PASS": CallKind.PASS, "P": CallKind.PASS, "PAS": CallKind.PASS, "PASSE": CallKind.PASS,
    "X": CallKind.DOUBLE, "D": CallKind.DOUBLE, "DBL": CallKind.DOUBLE, "DOUBLE": CallKind.DOUBLE,
    "XX": CallKind.REDOUBLE, "R": CallKind.REDOUBLE, "RDBL": CallKind.REDOUBLE,
    "REDOUBLE": CallKind.REDOUBLE,
}


@dataclass(frozen=True, order=True, slots=True)
class Call:
    """One call: a bid ("1NT", "4S"), "Pass", a double "X" or a redouble "XX".

    Calls sort as in ``legal_calls``: Pass, X, XX, then the bids from 1C to 7NT."""

    kind: CallKind
    level: int = 0
    strain: Strain | None = None

    def __post_init__(self) -> None:
        if self.kind is CallKind.BID:
            if not 1 <= self.level <= 7 or self.strain is None:
                raise ParseError(_("a bid has a level 1-7 and a strain, not {level}{strain}").format(
                    level=self.level, strain=self.strain))
        elif self.level or self.strain is not None:
            raise ParseError(_("{call} has no level or strain").format(call=words.call(self.kind.value)))

    @classmethod
    def bid(cls, level: int, strain: Strain) -> Call:
        return cls(CallKind.BID, level, strain)

    @property
    def is_bid(self) -> bool:
        return self.strain is not None  # only a bid has a strain (see __post_init__)

    @property
    def rank(self) -> int:
        """Position of a bid in the ladder 1C=0 ... 7NT=34 (Law 18E); -1 for other calls."""
        if self.strain is None:
            return -1
        return (self.level - 1) * 5 + self.strain

    def __str__(self) -> str:
        if self.kind is CallKind.BID:
            return f"{self.level}{self.strain}"
        return str(self.kind.value)

    @classmethod
    def parse(cls, text: str) -> Call:
        """Read "1NT", "1N", "4s", "2♥", "Pass", "P", "X", "Dbl", "XX", "R"..."""
        key = text.strip()
        kind = _CALL_ALIASES.get(key.upper())
        if kind is not None:
            return cls(kind)
        match = _BID_RE.match(key)
        if match is None:
            raise ParseError(_("not a call: {text!r}").format(text=text))
        return cls.bid(int(match.group(1)), Strain.parse(match.group(2)))


PASS = Call(CallKind.PASS)
DOUBLE = Call(CallKind.DOUBLE)
REDOUBLE = Call(CallKind.REDOUBLE)
ALL_BIDS: tuple[Call, ...] = tuple(Call.bid(level, s) for level in range(1, 8) for s in Strain)


_CONTRACT_RE = re.compile(r"^([1-7])\s*(NT|N|SA|UT|C|D|H|S|♣|♦|♥|♠)\s*(XX|X|R|\*\*|\*)?$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level, strain and risk (0 undoubled, 1 doubled, 2 redoubled)."""

    level: int
    strain: Strain
    risk: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(_("a contract's level is 1-7, not {level}").format(level=self.level))
        if self.risk not in (0, 1, 2):
            raise ParseError(_("a contract is undoubled, doubled or redoubled, not risk {risk}").format(
                risk=self.risk))

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must win: the level plus the book of six."""
        return self.level + 6

    @property
    def doubled(self) -> bool:
        return self.risk == 1

    @property
    def redoubled(self) -> bool:
        return self.risk == 2

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.risk}"

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read "4S", "4SX", "3NTXX", "3N", "5cx" (PBN and common forms)."""
        match = _CONTRACT_RE.match(text.strip())
        if match is None:
            raise ParseError(_("not a contract: {text!r}").format(text=text))
        risk_text = (match.group(3) or "").upper()
        risk = {"": 0, "X": 1, "*": 1, "XX": 2, "R": 2, "**": 2}[risk_text]
        return cls(int(match.group(1)), Strain.parse(match.group(2)), risk)

    @classmethod
    def parse_or_pass(cls, text: str) -> Contract | None:
        """Like ``parse``, but "Pass" (a passed-out board) gives None."""
        if text.strip().upper() in ("PASS", "P", "AP", "PASSED OUT", "ALL PASS"):
            return None
        return cls.parse(text)


def callers(first: Seat, count: int, skipped: Iterable[int] = ()) -> list[Seat]:
    """The seat of each of ``count`` calls made from ``first`` on, one turn forfeited before the
    call of each index in ``skipped`` (an index twice: two turns; Law 29A: a call out of rotation
    accepted, the players it passed over have lost their turn)."""
    lost = [0] * (count + 1)
    for index in skipped:
        lost[min(index, count)] += 1
    seats, seat = [], first
    for index in range(count):
        seat = seat.after(lost[index])
        seats.append(seat)
        seat = seat.lho
    return seats


@dataclass(frozen=True, slots=True)
class MadeCall:
    """A call in an auction, with the seat that made it."""

    seat: Seat
    call: Call


@dataclass(frozen=True, slots=True)
class Change:
    """A call replaced under Law 25A: ``seat`` withdrew ``call`` (made as the ``at``-th call, from 0)
    before partner had called; ``lho_call`` is the call its left-hand opponent had made over it,
    withdrawn with it without rectification (Law 25A6: that information is authorized to the
    left-hand opponent's side and unauthorized to the other)."""

    seat: Seat
    call: Call
    at: int
    lho_call: Call | None = None

    def __str__(self) -> str:
        text = _("{seat} replaced the unintended call {call} (Law 25A)").format(
            seat=words.seat(self.seat), call=words.call(self.call))
        if self.lho_call is not None:
            text += "; " + _("{seat} may keep its {call} over it (OK) or replace it (Law 25A6)").format(
                seat=words.seat(self.seat.lho), call=words.call(self.lho_call))
        return text


@dataclass(frozen=True, slots=True)
class LeadPenalty:
    """What declarer may do at the first lead of ``offender``'s partner when ``offender``, whose call
    ``withdrawn`` was cancelled and replaced by a different call, becomes a defender (Law 26):
    require the lead of one of ``require`` (none under Law 26B as amended in June 2017) or forbid
    the lead of one of ``forbid``, the prohibition lasting as long as that partner keeps the lead."""

    offender: Seat
    withdrawn: Call
    law: str
    require: tuple[Suit, ...]
    forbid: tuple[Suit, ...]

    def __str__(self) -> str:
        names = _(" or ").join(words.suits(suit) for suit in self.require or self.forbid)
        if self.require:
            text = _("declarer may require or forbid a {suits} lead at {leader}'s first lead "
                     "({offender}'s {call} was withdrawn, Law {law})")
        elif len(self.forbid) == len(Suit):
            text = _("declarer may forbid the lead of any one suit at {leader}'s first lead "
                     "({offender}'s {call} was withdrawn, Law {law})")
        else:
            text = _("declarer may forbid a {suits} lead at {leader}'s first lead "
                     "({offender}'s {call} was withdrawn, Law {law})")
        return text.format(suits=names, leader=words.seat(self.offender.partner),
                           offender=words.seat(self.offender), call=words.call(self.withdrawn), law=self.law)


@dataclass(frozen=True, slots=True)
class Restriction:
    """An obligation to pass that a Law imposes on ``seat``: at its next turn only (``once``), or
    whenever it is its turn for the rest of the auction."""

    seat: Seat
    law: str
    once: bool = False
    call: Call = PASS  # the call it obliges (Law 31A1: a bid out of rotation that must be repeated)
    no_double: bool = False  # only: may not double or redouble at the next turn (Law 30B2(b))

    def __str__(self) -> str:
        if self.no_double:
            text = _("{seat} may not double or redouble at the next turn (Law {law})")
        elif self.call != PASS:
            text = (_("{seat} must repeat {call} at the next turn (Law {law})") if self.once
                    else _("{seat} must repeat {call} whenever it is their turn (Law {law})"))
        else:
            text = (_("{seat} must pass at the next turn (Law {law})") if self.once
                    else _("{seat} must pass whenever it is their turn (Law {law})"))
        return text.format(seat=words.seat(self.seat), call=words.call(self.call), law=self.law)

    def forbids(self, call: Call) -> bool:
        """Whether the obligation rules ``call`` out."""
        if self.no_double:
            return call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
        return call != self.call


class Auction:
    """The auction of one board: validates every call, then gives contract and declarer.

    Under ``policy="laws"`` an insufficient bid (Law 27) or a call out of rotation (Laws 29-32)
    is not refused: ``add`` records it as the ``pending`` ``Irregularity``, and the auction waits
    for ``decide`` (see there). The Law 26B lead restrictions a cancelled call brings are in
    ``lead_penalties``; the director may rule a substitute comparable (``rule_comparable``, Law
    23A); Law 27D and 23C adjustments are the director's, outside the engine.

    >>> a = Auction(Seat.N)
    >>> for c in "1NT Pass 3NT Pass Pass Pass".split():
    ...     a.add(Call.parse(c))
    >>> str(a.contract), a.declarer
    ('3NT', <Seat.N: 0>)
    """

    def __init__(self, dealer: Seat, calls: Iterable[Call | str] = (),
                 policy: Policy = "prevent") -> None:
        self.dealer = dealer
        self.policy = policy
        self.irregularities: list[Irregularity] = []  # every one, with what was decided
        self.restrictions: list[Restriction] = []  # obligations to pass in force
        self._substitute_for: Irregularity | None = None  # a refused insufficient bid (27B)
        self._settled = 0  # calls up to here follow a decision: Law 25A undo stops there
        self.changes: list[Change] = []  # calls replaced under Law 25A
        self.alerts: set[int] = set()  # indices of the alerted calls
        # A cancelled call whose offender's next call decides what follows: Law 31A waits for the
        # right-hand opponent's call ("rho"), then the offender's ("offender"); Law 26 compares
        # the offender's next call with the withdrawn one ("final").
        self._awaiting: list[tuple[Irregularity, str]] = []
        self._withdrawn: list[tuple[Seat, Call, str]] = []  # calls that bring Law 26 lead penalties
        # the last substitute for a cancelled call, which the director may rule comparable: its
        # irregularity, its index, the obligation to pass it brought and its Law 26 entry
        self._judgeable: tuple[Irregularity, int, Restriction | None, tuple[Seat, Call, str]] | None = None
        self._calls: list[MadeCall] = []
        # Kept up to date as calls are made, so that checking a call does not rescan the auction.
        self._last_bid: MadeCall | None = None
        self._last_non_pass: MadeCall | None = None
        self._passes = 0  # passes since the last other call (or since the start)
        for call in calls:
            self.add(call)

    @classmethod
    def recorded(cls, dealer: Seat, calls: Iterable[Call | str], skipped: Iterable[int]) -> Auction:
        """The auction a record holds: each call after turns lost (``skipped``, as the property
        gives them) is a call out of rotation accepted (Law 29A). IllegalCall for any other
        irregular call."""
        made = [Call.parse(call) if isinstance(call, str) else call for call in calls]
        auction = cls(dealer, policy="laws")
        for call, seat in zip(made, callers(dealer, len(made), skipped), strict=True):
            problem = auction.why_illegal(call, seat)
            if problem is not None and problem.law != "29-32":
                raise problem
            auction.add(call, seat)
            if problem is not None:
                auction.decide(Choice.ACCEPT)
        return auction

    # ---- reading the auction -------------------------------------------------------------
    @property
    def calls(self) -> list[Call]:
        return [made.call for made in self._calls]

    def __iter__(self) -> Iterator[MadeCall]:
        return iter(self._calls)

    def __len__(self) -> int:
        return len(self._calls)

    @property
    def skipped(self) -> list[int]:
        """The turns lost to calls out of rotation accepted (Law 29A): for each, the index of the
        call it comes before (see ``callers``, which gives the seats back)."""
        lost, turn = [], self.dealer
        for index, made in enumerate(self._calls):
            lost += [index] * ((made.seat - turn) % 4)
            turn = made.seat.lho
        return lost

    @property
    def turn(self) -> Seat:
        """The seat whose turn it is to call (Law 17C: clockwise from the dealer; after an accepted
        call out of rotation, the offender's left, Law 29A)."""
        return self._calls[-1].seat.lho if self._calls else self.dealer

    @property
    def pending(self) -> Irregularity | None:
        """The irregularity awaiting a decision (only under ``policy="laws"``), if any."""
        return pending_of(self.irregularities)

    @property
    def substitute_for(self) -> Irregularity | None:
        """The insufficient bid, not accepted, that its offender must now replace (Law 27B)."""
        return self._substitute_for

    @property
    def is_complete(self) -> bool:
        """Three passes after a call, or four opening passes (Law 22)."""
        return self._passes >= 3 and len(self._calls) >= 4

    @property
    def is_passed_out(self) -> bool:
        return self.is_complete and self.last_bid is None

    @property
    def last_bid(self) -> MadeCall | None:
        return self._last_bid

    @property
    def risk(self) -> int:
        """0, 1 or 2: whether the last bid stands doubled or redoubled (Law 19C)."""
        risk = 0
        for made in reversed(self._calls):
            if made.call.is_bid:
                return risk
            if made.call.kind is CallKind.DOUBLE:
                risk = max(risk, 1)
            elif made.call.kind is CallKind.REDOUBLE:
                risk = 2
        return risk

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is complete (None if passed out or not over)."""
        last = self.last_bid
        if not self.is_complete or last is None or last.call.strain is None:
            return None
        return Contract(last.call.level, last.call.strain, self.risk)

    @property
    def declarer(self) -> Seat | None:
        """The first player of the declaring side who named the contract's strain."""
        last = self.last_bid
        if not self.is_complete or last is None:
            return None
        side = last.seat.side
        for made in self._calls:
            if made.call.strain == last.call.strain and made.seat.side is side:
                return made.seat
        return None  # unreachable: the last bid itself names the strain

    # ---- validating and making calls -------------------------------------------------------
    def why_illegal(self, call: Call, seat: Seat | None = None) -> IllegalCall | None:
        """The reason ``call`` (by ``seat``, default the player in turn) is illegal, or None."""
        if self.is_complete:
            return IllegalCall(_("{call} after the auction has ended").format(
                call=words.call(call)), law="39")
        pending = self.pending
        if pending is not None:
            return IllegalCall(_("{call}: {irregularity} awaits a decision").format(
                call=words.call(call), irregularity=pending.describe()), law=pending.law)
        if self.restrictions:
            caller = self.turn if seat is None else seat
            mine = [r for r in self.restrictions if r.seat == caller]
            passes = [r for r in mine if r.call == PASS and not r.no_double]
            for restriction in passes or mine:  # an obligation to pass overrides one to repeat
                if restriction.call != PASS and self._call_problem(restriction.call, caller):
                    continue  # the call to repeat is no longer legal: the director rules
                if restriction.forbids(call):
                    return IllegalCall(f"{words.call(call)}: {restriction}", law=restriction.law)
        if seat is not None and seat != self.turn:
            return IllegalCall(_("{call} by {seat} out of rotation: it is {turn}'s turn").format(
                call=words.call(call), seat=words.seat(seat), turn=words.seat(self.turn)), law="29-32")
        return self._call_problem(call, self.turn)

    def _call_problem(self, call: Call, caller: Seat) -> IllegalCall | None:
        """Why ``call`` would be illegal from ``caller`` at this point of the auction, or None."""
        if call.is_bid:
            last_bid = self._last_bid
            if last_bid is not None and call.rank <= last_bid.call.rank:
                return IllegalCall(_("insufficient bid: {call} after {last}").format(
                    call=words.call(call), last=words.call(last_bid.call)), law="27")
            return None
        if call.kind is CallKind.PASS:
            return None
        if call.kind is CallKind.DOUBLE:
            last = self._last_non_pass
            if last is None or not last.call.is_bid:
                text = (_("double of nothing: only a bid can be doubled") if last is None
                        else _("double of {call}: only a bid can be doubled"))
                return IllegalCall(text.format(call=words.call(last.call) if last else ""), law="19A1")
            if last.seat.side is caller.side:
                return IllegalCall(_("double of partner's or one's own bid {call}").format(
                    call=words.call(last.call)), law="19A1")
            return None
        if call.kind is CallKind.REDOUBLE:
            last = self._last_non_pass
            if last is None or last.call.kind is not CallKind.DOUBLE:
                text = (_("redouble of nothing: only a double can be redoubled") if last is None
                        else _("redouble of {call}: only a double can be redoubled"))
                return IllegalCall(text.format(call=words.call(last.call) if last else ""), law="19B1")
            if last.seat.side is caller.side:
                return IllegalCall(_("redouble of one's own side's double"), law="19B1")
            return None
        return None

    def is_legal(self, call: Call) -> bool:
        return self.why_illegal(call) is None

    def legal_calls(self) -> list[Call]:
        """Every call the player in turn may make (empty once the auction is over)."""
        if self.is_complete:
            return []
        candidates = [PASS, DOUBLE, REDOUBLE, *ALL_BIDS]
        return [call for call in candidates if self.why_illegal(call) is None]

    def add(self, call: Call | str, seat: Seat | None = None) -> MadeCall:
        """Make a call; an illegal one raises IllegalCall naming the reason and the Law.

        Under ``policy="laws"`` an insufficient bid or a call out of rotation does not raise: it
        becomes the ``pending`` irregularity and ``add`` returns it as the call its offender made,
        without adding it to the auction (``decide`` does, if it is accepted)."""
        if isinstance(call, str):
            call = Call.parse(call)
        refused = self._substitute_for
        if (refused is not None and call.kind in (CallKind.DOUBLE, CallKind.REDOUBLE)
                and (seat or self.turn) == refused.offender == self.turn):
            return self._cancel_double(refused, call)
        if seat is not None and self._must_pass_now(seat):  # Law 28A: the pass, then the call
            trial = self.copy()
            trial._add(MadeCall(trial.turn, PASS))
            trial.add(call, seat)  # raises, before anything changes, what the call would raise
            self._add(MadeCall(self.turn, PASS))
        problem = self.why_illegal(call, seat)
        if problem is not None:
            if self.policy == "laws" and problem.law in ("27", "29-32") and self.pending is None:
                return self._irregular(call, seat or self.turn, problem)
            raise problem
        return self._add(MadeCall(self.turn, call))

    def _add(self, made: MadeCall) -> MadeCall:
        self._calls.append(made)
        self._note(made)
        self._after_call(made)
        return made

    def _must_pass_now(self, seat: Seat) -> bool:
        """Whether ``seat`` calls at its right-hand opponent's turn while that opponent is obliged
        to pass: the call is in rotation, after that opponent's pass (Law 28A)."""
        turn = self.turn
        if (seat != turn.lho or self.is_complete or self.pending is not None
                or self._substitute_for is not None):
            return False
        return any(r.seat == turn and r.call == PASS and not r.no_double for r in self.restrictions)

    def _cancel_double(self, refused: Irregularity, call: Call) -> MadeCall:
        """A double or redouble substituted for a refused insufficient bid is cancelled (Law 27B3):
        the offender must still substitute a legal call, and the partner must pass throughout."""
        refused.rectification.append(_("{call} substituted is cancelled (Law 27B3)").format(
            call=words.call(call)))
        if not any(r.law == "27B3" for r in self.restrictions):
            self._restrict(refused, Restriction(refused.offender.partner, "27B3"))
        return MadeCall(refused.offender, call)

    def _irregular(self, call: Call, offender: Seat, problem: IllegalCall) -> MadeCall:
        """Hold an insufficient bid or a call out of rotation pending a decision (laws policy)."""
        if self._substitute_for is not None:
            raise IllegalCall(_("{call}: {seat} must replace the insufficient bid {bid} with a legal "
                                "call").format(
                                    call=words.call(call), seat=words.seat(self._substitute_for.offender),
                                               bid=words.call(self._substitute_for.subject)), law="27B")
        if problem.law == "27":
            kind, law = "insufficient bid", "27"
        else:
            reason = self._call_problem(call, offender)
            if reason is not None:  # e.g. an insufficient bid out of rotation (Laws 27 with 29-32)
                raise IllegalCall(_("{call} by {seat} out of rotation: {reason} (the director rules)").format(
                    call=words.call(call), seat=words.seat(offender), reason=reason.message),
                    law=f"29-32, {reason.law}")
            kind = "call out of rotation"
            law = "30" if call.kind is CallKind.PASS else "31" if call.is_bid else "32"
            if self.turn == offender.lho and any(m.seat == offender for m in self._calls):
                raise IllegalCall(_("{call} by {seat} at the left-hand opponent's turn after calling: a "
                                    "change of call (the director rules)").format(
                    call=words.call(call), seat=words.seat(offender)), law="25")
        self.irregularities.append(Irregularity(
            kind, law, offender, str(call), len(self._calls), self.turn, (offender.lho,)))
        return MadeCall(offender, call)

    def decide(self, choice: Choice, by: Seat | None = None) -> Irregularity:
        """Decide the pending irregularity: ``by`` is the offender's LHO, or None for the director.

        ACCEPT (Laws 27A, 29A): the call stands as if legal and the auction continues from it,
        with the player on the offender's left. REFUSE: the call is cancelled. For an insufficient
        bid the offender must then substitute a legal call (Law 27B): the lowest sufficient bid in
        the same strain has no further rectification (27B1(a)), any other call obliges the
        offender's partner to pass whenever in turn (27B2) unless the director rules it comparable
        (27B1(b), ``rule_comparable``). For a call out of rotation the turn reverts to the player
        whose turn it was: a pass is rectified as Law 30 has it (``_refuse_pass``); after a bid,
        double or redouble at the right-hand opponent's turn that opponent's call is awaited (31A,
        32A), at partner's turn partner calls freely (31B, 32B); then the offender's next call
        (see ``_follow_up``). A call that breaks an obligation is refused, naming the Law.
        """
        pending = decide_pending(self.irregularities, choice, by, IllegalCall,
                                 _("there is no irregular call awaiting a decision"))
        call = Call.parse(pending.subject)
        if choice is Choice.ACCEPT:
            made = MadeCall(pending.offender, call)
            self._calls.append(made)
            self._note(made)
            self._after_call(made)
        elif pending.law == "27":
            self._substitute_for = pending
        elif pending.law == "30":
            self._refuse_pass(pending)
        elif pending.in_turn == pending.offender.rho:  # Laws 31A, 32A
            pending.rectification.append(
                _("if {seat} passes, {offender} must repeat {call} (Law {law})").format(
                    seat=words.seat(pending.in_turn), offender=words.seat(pending.offender),
                    call=words.call(call), law=pending.law + "A1"))
            self._awaiting.append((pending, "rho"))
        else:  # Laws 31B, 32B: at partner's turn (or the left-hand opponent's, before any call)
            pending.rectification.append(_("{seat} may make any legal call (Law {law})").format(
                seat=words.seat(pending.in_turn), law=pending.law + "B1"))
            self._awaiting.append((pending, "offender"))
        self._settled = len(self._calls)
        return pending

    def _refuse_pass(self, pending: Irregularity) -> None:
        """A pass out of rotation, cancelled (Law 30): before any bid the offender passes at the
        next turn (30A); after a bid, at the right-hand opponent's turn, the same (30B1); at
        partner's turn the offender passes throughout and partner may not double or redouble at
        that turn (30B2)."""
        offender = pending.offender
        if self._last_bid is None:
            self._restrict(pending, Restriction(offender, "30A", once=True))
        elif pending.in_turn == offender.rho:
            self._restrict(pending, Restriction(offender, "30B1", once=True))
        else:
            self._restrict(pending, Restriction(offender, "30B2(a)"))
            self._restrict(pending, Restriction(offender.partner, "30B2(b)", once=True, no_double=True))

    def _restrict(self, irregularity: Irregularity, restriction: Restriction) -> None:
        self.restrictions.append(restriction)
        irregularity.rectification.append(str(restriction))

    def _after_call(self, made: MadeCall) -> None:
        """Lift a once-only obligation ``made`` has met, settle a substitute (Law 27B) and follow
        up a cancelled call (Laws 26, 31A)."""
        if self.restrictions:
            self.restrictions = [r for r in self.restrictions if not (r.once and r.seat == made.seat)]
        if self._awaiting:
            self._follow_up(made)
        refused = self._substitute_for
        if refused is None:
            return
        self._substitute_for = None
        self._settled = len(self._calls)
        insufficient = Call.parse(refused.subject)
        cancelled = any(r.law == "27B3" for r in self.restrictions)
        if (not cancelled and made.call.strain == insufficient.strain
                and made.call.rank == self._lowest_over(made)):
            refused.rectification.append(
                _("replaced by {call}, the lowest sufficient bid in the same strain: no further "
                  "rectification (Law {law})").format(call=words.call(made.call), law="27B1(a)"))
            return
        refused.rectification.append(_("replaced by {call}").format(call=words.call(made.call)))
        bar = None if cancelled else Restriction(made.seat.partner, "27B2")
        self._not_comparable(refused, made, insufficient, "27B", bar)

    def _follow_up(self, made: MadeCall) -> None:
        """The cancelled calls ``made`` settles: the right-hand opponent's call after a call out
        of rotation at its turn (Laws 31A, 32A), and then the offender's next call, which the
        director may rule comparable (31A2, 31B2, 32A2, 32B2; see ``rule_comparable``)."""
        still: list[tuple[Irregularity, str]] = []
        for pending, stage in self._awaiting:
            withdrawn = Call.parse(pending.subject)
            if stage == "rho" and made.seat == pending.in_turn:
                self._after_rho(pending, made, withdrawn, still)
            elif stage == "rho":
                continue  # the offender called first (accepted out of rotation): the director rules
            elif made.seat != pending.offender:
                still.append((pending, stage))
            else:
                if made.call != withdrawn:  # not comparable unless the director rules so
                    law = pending.law + ("A2(b)" if pending.in_turn == pending.offender.rho else "B2")
                    self._not_comparable(pending, made, withdrawn, pending.law,
                                         Restriction(made.seat.partner, law, once=True))
                self._settled = len(self._calls)
        self._awaiting = still

    def _after_rho(self, pending: Irregularity, made: MadeCall, withdrawn: Call,
                   still: list[tuple[Irregularity, str]]) -> None:
        """The right-hand opponent's call after a call out of rotation at its turn was cancelled:
        a pass obliges the offender to repeat it (Laws 31A1, 32A1), any other call frees the
        offender (31A2, 32A2), whose next call is then awaited."""
        barred = any(r.seat == pending.offender and r.forbids(withdrawn) for r in self.restrictions)
        if made.call == PASS and barred:
            pending.rectification.append(
                _("{seat} is obliged to pass instead of repeating the call (the director rules)")
                .format(seat=words.seat(pending.offender)))
        elif made.call == PASS:
            self._restrict(pending, Restriction(pending.offender, pending.law + "A1", once=True,
                                                call=withdrawn))
        else:
            pending.rectification.append(
                _("{seat} called {call}: {offender} may make any legal call (Law {law})").format(
                    seat=words.seat(made.seat), call=words.call(made.call),
                    offender=words.seat(pending.offender), law=pending.law + "A2"))
            still.append((pending, "offender"))
        self._settled = len(self._calls)

    def _not_comparable(self, irregularity: Irregularity, made: MadeCall, withdrawn: Call, law: str,
                        bar: Restriction | None) -> None:
        """``made`` replaced the cancelled call ``withdrawn`` and is not (yet) ruled comparable
        (Law 23A): ``bar`` obliges partner to pass, and Law 26B may restrict the lead. Until the
        next call the director may still rule it comparable (``rule_comparable``)."""
        if bar is not None:
            self._restrict(irregularity, bar)
        entry = (made.seat, withdrawn, law + ", 26B")
        self._withdrawn.append(entry)
        self._judgeable = (irregularity, len(self._calls) - 1, bar, entry)

    @property
    def judgeable(self) -> MadeCall | None:
        """The last call, when it replaced a cancelled call and the director may still rule it
        comparable (Law 23A): none has been made since."""
        judged = self._judgeable
        if judged is None or judged[1] != len(self._calls) - 1:
            return None
        return self._calls[-1]

    def rule_comparable(self) -> Irregularity:
        """The director rules the last call, which replaced a cancelled call, comparable (Law 23A):
        no further rectification (Laws 27B1(b), 31A2(a), 32A2(a)): partner is not obliged to pass,
        and no Law 26 lead restriction follows (26A). Law 23C (damage) stays the director's."""
        made = self.judgeable
        if made is None or self._judgeable is None:
            raise IllegalCall(_("no call replacing a cancelled call awaits the director's ruling"),
                              law="23A")
        irregularity, _index, bar, entry = self._judgeable
        if bar is not None:
            self.restrictions.remove(bar)
        self._withdrawn.remove(entry)
        law = {"27": "27B1(b)"}.get(irregularity.law, irregularity.law + "A2(a)")
        irregularity.rectification.append(
            _("the director rules {call} comparable (Law 23A): no further rectification (Law {law})")
            .format(call=words.call(made.call), law=law))
        self._judgeable = None
        return irregularity

    def lead_penalties(self) -> list[LeadPenalty]:
        """The lead restrictions of Law 26 (2017, with the WBF's June 2017 amendment to 26B) that
        declarer may impose once the auction is over: for each cancelled call its defending
        offender replaced by a call not comparable (23A), declarer may forbid the offender's
        partner to lead any one suit the offender did not specify in the legal auction (26B);
        nothing may be required. A comparable call brings none (26A)."""
        declarer = self.declarer
        if declarer is None:
            return []
        penalties = []
        for offender, call, law in self._withdrawn:
            if offender.side is declarer.side:
                continue
            named = {m.call.strain.trump for m in self._calls
                     if m.seat == offender and m.call.strain is not None}
            forbid = tuple(suit for suit in Suit if suit not in named)
            if forbid:
                penalties.append(LeadPenalty(offender, call, law, (), forbid))
        return penalties

    # ---- alerts (Law 40B: the regulation's alerting procedure) ---------------------------------
    def alert(self, by: Seat) -> int:
        """``by`` alerts the last call, made by partner; returns its index (an alert is recorded as
        part of the auction, for the opponents' displays and the board's record)."""
        if not self._calls:
            raise IllegalCall(_("there is no call to alert"), law="40B")
        last = self._calls[-1]
        if last.seat != by.partner:
            raise IllegalCall(_("{seat} may alert only partner's call, and only before the next call "
                                "({last} made the last one)").format(
                seat=words.seat(by), last=words.seat(last.seat)), law="40B")
        self.alerts.add(len(self._calls) - 1)
        return len(self._calls) - 1

    def is_alerted(self, index: int) -> bool:
        return index in self.alerts

    def _lowest_over(self, made: MadeCall) -> int:
        """The rank of the lowest bid in ``made``'s strain sufficient over the bid before it."""
        strain = made.call.strain
        if strain is None:
            return -2  # a pass, double or redouble is never "the lowest sufficient bid"
        before = [m for m in self._calls[:-1] if m.call.is_bid]
        floor = before[-1].call.rank if before else -1
        return next(b.rank for b in ALL_BIDS if b.strain == strain and b.rank > floor)

    def _note(self, made: MadeCall) -> None:
        """Bring the last bid, last other call and trailing passes up to date after ``made``."""
        if made.call.kind is CallKind.PASS:
            self._passes += 1
            return
        self._passes = 0
        self._last_non_pass = made
        if made.call.kind is CallKind.BID:
            self._last_bid = made

    def undo(self, seat: Seat | None = None) -> MadeCall:
        """Withdraw ``seat``'s last call (default: the last call of all) as unintended, until
        partner has called (Law 25A1, 25A4), and the call its left-hand opponent made over it
        (which that opponent may make again or change without rectification, 25A6). The auction
        continues from ``seat``, who makes the intended call; no Law 26 restriction follows.
        Returns the withdrawn call; ``changes`` records it."""
        if not self._calls:
            raise IllegalCall(_("there is no call to withdraw"), law="25A")
        seat = self._calls[-1].seat if seat is None else seat
        index = next((i for i in range(len(self._calls) - 1, -1, -1) if self._calls[i].seat == seat), None)
        if index is None:
            raise IllegalCall(_("{seat} has made no call to replace").format(
                seat=words.seat(seat)), law="25A")
        later = self._calls[index + 1:]
        if any(made.seat == seat.partner for made in later):
            raise IllegalCall(_("{seat}'s {call}: partner has called since, so it can no longer be "
                                "replaced").format(
                                    seat=words.seat(seat), call=words.call(self._calls[index].call)),
                              law="25A4")
        if len(later) > 1:  # calls out of rotation accepted since: no longer a simple change
            raise IllegalCall(_("{seat}'s {call} is no longer the call before the left-hand opponent's: "
                                "the director rules").format(seat=words.seat(seat),
                                                             call=words.call(self._calls[index].call)),
                              law="25A")
        if index < self._settled:
            raise IllegalCall(_("the last call follows a decision on an irregularity: only the director "
                                "may change it"), law="25A")
        made = self._calls[index]
        self.changes.append(Change(seat, made.call, index, later[0].call if later else None))
        self._truncate(index)
        return made

    def _truncate(self, length: int) -> None:
        """Keep only the first ``length`` calls, bringing the running state up to date."""
        del self._calls[length:]
        if self._judgeable is not None and self._judgeable[1] >= length:
            self._judgeable = None
        self.alerts = {i for i in self.alerts if i < length}
        self._last_bid = self._last_non_pass = None
        self._passes = 0
        for earlier in self._calls:
            self._note(earlier)

    def copy(self) -> Auction:
        """An independent auction in the same state (for a ``laws`` auction: with its
        irregularities, decisions and obligations)."""
        if not self.irregularities:
            twin = Auction(self.dealer, self.calls, self.policy)
            twin.changes, twin.alerts = list(self.changes), set(self.alerts)
            return twin
        twin = Auction(self.dealer, policy=self.policy)
        twin.changes, twin.alerts = list(self.changes), set(self.alerts)
        # one deepcopy keeps the awaited substitute the same object as its list entry
        twin.irregularities, twin._substitute_for = copy.deepcopy(
            (self.irregularities, self._substitute_for))
        twin.restrictions = list(self.restrictions)
        twin._settled = self._settled
        by_id = {id(old): new for old, new in zip(self.irregularities, twin.irregularities, strict=True)}
        twin._awaiting = [(by_id[id(pending)], stage) for pending, stage in self._awaiting]
        twin._withdrawn = list(self._withdrawn)
        if self._judgeable is not None:
            irregularity, index, bar, entry = self._judgeable
            twin._judgeable = (by_id[id(irregularity)], index, bar, entry)
        for made in self._calls:
            twin._calls.append(made)
            twin._note(made)
        return twin

    def declaring_side(self) -> Side | None:
        declarer = self.declarer
        return None if declarer is None else declarer.side

    def __str__(self) -> str:
        return " ".join(str(call) for call in self.calls)
