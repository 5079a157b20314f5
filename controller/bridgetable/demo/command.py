"""``bridgetable demo``: the whole club on this machine, from the command line. It prints each result
as the station stores it (against the robots, each board's IMPs too), then the ranking and the
exports as soon as the session is over; with the web page it keeps serving it until Ctrl-C."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
from pathlib import Path
from typing import Any, TextIO

from .. import i18n
from ..bridge import Contract
from ..cli import INTERRUPTED
from ..director.boardpage import weighted_text
from ..director.rulings import NOT_PLAYED, WEIGHTED
from ..director.session import Session
from ..director.standings import score_session
from ..director.store import StoredResult
from ..i18n import CLI, notation
from .club import DemoOptions, run_demo

_ = CLI.gettext
ngettext = CLI.ngettext


def run_demo_command(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    language = args.language or i18n.current()  # --language, else $LANG's
    i18n.use(language)  # what the demo prints, too
    if getattr(args, "central", False):
        return run_federation_command(args)
    options = DemoOptions(tables=args.tables, rounds=args.rounds or 0, boards_per_round=args.boards_per_round,
                          seed=args.seed, web_port=args.port, headless=args.headless,
                          displays=args.displays or not args.headless, broker=args.broker,
                          movement=args.movement, scoring=args.scoring, teams=args.teams, sets=args.sets,
                          pairs=args.pairs,
                          export=Path(args.export) if args.export else None,
                          directory=Path(args.dir) if args.dir else None, language=language)
    report = Report(sys.stderr if args.json else sys.stdout, as_json=args.json, export=options.export,
                    scoring=options.scoring)
    signal.signal(signal.SIGTERM, _interrupted)  # stop as on Ctrl-C: the broker and tables too
    print("bridgetable demo: " + _("{session}; each result as the station stores it:").format(
        session=_session_text(options)), file=report.progress, flush=True)
    try:
        standings = run_demo(options, on_result=report.result, on_over=report.over)
    except FileNotFoundError as error:  # no broker can run here
        print(f"bridgetable demo: {error}", file=sys.stderr)
        return 2
    except TimeoutError as error:
        print(f"bridgetable demo: {error}", file=sys.stderr)
        return 1
    if not report.done:  # Ctrl-C before the end
        print("bridgetable demo: " + ngettext(
            "stopped before the end of the session, after {n} result",
            "stopped before the end of the session, after {n} results", report.results).format(
            n=report.results), file=sys.stderr)
        if standings:
            report.over(standings, exports=False)
        return INTERRUPTED
    return 0


def run_federation_command(args: argparse.Namespace) -> int:
    """``demo --central``: two clubs and the central server; its page stays up until Ctrl-C."""
    from .federation import run_federation

    options = DemoOptions(tables=args.tables, rounds=args.rounds or 3, boards_per_round=args.boards_per_round,
                          seed=args.seed, web_port=args.port, headless=args.headless,
                          language=i18n.current())  # run_demo_command's
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        run_federation(options, serve=not args.headless)
    except (FileNotFoundError, RuntimeError, TimeoutError) as error:  # no Mosquitto or PostgreSQL here
        print(f"bridgetable demo --central: {error}", file=sys.stderr)
        return 2 if isinstance(error, FileNotFoundError) else 1
    return 0


class Report:
    """What the demo prints: progress lines on ``progress`` (stderr with --json), the ranking (or
    the JSON) on stdout."""

    def __init__(self, progress: TextIO, as_json: bool, export: Path | None, scoring: str = "MP") -> None:
        self.progress, self.as_json, self.export, self.scoring = progress, as_json, export, scoring
        self.results = 0
        self.done = False

    def result(self, session: Session, result: StoredResult) -> None:
        """One result as it arrives; against the robots, that board's IMPs as well."""
        self.results += 1
        print(result_line(result), file=self.progress, flush=True)
        if session.setup.scoring == "ROBOTS":
            match = score_session(session).as_json(session.setup.pairs)["robots"]
            for board in match["boards"]:
                if board["board"] == result.board:
                    print(robot_board_line(board), file=self.progress, flush=True)

    def over(self, standings: dict[str, Any], exports: bool = True) -> None:
        self.done = True
        if self.as_json:
            print(json.dumps(standings, indent=2), flush=True)
        elif "robots" in standings:  # one table against the robots: the match, not a percentage ranking
            print(robot_match_line(standings["robots"]), flush=True)
        elif "event" in standings:  # a team event or Swiss pairs: the teams or pairs by VPs
            for line in standings["event"]["ranking"]:
                print(team_line(line, standings["event"]["margin"]), flush=True)
        else:
            for entry in standings["ranking"]:
                print(ranking_line(entry, self.scoring), flush=True)
        if self.export and exports:
            print(_("exports written to {directory}").format(directory=self.export), file=sys.stderr,
                  flush=True)


