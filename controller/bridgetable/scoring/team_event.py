"""A team event's scores: each match's IMPs board by board (Law 78B, ``TeamMatch``), turned into
victory points on the WBF continuous 20-VP scale for the match's boards (``wbf_vp``); the
director's adjusted VPs for a match and VP penalties; the VP ranking, ties broken by the IMP
quotient or by the matches between the tied teams.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from .teams import VP_TOTAL, Score, TeamMatch, wbf_vp

BYE_VP = 12.0
"""What a team with the bye gets unless the event says otherwise (a club's usual award)."""
TIE_BREAKS = ("quotient", "match")


@dataclass
class EventMatch:
    """One match of the event: its round, the two teams (home first) and its boards' scores."""

    round: int
    home: int
    away: int
    boards: int
    scores: TeamMatch
    adjusted_vp: tuple[float, float] | None = None  # the director's, in place of the scale's

    def imps(self) -> tuple[float, float]:
        return self.scores.totals()

    def victory_points(self) -> tuple[float, float]:
        """(home, away) VPs: the director's if adjusted, else the scale's for the match's boards
        over the boards played at both tables so far."""
        if self.adjusted_vp is not None:
            return self.adjusted_vp
        home, away = self.imps()
        return wbf_vp(home - away, self.boards)

    @property
    def started(self) -> bool:
        return self.adjusted_vp is not None or self.scores.completed > 0


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """One line of the ranking; ``rank`` is "1", "2=", ..."""

    rank: str
    team: int
    vp: float
    imps_for: float
    imps_against: float
    matches: int
    penalty: float

    @property
    def quotient(self) -> float:
        """IMPs won over IMPs lost (infinite when none were lost)."""
        if self.imps_against:
            return self.imps_for / self.imps_against
        return float("inf") if self.imps_for else 1.0


@dataclass
class TeamEvent:
    """The matches of an event of ``teams`` teams, as they are scored."""

    teams: int
    boards_per_match: int
    tie_break: str = "quotient"
    bye_vp: float = BYE_VP
    matches: dict[tuple[int, int], EventMatch] = field(default_factory=dict)  # (round, home)
    byes: dict[int, int] = field(default_factory=dict)  # round: team
    penalties: list[tuple[int, float, str]] = field(default_factory=list)  # team, VPs, why

    def __post_init__(self) -> None:
        if self.tie_break not in TIE_BREAKS:
            raise ValueError(f"a team event breaks ties by one of {', '.join(TIE_BREAKS)}, "
                             f"not {self.tie_break!r}")

    def add_match(self, round_: int, home: int, away: int) -> EventMatch:
        match = EventMatch(round_, home, away, self.boards_per_match, TeamMatch(str(home), str(away)))
        self.matches[(round_, home)] = match
        return match

    def match_of(self, round_: int, team: int) -> EventMatch | None:
        """The match a team plays in a round (None: its bye, or not paired yet)."""
        return next((m for m in self.matches.values() if m.round == round_ and team in (m.home, m.away)),
                    None)

    def record(self, round_: int, ns_pair: int, board: int, ns_score: Score) -> None:
        """North-South's score at the table where pair ``ns_pair`` sat North-South."""
        team = (ns_pair + 1) // 2
        match = self.match_of(round_, team)
        if match is None:
            raise ValueError(f"team {team} plays no match in round {round_}")
        match.scores.record(board, 1 if team == match.home else 2, ns_score)

    def adjust(self, round_: int, team: int, home_vp: float, away_vp: float) -> None:
        """The director's VPs for the match ``team`` plays in ``round_`` (home's first)."""
        match = self.match_of(round_, team)
        if match is None:
            raise ValueError(f"team {team} plays no match in round {round_}")
        for vp in (home_vp, away_vp):
            if not 0 <= vp <= VP_TOTAL:
                raise ValueError(f"victory points are from 0 to {VP_TOTAL:g}, not {vp:g}")
        match.adjusted_vp = (home_vp, away_vp)

    def penalise(self, team: int, vp: float, reason: str = "") -> None:
        if not 1 <= team <= self.teams:
            raise ValueError(f"there is no team {team} in an event of {self.teams}")
        self.penalties.append((team, vp, reason))

    def byes_had(self) -> dict[int, int]:
        """The byes of the rounds begun (a match of the round started), by round: a round robin's
        byes are known from the start, but one counts only once its round is played."""
        begun = {m.round for m in self.matches.values() if m.started}
        return {round_: team for round_, team in self.byes.items() if round_ in begun}

    def head_to_head(self, team: int, others: set[int]) -> float:
        """The VPs ``team`` won in its matches against ``others``."""
        total = 0.0
        for m in self.matches.values():
            if m.started and team in (m.home, m.away) and ({m.home, m.away} - {team}) <= others:
                home, away = m.victory_points()
                total += home if team == m.home else away
        return total

    def ranking(self) -> list[TeamStanding]:
        """The teams by VPs (less penalties), ties broken as the event says, then by number."""
        vp: dict[int, float] = defaultdict(float)
        imps_for: dict[int, float] = defaultdict(float)
        imps_against: dict[int, float] = defaultdict(float)
        played: dict[int, int] = defaultdict(int)
        for m in self.matches.values():
            if not m.started:
                continue
            home_vp, away_vp = m.victory_points()
            home_imps, away_imps = m.imps()
            for team, won, got, lost in ((m.home, home_vp, home_imps, away_imps),
                                         (m.away, away_vp, away_imps, home_imps)):
                vp[team] += won
                imps_for[team] += got
                imps_against[team] += lost
                played[team] += 1
        for team in self.byes_had().values():
            vp[team] += self.bye_vp
        penalty: dict[int, float] = defaultdict(float)
        for team, points, _why in self.penalties:
            penalty[team] += points
        lines = [TeamStanding("", t, round(vp[t] - penalty[t], 2), imps_for[t], imps_against[t],
                              played[t], penalty[t]) for t in range(1, self.teams + 1)]
        return self._placed(lines)

    def _placed(self, lines: list[TeamStanding]) -> list[TeamStanding]:
        by_vp: dict[float, list[TeamStanding]] = defaultdict(list)
        for line in lines:
            by_vp[line.vp].append(line)
        ordered: list[tuple[TeamStanding, tuple[float, ...]]] = []
        for points in sorted(by_vp, reverse=True):
            tied = by_vp[points]
            names = {line.team for line in tied}
            for line in tied:
                quotient = line.quotient
                if self.tie_break == "match" and len(tied) > 1:
                    key: tuple[float, ...] = (points, self.head_to_head(line.team, names - {line.team}),
                                              quotient)
                else:
                    key = (points, quotient)
                ordered.append((line, key))
        ordered.sort(key=lambda lk: (tuple(-k for k in lk[1]), lk[0].team))
        placed = []
        for i, (line, key) in enumerate(ordered):
            first = next(j for j, (_, k) in enumerate(ordered) if k == key)
            shared = sum(1 for _, k in ordered if k == key) > 1
            placed.append(TeamStanding(f"{first + 1}=" if shared else str(i + 1), line.team, line.vp,
                                       line.imps_for, line.imps_against, line.matches, line.penalty))
        return placed
