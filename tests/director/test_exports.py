"""Exports: the session PBN read back by our own reader, USEBIO XML, printable HTML."""

import random
import xml.etree.ElementTree as ET

from bridgetable.director.actions import adjust
from bridgetable.director.exports import write_exports
from bridgetable.director.ingest import Ingest
from bridgetable.director.standings import score_session
from bridgetable.formats.pbn import read_pbn_file

from .helpers import new_session, play_round


def played_session(tmp_path):
    ingest = Ingest(new_session(tmp_path))
    rng = random.Random(11)
    for r in (1, 2, 3):
        play_round(ingest, r, rng)
    adjust(ingest, "td", 1, 1, "A+/A-")
    return ingest.session


def test_exports_hold_every_result(tmp_path):
    session = played_session(tmp_path)
    paths = write_exports(session, tmp_path / "out")
    standings = score_session(session)
    results = session.store.results(session.id)

    records = read_pbn_file(paths["pbn"])
    played = [r for r in records if r.tags.get("Table")]
    assert len(played) == len(results) == 24
    by_key = {(r.board, int(r.tags["Table"])): r for r in played}
    for stored in results:
        record = by_key[(stored.board, stored.table)]
        if stored.adjusted:
            assert record.tags["ScorePercentage"] == "NS 60.00 EW 40.00" and record.contract is None
            continue
        assert record.score_ns == stored.ns_score
        assert str(record.contract or "Pass") == stored.contract
        assert not record.problems
        assert [str(c) for c in record.calls] == stored.record["auction"]
        if record.contract is not None:
            assert len(record.tricks) == 1 and len(record.tricks[0]) == 4  # the first trick, as sent
    text = paths["pbn"].read_text()
    assert text.count("[ScoreTable ") == len(standings.travellers)
    assert text.count("[TotalScoreTable ") == 1  # both directions' rankings, in the last board's game

    root = ET.parse(paths["usebio"]).getroot()
    assert root.tag == "USEBIO" and root.find("EVENT").get("EVENT_TYPE") == "MP_PAIRS"
    assert len(root.findall("EVENT/PARTICIPANTS/PAIR")) == 8
    assert len(root.findall("EVENT/BOARD/TRAVELLER_LINE")) == 24
    assert [line.findtext("SCORE") for line in root.iter("TRAVELLER_LINE") if line.find("CONTRACT") is None
            ] == ["A6040"]  # the scorers' artificial score, with no contract

    html = paths["html"].read_text()
    assert html.count('class="traveller"') == len(standings.travellers) and "Ranking A NS" in html
