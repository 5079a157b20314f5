"""The rows of PBN's ScoreTable and TotalScoreTable, checked as a director checks a traveller.

ScoreTable (one board): each row's score against Law 77 for the board's vulnerability (kind
``score``), and its matchpoints, percentages or IMPs against the other rows (kind
``matchpoints``): Law 78A gives each score 2 (or 1) for every score it beats and half that for
every tie; a percentage is that share of the top, over the other scores (n - 1) or over all
with a score's own half point (n), as real files do both; IMPs (Law 78B) are cross-IMPs (total
or average) or Butler against the datum, or, in a team event, each row's against the other room of
its match (the match the file's table records name in PBN's team tags, ``team_matches``). Rows
repeat by ``Multiplicity``. A board with an
adjusted or unknown score among its rows is not matchpointed here (the field is not known).

TotalScoreTable (the ranking): each pair's total against the sum of its rows in the file's
ScoreTables, its percentage against that sum over the tops of the boards it played, and the
ranks against the order of the totals (kind ``total``); a team event's (a Swiss's) ranking by
victory points (TotalVP), its ranks only.

AuctionTimeTable and PlayTimeTable (the tempo, ``formats.pbn_tempo``): one time per call of the
auction and per card of the play, each a number of seconds, not negative (kind ``auction``
and ``play``).

A value is right when it equals the computed one to the decimals it is written with.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from .bridge import Contract, ParseError, Seat, Vulnerability, duplicate_score, imps
from .formats.pbn_tempo import AUCTION_TIME_TABLE, PLAY_TIME_TABLE, TIME_COLUMN, played_cards
from .formats.record import BoardRecord, Problem
from .i18n import CLI, notation
from .scoring.imps import butler_datum

_ = CLI.gettext

_TOKEN = re.compile(r'"[^"]*"|\S+')
NO_TABLE = ("", "?", "#")  # a table tag's value that announces no table
# A team event's matches: (Round, Table) -> the match that table played: (Round, HomeTeam, VisitTeam).
Matches = dict[tuple[str, str], tuple[str, str, str]]
SEAT_LETTERS = ("N", "E", "S", "W")  # a time table laid out as the auction or play: its first seat


@dataclass(slots=True)
class Table:
    """One table section: its column names (without sort marks) and its rows of values."""

    tag: str
    columns: list[str]
    rows: list[dict[str, str]] = field(default_factory=list)

    @classmethod
    def read(cls, record: BoardRecord, tag: str, problems: list[Problem]) -> Table | None:
        header = record.tags.get(tag)
        if header is None or header.strip() in NO_TABLE:
            return None
        columns = header_columns(header)
        table = cls(tag, columns)
        for number, line in enumerate(record.sections.get(tag, []), start=1):
            values = [v.strip('"') for v in _TOKEN.findall(line)]
            if len(values) != len(columns):
                problems.append(Problem("format", _(
                    "{table} row {number}: {values} values for {columns} columns").format(
                    table=tag, number=number, values=len(values), columns=len(columns))))
                continue
            table.rows.append(dict(zip(columns, values, strict=True)))
        return table


def header_columns(header: str) -> list[str]:
    """A table header's column names, without their widths and sort marks ("+Rank\\2R" -> "Rank")."""
    return [part.split("\\")[0].lstrip("+-") for part in header.split(";")]


def _number(text: str | None) -> float | None:
    if text is None or text in ("", "-", "?"):
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _close(given: float, expected: float, written: str) -> bool:
    """``given`` (as ``written``) equals ``expected`` to the decimals it is written with."""
    decimals = len(written.partition(".")[2])
    return abs(given - expected) <= 0.5 / 10.0 ** decimals + 1e-6


def _score_ns(row: dict[str, str]) -> int | None:
    ns, ew = _number(row.get("Score_NS")), _number(row.get("Score_EW"))
    return int(ns) if ns is not None else (-int(ew) if ew is not None else None)


def team_matches(records: Sequence[BoardRecord]) -> Matches:
    """The match each table of each round played, from the file's table records that carry PBN's
    team tags (HomeTeam, VisitTeam, with Round and Table)."""
    return {(r.tags["Round"], r.tags["Table"]): (r.tags["Round"], r.tags["HomeTeam"], r.tags["VisitTeam"])
            for r in records if {"Round", "Table", "HomeTeam", "VisitTeam"} <= r.tags.keys()}


