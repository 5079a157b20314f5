"""Chicago (four-deal bridge) and Chicago with duplicate scoring (seed 003 "Varianten", pagat).

Both play rounds of four counted deals with the dealers and vulnerability of boards 1-4 (seed
003: "dieselben Teiler und dieselbe Gefahrenlage wie bei den Boards 1 bis 4"): North deals the first
with nobody vulnerable, East the second with North-South vulnerable, South the third with East-West
vulnerable, West the fourth with both vulnerable; a further round (``rounds``) repeats them.
A passed-out deal is dealt again by the *same* dealer and is not one of the four (seed 003).

Chicago: trick points below the line, the rest above as in a rubber (``rubber.line_entries``);
part-scores add up across deals until either side makes a game, which scores 300 (500 when the
side is vulnerable on that deal) at once and starts a new game; a part-score made on the fourth
deal that does not complete a game scores 100 (seed 003: "ein unvollendeter Teilkontrakt in der
vierten Austeilung bringt 100"); a part-score left from an earlier deal scores nothing at the end.
Each round starts with no part-scores. Honours count when ``honours`` is set (the default), as in
a rubber; otherwise a result with honours is refused.

Chicago with duplicate scoring: every deal is scored on its own by Law 77 (part-score 50 at once,
game 300/500), no honours; the sum decides.
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import replace
from typing import ClassVar

from ..i18n import LAWS
from .deal import Vulnerability, board_dealer, board_vulnerability
from .duplicate_form import duplicate_entries
from .errors import ParseError
from .gameform import SIDES, DealResult, DealScore, DealSetup, Entry, GameForm, Line, ScoreSheet
from .rubber import line_entries

_ = LAWS.gettext

GAME_BONUS = {False: 300, True: 500}
FOURTH_DEAL_PART_SCORE = 100


class FourDeals(GameForm):
    """Rounds of four counted deals dealt as boards 1-4; a passed-out deal is dealt again by the
    same dealer and does not count (the cycle of Chicago, its duplicate variant and Minibridge).
    A subclass gives ``_entries``; ``vulnerable_deals`` False makes every deal non-vulnerable."""

    vulnerable_deals: ClassVar[bool] = True

    def __init__(self, rounds: int = 1) -> None:
        super().__init__()
        if rounds < 1:
            raise ParseError(_("a game has one round of four deals or more, not {rounds}").format(
                rounds=rounds))
        self.rounds = rounds

    @property
    def over(self) -> bool:
        return self.counted >= 4 * self.rounds

    def _setup(self) -> DealSetup:
        board = self.counted % 4 + 1
        vulnerability = board_vulnerability(board) if self.vulnerable_deals else Vulnerability.NONE
        return DealSetup(self.counted + 1, board_dealer(board), vulnerability)

    def _score(self, setup: DealSetup, result: DealResult) -> DealScore:
        if result.passed_out:
            return DealScore(setup, result, (), counted=False)
        vulnerable = result.declarer is not None and setup.vulnerability.is_vulnerable(result.declarer)
        return DealScore(setup, result, self._entries(setup, result, vulnerable))

    @abstractmethod
    def _entries(self, setup: DealSetup, result: DealResult, vulnerable: bool) -> tuple[Entry, ...]:
        """What a played deal scores (``vulnerable``: declarer's side)."""


class Chicago(FourDeals):
    """Chicago: see the module docstring."""

    name = "chicago"
    title = "Chicago"

    def __init__(self, rounds: int = 1, honours: bool = True) -> None:
        super().__init__(rounds)
        self.honours = honours

    @property
    def counts_honours(self) -> bool:
        return self.honours

    def _line(self) -> Line:
        """The current round's games and part-scores."""
        start, counted = 0, 0
        for index, score in enumerate(self._scores):
            counted += score.counted
            if score.counted and counted % 4 == 0:
                start = index + 1
        return Line.of(self._scores[start:])

    def _entries(self, setup: DealSetup, result: DealResult, vulnerable: bool) -> tuple[Entry, ...]:
        entries = line_entries(result, vulnerable, self.honours)
        made = DealScore(setup, result, tuple(entries))
        game = self._line().game_after(made)
        if game is not None:
            entries.append(Entry(game, GAME_BONUS[vulnerable], "game"))
        elif result.made and result.declarer is not None and (setup.number - 1) % 4 == 3:
            entries.append(Entry(result.declarer.side, FOURTH_DEAL_PART_SCORE, "part-score"))
        return tuple(entries)

    def sheet(self) -> ScoreSheet:
        games = {side: sum(1 for deal in self._scores for entry in deal.entries
                           if entry.what == "game" and entry.side is side) for side in SIDES}
        return replace(super().sheet(), games=games, part_scores=dict(self._line().part_scores),
                       has_line=True)  # the games of every round, the part-scores of this one


class ChicagoDuplicate(FourDeals):
    """Chicago with duplicate scoring: see the module docstring."""

    name = "chicago-duplicate"
    title = "Chicago with duplicate scoring"

    def _entries(self, setup: DealSetup, result: DealResult, vulnerable: bool) -> tuple[Entry, ...]:
        return duplicate_entries(result, vulnerable)
