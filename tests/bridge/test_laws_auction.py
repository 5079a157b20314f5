"""The auction Laws of issue 10: unintended calls replaced (Law 25A), a double substituted for an
insufficient bid (27B3), a pass out of rotation at partner's turn (30B2), the repeat-the-call path
(31A1), the lead penalties after a withdrawn call (26B as amended in June 2017) and alerts (40B)."""

from __future__ import annotations

import pytest

from bridgetable.bridge import PASS, Auction, Call, Choice, IllegalCall, Seat, Suit, callers
from bridgetable.bridge.auction import LeadPenalty

ACCEPT, REFUSE = Choice.ACCEPT, Choice.REFUSE


def c(text: str) -> Call:
    return Call.parse(text)


@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_25a_replaces_norths_call_not_easts_pass(policy: str) -> None:
    """The issue's reproducer: Auction(N, ['1H', 'Pass']).undo() removed East's Pass."""
    a = Auction(Seat.N, ["1H", "Pass"], policy=policy)  # type: ignore[arg-type]
    made = a.undo(Seat.N)
    assert made.seat is Seat.N and made.call == c("1H")
    assert a.calls == [] and a.turn is Seat.N
    assert str(a.changes[0]) == ("North replaced the unintended call 1H (Law 25A); East may keep its "
                                 "Pass over it (OK) or replace it (Law 25A6)")
    a.add("1S")  # the intended call
    a.add("2H")  # East may change the call he made over the first one
    assert str(a) == "1S 2H"


@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_25a_refused_once_partner_has_called(policy: str) -> None:
    a = Auction(Seat.N, ["1H", "Pass", "2H"], policy=policy)  # type: ignore[arg-type]
    with pytest.raises(IllegalCall) as caught:
        a.undo(Seat.N)
    assert caught.value.law == "25A4" and "partner has called" in caught.value.message
    assert str(a) == "1H Pass 2H" and a.changes == []
    made = a.undo(Seat.S)  # South may still replace his own call
    assert made.call == c("2H") and a.turn is Seat.S


def test_law_25a_own_call_with_nothing_over_it_and_no_lead_penalty() -> None:
    a = Auction(Seat.N, ["1H"], policy="laws")
    a.undo(Seat.N)
    for call in "1S Pass 2S Pass Pass Pass".split():
        a.add(call)
    assert a.changes[0].lho_call is None and a.lead_penalties() == []
    with pytest.raises(IllegalCall, match="no call to replace"):
        Auction(Seat.N, ["1H"]).undo(Seat.S)


def test_law_27b3_double_substituted_for_an_insufficient_bid_is_cancelled() -> None:
    a = Auction(Seat.N, ["1H"], policy="laws")
    a.add("1D")  # East: insufficient
    a.decide(REFUSE, Seat.S)
    made = a.add("X")  # East tries a double in its place: cancelled
    assert made.seat is Seat.E and a.calls == [c("1H")] and a.turn is Seat.E
    irr = a.irregularities[0]
    assert "X substituted is cancelled (Law 27B3)" in str(irr)
    a.add("2D")  # the lowest sufficient bid in the suit: 27B1(a) no longer frees partner
    a.add("Pass")
    assert a.legal_calls() == [PASS]  # West passes throughout (27B3)
    with pytest.raises(IllegalCall) as caught:
        a.add("2H")
    assert caught.value.law == "27B3"
    for call in ["Pass", "Pass"]:
        a.add(call)
    assert str(a.contract) == "2D" and a.declarer is Seat.E


def test_law_27b3_the_same_double_is_cancelled_even_when_it_would_be_legal() -> None:
    a = Auction(Seat.N, ["1H", "Pass", "2C"], policy="laws")
    a.add("1S")  # West: insufficient over 2C
    a.decide(REFUSE, Seat.N)
    a.add("X")  # a double of 2C would be legal, but not in place of the insufficient bid
    assert a.turn is Seat.W and len(a) == 3
    a.add("2S")
    assert [str(r) for r in a.restrictions] == ["East must pass whenever it is their turn (Law 27B3)"]


