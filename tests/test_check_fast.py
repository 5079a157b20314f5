"""The fast verifiers of `check` agree with the engine: on legal auctions and plays they give
what Auction and Play give, and they decline exactly what the engine refuses or rules on."""

from __future__ import annotations

import random

import pytest

from bridgetable.bridge import PASS, Auction, BridgeError, Call, Deal, Play, Seat
from bridgetable.check_fast import fast_auction, fast_play

ALL_CALLS = [Call.parse(text) for text in ("Pass", "X", "XX")] + [
    Call.parse(f"{level}{strain}") for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]


def engine_auction(first: Seat, calls: list[Call]) -> tuple[bool, object, object] | None:
    auction = Auction(first)
    try:
        for call in calls:
            auction.add(call)
    except BridgeError:
        return None
    if not auction.is_complete or auction.is_passed_out:
        return auction.is_complete, None, None
    return True, auction.contract, auction.declarer


@pytest.mark.parametrize("seed", range(40))
def test_fast_auction_agrees_with_the_engine(seed):
    rng = random.Random(seed)
    for _ in range(50):
        first = Seat(rng.randrange(4))
        auction = Auction(first)
        while not auction.is_complete and rng.random() < 0.95:
            legal = auction.legal_calls()
            auction.add(rng.choice(legal) if rng.random() < 0.3 else PASS)
        calls = list(auction.calls)
        if calls and rng.random() < 0.5:  # any call anywhere, legal or not
            calls.insert(rng.randrange(len(calls) + 1), rng.choice(ALL_CALLS))
        assert fast_auction(first, calls) == engine_auction(first, calls), (first, calls)


def tricks_of(play: Play) -> list[dict[Seat, object]]:
    return [{trick.seat_of(i): card for i, card in enumerate(trick.cards)} for trick in play.tricks]


@pytest.mark.parametrize("seed", range(40))
def test_fast_play_agrees_with_the_engine(seed):
    rng = random.Random(seed)
    deal = Deal.random(rng)
    auction = Auction(Seat.N, ["1NT", "Pass", "Pass", "Pass"] if seed % 2 else ["4S", "Pass", "Pass", "Pass"])
    contract, declarer = auction.contract, auction.declarer
    play = Play(deal, contract, declarer)
    stop = rng.choice([52, 52, rng.randrange(1, 52)])
    for _ in range(stop):
        play.play(rng.choice(play.legal_cards()))
    tricks = [t for t in tricks_of(play) if t]
    assert fast_play(deal, contract, declarer, tricks) == (play.tricks_won(declarer.side),
                                                           len(play.completed_tricks))
    # swap two cards of one player between tricks: a revoke or an impossible play, never accepted
    # unless the engine accepts it too without a revoke
    one, two = rng.sample(range(len(tricks) - 1), 2) if len(tricks) > 2 else (0, 0)
    seat = rng.choice(list(tricks[min(one, two)]))
    if one != two and seat in tricks[one] and seat in tricks[two]:
        tricks[one][seat], tricks[two][seat] = tricks[two][seat], tricks[one][seat]
        engine = Play(deal, contract, declarer, policy="laws")
        try:
            for trick in tricks:
                for _ in range(4):
                    turn = engine.turn
                    if turn in trick:
                        engine.play(trick[turn], turn)
            clean = not engine.revokes
        except BridgeError:
            clean = False
        fast = fast_play(deal, contract, declarer, tricks)
        assert (fast is not None) == clean
        if fast is not None:
            assert fast == (engine.tricks_won(declarer.side), len(engine.completed_tricks))


@pytest.mark.parametrize("seed", range(30))
def test_check_reports_the_same_with_and_without_the_fast_path(seed):
    """Whole records, sound or spoiled (a call, a card, the result), give the same report."""
    from bridgetable.bridge import board_dealer, board_vulnerability
    from bridgetable.check import check_record
    from bridgetable.formats.record import BoardRecord

    rng = random.Random(seed)
    board = seed % 16 + 1
    deal, dealer = Deal.random(rng), board_dealer(board)
    auction = Auction(dealer)
    while not auction.is_complete:
        auction.add(rng.choice(auction.legal_calls()) if rng.random() < 0.3 else PASS)
    record = BoardRecord(board=board, dealer=dealer, vulnerability=board_vulnerability(board), deal=deal,
                         auction_first=dealer, calls=list(auction.calls), auction_ended=True)
    if auction.contract is not None and auction.declarer is not None:
        play = Play(deal, auction.contract, auction.declarer)
        while not play.is_complete:
            play.play(rng.choice(play.legal_cards()))
        record.tricks, record.opening_leader = tricks_of(play), play.opening_leader
        record.contract, record.declarer = auction.contract, auction.declarer
        record.result = play.declarer_tricks
    spoil = seed % 4
    if spoil == 1:
        record.calls.insert(rng.randrange(len(record.calls)), rng.choice(ALL_CALLS))
    elif spoil == 2 and record.tricks:
        one, two = rng.sample(range(13), 2)
        seat = rng.choice(list(Seat))
        tricks = record.tricks
        tricks[one][seat], tricks[two][seat] = tricks[two][seat], tricks[one][seat]
    elif spoil == 3 and record.result is not None:
        record.result = (record.result + 1) % 14
    assert check_record(record) == check_record(record, engine=True)
