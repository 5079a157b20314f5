"""Exports of a session: PBN (every table's record, with the auction and play where the table
recorded them, and score tables), USEBIO XML results, and printable HTML results.

The PBN is in export format throughout: each board's ScoreTable sits in a complete game with
the board's deal, and the ranking's TotalScoreTable in the last of those games (as the
standard's own examples have them), so that readers that drop games without the mandatory tags get them
all and ``bridgetable check`` validates every row.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import date
from pathlib import Path

from ..bridge import Call, Card, Contract, Deal, Seat, Vulnerability, trick_winner
from ..formats.pbn_tempo import add_tempo
from ..formats.pbn_write import write_pbn
from ..formats.record import BoardRecord
from ..movements import team_of
from ..robots.match import CLOSED, OPEN
from ..scoring.team_event import TeamEvent
from .members import player_names
from .rulings import WEIGHTED
from .session import Session
from .standings import Standings, TravellerRow, score_session
from .teampages import team_names
from .templating import TEMPLATES
from .tempo import pair_tempo
from .usebio import USEBIO_DTD, handset, pairs_usebio
from .usebio_teams import matches_usebio

SCORE_TABLE = ("Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
               "Lead\\3L;Score_NS\\6R;{points}_NS\\6R;{points}_EW\\6R")
# The ranking: the totals realised (as the standard has them, so that they add up from the score
# tables), each pair's NrBoards (the standard's column, as scorers write it), and where a pair missed
# boards a column of our own, Factored: its total scaled to the full boards (``RankEntry.factored``).
TOTAL_SCORE_TABLE = ("Rank\\3R;PairId\\3R;Direction\\2L;TotalScore\\7R;Percentage\\6R;NrBoards\\2R;"
                     "{factored}Names\\40L")
# A team event's (Swiss pairs') ranking: each team's (pair's) victory points, less its VP penalties.
EVENT_TOTAL_SCORE_TABLE = "Rank\\3R;{entrant}\\3R;TotalVP\\7R;Names\\40L"
# The PBN Scoring tag and the score table's column of each scoring.
_PBN_SCORING = {"MP": ("MP", "MP"), "TOTAL": ("Total", "Points")}


def table_record(session: Session, row: TravellerRow, deal: Deal | None, on: date) -> BoardRecord:
    """One table's result as a BoardRecord, with its auction and play when it sent them."""
    r = row.result
    when = session.played_when(r.round, r.table, r.board)
    north, south = player_names(session.setup, r.ns, when)
    east, west = player_names(session.setup, r.ew, when)
    tags = {"Event": session.setup.event, "Site": "", "Date": on.strftime("%Y.%m.%d"),
            "North": north, "South": south, "East": east, "West": west,
            "Scoring": _PBN_SCORING.get(session.setup.scoring, ("IMP", "IMP"))[0],
            "Table": str(r.table), "Round": str(r.round)}
    if session.setup.scoring == "ROBOTS":  # our table, against the robots' Closed room
        tags["Room"] = OPEN
    if session.team_event:
        tags.update(match_tags(session, row))
    record = BoardRecord(tags=tags, board=r.board, deal=deal)
    info = session.store.boards(session.id).get(r.board)
    if info:
        record.dealer, record.vulnerability = Seat.parse(info.dealer), Vulnerability.parse(info.vulnerability)
    if row.top:
        ns, ew = 100 * row.ns_points / row.top, 100 * row.ew_points / row.top
        tags["ScorePercentage"] = f"NS {ns:.2f} EW {ew:.2f}"
    if r.adjusted or r.contract == WEIGHTED:  # no one contract: the percentages say it all
        tags["Result"] = tags["Contract"] = "?"
        return record
    contract = Contract.parse_or_pass(r.contract)
    record.contract, record.passed_out = contract, contract is None
    record.declarer = Seat.parse(r.declarer) if r.declarer else None
    record.result, record.score_ns = r.tricks, r.ns_score
    if r.record.get("ruling"):  # the table's auction and play led to another result than the director's
        return record
    auction = r.record.get("auction") or []
    if auction and record.dealer is not None:
        record.set_auction(record.dealer, [Call.parse(c) for c in auction], r.record.get("skipped") or [])
    if contract is not None and record.declarer is not None and r.record.get("play"):
        _add_play(record, contract, record.declarer, [Card.parse(c) for c in r.record["play"]])
    add_tempo(record, r.record.get("tempo"))  # the director's files only (download, write_exports)
    return record


def match_tags(session: Session, row: TravellerRow) -> dict[str, str]:
    """A team event's table in PBN's team tags: the match's home and visiting teams, the room (the
    match's first table, where the home team sits North-South, is the Open room) and North-South's
    IMPs on the board."""
    r = row.result
    first = r.table % 2 == 1
    home, away = (team_of(r.ns), team_of(r.ew)) if first else (team_of(r.ew), team_of(r.ns))
    return {"HomeTeam": session.team_name(home), "VisitTeam": session.team_name(away),
            "Room": OPEN if first else CLOSED, "ScoreIMP": f"NS {row.ns_points - row.ew_points:g}"}


