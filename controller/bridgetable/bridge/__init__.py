"""The Laws engine: pure standard-library Python, no I/O.

The names most code needs are re-exported here: ``from bridgetable.bridge import Auction, Card``.
"""

from .auction import DOUBLE, PASS, REDOUBLE, Auction, Call, CallKind, Contract, MadeCall, Restriction, callers
from .cards import DECK, Card, Rank, Seat, Side, Strain, Suit
from .chicago import Chicago, ChicagoDuplicate
from .deal import Deal, Hand, Vulnerability, board_dealer, board_vulnerability
from .duplicate_form import Duplicate
from .errors import BridgeError, IllegalCall, IllegalCard, IllegalClaim, IllegalDeal, ParseError
from .forms import GAME_FORMS, game_form
from .gameform import DealResult, DealScore, DealSetup, Entry, GameForm, GameOver, Honour, ScoreSheet, honours
from .irregularity import Choice, Irregularity, Policy
from .minibridge import Announcement, Minibridge, minibridge_declarer, parse_minibridge_result
from .play import Claim, ClaimState, Play, Revoke, Trick, trick_winner
from .rubber import Rubber
from .scoring import duplicate_score, imps, matchpoint_percent, matchpoints, neuberg
from .twoplayer import HeadTrick, TwoHandedPlay, TwoPlayer, hand_phase, stock_phase

__all__ = [
    "DECK", "DOUBLE", "GAME_FORMS", "PASS", "REDOUBLE",
    "Announcement", "Auction", "BridgeError", "Call", "CallKind", "Card", "Chicago", "ChicagoDuplicate",
    "Choice", "Claim", "ClaimState", "Contract", "Deal", "DealResult", "DealScore", "DealSetup",
    "Duplicate", "Entry", "GameForm", "GameOver", "Hand", "HeadTrick", "Honour", "IllegalCall", "IllegalCard",
    "IllegalClaim", "IllegalDeal", "Irregularity", "MadeCall", "Minibridge", "ParseError", "Play",
    "Policy", "Rank", "Restriction", "Revoke", "Rubber", "ScoreSheet", "Seat", "Side", "Strain", "Suit",
    "Trick", "TwoHandedPlay", "TwoPlayer", "Vulnerability",
    "board_dealer", "board_vulnerability", "callers", "duplicate_score", "game_form", "hand_phase", "honours",
    "imps",
    "matchpoint_percent", "matchpoints", "minibridge_declarer", "neuberg", "parse_minibridge_result",
    "stock_phase", "trick_winner",
]
