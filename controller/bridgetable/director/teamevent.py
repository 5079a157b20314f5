"""A club's team evening at the station (issue 28): the event scored from the session's results
(``scoring.TeamEvent``: each match's IMPs to VPs, the director's VPs and penalties, the ranking),
and the next Swiss round paired from the ranking once the round before it is over; the same for
Swiss pairs, whose matches ``swisspairs`` scores.

The set-up keeps what the director decided (``SessionSetup.vp_adjusted``, ``.vp_penalties``) and a
Swiss's rounds paired so far (the movement's "schedule"), so that a restarted station, the pages
and the exports score the event the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from ..movements import MovementError, TeamRound, event_schedule, swiss_round, team_of, to_schedule
from ..scoring import Adjusted, TeamEvent
from .rulings import played
from .session import Session
from .store import StoredResult
from .swisspairs import score_swiss, swiss_schedule

log = logging.getLogger("bridgetable.director")


def _schedule(session: Session) -> list[TeamRound]:
    if session.swiss_pairs:
        return swiss_schedule(session)
    spec = session.setup.movement
    return event_schedule(spec["teams"], spec.get("rounds"), bool(spec.get("swiss")), spec.get("schedule"))


def score_event(session: Session, results: Sequence[StoredResult]) -> TeamEvent:
    """The event (a team event, or Swiss pairs: ``swisspairs.score_swiss``) as ``results`` (the
    latest revision of each) score it, with the director's VPs and penalties."""
    event = score_swiss(session, results) if session.swiss_pairs else _team_scores(session, results)
    for ruling in session.setup.vp_adjusted:
        event.adjust(int(ruling["round"]), int(ruling["team"]), float(ruling["home_vp"]),
                     float(ruling["away_vp"]))
    for penalty in session.setup.vp_penalties:
        event.penalise(int(penalty["team"]), float(penalty["vp"]), str(penalty.get("reason", "")))
    return event


def _team_scores(session: Session, results: Sequence[StoredResult]) -> TeamEvent:
    """A team event's matches from ``results``. A result of a match the schedule does not know (the
    center holding a Swiss's set-up from before a round was paired) is left out until it does: it
    stays in the store."""
    spec = session.setup.movement
    event = TeamEvent(spec["teams"], spec["boards_per_round"], tie_break=session.setup.tie_break,
                      bye_vp=session.setup.bye_vp)
    for number, round_ in enumerate(_schedule(session), start=1):
        for home, away in round_.matches:
            event.add_match(number, home, away)
        if round_.bye:
            event.byes[number] = round_.bye
    for stored in played(list(results)):
        if event.match_of(stored.round, team_of(stored.ns)) is None:
            continue
        score = Adjusted.parse(stored.adjusted) if stored.adjusted else stored.ns_score or 0
        event.record(stored.round, stored.ns, stored.board, score)
    return event


def pair_round(session: Session, round_: int) -> bool:
    """Pair a Swiss's round ``round_`` if it is the next one not paired yet, from the ranking of
    the rounds played; True if it paired it (the set-up is saved and the movement rebuilt)."""
    swiss = session.swiss_pairs or (session.team_event and bool(session.setup.movement.get("swiss")))
    if not swiss or round_ > session.movement.rounds:
        return False
    rounds = _schedule(session)
    if round_ != len(rounds) + 1:
        return False
    event = score_event(session, session.store.results(session.id))
    met = {frozenset(m) for r in rounds for m in r.matches}
    order = [line.team for line in event.ranking()]
    byes = set(event.byes.values())
    try:
        paired = swiss_round(order, met, byes)
    except MovementError as exc:  # the evening goes on: a rematch rather than tables left waiting
        log.error("Swiss round %s: %s; paired allowing a rematch", round_, exc)
        session.store.audit(session.id, "station", "Swiss pairing",
                            f"round {round_}: {exc}; paired allowing a rematch")
        paired = swiss_round(order, (), byes)
    session.setup.movement["schedule"] = to_schedule([*rounds, paired])
    session.save()
    session.rebuild()
    return True


def event_json(event: TeamEvent, names: dict[int, str], swiss_pairs: bool = False,
               margin: str = "IMP") -> dict[str, Any]:
    """The event as the demo's JSON: the VP ranking, every match board by board and the byes the
    ranking counts, those of the rounds begun (a team's name: its first pair's, which the session
    names after the team; Swiss pairs: the pair's); ``margin`` what its "imps" are: "IMP", or "MP"
    (Swiss pairs in matchpoints: an IMP equivalent, the percentages' difference over 7)."""
    ranking = [{"rank": line.rank, "team": line.team,
                "name": names.get(line.team if swiss_pairs else 2 * line.team - 1, ""),
                "vp": line.vp, "imps_for": line.imps_for, "imps_against": line.imps_against,
                "penalty": line.penalty} for line in event.ranking()]
    matches = []
    for m in sorted(event.matches.values(), key=lambda m: (m.round, m.home)):
        boards = [{"board": b, "scores": list(m.scores.scores[b]), "imps": m.scores.board_imps(b)}
                  for b in sorted(m.scores.scores)]
        matches.append({"round": m.round, "home": m.home, "away": m.away, "imps": list(m.imps()),
                        "vp": list(m.victory_points()), "adjusted": m.adjusted_vp is not None,
                        "boards": boards})
    return {"ranking": ranking, "matches": matches, "byes": event.byes_had(), "margin": margin}
