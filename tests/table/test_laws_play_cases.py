"""The play cases of issue 21, driven through TableEvents under the ``laws`` policy (and
``prevent`` where it differs), each replayed from the journal to the same state: a revoke
established by agreeing to the opponents' claim (Law 63A4), declarer's options over a penalty card
when its owner's partner is to lead (50D2), the designation of one of two penalty cards (51A),
declarer spreading his hand after an opening lead out of turn (54A), and dummy during the play
(9A4, 43A1)."""

from __future__ import annotations

from pathlib import Path

from bridgetable.bridge import Deal, Seat
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.service import TableService, replay

from .helpers import card, key, refused

# The deal DR, board 3 (South deals, East-West vulnerable).
DR = Deal.parse("S:AKQJ.432.AK2.432 T98.AKQJ.QJ9.AKQ 5432.765.543.765 76.T98.T876.JT98")


def config(policy: str) -> FlowConfig:
    return FlowConfig(boards=[3], deals={3: DR}, club="c", session="s", table="1",
                      policy=policy)  # type: ignore[arg-type]


def sim(line: str) -> list[TableEvent]:
    """A --sim line's events: "S 4S" (a bid), "W pass", "E DT" (a card), "S claim"."""
    seat, what = line.split()
    if what[0].isdigit():
        return [key(seat, what[0]), key(seat, what[1:].upper())]
    if what.upper() in ("OK", "UNDO", "PASS", "X", "XX", "CLAIM", "DIRECTOR", "C", "D", "H", "S"):
        return [key(seat, what.upper())]
    return [card(seat, what.upper())]


class Table:
    """A table unit with its journal, fed --sim lines; ``replayed`` is the journal's replay."""

    def __init__(self, policy: str, tmp_path: Path) -> None:
        self.policy, self.path = policy, tmp_path / f"{policy}.db"
        self.service = TableService(config(policy), Journal(self.path, session="s"))

    @property
    def flow(self) -> BoardFlow:
        return self.service.flow

    def feed(self, *lines: str) -> str | None:
        """Feed lines whose events must all be accepted; the last message."""
        message = None
        for line in lines:
            for event in sim(line):
                outcome = self.service.handle(event)
                assert outcome.changed, f"{line}: {outcome.message}"
                message = outcome.message
        return message

    def refused(self, line: str) -> str:
        [event] = sim(line)
        return refused(self.flow, event)

    def replays(self) -> None:
        """The journal replays to the same state and the same result record."""
        again = replay(config(self.policy), Journal(self.path, session="s"))
        assert again.view().durable() == self.flow.view().durable()
        if self.flow.phase is Phase.RESULT:
            assert again.result_record(Seat.E) == self.flow.result_record(Seat.E)


def four_spades(policy: str, tmp_path: Path) -> Table:
    table = Table(policy, tmp_path)
    table.feed("S ok", "S 4S", "W pass", "N pass", "E pass")
    return table


# ---- Law 63A4 -----------------------------------------------------------------------------------
def test_law_63a4_a_revoke_is_established_once_the_offenders_agree_to_the_claim(tmp_path: Path) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("W HA", "N H5", "E D6")  # East revokes holding hearts; West wins
    assert table.flow.view().director is not None
    table.feed("S H2", "S claim", "S ok", "W ok")  # West agrees to declarer's claim of 12
    assert table.flow.phase is Phase.RESULT
    assert table.flow.view().tricks == 13 and table.flow.view().score_ns == 510
    message = table.refused("E undo")
    assert "Law 63A4" in message
    assert table.flow.view().tricks == 13 and table.flow.view().played[:4] == ("HA", "H5", "D6", "H2")
    [outcome] = [table.service.handle(event) for event in sim("E ok")]
    assert outcome.result is not None
    assert outcome.result["tricks"] == 13 and outcome.result["score_ns"] == 510
    assert outcome.result["revokes"] == ["E:D6:trick 1"]
    table.replays()


def test_law_63a4_before_the_claim_is_agreed_the_revoke_may_still_be_corrected(tmp_path: Path) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("W HA", "N H5", "E D6", "S H2", "S claim", "S ok")  # claimed, not yet agreed
    assert "claim" in table.refused("E undo")
    table.feed("S undo")  # declarer withdraws the claim: play goes on, the revoke not established
    message = table.feed("E undo")
    assert "Law 62B1" in (message or "")
    table.replays()
