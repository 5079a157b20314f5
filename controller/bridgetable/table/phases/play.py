"""The play from the card readers (Laws 44-64: cards in turn, revokes), or, without readers,
the opening lead and declarer's tricks entered with the buttons."""

from __future__ import annotations

from ...bridge import Card, Play, Rank, Seat, Suit, words
from ...events import Key
from ...i18n import LAWS, N_, notation
from ..board import LEVEL_KEYS, STRAIN_KEYS, BoardInPlay, Phase, Refused, stepped
from . import auction, irregularity

_ = LAWS.gettext

DUMMY_SILENT = N_("dummy may not draw attention to an irregularity or call the director during the play; "
                  "declarer corrects a revoke from dummy's hand (Law 9A4, 43A1)")


def on_card(b: BoardInPlay, seat: Seat, card: Card) -> str | None:
    play = b.require_play()
    turn = play.turn
    hand = _hand(b, play, seat, card)
    if hand != turn:
        if b.config.policy == "laws" and not play.current.cards:
            play.play(card, hand)  # a lead out of turn: held for a decision (Laws 53-56)
            return irregularity.text(b)
        text = (_("{card} at {seat} out of turn: it is {turn}'s lead (Law 53-57)") if not play.current.cards
                else _("{card} at {seat} out of turn: it is {turn}'s play (Law 53-57)"))
        raise Refused(text.format(
            card=notation.card(str(card)), seat=words.seat(seat), turn=words.seat(turn)))
    return _played(b, play, card, turn)


def _hand(b: BoardInPlay, play: Play, seat: Seat, card: Card) -> Seat:
    """The hand a card scanned at ``seat`` comes from: declarer scans dummy's cards in dummy's
    turn (under "laws" with a known deal, a card of declarer's own hand is declarer's)."""
    if seat != play.declarer or play.turn != play.dummy:
        return seat
    if b.config.policy == "laws" and b.deal is not None and card in b.deal[seat]:
        return seat
    return play.dummy


def _played(b: BoardInPlay, play: Play, card: Card, turn: Seat) -> str | None:
    """Play ``card`` from ``turn``'s hand; a revoke calls the director, the last card ends the play."""
    revokes = len(play.revokes)
    play.play(card, turn)
    note = None
    if len(play.revokes) > revokes:
        revoke = play.revokes[-1]
        note = b.toggle_director(revoke.seat, _("revoke by {seat} in trick {trick} ({card} on a {suit} lead, "
                                                "Law 61-64)").format(
            seat=words.seat(revoke.seat), trick=revoke.trick + 1, card=notation.card(str(revoke.card)),
            suit=revoke.led.symbol), revoke=True)
    if play.is_complete:
        b.set_result(play.declarer_tricks)
    return note


def on_play_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    play = b.require_play()
    if play.lead_choice is not None and key is not Key.UNDO:
        return _choose_lead(b, play, seat, key)
    if play.designation_due and key in LEVEL_KEYS:
        return _designate(b, play, seat, key)
    if key is Key.UNDO:
        if not play.dummy_exposed:
            return auction.back_to_auction(b, seat)
        if dummy_silenced(b, seat):
            raise Refused(_(DUMMY_SILENT))
        if b.config.policy == "laws" and revoke_to_correct(play, seat) is not None:
            return correct_revoke(b, play, seat)
        raise Refused(_("a played card cannot be taken back (Law 45C)"))
    if key is Key.CLAIM:
        if seat == play.dummy:
            raise Refused(_("dummy may not claim or concede (Law 68)"))
        b.phase, b.claimer, b.number = Phase.CLAIM_ENTRY, seat, play.tricks_remaining
        return _("{seat} claims: enter the tricks, then OK").format(seat=words.seat(seat))
    raise Refused(_("play: scan a card (or CLAIM), not {key}").format(key=key.value))


def dummy_silenced(b: BoardInPlay, seat: Seat) -> bool:
    """Whether ``seat`` is dummy during the play, once dummy's hand is faced: dummy may not draw
    attention to an irregularity, call the director (unless answering a call on show) or correct
    a revoke from his hand, which declarer does (Laws 9A4, 43A1)."""
    play = b.play
    return (b.phase is Phase.PLAY and play is not None and seat == play.dummy and play.dummy_exposed
            and not play.is_complete)


