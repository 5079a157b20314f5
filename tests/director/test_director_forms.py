"""The director's forms as a director uses them: a correction keeps what the table recorded
beside the ruling and its reason; contracts and seats typed as the pages write them in the
director's language; the rounds' buttons; the audit trail's details."""

from __future__ import annotations

import json
import re
import time
from datetime import date, datetime, timedelta

import httpx
import pytest
from starlette.testclient import TestClient

from bridgetable import i18n
from bridgetable.bridge import Seat
from bridgetable.director import web
from bridgetable.director.boardpage import high_card_points, par_contracts
from bridgetable.director.exports import write_exports
from bridgetable.director.ingest import Ingest

from .helpers import new_session, received, result_message
from .pages import serve

PASSWORD = "s3cret"


@pytest.fixture
def station(tmp_path):
    ingest = Ingest(new_session(tmp_path))
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        yield ingest, client


def log_in(client):
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text).group(1)
    client.post("/login", data={"name": "Tom", "password": PASSWORD, "csrf": csrf})


def act(client, language="en", **fields) -> str:
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(f"/director?lang={language}").text).group(1)
    page = client.post("/director", data={**fields, "csrf": csrf}).text
    return re.search(r'<p id="message">(.*?)</p>', page, re.S).group(1)


def tables_of(ingest, board):
    return [a.table for a in ingest.session.movement.assignments if board in a.boards]


def latest(ingest, table, board):
    return next(r for r in ingest.live.results() if r.table == table and r.board == board)


def test_a_correction_keeps_the_tables_auction_and_play_marked_as_the_directors_ruling(station):
    ingest, client = station
    tables = tables_of(ingest, 1)
    sent = {}
    for table in tables:
        sent[table] = result_message(ingest.session, table, 1, "4S", "N", 10)
        ingest.store_result(received(sent[table]))
    corrected = tables[1]
    log_in(client)
    message = act(client, action="result", table=corrected, board=1, contract="4S", declarer="N", tricks="9",
                  reason="revoke established, Law 64A1")
    assert "stored as revision" in message
    client.post("/logout", data={"csrf": re.search(r'name="csrf" value="([^"]+)"',
                                                   client.get("/director").text).group(1)})
    page = client.get("/board/1").text
    assert 'id="withheld"' not in page
    row = re.search(rf'<tr data-table="{corrected}" class="([^"]*)">(.*?)</tr>', page, re.S)
    assert "ruling" in row.group(1).split() and 'title="revoke established, Law 64A1"' in row.group(2)
    note = re.search(rf'<p class="note ruling" data-table="{corrected}">(.*?)</p>', page, re.S).group(1)
    assert "revoke established, Law 64A1" in note and "the table had recorded" in note and " 10" in note
    viewer = json.loads(re.search(r'<script type="application/json" id="board-data">(.*?)</script>',
                                  page, re.S).group(1))
    replayed = next(r for r in viewer["rows"] if r["table"] == corrected)
    assert [c["call"] for c in replayed["calls"]] == sent[corrected]["auction"]
    assert [c["card"] for c in replayed["tricks"][0]["cards"]] == sent[corrected]["play"]
    assert replayed["ruling"]["reason"] == "revoke established, Law 64A1"
    assert replayed["ruling"]["table"]["tricks"] == 10 and replayed["tricks_won"] == 9
    stored = latest(ingest, corrected, 1)
    assert stored.lead == sent[corrected]["play"][0] and stored.ns_score < 0  # one down
    # a second correction still knows what the table recorded
    log_in(client)
    act(client, action="result", table=corrected, board=1, contract="4S", declarer="N", tricks="10",
        reason="")
    again = latest(ingest, corrected, 1)
    assert again.record["ruling"]["table"]["tricks"] == 10
    assert again.record["play"] == sent[corrected]["play"]
    assert [e.action for e in ingest.session.store.audit_trail(ingest.session.id)] == ["correct", "correct"]
    first = ingest.session.store.audit_trail(ingest.session.id)[0]
    assert first.detail.endswith("(revoke established, Law 64A1)")


