"""Swiss pairs at the station: the rounds paired from the VP ranking as the results come through
a real Mosquitto, every VP recomputed from the stored scores, and the pages withholding each board
from visitors until every table of the round has played it."""

import queue
import random
import re

import pytest
from starlette.testclient import TestClient

from bridgetable.director import web
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, SetupError
from bridgetable.director.standings import score_session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.link import Broker, SQLiteOutbox, TableLink
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from ..scoring.swiss_by_hand import check_every_vp
from .helpers import CLUB, new_session, play_round, received, result_message
from .test_station import next_round, wait_for

PASSWORD = "s3cret"


def swiss(pairs: int = 7, rounds: int = 3) -> dict:
    """A fresh set-up's movement (the station keeps the rounds it pairs in it)."""
    return {"kind": "swiss-pairs", "pairs": pairs, "boards_per_round": 2, "rounds": rounds}


def stored_rows(session: Session) -> list[tuple[int, int, int, int]]:
    return [(r.round, r.ns, r.board, r.ns_score or 0) for r in session.store.results(session.id)]


def test_the_station_pairs_each_round_down_the_vp_ranking_without_a_rematch(tmp_path):
    session = new_session(tmp_path, scoring="MP", movement=swiss())
    assert [(a.table, a.ns, a.ew, a.boards) for a in session.movement.round(1)] == [
        (1, 1, 2, (1, 2)), (2, 3, 4, (1, 2)), (3, 5, 6, (1, 2))]
    assert session.setup.pairs[7] == "Pair 7"  # the pair with round 1's bye is named too
    told = session.assignments(1)[0]
    assert told["event"] == "Club night: Ann & Bob v Pair 2, boards 1-2"  # the displays say the match
    keys = DerivedKeys(b"swiss pairs", CLUB, 3)
    with MosquittoProcess(tmp_path / "broker") as broker:
        address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
        station = Station(session, address, keys, CLUB)
        station.start()
        assigned: queue.Queue = queue.Queue()
        table = TableLink(CLUB, 1, keys[1], SQLiteOutbox(tmp_path / "outbox-1.db"), address,
                          on_assign=assigned.put, resend_min=0.2)
        table.start()
        try:
            rng = random.Random(3)
            for round_ in (1, 2, 3):
                got = assigned.get(timeout=10) if round_ == 1 else next_round(assigned, round_ - 1)
                assert got["round"] == round_ and got["boards"] == [2 * round_ - 1, 2 * round_]
                ranking = [line.team for line in score_session(session).event.ranking()]
                if round_ > 1:  # the leader (without the bye) at table 1, against the highest it has not met
                    bye = session.setup.movement["schedule"][round_ - 1]["bye"]
                    assert got["ns"] == [p for p in ranking if p != bye][0]
                for board in got["boards"]:
                    table.outbox.put(result_message(session, 1, board, rng.choice(["4S", "3NT", "2H"]),
                                                    "N", rng.randint(7, 11)))
                table.flush()
                wait_for(lambda: not table.outbox.pending(), what="table 1's results acknowledged")
                for a in session.movement.round(round_)[1:]:
                    for board in a.boards:
                        contract = rng.choice(["4S", "3NT", "1NT"])
                        station.ingest.store_result(received(result_message(
                            session, a.table, board, contract, "S", rng.randint(6, 11))))
            wait_for(station.finished.is_set, what="the session's end")
        finally:
            table.stop()
            station.stop()
    schedule = session.setup.movement["schedule"]
    met = [frozenset(m) for r in schedule for m in r["matches"]]
    assert len(met) == 9 and len(set(met)) == 9  # no rematch
    assert sorted(r["bye"] for r in schedule) == sorted({r["bye"] for r in schedule})  # each bye once
    standings = score_session(session)
    check_every_vp(standings.as_json(session.setup.pairs)["event"], stored_rows(session), 2, "MP")
    again = Session.load(SQLiteStore(tmp_path / "station.db"), session.id)  # a restarted station
    assert again.movement.assignments == session.movement.assignments