def test_law_30b2_pass_out_of_rotation_at_partners_turn_passes_throughout() -> None:
    a = Auction(Seat.N, ["1C", "1H"], policy="laws")  # South's turn
    a.add("Pass", Seat.N)  # North passes at his partner's turn
    a.decide(REFUSE, Seat.E)
    assert a.turn is Seat.S
    with pytest.raises(IllegalCall) as caught:
        a.add("X")  # South may bid or pass, but not double at that turn (30B2(b))
    assert caught.value.law == "30B2(b)"
    a.add("1S")
    a.add("2H")
    assert a.legal_calls() == [PASS]  # North: throughout, not one turn only
    a.add("Pass")
    a.add("Pass")
    a.add("X")  # South doubles freely later
    a.add("Pass")
    assert a.legal_calls() == [PASS]  # North again
    assert "North must pass whenever it is their turn (Law 30B2(a))" in str(a.irregularities[0])


def test_law_30b1_pass_at_rhos_turn_after_a_bid_still_bars_one_turn() -> None:
    a = Auction(Seat.N, ["1C"], policy="laws")  # East's turn
    a.add("Pass", Seat.S)  # South at his right-hand opponent's turn
    a.decide(REFUSE, Seat.W)
    a.add("1H")
    assert a.legal_calls() == [PASS]
    a.add("Pass")
    a.add("Pass")
    a.add("2H")
    assert c("3C") in a.legal_calls()  # South is free again


def test_law_31a1_rho_passes_so_the_bid_out_of_rotation_is_repeated() -> None:
    a = Auction(Seat.N, ["1C"], policy="laws")  # East's turn
    a.add("1S", Seat.S)  # South bids at his right-hand opponent's turn
    a.decide(REFUSE, Seat.W)
    a.add("Pass")  # East passes: South must repeat 1S
    assert a.legal_calls() == [c("1S")]
    with pytest.raises(IllegalCall) as caught:
        a.add("2S")
    assert caught.value.law == "31A1" and "must repeat 1S" in caught.value.message
    a.add("1S")
    for call in ["Pass", "2S", "Pass", "Pass", "Pass"]:  # North bids freely: no rectification
        a.add(call)
    assert str(a.contract) == "2S" and a.lead_penalties() == []


def test_law_26b_a_bid_at_partners_turn_replaced_by_a_pass_lets_declarer_forbid_any_suit() -> None:
    a = Auction(Seat.N, ["1C"], policy="laws")
    a.add("1H", Seat.W)  # East's turn: West bids at his partner's turn (Law 31B)
    a.decide(REFUSE, Seat.N)
    for call in ["Pass", "1S", "Pass", "2S", "Pass", "Pass", "Pass"]:  # E S W N E S W
        a.add(call)
    assert a.declarer is Seat.S
    assert a.lead_penalties() == [LeadPenalty(Seat.W, c("1H"), "31, 26B", (), tuple(Suit))]


def test_law_31a2_rho_bids_and_a_different_call_brings_a_lead_penalty() -> None:
    b = Auction(Seat.N, ["1C"], policy="laws")
    b.add("1S", Seat.S)  # East's turn: South bids at his right-hand opponent's turn
    b.decide(REFUSE, Seat.W)
    b.add("1H")  # East bids (31A2)
    b.add("2C")  # South: not the call withdrawn
    for call in ["Pass", "Pass", "Pass"]:
        b.add(call)
    assert b.declarer is Seat.N
    assert b.lead_penalties() == []  # North-South declare: no lead penalty on them
    assert "North must pass at the next turn (Law 31A2(b))" in str(b.irregularities[0])