@pytest.mark.parametrize(("language", "contract", "declarer", "stored"), [
    ("da", "3UT", "Ø", ("3NT", "E")), ("da", "4♠RD", "V", ("4SXX", "W")), ("da", "2hD", "Syd", ("2HX", "S")),
    ("de", "3SA", "O", ("3NT", "E")), ("nl", "4♥X", "Z", ("4HX", "S")), ("hu", "1SA", "Ny", ("1NT", "W")),
    ("hu", "5D", "D", ("5D", "S")), ("en", "3NT", "E", ("3NT", "E")),
])
def test_the_forms_read_contracts_and_seats_as_the_pages_write_them(station, language, contract, declarer,
                                                                     stored):
    ingest, client = station
    log_in(client)
    table = tables_of(ingest, 1)[0]
    message = act(client, language, action="result", table=table, board=1, contract=contract,
                  declarer=declarer, tricks="8")
    assert "1000" in message, message
    result = latest(ingest, table, 1)
    assert (result.contract, result.declarer) == stored


def test_a_hungarian_plain_e_as_declarer_is_refused_and_nothing_stored(station):
    ingest, client = station
    log_in(client)
    table = tables_of(ingest, 1)[0]
    before = ingest.session.store.results(ingest.session.id, all_revisions=True)
    message = act(client, "hu", action="result", table=table, board=1, contract="3SA", declarer="E",
                  tricks="9")
    assert "&#39;E&#39; hely lehet Észak (É ékezet nélkül) vagy Kelet" in message, message
    assert ingest.session.store.results(ingest.session.id, all_revisions=True) == before
    assert "1000" in act(client, "hu", action="result", table=table, board=1, contract="3SA",
                         declarer="Eszak", tricks="9")
    assert (latest(ingest, table, 1).contract, latest(ingest, table, 1).declarer) == ("3NT", "N")


@pytest.mark.parametrize(("language", "word"), [("da", "Pas"), ("de", "Passe"), ("de", "Pass"), ("nl", "pas"),
                                                ("hu", "Passz")])
def test_a_passed_out_board_in_each_languages_word(station, language, word):
    ingest, client = station
    log_in(client)
    table = tables_of(ingest, 2)[0]
    assert "1000" in act(client, language, action="result", table=table, board=2, contract=word)
    assert latest(ingest, table, 2).contract == "Pass"


def test_a_weighted_score_in_danish_and_its_audit_detail_keeps_the_tricks(station):
    ingest, client = station
    log_in(client)
    table = tables_of(ingest, 1)[0]
    message = act(client, "da", action="weighted", table=table, board=1, parts="30% 4♠ S 10; 70% 4UT V 9")
    assert "refus" not in message.lower() and "afvist" not in message.lower(), message
    parts = latest(ingest, table, 1).record["weighted"]
    assert [(p["contract"], p["declarer"], p["tricks"]) for p in parts] == [("4S", "S", 10), ("4NT", "W", 9)]
    detail = ingest.session.store.audit_trail(ingest.session.id)[-1].detail
    assert "30% 4S S 10 = NS " in detail and "70% 4NT W 9 = NS " in detail


def wrong_passwords_then_the_right_one(client, forwarded_for) -> int:
    """Five wrong passwords, each claiming another X-Forwarded-For, then the right one: its status."""
    for attempt in range(5):
        csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text).group(1)
        client.post("/login", data={"password": "guess", "csrf": csrf},
                    headers={"X-Forwarded-For": forwarded_for(attempt)})
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text).group(1)
    return client.post("/login", data={"password": PASSWORD, "csrf": csrf},
                       headers={"X-Forwarded-For": forwarded_for(5)}, follow_redirects=False).status_code


def test_a_forged_x_forwarded_for_does_not_reset_the_login_throttle(tmp_path):
    ingest = Ingest(new_session(tmp_path))
    with serve(ingest, password=PASSWORD) as url, httpx.Client(base_url=url) as client:  # from 127.0.0.1
        assert wrong_passwords_then_the_right_one(client, lambda n: f"10.0.0.{n}") == 429


def test_x_forwarded_for_names_the_client_behind_a_trusted_proxy(tmp_path):
    ingest = Ingest(new_session(tmp_path))
    app = web.create_app(ingest, password=PASSWORD, trusted_proxies=["testclient"])  # TestClient's peer
    with TestClient(app) as client:  # each wrong password from another client behind the proxy
        assert wrong_passwords_then_the_right_one(client, lambda n: f"10.0.0.{n}") == 303
    with TestClient(app) as client:  # one client behind the proxy (which appends the address it saw)
        assert wrong_passwords_then_the_right_one(client, lambda n: f"1.2.3.{n}, 10.0.1.1") == 429


