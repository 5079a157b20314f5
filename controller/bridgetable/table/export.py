"""`bridgetable table --export OURS.pbn`: the confirmed boards of a journal as full PBN records.

Each result of the outbox (``flow.BoardFlow.result_record``) becomes one BoardRecord: Event (the
session), Site (the club), Date (the session's name when it is a date, else the day of the
journal's first event), Table, Board, Dealer, Vulnerable, Deal when the hands are known (deal file,
hand check, or rebuilt after 13 tricks), the Auction with every call, the Play trick by trick (with
``*`` after a claim, or after the lead alone at a table without card readers), Contract, Declarer,
Result and Score "NS n". A revoke is a note on the revoking card, an alert a note "alert" on the
call; the director's calls (irregularities, changes of call, corrected revokes, lead restrictions)
and the claim are commentary after the Result tag. These are the records `bridgetable match --ours`
reads.

A game form other than duplicate (``[table] game``) writes ``[Scoring "Rubber"]`` (the two-player
game too) or ``"Chicago"`` (also with duplicate scoring, and Minibridge, each named in the
commentary); its deal's score, which depends on the deals before it, is commentary, not a
Law 77 Score tag: the deal's points to each side, the honours, and the running score after it.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path
from typing import Any

from ..bridge import Call, Card, Contract, Deal, Seat, Vulnerability, trick_winner
from ..check import ACCEPTED
from ..formats.pbn import write_pbn
from ..formats.pbn_tempo import add_tempo
from ..formats.record import BoardRecord
from ..i18n import CLI
from .journal import Journal, JournalError

_ = CLI.gettext

_DATE_NAME = re.compile(r"^(\d{4})[-.](\d{2})[-.](\d{2})$")


def pbn_date(session: str, first_event: float | None) -> str:
    """The PBN date of a session: its name if that is a date, else the day it began."""
    match = _DATE_NAME.match(session.strip())
    if match is not None:
        return ".".join(match.groups())
    if first_event is None:
        return "????.??.??"
    return time.strftime("%Y.%m.%d", time.localtime(first_event))


def _tricks(played: list[Card], leader: Seat, contract: Contract) -> list[dict[Seat, Card]]:
    """The cards in playing order, trick by trick by seat (each trick's winner leads the next)."""
    tricks = []
    for start in range(0, len(played), 4):
        cards = played[start:start + 4]
        tricks.append({leader.after(i): card for i, card in enumerate(cards)})
        if len(cards) == 4:
            leader = trick_winner(leader, cards, contract.strain.trump)
    return tricks


def _comment(text: str) -> str:
    return "{" + text.replace("}", ")") + "}"


def _add_play(record: BoardRecord, result: dict[str, Any], contract: Contract, declarer: Seat) -> None:
    played = [Card.parse(text) for text in result["play"]]
    if not played and result.get("lead"):  # no card readers: only the lead was entered
        played = [Card.parse(result["lead"])]
    if not played:
        return
    record.opening_leader = declarer.lho
    record.tricks = _tricks(played, declarer.lho, contract)
    record.claimed = len(played) < 52
    for revoke in result["revokes"]:  # "N:C4:trick 1"
        seat, card, trick = revoke.split(":")
        record.play_notes[(int(trick.split()[-1]) - 1, Seat.parse(seat))] = (
            f"revoke: {card} while holding the suit led (Law 61); Law 64 applied to the result")


def record_of_result(result: dict[str, Any], date: str = "????.??.??") -> BoardRecord:
    """The PBN record of one confirmed result of the outbox (Event: its session, Site: its club)."""
    dealer = Seat.parse(result["dealer"])
    record = BoardRecord(board=int(result["board"]), dealer=dealer,
                         vulnerability=Vulnerability.parse(result["vulnerability"]),
                         deal=Deal.parse(result["deal"]) if result["deal"] else None,
                         score_ns=result["score_ns"])
    record.tags.update({"Event": result["session"] or "?", "Site": result["club"] or "?",
                        "Date": date, "Table": str(result["table"])})
    if result["auction"] is not None:
        record.set_auction(dealer, [Call.parse(text) for text in result["auction"]],
                           result.get("skipped", []))
        for index in result.get("alerts", ()):  # PBN "=n=" with [Note "n:alert"], LIN "!"
            record.call_notes[index] = "alert"
        for index in result.get("accepted", ()):  # an insufficient bid accepted: check knows it
            record.call_notes[index] = "; ".join(filter(None, [record.call_notes.get(index), ACCEPTED]))
    contract = Contract.parse_or_pass(result["contract"])
    if contract is None:
        record.passed_out = True
    else:
        declarer = Seat.parse(result["declarer"])
        record.contract, record.declarer, record.result = contract, declarer, result["tricks"]
        _add_play(record, result, contract, declarer)
    comments = [f"Director: {call}" for call in result["director_calls"]]
    if result.get("game", "duplicate") != "duplicate":
        comments = [*_form_comments(record, result), *comments]
    claim = result["claim"]
    if claim is not None:
        comments.append(f"Claim: {Seat.parse(claim['claimer']).full_name} {claim['tricks']} of the "
                        f"last {claim['remaining']} tricks ({claim['state']})")
    comments.append(f"Confirmed by {Seat.parse(result['confirmed_by']).full_name}")
    record.sections["Result"] = [_comment(text) for text in comments]
    add_tempo(record, result.get("tempo"))
    return record


SCORING = {"rubber": "Rubber", "two-player": "Rubber", "chicago": "Chicago",
           "chicago-duplicate": "Chicago", "minibridge": "Chicago"}  # PBN's names for the forms


def _form_comments(record: BoardRecord, result: dict[str, Any]) -> list[str]:
    """A game form's deal: the Scoring tag, no Score tag, and the score as commentary."""
    record.tags["Scoring"] = SCORING[result["game"]]
    record.score_ns = None
    honours = f", honours {result['honours']}" if result["honours"] else ""
    over = "; the game is over" if result["over"] else ""
    announced = "".join(f", {seat} {hcp}" for seat, hcp in result.get("announced", {}).items())
    return [f"{result['game']} deal {result['deal_number']}: NS {result['ns']}, EW {result['ew']}{honours}"
            + (f"; high-card points announced{announced}" if announced else ""),
            f"Running score: NS {result['ns_total']}, EW {result['ew_total']}{over}"]


def _journal_facts(path: Path) -> tuple[str, float | None]:
    """The session a journal belongs to and the time of its first event, read without writing."""
    if not path.is_file():
        raise JournalError(_("{file}: no such journal").format(file=path))
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            session = db.execute("SELECT value FROM meta WHERE name = 'session'").fetchone()
            first = db.execute("SELECT min(at) FROM events").fetchone()
        finally:
            db.close()
    except sqlite3.DatabaseError as error:
        raise JournalError(_("{file}: not a table journal: {error}").format(file=path, error=error)) \
            from error
    if session is None:
        raise JournalError(_("{file}: not a table journal (it names no session)").format(file=path))
    return str(session[0]), first[0]


def journal_records(path: Path, expected_session: str | None = None) -> list[BoardRecord]:
    """Every confirmed board of the journal, in the order confirmed, as PBN records;
    ``expected_session`` (the table.toml's) must be the journal's, when given."""
    session, first_event = _journal_facts(path)
    if expected_session is not None and expected_session != session:
        raise JournalError(_("{file} belongs to session {session}, not to {expected}").format(
            file=path, session=repr(session), expected=repr(expected_session)))
    journal = Journal(path, session)
    try:
        results = [entry.payload for entry in journal.results()]
    finally:
        journal.close()
    date = pbn_date(session, first_event)
    return [record_of_result(result, date) for result in results]


def export_journal(path: Path, out: Path, expected_session: str | None = None) -> int:
    """Write the journal's confirmed boards to ``out`` as PBN; returns how many."""
    records = journal_records(path, expected_session)
    try:
        out.write_text(write_pbn(records), encoding="utf-8")
    except OSError as error:
        raise JournalError(_("cannot write {file}: {error}").format(
            file=out, error=error.strerror or error)) from None
    return len(records)
