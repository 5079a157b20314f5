"""`bridgetable check`: validate every record of PBN or LIN files as a director would.

For each record: the deal; the auction's legality; Contract and Declarer against the auction;
the play's legality (leader of each trick, cards held, following suit: a failure to follow while
holding the suit is a revoke); Result against the play; Score against Law 77; the rows of
ScoreTable and TotalScoreTable, and of AuctionTimeTable and PlayTimeTable, the tempo
(``check_tables``). Dealer and Vulnerable that differ from the board cycle of Law 2 are
warnings, not errors, and so is a record without a deal.

A deal with unknown hands (PBN "-") is checked as far as the known cards allow: a card played by
an unknown hand must be one that no known hand holds and nobody played before, and an unknown
hand has revoked only if it later plays the suit it failed to follow.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .bridge import (
    DECK,
    Auction,
    BridgeError,
    Card,
    Choice,
    Contract,
    Deal,
    Hand,
    ParseError,
    Play,
    Seat,
    Suit,
    board_dealer,
    board_vulnerability,
    callers,
    duplicate_score,
    trick_winner,
)
from .check_fast import fast_auction, fast_play
from .check_tables import Matches, check_ranking, check_tables, check_time_tables, score_problem, team_matches
from .formats.gcpause import gc_paused
from .formats.record import BoardRecord, Problem
from .formats.text import decode_text
from .i18n import CLI, notation

_ = CLI.gettext
ngettext = CLI.ngettext


@dataclass(slots=True)
class BoardReport:
    """The outcome of checking one record."""

    file: str
    index: int
    board: int | None
    problems: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file, "index": self.index, "board": self.board, "ok": self.ok,
            "problems": [{"kind": p.kind, "message": p.message} for p in self.problems],
            "warnings": self.warnings,
        }


@dataclass(slots=True)
class _Facts:
    """What the checks establish as they go, for the checks after them."""

    contract: Contract | None = None
    declarer: Seat | None = None
    passed_out: bool = False
    # of a play that could be followed: declarer's side's tricks, tricks completed, and
    # declarer's tricks after revoke transfers (Law 64)
    outcome: tuple[int, int, int] | None = None
    # of a play ended by a claim: the most tricks Law 64 may yet take from declarer's side for its
    # revokes, and give it for the defenders' (two for each revoke, at the most)
    room: tuple[int, int] = (0, 0)


def check_record(record: BoardRecord, file: str = "", index: int = 0, *,
                 engine: bool = False, matches: Matches | None = None) -> BoardReport:
    """Check one record; the reader's own problems come first. ``engine`` replays every
    auction and play through the engine, without the fast path (``check_fast``): the same
    report, slower (the bench's previous approach, and the tests' reference). ``matches``: the
    file's team matches (``check_tables.team_matches``), for a team event's IMPs."""
    report = BoardReport(file, index, record.board, list(record.problems), list(record.warnings))
    _check_cycle(record, report)
    if record.deal is None and record.partial_deal is None and not any(
            p.kind == "deal" for p in record.problems) and not _is_table_only(record):
        report.warnings.append(_("the record has no deal"))
    facts = _Facts(record.contract, record.declarer, record.passed_out)
    _check_auction(record, report, facts, engine)
    _check_play(record, report, facts, engine)
    _check_result(record, report, facts)
    _check_score(record, report, facts)
    check_tables(record, report.problems, report.warnings, matches)
    check_time_tables(record, report.problems, report.warnings)
    return report


def _is_table_only(record: BoardRecord) -> bool:
    """A game that holds only a TotalScoreTable (or another table) and no board."""
    return record.board is None and bool(record.sections)


def _check_cycle(record: BoardRecord, report: BoardReport) -> None:
    if record.board is None or record.board < 1:
        return
    if record.dealer is not None and record.dealer != board_dealer(record.board):
        report.warnings.append(_(
            "dealer {dealer} differs from the board cycle ({cycle} deals board {board}, Law 2)").format(
            dealer=_seat(record.dealer), cycle=_seat(board_dealer(record.board)), board=record.board))
    if record.vulnerability is not None and record.vulnerability != board_vulnerability(record.board):
        report.warnings.append(_(
            "vulnerability {vulnerable} differs from the board cycle ({cycle} on board {board}, "
            "Law 2)").format(vulnerable=notation.vulnerability(str(record.vulnerability)),
                             cycle=notation.vulnerability(str(board_vulnerability(record.board))),
                             board=record.board))


def _check_auction(record: BoardRecord, report: BoardReport, facts: _Facts, engine: bool) -> None:
    if not record.calls:
        return
    first = record.auction_first or record.dealer
    if first is None:
        report.problems.append(Problem("auction", _("the auction has no first caller and no dealer")))
        return
    lost = _turns_lost_first(record, first)
    if record.dealer is not None and first.after(-lost) != record.dealer:
        report.problems.append(Problem(
            "auction", _("the auction starts with {first}, but the dealer is {dealer} (Law 17A)").format(
                first=_seat(first), dealer=_seat(record.dealer))))
    fast = None if engine or lost or record.skipped else fast_auction(first, record.calls)
    if fast is None:
        fast = _auction_with_accepted_calls(record, report, first.after(-lost), [0] * lost + record.skipped)
        if fast is None:
            return
    complete, contract, declarer = fast
    if not complete:
        if record.auction_continues:
            return  # a quiz: "what do you call now?"
        report.problems.append(Problem(
            "auction", ngettext("the auction stops after {n} call without three passes (Law 22)",
                                "the auction stops after {n} calls without three passes (Law 22)",
                                len(record.calls)).format(n=len(record.calls))))
        return
    _compare_with_auction(record, report, facts, contract, declarer)


ACCEPTED = "accepted (Law 27A)"  # the note on an insufficient bid its LHO accepted (the table unit's export)


def _turns_lost_first(record: BoardRecord, first: Seat) -> int:
    """The turns lost before the first call to a call out of rotation accepted (Law 29A): the
    "-" between the Auction tag's seat, when it is the dealer, and the first caller."""
    if "Auction" not in record.tags:
        return 0
    try:
        tag = Seat.parse(record.tags["Auction"])
    except ParseError:
        return 0
    return (first - tag) % 4 if tag == record.dealer else 0


