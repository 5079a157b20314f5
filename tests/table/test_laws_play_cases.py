"""The play cases of issue 21, driven through TableEvents under the ``laws`` policy (and
``prevent`` where it differs), each replayed from the journal to the same state: a revoke
established by agreeing to the opponents' claim (Law 63A4), declarer's options over a penalty card
when its owner's partner is to lead (50D2, 51B), the designation of one of two penalty cards
(51A), declarer spreading his hand after an opening lead out of turn (54A) or refusing it himself
(54D), and dummy during the play (9A4, 43A1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgetable.bridge import Contract, Deal, Seat, duplicate_score
from bridgetable.cli import main
from bridgetable.devices.keyboard import parse_line
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.table.flow import Phase

from .simtable import SimTable

# The deal DR, board 3 (South deals, East-West vulnerable).
DR = Deal.parse("S:AKQJ.432.AK2.432 T98.AKQJ.QJ9.AKQ 5432.765.543.765 76.T98.T876.JT98")


class Table(SimTable):
    """Board 3 of DR at a table under ``policy``; ``feed`` the --sim lines (each accepted)."""

    def __init__(self, policy: str, tmp_path: Path) -> None:
        super().__init__(tmp_path, 3, DR, policy)
        self.policy = policy

    feed = SimTable.sim

    def checked(self, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
        """The journal's confirmed board exported to PBN and read by `bridgetable check`: its
        declarer, result and score, and the check's problems and warnings."""
        self.service.journal.close()
        pbn = self.path.with_suffix(".pbn")
        assert main(["table", "--journal", str(self.path), "--export", str(pbn)]) == 0
        capsys.readouterr()
        code = main(["check", "--json", str(pbn)])
        [report] = json.loads(capsys.readouterr().out)["boards"]
        assert code == (1 if report["problems"] else 0)
        [record] = read_pbn_file(pbn)
        return {"declarer": str(record.declarer), "result": record.result, "score_ns": record.score_ns,
                "problems": [problem["kind"] for problem in report["problems"]],
                "warnings": report["warnings"]}


def four_spades(policy: str, tmp_path: Path) -> Table:
    table = Table(policy, tmp_path)
    table.feed("S ok", "S 4S", "W pass", "N pass", "E pass")
    return table


