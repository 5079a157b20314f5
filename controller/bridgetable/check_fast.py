"""The common case of `bridgetable check`, verified quickly: a legal auction, a legal play.

Files hold thousands of sound records, and the engine (``Auction``, ``Play``), built to run a
table and to rule on irregularities, spends most of its time on what a sound record never needs.
These functions only say "sound, and here is what follows from it" or "not sound" (None); on
None, ``check`` replays the record through the engine, which says what is wrong and where.
"""

from __future__ import annotations

from collections.abc import Sequence

from .bridge import DECK, Call, CallKind, Card, Contract, Deal, Seat, Strain

_SEATS = tuple(Seat)
_STRAINS = tuple(Strain)  # by value: a tuple's item is found faster than Strain(value)
# The seats of a trick in playing order, by its leader.
_ORDER = tuple(tuple(_SEATS[(leader + step) % 4] for step in range(4)) for leader in range(4))
# The seats of a trick in playing order, with their indexes, by its leader.
_ORDER_INDEXED = tuple(tuple((int(seat), seat) for seat in order) for order in _ORDER)
# Cards by identity (the engine and the readers use DECK's instances): suit and rank; and the
# identities of each suit's cards, by suit.
_SUIT_RANK = {id(card): (int(card.suit), int(card.rank)) for card in DECK}
_DECK_IDS = _SUIT_RANK.keys()
_SUIT_IDS = tuple(frozenset(id(card) for card in DECK if card.suit == suit) for suit in range(4))
_CONTRACTS: dict[tuple[int, Strain, int], Contract] = {}
_PASS, _DOUBLE, _REDOUBLE = CallKind.PASS, CallKind.DOUBLE, CallKind.REDOUBLE


def fast_auction(first: Seat, calls: Sequence[Call]) -> tuple[bool, Contract | None, Seat | None] | None:
    """(complete, contract, declarer) of a legal auction (Laws 18-22), or None when a call is
    illegal. The contract and declarer are None until the auction is complete, and when it
    was passed out."""
    last = -1  # the last bid's rank: level * 5 + strain
    bidder = -1  # the seat (index) that made it
    risk = passes = 0
    complete = False
    named: dict[tuple[int, Strain], int] = {}  # (side, strain) -> the first seat to name it
    start = int(first)
    for index, call in enumerate(calls):
        if complete:
            return None
        seat = (start + index) % 4
        kind = call.kind
        if kind is _PASS:
            passes += 1
            complete = passes >= 3 and index >= 3
            continue
        passes = 0
        if kind is _DOUBLE:
            if last < 0 or risk or (bidder - seat) % 2 == 0:
                return None
            risk = 1
        elif kind is _REDOUBLE:
            if risk != 1 or (bidder - seat) % 2:
                return None
            risk = 2
        else:
            strain = call.strain
            assert strain is not None
            rank = call.level * 5 + strain
            if rank <= last:
                return None
            last, bidder, risk = rank, seat, 0
            named.setdefault((seat % 2, strain), seat)
    if not complete or last < 0:
        return complete, None, None
    level, denomination = divmod(last, 5)
    key = (level, _STRAINS[denomination], risk)
    contract = _CONTRACTS.get(key)
    if contract is None:
        contract = _CONTRACTS[key] = Contract(*key)
    return True, contract, _SEATS[named[(bidder % 2, key[1])]]


def fast_play(deal: Deal, contract: Contract, declarer: Seat,
              tricks: Sequence[dict[Seat, Card]]) -> tuple[int, int] | None:
    """(tricks won by declarer's side, tricks completed) of a legal play from declarer's
    left-hand opponent, each card held and each suit followed, ending with the last card
    recorded (a claim or a truncated record); None for anything else."""
    held: list[dict[int, bool]] = []  # by seat: the ids of the cards it still holds
    for hand in deal.hands:
        ids = dict.fromkeys(map(id, hand.cards), True)
        if not ids.keys() <= _DECK_IDS:
            return None  # a card made outside DECK: the engine compares by value
        held.append(ids)
    trump = contract.strain.trump
    trump_suit = -1 if trump is None else int(trump)
    side = int(declarer) % 2
    leader = (int(declarer) + 1) % 4
    won = done = 0
    ended = False
    for trick in tricks:
        if ended:
            return None if trick else (won, done)
        best_seat = best_rank = best_suit = led = -1
        played = 0
        for seat_index, seat in _ORDER_INDEXED[leader]:
            played_card = trick.get(seat)
            if played_card is None:
                ended = True
                continue
            holding = held[seat_index]
            card_id = id(played_card)
            if ended or not holding.pop(card_id, False):
                return None  # a card after a gap, not held, or played before
            suit, rank = _SUIT_RANK[card_id]
            if led < 0:
                led, best_seat, best_rank, best_suit = suit, seat_index, rank, suit
            elif suit != led and not holding.keys().isdisjoint(_SUIT_IDS[led]):
                return None  # a revoke: the engine records it, with its transfer (Law 64)
            elif (suit == best_suit and rank > best_rank) or (suit == trump_suit != best_suit):
                best_seat, best_rank, best_suit = seat_index, rank, suit
            played += 1
        if played == 4:
            done += 1
            won += best_seat % 2 == side
            leader = best_seat
        elif played:
            ended = True
    return won, done
