"""Fair play in Swiss pairs (issue 28): the crawl of ``test_fair_play`` over a Swiss pairs evening.
Six pairs at three tables, two boards a round, every table of a round on the round's boards. In
round 1 board 1 is over everywhere; tables 1 and 2 have played board 2 (a grand slam and a small
one, scores no finished board has), table 3 is still playing it: no visitor may see board 2's
hands, contracts or scores, on the VP ranking, the cross-table, a match's page or anywhere else."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore
from bridgetable.director.templating import call

from .director.helpers import received, result_message
from .director.pages import serve
from .test_fair_play import PASSWORD, board_secrets, cards, crawl_station, leaks, text_of, word

IN_PLAY = {(1, 2): ("7NT", "S", 13), (2, 2): ("6NT", "N", 12)}  # (table, board): board 2, not at table 3
OVER = {(1, 1): ("2H", "N", 8), (2, 1): ("3S", "S", 9), (3, 1): ("1NT", "E", 7)}


def swiss_session(directory: Path) -> Ingest:
    setup = SessionSetup("fair", "Swiss night", {"kind": "swiss-pairs", "pairs": 6, "boards_per_round": 2,
                                                 "rounds": 3}, "MP", pairs={1: "Ann & Bo", 4: "Eva & Finn"})
    ingest = Ingest(Session.create(SQLiteStore(directory / "station.db"), setup, generated_boards(6, seed=5)))
    for (table, board), (contract, declarer, tricks) in {**OVER, **IN_PLAY}.items():
        message = result_message(ingest.session, table, board, contract, declarer, tricks)
        ingest.store_result(received(message))
    return ingest


def hidden(ingest: Ingest) -> dict[str, re.Pattern[str]]:
    deal = ingest.session.store.boards(ingest.session.id)[2].deal or ""
    found = {f"board 2 hand {form} {text}": cards(text) for form, text in board_secrets(deal).items()}
    for r in ingest.live.results():
        if (r.table, r.board) in IN_PLAY:
            for text in {r.contract, text_of(call(r.contract))}:
                found[f"board 2 contract {text}"] = word(text)
            found[f"board 2 score {r.ns_score}"] = word(str(r.ns_score))
    return found


def test_no_route_shows_a_visitor_a_board_some_table_of_the_round_is_still_playing(tmp_path: Path) -> None:
    ingest = swiss_session(tmp_path)
    secret = hidden(ingest)
    assert len(secret) >= 12 + 4
    with serve(ingest, PASSWORD) as base, httpx.Client(timeout=httpx.Timeout(30)) as visitor:
        pages = crawl_station(base, ingest, visitor)
        assert any(path.startswith("GET /match/1/") for path in pages)
        assert leaks(pages, secret) == [], "\n".join(leaks(pages, secret))
        assert "Ranking by victory points" in pages["GET /"]
        assert "110" in pages["GET /match/1/1"]  # board 1, over everywhere: 2♥ made, +110 to 1 v 2
        with httpx.Client(timeout=httpx.Timeout(30)) as director:  # the director sees board 2's results
            page = director.get(base + "/login").text
            csrf = re.search(r'name="csrf" value="([^"]+)"', page)[1]
            director.post(base + "/login", data={"password": PASSWORD, "csrf": csrf, "name": "TD"})
            shown = text_of(director.get(base + "/match/1/1").text)
            assert any(pattern.search(f"{shown}\n{shown.replace(' ', '')}")
                       for name, pattern in secret.items() if "score" in name)
