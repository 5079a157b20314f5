"""LIN reading and writing on small texts: every key, and every way a LIN text can go wrong."""

from __future__ import annotations

import pytest

from bridgetable.bridge import Call, Card, Contract, Deal, Play, Seat, Vulnerability
from bridgetable.formats.lin import LinError, read_lin, write_lin
from bridgetable.formats.record import BoardRecord

# kevinywlui__lin2pbn test.lin: ranks in ascending order, three hands, a full play.
KEVIN = (
    "pn|PearyCook,zetanot,krackistan,silentfree|st||md|3SJH468TD26TC457JQ,S37KH359AD49AC268,"
    "S458QH7JQKD3QC39K,|rh||ah|Board 1|sv|o|mb|1C|mb|1S|mb|p|mb|2S|mb|p|mb|3D|mb|p|mb|4S|mb|p|"
    "mb|p|mb|p|pg||pc|C5|pc|C2|pc|CK|pc|CA|pg||pc|S2|pc|SJ|pc|SK|pc|S4|pg||pc|S3|pc|S5|pc|ST|"
    "pc|D2|pg||pc|H2|pc|H4|pc|HA|pc|H7|pg||pc|S7|pc|S8|pc|S9|pc|H6|pg||pc|SA|pc|C4|pc|C6|pc|SQ|"
    "pg||pc|DK|pc|D6|pc|D4|pc|D3|pg||pc|D5|pc|DT|pc|DA|pc|DQ|pg||pc|D9|pc|C3|pc|DJ|pc|C7|pg||"
    "pc|D8|pc|CJ|pc|C8|pc|C9|pg||pc|D7|pc|H8|pc|H3|pc|HK|pg||pc|CT|pc|CQ|pc|H5|pc|HQ|pg||pc|HT|"
    "pc|H9|pc|HJ|pc|S6|pg||\n"
)

# Three hands of the deal (South, West, North; East has the rest of the pack).
HANDS = "SJH468TD26TC457JQ,S37KH359AD49AC268,S458QH7JQKD3QC39K,"
# A board with the deal and auction only: 1NT by South (dealer 1 = South), both vulnerable.
SMALL = f"md|1{HANDS}|ah|Board 4|sv|b|mb|1N|mb|p|mb|p|mb|p|"


def one(text: str) -> BoardRecord:
    records = read_lin(text)
    assert len(records) == 1
    return records[0]


def test_deal_auction_and_full_play():
    record = one(KEVIN)
    assert record.problems == []
    assert record.board == 1 and record.dealer is Seat.N and record.vulnerability is Vulnerability.NONE
    assert record.deal == Deal.parse(
        "S:J.T864.T62.QJ754 K73.A953.A94.862 Q854.KQJ7.Q3.K93 AT962.2.KJ875.AT")
    assert [str(c) for c in record.calls] == "1C 1S Pass 2S Pass 3D Pass 4S Pass Pass Pass".split()
    assert record.auction_first is Seat.N and record.auction_ended
    assert record.contract == Contract.parse("4S") and record.declarer is Seat.E
    assert record.opening_leader is Seat.S
    assert len(record.tricks) == 13 and all(len(trick) == 4 for trick in record.tricks)
    # trick 1 led by South (C5), won by West's ace: West leads S2 to trick 2
    assert record.tricks[0] == {Seat.S: Card.parse("C5"), Seat.W: Card.parse("C2"),
                                Seat.N: Card.parse("CK"), Seat.E: Card.parse("CA")}
    assert record.tricks[1][Seat.E] == Card.parse("S2")
    fields = KEVIN.split("|")
    cards = [fields[i + 1] for i in range(0, len(fields) - 1, 2) if fields[i] == "pc"]
    play = Play.replay(record.deal, record.contract, record.declarer, cards)
    assert not record.claimed and record.result == play.declarer_tricks == 12
    assert record.tags == {"South": "PearyCook", "West": "zetanot", "North": "krackistan",
                           "East": "silentfree"}


