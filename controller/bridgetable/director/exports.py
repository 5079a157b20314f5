"""Exports of a session: PBN (every table's record, with the auction and play where the table
recorded them, and score tables), USEBIO XML results, and printable HTML results."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from datetime import date
from pathlib import Path

from ..bridge import Call, Card, Contract, Deal, Seat, Vulnerability, trick_winner
from ..formats.pbn_write import write_pbn
from ..formats.record import BoardRecord
from ..robots.match import CLOSED, OPEN
from .session import Session
from .standings import Standings, TravellerRow, score_session
from .templating import TEMPLATES

SCORE_TABLE = ("Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
               "Lead\\3L;Score_NS\\6R;MP_NS\\6R;MP_EW\\6R")
TOTAL_SCORE_TABLE = "Rank\\3R;PairId\\3R;Direction\\2L;TotalScore\\7R;Percentage\\6R;Names\\40L"
_USEBIO_METHOD = {"MP": "MATCH_POINTS", "IMP": "BUTLER", "XIMP": "CROSS_IMPS", "TEAMS": "IMPS",
                  "ROBOTS": "IMPS"}


def _names(session: Session, pair: int) -> tuple[str, str]:
    """The two players of a pair from "Ann & Bob" (or the pair's name twice)."""
    text = session.setup.pairs.get(pair, f"Pair {pair}")
    first, _, second = text.partition(" & ")
    return first, second or first


def table_record(session: Session, row: TravellerRow, deal: Deal | None, on: date) -> BoardRecord:
    """One table's result as a BoardRecord, with its auction and play when it sent them."""
    r = row.result
    north, south = _names(session, r.ns)
    east, west = _names(session, r.ew)
    tags = {"Event": session.setup.event, "Site": "", "Date": on.strftime("%Y.%m.%d"),
            "North": north, "South": south, "East": east, "West": west,
            "Scoring": "MP" if session.setup.scoring == "MP" else "IMP",
            "Table": str(r.table), "Round": str(r.round)}
    if session.setup.scoring == "ROBOTS":  # our table, against the robots' Closed room
        tags["Room"] = OPEN
    record = BoardRecord(tags=tags, board=r.board, deal=deal)
    info = session.store.boards(session.id).get(r.board)
    if info:
        record.dealer, record.vulnerability = Seat.parse(info.dealer), Vulnerability.parse(info.vulnerability)
    if row.top:
        ns, ew = 100 * row.ns_points / row.top, 100 * row.ew_points / row.top
        tags["ScorePercentage"] = f"NS {ns:.2f} EW {ew:.2f}"
    if r.adjusted:  # an artificial score: no contract, the percentages say it all
        tags["Result"] = tags["Contract"] = "?"
        return record
    contract = Contract.parse_or_pass(r.contract)
    record.contract, record.passed_out = contract, contract is None
    record.declarer = Seat.parse(r.declarer) if r.declarer else None
    record.result, record.score_ns = r.tricks, r.ns_score
    auction = r.record.get("auction") or []
    if auction and record.dealer is not None:
        record.auction_first, record.calls = record.dealer, [Call.parse(c) for c in auction]
        record.auction_ended = True
    if contract is not None and record.declarer is not None and r.record.get("play"):
        _add_play(record, contract, record.declarer, [Card.parse(c) for c in r.record["play"]])
    return record


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
    """PBN of the whole session: every table's record, then each board's score table and the
    ranking(s) as a total score table."""
    standings = standings or score_session(session)
    on = on or date.today()
    boards = session.store.boards(session.id)
    records: list[BoardRecord] = []
    tables: dict[int, list[str]] = {}
    for board, rows in sorted(standings.travellers.items()):
        info = boards.get(board)
        deal = Deal.parse(info.deal) if info and info.deal else None
        records.extend(table_record(session, row, deal, on) for row in rows)
        tables[board] = [_score_line(row) for row in rows]
    records += robot_records(session, standings, on)
    text = write_pbn(records)
    extra = []
    for board, lines in tables.items():
        extra += [f'[Event "{session.setup.event}"]', f'[Board "{board}"]', f'[ScoreTable "{SCORE_TABLE}"]',
                  *lines, ""]
    for group, entries in standings.ranking.items():
        extra += [f'[Event "{session.setup.event}"]', f'[Section "{group}"]',
                  f'[TotalScoreTable "{TOTAL_SCORE_TABLE}"]']
        extra += [f'{e.rank:>3} {e.pair:>3} {e.direction or "-":<2} {e.total:7.2f} {e.percent:6.2f} '
                  f'"{session.setup.pairs.get(e.pair, "")}"' for e in entries]
        extra.append("")
    return text.rstrip("\n") + "\n\n" + "\n".join(extra)  # a blank line ends the last game


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


def usebio_xml(session: Session, standings: Standings | None = None, on: date | None = None) -> str:
    """The results in USEBIO 1.2 XML: participants with places and percentages, every traveller."""
    standings = standings or score_session(session)
    on = on or date.today()
    root = ET.Element("USEBIO", Version="1.2")
    ET.SubElement(ET.SubElement(root, "CLUB"), "CLUB_NAME").text = session.setup.event
    event = ET.SubElement(root, "EVENT", EVENT_TYPE="TEAMS" if session.setup.scoring == "TEAMS" else "PAIRS")
    ET.SubElement(event, "EVENT_DESCRIPTION").text = session.setup.event
    ET.SubElement(event, "DATE").text = on.strftime("%d/%m/%Y")
    ET.SubElement(event, "BOARD_SCORING_METHOD").text = _USEBIO_METHOD[session.setup.scoring]
    participants = ET.SubElement(event, "PARTICIPANTS")
    for entries in standings.ranking.values():
        for e in entries:
            pair = ET.SubElement(participants, "PAIR")
            ET.SubElement(pair, "PAIR_NUMBER").text = str(e.pair)
            if e.direction:
                ET.SubElement(pair, "DIRECTION").text = e.direction
            ET.SubElement(pair, "PLACE").text = e.rank
            ET.SubElement(pair, "TOTAL_SCORE").text = f"{e.total:.2f}"
            if e.top:
                ET.SubElement(pair, "PERCENTAGE").text = f"{e.percent:.2f}"
            for name in _names(session, e.pair):
                ET.SubElement(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME").text = name
    for board, rows in sorted(standings.travellers.items()):
        element = ET.SubElement(event, "BOARD")
        ET.SubElement(element, "BOARD_NUMBER").text = str(board)
        for row in rows:
            r = row.result
            line = ET.SubElement(element, "TRAVELLER_LINE")
            fields = {"NS_PAIR_NUMBER": r.ns, "EW_PAIR_NUMBER": r.ew, "CONTRACT": r.contract or None,
                      "PLAYED_BY": r.declarer, "LEAD": r.lead, "TRICKS": r.tricks, "SCORE": r.ns_score,
                      "ADJUSTED_SCORE": r.adjusted, "NS_MATCH_POINTS": f"{row.ns_points:.2f}",
                      "EW_MATCH_POINTS": f"{row.ew_points:.2f}"}
            for tag, value in fields.items():
                if value is not None:
                    ET.SubElement(line, tag).text = str(value)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def results_html(session: Session, standings: Standings | None = None) -> str:
    """A printable page: the ranking(s) and every traveller."""
    standings = standings or score_session(session)
    return TEMPLATES.get_template("print.html").render(
        event=session.setup.event, ranking=standings.ranking, names=session.setup.pairs,
        match=standings.match, boards=[], scoring=session.setup.scoring, travellers=standings.travellers)


def write_exports(session: Session, directory: str | Path) -> dict[str, Path]:
    """Write the session's PBN, USEBIO XML and HTML results into ``directory``."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    standings = score_session(session)
    paths = {"pbn": out / f"{session.id}.pbn", "usebio": out / f"{session.id}.usebio.xml",
             "html": out / f"{session.id}.html"}
    paths["pbn"].write_text(session_pbn(session, standings), "utf-8")
    paths["usebio"].write_text(usebio_xml(session, standings), "utf-8")
    paths["html"].write_text(results_html(session, standings), "utf-8")
    return paths