def ranking_line(entry: dict[str, Any], scoring: str = "MP") -> str:
    """E.g. " A NS    1 pair  3  62.50% Ann & Bob" (the direction in the reader's notation): a
    percentage for matchpoints, IMPs for Butler and cross-IMPs ("+12.30 IMPs"), points for total
    points ("+1230 points"); the decimals as the reader writes them."""
    pair = _("pair {number}").format(number=f"{entry['pair']:>2}")
    side = " ".join(notation.side(part) for part in entry["group"].split())  # "A EW": section, direction
    if scoring == "TOTAL":
        score = _("{points} points").format(points=f"{entry['total']:+6.0f}")
    elif scoring == "MP":
        score = f"{notation.decimal(entry['percent']):>6}%"
    else:
        sign = "+" if entry["total"] > 0 else ""
        score = _("{imps} IMPs").format(imps=sign + notation.decimal(entry["total"]))
    return f"{side:>5} {entry['rank']:>4} {pair} {score} {entry['names']}"


def team_line(line: dict[str, Any], margin: str = "IMP") -> str:
    """E.g. "   1 Team 3   52.17 VP  +23 IMPs"; Swiss pairs in matchpoints "margin +23" (an IMP
    equivalent, the percentages' difference over 7: not IMPs)."""
    fields = {"rank": f"{line['rank']:>4}", "name": f"{line['name']:<12}", "vp": f"{line['vp']:6.2f}"}
    net = f"{round(line['imps_for'] - line['imps_against']) + 0:+d}"  # Swiss pairs' MP: fractions
    if margin == "MP":
        return _("{rank} {name} {vp} VP margin {margin}").format(margin=net, **fields)
    return _("{rank} {name} {vp} VP {imps} IMPs").format(imps=net, **fields)


def result_line(result: StoredResult) -> str:
    """E.g. "round 2  table 3  board  5  4♠= N  NS +620" ("4♥X-2", "passed out", "adjusted 60/40"),
    in the reader's language and notation."""
    where = _("round {round}  table {table}  board {board}").format(
        round=result.round, table=result.table, board=f"{result.board:>2}")
    ns = notation.side("NS")
    if result.adjusted:
        return where + "  " + _("adjusted {score}").format(score=result.adjusted)
    if result.contract == NOT_PLAYED:
        return where + "  " + _("not played")
    if result.contract == WEIGHTED:  # the director's weighted score (Law 12C1c): its parts
        return where + "  " + _("weighted score: {parts}").format(parts=weighted_text(result))
    contract = Contract.parse_or_pass(result.contract)
    if contract is None or result.tricks is None:
        return where + "  " + _("passed out") + f"  {ns} {result.ns_score or 0:+d}"
    over = result.tricks - contract.tricks_needed
    played = notation.call(f"{contract}{f'{over:+d}' if over else '='}")
    return f"{where}  {played} {notation.seat(result.declarer or '')}  {ns} {result.ns_score or 0:+d}"


def robot_board_line(board: dict[str, Any]) -> str:
    """One board of the match against the robots: our North-South score, theirs, the IMPs."""
    return _("Board {board}: ours {ns} {ours}, robots {ns} {theirs}: {imps:+d} IMPs to {ns}").format(
        board=f"{board['board']:>2}", ns=notation.side("NS"), ours=f"{board['open_ns']:>5}",
        theirs=f"{board['closed_ns']:>5}", imps=board["imps_ns"])


def robot_match_line(match: dict[str, Any]) -> str:
    ns, ew = notation.side("NS"), notation.side("EW")
    winner = _("a draw") if match["winner"] == "draw" else _("{side} win").format(
        side=notation.side(match["winner"]))
    return _("{ns} {ns_imps} IMPs, {ew} {ew_imps} IMPs: {winner}").format(
        ns=ns, ew=ew, ns_imps=match["imps_ns"], ew_imps=match["imps_ew"], winner=winner)


def _session_text(options: DemoOptions) -> str:
    if options.movement in ("teams", "swiss-teams"):
        text = (_("{teams} teams, a Swiss of {n} boards a round") if options.movement == "swiss-teams"
                else _("{teams} teams, a round robin of {n} boards a round"))
        return text.format(teams=options.teams, n=options.boards_per_round)
    if options.movement == "swiss-pairs":
        return _("{pairs} pairs, a Swiss of {n} boards a round").format(pairs=options.pairs,
                                                                        n=options.boards_per_round)
    if options.movement == "robots":
        boards = options.rounds * options.boards_per_round
        return ngettext("one table against the robots, {n} board",
                        "one table against the robots, {n} boards", boards).format(n=boards)
    rounds = ngettext("{n} round", "{n} rounds", options.rounds).format(n=options.rounds)
    return ngettext("{tables} tables, a Mitchell of {rounds} of {n} board",
                    "{tables} tables, a Mitchell of {rounds} of {n} boards",
                    options.boards_per_round).format(tables=options.tables, rounds=rounds,
                                                     n=options.boards_per_round)


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
