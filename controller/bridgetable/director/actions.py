"""Director actions, each a line in the audit trail: correct a result, enter a board played late
(or entered by hand), an adjusted score (Avg+ 60%, Avg 50%, Avg- 40%, or their IMP equivalents),
a board not played, a late arrival or sit-out, a weighted score (Law 12C1c), two pairs' seats
swapped for a round — each a new revision of a result — and, in the session's set-up, a fouled
board, a procedural penalty, a pair's names, the kibitzers let in. How the rulings are scored:
``rulings``."""

from __future__ import annotations

import uuid
from dataclasses import replace

from ..bridge import Contract, Seat, Vulnerability, board_vulnerability, duplicate_score
from ..i18n import STATION, notation
from ..scoring import Adjusted
from .ingest import Ingest
from .rulings import NOT_PLAYED, WEIGHTED
from .standings import INCREMENTAL as PAIRS_SCORINGS
from .store import StoredResult

_ = STATION.gettext
pgettext = STATION.pgettext


class ActionError(ValueError):
    """A director action that cannot be done; the text says why."""


def _pairs(ingest: Ingest, table: int, board: int) -> tuple[int, int, int]:
    session = ingest.session
    round_ = session.round_of(table, board)
    if round_ is None:
        raise ActionError(_("table {table} does not play board {board} in this movement").format(
            table=table, board=board))
    seat = session.movement.at(round_, table)
    assert seat is not None
    return round_, seat.ns, seat.ew


def ns_score(ingest: Ingest, board: int, contract: Contract | None, declarer: Seat | None,
             tricks: int | None) -> int:
    """North-South's Law 77 score on a board of the session."""
    if contract is None:
        return 0
    if declarer is None or tricks is None:
        raise ActionError(_("contract {contract} needs a declarer and the tricks won").format(
            contract=contract))
    info = ingest.session.store.boards(ingest.session.id).get(board)
    vulnerability = Vulnerability.parse(info.vulnerability) if info else board_vulnerability(board)
    score = duplicate_score(contract, tricks, vulnerability.is_vulnerable(declarer))
    return score if declarer in (Seat.N, Seat.S) else -score


def enter_result(ingest: Ingest, actor: str, table: int, board: int, contract_text: str,
                 declarer_text: str | None, tricks: int | None, lead: str | None = None,
                 reason: str = "") -> StoredResult:
    """Correct a result, or enter one that no table sent (a board played late): a new revision.
    The contract and declarer may be written in the reader's notation ("3UT", "Ø"). A correction
    keeps what the table recorded (lead, auction, play: ``ruling_record``) beside the ruling."""
    try:
        contract = Contract.parse_or_pass(notation.read_call(contract_text))
        seat = notation.read_seat(declarer_text) if contract is not None and declarer_text else None
        declarer = Seat.parse(seat) if seat else None
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    if contract is not None and (tricks is None or not 0 <= tricks <= 13):
        raise ActionError(_("tricks must be 0-13, not {tricks}").format(tricks=tricks))
    score = ns_score(ingest, board, contract, declarer, tricks)
    round_, ns, ew = _pairs(ingest, table, board)
    revision = ingest.session.store.next_revision(ingest.session.id, table, board)
    previous = latest(ingest, table, board)
    stored = StoredResult(ingest.session.id, round_, table, board, revision, ns, ew,
                          str(contract) if contract else "Pass", str(declarer) if declarer else None,
                          tricks if contract else None, score,
                          lead=lead or (previous.lead if previous else None), source="director",
                          record=ruling_record(previous, reason))
    action = "correct" if (table, board) in ingest.played else "enter"
    ingest.session.store.audit(ingest.session.id, actor, action,
                               f"table {table} board {board} r{revision}: {stored.contract} "
                               f"{stored.declarer or ''} {tricks if contract else ''} = NS {score}".strip()
                               + (f" ({reason})" if reason else ""))
    ingest.record(stored)
    return stored


def latest(ingest: Ingest, table: int, board: int) -> StoredResult | None:
    """The result in force of ``board`` at ``table`` (the table's, or the director's last)."""
    return next((r for r in ingest.live.results() if r.table == table and r.board == board), None)


# what a director's result keeps of the table's record
KEPT = ("auction", "alerts", "play", "claim", "revokes", "director_calls", "tempo")


def ruling_record(previous: StoredResult | None, reason: str) -> dict[str, object]:
    """The record of a director's result: the reason, and, when it replaces a result, what the
    table recorded (its auction and play, ``KEPT``) with the result the table had reached
    (``ruling["table"]``: the contract its play was played in)."""
    record: dict[str, object] = {"ruling": {"reason": reason}}
    if previous is None:
        return record
    before = previous.record.get("ruling", {})
    if "table" in before:
        record["ruling"] = {"reason": reason, "table": before["table"]}
    elif previous.source == "table":
        record["ruling"] = {"reason": reason, "table": {
            "contract": previous.contract, "declarer": previous.declarer, "tricks": previous.tricks,
            "revision": previous.revision}}
    record.update({key: previous.record[key] for key in KEPT if key in previous.record})
    return record