def check_tables(record: BoardRecord, problems: list[Problem], warnings: list[str],
                 matches: Matches | None = None) -> None:
    """Check the record's ScoreTable rows: scores by Law 77, matchpoints or IMPs by Law 78 (a team
    event's IMPs by its ``matches``)."""
    table = Table.read(record, "ScoreTable", problems)
    if table is None:
        return
    for number, row in enumerate(table.rows, start=1):
        _check_row_score(record.vulnerability, number, row, problems)
    scores = [_score_ns(row) for row in table.rows]
    if table.rows and None not in scores:
        _check_field(table, [s for s in scores if s is not None], problems, warnings, matches or {})


def _check_row_score(vulnerability: Vulnerability | None, number: int, row: dict[str, str],
                     problems: list[Problem]) -> None:
    given, text = _score_ns(row), row.get("Contract", "")
    tricks = _number(row.get("Result"))
    if given is None or vulnerability is None or not text or text in ("-", "?"):
        return
    try:
        contract = Contract.parse_or_pass(text)
        declarer = Seat.parse(row["Declarer"]) if contract is not None else None
    except (ParseError, KeyError):
        return  # an adjusted score ("A60") or a contract this check cannot read
    if contract is None or declarer is None:
        expected = 0
    elif tricks is None or not 0 <= tricks <= 13:
        return
    else:
        score = duplicate_score(contract, int(tricks), vulnerability.is_vulnerable(declarer))
        expected = score if declarer in (Seat.N, Seat.S) else -score
    if given != expected:
        what = score_problem(given, expected, contract, declarer, None if tricks is None else int(tricks),
                             vulnerability)
        problems.append(Problem("score", _("ScoreTable row {number}: {problem}").format(
            number=number, problem=what)))


def check_time_tables(record: BoardRecord, problems: list[Problem], warnings: list[str]) -> None:
    """The record's AuctionTimeTable and PlayTimeTable against its auction and play: ours, a
    ``Time_Used`` column, one row per call or card; or laid out as the auction and play are, the
    tag's value the first seat and whole seconds four to a row, "-" for a card not played (as BBO
    Helper writes them from BBO's timings); any other form is named in a warning and not read."""
    for tag, kind, made, what in ((AUCTION_TIME_TABLE, "auction", len(record.calls), _("calls")),
                                  (PLAY_TIME_TABLE, "play", played_cards(record), _("cards"))):
        header = record.tags.get(tag, "").strip()
        if header in SEAT_LETTERS:
            _check_laid_out_times(record, tag, kind, made, what, problems)
            continue
        if header not in NO_TABLE and TIME_COLUMN not in header_columns(header):
            warnings.append(_("{table}: no {column} column: not checked").format(
                table=tag, column=TIME_COLUMN))
            continue
        table = Table.read(record, tag, problems)
        if table is None:
            continue
        if len(table.rows) != made:
            problems.append(_times_for(kind, tag, len(table.rows), made, what))
        for number, row in enumerate(table.rows, start=1):
            _check_time(kind, tag, number, row[TIME_COLUMN], problems)


def _check_laid_out_times(record: BoardRecord, tag: str, kind: str, made: int, what: str,
                          problems: list[Problem]) -> None:
    """A time table laid out as the auction (the play) is: one time per call (card) made."""
    times = [value for line in record.sections.get(tag, []) for value in line.split() if value != "-"]
    if len(times) != made:
        problems.append(_times_for(kind, tag, len(times), made, what))
    for number, value in enumerate(times, start=1):
        _check_time(kind, tag, number, value, problems)


def _times_for(kind: str, tag: str, rows: int, made: int, what: str) -> Problem:
    return Problem(kind, _("{table}: {rows} times for {made} {what}").format(
        table=tag, rows=rows, made=made, what=what))


def _check_time(kind: str, tag: str, number: int, value: str, problems: list[Problem]) -> None:
    seconds = _number(value)
    if seconds is None or seconds < 0:
        problems.append(Problem(kind, _("{table} row {number}: {value!r} is not a time in "
                                        "seconds").format(table=tag, number=number, value=value)))


# ---- matchpoints and IMPs over the field --------------------------------------------------------

def _multiplicity(row: dict[str, str]) -> int:
    value = _number(row.get("Multiplicity"))
    return int(value) if value is not None and value >= 1 else 1