def test_law_26b_only_the_suits_the_offender_did_not_specify_may_be_forbidden() -> None:
    a = Auction(Seat.N, ["1C"], policy="laws")
    a.add("1H", Seat.W)  # at partner's (East's) turn
    a.decide(REFUSE, Seat.N)
    for call in ["Pass", "1S", "2H", "2S", "Pass", "Pass", "Pass"]:
        a.add(call)
    [penalty] = a.lead_penalties()  # West bid hearts in the legal auction: any other suit
    assert penalty.require == () and penalty.forbid == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)
    assert "forbid a clubs or diamonds or spades lead at East's first lead" in str(penalty)


def test_law_26b_a_withdrawn_double_lets_declarer_forbid_any_suit() -> None:
    a = Auction(Seat.N, ["1C"], policy="laws")
    a.add("X", Seat.W)  # at East's turn
    a.decide(REFUSE, Seat.N)
    for call in ["Pass", "1S", "Pass", "Pass", "Pass"]:  # E S W(pass, not X) N E
        a.add(call)
    [penalty] = a.lead_penalties()
    assert penalty.require == () and penalty.forbid == tuple(Suit)
    assert "forbid the lead of any one suit at East's first lead" in str(penalty)


def test_law_26_after_27b2_and_none_after_27b1a() -> None:
    a = Auction(Seat.N, ["1H"], policy="laws")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    a.add("2D")  # 27B1(a)
    for call in ["2H", "Pass", "Pass", "Pass"]:
        a.add(call)
    assert a.lead_penalties() == []
    b = Auction(Seat.N, ["1H"], policy="laws")
    b.add("1D")
    b.decide(REFUSE, Seat.S)
    b.add("Pass")  # 27B2
    for call in ["2H", "Pass", "Pass", "Pass"]:
        b.add(call)
    assert [(p.require, p.forbid) for p in b.lead_penalties()] == [((), tuple(Suit))]  # nothing required


def test_law_40b_alert_marks_partners_last_call() -> None:
    a = Auction(Seat.N, ["1C"])
    with pytest.raises(IllegalCall, match="only partner's call"):
        a.alert(Seat.E)
    assert a.alert(Seat.S) == 0 and a.is_alerted(0)
    a.add("Pass")
    a.add("1D")
    a.undo()
    assert a.alerts == {0}
    twin = a.copy()
    assert twin.alerts == {0}


def test_law_29a_callers_and_skipped_give_each_call_its_seat() -> None:
    a = Auction(Seat.N, policy="laws")
    a.add("1S", Seat.E)  # at North's turn, accepted: North lost the turn
    a.decide(ACCEPT, Seat.S)
    for call in ["Pass", "2S"]:
        a.add(call)
    a.add("3C", Seat.E)  # at North's turn again (West's 2S was the last call), accepted
    a.decide(ACCEPT, Seat.S)
    assert a.skipped == [0, 3]
    assert callers(Seat.N, len(a), a.skipped) == [m.seat for m in a] == [Seat.E, Seat.S, Seat.W, Seat.E]
    twin = Auction.recorded(Seat.N, a.calls, a.skipped)
    assert [m.seat for m in twin] == [m.seat for m in a] and twin.turn is a.turn
    with pytest.raises(IllegalCall):  # only a call out of rotation is taken as accepted
        Auction.recorded(Seat.N, ["1S", "1C"], [])


def test_law_28a_a_call_at_the_turn_of_an_rho_obliged_to_pass_is_in_rotation() -> None:
    a = Auction(Seat.N, ["1H"], policy="laws")
    a.add("1D")  # East: insufficient
    a.decide(REFUSE, Seat.S)
    a.add("Pass")  # 27B2: West passes whenever it is his turn
    a.add("2H")  # South
    a.add("3H", Seat.N)  # at West's turn: West must pass, so North's 3H is in rotation
    assert [str(m.call) for m in a][-2:] == ["Pass", "3H"] and a.turn is Seat.E
    a.add("Pass")  # East
    a.add("Pass")  # South
    before = list(a)
    with pytest.raises(IllegalCall):  # an illegal call changes nothing, West's pass included
        a.add("X", Seat.N)  # at West's turn: North doubles his own bid
    assert list(a) == before and a.turn is Seat.W
