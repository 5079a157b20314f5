"""`bridgetable play --game two-player`: the two-player game (``bridge.twoplayer``) in the terminal,
you against one robot, scored as a rubber.

You sit at ``--seat``, the robot at your left; the two other seats are empty and always pass, so
the ordinary auction ends exactly when the two-player auction does. Each deal: the stock phase
(13 tricks at no trump; the winner draws the top card of the stock, the loser the next, and both
are shown), the bidding (the dealer first), and the play of the 13 cards in hand (declarer's
opponent leads).

The robot plays by one rule in both phases: lead a card that is the highest left in its suit, else
the lowest of its longest suit; follow with the lowest card that wins, else the lowest it may play;
when it cannot follow, trump as low as it can, else throw its lowest card. Once the stock is gone
every card not in its hand nor played is in yours, so it bids by playing the deal out with that
rule for both hands in each strain, as declarer, and bids the best-scoring contract it then makes
if that is still a sufficient bid (else it passes). It never doubles.
"""

from __future__ import annotations

import copy
import random
from typing import TextIO

from ..bridge import (
    DECK,
    PASS,
    Auction,
    Call,
    Card,
    Contract,
    DealResult,
    ScoreSheet,
    Seat,
    Strain,
    TwoHandedPlay,
    TwoPlayer,
    duplicate_score,
    hand_phase,
    honours,
    stock_phase,
)
from ..i18n import CLI, notation
from ..tally import form_title, sheet_text
from .display import auction_text, diagram, trick_text
from .live import TerminalTable, contract_text, deal_heading, deal_score_text, made_text

_ = CLI.gettext


def robot_card(play: TwoHandedPlay) -> Card:
    """The robot's card for whoever is to play (see the module docstring)."""
    legal = play.legal_cards()  # lowest first
    if play.led is None:
        left = set(legal) | play.hands[play.other(play.turn)]
        tops = [c for c in legal if all(o.rank < c.rank for o in left if o.suit == c.suit and o != c)]
        if tops:
            return tops[0]
        longest = max({c.suit for c in legal}, key=lambda suit: (sum(c.suit == suit for c in legal), suit))
        return next(c for c in legal if c.suit == longest)
    led = play.led
    if legal[0].suit == led.suit:
        return next((c for c in legal if c.rank > led.rank), legal[0])
    trumps = [c for c in legal if c.suit == play.trump]
    return trumps[0] if trumps else min(legal, key=lambda c: (c.rank, c.suit))


def tricks_as_declarer(stock: TwoHandedPlay, declarer: Seat, strain: Strain) -> int:
    """The tricks ``declarer`` makes in ``strain`` when both hands play by ``robot_card``."""
    play = hand_phase(copy.deepcopy(stock), Contract(1, strain), declarer)
    while not play.is_complete:
        play.play(robot_card(play))
    return play.tricks_won(declarer)


def robot_call(auction: Auction, stock: TwoHandedPlay, seat: Seat, vulnerable: bool) -> Call:
    """The robot's call: the best-scoring contract it makes in play-out, if still sufficient."""
    best: tuple[int, Call] | None = None
    for strain in Strain:
        tricks = tricks_as_declarer(stock, seat, strain)
        if tricks < 7:
            continue
        call = Call.bid(tricks - 6, strain)
        value = duplicate_score(Contract(tricks - 6, strain), tricks, vulnerable)
        if auction.is_legal(call) and (best is None or value > best[0]):
            best = (value, call)
    return PASS if best is None else best[1]


