"""The PBN reader's whole-game step (plain games read in one go) reads what the token-by-token
reading reads, and gives up on anything else quickly."""

from __future__ import annotations

import random
import time

from bridgetable.bridge import Auction, Deal, Play, Seat
from bridgetable.formats.pbn import read_pbn, write_pbn
from bridgetable.formats.record import BoardRecord


def played(seed: int) -> BoardRecord:
    rng = random.Random(seed)
    deal = Deal.random(rng)
    auction = Auction(Seat.N, ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"])
    assert auction.contract is not None and auction.declarer is not None
    play = Play(deal, auction.contract, auction.declarer)
    for _ in range(rng.randrange(1, 53)):
        play.play(rng.choice(play.legal_cards()))
    tricks = [{t.seat_of(i): c for i, c in enumerate(t.cards)} for t in play.tricks if t.cards]
    return BoardRecord(tags={"Event": "x"}, board=seed % 32 + 1, dealer=Seat.N, deal=deal,
                       auction_first=Seat.N, calls=auction.calls, auction_ended=True,
                       call_notes={0: "15-17"} if seed % 3 == 0 else {},
                       opening_leader=play.opening_leader, claimed=seed % 2 == 0,
                       tricks=tricks,
                       contract=auction.contract, declarer=auction.declarer)


def test_whole_games_read_as_the_token_reading_does():
    text = write_pbn([played(seed) for seed in range(60)])
    # a comment on every game's first line sends every game through the token-by-token reading
    slow_text = text.replace('[Event "x"]\n', '[Event "x"] {c}\n')
    fast, slow = read_pbn(text), read_pbn(slow_text)
    for record in slow:
        assert record.commentary == ["c"]
        record.commentary = []
    assert fast == slow and len(fast) == 60


def test_a_long_game_that_is_not_plain_is_given_up_at_once():
    """Hundreds of tab-separated lines and a comment in the last one (which the whole-game step
    does not read): the check must not backtrack over every line (an ambiguous pattern took 11 s
    for six such lines)."""
    lines = "\n".join("Pass\tPass\t\t Pass \tPass" for _ in range(400))
    text = f'[Board "1"]\n[Auction "N"]\n{lines}\nPass {{c}}\n'
    start = time.process_time()
    (record,) = read_pbn(text)
    assert time.process_time() - start < 2.0
    assert record.commentary == ["c"] and len(record.calls) == 1601
