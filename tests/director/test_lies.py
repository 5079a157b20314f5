"""The last fields a table could lie about (issue 26), each sent through a real Mosquitto and
signed with the table's real key: an irregular auction with a director call, the opening lead,
text that is not valid Unicode in a result or in a table's retained state."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bridgetable.bridge import Card, Contract, Deal, Seat, duplicate_score
from bridgetable.director import web
from bridgetable.director.session import Session
from bridgetable.director.station import Station
from bridgetable.link import Broker, SQLiteOutbox, TableLink, encode, sign, topics
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys
from bridgetable.table.flow import BoardFlow, FlowConfig

from ..table.helpers import feed, finish_play, key
from .helpers import CLUB, new_session, result_message
from .test_station import wait_for

SECRET = b"lies test secret"


@dataclass
class Club:
    """A station on a real Mosquitto and table 1's link with its real key."""

    session: Session
    station: Station
    table: TableLink
    refusals: list[dict[str, Any]]
    key: bytes

    def send(self, message: dict[str, Any]) -> str | None:
        """Queue ``message`` in table 1's outbox and send it: the station's reason if it refused
        it, None if it stored it."""
        self.table.outbox.put(message)
        self.table.flush()
        board, revision = message["board"], message["revision"]

        def reasons() -> list[str | None]:
            return [ack.get("reason") for ack in list(self.refusals)
                    if (ack["board"], ack["revision"]) == (board, revision)]

        def stored() -> bool:
            return any(r.revision == revision for r in
                       self.session.store.results(self.session.id, board=board, all_revisions=True))

        wait_for(lambda: bool(reasons()) or stored(), what="the station's answer")
        wait_for(lambda: not self.table.outbox.pending(), what="the station's ack")
        return reasons()[-1] if reasons() else None

    def stored(self, board: int) -> list[tuple[str, str | None, str | None]]:
        return [(r.contract, r.declarer, r.lead)
                for r in self.session.store.results(self.session.id, board=board, all_revisions=True)]

    def publish_raw(self, payload: bytes) -> None:
        """What a table's login may publish on its own result topic, bypassing its outbox's checks."""
        self.table.publish(topics.table_topic(CLUB, 1, "result"), payload)


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    with MosquittoProcess(tmp_path / "broker") as broker:
        session = new_session(tmp_path)
        keys = DerivedKeys(SECRET, CLUB, 4)
        address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
        station = Station(session, address, keys, CLUB)
        refusals: list[dict[str, Any]] = []
        table = TableLink(CLUB, 1, keys[1], SQLiteOutbox(tmp_path / "outbox-1.db"), address,
                          on_refused=refusals.append, resend_min=0.2, resend_max=0.4)
        station.start()
        table.start()
        try:
            assert table.connected.wait(5) and station.link.connected.wait(5)
            yield Club(session, station, table, refusals, keys[1])
        finally:
            table.stop()
            station.stop()


def claimed(message: dict[str, Any], contract: str, declarer: str, tricks: int,
            **fields: Any) -> dict[str, Any]:
    """``message`` (board 2: East deals, NS vulnerable) claiming another result, scored right for it,
    without a play."""
    score = duplicate_score(Contract.parse(contract), tricks, declarer in "NS")
    return {**message, "contract": contract, "declarer": declarer, "tricks": tricks,
            "score_ns": score if declarer in "NS" else -score, "play": [], **fields}


DIRECTOR_CALL = ["irregularity: insufficient bid 1C by North (Law 27)"]


def test_an_irregular_auction_with_a_director_call_passes_no_other_contract(club: Club) -> None:
    """Issue 26: 7NT by North was stored although the auction ends in 7NT by West."""
    genuine = result_message(club.session, 1, 2, "4S", "N", 10)
    # East Pass, South Pass, West 7NT, North 1C (insufficient), then three passes
    irregular = ["Pass", "Pass", "7NT", "1C", "Pass", "Pass", "Pass"]
    lies = {
        "the insufficient bid not accepted": (
            claimed(genuine, "7NT", "N", 13, auction=irregular, director_calls=DIRECTOR_CALL),
            "auction: call 4, 1C: an insufficient bid the result does not accept"),
        "accepted, it is the contract": (
            claimed(genuine, "7NT", "N", 13, auction=irregular, accepted=[3], director_calls=DIRECTOR_CALL),
            "contract 7NT by N: the auction makes 1C by N"),
        "a redouble of nothing": (
            claimed(genuine, "7NT", "N", 13, director_calls=DIRECTOR_CALL,
                    auction=["Pass", "Pass", "7NT", "Pass", "Pass", "XX", "Pass", "Pass", "Pass"]),
            "auction: call 6, XX: redouble of 7NT: only a double can be redoubled (Law 19B1)"),
        "a lost turn after the last call": (
            claimed(genuine, "7NT", "W", 13, auction=["Pass", "Pass", "7NT", "Pass", "Pass", "Pass"],
                    skipped=[6], director_calls=DIRECTOR_CALL),
            "skipped: a turn lost after call 6, of 6 calls"),
    }
    for revision, (message, reason) in enumerate(lies.values(), start=1):
        refused = club.send({**message, "revision": revision})
        assert refused is not None and refused.startswith(reason), refused
    assert club.stored(2) == []
    # the same auction's own contract, 7NT by West, passes (the director call changes nothing)
    assert club.send(claimed(genuine, "7NT", "W", 13, auction=irregular[:3] + ["Pass"] * 3,
                             director_calls=DIRECTOR_CALL, revision=9)) is None
    assert club.stored(2) == [("7NT", "W", None)]


