"""The Laws engine: pure standard-library Python, no I/O.

The names most code needs are re-exported here: ``from bridgetable.bridge import Auction, Card``.
"""

from .auction import DOUBLE, PASS, REDOUBLE, Auction, Call, CallKind, Contract, MadeCall, Restriction
from .cards import DECK, Card, Rank, Seat, Side, Strain, Suit
from .deal import Deal, Hand, Vulnerability, board_dealer, board_vulnerability
from .errors import BridgeError, IllegalCall, IllegalCard, IllegalClaim, IllegalDeal, ParseError
from .irregularity import Choice, Irregularity, Policy
from .play import Claim, ClaimState, Play, Revoke, Trick, trick_winner
from .scoring import duplicate_score, imps, matchpoint_percent, matchpoints, neuberg

__all__ = [
    "DECK", "DOUBLE", "PASS", "REDOUBLE",
    "Auction", "BridgeError", "Call", "CallKind", "Card", "Choice", "Claim", "ClaimState", "Contract",
    "Deal", "Hand", "IllegalCall", "IllegalCard", "IllegalClaim", "IllegalDeal", "Irregularity",
    "MadeCall", "ParseError", "Play", "Policy", "Rank", "Restriction", "Revoke", "Seat", "Side",
    "Strain", "Suit", "Trick",
    "Vulnerability", "board_dealer", "board_vulnerability", "duplicate_score", "imps",
    "matchpoint_percent", "matchpoints", "neuberg", "trick_winner",
]
