"""TableView: everything the screens show of a board in play, and the state that must survive
a restart."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ..bridge import Rank, ScoreSheet, Seat, Side, Suit, callers
from ..bridge.play import ClaimState
from ..i18n import N_, TABLE, notation
from .board import BoardInPlay, Phase
from .phases import announcement, irregularity, result, twoplayer

_ = TABLE.gettext

# a claim's state as the displays say it
_CLAIM_STATES = {ClaimState.PENDING: N_("pending"), ClaimState.ACCEPTED: N_("accepted"),
                 ClaimState.DISPUTED: N_("disputed"), ClaimState.RULED: N_("ruled")}


@dataclass(frozen=True, slots=True)
class TableView:
    """Everything the screens show, and the durable state (all fields but ``message``)."""

    phase: str
    board: int
    dealer: str
    vulnerability: str
    turn: str | None  # whose call or card it is
    calls: tuple[str, ...]  # the auction, from the dealer (the seats: ``callers``)
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
    alerts: tuple[int, ...] = ()  # indices of the alerted calls (shown to the caller's opponents)
    skipped: tuple[int, ...] = ()  # turns lost to calls out of rotation accepted (Auction.skipped)
    stop: str | None = None  # the seat waiting the pause after a STOP and a skip bid
    lead_choice: str | None = None  # a choice declarer is to make now (Laws 26, 50D2, 51A)
    claim_analysis: str | None = None  # a disputed claim: the worst line and best play (Law 70)
    game: str = "duplicate"  # the game form (table.toml's game)
    deal: int = 0  # the deal's number in the game (duplicate: the board)
    honours: str | None = None  # honours entered with the keys, "W 150"
    points: tuple[int, int] | None = None  # the deal's points to NS and EW, once the result is known
    sheet: dict[str, Any] | None = None  # the game's score sheet (see ``sheet_summary``)
    announced: tuple[tuple[str, int], ...] = ()  # Minibridge: each seat's high-card points
    numbers: dict[str, str] = field(default_factory=dict)  # players' numbers: keyed so far, or entered
    entered: tuple[str, ...] = ()  # the seats whose number is entered ("0": a guest)
    names: dict[str, str] = field(default_factory=dict)  # the station's names of the numbers entered
    message: str | None = None

    def callers(self) -> list[Seat]:
        """The seat that made each call (Law 29A: not always the next one clockwise)."""
        return callers(Seat.parse(self.dealer), len(self.calls), self.skipped)

    def durable(self) -> dict[str, Any]:
        """The state that must survive a restart (the message is for the moment only), as JSON
        would carry it."""
        state = asdict(self)
        del state["message"]
        durable: dict[str, Any] = json.loads(json.dumps(state))
        return durable


def table_view(b: BoardInPlay, boards_done: int, message: str | None,
               sheet: ScoreSheet | None = None) -> TableView:
    """The view of board ``b`` after ``boards_done`` boards of the session, and the game's
    score ``sheet`` when the form keeps one."""
    play = b.play
    view = TableView(
        phase=b.phase.value, board=b.board, dealer=str(b.dealer),
        vulnerability=str(b.vulnerability), turn=_turn(b),
        calls=tuple(str(call) for call in b.auction.calls),
        pending={str(seat): str(level) for seat, level in b.pending.items()},
        entry=_entry_text(b), contract=str(b.contract) if b.contract else None,
        declarer=str(b.declarer) if b.declarer else None,
        trick=tuple((str(play.current.seat_of(i)), str(card))
                    for i, card in enumerate(play.current.cards)) if play else (),
        played=tuple(str(c) for t in play.tricks for c in t.cards) if play else (),
        tricks_ns=play.tricks_won(Seat.N.side) if play else 0,
        tricks_ew=play.tricks_won(Seat.E.side) if play else 0,
        claim=_claim_text(b), deciders=tuple(str(seat) for seat in _deciders(b)),
        irregularity=irregularity.text(b),
        revokes=tuple(f"{r.seat}:{r.card}" for r in play.revokes) if play else (),
        hand_counts=tuple(len(b.scanned[seat]) for seat in Seat),  # type: ignore[arg-type]
        problems=tuple(b.problems), tricks=b.tricks, score_ns=result.score_ns(b),
        director=(f"{notation.seat(str(b.director))}: {b.director_reason}" if b.director else None),
        boards_done=boards_done, alerts=tuple(sorted(b.auction.alerts)), skipped=tuple(b.auction.skipped),
        stop=str(b.stopped) if b.stopped is not None else None,
        lead_choice=_lead_choice_text(b), claim_analysis=b.claim_analysis,
        game=b.config.game, deal=b.setup.number, honours=str(b.honours) if b.honours else None,
        points=result.points(b), sheet=None if sheet is None else sheet_summary(sheet),
        announced=tuple((str(seat), hcp) for seat, hcp in announcement.points(b).items())
        if b.phase is Phase.ANNOUNCE else (),
        numbers={str(seat): b.player_numbers.get(seat, b.typed.get(seat, "")) for seat in Seat}
        if b.phase is Phase.PLAYERS else {},
        # a seat not asked (a new player's number is asked at another) waits as if it had entered
        entered=tuple(str(seat) for seat in Seat if seat in b.player_numbers or seat not in b.asked),
        message=message,
    )
    two = twoplayer.played(b)
    if two is None:
        return view
    cards = [card for trick in two.tricks for card in trick.cards]
    won = {side: sum(1 for trick in two.tricks if trick.winner.side is side) for side in (Side.NS, Side.EW)}
    return replace(
        view, trick=((str(two.leader), str(two.led)),) if two.led else (),
        played=tuple(str(card) for card in [*cards, *([two.led] if two.led else [])]),
        tricks_ns=won[Side.NS], tricks_ew=won[Side.EW],
        turn=str(two.turn) if b.phase in (Phase.STOCK, Phase.PLAY) and not two.is_complete else view.turn)


def _lead_choice_text(b: BoardInPlay) -> str | None:
    """Declarer's choice due now, with the keys: before a lead (Law 26, 50D2) a suit key forbids,
    OK requires (26A2, 50D2a), PASS waives; the penalty card a defender plays (51A), 1 the first
    listed, 2 the second..."""
    play = b.play if b.phase is Phase.PLAY else None
    if play is None:
        return None
    due = play.designation_due
    if due:
        return _("declarer designates the penalty card {seat} plays (Law 51A): {cards}").format(
            seat=notation.seat_name(str(play.turn)),
            cards=", ".join(f"{number} = {notation.card(str(card))}" for number, card in enumerate(due, 1)))
    choice = play.lead_choice
    if choice is None:
        return None
    if b.requiring:
        keys = _("the suit key of the suit required")
    elif len(choice.require) == 1:
        keys = _("suit key forbids, OK requires, PASS waives")
    elif choice.require:
        keys = _("suit key forbids, OK then suit key requires, PASS waives")
    else:
        keys = _("suit key forbids, PASS waives")
    return f"{choice}: {keys}"


def sheet_summary(sheet: ScoreSheet) -> dict[str, Any]:
    """What the screens show of a score sheet, JSON-ready, each pair of figures NS then EW:
    the points written above and below the line, games won, totals (with an unfinished
    rubber's bonuses, were it to stop now), the counted deals of the current round of four
    (number, dealer, vulnerability, points) and the winner once over."""
    sides = (Side.NS, Side.EW)
    counted = [deal for deal in sheet.deals if deal.counted]
    recent = counted[-((len(counted) - 1) % 4 + 1):] if counted else []
    winner = sheet.winner
    return {
        "title": sheet.title, "line": sheet.has_line, "over": sheet.over,
        "above": [sum(deal.points(side, False) for deal in sheet.deals) for side in sides],
        "below": [sheet.line_total(side, True) for side in sides],
        "games": [sheet.games[side] for side in sides],
        "total": [sheet.total(side) for side in sides],
        "vulnerability": str(sheet.vulnerability),
        "deals": [[deal.setup.number, str(deal.setup.dealer), str(deal.setup.vulnerability),
                   deal.points(Side.NS), deal.points(Side.EW)] for deal in recent],
        "winner": None if winner is None else winner.value,
    }


def _deciders(b: BoardInPlay) -> tuple[Seat, ...]:
    irr = b.irregularity()
    if irr is not None:
        return irr.deciders
    if b.phase is Phase.RESULT:
        return b.confirmers()
    claim = b.play.claim_made if b.play else None
    if b.phase is Phase.CLAIM and claim is not None:
        return (claim.claimer.lho, claim.claimer.rho)
    return ()


def _turn(b: BoardInPlay) -> str | None:
    if b.phase is Phase.ANNOUNCE:  # whose points are due, then declarer's announcement
        seat = announcement.turn(b) or announcement.declarer(b)
        return None if seat is None else str(seat)
    if b.phase is Phase.AUCTION:
        return str(b.auction.turn)
    if b.phase is Phase.PLAY and b.play is not None:
        return str(b.play.turn)
    return None


def _entry_text(b: BoardInPlay) -> str | None:
    if b.phase is Phase.CONTRACT_ENTRY:
        strain = b.entry_strain.symbol if b.entry_strain is not None else ""
        return f"{b.number or ''}{strain}{'X' * b.entry_risk}" or "Pass"
    if b.phase is Phase.LEAD_ENTRY:
        suit = Suit(int(b.entry_strain)).symbol if b.entry_strain is not None else "?"
        return f"{suit}{Rank(b.number).letter}"
    if b.phase in (Phase.CLAIM_ENTRY, Phase.CLAIM_RULING, Phase.TRICKS_ENTRY, Phase.ANNOUNCE):
        return str(b.number)
    return None


def _claim_text(b: BoardInPlay) -> str | None:
    claim = b.play.claim_made if b.play else None
    if b.phase is Phase.CLAIM_ENTRY and b.claimer is not None:
        return _("{seat} claims {tricks}").format(seat=notation.seat_name(str(b.claimer)), tricks=b.number)
    if claim is None:
        return None
    return _("{seat} claims {tricks} of {left} ({state})").format(
        seat=notation.seat_name(str(claim.claimer)), tricks=claim.tricks, left=claim.remaining,
        state=_(_CLAIM_STATES[claim.state]))