def _check_field(table: Table, scores: list[int], problems: list[Problem],
                 warnings: list[str], matches: Matches) -> None:
    counts = [_multiplicity(row) for row in table.rows]
    field_size = sum(counts)
    beaten = [sum(c for other, c in zip(scores, counts, strict=True) if other < s) for s in scores]
    tied = [sum(c for other, c in zip(scores, counts, strict=True) if other == s) - 1 for s in scores]
    halves = [2 * b + t for b, t in zip(beaten, tied, strict=True)]  # in half-points of a beat
    if field_size < 2:
        return
    top = 2 * (field_size - 1)
    n = len(scores)
    # each column's ways of computing it from the rows: the value expected in every row
    mp_ns = [[h / scale for h in halves] for scale in (1, 2)]  # 2 or 1 for a score beaten
    pct_ns = [[100 * h / top for h in halves], [100 * (h + 1) / (2 * field_size) for h in halves]]
    cross = [sum(c * imps(s - other) for other, c in zip(scores, counts, strict=True)) for s in scores]
    datum = butler_datum([s for s, c in zip(scores, counts, strict=True) for _ in range(c)])
    imp_ns = [[float(x) for x in cross], [x / (field_size - 1) for x in cross],
              [float(imps(s - datum)) for s in scores]]
    if matches:
        imp_ns.append(_match_imps(table, scores, matches))
    candidates = {
        "MP_NS": mp_ns, "MP_EW": [[top / scale - way[i] for i in range(n)]
                                  for scale, way in zip((1, 2), mp_ns, strict=True)],
        "Percentage_NS": pct_ns, "Percentage_EW": [[100 - x for x in way] for way in pct_ns],
        "IMP_NS": imp_ns, "IMP_EW": [[-x for x in way] for way in imp_ns],
    }
    for column, ways in candidates.items():
        if column in table.columns:
            _check_column(table, column, ways, problems, warnings)


def _match_imps(table: Table, scores: list[int], matches: Matches) -> list[float]:
    """Each row's IMPs against the other room of its team match; NaN (fitting no value) where the
    row's match is not known or not played in two rooms."""
    played = [matches.get((row.get("Round", ""), row.get("Table", ""))) for row in table.rows]
    way = []
    for i, match in enumerate(played):
        other = [scores[j] for j, m in enumerate(played) if j != i and m is not None and m == match]
        way.append(float(imps(scores[i] - other[0])) if match is not None and len(other) == 1 else math.nan)
    return way


def _check_column(table: Table, column: str, ways: list[list[float]],
                  problems: list[Problem], warnings: list[str]) -> None:
    """The column must follow one of the ``ways`` of computing it in every row; the way that
    fits most rows names the rows that do not fit. A column that fits no row in any way is
    not computed over these rows (rows taken from a longer table, or another method): a
    warning."""
    given = [(i, _number(row[column]), row[column]) for i, row in enumerate(table.rows)]
    known = [(i, value, text) for i, value, text in given if value is not None]
    misfits = [[(i, value, way[i]) for i, value, text in known if not _close(value, way[i], text)]
               for way in ways]
    best = min(misfits, key=len)
    if len(known) > 1 and len(best) == len(known):
        warnings.append(_("ScoreTable {column} does not follow from its rows by Law 78 (rows taken from "
                          "a longer table, or another method): not checked").format(column=column))
        return
    for i, value, expected in best:
        problems.append(Problem("matchpoints", _(
            "ScoreTable row {number}: {column} {value:g}, but the other rows give {expected:.2f} "
            "(Law 78)").format(number=i + 1, column=column, value=value, expected=expected)))


# ---- the ranking ----------------------------------------------------------------------------

_TOTAL_COLUMNS = ("TotalScore", "TotalMP", "TotalIMP", "MP", "IMP")


@dataclass(slots=True)
class _PairSum:
    total: float = 0.0
    top: float = 0.0


