"""Game forms: how the deals of one game follow each other and add up to a score sheet.

A *game form* (numbered duplicate boards, a rubber, a Chicago, Minibridge, the two-player game) is
one object per game in progress that decides

- the next deal's setup: its number, dealer and vulnerability (``next_deal``),
- what a passed-out deal does (a ``DealResult`` whose contract is None: the next dealer deals in
  a rubber, the same dealer deals again in a Chicago),
- how a deal's result enters the running score (``record`` returns the deal's ``DealScore``),
- when the game is over (``over``), and what the score sheet shows (``sheet``).

The state of a game is nothing but the results recorded so far: every figure is derived by
replaying ``results`` (``replay`` does it for a journal), so two forms given the same results are
in the same state. ``record`` checks a result completely before it changes anything.

Scores are written as ``Entry`` items, each for one side, above or below the line (trick points
towards a game are *below*; a form without a line, such as duplicate, writes everything above).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from ..i18n import LAWS
from . import words
from .auction import Contract
from .cards import Card, Rank, Seat, Side, Strain
from .deal import Deal, Vulnerability
from .errors import BridgeError, ParseError

_ = LAWS.gettext

SIDES = (Side.NS, Side.EW)


class GameOver(BridgeError):
    """A deal recorded, or asked for, after the game (rubber, Chicago...) is over."""


@dataclass(frozen=True, slots=True)
class DealSetup:
    """How the next deal is dealt: its number in the game, the dealer and the vulnerability.

    A duplicate form numbers deals by their board; the others count 1, 2, ... (a Chicago deal
    redealt after a pass-out keeps its number)."""

    number: int
    dealer: Seat
    vulnerability: Vulnerability


@dataclass(frozen=True, slots=True)
class Honour:
    """Honours held in one hand: 100 for four of the five trump honours (A K Q J 10), 150 for all
    five or, at no trump, for the four aces. Counted for the holder's side, defender or not."""

    seat: Seat
    points: int

    def __post_init__(self) -> None:
        if self.points not in (100, 150):
            raise ParseError(_("honours score 100 or 150, not {points}").format(points=self.points))

    def __str__(self) -> str:
        return f"{self.seat} {self.points}"


@dataclass(frozen=True, slots=True)
class DealResult:
    """What happened on one deal: the contract (None: passed out), its declarer, the tricks
    declarer won and the honours, if any. ``parse`` reads the score pad's form."""

    contract: Contract | None
    declarer: Seat | None = None
    tricks: int = 0
    honours: Honour | None = None

    def __post_init__(self) -> None:
        if self.contract is None:
            if self.declarer is not None or self.tricks or self.honours is not None:
                raise ParseError(_("a passed-out deal has no declarer, tricks or honours"))
            return
        if self.declarer is None:
            raise ParseError(_("the contract {contract} needs a declarer").format(
                contract=words.call(self.contract)))
        if not 0 <= self.tricks <= 13:
            raise ParseError(_("a declarer wins 0 to 13 tricks, not {tricks}").format(tricks=self.tricks))
        if self.honours is not None and self.contract.strain is Strain.NOTRUMP \
                and self.honours.points != 150:
            raise ParseError(_("at no trump only the four aces count as honours (150)"))

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def made(self) -> bool:
        return self.contract is not None and self.tricks >= self.contract.tricks_needed

    def __str__(self) -> str:
        if self.contract is None:
            return "Pass"
        text = f"{self.contract} {self.declarer} {self.tricks}"
        return f"{text} {self.honours}" if self.honours else text

    @classmethod
    def parse(cls, text: str) -> DealResult:
        """Read ``CONTRACT DECLARER TRICKS [SEAT POINTS]`` ("4SX N 9", "3NT E 10 W 150") or "Pass"."""
        parts = text.split()
        if len(parts) == 1 and Contract.parse_or_pass(parts[0]) is None:
            return cls(None)
        if len(parts) not in (3, 5):
            raise ParseError(_("expected CONTRACT DECLARER TRICKS [SEAT POINTS] or Pass, not {text!r}")
                             .format(text=text.strip()))
        contract = Contract.parse(parts[0])
        declarer = Seat.parse(parts[1])
        honours = None
        if len(parts) == 5:
            honours = Honour(Seat.parse(parts[3]), _number(parts[4], _("honour points")))
        return cls(contract, declarer, _number(parts[2], _("tricks")), honours)


