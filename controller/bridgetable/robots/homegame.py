"""`bridgetable play --game rubber|chicago|chicago-duplicate|minibridge`: a home game in the terminal
(`--game two-player` is ``honeymoon``'s).

You sit at one seat; robots hold the other three and bid and play as in the live match (``live``).
Deals are dealt at random with the dealer and vulnerability the game form gives, until the form's
game is over (a rubber: two games; a Chicago: four deals), and the score sheet is shown after each
deal. The table knows all four hands, so honours are worked out, not asked for, in the forms that
count them.

Minibridge has no auction: the four high-card point counts are announced in turn from the dealer
(the table counts them), ``minibridge_declarer`` names the declarer, dummy is shown, then declarer
announces part-score or game and the strain. You type it when you declare ("game H", "part NT");
a robot announces the strain its pair's contract robot would choose, and game when that contract
is at game level or higher.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import TextIO

from ..bridge import Contract, Deal, DealResult, GameForm, ScoreSheet, Seat, game_form, honours
from ..bridge.minibridge import GAME_LEVEL, Announcement, Minibridge, announced, minibridge_declarer
from ..i18n import CLI, N_, notation
from ..tally import form_title, sheet_text
from .contract import contract_for_side
from .display import diagram
from .honeymoon import HoneymoonGame
from .live import (
    Abandoned,
    Quit,
    TerminalTable,
    contract_text,
    deal_heading,
    deal_score_text,
    made_text,
    seed_text,
)

_ = CLI.gettext
ANNOUNCEMENTS = {"part": N_("part-score"), "game": N_("game")}  # Minibridge's two announcements


class HomeGame(TerminalTable):
    """The terminal loop of one game of ``form``; deals drawn with ``rng``."""

    def __init__(self, form: GameForm, seat: Seat, stdin: TextIO, stdout: TextIO, rng: random.Random) -> None:
        super().__init__(seat, stdin, stdout)
        self.form = form
        self.rng = rng

    def run(self) -> ScoreSheet:
        self.say(_("{game} against the robots; you are {seat}. Type \"quit\" to leave.").format(
            game=form_title(self.form.name, self.form.title), seat=notation.seat_name(self.seat.name)))
        while not self.form.over:
            setup = self.form.next_deal()
            deal = Deal.random(self.rng)
            self.auction = self.play = None
            self.say(deal_heading(setup.number, setup.dealer, setup.vulnerability))
            self.say(diagram({self.seat: deal[self.seat]}))
            if isinstance(self.form, Minibridge):
                result = self.minibridge_deal(deal, setup.dealer)
            else:
                result = self.contract_deal(deal, setup.dealer)
            score = self.form.record(result)
            self.say(deal_score_text(setup.number, score.ns, score.ew))
            self.say(sheet_text(self.form.sheet()))
            self.say()
        return self.form.sheet()

    def contract_deal(self, deal: Deal, dealer: Seat) -> DealResult:
        auction = self.bid(deal, dealer)
        if auction.contract is None or auction.declarer is None:
            self.say(_("Passed out."))
            return DealResult(None)
        self.say(contract_text(auction.contract, auction.declarer))
        return self.played(deal, auction.contract, auction.declarer)

    def played(self, deal: Deal, contract: Contract, declarer: Seat) -> DealResult:
        play = self.play_cards(deal, contract, declarer)
        held = honours(deal, contract.strain) if self.form.counts_honours else None
        if held is not None:
            self.say(_("Honours: {points} for {seat}").format(points=held.points,
                                                              seat=notation.seat_name(held.seat.name)))
        self.say(made_text(declarer, play.declarer_tricks, contract))
        return DealResult(contract, declarer, play.declarer_tricks, held)

    def minibridge_deal(self, deal: Deal, dealer: Seat) -> DealResult:
        order = [dealer.after(i) for i in range(4)]
        points = {seat: deal[seat].hcp for seat in order}
        self.say(_("Points: {points}").format(
            points=", ".join(f"{notation.seat_name(seat.name)} {points[seat]}" for seat in order)))
        declarer = minibridge_declarer(points, dealer)
        if declarer is None:
            self.say(_("20 points each: the deal is thrown in and dealt again by the same dealer."))
            return DealResult(None)
        dummy = declarer.partner
        self.say(_("{declarer} declares; dummy is {dummy}:").format(
            declarer=notation.seat_name(declarer.name), dummy=notation.seat_name(dummy.name)))
        self.say(diagram({self.seat: deal[self.seat], dummy: deal[dummy]}))
        contract = self.announce(deal, declarer)
        self.say(_("{declarer} announces {announcement} in {strain}: {tricks} tricks needed.").format(
            declarer=notation.seat_name(declarer.name),
            announcement=_(ANNOUNCEMENTS[Announcement.of(contract).value]),
            strain=notation.strain(str(contract.strain)), tricks=contract.tricks_needed))
        return self.played(deal, contract, declarer)

    def announce(self, deal: Deal, declarer: Seat) -> Contract:
        """Declarer's Minibridge announcement: typed by you, or the robots' choice."""
        if declarer == self.seat:
            chosen: list[Contract] = []
            self.take(lambda text: chosen.append(announced(text)),
                      _("Your announcement (part or game and a strain, e.g. game H, part NT): "))
            return chosen[0]
        choice = contract_for_side(deal, declarer.side, declarer).contract
        game = choice.level >= GAME_LEVEL[choice.strain]
        return (Announcement.GAME if game else Announcement.PART).contract(choice.strain)


def run_play(args: argparse.Namespace) -> int:
    """The handler of ``bridgetable play``: 0 when the game is over or the player typed "quit",
    1 when the input ended before the game did."""
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    seat = Seat.parse(args.seat)
    print(seed_text(seed))
    rng = random.Random(seed)
    counted = not args.no_honours
    game = HoneymoonGame(seat, sys.stdin, sys.stdout, rng, counted) if args.game == "two-player" else \
        HomeGame(game_form(args.game, honours=counted), seat, sys.stdin, sys.stdout, rng)
    try:
        game.run()
    except Abandoned as reason:
        print("\n" + _("Game abandoned: {reason}").format(reason=reason), file=sys.stderr)
        if game.form.scores:
            print(sheet_text(game.form.sheet()))
        return 0 if isinstance(reason, Quit) else 1
    return 0
