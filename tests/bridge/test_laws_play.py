"""The play Laws of issue 10: correcting a revoke (Law 62A-C) and in the twelfth trick (62D), and
the lead restrictions that follow a withdrawn call (Law 26), under policy="laws"."""

from __future__ import annotations

import pytest

from bridgetable.bridge import Auction, Card, Choice, Contract, Deal, IllegalCard, Play, Seat, Suit

# The deal of seed 002: 3NT by North, East leads, South is dummy.
DEAL = Deal.parse("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854")
# The twelfth-trick deal.
TWELVE = Deal.parse("N:2.KQJT9876542..2 .3.AKQJT9876543. AKQJT9876543..2. .A..AKQJT9876543")


def card(text: str) -> Card:
    return Card.parse(text)


def laws_play(deal: Deal = DEAL, contract: str = "3NT", declarer: Seat = Seat.N) -> Play:
    return Play(deal, Contract.parse(contract), declarer, policy="laws")


def test_law_62b1_a_defenders_revoke_noticed_in_time_is_corrected_and_becomes_a_penalty_card() -> None:
    """The issue's reproducer, with seed 002's cards (East holds no ♠J): East leads ♠3, dummy
    plays ♠J, West discards ♣4 holding ♠K82, then corrects before the revoke is established."""
    play = laws_play()
    for text in ["S3", "SJ", "C4"]:
        play.play(text)
    assert play.revokes[0].seat is Seat.W
    corrected = play.correct_revoke(Seat.W)
    assert corrected.corrected == "62B"
    assert play.turn is Seat.W and play.current.cards == [card("S3"), card("SJ")]
    assert play.penalty_cards == {Seat.W: [card("C4")]}
    assert card("C4") not in play.legal_cards()  # the suit led comes first (Law 44C)
    play.play("SK")
    play.play("SA")
    assert play.tricks[0].winner is Seat.N and play.revoke_transfer(Seat.W.side) == 0
    assert "Law 62B1" in play.corrections[0]


def test_law_62c_the_cards_played_after_the_revoke_come_back() -> None:
    play = laws_play()
    for text in ["S3", "SJ", "C4", "SA"]:  # North (declarer) has played after West's revoke
        play.play(text)
    assert play.tricks[0].winner is Seat.N
    play.play("D3")  # North leads to trick 2: a non-offender; the revoke is not established
    assert not play.is_established(play.revokes[0])
    play.correct_revoke(Seat.W)
    assert len(play.tricks) == 1 and play.current.cards == [card("S3"), card("SJ")]
    assert card("SA") in play.remaining(Seat.N) and card("D3") in play.remaining(Seat.N)
    play.play("S2")
    play.play("S4")  # North plays again, a different card (62C1: no rectification)
    assert play.tricks[0].winner is Seat.S


def test_law_62c2_the_offenders_partners_card_comes_back_and_changed_is_a_penalty_card() -> None:
    play = laws_play()
    for text in ["S3", "SJ", "SK", "SA"]:  # North wins the first trick
        play.play(text)
    for text in ["HK", "C3", "H6", "HQ"]:  # East discards ♣3 holding hearts; West plays after him
        play.play(text)
    play.correct_revoke(Seat.E)
    assert play.penalty_cards == {Seat.E: [card("C3")]}
    assert card("HQ") in play.remaining(Seat.W) and card("H6") in play.remaining(Seat.S)
    play.play("H2")  # East follows
    play.play("H8")  # dummy, a non-offender, changes its card (62C1)
    play.play("H3")  # West, the offender's partner, changes his: ♥Q becomes a penalty card (62C2)
    assert play.penalty_cards == {Seat.E: [card("C3")], Seat.W: [card("HQ")]}
    assert "Law 62C2" in play.corrections[-1]


def test_law_63_an_established_revoke_cannot_be_corrected() -> None:
    play = laws_play()
    for text in ["S3", "SJ", "C4", "SA", "D3", "D2", "D7"]:  # West plays to trick 2
        play.play(text)
    play.play("D5")
    with pytest.raises(IllegalCard) as caught:
        play.correct_revoke(Seat.W)
    assert caught.value.law == "63B"
    assert play.revoke_transfer(Seat.W.side) >= 0 and not play.revokes[0].corrected


def test_law_63a4_agreeing_to_the_opponents_claim_establishes_the_revoke() -> None:
    play = laws_play()
    for text in ["S3", "SJ", "C4", "SA"]:  # West revokes; North wins the trick
        play.play(text)
    revoke = play.revokes[0]
    play.claim(Seat.N, 12)
    assert not play.is_established(revoke)  # claimed, not yet agreed
    play.accept_claim()  # East-West, the offenders, agree
    assert play.is_established(revoke)
    with pytest.raises(IllegalCard) as caught:
        play.correct_revoke(Seat.W)
    assert caught.value.law == "63A4" and not play.revokes[0].corrected
    assert play.declarer_tricks == 13  # the claim's 12, the revoke trick, and no transfer back


TWELVE_FIRST_ELEVEN = [
    # East leads his diamonds; South follows once, then throws spades; West throws clubs; North
    # throws his little cards and hearts, keeping ♥KQ. East wins the first eleven tricks.
    ("DA", "D2", "CA", "S2"), ("DK", "SA", "CK", "C2"), ("DQ", "SK", "CQ", "H2"),
    ("DJ", "SQ", "CJ", "H4"), ("DT", "SJ", "CT", "H5"), ("D9", "ST", "C9", "H6"),
    ("D8", "S9", "C8", "H7"), ("D7", "S8", "C7", "H8"), ("D6", "S7", "C6", "H9"),
    ("D5", "S6", "C5", "HT"), ("D4", "S5", "C4", "HJ"),
]


