"""Exports of a session: PBN (every table's record, with the auction and play where the table
recorded them, and score tables), USEBIO XML results, and printable HTML results.

The PBN is in export format throughout: each board's ScoreTable sits in a complete game with
the board's deal, and the ranking's TotalScoreTable in the last of those games (as the
standard's own examples have them), so that readers that drop games without the mandatory tags get them
all and ``bridgetable check`` validates every row.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from ..bridge import Call, Card, Contract, Deal, Seat, Vulnerability, trick_winner
from ..formats.pbn_tempo import add_tempo
from ..formats.pbn_write import write_pbn
from ..formats.record import BoardRecord
from ..movements import team_of
from ..robots.match import CLOSED, OPEN
from ..scoring.adjusted import Adjusted
from .members import players_at, replaced_by
from .rulings import WEIGHTED
from .session import Session
from .standings import Standings, TravellerRow, score_session
from .store import StoredResult
from .teampages import team_names
from .templating import TEMPLATES
from .tempo import pair_tempo

SCORE_TABLE = ("Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
               "Lead\\3L;Score_NS\\6R;{points}_NS\\6R;{points}_EW\\6R")
# The ranking: the totals realised (as the standard has them, so that they add up from the score
# tables), each pair's NrBoards (the standard's column, as scorers write it), and where a pair missed
# boards a column of our own, Factored: its total scaled to the full boards (``RankEntry.factored``).
TOTAL_SCORE_TABLE = ("Rank\\3R;PairId\\3R;Direction\\2L;TotalScore\\7R;Percentage\\6R;NrBoards\\2R;"
                     "{factored}Names\\40L")
USEBIO_DTD = "http://www.usebio.org/files/usebio_v1_2.dtd"
# The event type, scoring method and traveller points' name of each scoring, as the club scorers'
# files have them (MP_PAIRS, BUTLER_PAIRS, CROSS_IMP), and for the rest the DTD's types: total
# points AGGREGATE, its method too (a results program's list of the methods: tests/data/SOURCES.md).
_USEBIO_EVENT = {"MP": ("MP_PAIRS", "MATCH_POINTS", "MATCH_POINTS"),
                 "IMP": ("BUTLER_PAIRS", "IMPS", "BUTLER_POINTS"),
                 "XIMP": ("CROSS_IMP", "IMPS", "CROSS_IMP_POINTS"),
                 "TOTAL": ("AGGREGATE", "AGGREGATE", "TOTAL_POINTS")}
# The PBN Scoring tag and the score table's column of each scoring.
_PBN_SCORING = {"MP": ("MP", "MP"), "TOTAL": ("Total", "Points")}


def _names(session: Session, pair: int, when: tuple[int, int] | None = None) -> tuple[str, str]:
    """The two players of a pair (at the board played ``when``, ``Session.played_when``: before a
    new player came, the one before; None: the latest): the member list's names of the numbers
    they keyed at the table (``director.members``), else from "Ann & Bob" (or the pair's name
    twice); a new player the list does not know, unnamed."""
    text = session.setup.pairs.get(pair, f"Pair {pair}")
    first, _, second = text.partition(" & ")
    named = [player.get("name", "") for player in players_at(session.setup, pair, when)] + ["", ""]
    given = ["" if replaced_by(session.setup, pair, index, when) else name
             for index, name in enumerate((first, second or first))]
    return named[0] or given[0], named[1] or given[1]


def table_record(session: Session, row: TravellerRow, deal: Deal | None, on: date) -> BoardRecord:
    """One table's result as a BoardRecord, with its auction and play when it sent them."""
    r = row.result
    when = session.played_when(r.round, r.table, r.board)
    north, south = _names(session, r.ns, when)
    east, west = _names(session, r.ew, when)
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
                           sections={"ScoreTable": [_score_line(row) for row in rows]})
        if info:
            game.dealer, game.vulnerability = Seat.parse(info.dealer), Vulnerability.parse(info.vulnerability)
        records.append(game)
        records.extend(table_record(session, row, deal, on) for row in rows)
    ranking = [e for entries in standings.ranking.values() for e in entries]
    factoring = any(e.factored is not None for e in ranking)
    lines = [f'{e.rank:>3} {e.pair:>3} {e.direction or "-":<2} {e.total:7.2f} {e.percent:6.2f} {e.boards:>2} '
             + (f"{_factored_text(e.factored):>7} " if factoring else "")
             + f'"{session.setup.pairs.get(e.pair, "")}"' for e in ranking]
    last = next((game for game in reversed(records) if "ScoreTable" in game.tags), None)
    if last is not None and lines:  # as the standard's example: the ranking in the last board's game
        last.tags["TotalScoreTable"] = TOTAL_SCORE_TABLE.format(factored="Factored\\7R;" if factoring else "")
        last.sections["TotalScoreTable"] = lines
    records += robot_records(session, standings, on)
    return write_pbn(records)


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


