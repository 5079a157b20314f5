"""The auction cases of issue 21, each named after its Law (the 2017 code, with the June 2017
amendment to Law 26B), driven through TableEvents as ``--sim`` lines under the ``laws`` policy
(and ``prevent`` where it differs); each board's journal replays to the same state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat
from bridgetable.cli import main
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.table.screens import render

from .helpers import DEAL
from .simtable import SimTable
from .test_screens import check_reference

D1 = DEAL  # boards 1, 2 and 4


class Table(SimTable):
    """A board of D1 (board 1 unless told) at a table under ``policy``."""

    def __init__(self, tmp_path: Path, board: int = 1, policy: str = "laws", deal: Deal = D1,
                 name: str = "") -> None:
        super().__init__(tmp_path, board, deal, policy, name)

    def rectification(self) -> str:
        return "; ".join(str(irr) for irr in self.flow.current.auction.irregularities)


# ---- Law 29A ---------------------------------------------------------------------------------
def test_law_29a_a_call_out_of_rotation_accepted_each_call_at_its_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "E 1S", "S ok")  # accepted by South, the offender's LHO: North lost the turn
    table.sim("W alert", "S pass", "W 2S", "N pass", "E pass")
    view = table.flow.view()
    assert view.skipped == (0,) and view.callers() == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E]
    check_reference("auction-29a", render(view, Seat.N))  # 1♠! under E, North's place empty, "?" at S
    table.sim("S pass")
    flow = table.flow
    assert (str(flow.current.contract), flow.current.declarer) == ("2S", Seat.E)
    table.play_out()
    table.sim("N ok")
    table.replays()
    [stored] = table.service.journal.results()
    assert stored.payload["skipped"] == [0] and stored.payload["declarer"] == "E"
    table.service.journal.close()

    ours = tmp_path / "ours.pbn"
    assert main(["table", "--journal", str(table.path), "--export", str(ours)]) == 0
    text = ours.read_text()
    assert '[Auction "N"]\n- 1S =1= Pass 2S' in text and '[Declarer "E"]' in text
    capsys.readouterr()
    assert main(["check", "--json", str(ours)]) == 0
    [report] = json.loads(capsys.readouterr().out)["boards"]
    assert (report["problems"], report["warnings"]) == ([], [])
    [record] = read_pbn_file(ours)
    assert record.opening_leader is Seat.S and record.score_ns == stored.payload["score_ns"]


def test_law_29a_a_turn_lost_within_the_auction_is_a_dash_that_check_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """West bids at South's turn, accepted: South's turn is lost, "-" between two calls."""
    table = Table(tmp_path)
    table.sim("N ok", "N 1H", "E pass", "W 2C", "N ok", "N pass", "E pass")
    assert table.flow.view().skipped == (2,)
    table.sim("S pass")
    assert (str(table.flow.current.contract), table.flow.current.declarer) == ("2C", Seat.W)
    table.play_out()
    table.sim("N ok")
    table.replays()
    table.service.journal.close()
    ours = tmp_path / "ours.pbn"
    assert main(["table", "--journal", str(table.path), "--export", str(ours)]) == 0
    assert "1H Pass - 2C\nPass Pass Pass" in ours.read_text()
    capsys.readouterr()
    assert main(["check", "--json", str(ours)]) == 0
    [report] = json.loads(capsys.readouterr().out)["boards"]
    assert (report["problems"], report["warnings"]) == ([], [])
    ours.write_text(ours.read_text().replace("1H Pass - 2C", "1H Pass 2C"))  # the "-" lost: wrong
    capsys.readouterr()
    assert main(["check", "--json", str(ours)]) != 0
    [report] = json.loads(capsys.readouterr().out)["boards"]
    assert any("Declarer" in p or "declarer" in p for p in map(str, report["problems"]))


def calls_of(table: Table) -> list[str]:
    return [f"{made.seat} {made.call}" for made in table.flow.current.auction]


# ---- Law 30A -----------------------------------------------------------------------------------
def test_law_30a_a_pass_out_of_rotation_before_any_bid_bars_the_next_turn_only(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "S pass")  # at North's turn, before any bid
    table.sim("N dir", "N undo")  # the director does not accept it
    assert "South must pass at the next turn (Law 30A)" in table.rectification()
    table.sim("N 1H", "E pass")
    assert "Law 30A" in table.refused("S 1S")
    table.sim("S pass", "W 1S", "N 2H", "E pass")
    table.sim("S 3H")  # South is free again: not barred for the whole auction
    table.replays()
    prevent = Table(tmp_path, policy="prevent")
    prevent.sim("N ok")
    assert "Law 29-32" in prevent.refused("S pass")


# ---- Law 31B -----------------------------------------------------------------------------------
def test_law_31b_a_bid_at_partners_turn_leaves_partner_free_and_bars_one_turn(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "S 1C")  # at North's (partner's) turn
    table.sim("E dir", "E undo")
    table.sim("N 1H")  # North may make any legal call (31B1)
    table.sim("E pass", "S 2C")  # South's next call is not 1C: not comparable (31B2, 31A2(b))
    table.sim("W pass")
    assert "North must pass at the next turn (Law 31B2)" in table.refused("N 2H")
    table.sim("N pass", "E pass")
    flow = table.flow
    assert (str(flow.current.contract), flow.current.declarer) == ("2C", Seat.S)
    table.replays()


# ---- Law 32A and 32B ---------------------------------------------------------------------------
def test_law_32a_a_double_at_rhos_turn_repeated_after_rhos_pass_and_nothing_follows(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "N 1H", "E pass", "W x")  # at South's (West's RHO's) turn
    table.sim("S dir", "S undo")
    table.sim("S pass")  # South passes: West must repeat the double (32A1)
    assert "West must repeat X at the next turn (Law 32A1)" in table.refused("W 2C")
    table.sim("W x")
    table.sim("N pass", "E 2S")  # East, the offender's partner, is not barred
    table.replays()


def test_law_32b_a_double_at_partners_turn_leaves_partner_free(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "N 1H", "W x")  # at East's (partner's) turn
    table.sim("S dir", "S undo")
    table.sim("E pass")  # East may make any legal call (32B1)
    table.sim("S pass", "W x")  # West doubles again: the withdrawn call, no rectification
    table.sim("N pass", "E 2C")  # East is not barred
    assert table.flow.current.auction.restrictions == []
    table.replays()


# ---- Law 26B (June 2017) -----------------------------------------------------------------------
def test_law_26b_declarer_may_forbid_any_one_suit_the_offender_did_not_name(tmp_path: Path) -> None:
    table = Table(tmp_path, board=2)
    table.sim("E ok", "E pass", "S 1H", "W 1D")  # insufficient
    table.sim("N dir", "N undo", "W pass")  # not replaced by a comparable call: East passes throughout
    table.sim("N 3NT", "E pass", "S pass", "W pass")
    view = table.flow.view()
    assert view.lead_choice is not None and "forbid the lead of any one suit" in view.lead_choice
    assert "26B" in table.refused("N ok")  # nothing may be required
    message = table.sim("N s")
    assert message == "declarer forbade a spade lead by East (Law 27B, 26B)"
    assert "Law 27B, 26B" in table.refused("E S2")
    table.replays()


def test_law_26b_board_4_the_suits_the_offender_did_not_name_are_offered(tmp_path: Path) -> None:
    table = Table(tmp_path, board=4)
    table.sim("W ok", "W 1D", "N 1S", "E pass", "S 2S", "W 2D")  # insufficient
    table.sim("N dir", "N undo", "W 4D")  # not the lowest sufficient bid: 27B2
    table.sim("N 4S", "E pass", "S pass", "W pass")
    flow = table.flow
    assert (str(flow.current.contract), flow.current.declarer) == ("4S", Seat.N)
    view = flow.view()
    assert view.lead_choice is not None and "forbid a clubs or hearts or spades lead" in view.lead_choice
    assert "may not forbid a diamond" in table.refused("N d")  # West named diamonds legally
    table.sim("N h")
    table.replays()


# ---- Law 28A -----------------------------------------------------------------------------------
def test_law_28a_a_call_at_the_turn_of_an_rho_obliged_to_pass_is_in_rotation(tmp_path: Path) -> None:
    table = Table(tmp_path, board=2)
    table.sim("E ok", "E pass", "S 1H", "W 1D", "N dir", "N undo", "W pass", "N 3NT")
    message = table.sim("S 4H")  # at East's turn: East must pass throughout (27B2)
    assert message == "East must pass: South's 4H is in rotation (Law 28A)"
    assert calls_of(table)[-2:] == ["E Pass", "S 4H"] and table.flow.view().irregularity is None
    assert table.flow.view().turn == "W"
    table.replays()


# ---- Laws 25A and 25B --------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_25a_undo_before_the_lho_calls_is_a_slip_at_the_box(tmp_path: Path, policy: str) -> None:
    table = Table(tmp_path, policy=policy)
    message = table.sim("N ok", "N 1H", "N undo")
    assert message == "North replaced the unintended call 1H (Law 25A)"
    table.sim("N 2C")
    assert calls_of(table) == ["N 2C"] and table.flow.view().director is None
    table.replays()


@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_25b_after_the_lho_has_called_undo_calls_the_director_who_rules_intended(
        tmp_path: Path, policy: str) -> None:
    table = Table(tmp_path, policy=policy)
    table.sim("N ok", "N 1H", "E 1S")
    message = table.sim("N undo")  # a pause, then North wants 2C: the director rules
    assert message is not None and "OK unintended (Law 25A), UNDO not (Law 25B)" in message
    assert table.flow.view().director is not None
    assert "Law 25B" in table.refused("S pass")  # nothing goes on until the director rules
    message = table.sim("W undo")  # the director, at any seat: not unintended
    assert message == "the director rules North's 1H intended: it stands (Law 25B)"
    assert calls_of(table) == ["N 1H", "E 1S"] and table.flow.view().director is None
    table.sim("S pass")
    assert "Law 25B" in table.flow.result_record(Seat.E)["director_calls"][-1]
    table.sim("W pass", "N pass")  # the auction is over: the director rules apart
    assert "call the director (Law 25)" in table.refused("W undo")
    table.replays()


@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_25a_after_the_lho_has_called_the_director_rules_unintended(tmp_path: Path, policy: str) -> None:
    table = Table(tmp_path, policy=policy)
    table.sim("N ok", "N 1H", "E 1S", "N undo")
    message = table.sim("S ok")  # the director: unintended
    assert message == ("North replaced the unintended call 1H (Law 25A); East may keep its 1S over it "
                       "(OK) or replace it (Law 25A6)")
    table.sim("N 2C")
    assert "cannot stand" in table.refused("E ok")  # 1S is insufficient over 2C: East calls again
    table.sim("E 2S")
    assert calls_of(table) == ["N 2C", "E 2S"]
    table.replays()


# ---- Law 25A6 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_25a6_the_lho_may_keep_the_call_made_over_the_replaced_one(tmp_path: Path, policy: str) -> None:
    table = Table(tmp_path, policy=policy)
    table.sim("N ok", "N 1H", "E pass", "N undo", "W ok", "N 1S")
    message = table.sim("E ok")  # East keeps his Pass
    assert message == "East keeps Pass (Law 25A6)"
    assert calls_of(table) == ["N 1S", "E Pass"] and table.flow.view().turn == "S"
    table.refused("S ok")  # only East, and only at once
    table.replays()
    other = Table(tmp_path, policy=policy, name="-other")
    other.sim("N ok", "N 1H", "E pass", "N undo", "W ok", "N 1S", "E 2H")  # or replaces it
    assert calls_of(other) == ["N 1S", "E 2H"]


# ---- Law 23A: a comparable call ----------------------------------------------------------------
def test_law_23a_27b1b_the_director_rules_a_substitute_comparable(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "N 1H", "E 1D", "S dir", "S undo")  # insufficient, not accepted
    table.sim("E 1NT")  # not the lowest sufficient bid in diamonds: West barred (27B2)...
    assert "West must pass whenever it is their turn (Law 27B2)" in table.rectification()
    message = table.sim("W dir", "S ok")  # ...until the director rules 1NT comparable
    assert message == "the director rules 1NT comparable (Law 23A): no further rectification (Law 27B1(b))"
    table.sim("S pass", "W 2S")  # West is free
    table.sim("N pass", "E pass", "S pass")
    assert table.flow.current.auction.lead_penalties() == []  # Law 26A: no lead restriction
    said = table.flow.result_record(Seat.S)["director_calls"]  # each entry within the schema's 200
    assert said[-1] == "the director rules 1NT comparable (Law 23A): no further rectification (Law 27B1(b))"
    table.replays()


def test_law_23a_31a2a_comparable_after_rho_called_and_only_before_the_next_call(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "E 1S")  # at North's turn: East's RHO
    table.sim("N dir", "N undo", "N 1H")  # North called: East may make any legal call (31A2)
    table.sim("E 2S")  # not the call withdrawn
    assert "West must pass at the next turn (Law 31A2(b))" in table.rectification()
    table.sim("S pass")  # the next call: too late to rule 2S comparable
    table.sim("N dir")
    assert "23A" in table.refused("N ok")
    table.sim("N dir")  # answered
    assert "West must pass at the next turn (Law 31A2(b))" in table.refused("W 3S")
    table.replays()

    ruled = Table(tmp_path, name="-ruled")
    ruled.sim("N ok", "E 1S", "N dir", "N undo", "N 1H", "E 2S", "S dir", "S ok")
    assert "comparable (Law 23A): no further rectification (Law 31A2(a))" in ruled.rectification()
    ruled.sim("S pass", "W 3S")  # West is free
    ruled.replays()


# ---- prevent: the calls out of rotation of the cases above are refused, and nothing follows ----
@pytest.mark.parametrize(("calls", "offending"), [
    (["N ok"], "E 1"),  # 29A, 31A: the level key is refused already
    (["N ok"], "S pass"),  # 30A
    (["N ok"], "S 1"),  # 31B
    (["N ok", "N 1H", "E pass"], "W x"),  # 32A
    (["N ok", "N 1H"], "W x"),  # 32B
])
def test_prevent_refuses_each_call_out_of_rotation_and_the_board_goes_on(
        tmp_path: Path, calls: list[str], offending: str) -> None:
    table = Table(tmp_path, policy="prevent")
    table.sim(*calls)
    assert "Law 29-32" in table.refused(offending)
    assert table.flow.view().irregularity is None and table.flow.current.auction.restrictions == []
    table.replays()