def _auction_with_accepted_calls(record: BoardRecord, report: BoardReport, dealer: Seat,
                                 skipped: list[int]) -> tuple[bool, Contract | None, Seat | None] | None:
    """The auction call by call, an insufficient bid noted as accepted standing as legal (Law
    27A), a call after turns lost (``skipped``) as a call out of rotation accepted (29A); None,
    with the problem reported, at the first call the Laws do not allow."""
    auction = Auction(dealer, policy="laws")
    seats = callers(dealer, len(record.calls), skipped)
    for number, (call, seat) in enumerate(zip(record.calls, seats, strict=True), start=1):
        problem = auction.why_illegal(call, seat)
        accepted = problem is not None and (problem.law == "29-32" or problem.law == "27" and ACCEPTED in
                                            record.call_notes.get(number - 1, ""))
        try:
            if problem is not None and not accepted:
                raise problem
            auction.add(call, seat)
            if accepted:
                auction.decide(Choice.ACCEPT)
        except BridgeError as error:
            report.problems.append(Problem("auction", _("call {number} ({call}): {error}").format(
                number=number, call=notation.call(str(call)), error=error)))
            return None
    return auction.is_complete, auction.contract, auction.declarer


def _compare_with_auction(record: BoardRecord, report: BoardReport, facts: _Facts,
                          contract: Contract | None, declarer: Seat | None) -> None:
    if contract is None:
        if record.contract is not None:
            report.problems.append(Problem("contract", _(
                "Contract {contract}, but the auction was passed out").format(
                contract=notation.call(str(record.contract)))))
        facts.contract, facts.declarer, facts.passed_out = None, None, True
        return
    if record.passed_out:
        report.problems.append(Problem(
            "contract", _("the board is recorded as passed out, but the auction ends in {contract} by "
                          "{declarer}").format(contract=notation.call(str(contract)),
                                               declarer=notation.seat(str(declarer)))))
    elif record.contract is not None and record.contract != contract:
        report.problems.append(Problem("contract", _(
            "Contract {recorded}, but the auction ends in {contract}").format(
            recorded=notation.call(str(record.contract)), contract=notation.call(str(contract)))))
    if declarer is not None and record.declarer == declarer.partner and record.opening_leader == declarer.rho:
        # the play corroborates it: the lead came from the defender on the new declarer's left
        report.warnings.append(_(
            "Declarer {recorded} is the partner of {declarer}, who first named the strain of {contract}: "
            "right only if {declarer} spread the hand after an opening lead out of turn (Law 54A)").format(
            recorded=_seat(record.declarer), declarer=_seat(declarer), contract=notation.call(str(contract))))
        declarer = record.declarer
    elif record.declarer is not None and declarer is not None and record.declarer != declarer:
        report.problems.append(Problem(
            "declarer", _("Declarer {recorded}, but {declarer} first named the strain of {contract}").format(
                recorded=_seat(record.declarer), declarer=_seat(declarer),
                contract=notation.call(str(contract)))))
    facts.contract, facts.declarer, facts.passed_out = contract, declarer, False


