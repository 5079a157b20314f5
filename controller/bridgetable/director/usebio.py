"""USEBIO 1.2 XML as the club scorers' files that results sites take have it (Compscore3's, element
by element: ``tests/director/test_usebio_form.py``): the event's header, the pairs' ranking and
traveller lines, the hands; and the pieces the writer of matches (``usebio_teams``) shares."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from datetime import date
from importlib.metadata import PackageNotFoundError, version

from ..bridge import Card, Deal, Seat
from ..scoring.adjusted import Adjusted
from .members import player_names
from .rulings import WEIGHTED
from .session import Session
from .standings import Standings, TravellerRow
from .store import StoredResult

USEBIO_DTD = "http://www.usebio.org/files/usebio_v1_2.dtd"
# The event type, scoring method and traveller points' name of each scoring, as the club scorers'
# files have them (MP_PAIRS, BUTLER_PAIRS, CROSS_IMP), and for the rest the DTD's types: total
# points AGGREGATE, its method too (a results program's list of the methods: tests/data/SOURCES.md).
_USEBIO_EVENT = {"MP": ("MP_PAIRS", "MATCH_POINTS", "MATCH_POINTS"),
                 "IMP": ("BUTLER_PAIRS", "IMPS", "BUTLER_POINTS"),
                 "XIMP": ("CROSS_IMP", "IMPS", "CROSS_IMP_POINTS"),
                 "TOTAL": ("AGGREGATE", "AGGREGATE", "TOTAL_POINTS")}


def usebio_event(session: Session, on: date, club: str, event_type: str, winners: int,
                 methods: list[tuple[str, object]]) -> tuple[ET.Element, ET.Element]:
    """The USEBIO root with its CLUB and the EVENT's header as the scorers write it, ending with
    the scoring ``methods``; (root, event)."""
    root = ET.Element("USEBIO", Version="1.2")
    ET.SubElement(ET.SubElement(root, "CLUB"), "CLUB_NAME").text = club
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    setup = session.setup
    for tag, value in (("EVENT_IDENTIFIER", session.id), ("EVENT_DESCRIPTION", setup.event),
                       ("PROGRAM_NAME", "bridgetable"), ("PROGRAM_VERSION", program_version()),
                       ("WINNER_TYPE", winners), ("TITLE", setup.event),
                       ("DATE", on.strftime("%d/%m/%Y")), ("MASTER_POINT_TYPE", setup.master_point_type),
                       ("SESSION_COUNT", 1), ("SECTION_COUNT", 1), *methods):
        text_element(event, tag, value)
    return root, event



def usebio_players(parent: ET.Element, session: Session, pair: int) -> None:
    """A pair's two PLAYERs: the name, the NATIONAL_ID_NUMBER (0 when not known) and the
    CLUB_ID_NUMBER when known."""
    numbers = session.setup.numbers.get(pair, [])
    for index, name in enumerate(player_names(session.setup, pair)):
        player = ET.SubElement(parent, "PLAYER")
        text_element(player, "PLAYER_NAME", name)
        known = numbers[index] if index < len(numbers) else {}
        text_element(player, "NATIONAL_ID_NUMBER", known.get("national") or 0)
        if known.get("club"):
            text_element(player, "CLUB_ID_NUMBER", known["club"])



def pairs_usebio(session: Session, standings: Standings, on: date, club: str) -> ET.Element:
    setup = session.setup
    number = _usebio_pair_number(session)
    event_type, method, points = _USEBIO_EVENT[setup.scoring]
    methods: list[tuple[str, object]] = [] if method == "MATCH_POINTS" else [("SCORING_METHOD", method)]
    root, event = usebio_event(session, on, club, event_type, len(standings.ranking), methods)
    participants = ET.SubElement(event, "PARTICIPANTS", EVENT_TYPE=event_type)
    for entries in standings.ranking.values():
        for e in entries:
            pair = ET.SubElement(participants, "PAIR")
            text_element(pair, "PAIR_NUMBER", number(e.pair))
            text_element(pair, "DIRECTION", e.direction if len(standings.ranking) > 1 else "")
            # a pair that missed boards: its total scaled to the full boards, as the scorers' files
            # give it (the percentage is that of the boards it played either way)
            text_element(pair, "TOTAL_SCORE", f"{e.total if e.factored is None else e.factored:.2f}")
            if e.top:
                text_element(pair, "PERCENTAGE", f"{e.percent:.2f}")
            text_element(pair, "PLACE", e.rank.rstrip("="))
            text_element(pair, "MASTER_POINTS_AWARDED", 0)
            text_element(pair, "MASTER_POINT_TYPE", setup.master_point_type)
            usebio_players(pair, session, e.pair)
    for board, rows in sorted(standings.travellers.items()):
        element = ET.SubElement(event, "BOARD", EVENT_TYPE=event_type)
        text_element(element, "BOARD_NUMBER", board)
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
    text_element(line, "NS_PAIR_NUMBER", number(r.ns))
    text_element(line, "EW_PAIR_NUMBER", number(r.ew))
    played_fields(line, r, _artificial(row))
    text_element(line, f"NS_{points}", f"{row.ns_points:.2f}")
    text_element(line, f"EW_{points}", f"{row.ew_points:.2f}")



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
            text_element(line, tag, value)



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



def program_version() -> str:
    try:
        return version("bridgetable")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return ""



def text_element(parent: ET.Element, tag: str, value: object) -> ET.Element:
    element = ET.SubElement(parent, tag)
    element.text = str(value)
    return element



def handset(root: ET.Element, session: Session, numbers: list[int]) -> None:
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
        text_element(board, "BOARD_NUMBER", number)
        for seat in (Seat.E, Seat.N, Seat.S, Seat.W):
            hand = ET.SubElement(board, "HAND")
            text_element(hand, "DIRECTION", seat.full_name)
            holdings = reversed(str(deal[seat]).split("."))  # clubs first
            for suit, holding in zip(("CLUBS", "DIAMONDS", "HEARTS", "SPADES"), holdings, strict=True):
                text_element(hand, suit, holding)
