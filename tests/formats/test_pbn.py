"""PBN reading and writing: the standard's features, tolerance of real files, round trips."""

from __future__ import annotations

from bridgetable.bridge import Call, Card, Contract, Seat, Vulnerability
from bridgetable.formats.pbn import read_pbn, write_pbn

GAME = """% PBN 2.1
% EXPORT
[Event "Club night"]
[Site "Aarhus"]
[Date "2024.01.11"]
[Board "3"]
[West "W"]
[North "N"]
[East "E"]
[South "S"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]
[Scoring "MP"]
[Declarer "S"]
[Contract "5HX"]
[Result "9"]
[Score "EW 300"]
[Auction "S"]
Pass 1D 1S 3H =1=
4S 4NT =2= X Pass
Pass 5C X 5H
X AP
[Note "1: non-forcing 6-9 points"]
[Note "2:two colours"]
[Play "W"]
SK H3 S4 S3
C5 C2 C6 CK
-  -  -  H2
*
"""


def test_reads_the_typed_tags() -> None:
    (record,) = read_pbn(GAME)
    assert record.problems == []
    assert record.board == 3
    assert record.dealer is Seat.S
    assert record.vulnerability is Vulnerability.EW
    assert record.deal is not None and Card.parse("SA") in record.deal[Seat.E]
    assert record.declarer is Seat.S
    assert record.contract == Contract.parse("5HX")
    assert record.result == 9
    assert record.score_ns == -300
    assert record.tags["Event"] == "Club night"
    assert list(record.tags)[:4] == ["Event", "Site", "Date", "Board"]
    assert record.line == 3


def test_reads_the_auction_with_notes_and_all_pass() -> None:
    (record,) = read_pbn(GAME)
    assert record.auction_first is Seat.S
    assert [str(c) for c in record.calls] == (
        "Pass 1D 1S 3H 4S 4NT X Pass Pass 5C X 5H X Pass Pass Pass".split())
    assert record.auction_ended
    assert record.call_notes == {3: "non-forcing 6-9 points", 5: "two colours"}


def test_reads_the_play_in_columns_from_the_opening_leader() -> None:
    (record,) = read_pbn(GAME)
    assert record.opening_leader is Seat.W
    assert record.tricks[0] == {Seat.W: Card.parse("SK"), Seat.N: Card.parse("H3"),
                                Seat.E: Card.parse("S4"), Seat.S: Card.parse("S3")}
    assert record.tricks[2] == {Seat.S: Card.parse("H2")}
    assert record.claimed


def test_round_trip_keeps_the_record() -> None:
    (record,) = read_pbn(GAME)
    (again,) = read_pbn(write_pbn([record]))
    again.line = record.line
    assert again == record
    assert Call.parse("5H") in again.calls