def _check_play(record: BoardRecord, report: BoardReport, facts: _Facts, engine: bool) -> None:
    if not record.tricks:
        return
    if (record.deal is None and record.partial_deal is None) or facts.contract is None \
            or facts.declarer is None:
        message = _("the play cannot be checked without the deal") if (
            record.deal is None and record.partial_deal is None) else _(
            "the play cannot be checked without the contract and declarer")
        report.problems.append(Problem("play", message))
        return
    leader = facts.declarer.lho
    if record.opening_leader is not None and record.opening_leader != leader:
        report.problems.append(Problem(
            "play", _("the opening lead is shown from {shown}, but {leader} is on declarer's left "
                      "(Law 41A)").format(shown=_seat(record.opening_leader), leader=_seat(leader))))
        return
    if record.deal is not None and not engine:
        fast = fast_play(record.deal, facts.contract, facts.declarer, record.tricks)
        if fast is not None:
            facts.outcome = (*fast, fast[0])
            return
    deal = record.deal or _completed_deal(record, facts.contract, facts.declarer)
    if deal is None:
        return  # more cards played by unknown hands than they can hold: the engine says where
    play = Play(deal, facts.contract, facts.declarer, policy="laws")
    for number, trick in enumerate(record.tricks, start=1):
        leader = play.turn
        for step in range(4):
            seat = leader.after(step)
            card = trick.get(seat)
            if card is None:
                _check_rest_of_play(record, report, number, step)
                _settle(play, facts)
                return
            try:
                play.play(card, seat)
            except BridgeError as error:
                report.problems.append(Problem("play", _("trick {number}: {error}").format(
                    number=number, error=error)))
                return
    _settle(play, facts)
    for revoke in play.revokes:
        if record.deal is None and not _revoke_shown(record, revoke.trick, revoke.seat, revoke.led):
            continue  # an unknown hand: the suit may have been a card it never held
        report.problems.append(Problem(
            "revoke", _("trick {number}: {seat} played {card} on a {suit} lead while holding {suit} "
                        "(Law 61A)").format(number=revoke.trick + 1, seat=_seat(revoke.seat),
                                            card=notation.card(str(revoke.card)),
                                            suit=revoke.led.symbol)))


def _settle(play: Play, facts: _Facts) -> None:
    facts.outcome = (play.tricks_won(play.declarer.side), len(play.completed_tricks),
                     play.declarer_tricks)
    revokes = [r.seat.side is play.declarer.side for r in play.revokes
               if r.trick < 11 and r.seat != play.dummy and not r.corrected]
    facts.room = (2 * revokes.count(True), 2 * revokes.count(False))