# ---- Law 63A4 -----------------------------------------------------------------------------------
def test_law_63a4_a_revoke_is_established_once_the_offenders_agree_to_the_claim(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("W HA", "N H5", "E D6")  # East revokes holding hearts; West wins
    assert table.flow.view().director is not None
    table.feed("S H2", "S claim", "S ok", "W ok")  # West agrees to declarer's claim of 12
    assert table.flow.phase is Phase.RESULT
    assert table.flow.view().tricks == 13 and table.flow.view().score_ns == 510
    message = table.refused("E undo")
    assert "Law 63A4" in message
    assert table.flow.view().tricks == 13 and table.flow.view().played[:4] == ("HA", "H5", "D6", "H2")
    [outcome] = [table.service.handle(event) for event in parse_line("E ok")]
    assert outcome.result is not None
    assert outcome.result["tricks"] == 13 and outcome.result["score_ns"] == 510
    assert outcome.result["revokes"] == ["E:D6:trick 1"]
    table.replays()
    checked = table.checked(capsys)  # the revoke is the only problem: 13 tricks are possible (Law 64)
    assert checked["problems"] == ["revoke"] and (checked["result"], checked["score_ns"]) == (13, 510)


def test_law_63a4_prevent_refuses_the_revoke_and_the_claim_gives_what_it_says(tmp_path: Path) -> None:
    table = four_spades("prevent", tmp_path)
    table.feed("W HA", "N H5")
    assert "revoke" in table.refused("E D6")  # East holds hearts
    table.feed("E H8", "S H2", "S claim", "S ok", "W ok")
    assert table.flow.view().tricks == 12 and table.flow.view().score_ns == 480
    assert "the result stands" in table.refused("E undo")
    table.replays()


def test_law_63a4_before_the_claim_is_agreed_the_revoke_may_still_be_corrected(tmp_path: Path) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("W HA", "N H5", "E D6", "S H2", "S claim", "S ok")  # claimed, not yet agreed
    assert "claim" in table.refused("E undo")
    table.feed("S undo")  # declarer withdraws the claim: play goes on, the revoke not established
    message = table.feed("E undo")
    assert "Law 62B1" in (message or "")
    table.replays()


# ---- Law 50D2 -----------------------------------------------------------------------------------
def east_leads_the_ten_of_diamonds(tmp_path: Path) -> Table:
    """4S by South; East leads DT out of turn (West's lead) and the director does not accept it."""
    table = four_spades("laws", tmp_path)
    table.feed("E DT")
    assert table.flow.view().deciders == ("S",)
    table.feed("E director", "E undo")  # the director, at East's seat: not accepted (Law 54D)
    play = table.flow.play
    assert play is not None and [str(c) for c in play.penalty_cards[Seat.E]] == ["DT"]
    return table


def test_law_50d2_declarer_requires_the_penalty_cards_suit_and_it_is_picked_up(tmp_path: Path) -> None:
    table = east_leads_the_ten_of_diamonds(tmp_path)
    choice = table.flow.view().lead_choice
    assert choice == ("declarer may require or forbid a diamonds lead by West (East's penalty card DT, "
                      "Law 50D2): suit key forbids, OK requires, PASS waives")
    assert "Law 50D2" in table.refused("W DQ")  # West waits for declarer's choice
    assert "declarer does" in table.refused("W ok")
    message = table.feed("S ok")
    assert message == ("declarer required a diamond lead by West (Law 50D2); East picks up DT: no longer "
                       "a penalty card (Law 50D2a)")
    play = table.flow.play
    assert play is not None and play.penalty_cards == {}
    assert "must lead a diamond" in table.refused("W HA")
    table.feed("W DQ", "N D3", "E D8")  # East need not play the ten: it was picked up
    assert table.flow.view().lead_choice is None
    table.replays()
    record = table.flow.result_record(Seat.E)["director_calls"]
    assert any("Law 50D2a" in text for text in record)


def test_law_50d2_declarer_forbids_the_suit_while_west_keeps_the_lead(tmp_path: Path) -> None:
    table = east_leads_the_ten_of_diamonds(tmp_path)
    table.feed("S D")  # forbids diamonds
    assert "may not lead a diamond" in table.refused("W DQ")
    table.feed("W HA", "N H5", "E H8", "S H2")  # West wins and keeps the lead
    assert "may not lead a diamond" in table.refused("W DQ")
    table.feed("W HK")
    table.replays()


def test_law_50d2_declarer_waives_and_the_card_stays_a_penalty_card(tmp_path: Path) -> None:
    table = east_leads_the_ten_of_diamonds(tmp_path)
    message = table.feed("S pass")
    assert message == ("declarer waived the lead restriction on West (Law 50D2); DT of East stays a "
                       "penalty card (Law 50D2b)")
    table.feed("W CA", "N C5", "E C8", "S C2")  # East follows to clubs: the ten waits
    assert table.flow.view().lead_choice is not None  # West on lead again: declarer chooses again
    table.feed("S pass", "W DQ", "N D3")
    assert "penalty card DT" in table.refused("E D6")  # the first legal opportunity (Law 50D1)
    table.feed("E DT")
    table.replays()


def test_law_50d2_prevent_refuses_the_lead_out_of_turn(tmp_path: Path) -> None:
    table = four_spades("prevent", tmp_path)
    assert "out of turn" in table.refused("E DT")
    table.feed("W DQ")
    assert table.flow.view().lead_choice is None
    table.replays()


# ---- Law 51A ------------------------------------------------------------------------------------
def test_law_51a_declarer_designates_which_of_two_penalty_cards_is_played(tmp_path: Path) -> None:
    table = east_leads_the_ten_of_diamonds(tmp_path)
    table.feed("E D8", "E director", "E undo")  # again out of turn, again not accepted
    play = table.flow.play
    assert play is not None and sorted(str(c) for c in play.penalty_cards[Seat.E]) == ["D8", "DT"]
    assert "Law 50D2, 51B" in (table.flow.view().lead_choice or "")
    table.feed("S pass", "W DQ", "N D3")  # both stay penalty cards; both follow to diamonds
    view = table.flow.view()
    assert view.lead_choice == "declarer designates the penalty card East plays (Law 51A): 1 = ♦8, 2 = ♦10"
    assert "Law 51A" in table.refused("E DT")  # East may not choose
    assert "may not designate" in table.refused("E 2")
    assert "out of range" in table.refused("S 3")
    message = table.feed("S 2")
    assert message == "declarer designated DT as the penalty card East plays (Law 51A)"
    assert "designated" in table.refused("E D8")
    table.feed("E DT")
    play = table.flow.play
    assert play is not None and [str(c) for c in play.penalty_cards[Seat.E]] == ["D8"]
    table.replays()


# ---- Law 54 -------------------------------------------------------------------------------------
def test_law_54a_declarer_spreads_his_hand_and_partner_declares(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("E DT")
    assert table.flow.view().irregularity == ("DT led out of turn by East: South accepts (OK), does not "
                                              "(UNDO), becomes dummy (PASS, Law 54A) or director (DIRECTOR)")
    assert "accepts (OK)" in table.refused("N pass")  # only declarer chooses
    message = table.feed("S pass")
    assert "South spreads the hand and becomes dummy; North declares (Law 54A)" in (message or "")
    view = table.flow.view()
    assert view.declarer == "N" and view.contract == "4S" and view.trick == (("E", "DT"),)
    assert view.turn == "S"  # dummy's card, which North now plays
    table.feed("N DA", "W D9")  # scanned at North's seat: from dummy, South's hand
    play = table.flow.play
    assert play is not None and play.declarer is Seat.N and play.dummy is Seat.S
    while not play.is_complete:
        table.feed(f"{play.turn if play.turn != play.dummy else play.declarer} {play.legal_cards()[0]}")
    record = table.flow.result_record(Seat.E)
    assert record["declarer"] == "N" and record["contract"] == "4S"
    assert record["tricks"] == play.declarer_tricks == table.flow.view().tricks_ns
    assert record["score_ns"] == duplicate_score(Contract.parse("4S"), play.declarer_tricks, vulnerable=False)
    assert any("Law 54A" in text for text in record["director_calls"])
    table.replays()
    table.feed("E ok")
    checked = table.checked(capsys)  # our export: North declares, East's lead on his left
    assert {key: checked[key] for key in ("declarer", "result", "score_ns", "problems")} == {
        "declarer": "N", "result": record["tricks"], "score_ns": record["score_ns"], "problems": []}
    assert ["Law 54A" in warning for warning in checked["warnings"]] == [True]  # type: ignore[union-attr]


def test_law_54b_accepted_the_lead_stands_and_declarer_plays_second(tmp_path: Path) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("E DT", "S ok")
    view = table.flow.view()
    assert view.declarer == "S" and view.turn == "S" and view.trick == (("E", "DT"),)
    table.feed("S DA")
    assert table.flow.view().turn == "W"
    table.replays()


def test_law_54d_declarer_refuses_and_the_card_is_a_penalty_card(tmp_path: Path) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("E DT")
    assert "accepts (OK)" in table.refused("W undo")  # only declarer decides
    message = table.feed("S undo")  # declarer himself, without the director
    assert "DT is a major penalty card of East (Law 50); West leads (Law 54D)" in (message or "")
    assert "not accepted by South" in (message or "")
    assert "Law 50D2" in (table.flow.view().lead_choice or "")
    table.replays()


def test_law_54_prevent_refuses_the_opening_lead_out_of_turn(tmp_path: Path) -> None:
    table = four_spades("prevent", tmp_path)
    assert "Law 53-57" in table.refused("E DT")
    assert "scan a card" in table.refused("S pass")  # no lead out of turn to spread a hand over
    assert table.flow.view().irregularity is None and table.flow.view().declarer == "S"
    table.replays()


# ---- Laws 9A4, 43A1 -----------------------------------------------------------------------------
@pytest.mark.parametrize("policy", ["prevent", "laws"])
def test_law_9a4_43a1_dummy_may_not_call_the_director_during_the_play(policy: str, tmp_path: Path) -> None:
    table = four_spades(policy, tmp_path)
    table.feed("N director", "N director")  # before the opening lead dummy is not yet dummy
    table.feed("W HA")
    assert "Law 9A4, 43A1" in table.refused("N director")
    assert "Law 9A4, 43A1" in table.refused("N undo")
    table.feed("S director")  # declarer calls; the director may answer at dummy's seat
    table.feed("N director")
    assert table.flow.view().director is None
    table.feed("N H5", "E H8", "S H2")
    table.feed("W CA", "N C5", "E C8", "S C2", "W CK", "N C6", "E C9", "S C3", "W CQ", "N C7", "E CT",
               "S C4")
    table.feed("W claim", "W 3", "W ok", "S ok")  # West claims 3 of the 9 left; declarer agrees
    assert table.flow.phase is Phase.RESULT
    table.feed("N director")  # after the play dummy may draw attention (Law 9A4)
    table.replays()


def test_law_43a1_dummys_revoke_is_corrected_by_declarer_not_by_dummy(tmp_path: Path) -> None:
    table = four_spades("laws", tmp_path)
    table.feed("W HA", "N D3")  # dummy revokes (declarer's play from dummy), holding hearts
    assert table.flow.view().director is not None  # the table calls the director itself
    assert "Law 9A4, 43A1" in table.refused("N undo")
    message = table.feed("S undo")  # declarer corrects it: no penalty card (Law 62B2)
    assert "Law 62B2" in (message or "")
    table.feed("N H5")
    assert table.flow.view().trick == (("W", "HA"), ("N", "H5"))
    table.replays()


def test_law_51b_with_penalty_cards_in_two_suits_declarer_requires_one_of_them(tmp_path: Path) -> None:
    table = east_leads_the_ten_of_diamonds(tmp_path)
    table.feed("E CJ", "E director", "E undo")  # East's CJ out of turn too: penalty cards in two suits
    assert (table.flow.view().lead_choice or "").endswith("suit key forbids, OK then suit key requires, "
                                                          "PASS waives")
    assert "declarer does" in table.refused("W ok")
    table.feed("S ok")
    assert (table.flow.view().lead_choice or "").endswith(": the suit key of the suit required")
    message = table.feed("S C")
    assert message == ("declarer required a club lead by West (Law 50D2, 51B); East picks up CJ: no longer "
                       "a penalty card (Law 50D2a)")
    play = table.flow.play
    assert play is not None and [str(c) for c in play.penalty_cards[Seat.E]] == ["DT"]
    assert "must lead a club" in table.refused("W HA")
    table.feed("W CA", "N C5", "E C8")  # the jack was picked up: East follows with any club
    table.replays()
