"""Factored totals in the exports, on a small session worked by hand: a pair that missed a board
is given its total scaled to the full boards. In USEBIO it is the pair's TOTAL_SCORE, as the club
scorers' files have it: in the Compscore3 exports that github.com/abftech/cobalt keeps among its
test files (results/tests/test_files/, read for their form, not copied: they carry real players),
mp_pairs_howell.xml's pair 1 has traveller lines on 26 of 27 boards adding up to 124 matchpoints,
TOTAL_SCORE 128.77 (124 x 27/26) and PERCENTAGE 47.69 (124 of 260, the boards it played);
mp_pairs_mitchell.xml's 9EW 555 on 26 of 27, TOTAL_SCORE 576.35. No element gives the raw total
beside it (it is the sum of the pair's lines). Where a whole direction played fewer boards
(mp_pairs_mitchell_03.xml: every NS pair 18, every EW pair 21) nothing is factored: the full
number is the most of the pair's own ranking. In PBN the TotalScoreTable keeps the totals realised
(so that they add up from the ScoreTables) with each pair's NrBoards, the standard's column, and
the factored total in a column of its own."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgetable.director.exports import session_pbn, usebio_xml
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.formats.pbn import read_pbn

from .helpers import new_session, received, result_message
from .test_exports_readers import checked

CORPUS = Path(__file__).parents[1] / "data" / "corpus"
# Three tables, three rounds of one board: NS pairs 1-3 stay, EW pairs 4-6 move. Board 1 (none
# vulnerable), board 2 (NS vulnerable), board 3 (EW vulnerable); table 3 never plays board 2 in
# round 3, so pairs 3 and 4 miss it. (table, board, contract, declarer, tricks): NS scores below.
PLAYED = [(1, 1, "4S", "N", 10), (3, 1, "4S", "N", 9), (2, 1, "2H", "N", 8),  # NS 1: +420, 3: -50, 2: +110
          (2, 2, "1NT", "N", 7), (1, 2, "2S", "S", 8),  # NS 2: +90, 1: +110
          (3, 3, "4H", "N", 10), (2, 3, "4H", "N", 9), (1, 3, "3NT", "E", 9)]  # NS 3: +420, 2: -50, 1: -600


def late_session(tmp_path: Path) -> Session:
    ingest = Ingest(new_session(tmp_path, movement={"kind": "mitchell", "tables": 3, "boards_per_round": 1,
                                                    "rounds": 3}))
    for table, board, contract, declarer, tricks in PLAYED:
        msg = result_message(ingest.session, table, board, contract, declarer, tricks)
        ingest.store_result(received(msg))
    return ingest.session


# Matchpoints, top 4 a board. Board 1: NS 1 4, 2 2, 3 0; EW 4 0, 6 2, 5 4. Board 2, two results of
# three, Neuberg (mp + 1) x 3/2 - 1: NS 1 3.5, 2 0.5; EW 6 0.5, 5 3.5. Board 3: NS 3 4, 2 2, 1 0;
# EW 6 0, 4 2, 5 4. NS: 1 7.5 of 12, 2 4.5 of 12, 3 4 of 8 (50%, factored 4 x 12/8 = 6);
# EW: 5 11.5 of 12, 6 2.5 of 12, 4 2 of 8 (25%, factored 3).
RANKING = {"2EW": ("11.50", "95.83"), "1EW": ("3.00", "25.00"), "3EW": ("2.50", "20.83"),
           "1NS": ("7.50", "62.50"), "3NS": ("6.00", "50.00"), "2NS": ("4.50", "37.50")}


def test_usebio_gives_a_pair_that_missed_a_board_its_factored_total(tmp_path: Path) -> None:
    root = ET.fromstring(usebio_xml(late_session(tmp_path)))
    pairs = {p.findtext("PAIR_NUMBER"): (p.findtext("TOTAL_SCORE"), p.findtext("PERCENTAGE"))
             for p in root.iter("PAIR")}
    assert pairs == RANKING
    assert [p.findtext("PAIR_NUMBER") for p in root.iter("PAIR")] == list(RANKING)  # ranked as before
    # the raw total is still there, as in the scorers' files: in the pair's traveller lines
    raw = sum(float(line.findtext("NS_MATCH_POINTS") or 0) for line in root.iter("TRAVELLER_LINE")
              if line.findtext("NS_PAIR_NUMBER") == "3NS")
    assert raw == pytest.approx(4.0)


def test_the_pbn_ranking_gives_the_boards_played_and_the_factored_total(tmp_path: Path) -> None:
    text = session_pbn(late_session(tmp_path))
    game = next(g for g in read_pbn(text) if "TotalScoreTable" in g.tags)
    columns = [c.split("\\")[0] for c in game.tags["TotalScoreTable"].split(";")]
    assert columns == ["Rank", "PairId", "Direction", "TotalScore", "Percentage", "NrBoards", "Factored",
                       "Names"]
    rows = {(row.split()[1], row.split()[2]): row.split()[3:7] for row in game.sections["TotalScoreTable"]}
    assert rows == {("1", "NS"): ["7.50", "62.50", "3", "-"], ("3", "NS"): ["4.00", "50.00", "2", "6.00"],
                    ("2", "NS"): ["4.50", "37.50", "3", "-"], ("5", "EW"): ["11.50", "95.83", "3", "-"],
                    ("4", "EW"): ["2.00", "25.00", "2", "3.00"], ("6", "EW"): ["2.50", "20.83", "3", "-"]}
    assert checked(tmp_path, text) == []  # the totals realised add up from the ScoreTables


def test_nrboards_is_the_column_real_pbn_rankings_use_and_a_full_session_has_no_factored_column(
        tmp_path: Path) -> None:
    standard = (CORPUS / "timheilman__bridge-pbn/spec/resource/reference_impl_tests/correct_20.pbn")
    theirs = next(g for g in read_pbn(standard.read_text(encoding="latin-1")) if "TotalScoreTable" in g.tags)
    assert "NrBoards" in [c.split("\\")[0].lstrip("+-") for c in theirs.tags["TotalScoreTable"].split(";")]
    ingest = Ingest(late_session(tmp_path))
    ingest.store_result(received(result_message(ingest.session, 3, 2, "3NT", "N", 9)))
    game = next(g for g in read_pbn(session_pbn(ingest.session)) if "TotalScoreTable" in g.tags)
    assert "NrBoards" in game.tags["TotalScoreTable"] and "Factored" not in game.tags["TotalScoreTable"]
    assert {row.split()[5] for row in game.sections["TotalScoreTable"]} == {"3"}
