"""The card-play robot: simple, deterministic heuristics over what one player may see.

It gets a ``PlayView`` (own hand, dummy after the opening lead, the cards played), never the Deal,
and uses no randomness, so the same view always gives the same card. The heuristics are those a
club player learns first: top of a sequence or fourth best on lead, second hand low, third hand
high, win as cheaply as possible, cover an honor led from dummy, return partner's suit; declarer
ruffs losers in the short-trump hand, draws trumps, takes a simple finesse, cashes winners once it
has enough of them and otherwise develops its longest suit; discards come from the least useful
suit.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..bridge import DECK, Card, Seat, Suit, trick_winner
from .view import PlayView


def _lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def _highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, c.suit))


def _in_suit(cards: Iterable[Card], suit: Suit) -> list[Card]:
    """Cards of one suit, lowest first."""
    return sorted((c for c in cards if c.suit == suit), key=lambda c: c.rank)


class _Reader:
    """What can be worked out from a view: unseen cards, shown voids, masters, the trick so far."""

    def __init__(self, view: PlayView) -> None:
        self.view = view
        self.trump = view.trump
        self.played = {card for trick in view.tricks for card in trick.cards}
        dummy = view.dummy or frozenset()
        self.unseen = set(DECK) - self.played - set(view.own) - set(dummy)
        # Cards that might beat ours: every unseen card, and dummy's cards for a defender.
        self.threats = set(self.unseen) if view.is_declarer_side else self.unseen | set(dummy)
        self.voids: dict[Seat, set[Suit]] = {seat: set() for seat in Seat}
        for trick in view.tricks:
            if trick.cards:
                led = trick.cards[0].suit
                for i, card in enumerate(trick.cards[1:], start=1):
                    if card.suit != led:
                        self.voids[trick.seat_of(i)].add(led)
        self.hand = view.hand
        self.partner_hand: frozenset[Card] = frozenset()
        if view.is_declarer_side and view.dummy is not None:
            self.partner_hand = view.dummy if view.seat == view.player else view.own
        self.trick = view.current
        self.position = len(self.trick.cards)

    # ---- cards and suits -------------------------------------------------------------------------
    def is_master(self, card: Card) -> bool:
        return all(t.rank < card.rank for t in self.threats if t.suit == card.suit)

    def threats_in(self, suit: Suit) -> list[Card]:
        return _in_suit(self.threats, suit)

    def opponent_trumps(self) -> int:
        """Trumps the opponents may still hold (for a defender, counting partner's as unknown)."""
        return 0 if self.trump is None else len(self.threats_in(self.trump))

    def top_of_group(self, cards: list[Card]) -> Card:
        """The lowest card equivalent to the highest of ``cards`` (one suit, lowest first)."""
        top = cards[-1]
        held = {c.rank for c in cards}
        gone = {c.rank for c in self.played if c.suit == top.suit}
        result = top
        for rank in range(top.rank - 1, 1, -1):
            if rank in held:
                result = next(c for c in cards if c.rank == rank)
            elif rank not in gone:
                break
        return result

    def beats(self, card: Card, best: Card) -> bool:
        if card.suit == best.suit:
            return card.rank > best.rank
        return card.suit == self.trump

    # ---- the trick in progress ---------------------------------------------------------------
    def winning(self) -> tuple[Seat, Card]:
        cards = list(self.trick.cards)
        seat = trick_winner(self.trick.leader, cards, self.trump)
        return seat, cards[(seat - self.trick.leader) % 4]

    def seats_after(self) -> list[Seat]:
        return [self.trick.seat_of(i) for i in range(self.position + 1, 4)]

    def safe(self, card: Card) -> bool:
        """No opponent still to play to this trick can beat ``card``, as far as one can see."""
        led = self.trick.cards[0].suit
        for seat in self.seats_after():
            if seat.side is self.view.side:
                continue
            if seat == self.view.dummy_seat and self.view.dummy is not None:
                cards = _in_suit(self.view.dummy, led) or list(self.view.dummy)
                if any(self.beats(c, card) for c in cards):
                    return False
                continue
            higher = [t for t in self.unseen if self.beats(t, card) and t.suit == card.suit]
            if higher and (card.suit == led or led in self.voids[seat]):
                return False
            if (self.trump is not None and card.suit != self.trump and led in self.voids[seat]
                    and self.threats_in(self.trump)):
                return False
        return True

    def tricks_won(self) -> int:
        side = self.view.side
        return sum(1 for t in self.view.completed
                   if trick_winner(t.leader, list(t.cards), self.trump).side is side)


# ---- leads -----------------------------------------------------------------------------------------
def _lead_from(cards: list[Card]) -> Card:
    """The card led from a holding (lowest first): top of touching honors, fourth best from
    length, top of nothing from a weak short suit, else low."""
    top = cards[-1]
    if len(cards) >= 2 and top.rank >= 10 and cards[-2].rank == top.rank - 1:
        return top
    if len(cards) >= 4:
        return cards[-4]
    if top.rank <= 10:
        return top
    return cards[0]


def _opening_lead(r: _Reader) -> Card:
    hand = r.hand
    suits = [s for s in Suit if _in_suit(hand, s)]

    def score(suit: Suit) -> tuple[int, int, int]:
        cards = _in_suit(hand, suit)
        ranks = {c.rank for c in cards}
        hcp = sum(c.rank.hcp for c in cards)
        if r.trump is None:
            return (len(cards), 1 if _lead_from(cards) == cards[-1] and cards[-1].rank >= 11 else 0, hcp)
        if suit == r.trump:
            return (0, 0, -hcp)
        if {14, 13} <= ranks:
            value = 6
        elif cards[-1].rank >= 10 and len(cards) >= 2 and cards[-2].rank == cards[-1].rank - 1:
            value = 5
        elif len(cards) == 1 and cards[0].rank < 14 and _in_suit(hand, r.trump):
            value = 4
        elif cards[-1].rank <= 10:
            value = 3
        elif 14 in ranks or (13 in ranks and len(cards) < 3):
            value = 0
        else:
            value = 1
        return (value, -len(cards) if value == 3 else len(cards), -hcp)

    suit = max(suits, key=lambda s: (score(s), s))
    cards = _in_suit(hand, suit)
    if r.trump is not None and {c.rank for c in cards} >= {14, 13}:
        return cards[-1]
    return _lead_from(cards)


def _defender_lead(r: _Reader) -> Card:
    view = r.view
    hand = r.hand
    dummy = view.dummy or frozenset()
    trumps_out = r.trump is not None and bool(r.threats_in(r.trump))

    def ruff_risk(suit: Suit) -> bool:
        if r.trump is None or suit == r.trump or not trumps_out:
            return False
        dummy_void = not _in_suit(dummy, suit) and bool(_in_suit(dummy, r.trump))
        return dummy_void or suit in r.voids[view.declarer]

    masters = [c for c in hand if r.is_master(c) and not ruff_risk(c.suit)]
    if masters:
        return _highest(masters)
    partner = view.player.partner
    for trick in view.tricks:
        if trick.leader == partner and trick.cards:
            cards = _in_suit(hand, trick.cards[0].suit)
            if cards and not ruff_risk(trick.cards[0].suit):
                return cards[-1] if len(cards) <= 2 else cards[0]
            break
    safe_suits = [s for s in Suit if _in_suit(hand, s) and not ruff_risk(s) and s != r.trump]
    if not safe_suits:
        safe_suits = [s for s in Suit if _in_suit(hand, s)]
    dummy_plays_after = view.dummy_seat == view.player.lho

    def preference(suit: Suit) -> tuple[int, int]:
        dummy_hcp = sum(c.rank.hcp for c in _in_suit(dummy, suit))
        through = dummy_hcp if dummy_plays_after else -dummy_hcp
        return (through, len(_in_suit(hand, suit)))

    suit = max(safe_suits, key=lambda s: (preference(s), s))
    return _lead_from(_in_suit(hand, suit))


def _sure_tricks(r: _Reader) -> int:
    total = 0
    ours = r.hand | r.partner_hand
    for suit in Suit:
        masters = sum(1 for c in ours if c.suit == suit and r.is_master(c))
        longest = max(len(_in_suit(r.hand, suit)), len(_in_suit(r.partner_hand, suit)))
        runs = masters >= len(r.threats_in(suit))  # the opponents' cards fall under the masters
        total += longest if runs else min(masters, longest)
    return total


def _cash(r: _Reader, suits: Iterable[Suit]) -> Card | None:
    """A winner to cash in one of ``suits``: high from the shorter hand, else low to partner's."""
    for suit in sorted(suits, key=lambda s: len(_in_suit(r.hand, s))):
        mine, theirs = _in_suit(r.hand, suit), _in_suit(r.partner_hand, suit)
        if mine and r.is_master(mine[-1]) and (len(mine) <= len(theirs) or not theirs
                                               or not r.is_master(theirs[-1])):
            return r.top_of_group(mine)
        if mine and theirs and r.is_master(theirs[-1]):
            return mine[0]
    return None


def _develop(r: _Reader, suits: list[Suit]) -> Card:
    """Lead in the suit that runs soonest: toward partner's higher cards, else from a sequence."""
    def size(suit: Suit) -> tuple[int, int]:
        """Our length beyond the opponents' (the suit that runs soonest), then honors."""
        ours = _in_suit(r.hand | r.partner_hand, suit)
        return (len(ours) - len(r.threats_in(suit)), sum(c.rank.hcp for c in ours))

    suit = max(suits, key=lambda s: (size(s), s))
    mine, theirs = _in_suit(r.hand, suit), _in_suit(r.partner_hand, suit)
    if theirs and theirs[-1].rank > mine[-1].rank:
        return mine[0]
    top = r.top_of_group(mine)
    return top if top.rank >= 10 else mine[0]


def _declarer_lead(r: _Reader) -> Card:
    hand, partner = r.hand, r.partner_hand
    trump = r.trump
    suits = [s for s in Suit if _in_suit(hand, s)]
    if trump is not None:
        mine_t, theirs_t = _in_suit(hand, trump), _in_suit(partner, trump)
        opponents = r.opponent_trumps()
        if opponents and theirs_t and len(theirs_t) < len(mine_t):
            for suit in suits:  # a loser ruffed in the short-trump hand
                if suit != trump and not _in_suit(partner, suit) and not r.is_master(
                        _in_suit(hand, suit)[-1]):
                    return _in_suit(hand, suit)[0]
        if opponents and mine_t and len(mine_t) + len(theirs_t) > opponents:
            if r.is_master(mine_t[-1]):
                return r.top_of_group(mine_t)
            if theirs_t and r.is_master(theirs_t[-1]):
                return mine_t[0]
            return r.top_of_group(mine_t) if not theirs_t or mine_t[-1] > theirs_t[-1] else mine_t[0]
        side_suits = [s for s in suits if s != trump] or suits
        if not opponents or r.tricks_won() + _sure_tricks(r) >= r.view.contract.tricks_needed:
            card = _cash(r, side_suits)
            if card is not None:
                return card
        return _develop(r, side_suits)
    if r.tricks_won() + _sure_tricks(r) >= r.view.contract.tricks_needed:
        card = _cash(r, suits)
        if card is not None:
            return card
    return _develop(r, suits)


# ---- following -------------------------------------------------------------------------------------
def _discard(r: _Reader, legal: list[Card]) -> Card:
    side = [c for c in legal if c.suit != r.trump] or legal
    ours = r.hand | r.partner_hand

    def worth(suit: Suit) -> tuple[int, int, int]:
        cards = _in_suit(ours, suit)
        masters = sum(1 for c in cards if r.is_master(c))
        return (masters, sum(c.rank.hcp for c in _in_suit(r.hand, suit)), -len(cards))

    suit = min({c.suit for c in side}, key=lambda s: (worth(s), s))
    return _lowest(c for c in side if c.suit == suit)


def _finesse(r: _Reader, beating: list[Card]) -> Card | None:
    """Declarer's simple finesse in third seat: the card just below one missing honor, when the
    second hand may hold that honor and the contract needs the extra trick."""
    if not r.view.is_declarer_side or len(beating) < 2 or not r.is_master(beating[-1]):
        return None
    second_hand = r.trick.seat_of(1)
    if beating[0].suit in r.voids[second_hand]:
        return None
    if r.tricks_won() + _sure_tricks(r) >= r.view.contract.tricks_needed:
        return None
    for card in reversed(beating[:-1]):
        above = [t for t in r.threats_in(card.suit) if t.rank > card.rank]
        if len(above) == 1:
            return card
        if len(above) > 1:
            break
    return None


def _follow(r: _Reader, legal: list[Card]) -> Card:
    view = r.view
    led = r.trick.cards[0].suit
    winner_seat, best = r.winning()
    partner_winning = winner_seat.side is view.side
    last = r.position == 3
    if legal[0].suit != led:  # void in the suit led
        trumps = sorted((c for c in legal if c.suit == r.trump), key=lambda c: c.rank)
        over = [c for c in trumps if r.beats(c, best)]
        if over and not (partner_winning and (last or r.safe(best))):
            return over[0]
        return _discard(r, legal)
    beating = [c for c in legal if r.beats(c, best)]
    honor_led = best.rank >= 10 and not view.is_declarer_side  # a defender's honor: not overtaken
    if partner_winning and (last or r.safe(best) or honor_led):
        return legal[0]
    if not beating:
        return legal[0]
    if last:
        return beating[0]
    if r.position == 1:
        return _second_hand(r, legal, beating)
    return _third_hand(r, legal, beating)


def _second_hand(r: _Reader, legal: list[Card], beating: list[Card]) -> Card:
    view = r.view
    led_card = r.trick.cards[0]
    if view.is_declarer_side:
        partner_cards = _in_suit(r.partner_hand, led_card.suit)
        if partner_cards and r.is_master(partner_cards[-1]):
            return legal[0]
        masters = [c for c in beating if r.is_master(c)]
        if masters and not any(r.beats(c, led_card) for c in partner_cards):
            return masters[0]
        return legal[0]
    if r.trick.leader == view.dummy_seat and led_card.rank >= 11 and view.dummy is not None:
        touching = any(c.suit == led_card.suit and c.rank == led_card.rank - 1 for c in view.dummy)
        if not touching:
            return beating[0]
    return legal[0]


def _third_hand(r: _Reader, legal: list[Card], beating: list[Card]) -> Card:
    view = r.view
    fourth = r.seats_after()[0]
    if fourth == view.dummy_seat and view.dummy is not None and not view.is_declarer_side:
        dummy_cards = _in_suit(view.dummy, beating[0].suit)
        if not dummy_cards:
            return beating[0] if r.safe(beating[0]) else legal[0]
        enough = [c for c in beating if c.rank > dummy_cards[-1].rank]
        return enough[0] if enough else legal[0]
    finesse = _finesse(r, beating)
    if finesse is not None:
        return finesse
    cheapest_safe = [c for c in beating if r.safe(c)]
    if cheapest_safe:
        return cheapest_safe[0]
    top = r.top_of_group(beating)
    return top if top in beating else beating[-1]


def choose_card(view: PlayView) -> Card:
    """The robot's card for the hand in turn, chosen from what ``view`` shows."""
    legal = sorted(view.legal, key=lambda c: (c.suit, c.rank))
    if len(legal) == 1:
        return legal[0]
    r = _Reader(view)
    if r.position > 0:
        return _follow(r, sorted(legal, key=lambda c: (c.rank, c.suit)))
    if not view.completed and not view.is_declarer_side:
        return _opening_lead(r)
    if view.is_declarer_side:
        return _declarer_lead(r)
    return _defender_lead(r)