class HoneymoonGame(TerminalTable):
    """The terminal loop of one two-player rubber: you at ``seat``, the robot at your left."""

    def __init__(self, seat: Seat, stdin: TextIO, stdout: TextIO, rng: random.Random,
                 counts_honours: bool = True) -> None:
        super().__init__(seat, stdin, stdout)
        self.robot = seat.lho
        self.form = TwoPlayer((seat, self.robot), honours=counts_honours)
        self.rng = rng
        self.tricks: TwoHandedPlay | None = None  # the phase in progress, for the input

    def run(self) -> ScoreSheet:
        self.say(_("{game}: you ({seat}) against the robot ({robot}). Type \"quit\" to leave.").format(
            game=form_title(self.form.name, self.form.title), seat=notation.seat_name(self.seat.name),
            robot=notation.seat_name(self.robot.name)))
        while not self.form.over:
            setup = self.form.next_deal()
            self.auction = None
            self.say(deal_heading(setup.number, setup.dealer, setup.vulnerability))
            cards = list(DECK)
            self.rng.shuffle(cards)
            stock = stock_phase({self.seat: cards[:13], self.robot: cards[13:26]}, cards[26:], setup.dealer)
            self.say(_("The stock phase: 13 tricks at no trump, the winner draws first; they do not count."))
            self.play_tricks(stock)
            result = self.bid_and_play(stock, setup.dealer, setup.vulnerability.is_vulnerable(self.robot))
            score = self.form.record(result)
            self.say(deal_score_text(setup.number, score.ns, score.ew))
            self.say(sheet_text(self.form.sheet()))
            self.say()
        return self.form.sheet()

    def play_tricks(self, play: TwoHandedPlay) -> None:
        """Play ``play`` to its end: you type your cards, the robot plays its own."""
        self.tricks = play
        while not play.is_complete:
            if play.turn == self.seat:
                led = [f"{notation.seat(play.leader.name)}: {notation.card(str(play.led))}"] \
                    if play.led is not None else []
                self.say(diagram({self.seat: sorted(play.hands[self.seat])}, led))
                self.take(lambda text: play.play(Card.parse(text), self.seat), _("Your card: "))
            else:
                play.play(robot_card(play))
            if play.led is None:  # a trick was completed
                trick = play.tricks[-1]
                cards = trick_text(trick.leader, list(zip((trick.leader, play.other(trick.leader)),
                                                          trick.cards, strict=True)), trick.winner)
                line = _("Trick {number}: {trick}").format(number=len(play.tricks), trick=cards)
                if trick.drawn:
                    line += "; " + _("{winner} draws {card}, {other} draws {other_card}").format(
                        winner=notation.seat(trick.winner.name), card=notation.card(str(trick.drawn[0])),
                        other=notation.seat(play.other(trick.winner).name),
                        other_card=notation.card(str(trick.drawn[1])))
                self.say(line)

    def bid_and_play(self, stock: TwoHandedPlay, dealer: Seat, robot_vulnerable: bool) -> DealResult:
        self.say(diagram({self.seat: sorted(stock.hands[self.seat])}))
        auction = self.auction = Auction(dealer)
        while not auction.is_complete:
            seat = auction.turn
            if seat == self.seat:
                self.say(auction_text(dealer, auction.calls))
                self.take(lambda text: auction.add(Call.parse(text), self.seat), _("Your call: "))
            elif seat == self.robot:
                auction.add(robot_call(auction, stock, seat, robot_vulnerable), seat)
            else:
                auction.add(PASS, seat)  # an empty seat
        self.say(auction_text(dealer, auction.calls))
        contract, declarer = auction.contract, auction.declarer
        if contract is None or declarer is None:
            self.say(_("Passed out: the other player deals next."))
            return DealResult(None)
        held = honours(stock.hands, contract.strain) if self.form.counts_honours else None
        leads = _("{contract}; {leader} leads.").format(contract=contract_text(contract, declarer),
                                                       leader=notation.seat_name(stock.other(declarer).name))
        if held is not None:
            honour = _("Honours: {points} for {seat}").format(points=held.points,
                                                              seat=notation.seat_name(held.seat.name))
            leads += f" {honour}."
        self.say(leads)
        play = hand_phase(stock, contract, declarer)
        self.play_tricks(play)
        self.say(made_text(declarer, play.tricks_won(declarer), contract))
        return DealResult(contract, declarer, play.tricks_won(declarer), held)
