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


def test_decodes_utf8_bom_crlf_and_latin1() -> None:
    from bridgetable.formats.text import decode_text
    text = '[Event "Café"]\r\n[Board "1"]\r\n'
    assert decode_text(b"\xef\xbb\xbf" + text.encode("utf-8")) == text
    assert decode_text(text.encode("cp1252")) == text
    (record,) = read_pbn(decode_text(text.encode("latin-1")))
    assert record.tags == {"Event": "Café", "Board": "1"} and record.problems == []


def test_not_pbn_at_all_raises_with_file_and_line() -> None:
    import pytest

    from bridgetable.formats.pbn import PbnError
    with pytest.raises(PbnError, match=r"x\.lin:2: not a PBN file"):
        read_pbn("\npn|Bob,Ann|md|3SAKH...|\n", "x.lin")
    with pytest.raises(PbnError, match="binary"):
        read_pbn("[Event \0]")
    assert read_pbn("% only a comment\n") == []


def test_inheritance_with_hash_and_double_hash() -> None:
    text = ('[Event "##Autumn"]\n[West "Ann"]\n\n[West "#"]\n[Board "2"]\n\n'
            '[Event "Spring"]\n[West "#"]\n\n[Board "4"]\n\n[West "#"]\n')
    records = read_pbn(text)
    assert [r.tags.get("Event") for r in records] == ["Autumn", "Autumn", "Spring", None, None]
    assert [r.tags.get("West") for r in records] == ["Ann", "Ann", "Ann", None, "Ann"]
    (bad,) = read_pbn('[South "#"]\n')
    assert "no earlier game has a South tag" in bad.problems[0].message