def test_the_audit_trail_shows_the_stations_local_time(station, monkeypatch):
    ingest, client = station
    monkeypatch.setenv("TZ", "Asia/Kolkata")  # UTC+05:30 all year
    time.tzset()
    try:
        log_in(client)
        act(client, action="not-played", table=tables_of(ingest, 1)[0], board=1)
        stored = ingest.session.store.audit_trail(ingest.session.id)[-1].at  # kept in UTC
        utc = datetime.fromisoformat(stored)
        local = (utc + timedelta(hours=5, minutes=30)).strftime("%Y-%m-%d %H:%M:%S")
        assert f"<td>{local}</td>" in client.get("/director").text
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_plurals_in_the_messages_and_the_fouled_boards_note(station):
    ingest, client = station
    log_in(client)
    pair = ingest.session.movement.pairs[0]
    assert act(client, action="penalty", pair=pair, points="1", reason="slow") == \
        f"pair {pair}: penalty of 1 point"
    assert act(client, action="penalty", pair=pair, points="2.5", reason="slow") == \
        f"pair {pair}: penalty of 2.5 points"
    assert ingest.session.store.audit_trail(ingest.session.id)[0].detail == f"pair {pair}: 1 point (slow)"
    first, second, third = tables_of(ingest, 1)
    for table in (first, second, third):
        ingest.store_result(received(result_message(ingest.session, table, 1, "4S", "N", 10)))
    act(client, action="fouled", board=1, tables=str(third))
    assert ingest.session.store.audit_trail(ingest.session.id)[-1].detail == \
        f"board 1: table {third} scored apart"
    assert f"table {third} played other cards and is scored apart" in client.get("/board/1").text


def test_a_page_that_is_not_there_answers_with_the_sites_own_page(station):
    ingest, client = station
    for path in ("/board/abc", "/pair/x", "/nothing"):
        page = client.get(path)
        assert page.status_code == 404 and f"There is no page {path} on this station" in page.text
        assert '<nav><a href="/">Ranking</a>' in page.text  # the site's menu
    refused = client.post("/tables")
    assert refused.status_code == 405 and "This page cannot do that (HTTP 405)" in refused.text
    assert "Der er ingen side /board/abc" in client.get("/board/abc?lang=da").text


def test_the_board_page_links_the_previous_and_next_boards_and_shows_each_hands_points(station):
    ingest, client = station
    page = client.get("/board/1").text  # withheld, but its neighbours are linked
    assert 'id="previous-board"' not in page and 'href="/board/2" rel="next"' in page
    last = max(ingest.boards)
    page = client.get(f"/board/{last}").text
    assert f'href="/board/{last - 1}" rel="prev"' in page and 'id="next-board"' not in page
    for table in tables_of(ingest, 1):
        ingest.store_result(received(result_message(ingest.session, table, 1, "4S", "N", 10)))
    page = client.get("/board/1").text
    points = high_card_points(ingest.boards[1].deal)
    assert sum(points.values()) == 40
    for seat, name in zip("NESW", ("North", "East", "South", "West"), strict=True):
        assert re.search(rf'id="hand-{seat}" data-name="{name}" data-hcp="{points[seat]} HCP"><b>{name}</b> '
                         rf'<span class="hcp">{points[seat]} HCP</span>', page)


def test_par_contracts_as_a_player_reads_them():
    assert par_contracts(["2SN=", "2SS="]) == [{"contract": "2S", "seats": "N or S"}]
    assert par_contracts(["5CXE-2", "5CXW-2", "4HN+1"]) == [{"contract": "5CX-2", "seats": "E or W"},
                                                           {"contract": "4H+1", "seats": "N"}]
    with i18n.speaking("da"):
        assert par_contracts(["3NTE=", "3NTW="]) == [{"contract": "3NT", "seats": "Ø eller V"}]


