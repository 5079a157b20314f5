"""The robot table: the contract robot bids, the card-play robot plays all four hands, and the
board is recorded as a BoardRecord (auction, every trick, contract, declarer, result, score)."""

from __future__ import annotations

from ..bridge import (
    Auction,
    Deal,
    Play,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    duplicate_score,
)
from ..formats.record import BoardRecord
from .cardplay import choose_card
from .contract import choose_contract, robot_auction
from .view import view_for


def record_of_play(board: int, deal: Deal, auction: Auction, play: Play | None,
                   vulnerability: Vulnerability) -> BoardRecord:
    """The record of a finished board (``play`` is None when the auction was passed out)."""
    record = BoardRecord(board=board, dealer=auction.dealer, vulnerability=vulnerability, deal=deal,
                         auction_first=auction.dealer, calls=auction.calls, auction_ended=True)
    if play is None:
        record.passed_out = True
        record.score_ns = 0
        return record
    record.contract = play.contract
    record.declarer = play.declarer
    record.opening_leader = play.opening_leader
    record.tricks = [{trick.seat_of(i): card for i, card in enumerate(trick.cards)}
                     for trick in play.tricks if trick.cards]
    record.result = play.declarer_tricks
    score = duplicate_score(play.contract, record.result, vulnerability.is_vulnerable(play.declarer))
    record.score_ns = score if play.declarer.side is Side.NS else -score
    return record


def play_to_end(play: Play) -> None:
    """Let the card-play robot play every remaining card of every hand."""
    while not play.is_complete:
        play.play(choose_card(view_for(play)))


def robot_board(board: int, deal: Deal, dealer: Seat | None = None,
                vulnerability: Vulnerability | None = None) -> BoardRecord:
    """The robots play one board; dealer and vulnerability default to the board cycle (Law 2)."""
    dealer = board_dealer(board) if dealer is None else dealer
    vulnerability = board_vulnerability(board) if vulnerability is None else vulnerability
    choice = choose_contract(deal, dealer)
    auction = Auction(dealer, robot_auction(choice, dealer))
    assert auction.contract is not None and auction.declarer is not None  # a bid, then 3 passes
    play = Play(deal, auction.contract, auction.declarer)
    play_to_end(play)
    return record_of_play(board, deal, auction, play, vulnerability)
