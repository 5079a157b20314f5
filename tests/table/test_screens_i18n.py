"""The seat displays in the table's language (table.toml's ``[table] language``)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import bridgetable.table
from bridgetable import i18n
from bridgetable.bridge import Auction, Card, Seat
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.moves import Moves
from bridgetable.table.screens import _Canvas, compose, compose_traveller, render
from bridgetable.table.script import auction_events, board_events, play_events
from bridgetable.table.service import TableService, load_config

from ..i18n_scan import untranslated_literals
from .helpers import DEAL, feed, key
from .test_forms import CHICAGO, MINIBRIDGE, RUBBER, two_player_deal
from .test_laws_table import SEED_002
from .test_screens import CASES, _waiting, check_reference


def _table_toml(tmp_path: Path, settings: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(f'[table]\nclub = "c"\n{settings}\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(("setting", "language"), [("", "en"), ('language = "da"', "da"),
                                                   ('language = "de-AT"', "de"), ('language = "HU"', "hu")])
def test_the_table_toml_chooses_the_language(tmp_path: Path, setting: str, language: str) -> None:
    assert load_config(_table_toml(tmp_path, setting)).language == language


@pytest.mark.parametrize("value", ['"xx"', '"sv"', "3"])
def test_an_unknown_language_is_refused_by_name_with_the_file(tmp_path: Path, value: str) -> None:
    path = _table_toml(tmp_path, f"language = {value}")
    with pytest.raises(ValueError) as error:
        load_config(path)
    message = str(error.value)
    assert message.startswith(f"{path} [table]: language: no language ")
    assert value.strip('"') in message and "da (Dansk)" in message


# ---- every frame fits, in every language ---------------------------------------------------------
Scenario = tuple[Callable[[], FlowConfig], list[TableEvent]]


def _scans() -> list[TableEvent]:
    return [TableEvent.card(seat, c) for seat in Seat for c in DEAL[seat]]


def _claim_disputed_and_ruled() -> list[TableEvent]:
    """Hand check, the auction, five tricks, North claims 7 of 8, West disputes, the director
    rules 6 at South's keys, and West confirms."""
    calls = "1NT Pass 3NT Pass Pass Pass"
    return [key("N", "OK"), *_scans(), *auction_events(Seat.N, calls),
            *play_events(DEAL, Auction(Seat.N, calls.split()), tricks=5), key("S", "CLAIM"),
            key("N", "CLAIM"), key("N", "X"), key("N", "OK"), key("S", "OK"), key("W", "DIRECTOR"),
            key("S", "6"), key("S", "OK"), key("W", "OK")]


def _irregular() -> list[TableEvent]:
    """Under "laws": an insufficient bid held for the LHO, a call out of rotation, the director;
    then an alert, a STOP and a skip bid."""
    return [key("N", "OK"), key("N", "1"), key("N", "H"), key("E", "1"), key("E", "D"), key("S", "OK"),
            key("S", "STOP"), key("S", "3"), key("S", "S"), key("N", "ALERT"), key("W", "UNDO"),
            key("W", "DIRECTOR"), key("N", "DIRECTOR"), key("W", "PASS")]


def _law_26() -> list[TableEvent]:
    """West's bid at East's turn not accepted: declarer chooses East's lead restriction (Law 26)."""
    return [key("N", "OK"), key("N", "1"), key("N", "NT"), key("W", "2"), key("W", "H"), key("E", "DIRECTOR"),
            key("E", "UNDO"), *auction_events(Seat.E, "Pass 3NT Pass Pass Pass"), key("N", "H"),
            TableEvent.card(Seat.E, Card.parse("CA"))]


