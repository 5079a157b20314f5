"""The director's rulings through the director's page (logged in, with the form's CSRF token):
adjusted scores, a board not played, a late arrival or sit-out, a weighted score (Law 12C1c), a
fouled board (Law 87), a procedural penalty (Law 90), a pair's new names. Each is in the audit
trail and changes the ranking as the Laws say; a full rescore (what the exports use) agrees."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from bridgetable.director import web
from bridgetable.director.exports import session_pbn, usebio_xml
from bridgetable.director.ingest import Ingest
from bridgetable.director.standings import score_session
from bridgetable.scoring import Adjusted, BoardResult, matchpoint_board

from .helpers import new_session, received, result_message

PASSWORD = "s3cret"


def make(tmp_path, scoring="MP"):
    ingest = Ingest(new_session(tmp_path, scoring=scoring))
    client = TestClient(web.create_app(ingest, password=PASSWORD))
    login = client.get("/login").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', login).group(1)
    client.post("/login", data={"name": "Tom", "password": PASSWORD, "csrf": csrf})
    return ingest, client


@pytest.fixture
def station(tmp_path):
    ingest, client = make(tmp_path)
    with client:
        yield ingest, client


def act(client, **fields) -> str:
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text).group(1)
    page = client.post("/director", data={**fields, "csrf": csrf}).text
    return re.search(r'<p id="message">(.*?)</p>', page).group(1)


def send(ingest, table, board, contract="4S", declarer="N", tricks=10):
    msg = result_message(ingest.session, table, board, contract, declarer, tricks)
    ingest.store_result(received(msg))
    return msg


def entry(ingest, pair):
    return next(e for entries in ingest.live.standings().ranking.values() for e in entries if e.pair == pair)


def tables_of(ingest, board):
    return [a for a in ingest.session.movement.assignments if board in a.boards]


def trail(ingest):
    return [(e.action, e.detail) for e in ingest.session.store.audit_trail(ingest.session.id)]


def agrees_with_a_full_rescore(ingest):
    def places(ranking):
        return {g: [(e.pair, e.rank, round(e.total, 9)) for e in es] for g, es in ranking.items()}

    assert places(score_session(ingest.session).ranking) == places(ingest.live.standings().ranking)
    session_pbn(ingest.session)  # the exports take every ruling
    usebio_xml(ingest.session)


def test_artificial_adjusted_scores_average_plus_and_minus(station):
    ingest, client = station
    first, second, _ = tables_of(ingest, 1)
    send(ingest, first.table, 1)
    assert act(client, action="adjust", table=second.table, board=1, adjusted="A+/A-") == \
        f"table {second.table} board 1: adjusted 60/40"
    top = 2 * (3 - 1)  # board 1 is played three times
    assert entry(ingest, second.ns).total == pytest.approx(0.6 * top)
    assert entry(ingest, second.ew).total == pytest.approx(0.4 * top)
    assert ("adjust", f"table {second.table} board 1 r1000: NS 60% EW 40%") in trail(ingest)
    agrees_with_a_full_rescore(ingest)


def test_adjusted_scores_in_imps_are_three_imps_either_way(tmp_path):
    ingest, client = make(tmp_path, scoring="IMP")
    with client:
        first, second, _ = tables_of(ingest, 1)
        send(ingest, first.table, 1)
        act(client, action="adjust", table=second.table, board=1, adjusted="A-/A+")
        assert (entry(ingest, second.ns).total, entry(ingest, second.ew).total) == (-3.0, 3.0)
        assert Adjusted.parse("A-/A+").imps() == (-3.0, 3.0)
        agrees_with_a_full_rescore(ingest)


def test_a_board_not_played_scores_for_neither_pair(station):
    ingest, client = station
    first, second, third = tables_of(ingest, 1)
    send(ingest, first.table, 1)
    send(ingest, second.table, 1, tricks=11)
    assert entry(ingest, first.ns).total == pytest.approx(matchpoint_board(
        [BoardResult(1, 1, 2, 420), BoardResult(1, 3, 4, 450)], 3)[0].ns)
    assert act(client, action="not-played", table=second.table, board=1).endswith("not played")
    assert all(e.pair not in (second.ns, second.ew) for es in ingest.live.standings().ranking.values()
               for e in es)
    alone = matchpoint_board([BoardResult(1, first.ns, first.ew, 420)], 3)[0]
    assert entry(ingest, first.ns).total == pytest.approx(alone.ns)  # Neuberg from one result of three
    assert f"Not played at table {second.table}" in client.get("/board/1").text
    assert trail(ingest)[-1][0] == "not played"
    agrees_with_a_full_rescore(ingest)


def test_a_late_arrival_gets_average_minus_on_the_rounds_boards_and_a_sit_out_none(station):
    ingest, client = station
    late = ingest.session.movement.at(1, 2)
    message = act(client, action="sit-out", table=2, round=1, adjusted="A-/A+")
    assert message == f"table 2 round 1: {len(late.boards)} boards adjusted A-/A+"
    top = 4.0
    assert entry(ingest, late.ns).total == pytest.approx(0.4 * top * len(late.boards))
    assert entry(ingest, late.ew).total == pytest.approx(0.6 * top * len(late.boards))
    assert [a for a, _ in trail(ingest)][:1] == ["late arrival"]
    out = ingest.session.movement.at(1, 3)
    act(client, action="sit-out", table=3, round=1, adjusted="")
    assert all(e.pair not in (out.ns, out.ew) for es in ingest.live.standings().ranking.values() for e in es)
    assert "sit-out" in [a for a, _ in trail(ingest)]
    agrees_with_a_full_rescore(ingest)


def test_a_weighted_score_is_the_weighted_sum_of_its_parts_scores(station):
    ingest, client = station
    first, second, _ = tables_of(ingest, 1)
    made = send(ingest, first.table, 1)  # 4S N 10
    assert act(client, action="weighted", table=second.table, board=1, parts="30% 4S N 10; 70% 4S N 9") == \
        f"table {second.table} board 1: weighted score stored"
    one_down = result_message(ingest.session, second.table, 1, "4S", "N", 9)["score_ns"]
    other = BoardResult(1, first.ns, first.ew, made["score_ns"])
    as_made = matchpoint_board([other, BoardResult(1, second.ns, second.ew, made["score_ns"])], 3)
    as_down = matchpoint_board([other, BoardResult(1, second.ns, second.ew, one_down)], 3)
    assert entry(ingest, second.ns).total == pytest.approx(0.3 * as_made[1].ns + 0.7 * as_down[1].ns)
    assert entry(ingest, first.ns).total == pytest.approx(0.3 * as_made[0].ns + 0.7 * as_down[0].ns)
    assert "30% 4♠ N 10, 70% 4♠ N 9" in re.sub("<[^>]+>", "", client.get("/board/1").text)  # suits in colour
    assert trail(ingest)[-1][0] == "weighted score"
    assert act(client, action="weighted", table=second.table, board=1, parts="30% 4S N 10; 60% 4S N 9") \
        .startswith("refused: a weighted score needs two results or more whose weights make 100%")
    agrees_with_a_full_rescore(ingest)


def test_a_fouled_board_is_scored_in_groups(station):
    ingest, client = station
    first, second, third = tables_of(ingest, 1)
    send(ingest, first.table, 1)
    send(ingest, second.table, 1, tricks=9)
    send(ingest, third.table, 1, contract="3NT", declarer="S", tricks=10)  # the top, when compared
    assert act(client, action="fouled", board=1, tables=str(third.table)) == "board 1: scored in groups"
    rows = {r.result.table: r for r in ingest.traveller(1)}
    group = matchpoint_board([BoardResult(1, first.ns, first.ew, rows[first.table].result.ns_score),
                              BoardResult(1, second.ns, second.ew, rows[second.table].result.ns_score)], 3)
    assert (rows[first.table].ns_points, rows[second.table].ns_points) == (group[0].ns, group[1].ns)
    assert rows[third.table].ns_points == 2.0  # alone in its group: an average, by Neuberg
    assert "Fouled board" in client.get("/board/1").text
    act(client, action="fouled", board=1, tables="")
    assert {r.result.table: r.ns_points for r in ingest.traveller(1)}[third.table] == 4.0
    assert [a for a, _ in trail(ingest)][-2:] == ["fouled board", "fouled board"]
    agrees_with_a_full_rescore(ingest)


def test_a_procedural_penalty_comes_off_the_pairs_total_and_its_score_card(station):
    ingest, client = station
    first, second, _ = tables_of(ingest, 1)
    send(ingest, first.table, 1)
    send(ingest, second.table, 1, tricks=9)
    before = entry(ingest, first.ns)
    assert before.rank == "1"
    act(client, action="penalty", pair=first.ns, points="3.25", reason="slow play")
    after = entry(ingest, first.ns)
    assert after.total == pytest.approx(before.total - 3.25) and after.rank == "2"
    card = client.get(f"/pair/{first.ns}").text
    assert "slow play" in card and re.search(r'id="card-total">(.*?)<', card).group(1) == f"{after.total:.2f}"
    assert trail(ingest)[-1] == ("procedural penalty", f"pair {first.ns}: 3.25 points (slow play)")
    agrees_with_a_full_rescore(ingest)


def test_renaming_a_pair(station):
    ingest, client = station
    send(ingest, 1, 1)
    assert act(client, action="rename", pair=1, names="Ann & Ben") == "pair 1 is now Ann &amp; Ben"
    assert "Ann &amp; Ben" in client.get("/").text and "Ann &amp; Ben" in client.get("/pair/1").text
    assert ingest.session.store.pairs(ingest.session.id)[1] == "Ann & Ben"
    assert "Ann" in usebio_xml(ingest.session) and "Ben" in usebio_xml(ingest.session)
    assert trail(ingest)[-1] == ("rename pair", "pair 1: 'Ann & Bob' -> 'Ann & Ben'")
    assert act(client, action="rename", pair=99, names="X").startswith("refused: there is no pair 99")


def test_two_pairs_who_sat_the_wrong_way_round_get_each_others_results(station):
    ingest, client = station
    first, second, _ = tables_of(ingest, 1)
    send(ingest, first.table, 1)
    send(ingest, second.table, 1, tricks=9)
    ns, ew = entry(ingest, first.ns).total, entry(ingest, first.ew).total
    assert act(client, action="swap", round=first.round, pair=first.ns, second=first.ew) == \
        f"round {first.round}: pairs {first.ns} and {first.ew} swapped on 1 result"
    # the score stays with the seat: the pair that sat North-South gets North-South's points
    assert (entry(ingest, first.ew).total, entry(ingest, first.ns).total) == (ns, ew)
    row = next(r.result for r in ingest.traveller(1) if r.result.table == first.table)
    assert (row.ns, row.ew, row.source) == (first.ew, first.ns, "director")
    assert trail(ingest)[-1][0] == "swap seats"
    assert act(client, action="swap", round=first.round, pair=first.ns, second=first.ns).startswith("refused")
    agrees_with_a_full_rescore(ingest)


def test_weighted_scores_and_fouled_boards_are_for_pairs_scoring(tmp_path):
    from bridgetable.director.actions import ActionError, fouled, weighted

    ingest = Ingest(new_session(tmp_path, scoring="TEAMS",
                                movement={"kind": "teams", "boards": 4, "boards_per_round": 2}))
    pairs = r"\(MP, IMP, XIMP, TOTAL\)"
    with pytest.raises(ActionError, match=rf"a fouled board: for pairs scoring {pairs}, not TEAMS"):
        fouled(ingest, "td", 1, [2])
    with pytest.raises(ActionError, match="weighted scores: for pairs scoring"):
        weighted(ingest, "td", 1, 1, "50% 4S N 10; 50% 4S N 9")
