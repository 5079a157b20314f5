"""The play of the cards (Laws 41-47, 44, 65-66), leads out of turn and penalty cards (50, 53-56),
revokes (61-64) and claims (68-70)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from enum import Enum

from ..i18n import LAWS
from . import words
from .auction import Contract, LeadPenalty
from .cards import Card, Seat, Side, Suit
from .deal import Deal
from .errors import IllegalCard, IllegalClaim
from .irregularity import Choice, Irregularity, Policy, decide_pending, pending_of

_ = LAWS.gettext


def trick_winner(leader: Seat, cards: list[Card], trump: Suit | None) -> Seat:
    """The seat winning a complete trick: the highest trump, else the highest of the suit led."""
    best = cards[0]
    index = 0
    for i in range(1, len(cards)):
        # The best card so far is of the suit led or a trump: a card beats it by being higher in
        # its suit, or by being the first trump.
        card = cards[i]
        if card.suit == best.suit:
            if card.rank > best.rank:
                best, index = card, i
        elif card.suit == trump:
            best, index = card, i
    return leader.after(index)


@dataclass(slots=True)
class Trick:
    """A trick: its leader and the cards played to it, in clockwise order from the leader."""

    leader: Seat
    cards: list[Card] = field(default_factory=list)
    winner: Seat | None = None

    @property
    def is_complete(self) -> bool:
        return len(self.cards) == 4

    def seat_of(self, index: int) -> Seat:
        return self.leader.after(index)

    def card_of(self, seat: Seat) -> Card | None:
        index = (seat - self.leader) % 4
        return self.cards[index] if index < len(self.cards) else None


@dataclass(frozen=True, slots=True)
class Revoke:
    """A failure to follow suit while able to (Law 61A), recorded under the ``laws`` policy."""

    trick: int  # 0-based index of the trick
    seat: Seat
    card: Card
    led: Suit
    corrected: str = ""  # the Law under which it was corrected ("62B", "62D"), else established


class ClaimState(Enum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    DISPUTED = "disputed"
    RULED = "ruled"


_SETTLED = (ClaimState.ACCEPTED, ClaimState.RULED)  # a claim that ends the play


@dataclass(slots=True)
class Claim:
    """A claim or concession (Law 68): ``claimer``'s side says it will win ``tricks`` of the
    remaining tricks (fewer than all of them concedes the rest)."""

    claimer: Seat
    tricks: int
    remaining: int
    state: ClaimState = ClaimState.PENDING
    ruled_tricks: int | None = None  # the director's ruling for the claimer's side (Law 70)

    @property
    def final_tricks(self) -> int:
        """Tricks of the remaining ones that the claimer's side is credited with."""
        return self.ruled_tricks if self.ruled_tricks is not None else self.tricks


@dataclass(frozen=True, slots=True)
class PenaltyLead:
    """Declarer's options when a defender is to lead while partner (``offender``) has major
    penalty cards (Law 50D2; several of them, 51B): require or forbid the lead of a penalty card's
    suit (the cards of that suit are then picked up), or neither (they stay penalty cards)."""

    offender: Seat
    cards: tuple[Card, ...]

    @property
    def law(self) -> str:
        return "50D2" if len(self.cards) == 1 else "50D2, 51B"

    @property
    def require(self) -> tuple[Suit, ...]:
        return tuple(sorted({card.suit for card in self.cards}, reverse=True))

    forbid = require

    def __str__(self) -> str:
        return _("declarer may require or forbid a {suits} lead by {leader} ({offender}'s penalty card "
                 "{cards}, Law {law})").format(
            suits=_(" or ").join(words.suits(suit) for suit in self.require),
            leader=words.seat(self.offender.partner), offender=words.seat(self.offender),
            cards=" ".join(words.card(card) for card in self.cards), law=self.law)