def _completed_deal(record: BoardRecord, contract: Contract, declarer: Seat) -> Deal | None:
    """A deal with unknown hands made whole for the engine: each unknown hand gets the cards it
    played, then the cards nobody holds, preferring a hand that has not shown out of their suit
    (so that no revoke is invented); a card a known hand holds stays there, so playing it from
    an unknown hand is refused as not held."""
    known = record.partial_deal
    if known is None:
        return None
    hands: dict[Seat, set[Card]] = {seat: set(hand.cards) if hand is not None else set()
                                    for seat, hand in zip(Seat, known, strict=True)}
    unknown = [seat for seat in Seat if known[seat] is None]
    placed = set().union(*hands.values())
    void: dict[Seat, set[Suit]] = {seat: set() for seat in unknown}
    leader = record.opening_leader or declarer.lho
    for trick in record.tricks:
        for seat, card in trick.items():
            if seat in void and card not in placed and len(hands[seat]) < 13:
                hands[seat].add(card)
                placed.add(card)
        cards = [trick.get(leader.after(step)) for step in range(4)]
        if cards[0] is None:
            break
        for seat, card in trick.items():
            if seat in void and card.suit != cards[0].suit:
                void[seat].add(cards[0].suit)
        if None in cards:
            break
        leader = trick_winner(leader, cards, contract.strain.trump)  # type: ignore[arg-type]
    for card in sorted(frozenset(DECK) - placed, key=lambda c: (c.suit, c.rank)):
        room = [seat for seat in unknown if len(hands[seat]) < 13]
        if room:
            hands[min(room, key=lambda seat: (card.suit in void[seat], len(hands[seat])))].add(card)
    try:
        return Deal(tuple(Hand(frozenset(hands[seat])) for seat in Seat))  # type: ignore[arg-type]
    except BridgeError:
        return None


def _revoke_shown(record: BoardRecord, trick: int, seat: Seat, led: Suit) -> bool:
    """Whether ``seat`` plays a card of ``led`` after failing to follow to trick ``trick``."""
    return any(later.get(seat) is not None and later[seat].suit == led
               for later in record.tricks[trick + 1:])


def _check_rest_of_play(record: BoardRecord, report: BoardReport, number: int, step: int) -> None:
    """A card is missing from trick ``number``: the play must end there (claim or truncation)."""
    later = [seat for trick in record.tricks[number:] for seat in trick]
    in_trick = record.tricks[number - 1]
    if later or len(in_trick) > step:
        report.problems.append(Problem(
            "play", _("trick {number}: a card is missing in the middle of the play").format(
                number=number)))


def _check_result(record: BoardRecord, report: BoardReport, facts: _Facts) -> None:
    result = record.result
    if result is None:
        return
    if facts.passed_out:
        return
    if not 0 <= result <= 13:
        report.problems.append(Problem("result", _("Result {result} is not 0 to 13 tricks").format(
            result=result)))
        return
    if facts.outcome is None or not record.tricks:
        return
    won, done, adjusted = facts.outcome
    if done == 13:
        if result not in (won, adjusted):
            message = (_("Result {result}, but declarer won {won} tricks in the play")
                       if adjusted == won else _("Result {result}, but declarer won {won} tricks in the "
                                                 "play ({adjusted} after revoke transfers, Law 64)"))
            report.problems.append(Problem("result", message.format(
                result=result, won=won, adjusted=adjusted)))
        return
    remaining = 13 - done
    lose, gain = facts.room
    if not won - lose <= result <= won + remaining + gain:
        report.problems.append(Problem(
            "result", _("Result {result} is impossible: declarer had won {won} tricks with {remaining} "
                        "to play").format(result=result, won=won, remaining=remaining)))


def _check_score(record: BoardRecord, report: BoardReport, facts: _Facts) -> None:
    if record.score_ns is None:
        return
    if facts.passed_out:
        expected_ns = 0
    else:
        contract, declarer = facts.contract, facts.declarer
        if contract is None or declarer is None or record.result is None:
            return
        if record.vulnerability is None or not 0 <= record.result <= 13:
            return
        score = duplicate_score(contract, record.result,
                                record.vulnerability.is_vulnerable(declarer))
        expected_ns = score if declarer in (Seat.N, Seat.S) else -score
    if record.score_ns != expected_ns:
        report.problems.append(Problem("score", score_problem(
            record.score_ns, expected_ns, facts.contract, facts.declarer, record.result,
            record.vulnerability)))


