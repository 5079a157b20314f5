"""Every worked example of the rules documents (the seeds: 000 Danish, 002 Dutch, 003 German,
004 Hungarian), written out here with the seed's own words where they are quoted, and reproduced
with the engine. The tests read no seed file."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    Auction,
    Card,
    Contract,
    Deal,
    Play,
    Rank,
    Seat,
    Strain,
    Suit,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    duplicate_score,
    imps,
    matchpoints,
)

# ---- seed 002 (Dutch): the 3NT-by-North deal, written from its four hands in words -------------
_DUTCH_RANKS = {"aas": Rank.ACE, "heer": Rank.KING, "vrouw": Rank.QUEEN, "boer": Rank.JACK,
                "tien": Rank.TEN, "negen": Rank.NINE, "acht": Rank.EIGHT, "zeven": Rank.SEVEN,
                "zes": Rank.SIX, "vijf": Rank.FIVE, "vier": Rank.FOUR, "drie": Rank.THREE,
                "twee": Rank.TWO}
_DUTCH_SUITS = {"Schoppen": Suit.SPADES, "Harten": Suit.HEARTS, "Ruiten": Suit.DIAMONDS,
                "Klaver": Suit.CLUBS}

# The four hands as the seed lists them (North, East, South, West), with their point counts.
SEED_002_HANDS = [
    ("Schoppen: aas, vrouw, vier. Harten: heer, boer, vijf. Ruiten: vrouw, negen, zes, drie. "
     "Klaver: heer, boer, twee.", 16),
    ("Schoppen: zes, vijf, drie. Harten: tien, zeven, vier, twee. Ruiten: tien, vier, twee. "
     "Klaver: aas, zeven, drie.", 4),
    ("Schoppen: boer, tien, negen, zeven. Harten: aas, acht, zes. Ruiten: aas, acht, zeven. "
     "Klaver: tien, negen, zes.", 9),
    ("Schoppen: heer, acht, twee. Harten: vrouw, negen, drie. Ruiten: heer, boer, vijf. "
     "Klaver: vrouw, acht, vijf, vier.", 11),
]


def dutch_hand(text: str) -> list[Card]:
    cards = []
    for part in text.split("."):
        if not part.strip():
            continue
        suit_name, ranks = part.split(":")
        suit = _DUTCH_SUITS[suit_name.strip()]
        cards += [Card(suit, _DUTCH_RANKS[word.strip()]) for word in ranks.split(",")]
    return cards


def seed_002_deal() -> Deal:
    return Deal.from_hands({seat: dutch_hand(text) for seat, (text, _) in zip(Seat, SEED_002_HANDS,
                                                                              strict=True)})


def test_seed_002_deal_is_a_valid_deal_with_the_stated_point_counts() -> None:
    deal = seed_002_deal()
    assert [deal[seat].hcp for seat in Seat] == [hcp for _, hcp in SEED_002_HANDS] == [16, 4, 9, 11]
    assert sum(deal[seat].hcp for seat in Seat) == 40
    assert str(deal) == "N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854"


def test_seed_002_auction_declarer_leader_and_dummy() -> None:
    # "Noord opent met 1SA en Zuid sluit af op 3SA": North deals and opens.
    auction = Auction(Seat.N, "1NT Pass 3NT Pass Pass Pass".split())
    assert auction.is_complete
    assert auction.contract == Contract(3, Strain.NOTRUMP)
    assert auction.contract.tricks_needed == 9
    assert auction.declarer is Seat.N  # North named notrump first, though South bid 3NT
    play = Play(seed_002_deal(), auction.contract, auction.declarer)
    assert play.opening_leader is Seat.E  # "Uitkomst: Oost"
    assert play.dummy is Seat.S  # "Zuid is de blinde"
    assert not play.dummy_exposed
    play.play(play.legal_cards()[0], seat=Seat.E)
    assert play.dummy_exposed
    # "Met open kaarten levert dit contract 10 slagen op": 3NT+1 non-vulnerable on board 1.
    assert duplicate_score(auction.contract, 10, vulnerable=False) == 430


# ---- seed 002 (Dutch) score table: "Score van de leider" -------------------------------------------
@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "score"), [
    ("1NT", 7, False, 90),
    ("2S", 8, False, 110),
    ("3NT", 9, False, 400),
    ("3NT", 9, True, 600),
    ("4S", 10, False, 420),
    ("4H", 10, True, 620),
    ("4H", 11, True, 650),
    ("5D", 11, False, 400),
    ("6S", 12, True, 1430),
    ("2SX", 8, False, 470),
    ("4S", 9, False, -50),
    ("4S", 9, True, -100),
    ("4SX", 8, False, -300),
    ("4SX", 8, True, -500),
])
def test_seed_002_score_table(contract: str, tricks: int, vulnerable: bool, score: int) -> None:
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == score


# ---- seed 003 (German): "Durchgerechnete Beispiele" ------------------------------------------------
@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "score"), [
    ("2S", 9, False, 140),     # "2 Pik, nicht in Gefahr, 9 Stiche ... Zusammen 140."
    ("3NT", 9, True, 600),     # "3 Ohne Trumpf, in Gefahr, genau 9 Stiche ... Zusammen 600."
    ("4H", 11, False, 450),    # "4 Herz, nicht in Gefahr, 11 Stiche ... Zusammen 450."
    ("6C", 12, False, 920),    # "6 Treff, nicht in Gefahr, 12 Stiche ... Zusammen 920."
    ("7NT", 13, True, 2220),   # "7 Ohne Trumpf, in Gefahr, 13 Stiche ... Zusammen 2.220."
    ("3DX", 9, False, 470),    # "3 Karo kontriert, nicht in Gefahr, 9 Stiche ... Zusammen 470."
    ("1NTX", 8, True, 380),    # "1 Ohne Trumpf kontriert, in Gefahr, 8 Stiche ... Zusammen 380."
    ("4HXX", 10, False, 880),  # "4 Herz rekontriert, nicht in Gefahr, 10 Stiche ... Zusammen 880."
    ("4SX", 8, True, -500),    # "4 Pik kontriert, in Gefahr, 8 Stiche ... 200 + 300 = 500" (Gegner)
    ("3NT", 7, False, -100),   # "3 Ohne Trumpf, nicht in Gefahr, 7 Stiche ... die Gegner bekommen 100"
])
def test_seed_003_worked_scores(contract: str, tricks: int, vulnerable: bool, score: int) -> None:
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == score


def test_seed_003_passed_out_board_scores_zero_for_both_sides() -> None:
    # "Alle vier passen: beide Seiten 0 (Regel 77)."
    auction = Auction(Seat.N, ["Pass"] * 4)
    assert auction.is_complete and auction.is_passed_out
    assert auction.contract is None and auction.declarer is None
    assert duplicate_score(auction.contract, 0, vulnerable=True) == 0


def test_seed_003_auction_example_declarer_is_first_to_name_the_strain() -> None:
    # North deals and names spades first; South doubles East's overcall, West's bid
    # extinguishes the double (Law 19C), South bids 4S last, then three passes (Law 22A).
    auction = Auction(Seat.N, "1S 2H X 3H 3S Pass 4S Pass Pass Pass".split())
    made = list(auction)
    assert [m.seat for m in made][:4] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert made[2].call.kind.name == "DOUBLE" and made[2].seat is Seat.S
    assert auction.last_bid is not None and auction.last_bid.seat is Seat.S
    assert auction.contract == Contract(4, Strain.SPADES, 0)  # the double is extinguished
    assert auction.contract.tricks_needed == 10
    assert auction.declarer is Seat.N


def test_seed_003_imp_example() -> None:
    # Table 1: our NS make 4S vulnerable, +620. Table 2: NS (the opponents) play 2S, 10 tricks.
    ours = duplicate_score(Contract.parse("4S"), 10, vulnerable=True)
    theirs = duplicate_score(Contract.parse("2S"), 10, vulnerable=True)
    assert (ours, theirs) == (620, 170)
    assert imps(ours - theirs) == 10
    assert imps(theirs - ours) == -10


def test_seed_003_matchpoint_example() -> None:
    scores = [450, 420, 420, 170, -50]
    mp = matchpoints(scores)
    assert mp[1] == mp[2] == 5  # "5 von 8 möglichen Matchpunkten"
    assert mp == [8, 5, 5, 2, 0]
    assert 2 * (len(scores) - 1) == 8


# ---- seeds 002, 000 and 001: the first boards' dealer and vulnerability ---------------------------
@pytest.mark.parametrize(("board", "dealer", "vulnerability"), [
    (1, Seat.N, Vulnerability.NONE),   # "Niemand kwetsbaar" / "I spil nr. 1 er ingen i zonen"
    (2, Seat.E, Vulnerability.NS),     # "Noord-Zuid in zone"
    (3, Seat.S, Vulnerability.EW),     # "Oost-West in zone"
    (4, Seat.W, Vulnerability.BOTH),   # "Allen kwetsbaar"
    # Seed 000 says board 5 is "like board 1"; Law 2 (and seeds 001, 002) shift the pattern by one
    # every four boards: board 5 has North-South vulnerable. The engine follows Law 2.
    (5, Seat.N, Vulnerability.NS),
])
def test_seed_dealer_and_vulnerability_tables(board: int, dealer: Seat,
                                              vulnerability: Vulnerability) -> None:
    assert board_dealer(board) is dealer
    assert board_vulnerability(board) is vulnerability


# ---- seed 000 (Danish): the totals of its scoring table ----------------------------------------
def test_seed_000_bonus_totals_are_game_plus_slam_bonus() -> None:
    # "Lilleslem: 800 (1250) point, Storeslem: 1300 (2000) point" (game + slam bonus).
    for vulnerable, small, grand in ((False, 800, 1300), (True, 1250, 2000)):
        assert duplicate_score(Contract.parse("6C"), 12, vulnerable) - 6 * 20 == small
        assert duplicate_score(Contract.parse("7C"), 13, vulnerable) - 7 * 20 == grand
    # "Delkontrakt: 50 (50), Udgang: 300 (500)"; seed 004: "50 a részpontra, 300 a zónán kívüli
    # manchra, 500 zónában. A kis szlem (6. szint) 500 vagy 750, a nagy szlem (7. szint) 1000 vagy 1500"
    assert duplicate_score(Contract.parse("1C"), 7, False) - 20 == 50
    assert duplicate_score(Contract.parse("1C"), 7, True) - 20 == 50
    assert duplicate_score(Contract.parse("5C"), 11, False) - 100 == 300
    assert duplicate_score(Contract.parse("5C"), 11, True) - 100 == 500


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "score"), [
    ("3D", 9, False, 110),    # 3*20 + 50
    ("6H", 13, True, 1460),   # 7*30 + 1250
    ("7H", 13, True, 2210),   # 7*30 + 2000
])
def test_seed_000_examples(contract: str, tricks: int, vulnerable: bool, score: int) -> None:
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == score


# The Danish undertrick table: the cost of the 1st, 2nd-3rd and 4th+ doubled/redoubled undertrick.
# Seed 004 (Hungarian) says the same in words: "Kontrázva 100, majd 200, 200 és minden további
# ütésnél 300 pontba kerül, veszélyeztetve pedig 200, majd minden további ütésnél 300; a rekontra
# megduplázza ezeket az összegeket."
@pytest.mark.parametrize(("risk", "vulnerable", "first", "second_third", "fourth_on"), [
    (1, False, 100, 200, 300),
    (1, True, 200, 300, 300),
    (2, False, 200, 400, 600),
    (2, True, 400, 600, 600),
])
def test_seed_000_undertrick_table(risk: int, vulnerable: bool, first: int, second_third: int,
                                   fourth_on: int) -> None:
    contract = Contract(7, Strain.NOTRUMP, risk)
    costs = [duplicate_score(contract, 13 - down + 1, vulnerable) - duplicate_score(contract, 13 - down,
                                                                                      vulnerable)
             for down in range(2, 14)]
    first_cost = -duplicate_score(contract, 12, vulnerable)
    assert [first_cost, *costs] == [first, second_third, second_third] + [fourth_on] * 10
    assert duplicate_score(Contract.parse("4S"), 9, False) == -50   # undoubled: 50 per undertrick
    assert duplicate_score(Contract.parse("4S"), 9, True) == -100
