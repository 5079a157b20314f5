"""Every field of a validly signed result is checked against the station's own session, movement
and boards; what does not fit is refused with the reason (issue 11, item 2), and the director's
revisions and a table's never collide (item 5)."""

from __future__ import annotations

from typing import Any

import pytest

from bridgetable.bridge import Contract, Deal, Play, Seat, duplicate_score
from bridgetable.director.actions import enter_result
from bridgetable.director.ingest import Ingest
from bridgetable.director.store import DIRECTOR_REVISIONS

from .helpers import new_session, received, result_message


def forged(genuine: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**genuine, **changes}


@pytest.fixture
def ingest(tmp_path):
    return Ingest(new_session(tmp_path))


def test_a_genuine_result_passes(ingest: Ingest) -> None:
    genuine = result_message(ingest.session, 1, 2, "4S", "N", 10)
    assert ingest.check_result(genuine) is None
    assert ingest.session.store.audit_trail(ingest.session.id) == []


def whole_play(session, genuine: dict[str, Any]) -> dict[str, Any]:
    """The genuine result with a whole play (each hand its first legal card) and its tricks."""
    contract, declarer = Contract.parse(genuine["contract"]), Seat.parse(genuine["declarer"])
    play = Play(Deal.parse(session.store.boards(session.id)[genuine["board"]].deal), contract, declarer)
    while not play.is_complete:
        play.play(play.legal_cards()[0])
    tricks = play.tricks_won(declarer.side)
    cards = [str(card) for trick in play.tricks for card in trick.cards]
    whole = forged(genuine, play=cards, tricks=tricks)
    return forged(whole, score_ns=score_of(whole, 0))


def score_of(message: dict[str, Any], more: int) -> int:
    """North-South's Law 77 score of the message's contract with ``more`` tricks (board 2: NS vul)."""
    score = duplicate_score(Contract.parse(message["contract"]), message["tricks"] + more, True)
    return score if message["declarer"] in ("N", "S") else -score


def seven_nt_xx(genuine: dict[str, Any]) -> dict[str, Any]:
    """The auction of a 3NT by South, sent as 7NTXX made (scored right for 7NTXX)."""
    score = duplicate_score(Contract.parse("7NTXX"), 13, True)  # board 2: NS vulnerable
    return forged(genuine, contract="7NTXX", tricks=13, score_ns=score)


CASES = [  # (what is forged, the change, the reason given)
    ("vulnerability", lambda g: forged(g, vulnerability="None", score_ns=420),
     "vulnerability None: board 2 is NS"),
    ("score without vulnerability", lambda g: {k: v for k, v in forged(g, score_ns=420).items()
                                                if k != "vulnerability"},
     "score 420: 4S by N making 10 scores 620 for NS on board 2 (Law 77)"),
    ("dealer", lambda g: forged(g, dealer="N"), "dealer N: board 2's dealer is E"),
    ("contract", None, "contract 7NTXX by S: the auction makes 3NT by S"),
    ("pairs", lambda g: forged(g, ns=3), "ns pair 3: pair 1 sits NS at table 1"),
    ("board", lambda g: forged(g, board=7), "board 7: the movement does not give it to table 1"),
    ("round", lambda g: forged(g, round=9), "round 9: table 1 plays board 2 in round 1"),
    ("session", lambda g: forged(g, session="other-night"), "session 'other-night': this station runs"),
    ("deal", None, "deal: not the cards of board 2"),
    ("tricks", None, ": the play gives declarer"),
    ("play", None, "play: "),
]


@pytest.mark.parametrize(("what", "change", "reason"), CASES, ids=[case[0] for case in CASES])
def test_each_forged_field_is_refused_with_its_reason_in_the_log_and_the_audit_trail(
        ingest: Ingest, what: str, change: Any, reason: str, caplog: pytest.LogCaptureFixture) -> None:
    session = ingest.session
    genuine = result_message(session, 1, 2, "4S", "N", 10)
    if what == "contract":
        message = seven_nt_xx(result_message(session, 1, 2, "3NT", "S", 9))
    elif what == "deal":
        message = forged(genuine, deal=session.store.boards(session.id)[1].deal)
    elif what in ("tricks", "play"):
        message = whole_play(session, genuine)
        assert ingest.check_result(message) is None  # the genuine whole play passes
        if what == "tricks":  # one more trick, scored right for it
            message = forged(message, tricks=message["tricks"] + 1, score_ns=score_of(message, +1))
        else:  # the second and third cards of the first trick swapped: one plays out of turn
            play = list(message["play"])
            play[1], play[2] = play[2], play[1]
            message = forged(message, play=play)
    else:
        message = change(genuine)
    problem = ingest.check_result(message)
    assert problem is not None and reason in problem
    assert reason in caplog.text
    trail = session.store.audit_trail(session.id)
    assert [(e.actor, e.action) for e in trail] == [("station", "refused result")]
    assert reason in trail[0].detail


def test_law_54a_partner_declaring_passes_only_with_the_boards_director_call(ingest: Ingest) -> None:
    """After an opening lead out of turn declarer may spread his hand: his partner declares, the
    table records the irregularity among the director calls, and the score is the same side's."""
    genuine = result_message(ingest.session, 1, 2, "4S", "N", 10)
    spread = forged(genuine, declarer="S")
    problem = ingest.check_result(spread)
    assert problem is not None and "the auction makes 4S by N" in problem
    called = ["irregularity: lead out of turn DT by West (Law 54): accepted by North; North spreads the "
              "hand and becomes dummy; South declares (Law 54A)"]
    assert ingest.check_result(forged(spread, director_calls=called)) is None
    assert ingest.check_result(forged(genuine, declarer="E", director_calls=called)) is not None


def test_a_table_revision_after_the_directors_is_kept_and_the_director_still_counts(ingest: Ingest) -> None:
    session = ingest.session
    late = enter_result(ingest, "td", 1, 1, "3NT", "S", 9)  # the table's result never came
    correction = enter_result(ingest, "td", 1, 1, "3NT", "S", 10)
    assert (late.revision, correction.revision) == (DIRECTOR_REVISIONS, DIRECTOR_REVISIONS + 1)
    for revision in (1, 99):  # the table's own result arrives afterwards, and a forged "r99"
        assert ingest.store_result(received(result_message(session, 1, 1, "4S", "N", 10, revision=revision)))
    kept = session.store.results(session.id, board=1, all_revisions=True)
    assert sorted((r.revision, r.source) for r in kept) == [
        (1, "table"), (99, "table"), (DIRECTOR_REVISIONS, "director"), (DIRECTOR_REVISIONS + 1, "director")]
    [latest] = session.store.results(session.id, board=1)
    assert (latest.source, latest.contract, latest.tricks) == ("director", "3NT", 10)
    assert Seat.parse(latest.declarer or "") is Seat.S


def test_a_call_out_of_rotation_accepted_is_checked_at_the_seat_that_made_it(ingest: Ingest) -> None:
    """Law 29A: North bid 4S at East's turn (board 2, East deals) and it was accepted: East, South
    and West lost their turn, which the result says in ``skipped``."""
    genuine = result_message(ingest.session, 1, 2, "4S", "N", 10)
    accepted = forged(genuine, auction=["4S", "Pass", "Pass", "Pass"], skipped=[0, 0, 0])
    assert ingest.check_result(accepted) is None
    assert ingest.check_result(forged(accepted, skipped=[])) == "contract 4S by N: the auction makes 4S by E"
