"""The live terminal match: typed calls and cards, refused when illegal, both rooms scored."""

from __future__ import annotations

import io
import random
import subprocess
import sys

from bridgetable.bridge import DECK, PASS, Auction, Call, Deal, Play, Seat, Side
from bridgetable.robots import choose_card, view_for
from bridgetable.robots.contract import contract_for_side, side_hcp
from bridgetable.robots.display import ordered_tricks
from bridgetable.robots.live import LiveMatch, table_robot_call
from bridgetable.robots.match import random_boards, robots_for


class Player(io.TextIOBase):
    """Types for the human: a few illegal things first, then sensible calls and cards."""

    def __init__(self) -> None:
        self.live: LiveMatch | None = None
        self.tried: set[str] = set()

    def _once(self, key: str) -> bool:
        fresh = key not in self.tried
        self.tried.add(key)
        return fresh

    def readline(self, size: int | None = -1) -> str:
        live = self.live
        assert live is not None
        auction: Auction | None = live.auction
        if auction is not None and not auction.is_complete:
            if self._once("garbage"):
                return "1Z\n"
            if auction.last_bid is None and self._once("double"):
                return "X\n"
            if auction.last_bid is None and self._once("7NT"):
                return "7NT\n"  # nobody can bid over it: the player declares and plays dummy too
            if auction.last_bid is not None and auction.last_bid.call.rank > 0 and self._once("low"):
                return "1C\n"
            return "p\n"
        play: Play | None = live.play
        assert play is not None and not play.is_complete
        if self._once("not held"):
            held = play.remaining(play.turn)
            return f"{next(c for c in DECK if c not in held)}\n"
        return f"{choose_card(view_for(play))}\n"


def test_a_live_match_is_played_scored_and_recorded() -> None:
    boards = random_boards(4, seed=21)
    player = Player()
    out = io.StringIO()
    live = LiveMatch(boards, Seat.S, player, out)
    player.live = live
    result = live.run()
    text = out.getvalue()
    assert "not accepted: not a call: '1Z'" in text
    assert "not accepted: double of nothing: only a bid can be doubled (Law 19A1)" in text
    assert "not accepted: insufficient bid: 1C after" in text
    assert "Card from dummy (N):" in text and "Your card (S):" in text
    assert "(Law 44)" in text  # a card the player does not hold
    assert "Match over: NS" in text and len(result.boards) == 4
    for board, dealt in zip(result.boards, boards, strict=True):
        assert board.closed == robots_for(dealt)  # the other table is the robot table
        record = board.open
        assert record.deal == dealt.deal and record.dealer == dealt.dealer
        Auction(dealt.dealer or Seat.N, record.calls)  # legal
        if not record.passed_out:
            assert record.contract is not None and record.declarer is not None
            cards = [card for _, trick, _ in ordered_tricks(record) for _, card in trick]
            assert dealt.deal is not None
            assert Play.replay(dealt.deal, record.contract, record.declarer, cards).is_complete
        assert f"Board {board.board}: our table" in text
    assert "South" in text and "North" in text  # the diagram


def _cli(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridgetable.cli", "match", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_the_terminal_match_plays_8_boards_by_default() -> None:
    # Whatever is asked, one of these lines is accepted: "pass" for a call, some card for a card.
    typed = ("pass\n" + "".join(f"{card}\n" for card in DECK)) * 400
    run = _cli("--seed", "4", stdin=typed)
    assert run.returncode == 0, run.stderr
    assert "Board 8: our table" in run.stdout and "Board 9" not in run.stdout
    assert "Match over: NS" in run.stdout
    assert "not accepted:" in run.stdout and "Traceback" not in run.stderr


def test_the_terminal_match_stops_cleanly_when_input_ends_or_on_quit() -> None:
    for typed, reason, status in (("", "the input ended", 1), ("quit\n", "you left the match", 0)):
        run = _cli("--boards", "4", "--seed", "1", stdin=typed)
        assert run.returncode == status
        assert f"Match abandoned: {reason}" in run.stderr and "Traceback" not in run.stderr


def test_your_opponents_bid_their_pairs_contract() -> None:
    checked = 0
    for i in range(200):
        deal = Deal.random(random.Random(f"live-{i}"))
        for side in Side:
            choice = contract_for_side(deal, side, Seat.N)
            bid = Call.bid(choice.contract.level, choice.contract.strain)
            seat = choice.declarer
            strong = side_hcp(deal, side) >= 20
            for human in (seat.lho, seat.rho):  # you are one of the robots' opponents
                auction = Auction(Seat.N)
                while auction.turn != seat:
                    auction.add(PASS)
                assert table_robot_call(auction, deal, seat, human) == (bid if strong else PASS)
                assert table_robot_call(auction, deal, seat.partner, human) == PASS  # not declarer
                checked += strong
    assert checked > 100


def _hidden_cards_changed(deal: Deal, keep: Seat, rng: random.Random) -> Deal:
    """The same hand at ``keep``; the other 39 cards dealt again among the other three seats."""
    rest = [card for card in DECK if card not in deal[keep]]
    rng.shuffle(rest)
    others = [seat for seat in Seat if seat != keep]
    hands = {seat: rest[13 * i:13 * i + 13] for i, seat in enumerate(others)}
    return Deal.from_hands({keep: deal[keep], **hands})


def test_your_partner_does_not_look_at_your_cards() -> None:
    """Whatever the other three hands hold, your partner's call from the same hand and the same
    calls is the same; your opponents' calls (they see their two hands together) do change."""
    rng = random.Random(7)
    partner_calls = partner_bids = opponents_changed = 0
    for i in range(150):
        deal = Deal.random(random.Random(f"peek-{i}"))
        human = Seat(i % 4)
        partner = human.partner
        variants = [_hidden_cards_changed(deal, partner, rng) for _ in range(4)]
        auction = Auction(Seat(rng.randrange(4)))
        while not auction.is_complete:
            seat = auction.turn
            if seat == partner:
                call = table_robot_call(auction, deal, seat, human)
                assert call.is_bid or call == PASS  # never doubles
                assert [table_robot_call(auction, other, seat, human) for other in variants] == [call] * 4
                partner_calls += 1
                partner_bids += call.is_bid
            elif seat == human:
                bids = [c for c in auction.legal_calls() if c.is_bid][:6]
                call = rng.choice(bids) if bids and rng.random() < 0.5 else PASS
            else:
                call = table_robot_call(auction, deal, seat, human)
                opponents_changed += any(table_robot_call(auction, other, seat, human) != call
                                         for other in variants)
            auction.add(call, seat)
    assert partner_calls > 200 and partner_bids > 50 and opponents_changed > 20
