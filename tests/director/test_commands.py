"""`bridgetable station` options -> the session set-up."""

import pytest

from bridgetable.cli import build_parser
from bridgetable.director.commands import setup_from_args
from bridgetable.director.session import SetupError


def parse(*options):
    return build_parser().parse_args(["station", "--accounts", "a.json", "--session", "s", "--password", "x",
                                      *options])


def test_howell_with_names_and_generated_deals():
    setup, boards = setup_from_args(parse("--movement", "howell", "--pairs", "8", "--boards-per-round", "2",
                                          "--pair", "1=Ann & Bob", "--pair", "8=Cy & Di"))
    assert setup.movement == {"kind": "howell", "pairs": 8, "boards_per_round": 2, "rounds": None}
    assert setup.pairs == {1: "Ann & Bob", 8: "Cy & Di"}
    assert len(boards) == 14 and setup.build_movement().rounds == 7


def test_team_match_and_bad_names_are_refused_clearly():
    setup, boards = setup_from_args(parse("--movement", "teams", "--boards", "8", "--boards-per-round", "4",
                                          "--scoring", "TEAMS"))
    assert len(boards) == 8 and setup.scoring == "TEAMS"
    with pytest.raises(SetupError, match="NUMBER=NAMES"):
        setup_from_args(parse("--pair", "Ann & Bob"))


def test_a_team_evening_round_robin_and_swiss():
    setup, boards = setup_from_args(parse("--movement", "teams", "--teams", "7", "--boards-per-round", "3"))
    assert setup.scoring == "TEAMS" and setup.movement["kind"] == "team-event"
    movement = setup.build_movement()
    assert (movement.tables, movement.rounds, len(boards)) == (6, 7, 21)  # a bye each round
    setup, boards = setup_from_args(parse("--movement", "teams", "--teams", "8", "--swiss", "--rounds", "5",
                                          "--boards-per-round", "6", "--tie-break", "match"))
    movement = setup.build_movement()
    assert (movement.rounds, len(movement.round(1)), movement.round(2)) == (5, 8, [])  # paired as it goes
    assert len(boards) == 30 and setup.tie_break == "match"  # every round's deals, from the start
    with pytest.raises(SetupError, match="a team event has 3 to 20 teams, not 21"):
        setup_from_args(parse("--movement", "teams", "--teams", "21"))
    # 8 tables on 3 boards a round need 3 copies of each; with 4 boards, 2 copies relay between matches
    with pytest.raises(SetupError, match="4 matches a round need 3 sets of boards, not 2"):
        setup_from_args(parse("--movement", "teams", "--teams", "8", "--sets", "2"))
    setup, _boards = setup_from_args(parse("--movement", "teams", "--teams", "8", "--sets", "2",
                                           "--boards-per-round", "4"))
    movement = setup.build_movement()
    assert movement.copies == 2 and movement.relays == (tuple(range(1, 9)),)


def test_swiss_pairs_in_matchpoints_or_imps():
    setup, boards = setup_from_args(parse("--movement", "swiss-pairs", "--pairs", "9", "--rounds", "4",
                                          "--boards-per-round", "4", "--scoring", "IMP", "--sets", "2"))
    assert setup.scoring == "IMP" and setup.movement["kind"] == "swiss-pairs"
    movement = setup.build_movement()
    assert (movement.tables, movement.rounds, movement.relays, len(boards)) == (4, 4, ((1, 2), (3, 4)), 16)
    assert movement.round(2) == []  # paired once round 1 is over
    with pytest.raises(SetupError, match="Swiss pairs is scored in matchpoints"):
        setup_from_args(parse("--movement", "swiss-pairs", "--pairs", "8", "--scoring", "TOTAL"))
    with pytest.raises(SetupError, match="Swiss pairs of 8 pairs has 1 to 7 rounds, not 9"):
        setup_from_args(parse("--movement", "swiss-pairs", "--pairs", "8", "--rounds", "9"))


def test_a_single_table_against_the_robots():
    setup, boards = setup_from_args(parse("--movement", "robots", "--boards", "8", "--boards-per-round", "2"))
    assert setup.movement == {"kind": "robots", "boards": 8, "boards_per_round": 2}
    assert setup.scoring == "ROBOTS" and len(boards) == 8
    movement = setup.build_movement()
    assert movement.tables == 1 and movement.rounds == 4 and movement.pairs == [1, 2]


@pytest.mark.parametrize(("boards", "per_round"), [(8, 4), (16, 4), (6, 3), (12, 3), (10, 2), (7, 1)])
def test_the_boards_of_a_match_split_into_rounds_by_default(boards, per_round):
    """`station --movement robots --boards 8`, as the README shows it, without --boards-per-round."""
    kinds = ("robots", "teams") if boards // per_round % 2 == 0 else ("robots",)  # teams: pairs of rounds
    for kind in kinds:
        setup, infos = setup_from_args(parse("--movement", kind, "--boards", str(boards)))
        assert setup.movement == {"kind": kind, "boards": boards, "boards_per_round": per_round}
        assert len(infos) == boards and setup.build_movement().rounds == boards // per_round


def test_a_missing_or_malformed_accounts_file_is_refused_with_exit_2(tmp_path, capsys):
    from bridgetable.cli import main

    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"club": "c"}')
    notjson = tmp_path / "notjson.json"
    notjson.write_text("hello")
    for file, why in ((tmp_path / "missing.json", "No such file"), (wrong, "not an accounts file"),
                      (notjson, "Expecting value")):
        assert main(["station", "--accounts", str(file), "--session", "s", "--password", "x",
                     "--store", str(tmp_path / "station.db")]) == 2
        error = capsys.readouterr().err
        assert f"--accounts {file}: " in error and why in error
    assert not (tmp_path / "station.db").exists()  # refused before anything was opened


@pytest.mark.parametrize(("option", "error"), [
    (["--minutes-per-board", "0"], "--minutes-per-board: 0 is out of range (more than 0, at most 60)"),
    (["--changeover", "-1"], "--changeover: -1 is out of range (0 to 60)")])
def test_a_round_clock_out_of_range_is_refused_before_anything_begins(tmp_path, capsys, option, error):
    """Not after the embedded broker started and the session was created in the store."""
    from bridgetable.cli import main

    accounts = tmp_path / "accounts.json"
    accounts.write_text('{"club": "c", "station": {"username": "s", "password": "p", "secret": "00"}}')
    assert main(["station", "--accounts", str(accounts), "--session", "s", "--password", "x",
                 "--store", str(tmp_path / "station.db"), "--embedded-broker", "--broker", "127.0.0.1:1",
                 *option]) == 2
    assert capsys.readouterr().err == f"bridgetable station: {error}\n"
    assert not (tmp_path / "station.db").exists()


def test_law_78c_total_points_for_the_station_and_the_demo():
    setup, _ = setup_from_args(parse("--scoring", "TOTAL"))
    assert setup.scoring == "TOTAL"
    from bridgetable.demo.club import DemoOptions, demo_setup

    demo = build_parser().parse_args(["demo", "--scoring", "TOTAL"])
    assert demo.scoring == "TOTAL"
    assert demo_setup(DemoOptions(scoring=demo.scoring)).scoring == "TOTAL"
