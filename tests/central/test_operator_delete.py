"""The operator deletes a junk session or a whole club (issue 23, "For the operator"): only with the
operator's login, only from the operator's page (its form's token, no other site's Origin), each
deletion recorded (when, what, by whom, how much), and what is not named is left alone."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.db import CentralDb

from .test_pages import CLUB, PLAYING, UID, center  # noqa: F401 (center: the pages' fixture)

LOGIN = ("operator", "op secret")


@pytest.fixture
def client(center: str) -> Iterator[TestClient]:  # noqa: F811
    with TestClient(web.create_app(center, operator_password=LOGIN[1])) as c:
        yield c


def token(client: TestClient) -> str:
    page = client.get("/operator", auth=LOGIN).text
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    assert found, "the operator's page has no delete form"
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    assert title is not None and "<" not in title.group(1)  # the page's parts in its body, once
    assert page.count('id="deletions"') == 1 and page.count('id="revoked"') == 1
    return found.group(1)


def held(url: str) -> dict[str, int]:
    db = CentralDb(url, create=False)
    try:
        return {table: db.rows(f"SELECT count(*) AS n FROM {table}")[0]["n"]
                for table in ("clubs", "sessions", "players", "results", "rankings", "deletions")}
    finally:
        db.close()


def test_only_the_operators_own_form_deletes(client: TestClient, center: str) -> None:  # noqa: F811
    before = held(center)
    form = {"club": PLAYING, "session": UID, "csrf": token(client)}
    assert client.post("/operator/delete", data=form).status_code == 401  # no login
    assert client.post("/operator/delete", data=form, auth=("operator", "guess")).status_code == 401
    forged = client.post("/operator/delete", data={**form, "csrf": "0" * 64}, auth=LOGIN,
                         headers={"Accept-Language": "de"})
    assert forged.status_code == 403 and "Seite des Betreibers" in forged.text
    elsewhere = client.post("/operator/delete", data=form, auth=LOGIN,
                            headers={"Origin": "http://evil.example"})
    assert elsewhere.status_code == 403 and "evil.example" in elsewhere.text
    assert held(center) == before


def test_a_junk_session_deleted_and_recorded(client: TestClient, center: str) -> None:  # noqa: F811
    assert client.get(f"/club/{PLAYING}/{UID}").status_code == 200
    done = client.post("/operator/delete", data={"club": PLAYING, "session": UID, "csrf": token(client)},
                       auth=LOGIN, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/operator"
    assert client.get(f"/club/{PLAYING}/{UID}").status_code == 404
    assert client.get(f"/club/{CLUB}/{UID}").status_code == 200  # the other club's is left alone
    assert [p["clubs"] for p in client.get("/api/players?name=Ann").json()] == [CLUB]
    [deletion] = client.get("/api/operator", auth=LOGIN).json()["deletions"]
    assert (deletion["club"], deletion["session"], deletion["by"], deletion["sessions"],
            deletion["results"]) == (PLAYING, UID, "testclient", 1, 5) and deletion["at"]
    page = client.get("/operator", auth=LOGIN, headers={"Accept-Language": "nl"}).text
    assert f'<td class="text">{PLAYING}</td><td class="text">{UID}</td>' in page
    again = client.post("/operator/delete", data={"club": PLAYING, "session": UID, "csrf": token(client)},
                        auth=LOGIN, headers={"Accept-Language": "da"})
    assert again.status_code == 404 and UID in again.text
    assert len(client.get("/api/operator", auth=LOGIN).json()["deletions"]) == 1  # nothing: no record


def test_a_whole_club_deleted_and_recorded(client: TestClient, center: str) -> None:  # noqa: F811
    results = held(center)["results"]
    done = client.post("/operator/delete", data={"club": CLUB, "session": " ", "csrf": token(client)},
                       auth=LOGIN)
    assert done.status_code == 200 and "Nothing has been deleted." not in done.text  # back on the page
    assert client.get(f"/club/{CLUB}").status_code == 404
    assert [c["club"] for c in client.get("/api/clubs").json()] == [PLAYING]
    [deletion] = client.get("/api/operator", auth=LOGIN).json()["deletions"]
    assert (deletion["club"], deletion["session"], deletion["sessions"]) == (CLUB, None, 1)
    assert held(center)["results"] == results - deletion["results"] == 5  # PLAYING's five remain
    nowhere = client.post("/operator/delete", data={"club": "nowhere", "csrf": token(client)}, auth=LOGIN)
    assert nowhere.status_code == 404 and "nowhere" in nowhere.text
    unnamed = client.post("/operator/delete", data={"club": "", "csrf": token(client)}, auth=LOGIN)
    assert unnamed.status_code == 400