def _add_play(record: BoardRecord, contract: Contract, declarer: Seat, cards: list[Card]) -> None:
    leader = declarer.lho
    record.opening_leader = leader
    for start in range(0, len(cards), 4):
        trick = cards[start:start + 4]
        record.tricks.append({leader.after(i): card for i, card in enumerate(trick)})
        if len(trick) == 4:
            leader = trick_winner(leader, trick, contract.strain.trump)
    record.claimed = len(cards) < 52


def session_pbn(session: Session, standings: Standings | None = None, on: date | None = None) -> str:
    """PBN of the whole session: for each board a game with its deal and score table, then every
    table's record of it; the ranking (both directions, if two) as the total score table of the
    last board's game."""
    standings = standings or score_session(session)
    on = on or date.today()
    boards = session.store.boards(session.id)
    common = {"Event": session.setup.event, "Site": "", "Date": on.strftime("%Y.%m.%d"),
              "Scoring": _PBN_SCORING.get(session.setup.scoring, ("IMP", "IMP"))[0]}
    header = SCORE_TABLE.format(points=_PBN_SCORING.get(session.setup.scoring, ("IMP", "IMP"))[1])
    records: list[BoardRecord] = []
    for board, rows in sorted(standings.travellers.items()):
        info = boards.get(board)
        deal = Deal.parse(info.deal) if info and info.deal else None
        game = BoardRecord(tags={**common, "ScoreTable": header}, board=board, deal=deal,
                           sections={"ScoreTable": [_score_line(row, session.team_event) for row in rows]})
        if info:
            game.dealer, game.vulnerability = Seat.parse(info.dealer), Vulnerability.parse(info.vulnerability)
        records.append(game)
        records.extend(table_record(session, row, deal, on) for row in rows)
    last = next((game for game in reversed(records) if "ScoreTable" in game.tags), None)
    if last is not None:  # as the standard's example: the ranking in the last board's game
        header, lines = (_event_ranking(session, standings.event) if standings.event is not None
                         else _pair_ranking(session, standings))
        if lines:
            last.tags["TotalScoreTable"], last.sections["TotalScoreTable"] = header, lines
    records += robot_records(session, standings, on)
    return write_pbn(records)


def _pair_ranking(session: Session, standings: Standings) -> tuple[str, list[str]]:
    ranking = [e for entries in standings.ranking.values() for e in entries]
    factoring = any(e.factored is not None for e in ranking)
    lines = [f'{e.rank:>3} {e.pair:>3} {e.direction or "-":<2} {e.total:7.2f} {e.percent:6.2f} {e.boards:>2} '
             + (f"{_factored_text(e.factored):>7} " if factoring else "")
             + f'"{session.setup.pairs.get(e.pair, "")}"' for e in ranking]
    return TOTAL_SCORE_TABLE.format(factored="Factored\\7R;" if factoring else ""), lines


def _event_ranking(session: Session, event: TeamEvent) -> tuple[str, list[str]]:
    """A team event's (Swiss pairs') ranking as the pages show it: by victory points less VP
    penalties, ties broken as the event says; not the pairs' totals of the boards' IMPs
    (matchpoints), which decide nothing."""
    names = team_names(session)
    lines = [f'{e.rank:>3} {e.team:>3} {e.vp:7.2f} "{names.get(e.team, "")}"' for e in event.ranking()]
    return EVENT_TOTAL_SCORE_TABLE.format(entrant="PairId" if session.swiss_pairs else "TeamId"), lines


def _factored_text(factored: float | None) -> str:
    """A pair's factored total in the ranking's Factored column; "-" (the standard's irrelevant
    element) for a pair that played every board."""
    return "-" if factored is None else f"{factored:.2f}"


def robot_records(session: Session, standings: Standings, on: date) -> list[BoardRecord]:
    """Against the robots: the robot table's record of each board played (the Closed room; our
    table's records are the Open room), with the board's IMPs for North-South."""
    if standings.robots is None:
        return []
    out = []
    for board in standings.robots.boards:
        tags = {"Event": session.setup.event, "Site": "", "Date": on.strftime("%Y.%m.%d"),
                **dict.fromkeys(("North", "East", "South", "West"), "Robot"), "Scoring": "IMP",
                "Room": CLOSED, "ScoreIMP": f"NS {board.imps_ns}"}
        out.append(replace(board.closed, tags=tags))  # a copy: the robots' record is cached
    return out