def test_the_director_downloads_the_exports_and_the_printout_stands_alone(station, tmp_path):
    ingest, client = station
    assert client.get("/director/export/pbn", follow_redirects=False).headers["location"] == "/login"
    for table in tables_of(ingest, 1):
        ingest.store_result(received(result_message(ingest.session, table, 1, "4S", "N", 10)))
    log_in(client)
    first, second, third = tables_of(ingest, 1)
    act(client, action="fouled", board=1, tables=str(third))
    pair = ingest.session.movement.pairs[0]
    act(client, action="penalty", pair=pair, points="3", reason="slow play")
    page = client.get("/director").text
    for kind in ("pbn", "usebio", "html"):
        assert f'href="/director/export/{kind}"' in page
    pbn = client.get("/director/export/pbn")
    assert pbn.headers["content-disposition"] == 'attachment; filename="club-night.pbn"'
    assert '[ScoreTable ' in pbn.text and '[Board "1"]' in pbn.text
    assert "<USEBIO" in client.get("/director/export/usebio").text
    assert client.get("/director/export/zip").status_code == 404
    html = client.get("/director/export/html").text
    written = (write_exports(ingest.session, tmp_path / "out")["html"]).read_text("utf-8")
    for printout in (html, written):
        assert "href=" not in printout and "<nav>" not in printout  # nothing that leads nowhere
        assert f"Played on {date.today().isoformat()}" in printout
        assert f"Pair {pair}: 3 taken off (slow play)" in printout
        assert f"table {third} played other cards and is scored apart" in printout
    assert '<a href="/pair/' in client.get("/results").text  # the station's own page keeps its links


def test_the_live_table_shows_the_contract_and_who_led_each_trick(station):
    ingest, client = station
    tables = tables_of(ingest, 1)
    sent = {t: result_message(ingest.session, t, 1, "4S", "N", 10) for t in tables}
    for message in sent.values():  # the board is over everywhere: nothing of it is withheld
        ingest.store_result(received(message))
    table, dealer = tables[0], Seat.parse(ingest.boards[1].dealer)
    events = [("call", call, str(dealer.after(i))) for i, call in enumerate(sent[table]["auction"])]
    leader = Seat.N.lho  # North declares
    events += [("card", card, str(leader.after(i))) for i, card in enumerate(sent[table]["play"])]
    for seq, (kind, value, seat) in enumerate(events):
        ingest.on_live({"table": table, "board": 1, "round": 1, "seq": seq, "event": kind, "value": value,
                        "seat": seat})
    log_in(client)
    page = client.get(f"/live/{table}").text
    assert re.search(r'<p id="live-contract">Contract: 4<span class="black">♠</span> by North</p>', page)
    assert "<th>Led by</th>" in page and f'<td class="leader">{leader}</td>' in page


@pytest.mark.parametrize(("scoring", "words"), [("TOTAL", "points over"), ("IMP", "IMPs over"),
                                                ("MP", "matchpoints of")])
def test_a_score_card_says_the_scorings_points(tmp_path, scoring, words):
    ingest = Ingest(new_session(tmp_path, scoring=scoring))
    for table in tables_of(ingest, 1):
        ingest.store_result(received(result_message(ingest.session, table, 1, "4S", "N", 10)))
    pair = ingest.session.movement.at(1, tables_of(ingest, 1)[0]).ns
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        standing = re.search(r'<p id="standing">(.*?)</p>', client.get(f"/pair/{pair}").text, re.S).group(1)
    assert words in standing and standing.endswith(" over 1 board")  # one board played so far
    assert ("%" in standing) == (scoring == "MP")  # a percentage only of matchpoints


@pytest.mark.parametrize(("language", "separator"), [("en", "."), ("da", ","), ("de", ","), ("nl", ","),
                                                     ("hu", ",")])
def test_decimals_as_the_reader_writes_them(station, language, separator):
    ingest, client = station
    tables = tables_of(ingest, 1)
    for table, tricks in zip(tables, (10, 9, 11), strict=True):
        ingest.store_result(received(result_message(ingest.session, table, 1, "4S", "N", tricks)))
    entry = next(e for entries in ingest.live.standings().ranking.values() for e in entries)
    page = client.get(f"/?lang={language}").text
    assert f'<td class="percent">{entry.percent:.2f}</td>'.replace(".", separator) in page
    card = client.get(f"/pair/{entry.pair}").text
    assert f'id="card-total">{entry.total:.2f}<'.replace(".", separator) in card
    board = client.get("/board/1").text
    assert f">{ingest.traveller(1)[0].ns_points:.2f}</td>".replace(".", separator) in board
