"""`bridgetable match --boards N`: a match played live in the terminal.

You sit at one seat of the Open room; robots hold the other three seats there and all four seats
in the Closed room. Your opponents at your table bid what their pair would choose at the robot
table (looking at their two hands together, as the robots there do) when they hold 20 or more
high-card points, the robot rules make that robot the declarer and the bid is still sufficient.
Your partner sees only its own hand and the calls: it bids by the simple rules of ``partner``.
Robots never double. You type calls ("1NT", "p", "x") and cards ("SA", "h10"); an illegal one is
refused with the reason and the Law, and you are asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from ..bridge import PASS, Auction, BridgeError, Call, Card, Contract, Deal, Play, Seat, Side
from ..formats.record import BoardRecord
from ..i18n import CLI, notation
from .cardplay import choose_card
from .contract import contract_for_side, side_hcp
from .display import auction_text, diagram, result_text, trick_text
from .match import MatchBoard, MatchResult, robots_for
from .partner import partner_call
from .replay import match_text
from .table import record_of_play
from .view import view_for

_ = CLI.gettext


class Abandoned(Exception):
    """The player left the match (typed "quit" or the input ended)."""


class Quit(Abandoned):
    """The player typed "quit": leaving by choice, not an error."""


def table_robot_call(auction: Auction, deal: Deal, seat: Seat, human: Seat) -> Call:
    """A robot's call at your table (see the module docstring): your partner is given its own
    hand only."""
    if seat == human.partner:
        return partner_call(auction, deal[seat], seat)
    if side_hcp(deal, seat.side) < 20:
        return PASS
    choice = contract_for_side(deal, seat.side, auction.dealer)
    bid = Call.bid(choice.contract.level, choice.contract.strain)
    if choice.declarer == seat and auction.is_legal(bid):
        return bid
    return PASS


class TerminalTable:
    """You at ``seat`` in the terminal, robots in the other three seats: typed calls and cards,
    refused with the reason until legal; ``auction`` and ``play`` show the deal in progress."""

    def __init__(self, seat: Seat, stdin: TextIO, stdout: TextIO) -> None:
        self.seat = seat
        self.stdin = stdin
        self.stdout = stdout
        self.auction: Auction | None = None
        self.play: Play | None = None

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise Abandoned(_("the input ended"))
        text = line.strip()
        if not self.stdin.isatty():  # typed by a program or a file: show it, as a terminal would
            self.say(text)
        if text.lower() in ("q", "quit", "exit"):
            raise Quit(_("you left the match"))
        return text

    def bid(self, deal: Deal, dealer: Seat) -> Auction:
        auction = self.auction = Auction(dealer)
        while not auction.is_complete:
            seat = auction.turn
            if seat == self.seat:
                if auction.calls:  # the robots' calls since your last one
                    self.say(auction_text(dealer, auction.calls))
                legal = " ".join(str(call) for call in auction.legal_calls()[:4])  # as typed
                self.take(lambda text: auction.add(Call.parse(text)),
                          _("Your call ({seat}; e.g. {legal} ...): ").format(seat=notation.seat(seat.name),
                                                                             legal=legal))
            else:
                auction.add(table_robot_call(auction, deal, seat, self.seat), seat)
        self.say(auction_text(dealer, auction.calls))
        return auction

    def take(self, act: Callable[[str], object], prompt: str) -> None:
        """Ask until ``act(text)`` accepts the typed text; print the reason for each refusal."""
        while True:
            text = self.ask(prompt)
            try:
                act(text)
                return
            except BridgeError as error:
                self.say("  " + _("not accepted: {reason}").format(reason=error))

    def controls(self, play: Play, seat: Seat) -> bool:
        """Whether you choose the card for ``seat`` (your own, or dummy's when you declare)."""
        if seat == play.dummy:
            return play.declarer == self.seat
        return seat == self.seat

    def play_cards(self, deal: Deal, contract: Contract, declarer: Seat) -> Play:
        play = self.play = Play(deal, contract, declarer)
        while not play.is_complete:
            seat = play.turn
            trick = play.current
            if self.controls(play, seat):
                self.show(play)
                whose = _("Your card ({seat}): ") if seat == self.seat else _("Card from dummy ({seat}): ")
                self.take(lambda text: play.play(Card.parse(text)),
                          whose.format(seat=notation.seat(seat.name)))
            else:
                play.play(choose_card(view_for(play)), seat)
            if trick.is_complete:
                cards = [(trick.seat_of(i), card) for i, card in enumerate(trick.cards)]
                line = trick_text(trick.leader, cards, trick.winner)
                self.say(_("Trick {number}: {trick}   ({ns} {ns_tricks}, {ew} {ew_tricks})").format(
                    number=len(play.completed_tricks), trick=line, ns=notation.side("NS"),
                    ns_tricks=play.tricks_won(Side.NS), ew=notation.side("EW"),
                    ew_tricks=play.tricks_won(Side.EW)))
        return play

    def show(self, play: Play) -> None:
        """What you may see: your hand, dummy once exposed, the trick so far."""
        hands: dict[Seat, list[Card] | None] = {self.seat: sorted(play.remaining(self.seat))}
        if play.dummy_exposed:
            hands[play.dummy] = sorted(play.remaining(play.dummy))
        trick = play.current
        centre = [f"{notation.seat(trick.seat_of(i).name)}: {notation.card(str(card))}"
                  for i, card in enumerate(trick.cards)]
        self.say(diagram(hands, centre))
        legal = " ".join(str(card) for card in play.legal_cards())  # as typed
        self.say(_("Legal: {cards}").format(cards=legal))


class LiveMatch(TerminalTable):
    """The live match: ``boards`` in turn at your table, each against the robot table."""

    def __init__(self, boards: Sequence[BoardRecord], seat: Seat, stdin: TextIO, stdout: TextIO) -> None:
        super().__init__(seat, stdin, stdout)
        self.boards = boards

    def run(self) -> MatchResult:
        result = MatchResult([])
        self.say(_("A match of {n} boards against the robots; you are {seat}. At the other table robots "
                   "hold the same cards: those in your pair's seats are your opponents' team-mates. Type "
                   "\"quit\" to leave.").format(n=len(self.boards), seat=notation.seat_name(self.seat.name)))
        for board in self.boards:
            played = self.play_board(board)
            result.boards.append(played)
            side = notation.side("NS" if played.imps_ns >= 0 else "EW")
            self.say(_("Board {board}: our table {result}").format(
                board=played.board, result=result_text(played.open, played.open_ns)))
            self.say(_("Board {board}: robots    {result}").format(
                board=played.board, result=result_text(played.closed, played.closed_ns)))
            self.say(_("IMPs {side} {imps}; match so far {ns} {ns_imps}, {ew} {ew_imps}").format(
                side=side, imps=abs(played.imps_ns), ns=notation.side("NS"), ns_imps=result.imps_ns,
                ew=notation.side("EW"), ew_imps=result.imps_ew))
            self.say()
        self.say(_("Match over: {total}.").format(total=match_text(result)))
        return result

    def play_board(self, board: BoardRecord) -> MatchBoard:
        assert board.board is not None and board.deal is not None and board.dealer is not None
        assert board.vulnerability is not None
        self.say(_("=== Board {board}: dealer {dealer}, vulnerable {vulnerable} ===").format(
            board=board.board, dealer=notation.seat_name(board.dealer.name),
            vulnerable=notation.vulnerability(str(board.vulnerability))))
        self.say(diagram({self.seat: board.deal[self.seat]}))
        auction = self.bid(board.deal, board.dealer)
        play = None
        if auction.contract is not None and auction.declarer is not None:
            self.say(contract_text(auction.contract, auction.declarer))
            play = self.play_cards(board.deal, auction.contract, auction.declarer)
        else:
            self.say(_("Passed out."))
        record = record_of_play(board.board, board.deal, auction, play, board.vulnerability)
        return MatchBoard(open=record, closed=robots_for(board))


def contract_text(contract: Contract, declarer: Seat) -> str:
    """E.g. "Contract 4♠ by South"."""
    return _("Contract {contract} by {declarer}").format(contract=notation.call(str(contract)),
                                                         declarer=notation.seat_name(declarer.name))


def deal_heading(number: int, dealer: Seat, vulnerability: object) -> str:
    """E.g. "=== Deal 3: dealer South, vulnerable NS ===" (a home game's deal)."""
    return _("=== Deal {number}: dealer {dealer}, vulnerable {vulnerable} ===").format(
        number=number, dealer=notation.seat_name(dealer.name),
        vulnerable=notation.vulnerability(str(vulnerability)))


def made_text(declarer: Seat, tricks: int, contract: Contract) -> str:
    return _("{declarer} made {tricks} tricks in {contract}.").format(
        declarer=notation.seat_name(declarer.name), tricks=tricks, contract=notation.call(str(contract)))


def deal_score_text(number: int, ns_points: int, ew_points: int) -> str:
    return _("Deal {number} scores {ns} {ns_points}, {ew} {ew_points}.").format(
        number=number, ns=notation.side("NS"), ns_points=ns_points, ew=notation.side("EW"),
        ew_points=ew_points)


def seed_text(seed: int) -> str:
    return _("Random deals, seed {seed} (play them again with --seed {seed})").format(seed=seed)
