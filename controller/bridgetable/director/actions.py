"""Director actions, each one a new revision of a result and a line in the audit trail: correct a
result, enter a board played late (or entered by hand), assign an adjusted score."""

from __future__ import annotations

from ..bridge import Contract, Seat, Vulnerability, board_vulnerability, duplicate_score
from ..scoring import Adjusted
from .ingest import Ingest
from .store import StoredResult


class ActionError(ValueError):
    """A director action that cannot be done; the text says why."""


def _pairs(ingest: Ingest, table: int, board: int) -> tuple[int, int, int]:
    session = ingest.session
    round_ = session.round_of(table, board)
    if round_ is None:
        raise ActionError(f"table {table} does not play board {board} in this movement")
    seat = session.movement.at(round_, table)
    assert seat is not None
    return round_, seat.ns, seat.ew


def ns_score(ingest: Ingest, board: int, contract: Contract | None, declarer: Seat | None,
             tricks: int | None) -> int:
    """North-South's Law 77 score on a board of the session."""
    if contract is None:
        return 0
    if declarer is None or tricks is None:
        raise ActionError(f"contract {contract} needs a declarer and the tricks won")
    info = ingest.session.store.boards(ingest.session.id).get(board)
    vulnerability = Vulnerability.parse(info.vulnerability) if info else board_vulnerability(board)
    score = duplicate_score(contract, tricks, vulnerability.is_vulnerable(declarer))
    return score if declarer in (Seat.N, Seat.S) else -score


def enter_result(ingest: Ingest, actor: str, table: int, board: int, contract_text: str,
                 declarer_text: str | None, tricks: int | None, lead: str | None = None) -> StoredResult:
    """Correct a result, or enter one that no table sent (a board played late): a new revision."""
    try:
        contract = Contract.parse_or_pass(contract_text)
        declarer = Seat.parse(declarer_text) if contract is not None and declarer_text else None
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    if contract is not None and (tricks is None or not 0 <= tricks <= 13):
        raise ActionError(f"tricks must be 0-13, not {tricks}")
    score = ns_score(ingest, board, contract, declarer, tricks)
    round_, ns, ew = _pairs(ingest, table, board)
    revision = ingest.session.store.next_revision(ingest.session.id, table, board)
    stored = StoredResult(ingest.session.id, round_, table, board, revision, ns, ew,
                          str(contract) if contract else "Pass", str(declarer) if declarer else None,
                          tricks if contract else None, score, lead=lead, source="director")
    action = "correct" if (table, board) in ingest.played else "enter"
    ingest.session.store.audit(ingest.session.id, actor, action,
                               f"table {table} board {board} r{revision}: {stored.contract} "
                               f"{stored.declarer or ''} {tricks if contract else ''} = NS {score}".strip())
    ingest.record(stored)
    return stored


def adjust(ingest: Ingest, actor: str, table: int, board: int, text: str) -> StoredResult:
    """Assign an artificial adjusted score ("A+/A-", "60/40", a split score "60/50"...)."""
    try:
        adjusted = Adjusted.parse(text)
    except ValueError as exc:
        raise ActionError(str(exc)) from None
    round_, ns, ew = _pairs(ingest, table, board)
    revision = ingest.session.store.next_revision(ingest.session.id, table, board)
    stored = StoredResult(ingest.session.id, round_, table, board, revision, ns, ew, "", None, None, None,
                          adjusted=str(adjusted), source="director")
    ingest.session.store.audit(ingest.session.id, actor, "adjust",
                               f"table {table} board {board} r{revision}: NS {adjusted.ns:g}% "
                               f"EW {adjusted.ew:g}%{' (split)' if adjusted.is_split else ''}")
    ingest.record(stored)
    return stored
