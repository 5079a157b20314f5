"""The director's rulings in a team event (issue 28): a match's victory points set by hand (an
adjusted result of the whole match, Law 12C2 on the VP scale, or a split), and VP penalties (Swiss
pairs too, a pair for a team). Both are kept in the session's set-up, which ``director.teamevent``
scores; each is in the audit trail."""

from __future__ import annotations

from ..i18n import STATION
from ..scoring.teams import VP_TOTAL
from .actions import ActionError
from .ingest import Ingest
from .teamevent import score_event

_ = STATION.gettext


def _team_event(ingest: Ingest) -> None:
    if not (ingest.session.team_event or ingest.session.swiss_pairs):
        raise ActionError(_("victory points are for a team event, not this session"))


def match_vps(ingest: Ingest, actor: str, round_: int, team: int, home_vp: float, away_vp: float) -> None:
    """The director gives the match ``team`` plays in ``round_`` these VPs (home team's first)."""
    _team_event(ingest)
    match = score_event(ingest.session, ingest.live.results()).match_of(round_, team)
    if match is None:
        raise ActionError(_("team {team} plays no match in round {round}").format(team=team, round=round_))
    for vp in (home_vp, away_vp):
        if not 0 <= vp <= VP_TOTAL:
            raise ActionError(_("victory points are from 0 to {most:g}, not {vp:g}").format(
                most=VP_TOTAL, vp=vp))
    rulings = [r for r in ingest.session.setup.vp_adjusted
               if not (r["round"] == round_ and r["team"] in (match.home, match.away))]
    ingest.session.setup.vp_adjusted = [*rulings, {"round": round_, "team": match.home, "home_vp": home_vp,
                                                   "away_vp": away_vp}]
    ingest.session.save()
    ingest.session.store.audit(ingest.session.id, actor, "match VPs", f"round {round_}: team {match.home} "
                               f"{home_vp:g}, team {match.away} {away_vp:g}")
    ingest.rescore()


def vp_penalty(ingest: Ingest, actor: str, team: int, vp: float, reason: str) -> None:
    """``vp`` victory points taken from a team's total."""
    _team_event(ingest)
    spec = ingest.session.setup.movement
    teams = spec["pairs"] if ingest.session.swiss_pairs else spec["teams"]
    if not 1 <= team <= teams:
        raise ActionError(_("there is no team {team} in this event").format(team=team))
    if not 0 < vp <= VP_TOTAL:
        raise ActionError(_("a VP penalty takes 0-{most:g} VPs, not {vp:g}").format(most=VP_TOTAL, vp=vp))
    ingest.session.setup.vp_penalties.append({"team": team, "vp": vp, "reason": reason})
    ingest.session.save()
    ingest.session.store.audit(ingest.session.id, actor, "VP penalty", f"team {team}: {vp:g} VPs ({reason})")
    ingest.rescore()
