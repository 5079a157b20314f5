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
