"""The end of a round: the station's assignment says where each pair and the boards go, and the
table's displays show it once the round's last board is confirmed, across a restart, until the
next round's assignment brings its first board."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgetable import i18n
from bridgetable.bridge import Seat, Side
from bridgetable.devices.display import Display
from bridgetable.link.schema import SCHEMA_VERSION, validate
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.moves import Moves
from bridgetable.table.screens import compose, render
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from ..director.helpers import new_session
from .helpers import DEAL

BOARD_1 = board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass")
BOARD_5 = board_events(DEAL, Seat.N, "1NT Pass 2NT Pass Pass Pass")  # board 5: North deals too


def assign(round_: int, boards: list[int], final: bool = False, passes: list[dict[str, int]] | None = None,
           **next_: Any) -> dict[str, Any]:
    """An "assign" message as the station sends it to table 3 (NS pair 3, EW pair 6)."""
    message = {"schema": SCHEMA_VERSION, "kind": "assign", "session": "s1", "round": round_, "table": 3,
               "ns": 3, "ew": 6, "boards": boards, "final": final}
    if passes:
        message["passes"] = passes
    if next_:
        message["next"] = next_
    return validate(message, "assign")


ROUND_2 = assign(2, [1], ns={"table": 3, "direction": "NS"}, ew={"table": 2, "direction": "EW"},
                 boards_to=4)


def service(path: Path) -> tuple[TableService, dict[Seat, Display]]:
    displays = {seat: Display.dummy() for seat in Seat}
    config = FlowConfig(boards=[], more_boards=True, club="c", table="3")
    return TableService(config, Journal(path, session=None), displays), displays


def take(unit: TableService, message: dict[str, Any]) -> None:
    """What the link's UnitLink does with an assignment."""
    unit.assign(message["round"], message["boards"], session=message["session"],
                final=message.get("final", False), moves=Moves.of(message))


def shown(displays: dict[Seat, Display], seat: Seat) -> bytes:
    return bytes(displays[seat].device.image.convert("1").tobytes())


def frame(unit: TableService, seat: Seat, moves: Moves | None) -> bytes:
    return bytes(render(unit.flow.view(), seat, moves).tobytes())


def test_the_moves_texts() -> None:
    moves = Moves.of(ROUND_2)
    assert moves.summary() == "Round 2 done. NS pair 3: stay. EW pair 6: table 2 EW. Boards: to table 4."
    assert (moves.pair_move(Side.NS), moves.pair_move(Side.EW)) == ("stay", "table 2 EW")
    assert Moves.of(moves.to_json()) == moves
    other = Moves.of(assign(1, [1], ns={"table": 3, "direction": "EW"}, boards_to=3))
    assert other.summary() == "Round 1 done. NS pair 3: table 3 EW. EW pair 6: ?. Boards: stay."
    assert Moves.of(assign(3, [5], final=True)).summary() == "Session over: thank you"


def test_a_team_events_boards_go_to_the_director_not_to_a_question_mark(tmp_path: Path) -> None:
    """A team event plays new boards each round: the station's assignment said nothing of where
    the round's boards go and every table's moves screen read "Boards: ?"."""
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "team-event", "teams": 6, "boards_per_round": 2})
    for message in session.assignments(1):
        moves = Moves.of(validate(message, "assign"))
        assert moves.boards_line() == "Boards: to the director"
        assert Moves.of(moves.to_json()) == moves
    assert Moves.of(session.assignments(5)[0]).summary() == "Session over: thank you"


def test_a_team_events_moves_name_each_pairs_team(tmp_path: Path) -> None:
    """Where each pair of a team goes, by its team (which its players know), not by the pair's
    number 2t-1 or 2t (table 1: "NS pair 1 ... EW pair 12" for team 1 against team 6)."""
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "team-event", "teams": 6, "boards_per_round": 2})
    first = {m["table"]: Moves.of(validate(m, "assign")) for m in session.assignments(1)}
    assert first[1].summary() == ("Round 1 done. NS team 1: table 2 NS. EW team 6: table 4 EW. "
                                  "Boards: to the director.")
    assert first[2].pair_line(Side.EW) == "EW team 1: table 1 EW"  # team 1's other pair
    assert Moves.of(first[1].to_json()) == first[1]
    with i18n.speaking("da"):
        assert first[1].pair_line(Side.EW) == "ØV hold 6: bord 4 ØV"
    unit, _ = service(tmp_path / "journal.db")
    take(unit, ROUND_2)
    for event in BOARD_1:
        unit.handle(event)
    assert unit.flow.view().phase == "waiting"  # the screen names the team too
    assert frame(unit, Seat.E, first[1]) != frame(unit, Seat.E, replace(first[1], ns_team=0, ew_team=0))


