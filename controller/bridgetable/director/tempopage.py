"""What the director's pages show of the tempo (``tempo``): a board's tables with each call's
and card's time and the hesitations over the threshold (the board page), and the session's
hesitation report and slow play per pair (``/director/tempo``). The director's alone: the web
app calls these for a logged-in director only (``visibility.tempo_shown``)."""

from __future__ import annotations

from typing import Any

from ..i18n import STATION
from .ingest import Ingest
from .tempo import KINDS, STOP_PAUSE, STOP_VERDICTS, board_tempo, medians, pair_tempo

_ = STATION.gettext

MAX_THRESHOLD = 3600.0  # seconds: the highest hesitation threshold a page may ask


def threshold(text: str | None, default: float) -> tuple[float, str]:
    """The hesitation threshold a page asks (``?hesitation=15``), or ``default`` with the reason
    a value given is refused."""
    if text is None or not text.strip():
        return default, ""
    try:
        seconds = float(text.replace(",", "."))
    except ValueError:
        seconds = -1.0
    if not 0 < seconds <= MAX_THRESHOLD:
        return default, _("hesitation: a number of seconds from 0 to {most}, not {value!r}: {default} s "
                          "used").format(most=int(MAX_THRESHOLD), value=text, default=default)
    return seconds, ""


def _dealers(ingest: Ingest) -> dict[int, str]:
    return {number: info.dealer for number, info in ingest.boards.items()}


def _common(seconds: float, problem: str, session_medians: dict[str, float]) -> dict[str, Any]:
    return {"hesitation": seconds, "hesitation_problem": problem, "medians": session_medians,
            "kinds": KINDS, "stop_pause": STOP_PAUSE, "stop_verdicts": STOP_VERDICTS}


def board_tempo_values(ingest: Ingest, board: int, seconds: float, problem: str = "") -> dict[str, Any]:
    """The board page's tempo section: each table's calls and cards with their times."""
    results = ingest.live.results()
    session_medians = medians(results, _dealers(ingest))
    dealer = ingest.boards[board].dealer if board in ingest.boards else "N"
    tables = board_tempo([r for r in results if r.board == board], dealer, session_medians)
    return {"tempo": tables, **_common(seconds, problem, session_medians)}


def session_tempo_values(ingest: Ingest, seconds: float, problem: str = "") -> dict[str, Any]:
    """``/director/tempo``: every board's hesitations, table by table, and slow play per pair."""
    results = ingest.live.results()
    dealers = _dealers(ingest)
    session_medians = medians(results, dealers)
    report = []
    for board in sorted({r.board for r in results}):
        for table in board_tempo([r for r in results if r.board == board], dealers.get(board, "N"),
                                 session_medians):
            found = table.hesitations(seconds)
            if found:
                report.append((table, found))
    return {"report": report, "pairs": pair_tempo(results, dealers),
            "names": ingest.session.setup.pairs, **_common(seconds, problem, session_medians)}
