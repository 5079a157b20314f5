"""A table's result against the station's own session: what a valid signature does not prove.

The link has checked the message's form and its Law 77 arithmetic with the vulnerability the
message states; here every field is checked against what the station knows: the session's name,
the movement (the round, the board given that table in that round, the pairs there), the board
(Law 2's dealer and vulnerability, or the deal file's; the deal), the auction as recorded (its
contract and declarer, irregular or not), the opening lead (from the opening leader's hand), the
play (a whole one, without claim or irregularity: legal with the board's cards, and the tricks it
gives declarer) and the score with the board's own vulnerability.
``result_problem`` names the first field that does not fit, or returns None.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bridge import (
    Auction,
    BridgeError,
    Card,
    Choice,
    Contract,
    Deal,
    Play,
    Seat,
    Vulnerability,
    callers,
    duplicate_score,
)
from ..movements import Movement
from .store import BoardInfo


def result_problem(message: Mapping[str, Any], session: str, movement: Movement,
                   boards: Mapping[int, BoardInfo]) -> str | None:
    """Why this result does not belong to ``session`` as the movement and boards say, or None."""
    table, board = message["table"], message["board"]
    if message["session"] != session:
        return f"session {message['session']!r}: this station runs {session!r}"
    rounds = [a.round for a in movement.assignments if a.table == table and board in a.boards]
    if not rounds:
        return f"board {board}: the movement does not give it to table {table}"
    if message["round"] and message["round"] not in rounds:
        return f"round {message['round']}: table {table} plays board {board} in round {rounds[0]}"
    seat = movement.at(message["round"] or rounds[0], table)
    for side in ("ns", "ew"):
        pair = getattr(seat, side) if seat is not None else None
        if side in message and message[side] != pair:
            return f"{side} pair {message[side]}: pair {pair} sits {side.upper()} at table {table}"
    info = boards.get(board)
    if info is None:
        return None  # a session without its boards: nothing more to check against
    return _board_problem(message, info)


def _board_problem(message: Mapping[str, Any], info: BoardInfo) -> str | None:
    """The fields that must agree with the board itself (Law 2, the deal, the auction, Law 77)."""
    if message.get("dealer", info.dealer) != info.dealer:
        return f"dealer {message['dealer']}: board {info.board}'s dealer is {info.dealer}"
    if message.get("vulnerability", info.vulnerability) != info.vulnerability:
        return f"vulnerability {message['vulnerability']}: board {info.board} is {info.vulnerability}"
    if info.deal and message.get("deal") and not _same_deal(message["deal"], info.deal):
        return f"deal: not the cards of board {info.board}"
    contract = Contract.parse_or_pass(message["contract"])  # the schema has parsed it already
    declarer = Seat.parse(message["declarer"]) if message["declarer"] else None
    problem = _auction_problem(message, Seat.parse(info.dealer), contract, declarer)
    if problem is not None or contract is None or declarer is None:
        return problem
    problem = (_lead_problem(message, info.deal, declarer)
               or _play_problem(message, info.deal, contract, declarer))
    if problem is not None:
        return problem
    score = duplicate_score(contract, message["tricks"],
                            Vulnerability.parse(info.vulnerability).is_vulnerable(declarer))
    expected = score if declarer in (Seat.N, Seat.S) else -score
    if message["score_ns"] != expected:
        return (f"score {message['score_ns']}: {contract} by {declarer} making {message['tricks']} "
                f"scores {expected} for NS on board {info.board} (Law 77)")
    return None


def _auction_problem(message: Mapping[str, Any], dealer: Seat, contract: Contract | None,
                     declarer: Seat | None) -> str | None:
    """The auction as recorded must end in the contract, played by the declarer it makes. It is
    replayed as the table's ``laws`` policy holds it: an insufficient bid stands only where the
    result lists it as accepted (Law 27A), a call out of rotation only after the turns the result
    says were lost to it (``skipped``, Law 29A). Whatever else the engine refuses is refused here,
    whoever called the director: the director's own result (a director revision) is the way round.
    After a director call the partner of the auction's declarer may have declared (declarer spread
    his hand after an opening lead out of turn, Law 54A)."""
    calls = message.get("auction")
    if calls is None:
        return None  # a table without bidding boxes sends no auction
    skipped = message.get("skipped") or []
    if any(index >= len(calls) for index in skipped):
        return f"skipped: a turn lost after call {max(skipped)}, of {len(calls)} calls"
    seats = callers(dealer, len(calls), skipped)
    accepted = set(message.get("accepted") or ())
    auction = Auction(dealer, policy="laws")
    try:
        for index, (call, seat) in enumerate(zip(calls, seats, strict=True)):
            auction.add(call, seat)
            pending = auction.pending
            if pending is not None and pending.law == "27" and index not in accepted:
                return f"auction: call {index + 1}, {call}: an insufficient bid the result does not accept"
            if pending is not None:
                auction.decide(Choice.ACCEPT)
    except (BridgeError, ValueError) as error:
        return f"auction: call {index + 1}, {call}: {error}"
    if not auction.is_complete:
        return "auction: not complete"
    spread = (bool(message.get("director_calls")) and auction.declarer is not None
              and declarer == auction.declarer.partner)
    if auction.contract != contract or (auction.declarer != declarer and not spread):
        made = f"{auction.contract} by {auction.declarer}" if auction.contract else "passed out"
        played = f"{contract} by {declarer}" if contract else "passed out"
        return f"contract {played}: the auction makes {made}"
    return None


def _lead_problem(message: Mapping[str, Any], deal: str | None, declarer: Seat) -> str | None:
    """The opening lead (the schema has made it the play's first card) is a card of the opening
    leader's hand, declarer's left-hand opponent; of the other defender's only after a director
    call (a lead out of turn accepted, Law 54)."""
    lead = message.get("lead") or next(iter(message.get("play") or ()), None)
    if lead is None or not deal:
        return None
    holder, leader = Deal.parse(deal).holder(Card.parse(lead)), declarer.lho
    if holder == leader or (holder == declarer.rho and message.get("director_calls")):
        return None
    return f"lead {lead}: {holder} holds it, and {leader} leads against {declarer}"


def _play_problem(message: Mapping[str, Any], deal: str | None, contract: Contract,
                  declarer: Seat) -> str | None:
    """A whole play (52 cards, no claim, revoke or director call) must be legal with the board's
    cards and give declarer the tricks the result says."""
    cards = message.get("play") or []
    if (not deal or len(cards) != 52 or message.get("claim") or message.get("revokes")
            or message.get("director_calls")):
        return None
    play = Play(Deal.parse(deal), contract, declarer)
    try:
        for card in cards:
            play.play(card)
    except (BridgeError, ValueError) as error:
        return f"play: {error}"
    won = play.tricks_won(declarer.side)
    if message["tricks"] != won:
        return f"tricks {message['tricks']}: the play gives declarer {won}"
    return None


def _same_deal(sent: str, known: str) -> bool:
    try:
        return Deal.parse(sent) == Deal.parse(known)
    except (BridgeError, ValueError):
        return False