def test_second_table_without_board_and_deal_takes_them_from_the_game_before() -> None:
    deal = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
    text = (f'[Event "WC"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            '[Contract "5C"]\n[Result "12"]\n\n[West "Zak"]\n[Contract "4SX"]\n[Result "10"]\n')
    first, second = read_pbn(text)
    assert second.board == 1 and second.deal == first.deal and second.dealer is Seat.N
    assert second.tags["Event"] == "WC" and second.contract == Contract.parse("4SX")
    assert second.problems == []


def test_tolerates_unquoted_values_mixed_case_cards_and_bad_dates() -> None:
    text = ("[Event Random Deal #]\n[Date \"2-Aug-2023\"]\n[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 "
            "J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n[Play \"W\"]\ncq C7 c8 CK\n")
    (record,) = read_pbn(text)
    assert record.tags["Event"] == "Random Deal #"
    assert record.tricks == [{Seat.W: Card.parse("CQ"), Seat.N: Card.parse("C7"),
                              Seat.E: Card.parse("C8"), Seat.S: Card.parse("CK")}]
    assert record.problems == []
    assert record.warnings == [
        "line 1: the value of tag Event is not in quotes",
        "line 2: Date '2-Aug-2023' is not a PBN date (YYYY.MM.DD, with ? for what is unknown)"]


def test_score_result_and_contract_forms() -> None:
    def read(tags: str) -> object:
        (record,) = read_pbn(tags)
        return record
    record = read('[Declarer "E"]\n[Contract "1N"]\n[Result "NS 5 EW 8"]\n[Score "110"]\n')
    assert (record.contract, record.result, record.score_ns) == (Contract.parse("1NT"), 8, -110)
    record = read('[Declarer "N"]\n[Contract "5cx"]\n[Result "8"]\n[Score "EW 300"]\n')
    assert (str(record.contract), record.score_ns) == ("5CX", -300)
    record = read('[Contract "Pass"]\n[Score "0"]\n[Auction "N"]\nAP\n')
    assert record.passed_out and record.contract is None and record.score_ns == 0
    assert record.calls == [Call.parse("Pass")] * 4 and record.auction_ended
    record = read('[Contract "5Hearts"]\n[Result "C-2"]\n')
    assert [p.kind for p in record.problems] == ["contract", "result"]
    assert record.problems[0].message == "line 1: Contract '5Hearts' is not a contract"


def test_bad_deal_is_a_deal_problem_and_kept_raw() -> None:
    value = "W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
    (record,) = read_pbn(f'[Deal "{value}"]\n')
    assert record.deal is None and record.tags["Deal"] == value
    assert [p.kind for p in record.problems] == ["deal"]
    assert "West has 14 cards" in record.problems[0].message
    (again,) = read_pbn(write_pbn([record], export=False))
    assert again.tags["Deal"] == value


def test_claim_rows_skipped_cards_and_play_notes() -> None:
    text = ('[Play "N"]\nD6 D7 D9 DA\nC6 - S9 =1= C8\n*\n[Note "1:suit preference"]\n')
    (record,) = read_pbn(text)
    assert record.tricks[1] == {Seat.N: Card.parse("C6"), Seat.S: Card.parse("S9"),
                                Seat.W: Card.parse("C8")}
    assert record.claimed and record.play_notes == {(1, Seat.S): "suit preference"}
    (again,) = read_pbn(write_pbn([record], export=False))
    assert again.play_notes == record.play_notes and again.tricks == record.tricks and again.claimed


def test_writer_puts_mandatory_tags_first_and_keeps_table_sections() -> None:
    text = ('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN  C  9\nN NT  6\n'
            '[Result "9"]\n[Board "7"]\n[Event "E"]\n')
    (record,) = read_pbn(text)
    assert record.sections == {"OptimumResultTable": ["N  C  9", "N NT  6"]}
    written = write_pbn([record])
    assert written.startswith("% PBN 2.1\n% EXPORT\n")
    tags = [line.split()[0][1:] for line in written.splitlines() if line.startswith("[")]
    assert tags[:15] == ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                         "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]
    assert tags[15:] == ["OptimumResultTable"]
    assert '[Site "?"]' in written
    (again,) = read_pbn(written)
    assert again.sections == record.sections and again.board == 7 and again.result == 9


def test_writes_a_record_built_without_tags() -> None:
    from bridgetable.bridge import Deal
    from bridgetable.formats.record import BoardRecord
    deal = Deal.parse("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")
    record = BoardRecord(board=1, dealer=Seat.E, vulnerability=Vulnerability.BOTH, deal=deal,
                         auction_first=Seat.E, calls=[Call.parse(c) for c in "1NT Pass Pass Pass".split()],
                         call_notes={0: "15-17"}, auction_ended=True, contract=Contract.parse("1NT"),
                         declarer=Seat.E, result=7, score_ns=-90)
    (again,) = read_pbn(write_pbn([record]))
    for name in ("board", "dealer", "vulnerability", "deal", "auction_first", "calls", "call_notes",
                 "auction_ended", "contract", "declarer", "result", "score_ns"):
        assert getattr(again, name) == getattr(record, name), name
    assert again.tags["Deal"].startswith("E:")


def test_whole_line_fast_path_reads_what_the_token_path_reads() -> None:
    # A ";" comment at the end of a line sends it through the token-by-token path instead.
    text = GAME + """
[Event "#"]
[Board "4"] [Dealer "W"]
[Vulnerable "All"]
[Board "5"]
[Deal "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
[Contract "7S"]
[Declarer "N"]
[Auction "W"]
Pass 7S! $1 Pass
Pass Pass 1C
[Play "E"]
CA ZZ C3 C4
"""
    commented = "\n".join(line + " ;x" if line.strip() and not line.startswith("%") else line
                          for line in text.split("\n"))
    fast, slow = read_pbn(text), read_pbn(commented)
    assert len(fast) == 2 and fast[1].problems  # the second game has problems to report
    for record in slow:  # the ";x" comments are the game's commentary, one per line
        assert set(record.commentary) == {"x"}
        record.commentary = []
    assert fast == slow
