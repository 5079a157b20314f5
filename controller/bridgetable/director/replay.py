"""A table's board as the hand viewer on the board page replays it, from the result record the
table sent: the auction (each call's seat, the alerted calls), the play card by card in tricks
(each trick's leader and winner), the claim, revokes and director calls.

The viewer (``static/viewer.js``) gets this as JSON; it only draws, it knows no bridge.
"""

from __future__ import annotations

from typing import Any

from ..bridge import Card, Contract, Seat, callers, trick_winner
from .rulings import contract_of
from .store import StoredResult


def replay(stored: StoredResult, dealer: str) -> dict[str, Any]:
    """What the viewer shows of one table's board (an adjusted or hand-entered result: no play)."""
    record = stored.record
    alerts = set(record.get("alerts") or [])
    auction = record.get("auction") or []
    seats = callers(Seat.parse(dealer), len(auction), record.get("skipped") or ())  # Law 29A
    calls = [{"seat": str(seat), "call": call, "alert": i in alerts}
             for i, (call, seat) in enumerate(zip(auction, seats, strict=True))]
    contract, declarer = contract_of(stored), stored.declarer
    ruling = record.get("ruling") or {}
    if ruling.get("table"):  # a director's ruling: the play as the table played it, in its contract
        played = ruling["table"]
        contract = Contract.parse_or_pass(played["contract"]) if played["contract"] else None
        declarer = played["declarer"]
    tricks: list[dict[str, Any]] = []
    if contract is not None and declarer:
        cards = [Card.parse(c) for c in record.get("play") or []]
        tricks = _tricks(contract, Seat.parse(declarer), cards)
    return {"table": stored.table, "round": stored.round, "ns": stored.ns, "ew": stored.ew,
            "contract": stored.contract, "declarer": stored.declarer, "tricks_won": stored.tricks,
            "adjusted": stored.adjusted, "dealer": dealer, "calls": calls, "tricks": tricks,
            "claim": record.get("claim"), "revokes": list(record.get("revokes") or []),
            "director_calls": list(record.get("director_calls") or []),
            "source": stored.source, "ruling": ruling or None}


def _tricks(contract: Contract, declarer: Seat, cards: list[Card]) -> list[dict[str, Any]]:
    """The cards in tricks, clockwise from each leader; a complete trick names its winner."""
    tricks = []
    leader = declarer.lho
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        entry: dict[str, Any] = {"leader": str(leader),
                                 "cards": [{"seat": str(leader.after(i)), "card": str(card)}
                                           for i, card in enumerate(trick)]}
        if len(trick) == 4:
            leader = trick_winner(leader, trick, contract.strain.trump)
            entry["winner"] = str(leader)
        tricks.append(entry)
    return tricks
