"""The play of the cards (Laws 41-47, 44, 65-66), leads out of turn and penalty cards (50, 53-56),
revokes (61-64) and claims (68-70)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum

from .auction import Contract
from .cards import Card, Seat, Side, Suit
from .deal import Deal
from .errors import IllegalCard, IllegalClaim
from .irregularity import Choice, Irregularity, Policy, decide_pending, pending_of


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


class Play:
    """The play of one board: validates every card and tracks tricks, revokes and claims.

    The ``turn`` is the hand that must play next; declarer plays dummy's cards, so a card from
    dummy's hand is given with ``seat=dummy`` (or no seat at all).

    Under ``policy="laws"`` a revoke is recorded (Laws 61-64), and a lead out of turn is held as
    the ``pending`` ``Irregularity`` until ``decide`` (Laws 53-56, see there). Other cards out of
    turn (Law 57, premature play) and declarer's options over a penalty card when its owner's
    partner is to lead (Law 50D2, lead restrictions) are outside the engine: they are refused.
    """

    def __init__(self, deal: Deal, contract: Contract, declarer: Seat,
                 policy: Policy = "prevent") -> None:
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
        if self.is_complete or self.claim_made is not None or self.pending is not None:
            return []
        held = sorted(self.remaining(self.turn))
        if self.current.cards:
            led = self.current.cards[0].suit
            held = [card for card in held if card.suit == led] or held
        due = [card for card in self.penalty_cards.get(self.turn, ()) if card in held]
        return sorted(due) or held

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
                return IllegalCard(f"{card} after the play has ended", law="44")
            return IllegalCard(f"{card} while a claim is being decided: play ceases", law="68D")
        pending = self.pending
        if pending is not None:
            return IllegalCard(f"{card}: {pending.describe()} awaits a decision", law=pending.law)
        if seat is not None and seat != turn:
            lead = "lead" if not trick.cards else "play"
            return IllegalCard(
                f"{card} by {seat.full_name} out of turn: it is {turn.full_name}'s {lead}",
                law="53-57",
            )
        if card not in self._held[turn]:
            played = any(card in earlier.cards for earlier in self.tricks)
            where = "has already been played" if played else (
                f"is not in {turn.full_name}'s hand")
            return IllegalCard(f"{card} {where}", law="44")
        if self.policy == "prevent":
            led = self._suit_not_followed(trick, turn, card)
            if led is not None:
                return IllegalCard(
                    f"revoke: {turn.full_name} plays {card} holding {led.name.lower()} "
                    f"on a {led.name.lower()} lead", law="44C, 61")
        due = self.penalty_cards.get(turn)
        if due and card not in due:
            legal = self.legal_cards()
            if any(penalty in legal for penalty in due):
                names = " or ".join(str(penalty) for penalty in due if penalty in legal)
                return IllegalCard(f"{card}: {turn.full_name} must play the penalty card {names}",
                                   law="50D1")
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
        trick.cards.append(card)
        self._held[turn].discard(card)
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
            raise IllegalCard(f"{card} is not in {hand.full_name}'s hand", law="44")
        index = len(self.tricks) - 1
        deciders: tuple[Seat, ...]
        if hand.side is declaring:
            if index == 0:
                raise IllegalCard(f"{card} from {hand.full_name} before the opening lead: the "
                                  f"director rules (Law 24, 41)", law="53-57")
            law, deciders = "55", (self.declarer.lho, self.declarer.rho)
        else:
            law, deciders = ("54" if index == 0 else "53, 56"), (self.declarer,)
        self.irregularities.append(
            Irregularity("lead out of turn", law, hand, str(card), index, turn, deciders))

    def decide(self, choice: Choice, by: Seat | None = None) -> Irregularity:
        """Decide the pending lead out of turn: ``by`` is declarer for a defender's lead, either
        defender for a lead from declarer's or dummy's hand (Law 55), or None for the director.

        ACCEPT (Laws 53A, 54B, 55A): the card stands as the lead and the hand on its left plays
        next (the "accept and become dummy" option of Law 54A is not offered). REFUSE: the card
        goes back and the player whose lead it was leads. A defender's card becomes a major penalty
        card (Laws 54D, 56, 50), which ``legal_cards`` then obliges its owner to play at the first
        legal opportunity (Law 50D1); declarer's card carries no penalty (Laws 55, 48A)."""
        pending = decide_pending(self.irregularities, choice, by, IllegalCard, "lead out of turn")
        card = Card.parse(pending.subject)
        if choice is Choice.ACCEPT:
            trick = self.tricks[-1]
            trick.leader = pending.offender
            self._add(card, trick, pending.offender)
            pending.rectification.append(
                f"the lead stands; {pending.offender.lho.full_name} plays next (Law {pending.law})")
        elif pending.offender.side is self.declarer.side:
            pending.rectification.append(
                f"{card} goes back without penalty; {pending.in_turn.full_name} leads (Law 55)")
        else:
            due = self.penalty_cards.setdefault(pending.offender, [])
            if card not in due:  # a penalty card led out of turn again stays one penalty card
                due.append(card)
            pending.rectification.append(
                f"{card} is a major penalty card of {pending.offender.full_name} (Law 50); "
                f"{pending.in_turn.full_name} leads (Law 56)")
        return pending

    # ---- claims (Laws 68-70) ----------------------------------------------------------------
    @property
    def tricks_remaining(self) -> int:
        """Tricks not yet complete, counting the one in progress."""
        return 13 - self._completed

    def claim(self, claimer: Seat, tricks: int) -> Claim:
        """``claimer``'s side claims ``tricks`` of the remaining tricks (Law 68A/B)."""
        if self.is_complete:
            raise IllegalClaim("the play has ended: there is nothing to claim", law="68")
        if self.claim_made is not None:
            raise IllegalClaim("a claim is already being decided", law="68D")
        if self.pending is not None:
            raise IllegalClaim(f"{self.pending.describe()} awaits a decision", law="53-56")
        remaining = self.tricks_remaining
        if not 0 <= tricks <= remaining:
            raise IllegalClaim(f"claim of {tricks} tricks with {remaining} to play", law="68")
        if claimer == self.dummy:
            raise IllegalClaim("dummy may not claim or concede", law="68")
        self.claim_made = Claim(claimer, tricks, remaining)
        return self.claim_made

    def _pending_claim(self) -> Claim:
        claim = self.claim_made
        if claim is None or claim.state in _SETTLED:
            raise IllegalClaim("there is no claim awaiting a decision", law="68-69")
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
            raise IllegalClaim(f"ruling of {tricks} tricks with {claim.remaining} to play", law="70")
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
        revokes = [revoke for revoke in self.revokes if revoke.trick < 11]
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