def _number(text: str, what: str) -> int:
    if not text.isdigit():
        raise ParseError(_("{what} must be a number, not {text!r}").format(what=what, text=text))
    return int(text)


_HONOURS = frozenset((Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN))


def honours(hands: Deal | Mapping[Seat, Iterable[Card]], strain: Strain) -> Honour | None:
    """The honours held in the known hands (a whole deal, or the two hands of the two-player game)
    with ``strain`` as the contract's: four or five trump honours in one hand, or the four aces at
    no trump. At most one hand can hold them."""
    held = {seat: list(hands[seat]) for seat in Seat} if isinstance(hands, Deal) else hands
    trump = strain.trump
    for seat, cards in held.items():
        if trump is None:
            if sum(1 for card in cards if card.rank is Rank.ACE) == 4:
                return Honour(seat, 150)
            continue
        count = sum(1 for card in cards if card.suit is trump and card.rank in _HONOURS)
        if count >= 4:
            return Honour(seat, 150 if count == 5 else 100)
    return None


@dataclass(frozen=True, slots=True)
class Entry:
    """Points written for one side on the score sheet; ``what`` names them ("trick points",
    "overtricks", "undertricks", "insult", "slam", "honours", "game", "part-score", "rubber",
    "unfinished game", "unfinished part-score", "score" for a whole duplicate score)."""

    side: Side
    points: int
    what: str
    below: bool = False


def _points(entries: Iterable[Entry], side: Side, below: bool | None = None) -> int:
    """The side's points among ``entries``: all, or only below (True) or above (False) the line."""
    return sum(e.points for e in entries if e.side is side and below in (None, e.below))


@dataclass(frozen=True, slots=True)
class DealScore:
    """One row of the score sheet: the deal's setup, its result and what it scored.

    ``counted`` is False for a deal that is dealt again (a Chicago's passed-out deal)."""

    setup: DealSetup
    result: DealResult
    entries: tuple[Entry, ...]
    counted: bool = True

    def points(self, side: Side, below: bool | None = None) -> int:
        """The side's points on this deal: all, or only below (True) or above (False) the line."""
        return _points(self.entries, side, below)

    @property
    def ns(self) -> int:
        return self.points(Side.NS)

    @property
    def ew(self) -> int:
        return self.points(Side.EW)


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The score sheet of a game at one moment.

    ``closing`` holds what an unfinished game adds if it stops now (a rubber's 300/100): it is in
    the totals but belongs to no deal. ``games`` and ``part_scores`` are the games won and the
    trick points below the line in the current game (forms without a line leave them at 0);
    ``vulnerability`` is the next deal's (the last one's once over); ``next`` is None once over."""

    form: str
    title: str
    deals: tuple[DealScore, ...]
    over: bool
    next: DealSetup | None
    vulnerability: Vulnerability
    closing: tuple[Entry, ...] = ()
    games: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    part_scores: Mapping[Side, int] = field(default_factory=lambda: {Side.NS: 0, Side.EW: 0})
    has_line: bool = False

    def total(self, side: Side) -> int:
        return self.running(side) + _points(self.closing, side)

    def running(self, side: Side) -> int:
        """The side's points on the deals played: what stands after the last, without what an
        unfinished game would add if it stopped now (``closing``)."""
        return sum(deal.points(side) for deal in self.deals)

    def line_total(self, side: Side, below: bool) -> int:
        """All the side's points below (True) or above (False) the line, ``closing`` above."""
        return sum(deal.points(side, below) for deal in self.deals) + _points(self.closing, side, below)

    @property
    def winner(self) -> Side | None:
        """The side with more points (None when equal)."""
        ns, ew = self.total(Side.NS), self.total(Side.EW)
        return None if ns == ew else Side.NS if ns > ew else Side.EW

    def to_json(self) -> dict[str, object]:
        """The score pad's JSON: each deal's points to each side, the totals, over, winner."""
        winner = self.winner
        return {
            "deals": [{"ns": deal.ns, "ew": deal.ew} for deal in self.deals],
            "ns_total": self.total(Side.NS), "ew_total": self.total(Side.EW),
            "over": self.over, "winner": None if winner is None else winner.value,
        }


