"""Double-dummy analysis on the board pages (the optional ``dd`` extra, endplay): the figures are
endplay's own, computed once per board and stored; without the extra the page says so."""

from __future__ import annotations

import importlib.util
import re

import pytest
from starlette.testclient import TestClient

from bridgetable.director import analysis, web
from bridgetable.director.ingest import Ingest

from .helpers import new_session, received, result_message

ENDPLAY = importlib.util.find_spec("endplay") is not None
needs_endplay = pytest.mark.skipif(not ENDPLAY, reason="endplay (the dd extra) is not installed: "
                                                        "pip install 'bridgetable[dd]'")


@pytest.fixture
def ingest(tmp_path):
    return Ingest(new_session(tmp_path))


@pytest.fixture
def client(ingest):
    """Logged in as the director, who sees the board pages before every table has played them."""
    with TestClient(web.create_app(ingest, password="pw")) as c:
        csrf = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)
        c.post("/login", data={"name": "td", "password": "pw", "csrf": csrf})
        yield c


def page_tricks(page: str) -> dict[str, dict[str, int]]:
    rows = re.findall(r'<tr data-seat="(\w)">(.*?)</tr>', page)
    return {seat: {strain: int(n) for strain, n in re.findall(r'data-strain="(\w)">(\d+)<', cells)}
            for seat, cells in rows}


@needs_endplay
def test_the_board_page_shows_endplays_figures(client, ingest):
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Denom, Player, Vul

    for number in (1, 2, 7):
        info = ingest.boards[number]
        table = calc_dd_table(Deal(info.deal))
        page = client.get(f"/board/{number}").text
        shown = page_tricks(page)
        denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "N": Denom.nt}
        for seat, player in zip("NESW", (Player.north, Player.east, Player.south, Player.west), strict=True):
            assert shown[seat] == {s: table[d, player] for s, d in denoms.items()}
        vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[info.vulnerability]
        expected = par(table, vul, Player.find(info.dealer))
        shown_par = re.sub(r"<[^>]+>", "", re.search(r'<p id="par">(.*?)</p>', page, re.S).group(1))
        assert shown_par.endswith(f"NS {expected.score:+d}" if expected.score else "NS 0")
        symbols = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣", "nt": "NT"}
        for c in expected:  # endplay's "5♠Wx-3" is shown as "5♠X-3 by W" ("2♠ by N or S" when made)
            risk = {"passed": "", "doubled": "X", "redoubled": "XX"}[c.penalty.name]
            result = f"{c.result:+d}" if c.result else ""
            contract = re.escape(f"{c.level}{symbols[c.denom.name]}{risk}{result} by ")
            assert re.search(contract + r"([NESW], )*([NESW] or )?" + c.declarer.abbr, shown_par), shown_par


@needs_endplay
def test_each_rows_double_dummy_tricks_and_the_analysis_is_computed_once(client, ingest, monkeypatch):
    ingest.store_result(received(result_message(ingest.session, 1, 1, "3NT", "S", 8)))
    first = client.get("/board/1").text
    tricks = page_tricks(first)["S"]["N"]
    assert f'<td class="dd opt">{tricks}</td>' in first

    def not_again(*args: object) -> None:
        raise AssertionError("analysed again")

    monkeypatch.setattr(analysis, "analyse", not_again)
    assert page_tricks(client.get("/board/1").text)["S"]["N"] == tricks  # from the store
    assert ingest.session.store.analysis(ingest.session.id, 1)["tricks"]["S"]["N"] == tricks


def test_without_the_extra_the_page_says_how_to_get_it(client, ingest, monkeypatch):
    monkeypatch.setattr(analysis, "available", lambda: False)
    page = client.get("/board/3").text
    assert 'id="analysis-note"' in page and "bridgetable[dd]" in page and "Double dummy" not in page


@needs_endplay
def test_a_known_deal():
    """Each hand holds one whole suit: whoever declares makes 13 tricks in his own suit and none
    in notrump (the opening leader runs his suit)."""
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    result = analysis.analyse(deal, "N", "None")
    assert result.tricks["N"]["S"] == 13 and result.tricks["E"]["H"] == 13
    assert result.tricks["N"]["N"] == 0 and result.tricks["W"]["C"] == 13
