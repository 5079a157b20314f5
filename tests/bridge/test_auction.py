"""The auction, Laws 17-22 (and 25A, 27, 29-32, 39 for what it refuses): each rule with a call it
allows and a call it refuses, the refusal naming the Law."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Call,
    CallKind,
    Contract,
    IllegalCall,
    ParseError,
    Seat,
    Side,
    Strain,
)

BIDS = [Call.bid(level, strain) for level in range(1, 8) for strain in Strain]


def auction(calls: str, dealer: Seat = Seat.N) -> Auction:
    return Auction(dealer, calls.split())


def refused(a: Auction, call: str, law: str, seat: Seat | None = None) -> IllegalCall:
    before = a.calls
    with pytest.raises(IllegalCall) as caught:
        a.add(call, seat)
    assert caught.value.law == law
    assert f"(Law {law})" in str(caught.value)
    assert a.calls == before  # nothing was recorded
    return caught.value


# ---- Law 17: the dealer calls first, then clockwise ------------------------------------------
@pytest.mark.parametrize("dealer", list(Seat))
def test_dealer_calls_first_then_clockwise(dealer: Seat) -> None:
    a = Auction(dealer)
    seats = []
    for call in "1C 1D 1H 1S 1NT".split():
        seats.append(a.turn)
        a.add(call)
    assert seats == [dealer.after(i) for i in range(5)]
    assert [m.seat for m in a] == seats


def test_call_by_the_player_in_turn_is_accepted_out_of_rotation_refused() -> None:
    a = Auction(Seat.E)
    a.add("1C", Seat.E)
    error = refused(a, "1D", "29-32", Seat.W)
    assert "West" in error.message and "South" in error.message
    a.add("1D", Seat.S)


# ---- Law 18: sufficient bids in the order of Law 18E -----------------------------------------
def test_bid_ladder_is_law_18e_order() -> None:
    assert [str(b) for b in BIDS[:6]] == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    assert [b.rank for b in BIDS] == list(range(35))
    assert str(BIDS[-1]) == "7NT"


@pytest.mark.parametrize("higher", ["1S", "1NT", "2C", "2H", "7NT"])
def test_sufficient_bid_after_1h(higher: str) -> None:
    a = auction("1H")
    a.add(higher)
    assert str(a.calls[-1]) == higher


@pytest.mark.parametrize("lower", ["1C", "1D", "1H"])
def test_insufficient_bid_after_1h_is_refused(lower: str) -> None:
    error = refused(auction("1H"), lower, "27")
    assert error.message == f"insufficient bid: {lower} after 1H"


def test_insufficient_bid_counts_from_the_last_bid_not_the_last_call() -> None:
    a = auction("1NT X Pass")
    refused(a, "1S", "27")
    a.add("2C")


def test_passed_player_may_bid_again() -> None:
    a = auction("Pass 1H Pass 2H")
    a.add("Pass")
    a.add("Pass")
    a.add("3C")  # North passed at first and bids now
    assert a.calls[-1] == Call.bid(3, Strain.CLUBS)


def test_a_bid_above_seven_or_without_strain_cannot_exist() -> None:
    for text in ("8S", "0NT", "1", "S", "1Z"):
        with pytest.raises(ParseError):
            Call.parse(text)
    with pytest.raises(ParseError):
        Call(CallKind.BID, 8, Strain.SPADES)
    with pytest.raises(ParseError):
        Call(CallKind.PASS, 1, Strain.SPADES)


# ---- Law 19A: doubles -------------------------------------------------------------------------
@pytest.mark.parametrize("calls", ["1H", "1H Pass Pass", "1H X XX 2C", "1H Pass 2H"])
def test_double_of_an_opponents_last_bid(calls: str) -> None:
    a = auction(calls)
    a.add("X")
    assert a.risk == 1


@pytest.mark.parametrize(("calls", "why"), [
    ("", "double of nothing"),
    ("Pass", "double of nothing"),
    ("1H Pass", "partner's"),          # South would double partner's bid
    ("1H Pass Pass Pass", None),      # over: see Law 39 below
    ("1H X", "double of X"),          # a double cannot be doubled
    ("1H X XX", "double of XX"),
    ("1H Pass 1S Pass", "partner's"),
])
def test_double_refused(calls: str, why: str | None) -> None:
    a = auction(calls)
    if why is None:
        refused(a, "X", "39")
        return
    error = refused(a, "X", "19A1")
    assert why in error.message


# ---- Law 19B: redoubles -----------------------------------------------------------------------
@pytest.mark.parametrize("calls", ["1H X", "1H X Pass Pass", "1H Pass Pass X", "1H Pass Pass X Pass Pass"])
def test_redouble_of_a_double_of_ones_own_side(calls: str) -> None:
    a = auction(calls)
    a.add("XX")
    assert a.risk == 2


@pytest.mark.parametrize(("calls", "why"), [
    ("", "redouble of nothing"),
    ("1H", "redouble of 1H"),          # nothing doubled
    ("1H X Pass", "own side's double"),  # West would redouble partner's double
    ("1H X XX", "redouble of XX"),
    ("1H X 1S", "redouble of 1S"),     # the double was extinguished
])
def test_redouble_refused(calls: str, why: str) -> None:
    error = refused(auction(calls), "XX", "19B1")
    assert why in error.message


# ---- Law 19C/D: a later bid cancels a double; the contract carries the risk -----------------------
@pytest.mark.parametrize(("calls", "contract"), [
    ("1H X Pass Pass Pass", "1HX"),
    ("1H X XX Pass Pass Pass", "1HXX"),
    ("1H X 1S Pass Pass Pass", "1S"),
    ("1H X XX 2C Pass Pass Pass", "2C"),
    ("1H Pass Pass X Pass Pass XX Pass Pass Pass", "1HXX"),
    ("1H X 2H X Pass Pass Pass", "2HX"),
])
def test_contract_risk(calls: str, contract: str) -> None:
    a = auction(calls)
    assert a.contract == Contract.parse(contract)


# ---- Law 22: the end of the auction -------------------------------------------------------------
@pytest.mark.parametrize("calls", [
    "Pass Pass Pass Pass",
])
def test_four_opening_passes_pass_the_board_out(calls: str) -> None:
    a = auction(calls)
    assert a.is_complete and a.is_passed_out
    assert a.contract is None and a.declarer is None and a.declaring_side() is None
    assert a.legal_calls() == []


@pytest.mark.parametrize("calls", ["Pass", "Pass Pass", "Pass Pass Pass", "1C", "1C Pass Pass",
                                   "Pass Pass Pass 1C Pass Pass", "1C X Pass Pass"])
def test_auction_not_over(calls: str) -> None:
    a = auction(calls)
    assert not a.is_complete and not a.is_passed_out
    assert a.contract is None and a.declarer is None
    assert a.legal_calls()


@pytest.mark.parametrize(("calls", "contract", "declarer"), [
    ("1C Pass Pass Pass", "1C", Seat.N),
    ("Pass Pass Pass 1C Pass Pass Pass", "1C", Seat.W),
    ("1C X Pass Pass Pass", "1CX", Seat.N),
    ("1C X XX Pass Pass Pass", "1CXX", Seat.N),
    ("Pass 1S Pass 2S Pass 4S Pass Pass Pass", "4S", Seat.E),
])
def test_three_passes_after_a_call_end_it(calls: str, contract: str, declarer: Seat) -> None:
    a = auction(calls)
    assert a.is_complete and not a.is_passed_out
    assert a.contract == Contract.parse(contract) and a.declarer is declarer
    assert a.legal_calls() == []


@pytest.mark.parametrize("call", ["Pass", "X", "XX", "7NT"])
def test_call_after_the_auction_is_refused(call: str) -> None:
    error = refused(auction("1C Pass Pass Pass"), call, "39")
    assert "after the auction has ended" in error.message
    refused(auction("Pass Pass Pass Pass"), call, "39")


# ---- the declarer: first of the declaring side to name the strain -------------------------------
@pytest.mark.parametrize(("calls", "dealer", "declarer"), [
    ("1NT Pass 3NT Pass Pass Pass", Seat.N, Seat.N),
    ("1S 2H X 3H 3S Pass 4S Pass Pass Pass", Seat.N, Seat.N),
    ("1H Pass 1S Pass 4S Pass Pass Pass", Seat.N, Seat.S),
    ("1S 2S Pass 4S Pass Pass Pass", Seat.N, Seat.E),      # East's cue bid named spades first
    ("1S 2S Pass 3S 4S Pass Pass Pass", Seat.N, Seat.N),   # North's spades, NS side
    ("1C Pass 1H Pass 2H Pass 4H X Pass Pass Pass", Seat.W, Seat.E),
])
def test_declarer(calls: str, dealer: Seat, declarer: Seat) -> None:
    a = auction(calls, dealer)
    assert a.declarer is declarer
    last = a.last_bid
    assert last is not None and last.seat.side is declarer.side
    assert a.declaring_side() is declarer.side


def test_declaring_side_values() -> None:
    assert auction("1C Pass Pass Pass").declaring_side() is Side.NS
    assert auction("Pass 1C Pass Pass Pass").declaring_side() is Side.EW


# ---- legal_calls: complete and exact --------------------------------------------------------------
@pytest.mark.parametrize(("calls", "expected"), [
    ("", [PASS, *BIDS]),
    ("Pass Pass", [PASS, *BIDS]),
    ("1H", [PASS, DOUBLE, *BIDS[3:]]),
    ("1H Pass", [PASS, *BIDS[3:]]),
    ("1H Pass Pass", [PASS, DOUBLE, *BIDS[3:]]),
    ("1H X", [PASS, REDOUBLE, *BIDS[3:]]),
    ("1H X Pass", [PASS, *BIDS[3:]]),
    ("1H X Pass Pass", [PASS, REDOUBLE, *BIDS[3:]]),
    ("1H X XX", [PASS, *BIDS[3:]]),
    ("7S", [PASS, DOUBLE, BIDS[-1]]),
    ("7NT", [PASS, DOUBLE]),
    ("7NT X", [PASS, REDOUBLE]),
    ("7NT X XX", [PASS]),
    ("7NT X XX Pass Pass Pass", []),
])
def test_legal_calls_exact(calls: str, expected: list[Call]) -> None:
    a = auction(calls)
    assert a.legal_calls() == expected
    for call in [PASS, DOUBLE, REDOUBLE, *BIDS]:
        assert a.is_legal(call) is (call in expected)
        assert (a.why_illegal(call) is None) is (call in expected)


# ---- Law 25A: withdrawing the last call --------------------------------------------------------
def test_undo_withdraws_the_last_call_and_restores_the_state() -> None:
    a = auction("1C Pass Pass Pass")
    assert a.is_complete
    made = a.undo()
    assert made.seat is Seat.W and made.call == PASS
    assert not a.is_complete and a.turn is Seat.W
    a.add("1D")
    assert str(a) == "1C Pass Pass 1D"
    a.undo()
    a.undo()
    a.undo()
    a.undo()
    assert len(a) == 0 and a.turn is Seat.N
    with pytest.raises(IllegalCall) as caught:
        a.undo()
    assert caught.value.law == "25A"


def test_copy_is_independent() -> None:
    a = auction("1C Pass")
    b = a.copy()
    b.add("1H")
    assert len(a) == 2 and len(b) == 3 and b.dealer is a.dealer


# ---- reading calls and contracts ----------------------------------------------------------------
@pytest.mark.parametrize(("text", "call"), [
    ("Pass", PASS), ("P", PASS), ("pass", PASS), ("X", DOUBLE), ("Dbl", DOUBLE), ("XX", REDOUBLE),
    ("R", REDOUBLE), ("Rdbl", REDOUBLE), ("1NT", Call.bid(1, Strain.NOTRUMP)),
    ("1N", Call.bid(1, Strain.NOTRUMP)), ("2SA", Call.bid(2, Strain.NOTRUMP)),
    ("3UT", Call.bid(3, Strain.NOTRUMP)), ("4s", Call.bid(4, Strain.SPADES)),
    ("2♥", Call.bid(2, Strain.HEARTS)), (" 7c ", Call.bid(7, Strain.CLUBS)),
])
def test_call_parse(text: str, call: Call) -> None:
    assert Call.parse(text) == call


@pytest.mark.parametrize(("text", "contract"), [
    ("4S", Contract(4, Strain.SPADES)), ("4SX", Contract(4, Strain.SPADES, 1)),
    ("3NTXX", Contract(3, Strain.NOTRUMP, 2)), ("3N", Contract(3, Strain.NOTRUMP)),
    ("5cx", Contract(5, Strain.CLUBS, 1)), ("6H*", Contract(6, Strain.HEARTS, 1)),
    ("6H**", Contract(6, Strain.HEARTS, 2)), ("2SAX", Contract(2, Strain.NOTRUMP, 1)),
    ("3UT", Contract(3, Strain.NOTRUMP)),
])
def test_contract_parse(text: str, contract: Contract) -> None:
    assert Contract.parse(text) == contract


@pytest.mark.parametrize("text", ["", "8S", "4", "4Z", "4SXXX", "Pass"])
def test_contract_parse_refuses(text: str) -> None:
    with pytest.raises(ParseError, match="not a contract"):
        Contract.parse(text)


def test_contract_parse_or_pass() -> None:
    assert Contract.parse_or_pass("Pass") is None and Contract.parse_or_pass("AP") is None
    assert Contract.parse_or_pass("4S") == Contract(4, Strain.SPADES)
    with pytest.raises(ParseError):
        Contract(0, Strain.SPADES)
    with pytest.raises(ParseError):
        Contract(1, Strain.SPADES, 3)


def test_calls_and_contracts_round_trip_through_text() -> None:
    for call in [PASS, DOUBLE, REDOUBLE, *BIDS]:
        assert Call.parse(str(call)) == call
    for bid in BIDS:
        assert bid.strain is not None
        for risk in (0, 1, 2):
            contract = Contract(bid.level, bid.strain, risk)
            assert Contract.parse(str(contract)) == contract
            assert contract.tricks_needed == bid.level + 6
            assert (contract.doubled, contract.redoubled) == (risk == 1, risk == 2)


def test_calls_sort_like_the_bidding_box() -> None:
    calls = [PASS, DOUBLE, REDOUBLE, *BIDS]
    assert sorted(reversed(calls)) == calls
    assert max(calls) == BIDS[-1] and min(calls) == PASS
    assert PASS < DOUBLE <= REDOUBLE < BIDS[0] and BIDS[0] >= REDOUBLE