def kept_record(ingest: Ingest, table: int, board: int) -> dict[str, object]:
    """What a ruling without a contract of its own (an adjusted or a weighted score) keeps of the
    result in force: the table's auction, play and tempo (``ruling_record``); nothing if there is none."""
    previous = latest(ingest, table, board)
    return ruling_record(previous, "") if previous is not None else {}


def adjust(ingest: Ingest, actor: str, table: int, board: int, text: str) -> StoredResult:
    """Assign an artificial adjusted score ("A+/A-", "60/40", a split score "60/50"...). It keeps
    what the table recorded, as a correction does (``kept_record``)."""
    try:
        adjusted = Adjusted.parse(text)
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    round_, ns, ew = _pairs(ingest, table, board)
    revision = ingest.session.store.next_revision(ingest.session.id, table, board)
    stored = StoredResult(ingest.session.id, round_, table, board, revision, ns, ew, "", None, None, None,
                          adjusted=str(adjusted), source="director", record=kept_record(ingest, table, board))
    ingest.session.store.audit(ingest.session.id, actor, "adjust",
                               f"table {table} board {board} r{revision}: NS {adjusted.ns:g}% "
                               f"EW {adjusted.ew:g}%{' (split)' if adjusted.is_split else ''}")
    ingest.record(stored)
    return stored


def _director_revision(ingest: Ingest, table: int, board: int, contract: str,
                       record: dict[str, object] | None = None) -> StoredResult:
    round_, ns, ew = _pairs(ingest, table, board)
    revision = ingest.session.store.next_revision(ingest.session.id, table, board)
    return StoredResult(ingest.session.id, round_, table, board, revision, ns, ew, contract, None, None, None,
                        source="director", record=dict(record or {}))


def not_played(ingest: Ingest, actor: str, table: int, board: int) -> StoredResult:
    """The board was not played at the table (no time, a sit-out): it scores for neither pair."""
    stored = _director_revision(ingest, table, board, NOT_PLAYED)
    ingest.session.store.audit(ingest.session.id, actor, "not played",
                               f"table {table} board {board} r{stored.revision}: not played")
    ingest.record(stored)
    return stored


BEFORE_A_BOARD = ("", "waiting", "players", "start")  # a table's phases before its board has begun


def unstarted(ingest: Ingest, table: int, round_: int) -> list[int]:
    """The boards of ``round_`` the table has not started: no result, and not the board its state
    says it is playing."""
    at = ingest.session.movement.at(round_, table)
    if at is None:
        return []
    state = ingest.status.get(table)
    begun = (state.board if state is not None and state.round == round_ and state.phase not in BEFORE_A_BOARD
             else None)
    return [board for board in at.boards if (table, board) not in ingest.played and board != begun]


def not_started(ingest: Ingest, actor: str, table: int, round_: int) -> list[StoredResult]:
    """The round is over: the boards of ``round_`` the table has not started (``unstarted``) are
    not played, in one action, audited once as such and each board as not played."""
    if ingest.session.movement.at(round_, table) is None:
        raise ActionError(_("table {table} does not play in round {round}").format(table=table, round=round_))
    boards = unstarted(ingest, table, round_)
    if not boards:
        raise ActionError(_("table {table} has started every board of round {round}").format(
            table=table, round=round_))
    ingest.session.store.audit(ingest.session.id, actor, "not started",
                               f"table {table} round {round_}: boards {', '.join(map(str, boards))} not "
                               "started when the round ended: not played")
    return [not_played(ingest, actor, table, board) for board in boards]


def sit_out(ingest: Ingest, actor: str, table: int, round_: int,
            adjusted_text: str = "") -> list[StoredResult]:
    """A late arrival or a sit-out at a table for a whole round: each of its boards gets the
    adjusted score (e.g. "A-/A+": the late North-South get average minus), or, with none, is not
    played."""
    at = ingest.session.movement.at(round_, table)
    if at is None:
        raise ActionError(_("table {table} does not play in round {round}").format(table=table, round=round_))
    ingest.session.store.audit(ingest.session.id, actor, "late arrival" if adjusted_text else "sit-out",
                               f"table {table} round {round_}: NS {at.ns} EW {at.ew}, boards "
                               f"{', '.join(map(str, at.boards))} {adjusted_text or 'not played'}")
    if adjusted_text:
        return [adjust(ingest, actor, table, board, adjusted_text) for board in at.boards]
    return [not_played(ingest, actor, table, board) for board in at.boards]


