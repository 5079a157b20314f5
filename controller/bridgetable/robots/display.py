"""Plain-text pictures of a board for the terminal: the table diagram, the auction, the tricks.

ASCII only (S H D C for the suits), so it reads the same on any terminal and in a log file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..bridge import Call, Card, Seat, Suit, trick_winner
from ..formats.record import BoardRecord

_WIDTH = 22
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def hand_lines(cards: Iterable[Card] | None) -> list[str]:
    """Four lines, one per suit, highest first ("S AK2"); a hidden hand (None) is left blank."""
    if cards is None:
        return [""] * 4
    held = list(cards)
    lines = []
    for suit in _PBN_SUITS:
        ranks = sorted((c.rank for c in held if c.suit == suit), reverse=True)
        lines.append(f"{suit.letter} " + ("".join(r.letter for r in ranks) or "-"))
    return lines


def diagram(hands: Mapping[Seat, Iterable[Card] | None], centre: Iterable[str] = ()) -> str:
    """The compass diagram: North on top, West and East beside each other, South below."""
    middle = list(centre)
    north, south = hand_lines(hands.get(Seat.N)), hand_lines(hands.get(Seat.S))
    west, east = hand_lines(hands.get(Seat.W)), hand_lines(hands.get(Seat.E))
    pad = " " * _WIDTH
    rows = [pad + "North"] + [pad + line for line in north]
    rows.append("West".ljust(_WIDTH) + " " * _WIDTH + "East")
    for i in range(4):
        mid = middle[i] if i < len(middle) else ""
        rows.append(west[i].ljust(_WIDTH) + mid.center(_WIDTH) + east[i])
    rows += [pad + "South"] + [pad + line for line in south]
    return "\n".join(row.rstrip() for row in rows)


def auction_text(dealer: Seat, calls: Iterable[Call]) -> str:
    """The auction in four columns, West North East South, blanks before the dealer."""
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    cells = [""] * order.index(dealer) + [str(call) for call in calls]
    lines = ["".join(f"{seat.full_name:<8}" for seat in order).rstrip()]
    for start in range(0, len(cells), 4):
        lines.append("".join(f"{cell:<8}" for cell in cells[start:start + 4]).rstrip())
    return "\n".join(lines)


def ordered_tricks(record: BoardRecord) -> list[tuple[Seat, list[tuple[Seat, Card]], Seat | None]]:
    """Each trick as (leader, [(seat, card)...] in playing order, winner or None if unfinished)."""
    if record.opening_leader is None or record.contract is None:
        return []
    trump = record.contract.strain.trump
    leader = record.opening_leader
    out = []
    for trick in record.tricks:
        cards = [(leader.after(i), trick[leader.after(i)]) for i in range(4) if leader.after(i) in trick]
        winner = trick_winner(leader, [c for _, c in cards], trump) if len(cards) == 4 else None
        out.append((leader, cards, winner))
        if winner is None:
            break
        leader = winner
    return out


def trick_text(leader: Seat, cards: list[tuple[Seat, Card]], winner: Seat | None) -> str:
    """One trick on one line, e.g. "E:DA S:D3 W:D2 N:D5 > E"."""
    text = " ".join(f"{seat}:{card}" for seat, card in cards)
    return f"{text} > {winner}" if winner is not None else text


def result_text(record: BoardRecord, score_ns: int) -> str:
    """E.g. "4S by South, 10 tricks, NS +620" or "passed out, NS +0"."""
    if record.passed_out or record.contract is None or record.declarer is None:
        return f"passed out, NS {score_ns:+d}"
    return f"{record.contract} by {record.declarer.full_name}, {record.result} tricks, NS {score_ns:+d}"
