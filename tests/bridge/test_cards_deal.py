"""Cards, seats, strains, hands and deals: reading, writing and validation (Law 1, Law 13)."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    DECK,
    Card,
    Deal,
    Hand,
    IllegalDeal,
    ParseError,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    Vulnerability,
)

DEAL = "N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854"


def test_deck_is_52_distinct_cards_in_order() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert list(DECK) == sorted(DECK)
    assert str(DECK[0]) == "C2" and str(DECK[-1]) == "SA"


def test_every_card_round_trips_through_its_text_forms() -> None:
    for card in DECK:
        assert Card.parse(str(card)) == card
        assert Card.parse(str(card).lower()) == card
        assert Card.parse(card.rank.letter + card.suit.letter) == card  # rank first
        assert Card.parse(card.symbol) == card
    assert Card.parse("S10") == Card(Suit.SPADES, Rank.TEN) == Card.parse("10S")
    assert Card.parse("♥10").symbol == "♥10"


@pytest.mark.parametrize("text", ["", "S", "S1", "SX", "ZA", "S11", "AA"])
def test_card_parse_refuses(text: str) -> None:
    with pytest.raises(ParseError, match="not a card"):
        Card.parse(text)


def test_suit_and_rank_order_law_1a() -> None:
    assert sorted(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert [r.letter for r in sorted(Rank)] == list("23456789TJQKA")
    assert [r.hcp for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)] == [4, 3, 2, 1, 0]
    assert sum(card.rank.hcp for card in DECK) == 40
    assert sorted(Strain) == [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES,
                              Strain.NOTRUMP]


def test_strains() -> None:
    assert [s.trump for s in Strain] == [*Suit, None]
    assert [s.is_minor for s in Strain] == [True, True, False, False, False]
    for text in ("NT", "N", "SA", "UT", "notrump"):
        assert Strain.parse(text) is Strain.NOTRUMP
    for strain in Strain:
        assert Strain.parse(str(strain)) is strain
    with pytest.raises(ParseError):
        Strain.parse("Z")


def test_seats_and_sides() -> None:
    assert [s.lho for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert [s.partner for s in Seat] == [Seat.S, Seat.W, Seat.N, Seat.E]
    assert [s.rho for s in Seat] == [Seat.W, Seat.N, Seat.E, Seat.S]
    assert [s.side for s in Seat] == [Side.NS, Side.EW, Side.NS, Side.EW]
    assert Side.NS.other is Side.EW and Side.EW.other is Side.NS
    assert Seat.W.after(5) is Seat.N
    for seat in Seat:
        assert Seat.parse(str(seat)) is seat and Seat.parse(seat.full_name.lower()) is seat
    with pytest.raises(ParseError):
        Seat.parse("X")


def test_vulnerability() -> None:
    cases = {Vulnerability.NONE: (False, False), Vulnerability.NS: (True, False),
             Vulnerability.EW: (False, True), Vulnerability.BOTH: (True, True)}
    for vul, (ns, ew) in cases.items():
        assert [vul.is_vulnerable(s) for s in Seat] == [ns, ew, ns, ew]
        assert (vul.is_vulnerable(Side.NS), vul.is_vulnerable(Side.EW)) == (ns, ew)
        assert Vulnerability.parse(str(vul)) is vul
    assert Vulnerability.parse("Both") is Vulnerability.BOTH
    assert Vulnerability.parse("-") is Vulnerability.NONE
    with pytest.raises(ParseError):
        Vulnerability.parse("North")


def test_hand() -> None:
    hand = Hand.parse("AQ4.KJ5.Q963.KJ2")
    assert len(hand) == 13 and hand.hcp == 16
    assert [hand.length(s) for s in Suit] == [3, 4, 3, 3]
    assert hand.suit(Suit.DIAMONDS) == [Card.parse(c) for c in ("DQ", "D9", "D6", "D3")]
    assert Card.parse("SA") in hand and Card.parse("SK") not in hand
    assert str(Hand.parse("aq4.kj5.q963.kj2")) == "AQ4.KJ5.Q963.KJ2"
    assert str(Hand.parse("A10..2.3")) == "AT..2.3"  # a void is an empty holding
    with pytest.raises(ParseError, match="four suits"):
        Hand.parse("AKQ.JT9.876")
    with pytest.raises(ParseError, match="twice"):
        Hand.parse("AA.K.Q.J")


def test_deal_round_trip_and_rotation() -> None:
    deal = Deal.parse(DEAL)
    assert str(deal) == DEAL
    assert Deal.parse(deal.to_pbn(Seat.W)) == deal
    assert deal.to_pbn(Seat.E).startswith("E:653.T742.T42.A73 JT97")
    assert deal.holder(Card.parse("SA")) is Seat.N and deal.holder(Card.parse("CA")) is Seat.E


def test_deal_with_one_hand_missing_is_completed() -> None:
    deal = Deal.parse("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 -")
    assert str(deal) == DEAL


@pytest.mark.parametrize(("text", "message"), [
    ("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q85",
     "West has 12 cards, not 13"),
    ("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q85A",
     "CA is in both East and West"),
    ("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 - -", "2 hands are missing"),
])
def test_invalid_deals_are_refused_law_13(text: str, message: str) -> None:
    with pytest.raises(IllegalDeal) as caught:
        Deal.parse(text)
    assert message in caught.value.message and caught.value.law == "13"


@pytest.mark.parametrize("text", ["AQ4.KJ5.Q963.KJ2", "X:AQ4.KJ5.Q963.KJ2 - - -",
                                  "N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73"])
def test_unreadable_deals(text: str) -> None:
    with pytest.raises(ParseError):
        Deal.parse(text)