def weighted(ingest: Ingest, actor: str, table: int, board: int, text: str) -> StoredResult:
    """A weighted score (Law 12C1c): "30% 4S N 10; 70% 4S N 9" (each part a weight, contract,
    declarer and tricks, or "Pass"); the weights make 100%. It keeps what the table recorded, as a
    correction does (``kept_record``)."""
    _pairs_scoring(ingest, _("weighted scores"))
    parts, weights = [], []
    for number, part in enumerate(p for p in text.split(";") if p.strip()):
        words = part.split()
        try:
            weight = float(words[0].rstrip("%"))
            contract = Contract.parse_or_pass(notation.read_call(words[1]))
            declarer = Seat.parse(notation.read_seat(words[2])) if contract is not None else None
            tricks = int(words[3]) if contract is not None else None
        except (IndexError, ValueError) as exc:
            raise ActionError(_("part {number} of the weighted score, {part!r}: {error}; write it as "
                                "'30% 4S N 10'").format(number=number + 1, part=part.strip(),
                                                        error=exc)) from None
        weights.append(weight / 100)
        parts.append({"weight": weight / 100, "contract": str(contract) if contract else "Pass",
                      "declarer": str(declarer) if declarer else None, "tricks": tricks,
                      "ns_score": ns_score(ingest, board, contract, declarer, tricks)})
    if len(parts) < 2 or abs(sum(weights) - 1) > 1e-9:
        raise ActionError(_("a weighted score needs two results or more whose weights make 100%: {text!r}")
                          .format(text=text))
    stored = _director_revision(ingest, table, board, WEIGHTED,
                                {"weighted": parts, **kept_record(ingest, table, board)})
    ingest.session.store.audit(ingest.session.id, actor, "weighted score", f"table {table} board {board} "
                               f"r{stored.revision}: " + "; ".join(
                                   " ".join(str(w) for w in (f"{p['weight']:.0%}", p["contract"],
                                                             p["declarer"], p["tricks"]) if w is not None)
                                   + f" = NS {p['ns_score']}" for p in parts))
    ingest.record(stored)
    return stored


def _pairs_scoring(ingest: Ingest, what: str) -> None:
    if ingest.session.setup.scoring not in PAIRS_SCORINGS:
        raise ActionError(_("{what}: for pairs scoring ({scorings}), not {scoring}").format(
            what=what, scorings=", ".join(PAIRS_SCORINGS), scoring=ingest.session.setup.scoring))


def _save_setup(ingest: Ingest) -> None:
    ingest.session.store.create_session(ingest.session.id, ingest.session.setup.to_json())


def fouled(ingest: Ingest, actor: str, board: int, tables: list[int]) -> None:
    """A fouled board (Law 87): ``tables`` played it in its other form; each group is scored
    among itself (an empty list: the board is whole again)."""
    _pairs_scoring(ingest, _("a fouled board"))
    if board not in ingest.boards:
        raise ActionError(_("there is no board {board} in this session").format(board=board))
    playing = {a.table for a in ingest.session.movement.assignments if board in a.boards}
    strangers = sorted(set(tables) - playing)
    if strangers:
        raise ActionError(_("board {board} is not played at table {table}").format(
            board=board, table=strangers[0]))
    if tables:
        ingest.session.setup.fouled[str(board)] = {str(t): 2 for t in sorted(tables)}
    else:
        ingest.session.setup.fouled.pop(str(board), None)
    _save_setup(ingest)
    ingest.session.store.audit(ingest.session.id, actor, "fouled board", f"board {board}: " + (
        f"table{'s' if len(tables) > 1 else ''} {', '.join(map(str, sorted(tables)))} scored apart" if tables
        else "whole again"))
    ingest.rescore(board)


def penalty(ingest: Ingest, actor: str, pair: int, points: float, reason: str) -> None:
    """A procedural penalty (Law 90): ``points`` (matchpoints or IMPs) taken from a pair's total."""
    if pair not in ingest.session.movement.pairs:
        raise ActionError(_("there is no pair {pair} in this session").format(pair=pair))
    if not 0 < points <= 100:
        raise ActionError(_("a penalty takes 0-100 points, not {points:g}").format(points=points))
    ingest.session.setup.penalties.append({"pair": pair, "points": points, "reason": reason})
    _save_setup(ingest)
    ingest.session.store.audit(ingest.session.id, actor, "procedural penalty",
                               f"pair {pair}: {points:g} point{'' if points == 1 else 's'} ({reason})")
    ingest.rescore()


