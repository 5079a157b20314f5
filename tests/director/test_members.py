"""The club's member list (``--members``) and the numbers the tables enter (``director.members``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.director.members import Member, MemberList, entered_numbers
from bridgetable.director.session import SessionSetup, SetupError
from bridgetable.director.upstream import numbered

MEMBERS = "number,name,club\n12345,Ann Andersen,C17\n607,Bo Berg,C17\n\n00042,Cy Carlsen,\n"


def _members(tmp_path: Path, text: str = MEMBERS) -> Path:
    path = tmp_path / "members.csv"
    path.write_text(text, encoding="utf-8-sig")  # a spreadsheet's CSV begins with a BOM
    return path


def test_the_list_is_read_with_its_header_and_looked_up_by_number(tmp_path: Path) -> None:
    members = MemberList.read(_members(tmp_path))
    assert members.lookup("12345") == Member("12345", "Ann Andersen", "C17")
    assert members.lookup("42") == members.lookup("0042") == Member("42", "Cy Carlsen", "")
    assert members.lookup("0") is None and members.lookup("999") is None and members.lookup("") is None


@pytest.mark.parametrize(("text", "where"), [
    ("1,Ann,C1\n2,Bo\n", "line 2: write a member as NUMBER,NAME,CLUB"),
    ("1,Ann,C1\nA7,Bo,C1\n", "line 2: write a member"),
    ("1,,C1\n", "line 1: write a member"),
    ("0,Guest,C1\n", "line 1: write a member"),
    ("1,Ann,C1\n2,Bo,C1\n01,Cy,C2\n", "line 3: number 1 is also on line 1"),
])
def test_a_line_that_does_not_fit_is_refused_with_the_file_and_line(tmp_path: Path, text: str,
                                                                     where: str) -> None:
    path = _members(tmp_path, text)
    with pytest.raises(SetupError, match=where) as raised:
        MemberList.read(path)
    assert str(path) in str(raised.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="--members .*nowhere.csv"):
        MemberList.read(tmp_path / "nowhere.csv")


def test_a_results_numbers_go_to_its_pairs_with_the_members_names(tmp_path: Path) -> None:
    members = MemberList.read(_members(tmp_path))
    movement = {"kind": "mitchell", "tables": 4, "boards_per_round": 2}
    setup = SessionSetup("s", "e", movement, pairs={5: "Guests"})
    record = {"players": {"N": "12345", "E": "0", "S": "607", "W": "42"}}
    assert entered_numbers(setup, record, 3, 5, members)
    assert setup.pairs == {3: "Ann Andersen & Bo Berg", 5: "Guests"}  # the director's name stays
    assert setup.numbers == {
        3: [{"national": "12345", "club": "C17", "name": "Ann Andersen"},
            {"national": "607", "club": "C17", "name": "Bo Berg"}],
        5: [{"national": "0", "club": "", "name": ""}, {"national": "42", "club": "", "name": "Cy Carlsen"}]}
    assert not entered_numbers(setup, record, 3, 5, members)  # the same again: nothing changed
    assert not entered_numbers(setup, {"contract": "3NT"}, 3, 5, members)  # a board without numbers
    without = SessionSetup("s", "e", movement)
    assert entered_numbers(without, record, 3, 5, None)  # no member list: the numbers alone
    assert without.numbers[3][0] == {"national": "12345", "club": "", "name": ""} and not without.pairs


def test_the_center_is_sent_the_numbers_known_and_no_number_for_a_guest() -> None:
    named = [{"name": "Ann"}, {"name": "Bob (777)", "number": "777"}]
    assert numbered(named, [{"national": "12345", "club": "", "name": "Ann Andersen"},
                            {"national": "0", "club": "", "name": ""}]) == [
        {"name": "Ann Andersen", "number": "12345"}, {"name": "Bob (777)", "number": "777"}]
    assert numbered([], [{"national": "5", "club": "", "name": "Cy"}]) == [{"name": "Cy", "number": "5"}]
    assert numbered(named, []) == named
