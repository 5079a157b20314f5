"""Event scoring: matchpoints (Law 78A, Neuberg), IMPs across the field (Butler, cross-IMPs),
team matches (IMPs, WBF victory points), Swiss pairs, adjusted scores and rankings by section."""

from .adjusted import AVERAGE, AVERAGE_MINUS, AVERAGE_PLUS, Adjusted
from .imps import butler, butler_datum, cross_imps
from .matchpoints import matchpoint_board
from .ranking import RankEntry, Tally, rank_pairs
from .results import BoardResult, Scored
from .swiss_pairs import FieldMatch, swiss_pairs_event
from .team_event import EventMatch, TeamEvent, TeamStanding
from .teams import TeamMatch, wbf_vp
from .totals import total_board

__all__ = [
    "AVERAGE", "AVERAGE_MINUS", "AVERAGE_PLUS", "Adjusted", "BoardResult", "EventMatch", "FieldMatch",
    "RankEntry", "Scored", "Tally", "TeamEvent", "TeamMatch", "TeamStanding", "butler", "butler_datum",
    "cross_imps", "matchpoint_board", "rank_pairs", "swiss_pairs_event", "total_board", "wbf_vp",
]