class Play:
    """The play of one board: validates every card and tracks tricks, revokes and claims.

    The ``turn`` is the hand that must play next; declarer plays dummy's cards, so a card from
    dummy's hand is given with ``seat=dummy`` (or no seat at all).

    Under ``policy="laws"`` a revoke is recorded (Laws 61-64), and a lead out of turn is held as
    the ``pending`` ``Irregularity`` until ``decide`` (Laws 53-56, see there). Declarer's options
    over a penalty card when its owner's partner is to lead (Law 50D2, ``lead_choice``) and over
    two penalty cards its owner can play (51A, ``designation_due``) wait for declarer's choice.
    Other cards out of turn (Law 57, premature play) are outside the engine: they are refused.
    """

    def __init__(self, deal: Deal, contract: Contract, declarer: Seat,
                 policy: Policy = "prevent", lead_penalties: Iterable[LeadPenalty] = ()) -> None:
        self.deal = deal
        self.contract = contract
        self.declarer = declarer
        self.policy = policy
        self.trump = contract.strain.trump
        self.tricks: list[Trick] = [Trick(declarer.lho)]
        self.revokes: list[Revoke] = []
        self.claim_made: Claim | None = None
        self.irregularities: list[Irregularity] = []  # leads out of turn, with the decisions
        self.penalty_cards: dict[Seat, list[Card]] = {}  # major penalty cards on the table (Law 50)
        self._held: list[set[Card]] = [set(hand.cards) for hand in deal.hands]  # by seat
        self._completed = 0
        self.corrections: list[str] = []  # what each revoke correction did (Law 62)
        self._replays: dict[Seat, Card] = {}  # offending-side cards taken back under Law 62C2
        # Law 26: the penalties still to be offered, the one declarer chose (suit, required?,
        # leader, first trick) and what was decided, for the record
        self.lead_penalties = [p for p in lead_penalties if p.offender.side is not declarer.side]
        self._lead_rule: tuple[Suit, bool, Seat, int, str] | None = None  # ... and its Law
        self.lead_rulings: list[str] = []
        self._penalty_lead_decided = -1  # the trick whose lead declarer has decided on (Law 50D2)
        self._designated: Card | None = None  # the penalty card declarer designated (Law 51A)

    # ---- reading the play -------------------------------------------------------------------
    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @property
    def dummy_exposed(self) -> bool:
        """Dummy's cards are face up once the opening lead has been made (Law 41D)."""
        return bool(self.tricks[0].cards)

    @property
    def current(self) -> Trick:
        return self.tricks[-1]

    @property
    def completed_tricks(self) -> list[Trick]:
        return self.tricks[: self._completed]

    @property
    def is_complete(self) -> bool:
        """All 13 tricks played, or a claim accepted or ruled on."""
        claim = self.claim_made
        return self._completed == 13 or (claim is not None and claim.state in _SETTLED)

    @property
    def turn(self) -> Seat:
        """The hand that plays the next card."""
        trick = self.tricks[-1]
        return trick.leader.after(len(trick.cards))

    def remaining(self, seat: Seat) -> set[Card]:
        """The cards still held by a seat."""
        return set(self._held[seat])

    def tricks_won(self, side: Side) -> int:
        """Tricks won by a side in the completed tricks (claims and revokes not included)."""
        return sum(1 for t in self.completed_tricks if t.winner is not None and t.winner.side is side)

    @property
    def declarer_tricks(self) -> int:
        """Tricks declarer's side won in play, plus a claim's tricks, after Law 64 transfers."""
        side = self.declarer.side
        won = self.tricks_won(side) + self.claimed_tricks(side)
        return won - self.revoke_transfer(side) + self.revoke_transfer(side.other)

    def claimed_tricks(self, side: Side) -> int:
        """Tricks of the remaining ones that an accepted or ruled claim gives to ``side``."""
        claim = self.claim_made
        if claim is None or claim.state not in _SETTLED:
            return 0
        if claim.claimer.side is side:
            return claim.final_tricks
        return claim.remaining - claim.final_tricks

    @property
    def pending(self) -> Irregularity | None:
        """The lead out of turn awaiting a decision (only under ``policy="laws"``), if any."""
        return pending_of(self.irregularities)

    def legal_cards(self) -> list[Card]:
        """The cards the hand in turn may play: any card on a lead, else the suit led if held;
        a major penalty card among them must be played (Law 50D1)."""
        if (self.is_complete or self.claim_made is not None or self.pending is not None
                or self.lead_choice is not None or self.designation_due):
            return []
        held = sorted(self.remaining(self.turn))
        if self.current.cards:
            led = self.current.cards[0].suit
            held = [card for card in held if card.suit == led] or held
        else:
            held = self._lead_allowed(held)
        replay = self._replays.get(self.turn)
        if replay is not None and replay in held:
            return [replay]
        if self._designated is not None:
            return [self._designated]
        return self._due_penalty_cards(held) or held

    def _due_penalty_cards(self, held: list[Card]) -> list[Card]:
        """The penalty cards among ``held``, the cards the hand in turn may play (Law 50D1)."""
        return sorted(card for card in self.penalty_cards.get(self.turn, ()) if card in held)

    # ---- playing ------------------------------------------------------------------------------
    def why_illegal(self, card: Card, seat: Seat | None = None) -> IllegalCard | None:
        """The reason ``card`` may not be played now, or None. A revoke under the ``laws``
        policy is not illegal here: it is recorded when played."""
        trick = self.tricks[-1]
        return self._why_illegal(card, seat, trick, trick.leader.after(len(trick.cards)))

    def _why_illegal(self, card: Card, seat: Seat | None, trick: Trick, turn: Seat) -> IllegalCard | None:
        """``why_illegal`` for the current ``trick`` and the ``turn`` (worked out by the caller)."""
        if self._completed == 13 or self.claim_made is not None:
            if self.is_complete:
                return IllegalCard(_("{card} after the play has ended").format(
                    card=words.card(card)), law="44")
            return IllegalCard(_("{card} while a claim is being decided: play ceases").format(
                card=words.card(card)), law="68D")
        pending = self.pending
        if pending is not None:
            return IllegalCard(_("{card}: {irregularity} awaits a decision").format(
                card=words.card(card), irregularity=pending.describe()), law=pending.law)
        choice = self.lead_choice
        if choice is not None and (seat is None or seat == turn):
            return IllegalCard(_("{card}: {choice}, before the lead").format(
                card=words.card(card), choice=choice),
                               law=choice.law)
        if (seat is None or seat == turn) and self.designation_due:
            return IllegalCard(_("{card}: declarer designates which of {cards} {seat} plays").format(
                card=words.card(card), cards=" ".join(words.card(c) for c in self.designation_due),
                seat=words.seat(turn)), law="51A")
        if seat is not None and seat != turn:
            text = (_("{card} by {seat} out of turn: it is {turn}'s lead") if not trick.cards
                    else _("{card} by {seat} out of turn: it is {turn}'s play"))
            return IllegalCard(text.format(
                card=words.card(card), seat=words.seat(seat), turn=words.seat(turn)),
                               law="53-57")
        if card not in self._held[turn]:
            played = any(card in earlier.cards for earlier in self.tricks)
            text = _("{card} has already been played") if played else _("{card} is not in {seat}'s hand")
            return IllegalCard(text.format(card=words.card(card), seat=words.seat(turn)), law="44")
        if self.policy == "prevent":
            led = self._suit_not_followed(trick, turn, card)
            if led is not None:
                return IllegalCard(_("revoke: {seat} plays {card} holding {suit} on a {suit} lead").format(
                    seat=words.seat(turn), card=words.card(card), suit=words.suits(led)), law="44C, 61")
        if not trick.cards and card in self._held[turn]:
            rule = self._lead_rule
            if rule is not None and card not in self._lead_allowed(sorted(self._held[turn])):
                text = (_("{card}: {seat} must lead a {suit} while keeping the lead (declarer's choice)")
                        if rule[1] else
                        _("{card}: {seat} may not lead a {suit} while keeping the lead (declarer's choice)"))
                return IllegalCard(text.format(card=words.card(card), seat=words.seat(turn),
                                               suit=words.suit(rule[0])), law=rule[4])
        designated = self._designated
        if designated is not None and card != designated:
            return IllegalCard(_("{card}: {seat} must play {designated}, the penalty card declarer "
                                 "designated").format(card=words.card(card), seat=words.seat(turn),
                                                      designated=words.card(designated)), law="51A")
        due = self.penalty_cards.get(turn)
        if due and card not in due:
            legal = self.legal_cards()
            if any(penalty in legal for penalty in due):
                names = _(" or ").join(words.card(penalty) for penalty in due if penalty in legal)
                return IllegalCard(_("{card}: {seat} must play the penalty card {cards}").format(
                    card=words.card(card), seat=words.seat(turn), cards=names), law="50D1")
        return None

    def _suit_not_followed(self, trick: Trick, seat: Seat, card: Card) -> Suit | None:
        """The suit led to ``trick`` if ``card`` fails to follow it while ``seat`` holds it."""
        if not trick.cards:
            return None
        led = trick.cards[0].suit
        if card.suit != led and any(held.suit == led for held in self._held[seat]):
            return led
        return None

    def revoke_made(self, seat: Seat, card: Card) -> Revoke | None:
        """The revoke (Law 61A) that ``card``, about to be played by ``seat`` to the current
        trick, makes or proves, if any. ``play`` asks this once for every card it accepts, and
        records the answer; a play over unknown hands overrides it (a revoke is proven later)."""
        trick = self.tricks[-1]
        led = self._suit_not_followed(trick, seat, card)
        return None if led is None else Revoke(len(self.tricks) - 1, seat, card, led)

    def play(self, card: Card | str, seat: Seat | None = None) -> Trick:
        """Play a card from the hand in turn; returns the trick it went to."""
        if isinstance(card, str):
            card = Card.parse(card)
        trick = self.tricks[-1]
        turn = trick.leader.after(len(trick.cards))
        problem = self._why_illegal(card, seat, trick, turn)
        if problem is not None:
            if self.policy == "laws" and seat is not None and problem.law == "53-57" and not trick.cards:
                self._lead_out_of_turn(card, seat, turn)
                return trick
            raise problem
        return self._add(card, trick, turn)

    def _add(self, card: Card, trick: Trick, turn: Seat) -> Trick:
        """Put ``card`` from ``turn`` on ``trick`` (checked by the caller) and settle the trick."""
        revoke = self.revoke_made(turn, card)
        if revoke is not None:
            self.revokes.append(revoke)
        replay = self._replays.pop(turn, None)
        if replay is not None and replay != card and turn.side is not self.declarer.side:
            self._penalty(turn, replay)  # changed after Law 62C2: a major penalty card
            self.corrections.append(_("{card} of {seat} is a major penalty card (Law 62C2)").format(
                card=words.card(replay), seat=words.seat(turn)))
        trick.cards.append(card)
        self._held[turn].discard(card)
        self._designated = None
        if self.penalty_cards:
            due = self.penalty_cards.get(turn)
            if due and card in due:
                due.remove(card)
                if not due:
                    del self.penalty_cards[turn]
        if len(trick.cards) == 4:
            trick.winner = trick_winner(trick.leader, trick.cards, self.trump)
            self._completed += 1
            if self._completed < 13:
                self.tricks.append(Trick(trick.winner))
        return trick

    # ---- leads out of turn (Laws 53-56) and penalty cards (Law 50) -----------------------------
    def _lead_out_of_turn(self, card: Card, hand: Seat, turn: Seat) -> None:
        """Hold ``card``, led from ``hand`` when it was ``turn``'s lead, pending a decision."""
        declaring = self.declarer.side
        if card not in self._held[hand]:
            raise IllegalCard(_("{card} is not in {seat}'s hand").format(
                card=words.card(card), seat=words.seat(hand)),
                              law="44")
        index = len(self.tricks) - 1
        deciders: tuple[Seat, ...]
        options: tuple[Choice, ...] = (Choice.ACCEPT, Choice.REFUSE)
        if hand.side is declaring:
            if index == 0:
                raise IllegalCard(_("{card} from {seat} before the opening lead: the director rules "
                                    "(Law 24, 41)")
                                  .format(card=words.card(card), seat=words.seat(hand)), law="53-57")
            law, deciders = "55", (self.declarer.lho, self.declarer.rho)
        elif index == 0:
            law, deciders, options = "54", (self.declarer,), (*options, Choice.SPREAD)
        else:
            law, deciders = "53, 56", (self.declarer,)
        self.irregularities.append(
            Irregularity("lead out of turn", law, hand, str(card), index, turn, deciders, options))

    def decide(self, choice: Choice, by: Seat | None = None) -> Irregularity:
        """Decide the pending lead out of turn: ``by`` is declarer for a defender's lead, either
        defender for a lead from declarer's or dummy's hand (Law 55), or None for the director.

        ACCEPT (Laws 53A, 54B, 55A): the card stands as the lead and the hand on its left plays
        next. SPREAD, after an opening lead by the wrong defender (54A): declarer spreads his hand
        and becomes dummy, his partner declares, and the card is the opening lead. REFUSE: the card
        goes back and the player whose lead it was leads. A defender's card becomes a major penalty
        card (Laws 54D, 56, 50), which ``legal_cards`` then obliges its owner to play at the first
        legal opportunity (Law 50D1); declarer's card carries no penalty (Laws 55, 48A)."""
        pending = decide_pending(self.irregularities, choice, by, IllegalCard,
                                 _("there is no lead out of turn awaiting a decision"))
        card = Card.parse(pending.subject)
        if choice is Choice.SPREAD:
            self.declarer = self.declarer.partner
            pending.rectification.append(
                _("{dummy} spreads the hand and becomes dummy; {declarer} declares (Law 54A)").format(
                    dummy=words.seat(self.dummy), declarer=words.seat(self.declarer)))
        if choice is not Choice.REFUSE:
            trick = self.tricks[-1]
            trick.leader = pending.offender
            self._add(card, trick, pending.offender)
            pending.rectification.append(_("the lead stands; {seat} plays next (Law {law})").format(
                seat=words.seat(pending.offender.lho), law=pending.law))
        elif pending.offender.side is self.declarer.side:
            pending.rectification.append(_("{card} goes back without penalty; {seat} leads (Law 55)").format(
                card=words.card(card), seat=words.seat(pending.in_turn)))
        else:
            self._penalty(pending.offender, card)
            pending.rectification.append(
                _("{card} is a major penalty card of {offender} (Law 50); {seat} leads (Law {law})").format(
                    card=words.card(card), offender=words.seat(pending.offender),
                    seat=words.seat(pending.in_turn), law="54D" if pending.law == "54" else "56"))
        return pending

    def _penalty(self, seat: Seat, card: Card) -> None:
        """``card`` of ``seat`` becomes a major penalty card (Law 50)."""
        due = self.penalty_cards.setdefault(seat, [])
        if card not in due:  # a penalty card led out of turn again stays one penalty card
            due.append(card)

    # ---- lead restrictions: a withdrawn call (Law 26), a penalty card (Law 50D2) ----------------
    @property
    def lead_choice(self) -> LeadPenalty | PenaltyLead | None:
        """The choice declarer must now make before a defender leads: the Law 26 penalty at the
        offender's partner's first lead (which may be the opening lead), else the options of Law
        50D2 when the leader's partner has major penalty cards."""
        if not (self.lead_penalties or self.penalty_cards):
            return None
        if self.current.cards or self.pending is not None or self.claim_made is not None:
            return None
        leader = self.turn
        withdrawn = next((p for p in self.lead_penalties if p.offender.partner == leader), None)
        if withdrawn is not None:
            return withdrawn
        cards = self.penalty_cards.get(leader.partner)
        decided = self._penalty_lead_decided == len(self.tricks) - 1
        if not cards or leader.side is self.declarer.side or decided:
            return None
        return PenaltyLead(leader.partner, tuple(cards))

    def choose_lead(self, suit: Suit | None, require: bool = False, by: Seat | None = None) -> str:
        """Declarer's (``by``; None: the director) choice on the due ``lead_choice``: forbid
        ``suit`` (or require it, where Law 26A2 or 50D2 allows), or None to waive it. Returns the
        record's text."""
        penalty = self.lead_choice
        if penalty is None:
            raise IllegalCard(_("there is no lead restriction to choose now"), law="26, 50D2")
        if by is not None and by != self.declarer:
            raise IllegalCard(_("{seat} may not choose: declarer does (Law {law})").format(
                seat=words.seat(by), law=penalty.law), law=penalty.law)
        if suit is not None and suit not in (penalty.require if require else penalty.forbid):
            text = (_("declarer may not require a {suits} lead: {penalty}") if require
                    else _("declarer may not forbid a {suits} lead: {penalty}"))
            raise IllegalCard(text.format(suits=words.suits(suit), penalty=penalty), law=penalty.law)
        leader = penalty.offender.partner
        if isinstance(penalty, LeadPenalty):
            self.lead_penalties.remove(penalty)
        else:
            self._penalty_lead_decided = len(self.tricks) - 1
        if suit is None:
            text = _("declarer waived the lead restriction on {seat} (Law {law})").format(
                seat=words.seat(leader), law=penalty.law)
        else:
            self._lead_rule = (suit, require, leader, len(self.tricks) - 1, penalty.law)
            text = (_("declarer required a {suit} lead by {seat} (Law {law})") if require
                    else _("declarer forbade a {suit} lead by {seat} (Law {law})"))
            text = text.format(suit=words.suit(suit), seat=words.seat(leader), law=penalty.law)
        if isinstance(penalty, PenaltyLead):
            text = "; ".join([text, self._pick_up(penalty.offender, suit)])
        self.lead_rulings.append(text)
        return text

    def _pick_up(self, seat: Seat, suit: Suit | None) -> str:
        """After declarer's Law 50D2 choice: ``seat``'s penalty cards of ``suit`` are picked up
        (the others, or all of them when declarer chose neither, stay penalty cards)."""
        due = self.penalty_cards[seat]
        picked = [card for card in due if card.suit == suit]
        kept = [card for card in due if card.suit != suit]
        if kept:
            self.penalty_cards[seat] = kept
        else:
            del self.penalty_cards[seat]
        cards = " ".join(words.card(card) for card in (picked or kept))
        if picked:
            return _("{seat} picks up {cards}: no longer a penalty card (Law 50D2a)").format(
                seat=words.seat(seat), cards=cards)
        return _("{cards} of {seat} stays a penalty card (Law 50D2b)").format(
            seat=words.seat(seat), cards=cards)

    # ---- two penalty cards (Law 51A) --------------------------------------------------------------
    @property
    def designation_due(self) -> tuple[Card, ...]:
        """The penalty cards the defender in turn could play, when there are two or more and
        declarer has not yet designated the one to be played (Law 51A); else ()."""
        if (len(self.penalty_cards.get(self.turn, ())) < 2 or self._designated is not None
                or self.is_complete or self.claim_made is not None or self.pending is not None):
            return ()
        trick = self.current
        held = sorted(self._held[self.turn])
        if trick.cards:
            held = [card for card in held if card.suit == trick.cards[0].suit] or held
        elif self.lead_choice is not None:
            return ()
        else:
            held = self._lead_allowed(held)
        due = self._due_penalty_cards(held)
        return tuple(due) if len(due) > 1 else ()

    def designate(self, card: Card, by: Seat | None = None) -> str:
        """Declarer (``by``; None: the director) designates which of the defender's penalty cards
        is played now (Law 51A). Returns the record's text."""
        due = self.designation_due
        if not due:
            raise IllegalCard(_("there is no penalty card to designate now"), law="51A")
        if by is not None and by != self.declarer:
            raise IllegalCard(_("{seat} may not designate: declarer does").format(seat=words.seat(by)),
                              law="51A")
        if card not in due:
            raise IllegalCard(_("{card} is not one of {cards}").format(
                card=words.card(card), cards=" ".join(words.card(c) for c in due)), law="51A")
        self._designated = card
        text = _("declarer designated {card} as the penalty card {seat} plays (Law 51A)").format(
            card=words.card(card), seat=words.seat(self.turn))
        self.lead_rulings.append(text)
        return text

    def _lead_allowed(self, held: list[Card]) -> list[Card]:
        """The cards of ``held`` that declarer's Law 26 or 50D2 choice lets the leader lead now: a
        prohibition binds the offender's partner for as long as he keeps the lead, a requirement
        that one lead; one who cannot comply leads any card (Law 59)."""
        rule = self._lead_rule
        if rule is None:
            return held
        suit, require, leader, first, _law = rule
        if self.turn != leader or any(t.leader != leader for t in self.tricks[first:]):
            return held
        if require and len(self.tricks) - 1 != first:  # a requirement is for that one lead
            return held
        allowed = [card for card in held if (card.suit == suit) is require]
        return allowed or held

    # ---- correcting a revoke (Law 62) -----------------------------------------------------------
    def is_established(self, revoke: Revoke) -> bool:
        """Whether the offender or partner has played to a later trick (Law 63A1), their side
        claimed or conceded (63A3), or agreed to the opponents' claim or concession (63A4)."""
        side = revoke.seat.side
        claim = self.claim_made
        if claim is not None and (claim.claimer.side is side or claim.state is ClaimState.ACCEPTED):
            return True
        return any(card is not None and seat.side is side
                   for trick in self.tricks[revoke.trick + 1:]
                   for seat, card in ((trick.seat_of(i), c) for i, c in enumerate(trick.cards)))

    def correct_revoke(self, seat: Seat) -> Revoke:
        """Correct ``seat``'s last revoke, under the ``laws`` policy (``seat`` is dummy for a revoke
        from dummy's hand). Before it is established (Law 62A/B) the card comes back and the
        offender must play a legal card: a defender's card becomes a major penalty card, declarer's
        or dummy's goes back without rectification; the cards played after it come back too, the
        non-offenders' without rectification (62C1), the offender's partner's to be played again
        or, changed, to become a penalty card if he is a defender (62C2). A revoke in the twelfth
        trick is corrected even when established (62D): the offender's card of the suit led takes
        its place, and the last trick is played again with its forced cards. A revoke corrected
        transfers no trick (Law 64)."""
        revoke = next((r for r in reversed(self.revokes) if r.seat == seat and not r.corrected), None)
        if revoke is None:
            raise IllegalCard(_("{seat} has no revoke to correct").format(seat=words.seat(seat)), law="62")
        claim = self.claim_made
        if claim is not None and claim.state in _SETTLED and claim.claimer.side is not revoke.seat.side:
            law = "63A4" if claim.state is ClaimState.ACCEPTED else "70"
            raise IllegalCard(_("{seat}'s revoke in trick {trick} stands: the claim settled the play, and "
                                "no trick is taken apart after it").format(
                seat=words.seat(seat), trick=revoke.trick + 1), law=law)
        if not self.is_established(revoke):
            return self._correct_before_established(revoke)
        if revoke.trick == 11 and self.claim_made is None:
            return self._correct_twelfth(revoke)
        raise IllegalCard(_("{seat}'s revoke in trick {trick} is established: it stands and Law 64 applies")
                          .format(seat=words.seat(seat), trick=revoke.trick + 1), law="63B")

    def _correct_before_established(self, revoke: Revoke) -> Revoke:
        trick = self.tricks[revoke.trick]
        index = trick.cards.index(revoke.card)
        for taken_seat, taken in self._take_back(revoke.trick, index):
            if taken_seat.side is not revoke.seat.side:
                continue
            if taken_seat == revoke.seat:
                continue
            self._replays[taken_seat] = taken
        corrected = replace(revoke, corrected="62B")
        self.revokes[self.revokes.index(revoke)] = corrected
        defender = revoke.seat.side is not self.declarer.side
        if defender:
            self._penalty(revoke.seat, revoke.card)
            what = _("{card} is a major penalty card (Law 62B1)")
        else:
            what = _("{card} goes back without rectification (Law 62B2)")
        self.corrections.append(_("revoke by {seat} in trick {trick} corrected: {what}; the cards played "
                                  "after it come back (Law 62C)").format(
            seat=words.seat(revoke.seat), trick=revoke.trick + 1, what=what.format(
                card=words.card(revoke.card))))
        return corrected

    def _take_back(self, trick_index: int, card_index: int) -> list[tuple[Seat, Card]]:
        """Return to their hands the cards played from ``card_index`` of trick ``trick_index`` on,
        last first; the revokes they made go with them."""
        taken: list[tuple[Seat, Card]] = []
        while True:
            trick = self.tricks[-1]
            if not trick.cards:
                self.tricks.pop()
                continue
            if trick.winner is not None:
                trick.winner = None
                self._completed -= 1
            seat = trick.seat_of(len(trick.cards) - 1)
            card = trick.cards.pop()
            self._held[seat].add(card)
            taken.append((seat, card))
            index = len(self.tricks) - 1
            last = index == trick_index and len(trick.cards) == card_index
            if not last:  # a later card's revoke goes with it; the first is the caller's
                self.revokes = [r for r in self.revokes if (r.trick, r.seat, r.card) != (index, seat, card)]
            if last:
                return taken

    def _correct_twelfth(self, revoke: Revoke) -> Revoke:
        twelfth = self.tricks[11]
        offender = revoke.seat
        if len(self.tricks) > 12 and self.tricks[12].cards:
            self._take_back(12, 0)
        if len(self.tricks) > 12:
            self.tricks.pop()
        if twelfth.winner is not None:
            twelfth.winner = None
            self._completed -= 1
        right = next(card for card in self._held[offender] if card.suit == revoke.led)
        index = twelfth.cards.index(revoke.card)
        twelfth.cards[index] = right
        self._held[offender].discard(right)
        self._held[offender].add(revoke.card)
        corrected = replace(revoke, corrected="62D")
        self.revokes[self.revokes.index(revoke)] = corrected
        self.corrections.append(_("revoke by {seat} in trick 12 corrected: {card} replaces {revoke} "
                                  "(Law 62D)")
                                .format(seat=words.seat(offender), card=words.card(right),
                                        revoke=words.card(revoke.card)))
        if len(twelfth.cards) == 4:
            twelfth.winner = trick_winner(twelfth.leader, twelfth.cards, self.trump)
            self._completed += 1
            last = Trick(twelfth.winner)
            self.tricks.append(last)
            for i in range(4):  # the last trick again, each hand's one card forced
                hand = last.leader.after(i)
                self._add(next(iter(self._held[hand])), last, hand)
        return corrected

    # ---- claims (Laws 68-70) ----------------------------------------------------------------
    @property
    def tricks_remaining(self) -> int:
        """Tricks not yet complete, counting the one in progress."""
        return 13 - self._completed

    def claim(self, claimer: Seat, tricks: int) -> Claim:
        """``claimer``'s side claims ``tricks`` of the remaining tricks (Law 68A/B)."""
        if self.is_complete:
            raise IllegalClaim(_("the play has ended: there is nothing to claim"), law="68")
        if self.claim_made is not None:
            raise IllegalClaim(_("a claim is already being decided"), law="68D")
        if self.pending is not None:
            raise IllegalClaim(_("{irregularity} awaits a decision").format(
                irregularity=self.pending.describe()),
                               law="53-56")
        remaining = self.tricks_remaining
        if not 0 <= tricks <= remaining:
            raise IllegalClaim(_("claim of {tricks} tricks with {remaining} to play").format(
                tricks=tricks, remaining=remaining), law="68")
        if claimer == self.dummy:
            raise IllegalClaim(_("dummy may not claim or concede"), law="68")
        self.claim_made = Claim(claimer, tricks, remaining)
        return self.claim_made

    def _pending_claim(self) -> Claim:
        claim = self.claim_made
        if claim is None or claim.state in _SETTLED:
            raise IllegalClaim(_("there is no claim awaiting a decision"), law="68-69")
        return claim

    def accept_claim(self) -> None:
        """The opponents acquiesce (Law 69A): the claim stands and play has ended."""
        self._pending_claim().state = ClaimState.ACCEPTED

    def dispute_claim(self) -> None:
        """An opponent disputes the claim: the director is called (Law 68D)."""
        self._pending_claim().state = ClaimState.DISPUTED

    def rule_claim(self, tricks: int) -> None:
        """The director's ruling (Law 70): the claimer's side gets ``tricks`` of the remaining."""
        claim = self._pending_claim()
        if not 0 <= tricks <= claim.remaining:
            raise IllegalClaim(_("ruling of {tricks} tricks with {remaining} to play").format(
                tricks=tricks, remaining=claim.remaining), law="70")
        claim.ruled_tricks = tricks
        claim.state = ClaimState.RULED

    def withdraw_claim(self) -> None:
        """Play continues (e.g. the claim was withdrawn by agreement before acquiescence)."""
        self._pending_claim()
        self.claim_made = None

    # ---- revokes (Law 64) -------------------------------------------------------------------
    def revoke_transfer(self, offenders: Side) -> int:
        """Tricks the offending side transfers for its established revokes (Law 64A/B).

        A1: the revoker won the revoke trick: that trick, and one more if the offending side won
        a later trick. A2: otherwise one trick, if the offending side won the revoke trick or a
        later one. Tricks a claim gives the offending side count as later tricks won. No transfer
        (B): for a second revoke in the same suit by the same player (B2), a revoke from dummy's
        hand, which is faced on the table (B3), a revoke in the twelfth trick, which is corrected
        (B6), or when both sides have revoked (B7). The side never transfers more tricks than it
        won from its first revoke on.
        """
        revokes = [revoke for revoke in self.revokes if revoke.trick < 11 and not revoke.corrected]
        if not revokes:
            return 0
        if {revoke.seat.side for revoke in revokes} == {Side.NS, Side.EW}:
            return 0
        tricks = self.completed_tricks
        won = [trick.winner is not None and trick.winner.side is offenders for trick in tricks]
        claimed = self.claimed_tricks(offenders)
        total = 0
        first: int | None = None
        seen: set[tuple[Seat, Suit]] = set()
        for revoke in revokes:
            if revoke.seat.side is not offenders or revoke.seat == self.dummy:
                continue
            if (revoke.seat, revoke.led) in seen or revoke.trick >= len(tricks):
                continue
            seen.add((revoke.seat, revoke.led))
            first = revoke.trick if first is None else first
            later = sum(won[revoke.trick + 1:]) + claimed
            if tricks[revoke.trick].winner == revoke.seat:
                total += 1 + (1 if later else 0)
            elif won[revoke.trick] or later:
                total += 1
        if first is None:
            return 0
        return min(total, sum(won[first:]) + claimed)

    @classmethod
    def replay(cls, deal: Deal, contract: Contract, declarer: Seat,
               cards: Iterable[Card | str], policy: Policy = "prevent") -> Play:
        """A play with the given cards played in order (raises at the first illegal one)."""
        play = cls(deal, contract, declarer, policy)
        for card in cards:
            play.play(card)
        return play
