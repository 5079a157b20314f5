"""`bridgetable tally`: a score pad for people who play with ordinary cards.

The deals come on standard input, one a line: ``CONTRACT DECLARER TRICKS [SEAT POINTS]`` (e.g.
"4SX N 9", or "3NT E 10 W 150" for honours held by West) or "Pass"; for Minibridge
``part|game STRAIN DECLARER TRICKS`` (e.g. "game H S 10"), or "Pass" for a deal thrown in at 20
points each. Blank lines and lines starting with "#" are skipped. The score sheet goes to standard
output (with ``as_json`` the one JSON object of ``ScoreSheet.to_json``); a line that cannot be read,
or a deal after the game is over, is refused by its line number with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from .bridge import BridgeError, DealResult, game_form, parse_minibridge_result
from .bridge.cards import Side
from .bridge.deal import Vulnerability
from .bridge.gameform import SIDES, DealScore, Entry, ScoreSheet
from .formats.text import QUOTED, LineTooLong, bounded, cut, quoted
from .i18n import CLI, N_, notation

_ = CLI.gettext


def run_tally(game: str, lines: TextIO, out: TextIO, err: TextIO, *, as_json: bool = False,
              rounds: int = 1, honours: bool = True) -> int:
    """Score the deals read from ``lines`` by the form ``game`` (``honours``: whether a rubber or
    Chicago counts them); the exit status."""
    form = game_form(game, rounds=rounds, honours=honours)
    read = parse_minibridge_result if game == "minibridge" else DealResult.parse
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            form.record(read(bounded(text)))
        except LineTooLong as error:
            print("bridgetable tally: " + _("line {number}: {error}").format(number=number, error=error),
                  file=err)
            return 2
        except BridgeError as error:  # the engine's reason, cut where it quotes a long word of the line
            print("bridgetable tally: " + _("line {number} ({text}): {error}").format(
                number=number, text=quoted(text), error=cut(str(error), 2 * QUOTED)), file=err)
            return 2
    sheet = form.sheet()
    print(json.dumps(sheet.to_json()) if as_json else sheet_text(sheet), file=out)
    return 0


def run(args: argparse.Namespace) -> int:
    """The handler of ``bridgetable tally`` (see cli.py for the options)."""
    return run_tally(args.game, sys.stdin, sys.stdout, sys.stderr, as_json=args.json, rounds=args.rounds,
                     honours=not args.no_honours)


# each game form's title on the score sheet (the engine's GameForm.title, translated where shown)
TITLES = {"rubber": N_("Rubber bridge"), "chicago": N_("Chicago"),
          "chicago-duplicate": N_("Chicago with duplicate scoring"), "minibridge": N_("Minibridge"),
          "two-player": N_("Two-player bridge"), "duplicate": N_("Duplicate boards")}
# the names of the points an unfinished rubber adds, as the sheet shows them (Entry.what)
ENTRIES = {"unfinished game": N_("unfinished game"), "unfinished part-score": N_("unfinished part-score"),
           "rubber": N_("rubber")}


def form_title(form: str, title: str) -> str:
    """A game form's title (its name, the engine's English title) in the reader's language."""
    return _(TITLES.get(form, title))


def sheet_text(sheet: ScoreSheet) -> str:
    """The score sheet as lines of text: a row per deal (with a line: each side's points above and
    below it), an unfinished game's bonuses, games won, totals, and what comes next."""
    ns, ew = notation.side("NS"), notation.side("EW")
    if sheet.has_line:
        above = _("{side} above")
        points = [above.format(side=ns), _("below"), above.format(side=ew), _("below")]
        widths = [9, 7, 10, 7]
    else:
        points, widths = [ns, ew], [7, 7]
    widths = [max(width, len(head) + 1) for width, head in zip(widths, points, strict=True)]
    first = [_("Deal"), _("Dlr"), _("Vul"), _("Result")]
    vulnerable = max(len(notation.vulnerability(str(v))) for v in Vulnerability)
    deal_w, dealer_w, vul_w = (max(width, len(head))
                               for width, head in zip((4, 3, vulnerable), first, strict=False))
    results = [_result_text(deal) for deal in sheet.deals]
    closing = [_(ENTRIES.get(entry.what, entry.what)) for entry in sheet.closing]
    total = _("total above / below the line")
    lead = deal_w + dealer_w + vul_w + 3
    result_w = max(34, *(len(text) + 1 for text in (*results, *closing, total, first[3])))

    def columns(entries: Sequence[Entry]) -> str:
        cells = [(side, below) for side in SIDES for below in (False, True)] if sheet.has_line else \
            [(side, None) for side in SIDES]
        return "".join(f"{sum(e.points for e in entries if e.side is side and below in (None, e.below)):>{w}}"
                       for (side, below), w in zip(cells, widths, strict=True))

    rows = [form_title(sheet.form, sheet.title),
            f"{first[0]:>{deal_w}} {first[1]:<{dealer_w}} {first[2]:<{vul_w}} {first[3]:<{result_w}}"
            + "".join(f"{head:>{w}}" for head, w in zip(points, widths, strict=True))]
    for deal, result in zip(sheet.deals, results, strict=True):
        setup = deal.setup
        rows.append(f"{setup.number:>{deal_w}} {notation.seat(setup.dealer.name):<{dealer_w}} "
                    f"{notation.vulnerability(str(setup.vulnerability)):<{vul_w}} "
                    f"{result:<{result_w}}" + columns(deal.entries))
    for entry, what in zip(sheet.closing, closing, strict=True):
        rows.append(f"{'':>{lead}}{what:<{result_w}}" + columns((entry,)))
    if sheet.has_line:
        totals = [Entry(side, sheet.line_total(side, below), "total", below)
                  for side in SIDES for below in (False, True)]
        rows.append(f"{'':>{lead}}{total:<{result_w}}" + columns(totals))
        rows.append(_("Games won: {ns} {ns_games}, {ew} {ew_games}; part-scores in this game: {ns} "
                      "{ns_part}, {ew} {ew_part}").format(
            ns=ns, ew=ew, ns_games=sheet.games[Side.NS], ew_games=sheet.games[Side.EW],
            ns_part=sheet.part_scores[Side.NS], ew_part=sheet.part_scores[Side.EW]))
    rows.append(_("Total: {ns} {ns_total}, {ew} {ew_total}").format(
        ns=ns, ew=ew, ns_total=sheet.total(Side.NS), ew_total=sheet.total(Side.EW)))
    if sheet.over:
        winner = sheet.winner
        margin = abs(sheet.total(Side.NS) - sheet.total(Side.EW))
        rows.append(_("Over: {side} wins by {margin}").format(side=notation.side(winner.value), margin=margin)
                    if winner else _("Over: a draw"))
    elif sheet.next is not None:
        rows.append(_("Next: deal {number}, dealer {dealer}, vulnerable {vulnerable}").format(
            number=sheet.next.number, dealer=notation.seat(sheet.next.dealer.name),
            vulnerable=notation.vulnerability(str(sheet.next.vulnerability))))
    return "\n".join(rows)


def _result_text(deal: DealScore) -> str:
    result = deal.result
    if result.contract is None or result.declarer is None:
        return _("passed out") if deal.counted else _("passed out, dealt again")
    text = _("{contract} by {declarer}, {tricks} tricks").format(
        contract=notation.call(str(result.contract)), declarer=notation.seat(result.declarer.name),
        tricks=result.tricks)
    if result.honours is None:
        return text
    return _("{result}, honours {seat} {points}").format(
        result=text, seat=notation.seat(result.honours.seat.name), points=result.honours.points)