@pytest.mark.parametrize("scoring", ["IMP", "XIMP"])
def test_imps_across_the_field_give_each_match_its_margin(tmp_path, scoring):
    session = new_session(tmp_path, scoring=scoring, movement=swiss(10, 2))
    ingest = Ingest(session)
    play_round(ingest, 1, random.Random(8))
    event = score_session(session).event
    assert score_session(session).as_json({})["event"]["margin"] == "IMP"  # IMPs, labelled so
    for match in event.matches.values():  # each board's margin: NS's IMPs against the field
        rows = [row for b in (1, 2) for row in score_session(session).travellers[b]
                if row.result.ns == match.home]
        margin = match.imps()[0] - match.imps()[1]
        assert margin == pytest.approx(sum(row.ns_points for row in rows), abs=0.02)
    if scoring == "IMP":
        check_every_vp(score_session(session).as_json(session.setup.pairs)["event"], stored_rows(session), 2,
                       "IMP")


def test_swiss_pairs_is_scored_across_the_field_only(tmp_path):
    with pytest.raises(SetupError, match="Swiss pairs is scored in matchpoints"):
        SessionSetup("s", "e", swiss(), scoring="TOTAL")


def log_in(client):
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)[1]
    client.post("/login", data={"password": PASSWORD, "csrf": csrf, "name": "TD"})


def send(ingest, table, board, contract="4S", declarer="N", tricks=10):
    ingest.store_result(received(result_message(ingest.session, table, board, contract, declarer, tricks)))


def test_the_pages_withhold_a_board_until_every_table_of_the_round_has_played_it(tmp_path):
    ingest = Ingest(new_session(tmp_path, movement=swiss()))
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        send(ingest, 1, 1)
        send(ingest, 2, 1, contract="2S", tricks=10)
        page = client.get("/match/1/1").text
        assert 'id="in-play"' in page and "boards 1, 2." in page and "420" not in page
        ranking = client.get("/").text
        assert "Ranking by victory points" in ranking and "<th>Pair</th>" in ranking
        assert "10.00" not in ranking and "Ann &amp; Bob" in ranking
        log_in(client)
        page = client.get("/match/1/1").text  # the director sees it: 420 against 170, of three tables
        assert "420" in page and 'id="in-play"' not in page and "N 10</td>" in page  # 4S by North, 10 tricks
        assert 'class="field">3.50 – 0.50<' in page  # Neuberg: 2 of 2 scaled to a top of 4
        assert 'class="imps">10.71<' in page  # (87.5 - 12.5) / 7
        # in matchpoints the margin is an IMP equivalent: not labelled IMPs, in any language
        score = re.search(r'<p id="match-score">(.*?)</p>', page)[1]
        assert "Margin</abbr> 10.71 – 0" in score and "IMP" not in re.sub(r'title="[^"]*"', "", score)
        assert "Forskel</abbr> 10.71 – 0" in client.get("/match/1/1?lang=da").text
        ranking = client.get("/?lang=en").text
        assert "<th>Margin won</th><th>Margin lost</th>" in ranking and "IMPs won" not in ranking
        client.post("/logout", data={"csrf": re.search(r'name="csrf" value="([^"]+)"',
                                                        client.get("/director").text)[1]})
        send(ingest, 3, 1, contract="2S", tricks=10)  # board 1 over at every table of round 1
        page = client.get("/match/1/1").text
        assert "420" in page and "boards 2." in page
        assert re.search(r'class="imps">14.29<', page)  # a top: (100 - 0) / 7 IMPs
        ranking = client.get("/fragment/ranking").text
        assert 'href="/match/1/1"' in ranking and "Cross-table" in ranking
        assert client.get("/match/1/7").status_code == 404  # pair 7 has the bye
        assert score_session(ingest.session).as_json({})["event"]["margin"] == "MP"
        assert "Pair 7 plays no match in round 1" in client.get("/match/1/7").text


def test_the_director_sets_a_matchs_vps_and_takes_vps_off_a_pair(tmp_path):
    ingest = Ingest(new_session(tmp_path, movement=swiss()))
    play_round(ingest, 1, random.Random(4))
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        log_in(client)
        csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text)[1]
        for form in ({"action": "match-vps", "round": "1", "team": "4", "home_vp": "14", "away_vp": "4"},
                     {"action": "vp-penalty", "team": "7", "vp": "2", "reason": "late"}):
            client.post("/director", data={"csrf": csrf, **form})
    lines = {line.team: line for line in score_session(ingest.session).event.ranking()}
    assert (lines[3].vp, lines[4].vp) == (14.0, 4.0)  # the match of 3 v 4, as the director says
    assert (lines[7].vp, lines[7].penalty) == (10.0, 2.0)  # round 1's bye, 12 VPs, less the penalty