def test_alerts_explanations_and_claim():
    text = ("md|3S2TKH248TQD7C259T,S456H56JKD45TC7QA,S389QAH379AD29KC3,|ah|Board 1|sv|o|"
            "mb|1S|mb|2N!|an|gesthem|mb|p|mb|3C!|mb|p|mb|p|mb|p|"
            "pc|S2|pc|S4|pc|SA|pc|S7|pg||pc|S3|mc|10|")
    record = one(text)
    assert record.call_notes == {1: "gesthem", 3: ""}
    assert record.contract == Contract.parse("3C") and record.declarer is Seat.W
    assert record.claimed and record.result == 10
    # West declares 3C: North leads; South's ace wins trick 1, so South leads trick 2
    assert record.opening_leader is Seat.N
    assert len(record.tricks) == 2 and record.tricks[1] == {Seat.S: Card.parse("S3")}


def test_missing_hand_is_the_rest_of_the_pack_and_lowercase_cards():
    record = one(SMALL + "pc|sa|")
    assert record.deal is not None and len(record.deal[Seat.W]) == 13
    assert record.contract == Contract.parse("1NT") and record.declarer is Seat.S
    assert record.tricks == [{Seat.W: Card.parse("SA")}]  # not South's card: `check` says so
    assert record.result is None and not record.claimed


def test_passed_out_board():
    record = one(f"md|2{HANDS}|sv|0|mb|p|mb|p|mb|p|mb|p|")
    assert record.passed_out and record.auction_ended and record.contract is None
    assert record.dealer is Seat.W and record.vulnerability is Vulnerability.NONE


def test_several_boards_on_one_line_and_ignored_keys():
    text = (f"pn|a,b,c,d|st||md|1{HANDS}|rh||ah|Board 1|sk|x|zz|3.5|nt|hello|"
            f"pn|e,f,g,h|st||md|2{HANDS}|ah|Board 2|")
    first, second = read_lin(text)
    assert (first.board, second.board) == (1, 2)
    assert first.tags["South"] == "a" and second.tags["East"] == "h"
    assert first.problems == [] and second.problems == []
    assert second.line == 1


def test_players_after_the_deal_belong_to_the_same_board():
    record = one(f"md|1{HANDS}|pn|a,b,c,d|st||sv|n|mb|p|mb|p|mb|p|mb|p|")
    assert record.tags["North"] == "c" and record.passed_out and record.problems == []


def test_vugraph_rooms_names_and_results():
    text = (
        "vg|Cup,Final,I,7,8,Reds,0,Blues,3|\n"
        "rs|4SN=,3NE-1,,|\n"
        "pn|n1,n2,n3,n4,c1,c2,c3,c4|pg||\n"
        f"qx|o7|md|3{HANDS}|sv|b|mb|1N|mb|p|mb|p|\n"
        "mb|p|pg||\n"
        f"qx|c7|md|3{HANDS}|sv|b|\n"
    )
    open_room, closed = read_lin(text)
    assert (open_room.board, open_room.tags["Room"]) == (7, "Open")
    assert (closed.board, closed.tags["Room"]) == (7, "Closed")
    assert open_room.tags["South"] == "n1" and closed.tags["South"] == "c1"
    assert closed.tags["East"] == "c4"
    assert open_room.tags["Event"] == "Cup" and open_room.tags["Stage"] == "Final"
    assert open_room.tags["Scoring"] == "IMP"
    assert (open_room.tags["HomeTeam"], closed.tags["VisitTeam"]) == ("Reds", "Blues")
    # the open room's auction says 1NT by North, which the rs entry 4SN= contradicts
    assert [p.kind for p in open_room.problems] == ["contract"]
    assert open_room.contract == Contract.parse("1NT") and open_room.result is None
    assert "rs entry 1" in open_room.problems[0].message
    # the closed room has no auction: rs gives its contract, declarer and result
    assert closed.problems == []
    assert closed.contract == Contract.parse("3NT") and closed.declarer is Seat.E
    assert closed.result == 8 and not closed.claimed


