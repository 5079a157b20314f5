"""What the hand viewer and the live view are given: a table's auction with its alerts, the play
in tricks with their winners (as the engine plays them), the claim and the director's calls."""

from __future__ import annotations

from dataclasses import replace

from bridgetable.bridge import Contract, Deal, Play, Seat
from bridgetable.director.livetables import LiveTables
from bridgetable.director.replay import replay
from bridgetable.director.store import StoredResult
from bridgetable.director.visibility import board_finished

DEAL = "N:AK2.QJ5.K874.A63 QJ4.A9742.T.KQ94 T9876.K6.AQ32.J8 53.T83.J965.T752"


def whole_play(contract: str, declarer: str) -> Play:
    play = Play(Deal.parse(DEAL), Contract.parse(contract), Seat.parse(declarer))
    while not play.is_complete:
        play.play(play.legal_cards()[-1])
    return play


def stored(**record) -> StoredResult:
    return StoredResult("s", 1, 3, 5, 0, 1, 2, "4S", "S", 10, 420, record=record)


def test_the_auction_names_each_callers_seat_and_marks_the_alerts():
    data = replay(stored(auction=["Pass", "1NT", "Pass", "2H", "Pass", "2S", "Pass", "4S", "Pass", "Pass",
                                  "Pass"], alerts=[3]), dealer="E")
    assert [c["seat"] for c in data["calls"][:5]] == ["E", "S", "W", "N", "E"]
    assert [c["call"] for c in data["calls"] if c["alert"]] == ["2H"]


def test_a_call_out_of_rotation_accepted_is_shown_at_the_seat_that_made_it():
    """Law 29A: South bid 1S at East's turn, accepted; East lost the turn (``skipped``)."""
    data = replay(stored(auction=["1S", "Pass", "4S", "Pass", "Pass", "Pass"], skipped=[0]), dealer="E")
    assert [c["seat"] for c in data["calls"]] == ["S", "W", "N", "E", "S", "W"]


def test_the_tricks_and_their_winners_are_the_engines():
    play = whole_play("4S", "S")
    cards = [str(card) for trick in play.completed_tricks for card in trick.cards]
    data = replay(stored(play=cards), dealer="N")
    assert len(data["tricks"]) == 13
    assert [t["winner"] for t in data["tricks"]] == [str(t.winner) for t in play.completed_tricks]
    assert [t["leader"] for t in data["tricks"]] == [str(t.leader) for t in play.completed_tricks]
    assert data["tricks"][0]["cards"][0] == {"seat": "W", "card": cards[0]}


def test_a_claim_and_director_calls_are_passed_on_and_an_adjusted_score_has_no_play():
    claim = {"claimer": "S", "tricks": 3, "remaining": 4, "state": "accepted"}
    play = whole_play("4S", "S")
    cards = [str(c) for t in play.completed_tricks[:9] for c in t.cards]
    data = replay(stored(play=cards, claim=claim, director_calls=["lead out of turn"]), dealer="N")
    assert len(data["tricks"]) == 9 and data["claim"] == claim
    assert data["director_calls"] == ["lead out of turn"]
    adjusted = replace(stored(play=cards), contract="", adjusted="60/40")
    assert replay(adjusted, dealer="N")["tricks"] == []


def test_the_live_feed_keeps_order_by_sequence_and_an_undo_takes_back_calls_and_alerts():
    live = LiveTables()
    base = {"table": 2, "board": 7}
    for seq, event, value in [(1, "call", "2C"), (0, "call", "1NT"), (1, "alert", "2C"), (2, "call", "X")]:
        live.put({**base, "seq": seq, "event": event, "value": value, "seat": "N"})
    board = live.board(2)
    assert [c for _, c in board.calls()] == ["1NT", "2C", "X"]
    assert board.alerted_calls() == [("1NT", False), ("2C", True), ("X", False)]
    live.put({**base, "seq": 1, "event": "undo", "value": "call", "seat": "E"})
    assert live.board(2).alerted_calls() == [("1NT", False)]
    live.put({"table": 2, "board": 8, "seq": 0, "event": "call", "value": "Pass", "seat": "W"})
    assert live.board(2).board == 8 and live.board(2).calls() == [("W", "Pass")]


def test_a_board_is_finished_once_every_table_that_plays_it_has_sent_it():
    from bridgetable.movements import mitchell

    movement = mitchell(4, 2, 3)
    tables = [a.table for a in movement.assignments if 1 in a.boards]
    assert not board_finished(movement, {(t, 1) for t in tables[:-1]}, 1)
    assert board_finished(movement, {(t, 1) for t in tables}, 1)
