"""The station's USEBIO written element by element as the club scorers' files that results sites
take (Compscore3's exports: a federation's results site keeps ten among its test files). The files
in tests/data/usebio are written for this project in exactly that form, with made-up names and
numbers (tests/data/SOURCES.md). Every element we write must stand where those files put it (the
same parent, in the same order among its siblings), and its text must have the form theirs has."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgetable.director.actions import adjust
from bridgetable.director.exports import usebio_xml
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.director.standings import score_session
from bridgetable.scoring import BoardResult, butler

from .helpers import new_session, play_round

FORMS = Path(__file__).parents[1] / "data" / "usebio"
HOWELL = {"kind": "howell", "pairs": 8, "boards_per_round": 2, "rounds": 3}
# what each element's text looks like in the scorers' files
TEXT = {
    "PAIR_NUMBER": r"\d+(NS|EW)?", "NS_PAIR_NUMBER": r"\d+(NS|EW)?", "EW_PAIR_NUMBER": r"\d+(NS|EW)?",
    "DIRECTION": r"(NS|EW|North|East|South|West)?", "PLACE": r"\d+", "NATIONAL_ID_NUMBER": r"\d+",
    "PERCENTAGE": r"\d+\.\d\d", "TOTAL_SCORE": r"-?\d+\.\d\d", "MASTER_POINTS_AWARDED": r"\d+",
    "CONTRACT": r"PASS|[1-7](C|D|H|S|NT)X{0,2}", "PLAYED_BY": "[NESW]", "LEAD": "[2-9TJQKA][CDHS]",
    "TRICKS": r"\d+", "SCORE": r"-?\d+|A\d{4}", "DATE": r"\d\d/\d\d/\d{4}",
    "NS_TOTAL_POINTS": r"-?\d+\.\d\d", "EW_TOTAL_POINTS": r"-?\d+\.\d\d",
    "CLUBS": "[AKQJT2-9]*", "DIAMONDS": "[AKQJT2-9]*", "HEARTS": "[AKQJT2-9]*", "SPADES": "[AKQJT2-9]*",
}


def children_order(root: ET.Element) -> dict[str, list[str]]:
    """For each element path, the distinct child tags in the order they first appear."""
    order: dict[str, list[str]] = {}
    for path, element in elements(root):
        tags = order.setdefault(path, [])
        tags += [child.tag for child in element if child.tag not in tags]
    return order


def elements(root: ET.Element, path: str = "") -> Iterator[tuple[str, ET.Element]]:
    path = f"{path}/{root.tag}" if path else root.tag
    yield path, root
    for child in root:
        yield from elements(child, path)


def assert_in_form(ours: ET.Element, form: ET.Element, text: dict[str, str]) -> None:
    """Every element of ``ours`` stands where ``form`` puts it (the same parent, in the same order
    among its siblings), and each element's text has the form ``text`` gives for its tag."""
    theirs = children_order(form)
    for path, element in elements(ours):
        tags = [child.tag for child in element]
        if not tags:
            pattern = text.get(element.tag)
            assert pattern is None or re.fullmatch(pattern, element.text or ""), f"{path}: {element.text!r}"
            continue
        assert path in theirs, f"{path}: the scorers' files have no such element"
        assert set(tags) <= set(theirs[path]), f"{path}: {sorted(set(tags) - set(theirs[path]))} not theirs"
        positions = [theirs[path].index(tag) for tag in tags]
        assert positions == sorted(positions), f"{path}: {tags} out of the scorers' order {theirs[path]}"


def played(tmp_path: Path, scoring: str, movement: dict | None = None,
           numbers: dict[int, list[dict[str, str]]] | None = None) -> Session:
    tmp_path.mkdir(parents=True, exist_ok=True)
    session = new_session(tmp_path, scoring=scoring, movement=movement)
    session.setup.numbers = numbers or {}
    session.setup.master_point_type = "GREEN"
    ingest = Ingest(session)
    rng = random.Random(5)
    for r in (1, 2, 3):
        play_round(ingest, r, rng)
    adjust(ingest, "td", 1, 1, "A+/A-")
    return ingest.session


ALL = {pair: [{"national": f"10000{pair}1", "club": "7"}, {"national": f"10000{pair}2", "club": ""}]
       for pair in range(1, 9)}