# ---- files and the command ----------------------------------------------------------------------

class UnreadableFile(Exception):
    """A file that cannot be read as PBN or LIN at all."""


def read_records(path: str, *, fast: bool = True) -> list[BoardRecord]:
    """Read a PBN or LIN file (by extension, else by content); ``fast``: see ``read_pbn``."""
    from .formats.lin import LinError, read_lin
    from .formats.pbn import PbnError, read_pbn

    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise UnreadableFile(f"{path}: {error.strerror or error}") from error
    text = decode_text(data)
    is_lin = path.lower().endswith(".lin") or (
        not path.lower().endswith(".pbn") and "|" in text[:200] and "[" not in text[:200])
    try:
        return read_lin(text, path) if is_lin else read_pbn(text, path, fast=fast)
    except (LinError, PbnError) as error:  # they name the file (and the line) themselves
        raise UnreadableFile(str(error)) from error
    except ValueError as error:
        raise UnreadableFile(f"{path}: {error}") from error


def check_files(paths: Sequence[str]) -> tuple[list[BoardReport], list[str]]:
    """Check every record of every file; also returns the files that could not be read, or hold
    no record."""
    reports: list[BoardReport] = []
    unreadable: list[str] = []
    for path in paths:
        with gc_paused():  # a file at a time (see gcpause)
            try:
                records = read_records(path)
            except UnreadableFile as error:
                unreadable.append(str(error))
                continue
            if not records:  # an empty file, or one holding nothing of PBN or LIN, checks nothing
                unreadable.append(_("{file}: no record in it").format(file=path))
                continue
            matches = team_matches(records)
            checked = [check_record(record, path, index, matches=matches)
                       for index, record in enumerate(records)]
            check_ranking(records, [report.problems for report in checked])
            reports.extend(checked)
    return reports, unreadable


def run_check(paths: Sequence[str], as_json: bool = False) -> int:
    """The `bridgetable check` command: 0 all consistent, 1 a problem, 2 a file unreadable."""
    reports, unreadable = check_files(paths)
    if as_json:
        payload: dict[str, object] = {"boards": [report.to_json() for report in reports]}
        if unreadable:
            payload["unreadable"] = unreadable
        print(json.dumps(payload, indent=1))
    else:
        _print_human(reports, unreadable)
    if unreadable:
        return 2
    return 0 if all(report.ok for report in reports) else 1


def _print_human(reports: list[BoardReport], unreadable: list[str]) -> None:
    for report in reports:
        if report.ok and not report.warnings:
            continue
        where = _("{file} record {index}").format(file=report.file, index=report.index)
        board = _("board {number}").format(number=report.board) if report.board is not None else _(
            "no board number")
        verdict = _("ok") if report.ok else _("PROBLEMS")
        print(f"{where} ({board}): {verdict}")
        for problem in report.problems:
            print(f"  {problem.kind}: {problem.message}")  # the kind as scripts match it
        for warning in report.warnings:
            print("  " + _("warning: {message}").format(message=warning))
    for message in unreadable:
        print(_("unreadable: {message}").format(message=message), file=sys.stderr)
    bad = sum(1 for report in reports if not report.ok)
    checked = ngettext("{n} record checked", "{n} records checked", len(reports)).format(n=len(reports))
    summary = ngettext("{checked}: {good} consistent, {bad} with problems",
                       "{checked}: {good} consistent, {bad} with problems", bad).format(
        checked=checked, good=len(reports) - bad, bad=bad)
    if unreadable:
        summary = ngettext("{summary}; {n} file unreadable", "{summary}; {n} files unreadable",
                           len(unreadable)).format(summary=summary, n=len(unreadable))
    print(summary)


def _seat(seat: Seat) -> str:
    """A seat's name in the reader's language: "East", "Øst"."""
    return notation.seat_name(seat.name)