SCENARIOS: dict[str, Scenario] = {
    "duplicate, hand check, claim ruled": (
        lambda: FlowConfig(boards=[1, 2], deals={1: DEAL}, hand_check=True), _claim_disputed_and_ruled()),
    "duplicate, played, passed out, over": (
        lambda: FlowConfig(boards=[1, 2], deals={1: DEAL}),
        [*board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"), key("E", "OK"),
         *auction_events(Seat.E, "Pass Pass Pass Pass"), key("W", "OK"), key("N", "OK")]),
    "boards 36 and 99, passed out": (
        lambda: FlowConfig(boards=[36, 99]),
        board_events(DEAL, Seat.W, "Pass Pass Pass Pass") * 2),
    "bridgemate keys": (
        lambda: FlowConfig(boards=[5, 6], card_readers=False, bidding_boxes=False),
        [key("N", "OK"), key("E", "PASS"), key("E", "4"), key("E", "S"), key("E", "X"), key("E", "X"),
         key("S", "OK"), key("W", "H"), key("W", "1"), key("W", "X"), key("W", "OK"), key("N", "X"),
         key("N", "OK"), key("S", "4"), key("E", "OK"), key("S", "OK"), key("N", "1"), key("N", "NT"),
         key("N", "OK"), key("E", "S"), key("E", "5"), key("E", "OK")]),
    "laws": (lambda: FlowConfig(boards=[1], deals={1: DEAL}, policy="laws"), _irregular()),
    "law 26": (lambda: FlowConfig(boards=[1], deals={1: SEED_002}, policy="laws"), _law_26()),
    "rubber": (lambda: FlowConfig(boards=[1], game="rubber"), RUBBER),
    "chicago": (lambda: FlowConfig(boards=[1], game="chicago"), CHICAGO),
    "chicago-duplicate": (lambda: FlowConfig(boards=[1], game="chicago-duplicate"), CHICAGO),
    "minibridge": (lambda: FlowConfig(boards=[1], game="minibridge"),
                   [*MINIBRIDGE[:2], key("N", "OK"), *MINIBRIDGE[2:]]),
    "two-player": (lambda: FlowConfig(boards=[1], game="two-player"), two_player_deal()[0]),
    "players' numbers": (
        lambda: FlowConfig(boards=[1], player_numbers=True, card_readers=False, bidding_boxes=False),
        [*(key("N", digit) for digit in "1234567"), key("N", "XX"), key("N", "PASS"),
         *(key("N", digit) for digit in "1234"), key("N", "OK"),
         key("E", "OK"), key("E", "UNDO"), key("E", "H"), key("E", "PASS"), key("S", "6"),
         key("S", "OK"), key("W", "OK")]),
}

MOVES = [Moves.of({"round": 12, "table": 3, "ns": 13, "ew": 26, "next": {
             "ns": {"table": 3, "direction": "NS"}, "ew": {"table": 12, "direction": "EW"},
             "boards_to": 14}}),
         Moves.of({"round": 2, "table": 3, "ns": 3, "ew": 6, "next": {
             "ns": {"table": 11, "direction": "EW"}, "boards_to": 3}}),
         Moves.of({"round": 2, "table": 3, "ns": 3, "ew": 6}),
         Moves.of({"round": 9, "table": 19, "ns": 37, "ew": 40, "next": {  # a team event's round
             "ns": {"table": 20, "direction": "NS"}, "ew": {"table": 18, "direction": "EW"},
             "boards_done": True}, "ns_team": 19, "ew_team": 20})]

TRAVELLER = {"session": "s", "board": 27, "rows": [
    {"ns": ns, "ew": ns + 10, "contract": contract, "declarer": declarer, "tricks": tricks, "ns_score": score,
     "table": ns, "ns_mp": mp}
    for ns, contract, declarer, tricks, score, mp in [
        (11, "7NTXX", "W", 13, -2980, 0.5), (12, "4SX", "E", 8, 500, 10.0), (4, "Pass", None, None, 0, 1.0),
        (5, "3NT", "S", 9, 400, 4.25), (6, "2H", "E", 8, -110, 0.0), (3, "3NT", "N", 9, 400, 4.0)]]}


def _frames(language: str) -> Iterator[tuple[str, _Canvas]]:
    """Every frame of every scenario in ``language``: after each event, at each seat."""
    with i18n.speaking(language):
        for name, (config, events) in SCENARIOS.items():
            flow = BoardFlow(config())
            for number, event in enumerate(events):
                flow.handle(event)
                view = flow.view()
                for seat in Seat:
                    yield f"{name}, event {number} ({event}), {view.phase} at {seat}", compose(view, seat)
        waiting = _waiting().view()
        for seat in Seat:
            yield f"waiting at {seat}", compose(waiting, seat)
        for number, moves in enumerate(MOVES):
            for seat in Seat:
                yield f"moves {number} at {seat}", compose(waiting, seat, moves)
        for table in (3, 11):
            yield f"traveller at table {table}", compose_traveller(TRAVELLER, table)
        yield "no traveller yet", compose_traveller({"session": "s", "board": 9, "rows": []})


def _all_states(language: str) -> Iterator[BoardFlow]:
    with i18n.speaking(language):
        for config, events in SCENARIOS.values():
            flow = BoardFlow(config())
            for event in events:
                flow.handle(event)
                yield flow


def test_the_scenarios_draw_every_phase_and_notice() -> None:
    views = [flow.view() for flow in _all_states("en")] + [_waiting().view()]
    assert {view.phase for view in views} == {phase.value for phase in Phase}
    for name in ("message", "irregularity", "director", "stop", "claim", "alerts", "honours", "lead_choice",
                 "announced"):
        assert any(getattr(view, name) for view in views), name


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
def test_every_frame_fits_in_every_language(language: str) -> None:
    """No text runs outside its box (the screen, or up to the next thing at its right)."""
    overflows: dict[tuple[str, tuple[int, ...], tuple[int, ...]], str] = {}
    count = 0
    for where, canvas in _frames(language):
        count += 1
        for placed in canvas.placed:
            if not placed.fits:
                overflows.setdefault((placed.text, placed.covers, placed.box), where)
    assert count > 1000
    assert not overflows, "\n".join(f"{text!r} covers {covers}, may go in {box} ({where})"
                                     for (text, covers, box), where in overflows.items())


