"""Plain-text pictures of a board for the terminal: the table diagram, the auction, the tricks,
in the reader's language and notation (``i18n.notation``: the suit symbols, the country's seats,
honours and calls). What a player types stays the standard notation ("1NT", "SA")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..bridge import Call, Card, Seat, Suit, trick_winner
from ..formats.record import BoardRecord
from ..i18n import CLI, current, notation

_ = CLI.gettext

_WIDTH = 22
_PBN_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def hand_lines(cards: Iterable[Card] | None) -> list[str]:
    """Four lines, one per suit, highest first ("S AK2"); a hidden hand (None) is left blank."""
    if cards is None:
        return [""] * 4
    held = list(cards)
    letters = notation.words(current()).ranks
    lines = []
    for suit in _PBN_SUITS:
        ranks = sorted((c.rank for c in held if c.suit == suit), reverse=True)
        lines.append(f"{suit.symbol} " + ("".join(letters.get(r.letter, r.letter) for r in ranks) or "-"))
    return lines


def diagram(hands: Mapping[Seat, Iterable[Card] | None], centre: Iterable[str] = ()) -> str:
    """The compass diagram: North on top, West and East beside each other, South below."""
    middle = list(centre)
    north, south = hand_lines(hands.get(Seat.N)), hand_lines(hands.get(Seat.S))
    west, east = hand_lines(hands.get(Seat.W)), hand_lines(hands.get(Seat.E))
    pad = " " * _WIDTH
    rows = [pad + notation.seat_name("N")] + [pad + line for line in north]
    rows.append(notation.seat_name("W").ljust(_WIDTH) + " " * _WIDTH + notation.seat_name("E"))
    for i in range(4):
        mid = middle[i] if i < len(middle) else ""
        rows.append(west[i].ljust(_WIDTH) + mid.center(_WIDTH) + east[i])
    rows += [pad + notation.seat_name("S")] + [pad + line for line in south]
    return "\n".join(row.rstrip() for row in rows)


def auction_text(dealer: Seat, calls: Iterable[Call]) -> str:
    """The auction in four columns, West North East South, blanks before the dealer."""
    order = (Seat.W, Seat.N, Seat.E, Seat.S)
    cells = [""] * order.index(dealer) + [notation.call(str(call)) for call in calls]
    lines = ["".join(f"{notation.seat_name(seat.name):<8}" for seat in order).rstrip()]
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
    """One trick on one line, e.g. "E:♦A S:♦3 W:♦2 N:♦5 > E"."""
    text = " ".join(f"{notation.seat(seat.name)}:{notation.card(str(card))}" for seat, card in cards)
    return f"{text} > {notation.seat(winner.name)}" if winner is not None else text


def result_text(record: BoardRecord, score_ns: int) -> str:
    """E.g. "4♠ by South, 10 tricks, NS +620" or "passed out, NS +0"."""
    ns = notation.side("NS")
    if record.passed_out or record.contract is None or record.declarer is None:
        return _("passed out, {ns} {score:+d}").format(ns=ns, score=score_ns)
    return _("{contract} by {declarer}, {tricks} tricks, {ns} {score:+d}").format(
        contract=notation.call(str(record.contract)), declarer=notation.seat_name(record.declarer.name),
        tricks=record.result, ns=ns, score=score_ns)