def test_a_genuine_call_out_of_rotation_accepted_at_a_table_is_stored_with_its_declarer(club: Club) -> None:
    """The table's own record of a laws-policy auction: South bids 1NT out of rotation at East's
    turn, West accepts (Law 29A), North raises: 3NT by South, which the station replays."""
    info = club.session.store.boards(club.session.id)[2]
    flow = BoardFlow(FlowConfig(boards=[2], deals={2: Deal.parse(info.deal)}, club=CLUB,
                                session=club.session.id, table="1", rounds={2: 1}, policy="laws"))
    feed(flow, key("N", "OK"), key("S", "1"), key("S", "NT"), key("W", "OK"), key("W", "PASS"),
         key("N", "3"), key("N", "NT"), key("E", "PASS"), key("S", "PASS"), key("W", "PASS"))
    assert (flow.view().contract, flow.view().declarer) == ("3NT", "S")
    finish_play(flow)
    [outcome] = feed(flow, key("W", "OK"))
    assert outcome.result is not None
    record = {**outcome.result, "kind": "result", "table": 1}  # as the journal's outbox sends it
    assert record["skipped"] == [0]  # East's turn, lost to South's 1NT: the calls are S W N E S W
    assert record["auction"] == ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]
    assert club.send(record) is None
    assert club.stored(2) == [("3NT", "S", record["play"][0])]
    # the same calls without the lost turn are taken in rotation from East: 3NT by East
    assert club.send({**{k: v for k, v in record.items() if k != "skipped"}, "revision": 2}) == \
        "contract 3NT by S: the auction makes 3NT by E"


def test_the_lead_is_a_card_of_the_opening_leaders_hand_and_the_plays_first(
        club: Club, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 26: a NUL, "x" and "N 7" were stored as leads (and a NUL poisons the center)."""
    genuine = result_message(club.session, 1, 2, "4S", "N", 10)  # East leads
    deal = Deal.parse(club.session.store.boards(club.session.id)[2].deal)
    norths = str(min(deal[Seat.N]))
    wests = str(min(deal[Seat.W]))
    with caplog.at_level(logging.WARNING, logger="bridgetable.link"):
        for revision, lead in enumerate(["\x00", "x", "N 7", "s7"], start=1):  # not a card as written
            club.publish_raw(encode(sign({**genuine, "lead": lead, "revision": revision}, club.key)))
        club.publish_raw(encode(sign({**genuine, "lead": genuine["play"][1], "revision": 5}, club.key)))
        wait_for(lambda: club.station.link.refused["result"] == 5, what="five leads dropped")
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert logged.count("result.lead: expected a card such as SA, H7 or DT") == 4
    assert f"result.lead: {genuine['play'][1]}, but the play begins with {genuine['play'][0]}" in logged
    assert club.send({**genuine, "play": [], "lead": norths, "revision": 6}) == \
        f"lead {norths}: N holds it, and E leads against N"
    assert club.send({**genuine, "play": [], "lead": wests, "revision": 7}) == \
        f"lead {wests}: W holds it, and E leads against N"
    assert club.stored(2) == []
    # the genuine lead passes, and after a director call (a lead out of turn accepted, Law 54)
    # West's card too
    assert club.send({**genuine, "revision": 8}) is None
    assert club.send({**genuine, "play": [], "lead": wests, "revision": 9,
                      "director_calls": ["irregularity: lead out of turn"]}) is None
    assert sorted(lead for _c, _d, lead in club.stored(2)) == sorted([genuine["play"][0], wests])
    assert Card.parse(genuine["play"][0]) in deal[Seat.E]


def _surrogate_payload(message: dict[str, Any]) -> bytes:
    """JSON as a table's login could publish it: ``\\ud800`` escaped, so the bytes are UTF-8."""
    return json.dumps(message).encode("ascii")


def test_a_lone_surrogate_is_refused_at_the_schema_and_the_pages_stay_up(
        club: Club, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 26: "\\ud800" in a result's lead logged a traceback per message, without any key; in a
    table's retained state it made /tables and /live/2 answer 500."""
    genuine = result_message(club.session, 1, 2, "4S", "N", 10)
    lone = "\ud800"
    with caplog.at_level(logging.INFO):
        for revision in range(1, 31):
            club.publish_raw(_surrogate_payload({**genuine, "lead": lone, "revision": revision,
                                                 "sig": "0" * 64}))
        club.publish_raw(_surrogate_payload({**genuine, "played_at": lone, "sig": "0" * 64}))
        state = {"schema": 2, "kind": "state", "table": 2, "status": "online", "board": 3,
                 "phase": "auction", "detail": f"login {lone}"}
        club.table.publish(topics.table_topic(CLUB, 2, "state"), _surrogate_payload(state), retain=True)
        club.table.publish(topics.table_topic(CLUB, 2, "live"), _surrogate_payload(
            {"schema": 2, "kind": "live", "table": 2, "board": 3, "seq": 1, "event": "call", "value": lone}))
        wait_for(lambda: club.station.link.refused["result"] == 31 and club.station.link.refused["state"] == 1
                 and club.station.link.refused["live"] == 1, what="every message dropped")
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    logged = "\n".join(r.getMessage() for r in caplog.records)
    for reason in ("result.lead: expected a card such as SA, H7 or DT, got '\\ud800'",
                   "result.played_at: expected valid Unicode text (no lone surrogate), got '\\ud800'",
                   "state.detail: expected valid Unicode text (no lone surrogate), got 'login \\ud800'",
                   "live.value: expected valid Unicode text (no lone surrogate), got '\\ud800'"):
        assert reason in logged
    assert club.stored(2) == [] and club.station.ingest.status[2].detail == ""
    with TestClient(web.create_app(club.station.ingest, password="pw")) as pages:
        for page in ("/tables", "/live/2", "/", "/fragment/live/2"):
            assert pages.get(page).status_code == 200, page
