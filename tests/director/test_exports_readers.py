"""The station's exports as scoring programs and results sites read them: a session PBN whose
every game is complete (each board's ScoreTable with its deal) and passes `bridgetable check`
row by row, read whole by endplay; USEBIO 1.2 as club files write it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat
from bridgetable.check import check_files
from bridgetable.director.actions import adjust
from bridgetable.director.commands import player_numbers
from bridgetable.director.exports import session_pbn, usebio_xml, write_exports
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import SetupError
from bridgetable.director.standings import score_session
from bridgetable.director.usebio import USEBIO_DTD
from bridgetable.formats.pbn import read_pbn
from bridgetable.formats.pbn_write import MANDATORY_TAGS

from .helpers import new_session, play_round


def played(tmp_path: Path, scoring: str = "MP", adjusted: bool = True):
    ingest = Ingest(new_session(tmp_path, scoring=scoring))
    rng = random.Random(11)
    for r in (1, 2, 3):
        play_round(ingest, r, rng)
    if adjusted:
        adjust(ingest, "td", 1, 1, "A+/A-")
    return ingest.session


def checked(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    path = tmp_path / "session.pbn"
    path.write_text(text, encoding="utf-8")
    reports, unreadable = check_files([str(path)])
    assert unreadable == []
    return [(p.kind, p.message) for report in reports for p in report.problems]


@pytest.mark.parametrize("scoring", ["MP", "IMP", "XIMP", "TOTAL"])
def test_every_game_is_complete_and_every_score_table_row_checks(tmp_path, scoring):
    session = played(tmp_path, scoring)
    text = session_pbn(session)
    games = read_pbn(text)
    assert all(name in game.tags for game in games for name in MANDATORY_TAGS)
    tables = [game for game in games if "ScoreTable" in game.tags]
    boards = session.store.boards(session.id)
    assert len(tables) == len(score_session(session).travellers) == 8
    for game in tables:  # the score table sits in the game that has the board's deal
        assert game.deal == Deal.parse(boards[game.board].deal)
        assert game.dealer == Seat.parse(boards[game.board].dealer)
    points = {"MP": "MP", "TOTAL": "Points"}.get(scoring, "IMP")
    assert all(f"{points}_NS" in game.tags["ScoreTable"] for game in tables)
    assert sum("TotalScoreTable" in game.tags for game in games) == 1
    assert checked(tmp_path, text) == []


def test_a_tampered_row_or_total_in_the_export_is_found(tmp_path):
    text = session_pbn(played(tmp_path, adjusted=False))
    game = next(g for g in read_pbn(text) if "ScoreTable" in g.tags and g.board == 3)
    row = game.sections["ScoreTable"][0]
    *start, score, mp_ns, mp_ew = row.split()
    wrong_score = text.replace(row, " ".join([*start, str(int(score) + 10), mp_ns, mp_ew]), 1)
    assert "score" in {kind for kind, _ in checked(tmp_path, wrong_score)}
    assert mp_ns != mp_ew  # (in this seeded session)
    swapped = text.replace(row, " ".join([*start, score, mp_ew, mp_ns]), 1)
    assert "matchpoints" in {kind for kind, _ in checked(tmp_path, swapped)}
    ranking = next(g for g in read_pbn(text) if "TotalScoreTable" in g.tags)
    total = ranking.sections["TotalScoreTable"][0]
    value = total.split()[3]
    edited = text.replace(total, total.replace(value, f"{float(value) + 1:.2f}", 1))
    assert [kind for kind, _ in checked(tmp_path, edited)] == ["total"]


def test_endplay_reads_every_game_of_the_export(tmp_path):
    """The dd extra's reader (endplay) drops or refuses games without the mandatory tags."""
    pbn = pytest.importorskip("endplay.parsers.pbn", reason="the dd extra (endplay) is not installed")
    session = played(tmp_path)
    path = write_exports(session, tmp_path / "out")["pbn"]
    with path.open(encoding="utf-8") as handle:
        boards = pbn.load(handle)
    games = read_pbn(path.read_text(encoding="utf-8"))
    assert len(boards) == len(games) == 24 + 8
    assert sum("ScoreTable" in board.info for board in boards) == 8