def _score_line(row: TravellerRow) -> str:
    r = row.result
    contract = r.contract if not r.adjusted else f"A{r.adjusted}"
    return (f'{r.table:>2} {r.round:>2} {r.ns:>2} {r.ew:>2} "{contract}" "{r.declarer or "-"}" '
            f'{"-" if r.tricks is None else r.tricks} "{r.lead or "-"}" '
            f'{"-" if r.ns_score is None else r.ns_score} {row.ns_points:.2f} {row.ew_points:.2f}')


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
        from .usebio_teams import matches_usebio  # it writes with this module's helpers

        root = matches_usebio(session, standings, on, club)
    else:
        root = _pairs_usebio(session, standings, on, club)
    _handset(root, session, sorted(standings.travellers))
    ET.indent(root)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<!DOCTYPE USEBIO SYSTEM "{USEBIO_DTD}">\n'
            + ET.tostring(root, encoding="unicode", short_empty_elements=False) + "\n")


def usebio_event(session: Session, on: date, club: str, event_type: str, winners: int,
                 methods: list[tuple[str, object]]) -> tuple[ET.Element, ET.Element]:
    """The USEBIO root with its CLUB and the EVENT's header as the scorers write it, ending with
    the scoring ``methods``; (root, event)."""
    root = ET.Element("USEBIO", Version="1.2")
    ET.SubElement(ET.SubElement(root, "CLUB"), "CLUB_NAME").text = club
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    setup = session.setup
    for tag, value in (("EVENT_IDENTIFIER", session.id), ("EVENT_DESCRIPTION", setup.event),
                       ("PROGRAM_NAME", "bridgetable"), ("PROGRAM_VERSION", _version()),
                       ("WINNER_TYPE", winners), ("TITLE", setup.event),
                       ("DATE", on.strftime("%d/%m/%Y")), ("MASTER_POINT_TYPE", setup.master_point_type),
                       ("SESSION_COUNT", 1), ("SECTION_COUNT", 1), *methods):
        _text(event, tag, value)
    return root, event


def usebio_players(parent: ET.Element, session: Session, pair: int) -> None:
    """A pair's two PLAYERs: the name, the NATIONAL_ID_NUMBER (0 when not known) and the
    CLUB_ID_NUMBER when known."""
    numbers = session.setup.numbers.get(pair, [])
    for index, name in enumerate(_names(session, pair)):
        player = ET.SubElement(parent, "PLAYER")
        _text(player, "PLAYER_NAME", name)
        known = numbers[index] if index < len(numbers) else {}
        _text(player, "NATIONAL_ID_NUMBER", known.get("national") or 0)
        if known.get("club"):
            _text(player, "CLUB_ID_NUMBER", known["club"])


def _pairs_usebio(session: Session, standings: Standings, on: date, club: str) -> ET.Element:
    setup = session.setup
    number = _usebio_pair_number(session)
    event_type, method, points = _USEBIO_EVENT[setup.scoring]
    methods: list[tuple[str, object]] = [] if method == "MATCH_POINTS" else [("SCORING_METHOD", method)]
    root, event = usebio_event(session, on, club, event_type, len(standings.ranking), methods)
    participants = ET.SubElement(event, "PARTICIPANTS", EVENT_TYPE=event_type)
    for entries in standings.ranking.values():
        for e in entries:
            pair = ET.SubElement(participants, "PAIR")
            _text(pair, "PAIR_NUMBER", number(e.pair))
            _text(pair, "DIRECTION", e.direction if len(standings.ranking) > 1 else "")
            # a pair that missed boards: its total scaled to the full boards, as the scorers' files
            # give it (the percentage is that of the boards it played either way)
            _text(pair, "TOTAL_SCORE", f"{e.total if e.factored is None else e.factored:.2f}")
            if e.top:
                _text(pair, "PERCENTAGE", f"{e.percent:.2f}")
            _text(pair, "PLACE", e.rank.rstrip("="))
            _text(pair, "MASTER_POINTS_AWARDED", 0)
            _text(pair, "MASTER_POINT_TYPE", setup.master_point_type)
            usebio_players(pair, session, e.pair)
    for board, rows in sorted(standings.travellers.items()):
        element = ET.SubElement(event, "BOARD", EVENT_TYPE=event_type)
        _text(element, "BOARD_NUMBER", board)
        for row in rows:
            _traveller_line(ET.SubElement(element, "TRAVELLER_LINE"), row, number, points)
    return root