@pytest.mark.parametrize(("text", "kind", "where"), [
    (SMALL.replace("mb|1N|", "mb|1Z|"), "auction", "token 4 (mb|1Z|)"),
    (SMALL + "pc|SA|pc|XX|pc|SK|", "play", "token 9 (pc|XX|)"),
    (SMALL + "mc|14|", "play", "token 8 (mc|14|)"),
    ("md|3SAKQHAKQDAKQCAKQ,,|", "deal", "token 1 (md|"),  # 12 cards
    (f"md|3{HANDS}SA|", "deal", "token 1 (md|"),
    (f"md|3{HANDS}|sv|q|", "format", "token 2 (sv|q|)"),
    (f"md|3{HANDS}|an|early|", "format", "token 2 (an|early|)"),
    (f"qx|x9|md|3{HANDS}|", "format", "token 1 (qx|x9|)"),
    (f"md|3{HANDS}|mb|1N|pc|SA|", "play", "token 3"),
    (f"md|3{HANDS}|***|x|", "format", "token 2 (***|x|)"),
])
def test_what_cannot_be_read_is_a_problem_naming_the_token(text, kind, where):
    record = one(text)
    assert [problem.kind for problem in record.problems] == [kind]
    assert where in record.problems[0].message


def test_cards_after_an_unreadable_one_are_not_placed():
    record = one(SMALL + "pc|SA|pc|XX|pc|SK|")
    assert record.tricks == [{Seat.W: Card.parse("SA")}]


@pytest.mark.parametrize("text", ["", "   \n", "[Event \"x\"]\n[Board \"1\"]\n", "hello world"])
def test_text_that_is_not_lin_raises(text):
    with pytest.raises(LinError, match="not a LIN file"):
        read_lin(text, "x.lin")


def test_write_is_one_bbo_style_line_per_board():
    text = write_lin(read_lin(KEVIN))
    assert text.count("\n") == 1
    assert text.startswith("pn|PearyCook,zetanot,krackistan,silentfree|st||md|3SJHT864DT62CQJ754,"
                           "SK73HA953DA94C862,SQ854HKQJ7DQ3CK93,SAT962H2DKJ875CAT|rh||ah|Board 1|"
                           "sv|o|mb|1C|mb|1S|mb|p|mb|2S|")
    assert text.endswith("pc|HT|pc|H9|pc|HJ|pc|S6|pg||\n")


def test_write_claim_alerts_and_calls():
    calls = [Call.parse(c) for c in "1NT X XX Pass Pass Pass".split()]
    record = BoardRecord(board=2, dealer=Seat.E, vulnerability=Vulnerability.NS,
                         deal=one(KEVIN).deal, calls=calls,
                         call_notes={0: "15-17", 2: ""}, claimed=True, result=9)
    line = write_lin([record])
    assert "|mb|1N!|an|15-17|mb|d|mb|r!|mb|p|mb|p|mb|p|pg||mc|9|" in line
    again = one(line)
    assert again.calls == record.calls and again.call_notes == record.call_notes
    assert again.contract == Contract.parse("1NTXX") and again.declarer is Seat.E
    assert again.claimed and again.result == 9


def test_a_result_without_play_survives_in_rs():
    record = BoardRecord(board=3, dealer=Seat.S, vulnerability=Vulnerability.EW,
                         deal=one(KEVIN).deal, contract=Contract.parse("4HX"), declarer=Seat.W,
                         result=8)
    text = write_lin([record])
    assert text.splitlines()[0] == "rs|4HWx-2|"
    again = one(text)
    assert (again.contract, again.declarer, again.result) == (record.contract, Seat.W, 8)
    assert not again.claimed and again.problems == []


def test_round_trip_keeps_vugraph_header_and_rooms():
    text = ("vg|Cup,Final,I,7,8,Reds,0,Blues,3|\npn|n1,n2,n3,n4,c1,c2,c3,c4|\n"
            f"qx|c8|md|3{HANDS}|sv|b|mb|p|mb|p|mb|p|mb|p|\n")
    records = read_lin(text)
    written = write_lin(records)
    assert written.splitlines()[:2] == ["vg|Cup,Final,I,7,8,Reds,0,Blues,3|", "rs|,,,P|"]
    again = read_lin(written)
    assert again[0].tags == records[0].tags and again[0].passed_out
