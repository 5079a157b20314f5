"""The board flow: the table unit's state machine, fed one TableEvent at a time.

``BoardFlow`` is the coordinator: it holds the session (the boards, ``WAITING`` and ``DONE``)
and a ``board.BoardInPlay`` per board, and hands each event to the handler of the board's phase,
one module per phase in ``phases/`` (``HANDLERS`` below is the whole table of them).

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
  DIRECTOR anywhere else calls the director (pressed again: the call is answered), except dummy's
  during the play, which may only answer a call (Laws 9A4, 43A1).
- Under the "laws" policy (``FlowConfig.policy``) an insufficient bid, a call out of rotation or a
  lead out of turn is taken and held pending (see ``bridge.irregularity``): OK at the seat the Law
  names (the offender's LHO; declarer, or a defender for declarer's own lead) accepts it (and
  UNDO there refuses a lead), PASS at
  declarer's seat after an opening lead out of turn spreads declarer's hand as dummy (54A);
  DIRECTOR at any seat calls the director, who then enters the decision at any seat: OK accepts,
  UNDO does not (the call is cancelled, the card goes back), PASS spreads. The decision is an
  event like any other, so the journal holds the irregularity and the decision, and a restart
  replays both. Declarer's choices before a lead (Laws 26, 50D2) and of a penalty card (51A) are
  keys at declarer's seat too (``phases.play``).

The station's ask for a new player's number (``TableEvent.ask``: the director's word that a
substitute sits at a seat) is taken like a key of that seat: the seat is asked its number at the
board not yet begun (the one on its start screen, or the next one), once per request.

``handle`` never raises for bad input: an irregular or unexpected event is refused with a message
(the "prevent" policy: the board carries on) and leaves the state untouched, so that the state is
always the replay of the accepted events. That is what the journal relies on.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from ..bridge import Auction, BridgeError, Card, Contract, Play, Seat, words
from ..events import EventKind, Key, TableEvent
from ..i18n import LAWS, notation
from .board import BoardInPlay, DealRules, FlowConfig, Handler, Phase, Refused
from .forms import table_form
from .phases import announcement, auction, claim, irregularity, play, players, result, start, twoplayer
from .view import TableView, table_view

__all__ = ["BoardFlow", "FlowConfig", "Outcome", "Phase", "Refused", "TableView"]

_ = LAWS.gettext

HANDLERS: dict[Phase, Handler] = {
    Phase.PLAYERS: players.on_key,
    Phase.START: start.on_start,
    Phase.HAND_CHECK: start.on_hand_check_key,
    Phase.AUCTION: auction.on_auction_key,
    Phase.ANNOUNCE: announcement.on_key,
    Phase.CONTRACT_ENTRY: auction.on_contract_entry,
    Phase.LEAD_ENTRY: play.on_lead_entry,
    Phase.PLAY: play.on_play_key,
    Phase.TRICKS_ENTRY: play.on_tricks_entry,
    Phase.CLAIM_ENTRY: claim.on_claim_entry,
    Phase.CLAIM: claim.on_claim_decision,
    Phase.CLAIM_RULING: claim.on_claim_ruling,
    Phase.RESULT: result.on_result,
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """What ``handle`` did: ``changed`` events must be journaled; ``result`` goes to the outbox."""

    changed: bool
    message: str | None = None
    result: dict[str, Any] | None = None


def _key(event: TableEvent) -> Key:
    try:
        return Key(event.value)
    except ValueError:
        raise Refused(_("unknown key {key!r} at {seat}").format(
            key=event.value, seat=words.seat(event.seat))) from None


def _card(event: TableEvent) -> Card:
    try:
        return Card.parse(event.value)
    except BridgeError:
        raise Refused(_("unreadable card {card!r} at {seat}").format(
            card=event.value, seat=words.seat(event.seat))) from None


def _measure(board: BoardInPlay, before: Phase, at: float | None) -> None:
    """The board's tempo after an accepted event: the auction begins, or a call or card is made
    or withdrawn (see ``tempo``)."""
    began = board.phase in (Phase.AUCTION, Phase.PLAY) and before is not board.phase
    if began and board.tempo.last is None:  # the auction, or the play after a contract entered
        board.tempo.begin(at)
    cards = sum(len(trick.cards) for trick in board.play.tricks) if board.play is not None else 0
    board.tempo.observe(at, len(board.auction.calls), cards)


class BoardFlow:
    """The state of the table: the session's boards, and the board in play."""

    def __init__(self, config: FlowConfig) -> None:
        self.config = config
        self.form = table_form(config)
        self.boards_done = 0
        self.skipped: set[int] = set()  # boards the director marked not played, taken out (``drop_boards``)
        self.message: str | None = None
        self.asks: set[tuple[str, Seat]] = set()  # the station's asks taken (request, seat)
        self.new_players: dict[Seat, str] = {}  # seats to be asked their number at the next board: the ask
        self._start_board()

    def _start_board(self) -> None:
        """The next deal the form gives, or WAITING (for the station's boards) or DONE."""
        form, done = self.form, self.boards_done
        setup = form.setup(done)
        first = self.config.player_numbers and done == 0
        if setup is not None:
            phase = Phase.PLAYERS if first or self.new_players else Phase.START
        else:
            phase = Phase.WAITING if self.config.more_boards else Phase.DONE
            setup = form.resting(done)
        rules = DealRules(form.score, form.first_phase(), form.counts_honours, form.passed_out,
                          form.players, form.handlers())
        self.current = BoardInPlay(self.config, form.board(done, setup), phase, setup, rules)
        if phase is Phase.PLAYERS:
            self.current.asked = frozenset(Seat) if first else frozenset(self.new_players)
            self.current.requests = set(self.new_players.values())
            self.new_players = {}

    # the board in play, as the service and the tests look at it
    @property
    def phase(self) -> Phase:
        return self.current.phase

    @property
    def board(self) -> int:
        return self.current.board

    @property
    def auction(self) -> Auction:
        return self.current.auction

    @property
    def play(self) -> Play | None:
        return self.current.play

    @property
    def contract(self) -> Contract | None:
        return self.current.contract

    @property
    def declarer(self) -> Seat | None:
        return self.current.declarer

    @property
    def director(self) -> Seat | None:
        return self.current.director

    def add_boards(self, boards: list[int], final: bool) -> None:
        """The station's assignment of a table whose boards come from the station: its boards are
        played after those given so far (a board given before is not played twice). Events are
        refused while waiting, so replaying the journal with every board given from the start
        arrives at the same state."""
        if not self.config.more_boards:
            return
        self.config.boards.extend(b for b in boards if b not in self.config.boards and b not in self.skipped)
        self.config.more_boards = not final
        if self.phase is Phase.WAITING:
            self._start_board()

    def drop_boards(self, boards: Collection[int]) -> list[int]:
        """Boards the director marked not played: those this table has not begun are taken out of
        its boards, and a board waiting to be started gives way to the next (the session's first,
        once its players' numbers are keyed, stays: they belong to it). Those played or begun stay:
        their results reach the director. Replaying the journal with them taken out from the start
        arrives at the same state. Returns the boards taken out."""
        done = self.boards_done
        begun = self.phase not in (Phase.START, Phase.WAITING) or (done == 0 and self.config.player_numbers)
        first_open = done + 1 if begun else done
        dropped = [board for board in self.config.boards[first_open:] if board in boards]
        self.skipped.update(dropped)
        if dropped:
            self.config.boards[first_open:] = [b for b in self.config.boards[first_open:] if b not in boards]
            if first_open == done and self.phase is Phase.START:
                self._start_board()
        return dropped

    # ---- events --------------------------------------------------------------------------------
    def handle(self, event: TableEvent, at: float | None = None) -> Outcome:
        """Apply one event; a refused one changes nothing and says why. ``at``: the event's moment
        (Unix time, the journal's), from which the board's tempo is measured (``tempo``); None: no
        tempo is kept for this board."""
        board, before = self.current, self.current.phase
        note: str | None
        try:
            request = event.asked()
            if request is not None:
                note, record = self._on_ask(event.seat, request), None
            elif event.kind is EventKind.CARD:
                note, record = self._on_card(event.seat, _card(event)), None
            else:
                note, record = self._on_key(event.seat, _key(event))
        except (Refused, BridgeError) as error:
            self.message = str(error)
            return Outcome(False, self.message)
        self.message = note
        if board is self.current:  # a confirmed board's tempo is in its record already
            _measure(board, before, at)
        return Outcome(True, note, record)

    def _on_ask(self, seat: Seat, request: str) -> str:
        """The station asks ``seat`` for a new player's number: at this board if it has not begun
        (its start screen, or the numbers being entered), else at the next one."""
        if (request, seat) in self.asks:
            raise Refused(_("{seat}: the new player's number is asked already").format(seat=words.seat(seat)))
        self.asks.add((request, seat))
        board = self.current
        if board.phase in (Phase.START, Phase.PLAYERS):
            board.asked = (board.asked if board.phase is Phase.PLAYERS else frozenset()) | {seat}
            board.phase = Phase.PLAYERS
            board.player_numbers.pop(seat, None)  # entered by the player before, if any
            board.typed.pop(seat, None)
            board.requests.add(request)
            return _("{seat}: a new player, please enter your number").format(seat=words.seat(seat))
        self.new_players[seat] = request
        return _("{seat}: a new player enters their number at the next board").format(seat=words.seat(seat))

    def _on_card(self, seat: Seat, card: Card) -> str | None:
        if self.current.rules.players is not None and self.phase in (Phase.STOCK, Phase.PLAY):
            return twoplayer.on_card(self.current, seat, card)
        if self.phase is Phase.HAND_CHECK:
            return start.on_scan(self.current, seat, card)
        if self.phase is Phase.PLAY:
            return play.on_card(self.current, seat, card)
        raise Refused(_("{card} scanned at {seat}: no card is expected now").format(
            card=notation.card(str(card)), seat=words.seat(seat)))

    def _on_key(self, seat: Seat, key: Key) -> tuple[str | None, dict[str, Any] | None]:
        board = self.current
        if board.phase is Phase.WAITING:
            raise Refused(_("waiting for the station to assign the next boards"))
        if board.irregularity() is not None:
            return irregularity.on_key(board, seat, key), None
        if key is Key.DIRECTOR and not (claim.disputes(board, seat) or result.disputes(board, seat)):
            if board.director is None and play.dummy_silenced(board, seat):
                raise Refused(_(play.DUMMY_SILENT))
            return board.toggle_director(seat), None
        handler = board.rules.handlers.get(board.phase) or HANDLERS.get(board.phase)
        if handler is None:
            raise Refused(_("the session is over: every board is confirmed"))
        note = handler(board, seat, key)
        if board.confirmed_by is None:
            return note, None
        record = result.record(board, board.confirmed_by)
        try:
            record.update(self.form.record(board.setup, result.deal_result(board)))
        except BridgeError:
            board.confirmed_by = None  # nothing changed: the form refused the result
            raise
        self.boards_done += 1
        self._start_board()
        return note, record

    def result_record(self, confirmed_by: Seat) -> dict[str, Any]:
        """The confirmed result as the outbox stores it (see ``phases.result.record``)."""
        return result.record(self.current, confirmed_by)

    @property
    def score_ns(self) -> int | None:
        return result.score_ns(self.current)

    def view(self) -> TableView:
        return table_view(self.current, self.boards_done, self.message, self.form.sheet())