def rename_pair(ingest: Ingest, actor: str, pair: int, names: str) -> None:
    """Give a pair its right names (the ranking, the score cards, the exports)."""
    names = names.strip()
    if pair not in ingest.session.movement.pairs:
        raise ActionError(_("there is no pair {pair} in this session").format(pair=pair))
    if not names:
        raise ActionError(_("a pair needs a name"))
    old = ingest.session.setup.pairs.get(pair, "")
    ingest.session.setup.pairs[pair] = names
    ingest.session.store.set_pairs(ingest.session.id, {pair: names})
    ingest.session.store.audit(ingest.session.id, actor, "rename pair", f"pair {pair}: {old!r} -> {names!r}")
    ingest.rescore()


def new_player(ingest: Ingest, actor: str, pair: int, players: str) -> dict[str, object]:
    """A new player in a pair (a substitute, or a new pair at its seats): ``players`` "1" or "2"
    (which of the two, in the order of the names: North or East first) or "both". The pair's table
    asks their seats for the numbers at its next board (``session.assignments``' "ask"; the
    station sends it again with each assignment until the numbers come, ``members``); the
    results from then on carry the new player. The ask, audited."""
    if pair not in ingest.session.movement.pairs:
        raise ActionError(_("there is no pair {pair} in this session").format(pair=pair))
    which = {"1": [1], "2": [2], "both": [1, 2]}.get(players)
    if which is None:
        raise ActionError(_("a new player is player 1 or 2 of the pair, or both, not {players}").format(
            players=repr(players)))
    setup = ingest.session.setup
    # the id: the table takes each ask once, however often it is sent
    ask: dict[str, object] = {"id": uuid.uuid4().hex[:8], "pair": pair, "players": which}
    setup.number_asks = [a for a in setup.number_asks if a["pair"] != pair] + [ask]
    _save_setup(ingest)
    ingest.session.store.audit(ingest.session.id, actor, "new player",
                               f"pair {pair}: player {' and '.join(map(str, which))} new, numbers asked")
    return ask


def swap_pairs(ingest: Ingest, actor: str, round_: int, first: int, second: int) -> list[StoredResult]:
    """Two pairs sat in each other's seats for a round (one table's pairs the wrong way round, or
    two pairs at each other's tables): each of their results of that round already in becomes
    the other's (a new revision each; the score stays with the seat)."""
    pairs = ingest.session.movement.pairs
    if first == second or first not in pairs or second not in pairs:
        raise ActionError(_("swap two different pairs of this session, not {first} and {second}").format(
            first=first, second=second))
    other = {first: second, second: first}
    moved = [r for r in ingest.live.results() if r.round == round_ and (r.ns in other or r.ew in other)]
    if not moved:
        raise ActionError(_("no result of pair {first} or {second} in round {round} yet").format(
            first=first, second=second, round=round_))
    revised = [replace(r, revision=ingest.session.store.next_revision(ingest.session.id, r.table, r.board),
                       ns=other.get(r.ns, r.ns), ew=other.get(r.ew, r.ew), source="director", stored_at="")
               for r in moved]
    ingest.session.store.audit(ingest.session.id, actor, "swap seats", f"round {round_}: pairs {first} and "
                               f"{second} swapped on " + ", ".join(f"table {r.table} board {r.board} "
                                                                   f"(NS {r.ns} EW {r.ew})" for r in revised))
    ingest.record_many(revised)
    return revised


def kibitzers(ingest: Ingest, actor: str, on: bool) -> None:
    """Let everyone watch the board being played at a table on its live view (``on``), or only
    the director until every table has played it (``visibility``)."""
    ingest.session.setup.kibitzers = on
    _save_setup(ingest)
    ingest.session.store.audit(ingest.session.id, actor, "kibitzers", "on" if on else "off")
    ingest.rescore()


def audit_action(action: str) -> str:
    """An audit trail line's action (stored in English, as the station's record) in the reader's
    language."""
    return {
        "correct": pgettext("audit", "correct"),
        "enter": pgettext("audit", "enter"),
        "adjust": pgettext("audit", "adjust"),
        "not played": pgettext("audit", "not played"),
        "late arrival": pgettext("audit", "late arrival"),
        "sit-out": pgettext("audit", "sit-out"),
        "not started": pgettext("audit", "boards not started"),
        "weighted score": pgettext("audit", "weighted score"),
        "fouled board": pgettext("audit", "fouled board"),
        "procedural penalty": pgettext("audit", "procedural penalty"),
        "rename pair": pgettext("audit", "rename pair"),
        "new player": pgettext("audit", "new player"),
        "swap seats": pgettext("audit", "swap seats"),
        "answer call": pgettext("audit", "answer call"),
        "refused result": pgettext("audit", "refused result"),
        "unexpected result": pgettext("audit", "unexpected result"),
        "resend round": pgettext("audit", "resend round"),
        "next round": pgettext("audit", "next round"),
        "kibitzers": pgettext("audit", "kibitzers"),
        "next round refused": pgettext("audit", "next round refused"),
    }.get(action, action)