# ---- nothing on the displays bypasses the catalogue ------------------------------------------------
TABLE = Path(bridgetable.table.__file__).parent


# the standard notation's codes, which notation.py puts in the language; the JSON keys of the
# station's assignment; the game's default form; the font's files; Pillow's anchor "la"
NOTATION = {"Pass", "XX", "NS", "EW", "None", "All"}
NAMES = {"ns", "ew", "duplicate", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", "la"}
EXEMPT_CALLS = {"get", "pop", "_we_they", "with_name", "FileNotFoundError", "seat"}


@pytest.mark.parametrize("module", ["screens.py", "view.py", "moves.py"])
def test_no_display_text_bypasses_the_catalogue(module: str) -> None:
    found = untranslated_literals(TABLE / module, allowed=NOTATION | NAMES,
                                  exempt_calls=EXEMPT_CALLS, exempt_keywords={"anchor"})
    assert found == []


def test_the_services_display_texts_go_through_the_catalogue(tmp_path: Path) -> None:
    """The TableService (the part of service.py that puts messages on the displays)."""
    source = (TABLE / "service.py").read_text(encoding="utf-8")
    service = next(node for node in ast.parse(source).body
                   if isinstance(node, ast.ClassDef) and node.name == "TableService")
    part = tmp_path / "service.py"
    part.write_text(ast.get_source_segment(source, service) or "", encoding="utf-8")
    assert untranslated_literals(part, exempt_calls={"info", "exception", "SessionWaits", "get"}) == []


# ---- reference frames in Danish and German ---------------------------------------------------------
@pytest.mark.parametrize("language", ["da", "de"])
@pytest.mark.parametrize("name", ["start", "auction", "play", "result", "players", "players-entered"])
def test_reference_screens_in_danish_and_german(name: str, language: str) -> None:
    make, seat = CASES[name]
    with i18n.speaking(language):
        check_reference(f"{name}.{language}", render(make().view(), seat))


# ---- a table speaks its own language ---------------------------------------------------------------
class Frames:
    """A seat's display that keeps what it was shown."""

    def __init__(self) -> None:
        self.shown: list[Image.Image] = []

    def show(self, image: Image.Image) -> None:
        self.shown.append(image)


def test_two_tables_in_one_process_each_speak_their_own_language(tmp_path: Path) -> None:
    """A Danish and a German table side by side (as in the demo): each display in its table's
    words and notation, the STOP pause's message too, while the process speaks English."""
    tables = {}
    for language in ("da", "de"):
        config = FlowConfig(boards=[1], deals={1: DEAL}, session="s", stop_seconds=10)
        display = Frames()
        service = TableService(config, Journal(tmp_path / f"{language}.db", session="s"), {Seat.S: display},
                               language=language)
        service.clock = lambda: 100.0
        for event in (key("N", "OK"), key("N", "STOP"), key("N", "3"), key("N", "NT")):
            assert service.handle(event).changed
        tables[language] = (service, display)
    messages = {language: service.handle(key("E", "PASS")).message
                for language, (service, _display) in tables.items()}
    assert messages == {"da": "STOP: Øst venter 10 s endnu", "de": "STOP: Ost wartet noch 10 s"}
    assert i18n.current() == "en"
    for language, (service, display) in tables.items():
        with i18n.speaking(language):
            expected = render(service.flow.view(), Seat.S)
        assert display.shown[-1].tobytes() == expected.tobytes()
    danish, german = (display.shown[-1] for _, display in tables.values())
    assert ImageChops.difference(danish, german).getbbox() is not None
    with i18n.speaking("da"):
        calls = [placed.text for placed in compose(tables["da"][0].flow.view(), Seat.S).placed]
    assert "3UT" in calls and "Giver N" in calls and "Zone Ingen" in calls


def test_the_entries_without_bidding_boxes_or_card_readers_in_the_languages_notation() -> None:
    """The contract's "Pass", a lead's rank before its suit and after, in Danish and Hungarian."""
    flow = BoardFlow(FlowConfig(boards=[5], card_readers=False, bidding_boxes=False))

    def texts(language: str) -> list[str]:
        with i18n.speaking(language):
            return [placed.text for placed in compose(flow.view(), Seat.W).placed]

    feed(flow, key("N", "OK"))
    assert texts("hu") == ["Oszt. 5", "Osztó É", "Zóna ÉD", "Szerződés:", "Passz", "OK a felvevőnél"]
    feed(flow, key("E", "4"), key("E", "S"), key("E", "X"), key("S", "OK"), key("W", "1"))
    assert texts("da")[3:] == ["4♠D af Syd", "Udspil: ?E", "farve, værdi, OK (Pas: intet)"]
    feed(flow, key("W", "H"), key("W", "X"))
    assert texts("da")[4] == "Udspil: ♥K" and texts("en")[4] == "Lead: ♥K"
