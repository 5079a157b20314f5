"""Property tests: random legal auctions and plays keep the invariants, and every call or card
the engine does not list as legal is refused."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bridge import (
    DECK,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Call,
    CallKind,
    Contract,
    Deal,
    IllegalCall,
    IllegalCard,
    Play,
    Seat,
    Side,
    Strain,
    Suit,
)

ALL_CALLS = [PASS, DOUBLE, REDOUBLE, *(Call.bid(level, s) for level in range(1, 8) for s in Strain)]
MODEST = settings(max_examples=60, deadline=None)


def expected_risk(calls: list[Call]) -> int:
    """0, 1 or 2 from the calls after the last bid."""
    after = calls[max(i for i, c in enumerate(calls) if c.is_bid) + 1:]
    return 2 if REDOUBLE in after else 1 if DOUBLE in after else 0


@st.composite
def auctions(draw: st.DrawFn) -> Auction:
    """A random complete legal auction, checking at every step that what is not listed is refused."""
    auction = Auction(draw(st.sampled_from(list(Seat))))
    while not auction.is_complete:
        legal = auction.legal_calls()
        assert PASS in legal  # a player may always pass
        for call in ALL_CALLS:
            if call not in legal:
                try:
                    auction.add(call)
                except IllegalCall as error:
                    assert error.law and error.message
                else:
                    raise AssertionError(f"{call} accepted after {auction} though not legal")
        # Pass about half the time so that auctions end in a reasonable number of calls.
        call = PASS if draw(st.booleans()) else draw(st.sampled_from(legal))
        auction.add(call)
    return auction


@MODEST
@given(auctions())
def test_random_legal_auctions(auction: Auction) -> None:
    calls = auction.calls
    assert auction.legal_calls() == []
    # Law 22: over after four opening passes, or three passes after a call; not earlier.
    passes = 0
    for i, call in enumerate(calls[:-1]):
        passes = passes + 1 if call == PASS else 0
        assert not (i >= 3 and passes >= 3), f"{auction} should have ended at call {i + 1}"
    if all(c == PASS for c in calls):
        assert len(calls) == 4 and auction.is_passed_out
        assert auction.contract is None and auction.declarer is None
        return
    assert calls[-3:] == [PASS] * 3 and not auction.is_passed_out
    bids = [(i, c) for i, c in enumerate(calls) if c.is_bid]
    last_index, last = bids[-1]
    contract, declarer = auction.contract, auction.declarer
    assert contract is not None and declarer is not None
    assert (contract.level, contract.strain) == (last.level, last.strain)
    assert contract.risk == expected_risk(calls)
    # The bids rise strictly (Law 18B) and every double/redouble was of the right side's call.
    assert [c.rank for _, c in bids] == sorted({c.rank for _, c in bids})
    side = auction.dealer.after(last_index).side
    assert declarer.side is side
    first = min(i for i, c in bids if c.strain == last.strain and auction.dealer.after(i).side is side)
    assert declarer is auction.dealer.after(first)


@MODEST
@given(auctions())
def test_undo_retraces_a_random_auction(auction: Auction) -> None:
    replayed = Auction(auction.dealer)
    for call in auction.calls:
        replayed.add(call)
    while len(replayed):
        made = replayed.undo()
        assert made.seat is replayed.turn
        fresh = Auction(auction.dealer, replayed.calls)  # what the auction says without the undo
        assert replayed.legal_calls() == fresh.legal_calls() and replayed.last_bid == fresh.last_bid
    assert replayed.turn is auction.dealer and not replayed.is_complete


def reference_winner(leader: Seat, cards: list, trump: Suit | None) -> Seat:
    """The winner of a trick, found by comparing the cards pairwise (not the engine's code)."""
    best = 0
    for i in range(1, 4):
        card, top = cards[i], cards[best]
        if (card.suit == top.suit and card.rank > top.rank) or (
                trump is not None and card.suit == trump and top.suit != trump):
            best = i
    return leader.after(best)


@MODEST
@given(st.randoms(use_true_random=False), st.sampled_from(list(Seat)),
       st.integers(1, 7), st.sampled_from(list(Strain)), st.integers(0, 2))
def test_random_legal_plays(rng: random.Random, declarer: Seat, level: int, strain: Strain,
                            risk: int) -> None:
    deal = Deal.random(rng)
    play = Play(deal, Contract(level, strain, risk), declarer)
    seen = []
    while not play.is_complete:
        legal = play.legal_cards()
        turn = play.turn
        held = play.remaining(turn)
        assert legal and set(legal) <= held
        if play.current.cards:
            led = play.current.cards[0].suit
            following = {c for c in held if c.suit == led}
            assert set(legal) == (following or held)
        else:
            assert set(legal) == held
        for card in DECK:
            if card not in legal:
                try:
                    play.play(card)
                except IllegalCard as error:
                    assert error.law
                else:
                    raise AssertionError(f"{card} accepted though not legal")
        card = rng.choice(legal)
        assert deal.holder(card) is turn
        play.play(card)
        seen.append(card)
    assert len(seen) == len(set(seen)) == 52 and len(play.tricks) == 13
    assert play.tricks[0].leader is declarer.lho and play.revokes == []
    for before, trick in zip([None, *play.tricks], play.tricks, strict=False):
        if before is not None:
            assert trick.leader is before.winner
        assert trick.winner is reference_winner(trick.leader, trick.cards, strain.trump)
    ns, ew = play.tricks_won(Side.NS), play.tricks_won(Side.EW)
    assert ns + ew == 13
    assert play.declarer_tricks == (ns if declarer.side is Side.NS else ew)


@MODEST
@given(st.randoms(use_true_random=False), st.sampled_from(list(Seat)))
def test_deal_round_trips_through_pbn(rng: random.Random, first: Seat) -> None:
    deal = Deal.random(rng)
    text = deal.to_pbn(first)
    assert Deal.parse(text) == deal
    assert Deal.parse(text.lower()) == deal
    assert sorted(c for seat in Seat for c in deal[seat].cards) == list(DECK)
    assert sum(deal[seat].hcp for seat in Seat) == 40
    hands = text[2:].split()
    hands[rng.randrange(4)] = "-"
    assert Deal.parse(f"{text[:2]}{' '.join(hands)}") == deal


@MODEST
@given(st.sampled_from(ALL_CALLS), st.sampled_from(["", " ", "  "]), st.booleans())
def test_call_text_round_trip(call: Call, pad: str, lower: bool) -> None:
    text = pad + str(call) + pad
    assert Call.parse(text.lower() if lower else text) == call
    if call.kind is CallKind.BID:
        assert call.strain is not None
        contract = Contract(call.level, call.strain, 0)
        assert Contract.parse(str(contract)) == contract
