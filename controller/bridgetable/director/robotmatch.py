"""A single table against the robots, at the station: the session's one table is the Open room;
the robot table (``robots.table``) plays each board with the same cards in the Closed room, and
``robots.match`` turns the difference of North-South's scores into IMPs (Law 78B) board by board,
as our results arrive. An adjusted score at our table has no contract to compare: it is left out
of the match (the director's IMP equivalent goes on the traveller instead).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..bridge import Contract, Deal, Seat, Vulnerability, trick_winner
from ..formats.record import BoardRecord
from ..robots.match import MatchBoard, MatchResult
from ..robots.table import robot_board
from .store import BoardInfo, StoredResult


@lru_cache(maxsize=4096)
def _robots(board: int, deal: str, dealer: str, vulnerability: str) -> BoardRecord:
    # the robots are deterministic: a board is played once per process, not at every rescoring
    return robot_board(board, Deal.parse(deal), Seat.parse(dealer), Vulnerability.parse(vulnerability))


def robots_record(info: BoardInfo) -> BoardRecord:
    """The robot table's record of a board (its deal is needed: a board without one is an error)."""
    if info.deal is None:
        raise ValueError(f"board {info.board} has no deal: the robots cannot play it")
    return _robots(info.board, info.deal, info.dealer, info.vulnerability)


def robots_result(info: BoardInfo, session: str) -> StoredResult:
    """The robot table's board as a result of "table 0" (the Closed room), with its auction and
    its play in the order the cards were played, for the board page and its hand viewer."""
    record = robots_record(info)
    play: list[str] = []
    leader = record.opening_leader
    trump = record.contract.strain.trump if record.contract is not None else None
    for trick in record.tricks:
        if leader is None:
            break
        cards = [trick[leader.after(i)] for i in range(4) if leader.after(i) in trick]
        play += [str(card) for card in cards]
        if len(cards) < 4:
            break
        leader = trick_winner(leader, cards, trump)
    contract = str(record.contract) if record.contract else "Pass"
    declarer = str(record.declarer) if record.declarer else None
    return StoredResult(session, 0, 0, info.board, 0, 0, 0, contract, declarer, record.result,
                        record.score_ns, lead=play[0] if play else None, source="robots",
                        record={"auction": [str(call) for call in record.calls], "play": play})


def our_record(result: StoredResult, info: BoardInfo) -> BoardRecord:
    """Our table's result of a board as a record: contract, declarer, tricks and score."""
    contract = Contract.parse_or_pass(result.contract)
    return BoardRecord(board=result.board, dealer=Seat.parse(info.dealer),
                       vulnerability=Vulnerability.parse(info.vulnerability),
                       deal=Deal.parse(info.deal) if info.deal else None, contract=contract,
                       passed_out=contract is None,
                       declarer=Seat.parse(result.declarer) if result.declarer else None,
                       result=result.tricks, score_ns=result.ns_score)


def robot_match(results: Iterable[StoredResult], boards: dict[int, BoardInfo]) -> MatchResult:
    """The match so far: each board our table has played (and not had adjusted) against the robots."""
    played = [MatchBoard(open=our_record(r, boards[r.board]), closed=robots_record(boards[r.board]))
              for r in results if not r.adjusted]
    return MatchResult(sorted(played, key=lambda b: b.board))

