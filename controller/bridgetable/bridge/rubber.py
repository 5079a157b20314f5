"""Rubber bridge (seed 001's standard game, seed 003 "Rubber-Bridge"), with the Laws of Contract
Bridge where the seeds are silent.

- Trick points bid and made go *below* the line, everything else *above*: overtricks,
  undertricks, the insult (50 doubled, 100 redoubled), slam bonuses (500/750, 1000/1500) and
  honours, with the amounts of the standard (Law 77) table. No game or part-score bonus per deal.
- A game is 100 trick points below the line, part-scores adding up across deals; when one side
  makes game a new game starts and the other side's part-score no longer counts towards it.
- A side that has won a game is vulnerable.
- Honours (four of the five trump honours in one hand 100, all five 150, the four aces at no trump
  150) are scored for whichever player holds them, defenders included, made or not (seed 003
  "Varianten", the Laws of Contract Bridge). Seed 001 plays its standard game without them
  ("Honnører tælles ikke, ligesom i standardspillet"): ``honours=False``, and a result with
  honours is then refused.
- The rubber ends when a side has two games: 700 if the other side has none, 500 if it has one,
  written on the deal that wins it.
- Unfinished rubber (the Laws of Contract Bridge, Law 77 "Unfinished rubber"): a side a game up
  scores 300; in an unfinished game a side that alone has a part-score scores 100 (when both
  have one, neither does: they cancel). Shown as ``closing`` on the sheet: what stopping now
  would add, not part of any deal's running score.
- A passed-out deal scores nothing and the *next* dealer deals (seed 001, seed 003).
- The first deal is dealt by ``first_dealer`` (North unless given); the deal passes clockwise.
"""

from __future__ import annotations

from dataclasses import replace

from ..i18n import LAWS
from .cards import Seat
from .errors import ParseError
from .gameform import SIDES, DealResult, DealScore, DealSetup, Entry, GameForm, Line, ScoreSheet
from .scoring import INSULT, overtrick_points, trick_score, undertrick_penalty

SLAM_BONUS = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
RUBBER_BONUS = {0: 700, 1: 500}  # by the games the losing side won
UNFINISHED_GAME = 300
UNFINISHED_PART_SCORE = 100

_ = LAWS.gettext


def line_entries(result: DealResult, vulnerable: bool, honours: bool = True) -> list[Entry]:
    """A deal's points written above and below the line, without game or rubber bonuses
    (``vulnerable``: declarer's side). Honours are written for the holder's side; a game without
    them (``honours`` False) refuses a result that has them."""
    if result.honours is not None and not honours:
        raise ParseError(_("this game does not count honours"))
    contract, declarer = result.contract, result.declarer
    if contract is None or declarer is None:
        return []
    side = declarer.side
    entries: list[Entry] = []
    needed = contract.tricks_needed
    if result.tricks >= needed:
        entries.append(Entry(side, trick_score(contract), "trick points", below=True))
        if result.tricks > needed:
            entries.append(Entry(side, overtrick_points(contract, result.tricks - needed, vulnerable),
                                 "overtricks"))
        if contract.risk:
            entries.append(Entry(side, INSULT[contract.risk], "insult"))
        if contract.level in SLAM_BONUS:
            entries.append(Entry(side, SLAM_BONUS[contract.level][vulnerable], "slam"))
    else:
        entries.append(Entry(side.other, undertrick_penalty(contract, needed - result.tricks, vulnerable),
                             "undertricks"))
    if result.honours is not None:
        entries.append(Entry(result.honours.seat.side, result.honours.points, "honours"))
    return entries


class Rubber(GameForm):
    """A rubber: deal after deal until one side has won two games (see the module docstring)."""

    name = "rubber"
    title = "Rubber bridge"

    def __init__(self, first_dealer: Seat = Seat.N, honours: bool = True) -> None:
        super().__init__()
        self.first_dealer = first_dealer
        self.honours = honours

    @property
    def counts_honours(self) -> bool:
        return self.honours

    def _line(self) -> Line:
        return Line.of(self._scores)

    @property
    def over(self) -> bool:
        return max(self._line().games.values()) >= 2

    def _dealer(self) -> Seat:
        """The next dealer: each deal, passed out or not, moves the deal one seat clockwise."""
        return self.first_dealer.after(len(self._scores))

    def _setup(self) -> DealSetup:
        return DealSetup(len(self._scores) + 1, self._dealer(), self._line().vulnerability)

    def _score(self, setup: DealSetup, result: DealResult) -> DealScore:
        line = self._line()
        vulnerable = result.declarer is not None and setup.vulnerability.is_vulnerable(result.declarer)
        score = DealScore(setup, result, tuple(line_entries(result, vulnerable, self.honours)))
        winner = line.game_after(score)
        if winner is not None and line.games[winner] == 1:
            bonus = Entry(winner, RUBBER_BONUS[line.games[winner.other]], "rubber")
            score = DealScore(setup, result, (*score.entries, bonus))
        return score

    def closing(self, line: Line) -> tuple[Entry, ...]:
        """What the rubber adds if it stops now, unfinished (none once it is over)."""
        if max(line.games.values()) >= 2:
            return ()
        entries = [Entry(side, UNFINISHED_GAME, "unfinished game") for side in SIDES
                   if line.games[side] > line.games[side.other]]
        entries += [Entry(side, UNFINISHED_PART_SCORE, "unfinished part-score") for side in SIDES
                    if line.part_scores[side] > 0 and line.part_scores[side.other] == 0]  # alone
        return tuple(entries)

    def sheet(self) -> ScoreSheet:
        line = self._line()
        return replace(super().sheet(), vulnerability=line.vulnerability, closing=self.closing(line),
                       games=dict(line.games), part_scores=dict(line.part_scores), has_line=True)
