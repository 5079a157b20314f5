"""The two-player game's phases at the table (seed 001, seed 003 "Honeymoon"; the rules:
``bridge.twoplayer``): two players at two seats of different sides, table.toml's ``players``.

The stock phase: 13 tricks at no trump scanned at the two seats, the dealer's opponent leading
first and each trick's winner next; the winner takes the top card of the stock and the loser the
next (the displays say so; the draws are not scanned). The auction: the dealer calls first, the
two call with their bidding boxes and the two empty seats pass by themselves (the ordinary
auction then ends exactly when the two-player one does). The play: 13 tricks of two cards with
the contract's trumps, declarer's opponent leading. The hands are not known, so following suit
is the players' own affair; a card played twice is refused."""

from __future__ import annotations

from ...bridge import PASS, Card, Seat, words
from ...events import Key
from ...i18n import LAWS, notation
from ..board import BoardInPlay, Phase, Refused
from ..openplay import OpenTwoHandedPlay
from . import auction, result

_ = LAWS.gettext


def _players(b: BoardInPlay) -> tuple[Seat, Seat]:
    assert b.rules.players is not None
    return b.rules.players


def on_card(b: BoardInPlay, seat: Seat, card: Card) -> str | None:
    two = b.stock if b.phase is Phase.STOCK else b.two
    assert two is not None
    if seat not in _players(b):
        raise Refused(_("{card} at {seat}: nobody plays there").format(
            card=notation.card(str(card)), seat=words.seat(seat)))
    if seat != two.turn:
        raise Refused(_("{card} at {seat} out of turn: it is {turn}'s card").format(
            card=notation.card(str(card)), seat=words.seat(seat), turn=words.seat(two.turn)))
    trick = two.play(card, seat)  # IllegalCard for a card already played
    if trick is None:
        return None
    if b.phase is Phase.STOCK:
        if two.is_complete:
            b.phase = Phase.AUCTION
            return _("the stock is done: {seat} calls first").format(seat=words.seat(b.dealer))
        return _("{winner} takes the top card of the stock, {other} the next").format(
            winner=words.seat(trick.winner), other=words.seat(two.other(trick.winner)))
    if two.is_complete:
        assert b.declarer is not None
        b.set_result(two.tricks_won(b.declarer))
    return None


def on_stock_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    raise Refused(_("the stock phase: scan a card, not {key}").format(key=key.value))


def on_auction_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    """A player's call, then the empty seats' passes up to the other player's turn."""
    if seat not in _players(b):
        raise Refused(_("{seat} is an empty seat in the two-player game").format(seat=words.seat(seat)))
    calls = len(b.auction.calls)
    note = auction.on_auction_key(b, seat, key)
    if b.phase is not Phase.AUCTION or b.auction.pending is not None or len(b.auction.calls) == calls:
        return note
    while not b.auction.is_complete and b.auction.turn not in _players(b):
        b.auction.add(PASS, b.auction.turn)
    return b.contract_known() if b.auction.is_complete else note


def on_play_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    raise Refused(_("play: scan a card, not {key} (no claims in the two-player game)").format(key=key.value))


def on_result_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    """The result as any other, but the play cannot be gone back on."""
    if key is Key.UNDO:
        raise Refused(_(result.RESULT_STANDS))
    return result.on_result(b, seat, key)


def played(b: BoardInPlay) -> OpenTwoHandedPlay | None:
    """The tricks on show: the stock phase's, then the hands'."""
    return b.two if b.two is not None else b.stock
