"""What the players' pages show: the board page (the deal, each table's row of the traveller and
its replay for the hand viewer), a pair's score card (every board the pair played, linked to the
board pages), and the live view of a table."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..bridge import Deal, Seat, Suit
from ..i18n import STATION, notation
from .analysis import board_analysis
from .ingest import Ingest
from .replay import replay
from .robotmatch import robots_result
from .rulings import NOT_PLAYED, WEIGHTED
from .standings import Standings, TravellerRow
from .store import BoardInfo, StoredResult
from .visibility import live_shown

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_ = STATION.gettext
pgettext = STATION.pgettext


def hand_diagram(deal_text: str | None) -> dict[str, list[tuple[str, str]]] | None:
    """Each seat's hand by its letter as (suit symbol, cards) lines, for the diagram, the ranks in
    the reader's notation; None if no deal."""
    if not deal_text:
        return None
    deal = Deal.parse(deal_text)
    return {str(seat): [(suit.symbol, " ".join(notation.card(str(c))[1:] for c in deal[seat].suit(suit))
                         or "—") for suit in SUITS]
            for seat in Seat}


HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def high_card_points(deal_text: str | None) -> dict[str, int]:
    """Each seat's high-card points (A 4, K 3, Q 2, J 1) by its letter; empty if no deal."""
    if not deal_text:
        return {}
    deal = Deal.parse(deal_text)
    return {str(seat): sum(HCP.get(str(card)[1], 0) for card in deal[seat]) for seat in Seat}


_PAR = re.compile(r"^([1-7](?:NT|[SHDC])X{0,2})([NESW])(=|[+-]\d+)$")  # the analysis' "5SXW-3"


def par_contracts(par: list[str]) -> list[dict[str, str]]:
    """The par contracts as a player reads them: each contract with its result when it is not
    made exactly ("5SX-3"), and its declarers in the reader's notation ("N or S")."""
    seats: dict[tuple[str, str], list[str]] = {}
    for text in par:
        match = _PAR.match(text)
        if match is not None:
            result = "" if match[3] == "=" else match[3]
            seats.setdefault((match[1], result), []).append(notation.seat(match[2]))
    contracts = []
    for (contract, result), declarers in seats.items():
        by = declarers[0] if len(declarers) == 1 else _("{first} or {second}").format(
            first=", ".join(declarers[:-1]), second=declarers[-1])
        contracts.append({"contract": contract + result, "seats": by})
    return contracts


def board_values(ingest: Ingest, info: BoardInfo) -> dict[str, Any]:
    """Everything the board page shows of a board: deal, analysis, traveller, replays, rulings."""
    session = ingest.session
    rows = ingest.live.standings().travellers.get(info.board, [])
    robots = robots_result(info, session.id) if session.setup.scoring == "ROBOTS" and info.deal else None
    return {"board": info, "rows": rows, "hands": hand_diagram(info.deal), "names": session.setup.pairs,
            "robots": robots, "viewer": viewer_data(info, rows, robots),
            "analysis": board_analysis(session.store, session.id, info),
            "analysis_note": bool(info.deal), "scoring": session.setup.scoring,
            "not_played": [r for r in ingest.live.results()
                           if r.board == info.board and r.contract == NOT_PLAYED],
            "fouled": sorted(map(int, session.setup.fouled.get(str(info.board), {})))}


def viewer_data(info: BoardInfo, rows: list[TravellerRow],
                robots: StoredResult | None = None) -> dict[str, Any]:
    """The hand viewer's JSON: each seat's cards (best first) and each table's replay (and the
    robots' table's, in a match against them)."""
    hands = None
    if info.deal:
        deal = Deal.parse(info.deal)
        hands = {str(seat): [str(card) for card in deal[seat]] for seat in Seat}
    replays = [replay(row.result, info.dealer) for row in rows]
    if robots is not None:
        replays.append({**replay(robots, info.dealer), "robots": True})
    return {"board": info.board, "hands": hands, "rows": replays}


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One board of a pair's score card, from the pair's side."""

    board: int
    table: int
    round: int
    direction: str       # "NS" or "EW"
    opponents: int
    contract: str        # "4SX", "Pass", or words: "adjusted 60/40" (``contract_text``)
    declarer: str
    tricks: int | None
    score: int | None    # the pair's own score (North-South's negated for East-West)
    points: float        # matchpoints or IMPs
    top: float


def weighted_text(result: StoredResult) -> str:
    """A weighted score's parts in the reader's notation, "30% 4S N 10, 70% 4S N 9"; "" for any
    other result."""
    if result.contract != WEIGHTED:
        return ""
    return ", ".join(f"{p['weight']:.0%} {notation.call(p['contract'])} {notation.seat(p['declarer'] or '')} "
                     f"{p['tricks'] or ''}".strip() for p in result.record["weighted"])


def contract_text(result: StoredResult) -> str:
    """What a table's result shows as its contract: the contract in standard notation ("4SX",
    "Pass": the pages' ``|call`` shows it in the reader's), or in the reader's words an adjusted
    score, a weighted score's parts, a board not played."""
    if result.adjusted:
        return _("adjusted {score}").format(score=result.adjusted)
    if result.contract == NOT_PLAYED:
        return _("not played")
    return weighted_text(result) or result.contract


