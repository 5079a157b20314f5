"""The play (Laws 41-47, 44, 65-66), claims (68-70) and revokes with their trick transfers (61-64)."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    Card,
    Claim,
    ClaimState,
    Contract,
    Deal,
    IllegalCard,
    IllegalClaim,
    Play,
    Revoke,
    Seat,
    Side,
    Suit,
    trick_winner,
)

# The deal of seed 002: 3NT by North, East leads, South is dummy.
SEED_002 = Deal.parse("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854")
# A deal for revokes: every player holds three spades, hearts and diamonds, and four clubs,
# except West, who holds the top four of each red suit and spades and the single club ace.
REVOKE_DEAL = Deal.parse("N:432.432.432.5432 765.765.765.9876 T98.T98.T98.KQJT AKQJ.AKQJ.AKQJ.A")


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def play_cards(play: Play, text: str) -> None:
    for card in cards(text):
        play.play(card)


def play_on(play: Play, tricks: int = 13) -> None:
    """Play the lowest legal card until ``tricks`` tricks are complete."""
    while not play.is_complete and len(play.completed_tricks) < tricks:
        play.play(play.legal_cards()[0])


def seed_play() -> Play:
    return Play(SEED_002, Contract.parse("3NT"), Seat.N)


def refused(play: Play, card: str, law: str, seat: Seat | None = None) -> IllegalCard:
    with pytest.raises(IllegalCard) as caught:
        play.play(card, seat)
    assert caught.value.law == law and f"(Law {law})" in str(caught.value)
    return caught.value


# ---- the opening lead and dummy (Law 41) -----------------------------------------------------------
def test_opening_lead_by_declarers_left_hand_opponent_then_dummy_is_exposed() -> None:
    play = seed_play()
    assert play.opening_leader is Seat.E and play.turn is Seat.E and play.dummy is Seat.S
    assert not play.dummy_exposed
    assert play.legal_cards() == sorted(SEED_002[Seat.E].cards)  # any card may be led
    error = refused(play, "SA", "53-57", Seat.N)  # declarer may not lead
    assert "North" in error.message and "East" in error.message and "lead" in error.message
    play.play("H2", Seat.E)
    assert play.dummy_exposed and play.turn is Seat.S


def test_declarer_plays_dummys_cards_in_dummys_turn() -> None:
    play = seed_play()
    play.play("H2")
    assert play.turn is Seat.S  # dummy's turn: declarer names dummy's card
    play.play("HA", Seat.S)
    assert play.current.card_of(Seat.S) == Card.parse("HA")
    refused(play, "HQ", "53-57", Seat.S)  # West's turn now, not dummy's


def test_card_not_held_or_already_played_is_refused() -> None:
    play = seed_play()
    error = refused(play, "SA", "44")
    assert error.message == "SA is not in East's hand"
    play_cards(play, "H2 H6 H3 HJ")  # North wins with the jack and leads
    assert play.turn is Seat.N
    error = refused(play, "HJ", "44")
    assert error.message == "HJ has already been played"


# ---- following suit (Law 44C/D) -----------------------------------------------------------------
def test_must_follow_suit_when_able() -> None:
    play = seed_play()
    play.play("H2")
    assert play.legal_cards() == cards("H6 H8 HA")
    error = refused(play, "S7", "44C, 61")
    assert "revoke" in error.message and "South" in error.message
    assert play.revokes == []


def test_any_card_when_void_in_the_suit_led() -> None:
    deal = Deal.parse("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    play = Play(deal, Contract.parse("1S"), Seat.W)
    assert play.turn is Seat.N
    play.play("S2")
    assert play.legal_cards() == sorted(deal[Seat.E].cards)  # East has no spade: anything
    play_cards(play, "HA DA CA")
    assert play.completed_tricks[0].winner is Seat.N  # the trump (and the suit led) wins


# ---- the trick (Law 44E-G) ----------------------------------------------------------------------------
@pytest.mark.parametrize(("leader", "trick", "trump", "winner"), [
    (Seat.N, "S2 S3 S4 S5", None, Seat.W),
    (Seat.N, "SA SK SQ SJ", None, Seat.N),
    (Seat.E, "H2 SA DA CA", None, Seat.E),          # NT: only the suit led can win
    (Seat.E, "H2 SA DA CA", Suit.SPADES, Seat.S),   # a trump wins
    (Seat.E, "H2 S2 S3 HA", Suit.SPADES, Seat.W),   # the overruff wins
    (Seat.S, "D5 DK C2 D4", Suit.CLUBS, Seat.N),    # a small trump beats the king
    (Seat.W, "C2 CA H2 H3", Suit.HEARTS, Seat.S),   # trump led? no: clubs led, South ruffs
    (Seat.W, "H5 HA H2 H3", Suit.HEARTS, Seat.N),   # trumps led: highest trump
])
def test_trick_winner(leader: Seat, trick: str, trump: Suit | None, winner: Seat) -> None:
    assert trick_winner(leader, cards(trick), trump) is winner


def test_winner_leads_next_and_thirteen_tricks_end_the_play() -> None:
    play = seed_play()
    play_cards(play, "H2 H6 H3 HJ")
    assert play.completed_tricks[0].winner is Seat.N and play.turn is Seat.N
    assert play.current.leader is Seat.N and play.tricks_remaining == 12
    play_on(play)
    assert play.is_complete and len(play.tricks) == 13 and play.tricks_remaining == 0
    assert all(t.is_complete for t in play.tricks)
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader is before.winner
    assert play.tricks_won(Side.NS) + play.tricks_won(Side.EW) == 13
    assert play.declarer_tricks == play.tricks_won(Side.NS)
    assert all(not play.remaining(seat) for seat in Seat)
    assert play.legal_cards() == []
    error = refused(play, "SA", "44")
    assert "after the play has ended" in error.message


def test_replay() -> None:
    play = Play.replay(SEED_002, Contract.parse("3NT"), Seat.N, ["H2", "H6", "H3", "HJ"])
    assert play.completed_tricks[0].winner is Seat.N
    with pytest.raises(IllegalCard):
        Play.replay(SEED_002, Contract.parse("3NT"), Seat.N, ["H2", "S7"])


# ---- claims and concessions (Laws 68-70) ------------------------------------------------------
def test_claim_accepted_ends_the_play() -> None:
    play = seed_play()
    play_cards(play, "H2 H6 H3 HJ")
    claim = play.claim(Seat.N, 9)
    assert claim == Claim(Seat.N, 9, 12) and claim.state is ClaimState.PENDING
    assert not play.is_complete and play.legal_cards() == []
    error = refused(play, "SA", "68D")
    assert "claim" in error.message
    play.accept_claim()
    assert claim.state is ClaimState.ACCEPTED and play.is_complete
    assert play.declarer_tricks == 1 + 9


def test_claim_by_a_defender_counts_for_the_defence() -> None:
    play = seed_play()
    play_cards(play, "H2 H6 H3 HJ")
    play.claim(Seat.E, 5)  # the defenders claim 5 of the 12 left: declarer gets 7
    play.accept_claim()
    assert play.declarer_tricks == 1 + 7


def test_concession_of_all_remaining_tricks() -> None:
    play = seed_play()
    play.claim(Seat.N, 0)  # declarer concedes everything before the lead
    play.accept_claim()
    assert play.declarer_tricks == 0 and play.is_complete


def test_disputed_claim_ruled_by_the_director() -> None:
    play = seed_play()
    play_cards(play, "H2 H6 H3")  # a claim in the middle of a trick: 13 tricks still to decide
    claim = play.claim(Seat.N, 11)
    assert claim.remaining == 13
    play.dispute_claim()
    assert claim.state is ClaimState.DISPUTED and not play.is_complete
    with pytest.raises(IllegalClaim) as caught:
        play.rule_claim(14)
    assert caught.value.law == "70"
    play.rule_claim(10)  # doubtful points go against the claimer (Law 70A)
    assert claim.state is ClaimState.RULED and claim.final_tricks == 10
    assert play.is_complete and play.declarer_tricks == 10
    with pytest.raises(IllegalClaim):
        play.accept_claim()


def test_withdrawn_claim_lets_play_continue() -> None:
    play = seed_play()
    play.claim(Seat.W, 13)
    play.withdraw_claim()
    assert play.claim_made is None
    play.play("H2")


@pytest.mark.parametrize(("claimer", "tricks", "law", "setup"), [
    (Seat.S, 3, "68", ""),              # dummy may not claim
    (Seat.N, 14, "68", ""),             # more than remain
    (Seat.N, -1, "68", ""),
    (Seat.N, 13, "68", "H2 H6 H3 HJ"),  # 12 remain
])
def test_claim_refused(claimer: Seat, tricks: int, law: str, setup: str) -> None:
    play = seed_play()
    play_cards(play, setup) if setup else None
    with pytest.raises(IllegalClaim) as caught:
        play.claim(claimer, tricks)
    assert caught.value.law == law and play.claim_made is None


def test_no_second_claim_and_no_decision_without_a_claim() -> None:
    play = seed_play()
    for decide in (play.accept_claim, play.dispute_claim, play.withdraw_claim):
        with pytest.raises(IllegalClaim):
            decide()
    play.claim(Seat.N, 9)
    with pytest.raises(IllegalClaim) as caught:
        play.claim(Seat.E, 4)
    assert caught.value.law == "68D"
    play.accept_claim()
    with pytest.raises(IllegalClaim):
        play.claim(Seat.N, 9)


# ---- revokes (Laws 61-64) under policy="laws" -------------------------------------------------
def revoke_play() -> Play:
    """1C by South: West leads, North is dummy."""
    return Play(REVOKE_DEAL, Contract.parse("1C"), Seat.S, policy="laws")


def test_revoke_refused_under_prevent_and_recorded_under_laws() -> None:
    prevent = Play(REVOKE_DEAL, Contract.parse("1C"), Seat.S)
    prevent.play("SA")
    prevent.play("S2")
    refused(prevent, "C6", "44C, 61")
    play = revoke_play()
    play_cards(play, "SA S2 C6")
    assert play.revokes == [Revoke(0, Seat.E, Card.parse("C6"), Suit.SPADES)]


def test_64a1_revoker_won_the_revoke_trick_and_a_later_one_two_tricks() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 C6 S8")  # East ruffs while holding spades, and wins the trick
    assert play.completed_tricks[0].winner is Seat.E
    play_on(play)
    assert play.tricks_won(Side.EW) > 1  # the defence won a later trick too
    assert play.revoke_transfer(Side.EW) == 2
    assert play.declarer_tricks == play.tricks_won(Side.NS) + 2


def test_64a1_revoke_trick_only_when_no_later_trick_one_trick() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 C6 S8")
    play.claim(Seat.E, 0)  # the defence concedes the rest: it wins no later trick
    play.accept_claim()
    assert play.revoke_transfer(Side.EW) == 1
    assert play.declarer_tricks == 12 + 1


def test_64a2_offending_side_won_the_revoke_trick_one_trick() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 H5 S8")  # East discards while holding spades; West wins
    assert play.completed_tricks[0].winner is Seat.W
    play_on(play)
    assert play.revoke_transfer(Side.EW) == 1
    assert play.declarer_tricks == play.tricks_won(Side.NS) + 1


def test_64a2_offending_side_won_only_a_later_trick_one_trick() -> None:
    play = revoke_play()
    play_cards(play, "CA C2 C6 CT  DJ D2 D5 D8  DQ D3 D6 D9  DK D4 D7 DT")  # West wins four
    play_cards(play, "DA C3 C7 CJ")  # everyone is void in diamonds: South overruffs and leads
    play_cards(play, "CQ HJ C4 H5")  # East discards a heart holding two clubs; South wins
    assert play.revokes == [Revoke(5, Seat.E, Card.parse("H5"), Suit.CLUBS)]
    assert play.completed_tricks[5].winner is Seat.S
    play_on(play)
    assert play.tricks_won(Side.EW) > 4  # the defence won a trick after the revoke
    assert play.revoke_transfer(Side.EW) == 1
    assert play.declarer_tricks == play.tricks_won(Side.NS) + 1


def test_64b1_offending_side_won_no_trick_from_the_revoke_on_no_transfer() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 S5 H8")  # declarer South revokes; West wins
    play.claim(Seat.S, 0)  # and declarer concedes the rest
    play.accept_claim()
    assert play.revokes == [Revoke(0, Seat.S, Card.parse("H8"), Suit.SPADES)]
    assert play.revoke_transfer(Side.NS) == 0
    assert play.declarer_tricks == 0


def test_64b2_second_revoke_in_the_same_suit_by_the_same_player_transfers_nothing_more() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 H5 S8  SK S3 H6 S9")  # East fails to follow spades twice
    play_cards(play, "DA D2 H7 D8")               # and then diamonds
    assert [(r.seat, r.led) for r in play.revokes] == [
        (Seat.E, Suit.SPADES), (Seat.E, Suit.SPADES), (Seat.E, Suit.DIAMONDS)]
    play_on(play)
    assert play.revoke_transfer(Side.EW) == 2  # one for the first spade, one for the diamond


def test_64b3_revoke_from_dummys_hand_transfers_no_trick() -> None:
    play = revoke_play()
    play_cards(play, "SA H2 S5 S8")  # declarer plays a heart from dummy, which holds spades
    assert play.revokes == [Revoke(0, Seat.N, Card.parse("H2"), Suit.SPADES)]
    play_on(play)
    assert play.tricks_won(Side.NS) > 0
    assert play.revoke_transfer(Side.NS) == 0
    assert play.declarer_tricks == play.tricks_won(Side.NS)


def test_64b6_revoke_in_the_twelfth_trick_transfers_no_trick() -> None:
    play = revoke_play()
    play_on(play, 11)
    assert play.current.leader is Seat.W and play.remaining(Seat.E) == set(cards("S7 H7"))
    play_cards(play, "SK S4 H7 ST  SA H4 S7 HT")  # East discards a heart on the 12th trick
    assert play.revokes == [Revoke(11, Seat.E, Card.parse("H7"), Suit.SPADES)]
    assert play.is_complete and play.revoke_transfer(Side.EW) == 0
    assert play.declarer_tricks == play.tricks_won(Side.NS)


def test_64b7_both_sides_revoked_no_transfer_either_way() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 H5 H8")  # East and South both fail to follow spades
    assert {r.seat for r in play.revokes} == {Seat.E, Seat.S}
    play_on(play)
    assert play.revoke_transfer(Side.EW) == play.revoke_transfer(Side.NS) == 0
    assert play.declarer_tricks == play.tricks_won(Side.NS)


def test_transfers_never_exceed_the_tricks_the_offenders_won() -> None:
    play = revoke_play()
    play_cards(play, "SA S2 C6 S8")  # East ruffs a spade while holding spades, and wins
    play_cards(play, "H5 H8 CA H2")  # West ruffs East's heart lead while holding hearts, and wins
    play.claim(Seat.E, 0)            # the defence concedes the other eleven tricks
    play.accept_claim()
    assert play.tricks_won(Side.EW) == 2
    # A1 twice would be 2 + 1, but the defence won only two tricks: both go to declarer.
    assert play.revoke_transfer(Side.EW) == 2
    assert play.declarer_tricks == 11 + 2
