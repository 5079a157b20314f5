"""The table under policy = "laws": an insufficient bid, a call out of rotation and a lead out of
turn are held pending on the displays, decided by the LHO's (or declarer's) OK or by the director's
keys, recorded in the result, and replayed from the journal after a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from bridgetable.bridge import Card, Seat
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.script import auction_events
from bridgetable.table.service import TableService, load_config, replay

from .helpers import DEAL, card, feed, finish_play, key, refused


def laws_config() -> FlowConfig:
    return FlowConfig(boards=[1], deals={1: DEAL}, club="c", session="s", table="3", policy="laws")


@pytest.fixture
def laws() -> BoardFlow:
    flow = BoardFlow(laws_config())
    feed(flow, key("N", "OK"))
    return flow


def bid(seat: str, level: str, strain: str) -> list[TableEvent]:
    return [key(seat, level), key(seat, strain)]


def test_prevent_is_still_the_default_and_refuses(known: BoardFlow) -> None:
    feed(known, key("N", "OK"), *bid("N", "1", "H"))
    assert "out of rotation" in refused(known, key("S", "PASS"))
    feed(known, key("E", "1"))
    assert "insufficient" in refused(known, key("E", "D"))
    assert known.view().irregularity is None


def test_insufficient_bid_shown_accepted_by_lhos_ok(laws: BoardFlow) -> None:
    feed(laws, *bid("N", "1", "H"), key("E", "1"))
    [outcome] = feed(laws, key("E", "D"))
    text = "1D insufficient after 1H: South accepts (OK) or director (DIRECTOR)"
    assert outcome.message == text
    view = laws.view()
    assert view.irregularity == text and view.deciders == ("S",) and view.calls == ("1H",)
    assert text in refused(laws, key("N", "OK"))  # only the LHO's OK accepts
    assert text in refused(laws, key("S", "PASS"))  # South decides first: OK, or DIRECTOR
    feed(laws, key("S", "OK"))
    view = laws.view()
    assert view.irregularity is None and view.calls == ("1H", "1D") and view.turn == "S"
    feed(laws, *auction_events(Seat.S, "1S Pass Pass Pass"))
    assert laws.view().contract == "1S" and laws.view().declarer == "S"


def test_the_director_decides_and_the_rectification_is_enforced(laws: BoardFlow) -> None:
    feed(laws, *bid("N", "1", "H"), *bid("E", "1", "D"), key("W", "DIRECTOR"))
    view = laws.view()
    assert view.director is not None and "insufficient bid 1D by East" in view.director
    assert view.irregularity == "1D insufficient after 1H (Law 27): director: OK accepts, UNDO does not"
    [outcome] = feed(laws, key("N", "UNDO"))  # the director, at North's seat: not accepted
    assert outcome.message == "East: replace 1D by a legal call (Law 27B)"
    assert laws.view().director is None and laws.view().turn == "E"
    feed(laws, *bid("E", "3", "D"), key("S", "PASS"))
    assert "West must pass" in refused(laws, key("W", "X"))
    feed(laws, *auction_events(Seat.W, "Pass Pass"))
    assert laws.view().contract == "3D" and laws.view().declarer == "E"
    record = laws.result_record(confirmed_by=Seat.N)["director_calls"]
    assert record[-1] == ("irregularity: insufficient bid 1D by East (Law 27): not accepted by the director; "
                          "replaced by 3D; West must pass whenever it is their turn (Law 27B2)")


def test_call_out_of_rotation_accepted_continues_from_the_offenders_left(laws: BoardFlow) -> None:
    feed(laws, *bid("S", "1", "S"))  # North deals; South bids
    assert laws.view().irregularity == "1S out of rotation by South: West accepts (OK) or director (DIRECTOR)"
    feed(laws, key("W", "OK"))
    assert laws.view().turn == "W" and laws.view().calls == ("1S",)


def test_lead_out_of_turn_refused_becomes_a_penalty_card(laws: BoardFlow) -> None:
    feed(laws, *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))  # North declares, East leads
    feed(laws, card("W", "SJ"))
    view = laws.view()
    assert view.irregularity == ("SJ led out of turn by West: North accepts (OK), does not (UNDO), becomes "
                                 "dummy (PASS, Law 54A) or director (DIRECTOR)")
    assert view.deciders == ("N",) and view.trick == ()
    assert "awaits a decision" in refused(laws, card("E", "S2"))
    feed(laws, key("E", "DIRECTOR"), key("E", "UNDO"))  # the director: not accepted
    play = laws.play
    assert play is not None and play.penalty_cards == {Seat.W: [Card.parse("SJ")]}
    assert "Law 50D2" in refused(laws, card("E", "S2"))  # declarer's choice first
    feed(laws, key("N", "PASS"))  # neither required nor forbidden: SJ stays a penalty card
    feed(laws, card("E", "S2"), card("N", "S5"))  # dummy's card, scanned at declarer's seat
    assert "penalty card SJ" in refused(laws, card("W", "S4"))
    feed(laws, card("W", "SJ"))
    finish_play(laws)
    [outcome] = feed(laws, key("E", "OK"))
    assert outcome.result is not None
    assert any("major penalty card of West" in c for c in outcome.result["director_calls"])


def test_declarer_leading_from_his_own_hand_in_dummys_turn(laws: BoardFlow) -> None:
    feed(laws, *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    # dummy's H9 wins trick 1 (scanned at declarer's seat: it is in dummy's hand)
    feed(laws, card("E", "H2"), card("N", "H9"), card("W", "H4"), card("N", "H5"))
    play = laws.play
    assert play is not None and play.turn is Seat.S
    feed(laws, card("N", "HA"))  # from declarer's own hand: Law 55, the defenders decide
    assert laws.view().deciders == ("E", "W")
    assert "North accepts" not in (laws.view().irregularity or "")
    assert "accepts (OK)" in refused(laws, key("N", "OK"))
    feed(laws, key("W", "OK"))
    assert play.current.leader is Seat.N and play.turn is Seat.E and play.penalty_cards == {}


def test_recovery_replays_a_pending_irregularity_and_its_decision(tmp_path: Path) -> None:
    config = laws_config()
    journal = tmp_path / "j.db"
    service = TableService(config, Journal(journal, session="s"))
    events = [key("N", "OK"), *bid("N", "1", "H"), *bid("E", "1", "D")]
    for event in events:
        service.handle(event)
    assert len(service.journal) == len(events)  # the irregular call is journaled
    pending = service.flow.view().durable()
    assert pending["irregularity"] is not None
    service.journal.close()

    again = replay(laws_config(), Journal(journal, session="s"))
    assert again.view().durable() == pending  # still pending after the restart
    service = TableService(laws_config(), Journal(journal, session="s"))
    service.handle(key("S", "DIRECTOR"))
    service.handle(key("S", "UNDO"))
    decided = service.flow.view().durable()
    service.journal.close()
    again = replay(laws_config(), Journal(journal, session="s"))
    assert again.view().durable() == decided and decided["turn"] == "E"
    assert again.auction.substitute_for is not None  # East must still replace 1D
    assert again.result_record(Seat.N) == service.flow.result_record(Seat.N)


def test_the_displays_show_the_pending_irregularity(laws: BoardFlow) -> None:
    feed(laws, *bid("N", "1", "H"))
    before = render(laws.view(), Seat.S)
    feed(laws, *bid("E", "1", "D"))
    laws.message = None  # the notice stays after the moment's message has gone
    shown = render(laws.view(), Seat.S)
    assert ImageChops.difference(before, shown).getbbox() is not None
    bottom = shown.crop((0, 34, 128, 64))
    assert sum(bottom.convert("L").histogram()[1:]) > 1200  # lit pixels: the inverted notice band


def test_table_toml_policy(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[table]\nboards = "1-2"\npolicy = "laws"\n')
    assert load_config(path).flow.policy == "laws"
    path.write_text('[table]\nboards = "1-2"\n')
    assert load_config(path).flow.policy == "prevent"
    path.write_text('[table]\nboards = "1-2"\npolicy = "lenient"\n')
    with pytest.raises(ValueError, match='policy is "prevent" or "laws"'):
        load_config(path)