def _score_line(row: TravellerRow, team_event: bool) -> str:
    """A ScoreTable row; a team event's IMPs North-South's net on the board against the other room
    of its match (as its record's ScoreIMP), and East-West's the opposite, as Butler IMPs are."""
    r = row.result
    ns, ew = (row.ns_points - row.ew_points, row.ew_points - row.ns_points) if team_event else (
        row.ns_points, row.ew_points)
    contract = r.contract if not r.adjusted else f"A{r.adjusted}"
    return (f'{r.table:>2} {r.round:>2} {r.ns:>2} {r.ew:>2} "{contract}" "{r.declarer or "-"}" '
            f'{"-" if r.tricks is None else r.tricks} "{r.lead or "-"}" '
            f'{"-" if r.ns_score is None else r.ns_score} {ns:.2f} {ew:.2f}')


def usebio_xml(session: Session, standings: Standings | None = None, on: date | None = None,
               club: str = "") -> str:
    """The results in USEBIO 1.2 XML written as the club scorers' files that results sites take
    (Compscore3's, element by element): the event's header, the participants (a two-winner
    movement's pairs numbered "1NS", "1EW"; a tie's places the same bare number; every player with
    a NATIONAL_ID_NUMBER, 0 when not known; the TOTAL_SCORE of a pair that missed boards factored to
    the full boards), each board's traveller lines with the points under the
    method's own names (NS_MATCH_POINTS, NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS), an artificial score
    as SCORE "A6040", and the hands in a HANDSET beside the EVENT (directions "North", a void an
    empty element). Total points take the DTD's AGGREGATE; a team event (round robin or Swiss),
    Swiss pairs, the two-table team match and the match against the robots are written as their
    teams or pairs and matches (``usebio_teams``)."""
    standings = standings or score_session(session)
    on = on or date.today()
    if standings.event is not None or standings.robots is not None or standings.match is not None:
        root = matches_usebio(session, standings, on, club)
    else:
        root = pairs_usebio(session, standings, on, club)
    handset(root, session, sorted(standings.travellers))
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<!DOCTYPE USEBIO SYSTEM "{USEBIO_DTD}">\n'
            + ET.tostring(root, encoding="unicode", short_empty_elements=False) + "\n")


def results_html(session: Session, standings: Standings | None = None, on: date | None = None,
                 standalone: bool = False, director: bool = False) -> str:
    """A printable page: the date, the ranking(s), the procedural penalties and every traveller
    (a fouled board with its note). ``standalone`` (a file, away from the station): no menu and no
    links into the station's pages. ``director``: the director's report, with the slow play per
    pair (``tempo.pair_tempo``; never a visitor's ``/results``)."""
    standings = standings or score_session(session)
    slow_play = None
    if director:
        dealers = {number: info.dealer for number, info in session.store.boards(session.id).items()}
        slow_play = pair_tempo(session.store.results(session.id), dealers)
    fouled = {board: sorted(map(int, tables)) for board, tables in session.setup.fouled.items()}
    return TEMPLATES.get_template("print.html").render(
        event=session.setup.event, ranking=standings.ranking, names=session.setup.pairs,
        match=standings.match, boards=[], scoring=session.setup.scoring, travellers=standings.travellers,
        date=(on or date.today()).isoformat(), penalties=session.setup.penalties, fouled=fouled,
        robots=standings.robots, session_boards=len(session.movement.boards), standalone=standalone,
        team_event=standings.event, team_names=team_names(session),  # a team event's VP ranking
        swiss_pairs=session.swiss_pairs, slow_play=slow_play)


# the director's downloads: media type, file name suffix
DOWNLOADS = {"pbn": ("application/x-chess-pbn; charset=utf-8", "pbn"),
             "usebio": ("application/xml", "usebio.xml"), "html": ("text/html; charset=utf-8", "html")}


def download_file(session: Session, kind: str) -> tuple[str, str, str]:
    """One of the ``DOWNLOADS`` as the director's page serves it: the text, its media type and
    its Content-Disposition (the printable results stand alone, as ``write_exports`` writes them)."""
    media_type, suffix = DOWNLOADS[kind]
    text = {"pbn": session_pbn, "usebio": usebio_xml,
            "html": lambda s: results_html(s, standalone=True, director=True)}[kind](session)
    return text, media_type, f'attachment; filename="{session.id}.{suffix}"'


def write_exports(session: Session, directory: str | Path, club: str = "") -> dict[str, Path]:
    """Write the session's PBN, USEBIO XML (``club``: the club's name in it) and HTML results
    into ``directory``."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    standings = score_session(session)
    paths = {"pbn": out / f"{session.id}.pbn", "usebio": out / f"{session.id}.usebio.xml",
             "html": out / f"{session.id}.html"}
    paths["pbn"].write_text(session_pbn(session, standings), "utf-8")
    paths["usebio"].write_text(usebio_xml(session, standings, club=club), "utf-8")
    paths["html"].write_text(results_html(session, standings, standalone=True, director=True), "utf-8")
    return paths