def twelve_tricks_with_a_revoke() -> Play:
    play = laws_play(TWELVE, "1NT", Seat.N)
    for trick in TWELVE_FIRST_ELEVEN:
        for text in trick:
            play.play(text)
    for text in ["H3", "S4", "C3", "HK"]:  # West revokes holding ♥A
        play.play(text)
    return play


def test_law_62d_a_revoke_in_the_twelfth_trick_is_corrected_even_when_established() -> None:
    play = twelve_tricks_with_a_revoke()
    assert play.tricks[11].winner is Seat.N
    for text in ["HQ", "D3", "S3", "HA"]:
        play.play(text)
    assert play.is_complete and play.declarer_tricks == 1
    assert play.is_established(play.revokes[0])
    corrected = play.correct_revoke(Seat.W)
    assert corrected.corrected == "62D"
    assert play.tricks[11].cards == [card("H3"), card("S4"), card("HA"), card("HK")]
    assert play.tricks[11].winner is Seat.W
    assert play.tricks[12].leader is Seat.W and play.tricks[12].cards[0] == card("C3")
    assert play.is_complete and play.declarer_tricks == 0  # never transferred: corrected (64B6)
    assert "Law 62D" in play.corrections[0]


def test_law_62d_before_the_last_trick_is_the_ordinary_correction() -> None:
    play = twelve_tricks_with_a_revoke()
    play.correct_revoke(Seat.W)  # North has played after it, but no one to the thirteenth trick
    play.play("HA")
    play.play("HK")
    assert play.tricks[11].winner is Seat.W and play.penalty_cards == {Seat.W: [card("C3")]}


# ---- Law 26 ------------------------------------------------------------------------------------
def forbid_auction() -> Auction:
    a = Auction(Seat.N, ["1C"], policy="laws")
    a.add("1H", Seat.W)  # at East's turn: West bids at his partner's turn, cancelled
    a.decide(Choice.REFUSE, Seat.N)
    for call in ["Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]:
        a.add(call)
    return a


def test_law_26_declarer_forbids_a_suit_as_long_as_the_partner_keeps_the_lead() -> None:
    a = forbid_auction()
    assert a.declarer is Seat.S and len(a.lead_penalties()) == 1
    # the same penalty when North-South play it from North: East, the offender's partner, leads
    play = Play(DEAL, Contract.parse("3NT"), Seat.N, policy="laws", lead_penalties=a.lead_penalties())
    assert play.lead_choice is not None and play.legal_cards() == []
    with pytest.raises(IllegalCard):
        play.play("H2")
    with pytest.raises(IllegalCard, match="declarer does"):
        play.choose_lead(Suit.HEARTS, by=Seat.E)
    with pytest.raises(IllegalCard, match="may not require"):  # nothing may be required (26B, 2017)
        play.choose_lead(Suit.HEARTS, require=True, by=Seat.N)
    text = play.choose_lead(Suit.HEARTS, by=Seat.N)
    assert text == "declarer forbade a heart lead by East (Law 31, 26B)"
    assert all(c.suit is not Suit.HEARTS for c in play.legal_cards())
    with pytest.raises(IllegalCard) as caught:
        play.play("H2")
    assert caught.value.law == "31, 26B"
    play.play("CA")
    for text in ["C6", "C5", "C2"]:
        play.play(text)
    assert play.tricks[0].winner is Seat.E and all(c.suit is not Suit.HEARTS for c in play.legal_cards())
    play.play("C3")
    for text in ["C9", "C8", "CJ"]:
        play.play(text)
    assert play.turn is Seat.N  # someone else has the lead: the prohibition is over
    for text in ["H5", "HT", "H6", "H3"]:  # East wins a trick later: he leads anything again
        play.play(text)
    assert play.turn is Seat.E and any(c.suit is Suit.HEARTS for c in play.legal_cards())
    play.play("H7")


# ---- Law 54A -----------------------------------------------------------------------------------
def test_law_54a_declarer_spreads_his_hand_only_after_an_opening_lead_out_of_turn() -> None:
    play = laws_play()  # 3NT by North: East's lead
    play.play("SK", Seat.W)
    pending = play.pending
    assert pending is not None and Choice.SPREAD in pending.options
    with pytest.raises(IllegalCard, match="may not decide"):
        play.decide(Choice.SPREAD, Seat.S)  # dummy may not choose
    play.decide(Choice.SPREAD, Seat.N)
    assert play.declarer is Seat.S and play.dummy is Seat.N and play.opening_leader is Seat.W
    assert play.current.cards == [card("SK")] and play.turn is Seat.N
    assert "North spreads the hand and becomes dummy; South declares (Law 54A)" in str(play.irregularities[0])
    for text in ["S4", "S3", "S7"]:
        play.play(text)
    assert play.turn is Seat.W
    play.play("D4", Seat.E)  # West won; East leads out of turn: Law 53, 56, no spreading now
    with pytest.raises(IllegalCard, match="not an option"):
        play.decide(Choice.SPREAD, Seat.S)