def check_ranking(records: Sequence[BoardRecord], problems_of: Sequence[list[Problem]]) -> None:
    """Check every TotalScoreTable of a file against its ScoreTables (``problems_of[index]``
    is the problem list of the record at ``index``)."""
    sums = _pair_sums(records)
    for record, problems in zip(records, problems_of, strict=True):
        table = Table.read(record, "TotalScoreTable", problems)
        if table is None:
            continue
        _check_ranks(table, problems)
        column = next((c for c in _TOTAL_COLUMNS if c in table.columns), None)
        if column is None or not sums or "PairId" not in table.columns:
            continue
        for number, row in enumerate(table.rows, start=1):
            key = (row["PairId"], row.get("Direction", "").replace("-", ""))
            pair = sums.get(key) or sums.get((row["PairId"], ""))
            total = _number(row[column])
            if pair is None or total is None:
                continue
            if not _close(total, pair.total, row[column]):
                problems.append(Problem("total", _(
                    "TotalScoreTable row {number}: pair {pair} {column} {total:g}, but its ScoreTable "
                    "rows add up to {sum:.2f}").format(number=number, pair=row["PairId"], column=column,
                                                      total=total, sum=pair.total)))
            percent = _number(row.get("Percentage"))
            if percent is not None and pair.top > 0 and not _close(percent, 100 * pair.total / pair.top,
                                                               row["Percentage"]):
                problems.append(Problem("total", _(
                    "TotalScoreTable row {number}: pair {pair} Percentage {percent:g}, but {sum:.2f} of "
                    "{top:g} is {share:.2f}").format(number=number, pair=row["PairId"], percent=percent,
                                                    sum=pair.total, top=pair.top,
                                                    share=100 * pair.total / pair.top)))


def _pair_sums(records: Sequence[BoardRecord]) -> dict[tuple[str, str], _PairSum]:
    """Each pair's matchpoints (or IMPs) and tops over the file's ScoreTables, by PairId and
    direction ("NS", "EW") and by PairId alone ("")."""
    sums: dict[tuple[str, str], _PairSum] = defaultdict(_PairSum)
    for record in records:
        table = Table.read(record, "ScoreTable", [])
        if table is None:
            continue
        kind = "MP" if "MP_NS" in table.columns else "Points" if "Points_NS" in table.columns else "IMP"
        for row in table.rows:
            points = {d: _number(row.get(f"{kind}_{d}")) for d in ("NS", "EW")}
            # the top of a matchpointed board is what its two sides share
            top = (points["NS"] + points["EW"] if points["NS"] is not None and points["EW"] is not None
                   else float("nan")) if kind == "MP" else 0.0
            for direction, value in points.items():
                pair = row.get(f"PairId_{direction}")
                if value is None or pair is None:
                    continue
                for key in ((pair, direction), (pair, "")):
                    sums[key].total += value
                    sums[key].top += top
    return sums


def _check_ranks(table: Table, problems: list[Problem]) -> None:
    """A better total never ranks below or level with a worse one (equal totals may be split
    by more decimals than the table shows)."""
    by = "Percentage" if "Percentage" in table.columns else next(
        (c for c in (*_TOTAL_COLUMNS, "TotalVP") if c in table.columns), None)
    if by is None or "Rank" not in table.columns:
        return
    groups: dict[str, list[tuple[float, float, int]]] = defaultdict(list)
    for number, row in enumerate(table.rows, start=1):
        rank, value = _number(row["Rank"].rstrip("=")), _number(row[by])
        if rank is not None and value is not None:
            groups[row.get("Direction", "")].append((rank, value, number))
    for rows in groups.values():
        for rank, value, number in rows:
            if any(r >= rank and v > value for r, v, _number in rows):
                problems.append(Problem("total", _(
                    "TotalScoreTable row {number}: rank {rank:g} with {column} {value:g} is out of "
                    "order").format(number=number, rank=rank, column=by, value=value)))


def score_problem(given: int, expected: int, contract: Contract | None, declarer: Seat | None,
                  tricks: int | None, vulnerability: Vulnerability | None) -> str:
    """What is wrong with a recorded North-South score (of a record, or a ScoreTable row)."""
    if contract is None or declarer is None:
        return _("Score {ns} {given:+d}, but a passed-out board scores 0 (Law 77)").format(
            ns=notation.side("NS"), given=given)
    return _("Score {ns} {given:+d}, but {contract} by {declarer} making {tricks} tricks, "
             "{vulnerable}, scores {ns} {expected:+d} (Law 77)").format(
        ns=notation.side("NS"), given=given, contract=notation.call(str(contract)),
        declarer=notation.seat(declarer.name),
        tricks=tricks, vulnerable=notation.vulnerability(str(vulnerability)), expected=expected)
