from bridgetable.bridge import Auction, Seat


def test_three_notrump_by_north() -> None:
    auction = Auction(Seat.N, "1NT Pass 3NT Pass Pass Pass".split())
    assert str(auction.contract) == "3NT"
    assert auction.declarer is Seat.N
