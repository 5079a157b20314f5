"""Swiss pairs at the station (issue 28): the event scored from the session's results, each board
across the field with the session's scoring (``rulings.score_results``: matchpoints, Butler or
cross-IMPs, the director's rulings on the board) and each match's margin to VPs
(``scoring.swiss_pairs``). ``teamevent`` adds the director's VPs and penalties and pairs the next
round, as for the Swiss teams; ``teampages`` shows a match."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ..movements import TeamRound, swiss_pairs_schedule
from ..scoring import Scored, TeamEvent, swiss_pairs_event
from .rulings import played, score_results
from .session import Session
from .store import StoredResult


def swiss_schedule(session: Session) -> list[TeamRound]:
    """The rounds paired so far."""
    spec = session.setup.movement
    return swiss_pairs_schedule(spec["pairs"], spec.get("schedule"))


def score_swiss(session: Session, results: Sequence[StoredResult]) -> TeamEvent:
    """The event as ``results`` (the latest revision of each) score it, before the director's VPs."""
    by_board: dict[int, list[StoredResult]] = defaultdict(list)
    for r in played(list(results)):
        by_board[r.board].append(r)
    times = session.movement.times_played()
    setup = session.setup
    scored: list[Scored] = []
    for board, stored in sorted(by_board.items()):
        scored.extend(score_results(setup.scoring, stored, times.get(board, 0), setup.fouled.get(str(board)),
                                    setup.butler_trim_from))
    rounds = [(r.matches, r.bye) for r in swiss_schedule(session)]
    return swiss_pairs_event(setup.movement["pairs"], setup.movement["boards_per_round"], rounds, scored,
                             tie_break=setup.tie_break, bye_vp=setup.bye_vp)