def viewer_words() -> dict[str, Any]:
    """What the hand viewer (static/viewer.js) writes, in the reader's language: its sentences
    (``{name}`` placeholders) and the notation of seats, sides, ranks, calls and no trump."""
    return {
        "texts": {
            "title": _("Table {table}: {ns_side} {ns}, {ew_side} {ew}"),
            "robots": _("The robots' table (Closed room), the same cards"),
            "count": _("Tricks played: {count} · {ns_side} {ns} · {ew_side} {ew}"),
            "claim": _("Claim by {seat}: {tricks} of the last {remaining} tricks ({state})"),
            "alerted": _("alerted"),
            "director": _("Director called: {text}"),
            "revoke": _("Revoke: {text}"),
            "adjusted": _("Adjusted score {score}"),
            "no_play": _("No play recorded at this table."),
            "ruling": _("Director's ruling: {reason}"),
            "ruling_table": _("Director's ruling: {reason} (the table had recorded {result})"),
        },
        "states": {"pending": pgettext("claim", "pending"), "accepted": pgettext("claim", "accepted"),
                   "disputed": pgettext("claim", "disputed"), "ruled": pgettext("claim", "ruled")},
        "seats": {seat: notation.seat(seat) for seat in "NESW"},
        "sides": {side: notation.side(side) for side in ("NS", "EW")},
        "ranks": {rank: notation.card("S" + rank)[1:] for rank in "AKQJT98765432"},
        "calls": {call: notation.call(call) for call in ("Pass", "X", "XX")},
        "nt": notation.strain("NT"),
    }


def score_card(standings: Standings, pair: int) -> list[ScoreLine]:
    """Every board ``pair`` played, in the order of the boards."""
    lines = []
    for board, rows in sorted(standings.travellers.items()):
        for row in rows:
            r = row.result
            if pair not in (r.ns, r.ew):
                continue
            ns = r.ns == pair
            contract = contract_text(r)
            score = None if r.ns_score is None or r.adjusted else (r.ns_score if ns else -r.ns_score)
            lines.append(ScoreLine(board, r.table, r.round, "NS" if ns else "EW", r.ew if ns else r.ns,
                                   contract, r.declarer or "", r.tricks, score,
                                   row.ns_points if ns else row.ew_points, row.top))
    return lines


def live_values(ingest: Ingest, table: int, *, director: bool) -> dict[str, Any]:
    """The live view of a table: its current board's calls and tricks as published so far, and
    the hands; withheld (``visibility.live_shown``) from all but the ``director`` until every
    table has played the board, unless the director has turned the kibitzers on."""
    live = ingest.tables_live.board(table)
    values: dict[str, Any] = {"table": table, "live": live, "hands": None, "auction": [], "tricks": [],
                              "info": None, "pairs": None, "withheld": False, "contract": None}
    if live is None:
        return values
    info = ingest.boards.get(live.board)
    round_ = live.round or ingest.session.round_of(table, live.board)
    values.update(info=info, pairs=ingest.session.movement.at(round_, table) if round_ else None)
    if not live_shown(ingest.session.movement, ingest.played, live.board, director=director,
                      kibitzers=ingest.session.setup.kibitzers):
        values["withheld"] = True
        return values
    dealer = info.dealer if info else "N"
    values.update(auction=auction_rows(dealer, live.alerted_calls()), tricks=live.tricks(dealer),
                  contract=live.contract(dealer), hands=hand_diagram(info.deal) if info is not None else None)
    return values


def auction_rows(dealer: str, calls: list[tuple[str, bool]]) -> list[list[tuple[str, bool]]]:
    """The (call, alerted) in rows of four under West, North, East, South (blanks before the dealer)."""
    cells = [("", False)] * "WNES".index(dealer) + calls
    return [cells[i:i + 4] for i in range(0, len(cells), 4)]
