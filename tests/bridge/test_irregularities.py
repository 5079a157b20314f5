"""Irregularities under policy="laws": insufficient bids (Law 27), calls out of rotation (29-32),
leads out of turn (53-56) with penalty cards (50), each held pending a decision and recorded with
it; and under the default "prevent" policy nothing of this changes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bridge import (
    DOUBLE,
    PASS,
    Auction,
    Call,
    Card,
    Choice,
    Contract,
    Deal,
    IllegalCall,
    IllegalCard,
    IllegalClaim,
    Play,
    Seat,
    Strain,
)

ACCEPT, REFUSE = Choice.ACCEPT, Choice.REFUSE
# The deal of seed 002: 3NT by North, East leads, South is dummy.
DEAL = Deal.parse("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854")
ALL_CALLS = [PASS, DOUBLE, Call.parse("XX"), *(Call.bid(level, s) for level in range(1, 8) for s in Strain)]


def laws(calls: str = "", dealer: Seat = Seat.N) -> Auction:
    return Auction(dealer, calls.split(), policy="laws")


def refused_call(a: Auction, call: str, law: str, seat: Seat | None = None) -> IllegalCall:
    before = list(a)
    with pytest.raises(IllegalCall) as caught:
        a.add(call, seat)
    assert caught.value.law == law, caught.value
    assert list(a) == before
    return caught.value


def c(text: str) -> Call:
    return Call.parse(text)


# ---- "prevent" (the default) is unchanged ------------------------------------------------------
def test_prevent_still_refuses_insufficient_bids_and_calls_out_of_rotation() -> None:
    a = Auction(Seat.N, ["1H"])
    refused_call(a, "1D", "27")
    refused_call(a, "1S", "29-32", Seat.W)
    assert a.irregularities == [] and a.pending is None
    with pytest.raises(IllegalCall, match="no irregular call awaiting"):
        a.decide(ACCEPT, Seat.S)


# ---- Law 27: insufficient bid --------------------------------------------------------------------
def test_insufficient_bid_is_held_pending_with_offender_law_and_options() -> None:
    a = laws("1H")
    made = a.add("1D")
    assert made.seat is Seat.E and made.call == c("1D")
    irr = a.pending
    assert irr is not None and irr is a.irregularities[-1]
    assert (irr.kind, irr.law, irr.offender, irr.subject, irr.at, irr.in_turn) == (
        "insufficient bid", "27", Seat.E, "1D", 1, Seat.E)
    assert irr.deciders == (Seat.S,) and irr.options == (ACCEPT, REFUSE)
    assert a.calls == [c("1H")]  # not in the auction until accepted
    assert a.legal_calls() == []
    error = refused_call(a, "2D", "27")  # nothing more until it is decided
    assert "awaits a decision" in error.message
    assert "South may accept" in str(irr)


def test_27a_lho_accepts_the_insufficient_bid_and_the_auction_goes_on_from_it() -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(ACCEPT, Seat.S)
    assert a.calls == [c("1H"), c("1D")] and a.turn is Seat.S
    assert a.last_bid is not None and a.last_bid.call == c("1D")
    assert c("1H") in a.legal_calls() and c("1D") not in a.legal_calls()  # sufficient over 1D
    refused_call(a, "1C", "29-32, 27", Seat.N)  # out of rotation, and insufficient: the director's
    for call in "Pass Pass Pass".split():
        a.add(call)
    assert a.contract == Contract.parse("1D") and a.declarer is Seat.E
    irr = a.irregularities[0]
    assert (irr.decision, irr.decided_by) == (ACCEPT, "S")
    assert str(irr) == "insufficient bid 1D by East (Law 27): accepted by South"


@pytest.mark.parametrize("who", [Seat.E, Seat.W, Seat.N])
def test_only_the_offenders_lho_or_the_director_may_accept(who: Seat) -> None:
    a = laws("1H")
    a.add("1D")
    with pytest.raises(IllegalCall) as caught:
        a.decide(ACCEPT, who)
    assert caught.value.law == "27" and "South" in caught.value.message
    assert a.pending is not None
    a.decide(ACCEPT)  # the director
    assert a.irregularities[0].decided_by == "director"
    with pytest.raises(IllegalCall, match="no irregular call awaiting"):
        a.decide(REFUSE)


def test_27b1a_lowest_sufficient_bid_in_the_same_strain_has_no_further_rectification() -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    assert a.turn is Seat.E and a.calls == [c("1H")]
    assert a.substitute_for is a.irregularities[0]
    a.add("2D")
    assert a.substitute_for is None
    a.add("Pass")
    a.add("3NT")  # West, East's partner, bids freely
    assert a.restrictions == []
    assert "no further rectification (Law 27B1(a))" in str(a.irregularities[0])


@pytest.mark.parametrize("substitute", ["3D", "2C", "1NT", "Pass"])
def test_27b2_any_other_substitute_obliges_partner_to_pass_whenever_in_turn(substitute: str) -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    a.add(substitute)
    a.add("4H")  # South
    assert a.turn is Seat.W and a.legal_calls() == [PASS]
    error = refused_call(a, "4S", "27B2")
    assert "West must pass whenever it is their turn" in error.message
    refused_call(a, "X", "27B2")
    a.add("Pass")
    a.add("Pass")  # North
    a.add("5C")  # East is free
    a.add("Pass")  # South
    assert a.legal_calls() == [PASS]  # West again: throughout the auction
    irr = a.irregularities[0]
    assert f"replaced by {c(substitute)}" in str(irr) and "(Law 27B2)" in str(irr)


def test_27b_the_substitute_must_be_legal() -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    refused_call(a, "1C", "27B")  # another insufficient bid is not a substitute
    refused_call(a, "Pass", "27B", Seat.W)  # nor is someone else's call
    a.add("1S")
    assert a.irregularities[0].rectification[-1] == "West must pass whenever it is their turn (Law 27B2)"


# ---- Laws 29-32: call out of rotation -------------------------------------------------------------
def test_29a_accepted_call_out_of_rotation_continues_from_the_offenders_left() -> None:
    a = laws()  # North deals
    a.add("1S", Seat.S)
    irr = a.pending
    assert irr is not None and (irr.kind, irr.law, irr.in_turn, irr.deciders) == (
        "call out of rotation", "31", Seat.N, (Seat.W,))
    a.decide(ACCEPT, Seat.W)
    assert [(m.seat, m.call) for m in a] == [(Seat.S, c("1S"))] and a.turn is Seat.W
    for call in "Pass Pass Pass".split():
        a.add(call)
    assert a.is_complete and a.contract == Contract.parse("1S") and a.declarer is Seat.S
    assert a.restrictions == []


def test_30_pass_out_of_rotation_refused_offender_passes_at_next_turn_only() -> None:
    a = laws()
    a.add("Pass", Seat.E)
    assert a.pending is not None and a.pending.law == "30"
    a.decide(REFUSE, Seat.S)
    assert a.turn is Seat.N and a.calls == []  # cancelled; back to the player in turn
    a.add("1H")
    assert a.legal_calls() == [PASS]
    refused_call(a, "1S", "30A")
    a.add("Pass")
    a.add("2H")
    a.add("Pass")
    a.add("Pass")
    assert c("2S") in a.legal_calls()  # the obligation has been met
    a.add("2S")


def test_31a2_bid_out_of_rotation_at_rhos_turn_then_rho_bids_offender_calls_freely() -> None:
    a = laws("1C")
    a.add("1H", Seat.S)  # East's turn: South bids at his right-hand opponent's turn
    a.decide(REFUSE, Seat.W)
    assert a.turn is Seat.E and a.calls == [c("1C")]
    a.add("1D")  # East bids: South may make any legal call (Law 31A2)
    a.add("1S")  # not the call withdrawn: North passes at the next turn (31A2(b))
    a.add("Pass")
    refused_call(a, "2C", "31A2(b)")
    a.add("Pass")
    a.add("2D")
    a.add("2S")
    a.add("Pass")
    assert c("3C") in a.legal_calls()  # North again: the obligation was for one turn
    assert "may make any legal call (Law 31A2)" in str(a.irregularities[0])


def test_32b_double_out_of_rotation_at_partners_turn_refused_partner_is_free() -> None:
    a = laws("1C")
    a.add("X", Seat.W)  # East's turn
    assert a.pending is not None and a.pending.law == "32"
    a.decide(REFUSE)  # by the director
    assert a.turn is Seat.E and a.restrictions == []
    a.add("Pass")  # East, the offender's partner, may make any legal call (Law 32B1)
    a.add("Pass")
    a.add("1D")  # West, the offender: not the double, not comparable unless ruled so (32B2)
    a.add("Pass")
    assert a.legal_calls() == [PASS]  # East passes at the next turn only
    a.add("Pass")
    a.add("Pass")
    assert a.is_complete and a.contract == Contract.parse("1D") and a.declarer is Seat.W


def test_an_inadmissible_call_out_of_rotation_is_refused_for_the_director() -> None:
    a = laws()
    refused_call(a, "X", "29-32, 19A1", Seat.E)  # nothing to double
    a.add("1H")
    refused_call(a, "1C", "29-32, 27", Seat.S)  # out of rotation and insufficient
    assert a.irregularities == []


def test_undo_stops_at_a_decision_and_copy_keeps_the_record() -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    a.add("2C")
    with pytest.raises(IllegalCall) as caught:
        a.undo()
    assert caught.value.law == "25A" and "director" in caught.value.message
    twin = a.copy()
    twin.add("Pass")
    assert twin.legal_calls() == [PASS]  # West's obligation came along
    assert str(twin.irregularities[0]) == str(a.irregularities[0])
    assert twin.irregularities[0] is not a.irregularities[0]
    a.add("Pass")
    a.add("Pass")
    a.undo()  # an ordinary Law 25A change is still possible
    assert a.turn is Seat.W


def test_copy_while_a_substitute_is_awaited() -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    twin = a.copy()
    twin.add("3D")
    assert twin.restrictions and not a.restrictions
    assert twin.irregularities[0].rectification and not a.irregularities[0].rectification


# ---- Laws 53-56 and 50: leads out of turn and penalty cards -----------------------------------------
def laws_play() -> Play:
    return Play(DEAL, Contract.parse("3NT"), Seat.N, policy="laws")  # East leads, South is dummy


def refused_card(play: Play, card: str, law: str, seat: Seat | None = None) -> IllegalCard:
    with pytest.raises(IllegalCard) as caught:
        play.play(card, seat)
    assert caught.value.law == law, caught.value
    return caught.value


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_prevent_still_refuses_a_lead_out_of_turn() -> None:
    play = Play(DEAL, Contract.parse("3NT"), Seat.N)
    refused_card(play, "SK", "53-57", Seat.W)
    assert play.irregularities == [] and play.pending is None


def test_54_opening_lead_by_the_wrong_defender_accepted_declarer_plays_next() -> None:
    play = laws_play()
    trick = play.play("SK", Seat.W)
    assert trick.cards == []
    irr = play.pending
    assert irr is not None and (irr.kind, irr.law, irr.offender, irr.in_turn, irr.deciders) == (
        "lead out of turn", "54", Seat.W, Seat.E, (Seat.N,))
    assert play.legal_cards() == [] and not play.dummy_exposed
    refused_card(play, "H2", "54", Seat.E)  # East may not lead over it
    with pytest.raises(IllegalClaim):
        play.claim(Seat.N, 9)
    with pytest.raises(IllegalCard, match="North"):
        play.decide(ACCEPT, Seat.E)  # declarer decides, not the offender's partner
    play.decide(ACCEPT, Seat.N)
    assert play.current.leader is Seat.W and play.current.cards == cards("SK")
    assert play.turn is Seat.N and play.dummy_exposed
    assert play.legal_cards() == cards("S4 SQ SA")
    assert "accepted by North; the lead stands; North plays next" in str(irr)


def test_54_56_refused_the_card_is_a_major_penalty_card_played_at_first_legal_opportunity() -> None:
    play = laws_play()
    play.play("SK", Seat.W)
    play.decide(REFUSE, Seat.N)
    assert play.turn is Seat.E and play.penalty_cards == {Seat.W: cards("SK")}
    assert Card.parse("SK") in play.remaining(Seat.W)
    assert "SK is a major penalty card of West (Law 50); East leads (Law 54D)" in str(play.irregularities[0])
    play.choose_lead(None, by=Seat.N)  # declarer neither requires nor forbids spades (Law 50D2b)
    play.play("S3")  # East leads a spade
    play.play("S7")  # dummy
    assert play.legal_cards() == cards("SK")  # West must play it: it follows suit
    refused_card(play, "S2", "50D1")
    play.play("SK")
    assert play.penalty_cards == {}
    play.play("SA")


def test_a_penalty_card_led_out_of_turn_again_stays_one_penalty_card() -> None:
    play = laws_play()
    play.play("SK", Seat.W)
    play.decide(REFUSE, Seat.N)
    play.play("SK", Seat.W)
    play.decide(REFUSE, Seat.N)
    assert play.penalty_cards == {Seat.W: cards("SK")} and len(play.irregularities) == 2


def test_a_restricted_player_may_not_bid_out_of_rotation_either() -> None:
    a = laws("1H")
    a.add("1D")
    a.decide(REFUSE, Seat.S)
    a.add("3D")  # West must now pass throughout (27B2)
    refused_call(a, "4C", "27B2", Seat.W)  # at South's turn
    assert a.pending is None


def test_a_penalty_card_is_not_forced_when_it_cannot_legally_be_played() -> None:
    play = laws_play()
    play.play("SK", Seat.W)
    play.decide(REFUSE, Seat.N)
    play.choose_lead(None, by=Seat.N)  # Law 50D2b: the spade stays a penalty card
    play.play("H2")  # a heart: West must follow with a heart, the spade waits
    play.play("H6")
    assert play.legal_cards() == cards("H3 H9 HQ")
    play.play("H3")
    play.play("HK")  # North wins
    play.play("C2")  # North leads
    play.play("C3")  # East
    play.play("C6")  # dummy
    play.play("CQ")  # West plays a club (the spade penalty card is not a club)
    assert play.penalty_cards == {Seat.W: cards("SK")}


def test_53_56_defender_leads_out_of_turn_later_in_the_play() -> None:
    play = laws_play()
    for card in "H2 H6 H3 HK".split():
        play.play(card)  # North wins trick 1 and must lead
    play.play("D4", Seat.E)
    irr = play.pending
    assert irr is not None and irr.law == "53, 56" and irr.at == 1 and irr.in_turn is Seat.N
    play.decide(ACCEPT, Seat.N)
    assert play.current.leader is Seat.E and play.turn is Seat.S


def test_55_declarer_leads_from_the_wrong_hand_defenders_decide_no_penalty() -> None:
    play = laws_play()
    for card in "H2 H6 H3 HK".split():
        play.play(card)  # North (declarer) is to lead
    play.play("S7", Seat.S)  # from dummy
    irr = play.pending
    assert irr is not None and irr.law == "55" and irr.deciders == (Seat.E, Seat.W)
    with pytest.raises(IllegalCard):
        play.decide(REFUSE, Seat.N)  # declarer does not decide on his own irregularity
    play.decide(REFUSE, Seat.W)
    assert play.penalty_cards == {} and play.turn is Seat.N
    assert "S7 goes back without penalty; North leads (Law 55)" in str(irr)
    play.play("S7", Seat.S)
    play.decide(ACCEPT, Seat.E)  # either defender may accept
    assert play.current.leader is Seat.S and play.turn is Seat.W


def test_leads_the_engine_leaves_to_the_director_are_refused() -> None:
    play = laws_play()
    with pytest.raises(IllegalCard, match="no lead out of turn awaiting a decision"):
        play.decide(ACCEPT, Seat.N)
    refused_card(play, "SA", "53-57", Seat.N)  # declarer before the opening lead
    refused_card(play, "HA", "44", Seat.W)  # not in West's hand
    play.play("H2")
    refused_card(play, "SK", "53-57", Seat.W)  # a card out of turn that is no lead (Law 57)
    assert play.irregularities == []


# ---- properties ---------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(st.integers(0, 3), st.randoms(use_true_random=False))
def test_any_decided_irregular_auction_stays_consistent(dealer: int, rnd: random.Random) -> None:
    """Random calls from random seats, every irregularity decided at random: the record, the
    rotation, the ladder of bids and the contract and declarer stay consistent."""
    a = Auction(Seat(dealer), policy="laws")
    for _ in range(60):
        if a.is_complete:
            break
        if a.pending is not None:
            a.decide(rnd.choice([ACCEPT, REFUSE]), rnd.choice([a.pending.offender.lho, None]))
            continue
        seat = a.turn if rnd.random() < 0.7 else rnd.choice(list(Seat))
        call = rnd.choice([PASS, PASS, *ALL_CALLS]) if rnd.random() < 0.7 else rnd.choice(a.legal_calls())
        try:
            a.add(call, seat)
        except IllegalCall as error:
            assert error.law is not None
    made = list(a)
    accepted_29 = {irr.at for irr in a.irregularities if irr.law in ("30", "31", "32")
                   and irr.decision is ACCEPT}
    for i, (before, after) in enumerate(zip(made, made[1:], strict=False), start=1):
        # in rotation, but for an accepted call out of rotation; after it, from its left (29A)
        assert after.seat is before.seat.lho or i in accepted_29
    accepted_27 = {irr.at for irr in a.irregularities if irr.law == "27" and irr.decision is ACCEPT}
    bids = [(i, m) for i, m in enumerate(made) if m.call.is_bid]
    for (_, low), (i, high) in zip(bids, bids[1:], strict=False):
        assert high.call.rank > low.call.rank or i in accepted_27
    for restriction in a.restrictions:  # an obligation to pass throughout is kept
        if not restriction.once:
            irr = next(i for i in a.irregularities if str(restriction) in i.rectification)
            later = [m for m in made[irr.at:] if m.seat is restriction.seat]
            assert all(m.call == PASS for m in later)
    assert all(not irr.pending for irr in a.irregularities[:-1])
    if a.is_complete and not a.is_passed_out:
        last = a.last_bid
        assert last is not None and a.contract is not None and a.declarer is not None
        assert (a.contract.level, a.contract.strain) == (last.call.level, last.call.strain)
        assert a.declarer.side is last.seat.side
        assert any(m.seat is a.declarer and m.call.strain == last.call.strain for m in made)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(ALL_CALLS), max_size=30), st.integers(0, 3))
def test_prevent_and_laws_agree_on_regular_calls(calls: list[Call], dealer: int) -> None:
    """The calls the player in turn may make are the same under both policies, and an irregular
    one is refused under prevent without a trace."""
    prevent, law = Auction(Seat(dealer)), Auction(Seat(dealer), policy="laws")
    for call in calls:
        if prevent.is_complete:
            break
        assert prevent.legal_calls() == law.legal_calls()
        if prevent.is_legal(call):
            prevent.add(call)
            law.add(call)
        else:
            with pytest.raises(IllegalCall):
                prevent.add(call)
    assert prevent.calls == law.calls and prevent.contract == law.contract
    assert prevent.declarer == law.declarer and prevent.irregularities == law.irregularities == []


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False))
def test_a_play_with_leads_out_of_turn_still_plays_every_card_once(rnd: random.Random) -> None:
    play = laws_play()
    while not play.is_complete:
        if play.pending is not None:
            play.decide(rnd.choice([ACCEPT, REFUSE]), rnd.choice([*play.pending.deciders, None]))
            continue
        choice = play.lead_choice
        if choice is not None:  # Law 50D2: require, forbid or neither
            play.choose_lead(rnd.choice([None, *choice.forbid]), require=rnd.random() < 0.5)
            continue
        if play.designation_due:  # Law 51A
            play.designate(rnd.choice(play.designation_due))
            continue
        if not play.current.cards and rnd.random() < 0.3:
            seat = rnd.choice([s for s in Seat if s is not play.turn])
            if play.tricks_remaining == 13:
                seat = play.declarer.rho if seat.side is play.declarer.side else seat
            if seat is not play.turn and play.remaining(seat):
                play.play(rnd.choice(sorted(play.remaining(seat))), seat)
                continue
        play.play(rnd.choice(play.legal_cards()))
    assert play.penalty_cards == {} and play.revokes == []
    for seat in Seat:
        played = [t.card_of(seat) for t in play.tricks]
        assert sorted(c for c in played if c is not None) == sorted(DEAL[seat].cards)
    assert 0 <= play.declarer_tricks <= 13
    for irr in play.irregularities:
        assert irr.decision is not None and irr.rectification