def test_a_team_events_displays_say_the_match_before_each_board(tmp_path: Path) -> None:
    """The station's assignment said the match ("Club night: Team 1 v Team 6, boards 1-2") and no
    display showed it: now each board's start screen says "Team 1 v Team 6", in the table's language."""
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "team-event", "teams": 6, "boards_per_round": 2})
    message = validate(session.assignments(1)[0], "assign")
    unit, _ = service(tmp_path / "journal.db")
    take(unit, message)
    view = unit.flow.view()
    assert (view.phase, view.board) == ("start", 1)
    texts = [p.text for p in compose(view, Seat.N, unit.moves).placed]
    assert "Team 1 v Team 6" in texts
    with i18n.speaking("da"):
        assert "Team 1 mod Team 6" in [p.text for p in compose(view, Seat.E, unit.moves).placed]
    assert Moves.of(unit.moves.to_json()) == unit.moves  # kept in the journal, across a restart
    mitchell = [p.text for p in compose(view, Seat.N, Moves.of(ROUND_2)).placed]
    assert not any(" v " in text for text in mitchell)


def test_the_moves_show_after_the_rounds_last_board_and_survive_a_restart(tmp_path: Path) -> None:
    unit, displays = service(tmp_path / "journal.db")
    take(unit, ROUND_2)
    moves = Moves.of(ROUND_2)
    for event in BOARD_1[:-1]:  # the result shown, not yet confirmed: no moves
        assert unit.handle(event).changed
    assert shown(displays, Seat.N) == frame(unit, Seat.N, None) == frame(unit, Seat.N, moves)
    assert unit.handle(BOARD_1[-1]).changed
    assert unit.flow.view().phase == "waiting" and unit.moves == moves
    for seat in Seat:
        assert shown(displays, seat) == frame(unit, seat, moves) != frame(unit, seat, None)
    assert shown(displays, Seat.N) == shown(displays, Seat.S) != shown(displays, Seat.E)  # own pair's move
    assert shown(displays, Seat.E) == shown(displays, Seat.W)
    before = shown(displays, Seat.E)
    unit.journal.close()

    unit, displays = service(tmp_path / "journal.db")  # restarted before the station is reachable
    assert unit.moves == moves and shown(displays, Seat.E) == before

    take(unit, assign(3, [5], final=True))  # the next round: its first board replaces the moves
    view = unit.flow.view()
    assert (view.phase, view.board) == ("start", 5)
    assert shown(displays, Seat.E) == frame(unit, Seat.E, None) != before
    for event in BOARD_5:
        assert unit.handle(event).changed
    assert unit.done and unit.moves is not None and unit.moves.summary() == "Session over: thank you"
    assert shown(displays, Seat.N) == frame(unit, Seat.N, None)
    unit.journal.close()


def test_a_repeated_assignment_keeps_the_first_moves(tmp_path: Path) -> None:
    unit, _ = service(tmp_path / "journal.db")
    take(unit, ROUND_2)
    take(unit, assign(2, [1], boards_to=9))  # the same round again (a retained message): ignored
    assert unit.moves == Moves.of(ROUND_2)
    unit.journal.close()


def test_a_shared_board_says_where_it_goes_once_confirmed(tmp_path: Path) -> None:
    """A team event with fewer sets than matches: after each board the displays name the table that
    takes it next, until the next key; the round's last board's goes on the moves screen."""
    message = assign(1, [1, 5], passes=[{"board": 1, "to": 2}, {"board": 5, "to": 4}],
                     ns={"table": 3, "direction": "NS"}, boards_to=4)
    moves = Moves.of(message)
    assert moves.passes == ((1, 2), (5, 4)) and Moves.of(moves.to_json()) == moves
    assert (moves.board_pass(1), moves.board_pass(5), moves.board_pass(9)) == (
        "Board 1: to table 2", "Board 5: to table 4", None)
    unit, displays = service(tmp_path / "journal.db")
    take(unit, message)
    for event in BOARD_1:
        assert unit.handle(event).changed
    view = unit.flow.view()
    assert (view.phase, view.board, view.message) == ("start", 5, "Board 1: to table 2")
    assert shown(displays, Seat.N) == frame(unit, Seat.N, moves) != bytes(
        render(replace(view, message=None), Seat.N, moves).tobytes())
    assert unit.handle(BOARD_5[0]).changed and unit.flow.view().message is None  # the next key
    for event in BOARD_5[1:]:
        assert unit.handle(event).changed
    assert unit.flow.view().phase == "waiting" and moves.boards_line() == "Boards: to table 4"
    unit.journal.close()