def usebio_points(scoring: str) -> str:
    """The name of a traveller line's points in a pairs scoring: "MATCH_POINTS", "BUTLER_POINTS"..."""
    return _USEBIO_EVENT[scoring][2]


def _usebio_pair_number(session: Session) -> Callable[[int], str]:
    """A pair's number as the scorers write it: in a Mitchell (two winners) each direction counts
    from 1 with its direction ("3NS", "3EW"); otherwise the number alone."""
    movement = session.setup.movement
    if movement.get("kind") != "mitchell":
        return str
    tables = int(movement["tables"])
    return lambda pair: f"{pair}NS" if pair <= tables else f"{pair - tables}EW"


def _traveller_line(line: ET.Element, row: TravellerRow, number: Callable[[int], str], points: str) -> None:
    r = row.result
    _text(line, "NS_PAIR_NUMBER", number(r.ns))
    _text(line, "EW_PAIR_NUMBER", number(r.ew))
    played_fields(line, r, _artificial(row))
    _text(line, f"NS_{points}", f"{row.ns_points:.2f}")
    _text(line, f"EW_{points}", f"{row.ew_points:.2f}")


def played_fields(line: ET.Element, r: StoredResult, artificial: str) -> None:
    """What a table did, as a traveller line has it: the contract, declarer, lead (rank first,
    "9H"), tricks and North-South's score; a passed-out board as PASS by N with 0 tricks; an
    adjusted or weighted score as the ``artificial`` SCORE alone ("A6040")."""
    fields: list[tuple[str, object]]
    if r.adjusted or r.contract == WEIGHTED:  # the scorers' artificial score: "A" and both percentages
        fields = [("SCORE", artificial)]
    elif r.contract == "Pass":
        fields = [("CONTRACT", "PASS"), ("PLAYED_BY", "N"), ("TRICKS", 0), ("SCORE", 0)]
    else:
        lead = Card.parse(r.lead) if r.lead else None
        fields = [("CONTRACT", r.contract), ("PLAYED_BY", r.declarer),
                  ("LEAD", f"{lead.rank.letter}{lead.suit.letter}" if lead else None),  # rank first: "9H"
                  ("TRICKS", r.tricks), ("SCORE", r.ns_score)]
    for tag, value in fields:
        if value is not None:
            _text(line, tag, value)


def _artificial(row: TravellerRow) -> str:
    """An adjusted score as "A6040" (NS 60%, EW 40%); a weighted one by the percentages it earned."""
    if row.result.adjusted:
        return artificial_score(row.result.adjusted)
    ns, ew = (100 * row.ns_points / row.top, 100 * row.ew_points / row.top) if row.top else (50, 50)
    return f"A{round(ns):02d}{round(ew):02d}"


def artificial_score(adjusted: str) -> str:
    """The director's adjusted score ("A+/A-", "60/40") as the scorers write it: "A6040"."""
    score = Adjusted.parse(adjusted)
    return f"A{round(score.ns):02d}{round(score.ew):02d}"


def _version() -> str:
    try:
        return version("bridgetable")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return ""


def _text(parent: ET.Element, tag: str, value: object) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = str(value)
    return element


def _handset(root: ET.Element, session: Session, numbers: list[int]) -> None:
    """Each board's four hands, as the scorers write them: hands and suits in alphabetical order
    (East, North, South, West; clubs to spades), a void an empty element."""
    boards = session.store.boards(session.id)
    handset = ET.SubElement(root, "HANDSET")
    for number in numbers:
        info = boards.get(number)
        if info is None or not info.deal:
            continue
        deal = Deal.parse(info.deal)
        board = ET.SubElement(handset, "BOARD")
        _text(board, "BOARD_NUMBER", number)
        for seat in (Seat.E, Seat.N, Seat.S, Seat.W):
            hand = ET.SubElement(board, "HAND")
            _text(hand, "DIRECTION", seat.full_name)
            holdings = reversed(str(deal[seat]).split("."))  # clubs first
            for suit, holding in zip(("CLUBS", "DIAMONDS", "HEARTS", "SPADES"), holdings, strict=True):
                _text(hand, suit, holding)


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