# ---- USEBIO 1.2 ----------------------------------------------------------------------------

@pytest.mark.parametrize(("scoring", "event_type", "method", "points"), [
    ("MP", "MP_PAIRS", None, "NS_MATCH_POINTS"),  # the scorers' matchpoint files name no method
    ("IMP", "BUTLER_PAIRS", "IMPS", "NS_BUTLER_POINTS"),
    ("XIMP", "CROSS_IMP", "IMPS", "NS_CROSS_IMP_POINTS"),
    ("TOTAL", "AGGREGATE", "AGGREGATE", "NS_TOTAL_POINTS"),
])
def test_usebio_declares_the_dtd_and_the_event_type_as_club_files_do(tmp_path, scoring, event_type,
                                                                    method, points):
    session = played(tmp_path, scoring)
    text = usebio_xml(session)
    assert text.splitlines()[1] == f'<!DOCTYPE USEBIO SYSTEM "{USEBIO_DTD}">'
    assert USEBIO_DTD.endswith("usebio_v1_2.dtd")
    root = ET.fromstring(text)
    event = root.find("EVENT")
    assert root.get("Version") == "1.2" and event is not None
    assert event.get("EVENT_TYPE") == event_type
    assert event.findtext("SCORING_METHOD") == method
    assert event.find("BOARD_SCORING_METHOD") is None
    assert len(event.findall("BOARD/TRAVELLER_LINE")) == 24
    assert len(event.findall(f"BOARD/TRAVELLER_LINE/{points}")) == 24


def test_usebio_handset_holds_each_boards_hands(tmp_path):
    session = played(tmp_path)
    root = ET.fromstring(usebio_xml(session))
    boards = session.store.boards(session.id)
    handset = root.findall("HANDSET/BOARD")  # beside the EVENT, as the scorers' files have it
    assert len(handset) == 8 and root.find("EVENT/HANDSET") is None
    for element in handset:
        number = int(element.findtext("BOARD_NUMBER"))
        deal = Deal.parse(boards[number].deal)
        hands = {hand.findtext("DIRECTION"): ".".join(
            hand.findtext(suit) for suit in ("SPADES", "HEARTS", "DIAMONDS", "CLUBS"))
            for hand in element.findall("HAND")}
        assert hands == {seat.full_name: str(deal[seat]) for seat in Seat}
        assert [hand.findtext("DIRECTION") for hand in element.findall("HAND")] == ["East", "North", "South",
                                                                                   "West"]


def test_usebio_players_carry_their_national_and_club_numbers(tmp_path):
    session = played(tmp_path)
    session.setup.numbers = dict([player_numbers("1=12345:C17,67890")])
    root = ET.fromstring(usebio_xml(session))
    pair = next(p for p in root.findall("EVENT/PARTICIPANTS/PAIR") if p.findtext("PAIR_NUMBER") == "1NS")
    players = pair.findall("PLAYER")
    assert [p.findtext("PLAYER_NAME") for p in players] == ["Ann", "Bob"]
    assert [p.findtext("NATIONAL_ID_NUMBER") for p in players] == ["12345", "67890"]
    assert [p.findtext("CLUB_ID_NUMBER") for p in players] == ["C17", None]
    other = next(p for p in root.findall("EVENT/PARTICIPANTS/PAIR") if p.findtext("PAIR_NUMBER") == "1EW")
    assert [p.findtext("NATIONAL_ID_NUMBER") for p in other.findall("PLAYER")] == ["0", "0"]  # not known


@pytest.mark.parametrize("text", ["x=1", "3=", "3=1,2,3"])
def test_player_numbers_say_how_to_write_them(text):
    with pytest.raises(SetupError, match="PAIR=NATIONAL"):
        player_numbers(text)