CASES = {
    "MP Mitchell, every number": ("MP", None, ALL, "mp_pairs_mitchell.xml"),
    "MP Mitchell, some numbers": ("MP", None, {1: ALL[1], 6: ALL[6][:1]}, "mp_pairs_mitchell.xml"),
    "MP Mitchell, no numbers": ("MP", None, {}, "mp_pairs_mitchell.xml"),
    "Butler Howell": ("IMP", HOWELL, ALL, "butler_howell.xml"),
    "cross-IMP Howell": ("XIMP", HOWELL, {}, "cross_imp_howell.xml"),
    "total points Mitchell": ("TOTAL", None, {1: ALL[1]}, "aggregate_mitchell.xml"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_element_stands_where_the_scorers_files_put_it(tmp_path: Path, case: str) -> None:
    scoring, movement, numbers, form = CASES[case]
    reference = ET.parse(FORMS / form).getroot()
    ours = ET.fromstring(usebio_xml(played(tmp_path, scoring, movement, numbers), club="Example Club"))
    assert_in_form(ours, reference, TEXT)
    assert ours.find("EVENT").get("EVENT_TYPE") == reference.find("EVENT").get("EVENT_TYPE")
    assert ours.find("EVENT/PARTICIPANTS").get("EVENT_TYPE") == reference.find("EVENT").get("EVENT_TYPE")
    for pair in ours.iter("PAIR"):  # every player with a number, 0 when it is not known
        assert [p.find("NATIONAL_ID_NUMBER") is not None for p in pair.iter("PLAYER")] == [True, True]


def test_a_mitchell_numbers_each_direction_from_one_and_a_howell_writes_no_direction(tmp_path: Path) -> None:
    mitchell = ET.fromstring(usebio_xml(played(tmp_path / "m", "MP")))
    assert sorted(p.findtext("PAIR_NUMBER") for p in mitchell.iter("PAIR")) == sorted(
        [f"{n}NS" for n in range(1, 5)] + [f"{n}EW" for n in range(1, 5)])
    assert {p.findtext("PAIR_NUMBER")[-2:]: p.findtext("DIRECTION") for p in mitchell.iter("PAIR")} == {
        "NS": "NS", "EW": "EW"}
    howell = ET.fromstring(usebio_xml(played(tmp_path / "h", "IMP", HOWELL)))
    assert howell.findtext("EVENT/WINNER_TYPE") == "1"
    assert {p.findtext("DIRECTION") for p in howell.iter("PAIR")} == {""}
    assert sorted(int(p.findtext("PAIR_NUMBER")) for p in howell.iter("PAIR")) == list(range(1, 9))


def test_tied_pairs_share_a_bare_place_and_an_adjusted_score_is_written_as_the_scorers_do(
        tmp_path: Path) -> None:
    session = played(tmp_path, "MP")
    root = ET.fromstring(usebio_xml(session))
    places = [p.findtext("PLACE") for p in root.iter("PAIR")]
    assert all(place.isdigit() for place in places)
    ranking = [e for entries in score_session(session).ranking.values() for e in entries]
    assert [e.rank.rstrip("=") for e in ranking] == places
    adjusted = [line for line in root.iter("TRAVELLER_LINE") if line.findtext("SCORE", "").startswith("A")]
    assert [(line.findtext("SCORE"), line.find("CONTRACT")) for line in adjusted] == [("A6040", None)]


def test_total_points_take_the_dtds_type_and_every_figure_is_the_scores(tmp_path: Path) -> None:
    """Total points as AGGREGATE, in the form of aggregate_mitchell.xml: each line's points North-South's
    score and its negation (the director's 60/40 the mean of the board's scores and 10 points a
    percent), each pair's total the sum of its lines, the places by the totals in each direction."""
    session = played(tmp_path, "TOTAL")
    total = ET.fromstring(usebio_xml(session))
    assert total.find("EVENT").get("EVENT_TYPE") == "AGGREGATE"
    assert total.findtext("EVENT/SCORING_METHOD") == "AGGREGATE"
    sums: dict[str, float] = {}
    for board in total.find("EVENT").iter("BOARD"):
        lines = board.findall("TRAVELLER_LINE")
        real = [int(line.findtext("SCORE")) for line in lines if not line.findtext("SCORE").startswith("A")]
        for line in lines:
            score = line.findtext("SCORE")
            ns, ew = (float(line.findtext(f"{side}_TOTAL_POINTS")) for side in ("NS", "EW"))
            if score.startswith("A"):  # A6040: the mean of the others and 10 points a percent either way
                mean = sum(real) / len(real)
                assert (score, ns, ew) == ("A6040", pytest.approx(mean + 100), pytest.approx(-mean - 100))
            else:
                assert (ns, ew) == (int(score), -int(score))
            for side, points in (("NS", ns), ("EW", ew)):
                pair = line.findtext(f"{side}_PAIR_NUMBER")
                sums[pair] = sums.get(pair, 0.0) + points
    pairs = list(total.iter("PAIR"))
    assert {p.findtext("PAIR_NUMBER"): float(p.findtext("TOTAL_SCORE")) for p in pairs} == pytest.approx(sums)
    for direction in ("NS", "EW"):
        ranked = [(float(p.findtext("TOTAL_SCORE")), int(p.findtext("PLACE"))) for p in pairs
                  if p.findtext("DIRECTION") == direction]
        assert [t for t, _ in ranked] == sorted((t for t, _ in ranked), reverse=True)
        assert [place for _, place in ranked] == sorted(place for _, place in ranked) and ranked[0][1] == 1


def test_the_station_scores_butler_with_the_sessions_trim_setting(tmp_path: Path) -> None:
    """Each board of this Mitchell is played three times: trimming from 3 makes the middle score the
    datum, the default (from 5) averages all three; the travellers follow the session's setting."""
    session = new_session(tmp_path, scoring="IMP")
    session.setup.butler_trim_from = 3
    ingest = Ingest(session)
    rng = random.Random(5)
    for r in (1, 2, 3):
        play_round(ingest, r, rng)
    differs = 0
    for rows in score_session(session).travellers.values():
        inputs = [BoardResult(row.result.board, row.result.ns, row.result.ew, row.result.ns_score or 0)
                  for row in rows]
        assert [row.ns_points for row in rows] == [s.ns for s in butler(inputs, 3)]
        differs += [s.ns for s in butler(inputs, 3)] != [s.ns for s in butler(inputs)]
    assert differs  # the setting changed some board's IMPs