class GameForm(ABC):
    """The rules of one form of the game, and one game of it in progress (see the module docstring).

    A subclass gives ``name``, ``title``, ``over``, ``_setup`` (the next deal's setup while not
    over), ``_score`` (a result's DealScore in the current state, changing nothing) and
    ``sheet``."""

    name: ClassVar[str]
    title: ClassVar[str]

    def __init__(self) -> None:
        self._scores: list[DealScore] = []

    @property
    def scores(self) -> tuple[DealScore, ...]:
        return tuple(self._scores)

    @property
    def results(self) -> tuple[DealResult, ...]:
        return tuple(score.result for score in self._scores)

    @property
    def counted(self) -> int:
        """The deals that count (a Chicago's passed-out deals do not)."""
        return sum(1 for score in self._scores if score.counted)

    @property
    def counts_honours(self) -> bool:
        """Whether honours are scored (a table that knows the hands then works them out)."""
        return False

    @property
    @abstractmethod
    def over(self) -> bool:
        """Whether the game is over: no further deal may be recorded."""

    def next_deal(self) -> DealSetup:
        """The setup of the deal to be played now; GameOver once the game is over."""
        if self.over:
            raise GameOver(_("{title}: the game is over").format(title=self.title))
        return self._setup()

    def preview(self, result: DealResult) -> DealScore:
        """The DealScore ``result`` would get if recorded now (for a result screen awaiting
        confirmation); changes nothing. The same errors as ``record``."""
        return self._score(self.next_deal(), result)

    def record(self, result: DealResult) -> DealScore:
        """Enter a deal's result: its DealScore, or a BridgeError (GameOver after the end, or a
        result this form cannot score) with nothing changed."""
        score = self.preview(result)
        self._scores.append(score)
        return score

    def replay(self, results: Iterable[DealResult]) -> None:
        """Record each result in turn (a journal's replay)."""
        for result in results:
            self.record(result)

    @abstractmethod
    def _setup(self) -> DealSetup: ...

    @abstractmethod
    def _score(self, setup: DealSetup, result: DealResult) -> DealScore: ...

    def sheet(self) -> ScoreSheet:
        """The score sheet now (a form with a line adds its games and part-scores)."""
        over = self.over
        upcoming = None if over else self._setup()
        if upcoming is not None:
            vulnerability = upcoming.vulnerability
        else:
            vulnerability = self._scores[-1].setup.vulnerability if self._scores else Vulnerability.NONE
        return ScoreSheet(form=self.name, title=self.title, deals=self.scores, over=over,
                          next=upcoming, vulnerability=vulnerability)


@dataclass(slots=True)
class Line:
    """The running state of games below the line: games won and the current game's part-scores.

    ``Line.of(scores)`` replays the deals: when a side's trick points below the line in the current
    game reach 100 it wins a game and a new game starts (the other side's part-score no longer
    counts towards it)."""

    games: dict[Side, int]
    part_scores: dict[Side, int]

    @classmethod
    def of(cls, scores: Iterable[DealScore]) -> Line:
        line = cls({Side.NS: 0, Side.EW: 0}, {Side.NS: 0, Side.EW: 0})
        for score in scores:
            line.add(score)
        return line

    def game_after(self, score: DealScore) -> Side | None:
        """The side that the deal ``score`` would give a game, if any."""
        for side in SIDES:
            if self.part_scores[side] + score.points(side, below=True) >= 100:
                return side
        return None

    def add(self, score: DealScore) -> None:
        winner = self.game_after(score)
        if winner is not None:
            self.games[winner] += 1
            self.part_scores = {Side.NS: 0, Side.EW: 0}
        else:
            for side in SIDES:
                self.part_scores[side] += score.points(side, below=True)

    @property
    def vulnerability(self) -> Vulnerability:
        """A side that has won a game is vulnerable."""
        ns, ew = self.games[Side.NS] > 0, self.games[Side.EW] > 0
        return {(False, False): Vulnerability.NONE, (True, False): Vulnerability.NS,
                (False, True): Vulnerability.EW, (True, True): Vulnerability.BOTH}[(ns, ew)]