def on_lead_entry(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key in STRAIN_KEYS and key is not Key.NOTRUMP:
        b.entry_strain = STRAIN_KEYS[key]
    elif key is Key.ONE:
        b.number = Rank.ACE
    elif key is Key.PASS:  # no lead entered
        b.enter_tricks()
    elif key is Key.UNDO:
        return auction.back_to_auction(b, seat)
    elif key is Key.OK:
        if b.entry_strain is None or b.entry_strain.trump is None:
            raise Refused(_("lead: press the suit (and rank), or Pass to skip"))
        lead = Card(b.entry_strain.trump, Rank(b.number))
        assert b.declarer is not None
        leader = b.declarer.lho
        if b.deal is not None and lead not in b.deal[leader]:
            raise Refused(_("lead {card}: {seat}, on declarer's left, does not hold it (Law 41A)").format(
                card=notation.card(str(lead)), seat=words.seat(leader)))
        b.lead = lead
        b.enter_tricks()
    else:
        b.number = stepped(b.number, key, 2, int(Rank.ACE))
    return None


def on_tricks_entry(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key is Key.OK:
        b.set_result(b.number)
        return None
    if key is Key.UNDO:
        b.phase, b.lead, b.entry_strain, b.number = Phase.LEAD_ENTRY, None, None, Rank.ACE
        return _("enter the lead again")
    if key in LEVEL_KEYS:  # a level key sets the odd tricks: 4 = ten tricks
        b.number = LEVEL_KEYS[key] + 6
    else:
        b.number = stepped(b.number, key, 0, 13)
    return None


def revoke_to_correct(play: Play, seat: Seat) -> Seat | None:
    """The hand whose revoke UNDO at ``seat`` corrects: the seat's own, or dummy's at declarer's
    seat; None if there is none."""
    hands = (seat, play.dummy) if seat == play.declarer else (seat,)
    return next((r.seat for r in reversed(play.revokes) if r.seat in hands and not r.corrected), None)


def correct_revoke(b: BoardInPlay, play: Play, seat: Seat) -> str:
    """UNDO at the offender's seat corrects the revoke (Law 62): the card comes back (a
    defender's stays on the table as a major penalty card) and the cards played after it are
    scanned again; a revoke in the twelfth trick is corrected even when established (62D)."""
    hand = revoke_to_correct(play, seat)
    assert hand is not None
    play.correct_revoke(hand)
    if b.director_revoke:
        b.director, b.director_reason, b.director_revoke = None, "", False
    if play.is_complete:
        b.set_result(play.declarer_tricks)
    else:
        b.phase, b.tricks = Phase.PLAY, None
    return play.corrections[-1]


_SUITS = {Key.CLUBS: Suit.CLUBS, Key.DIAMONDS: Suit.DIAMONDS, Key.HEARTS: Suit.HEARTS,
          Key.SPADES: Suit.SPADES}


def _choose_lead(b: BoardInPlay, play: Play, seat: Seat, key: Key) -> str:
    """Declarer's choice before a defender's lead: Law 26 at the offender's partner's first lead,
    or 50D2 when the leader's partner has a penalty card. A suit key forbids that suit, OK requires
    the suit of the withdrawn bid (26A2) or of the penalty card (50D2a; with penalty cards of
    several suits, OK then the suit's key, 51B), PASS waives; the director may enter it at any
    seat once called."""
    choice = play.lead_choice
    assert choice is not None
    by: Seat | None = None if b.director is not None else seat
    if key is Key.PASS:
        text = play.choose_lead(None, by=by)
    elif key is Key.OK and len(choice.require) == 1:
        text = play.choose_lead(choice.require[0], require=True, by=by)
    elif key is Key.OK and choice.require:
        if by is not None and by != play.declarer:
            raise Refused(_("{seat} may not choose: declarer does (Law {law})").format(
                seat=words.seat(by), law=choice.law))
        b.requiring = True
        return _("{choice}: the suit key of the suit required").format(choice=choice)
    elif key in _SUITS:
        text = play.choose_lead(_SUITS[key], require=b.requiring, by=by)
    else:
        raise Refused(_("{choice}: suit key forbids, OK requires, PASS waives").format(choice=choice))
    b.requiring = False
    return text


def _designate(b: BoardInPlay, play: Play, seat: Seat, key: Key) -> str:
    """Declarer's designation of the penalty card a defender plays (Law 51A): 1 the first card the
    displays list, 2 the second...; the director may enter it at any seat once called."""
    due = play.designation_due
    number = LEVEL_KEYS[key]
    if number > len(due):
        raise Refused(_("{number} is out of range: {low} to {high}").format(
            number=number, low=1, high=len(due)))
    return play.designate(due[number - 1], by=None if b.director is not None else seat)
