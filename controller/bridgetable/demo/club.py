"""`bridgetable demo`: a whole club on one machine. A broker of its own (Mosquitto, or the embedded
amqtt broker when Mosquitto is not installed), the scoring station with its web page, and
simulated tables, each a real table unit (board flow, journal,
outbox) sending its results through the link and reading its seats through the same device
adapters as on a Pi: every seat has a seat module on a serial port (pyserial's ``loop://``) into
which the seat's robot writes the framed, checksummed lines of firmware/PROTOCOL.md (its key
presses and card scans), and, unless headless, an OLED (luma's dummy device) behind the Display
adapter.
"""

from __future__ import annotations

import logging
import queue
import random
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import i18n
from ..bridge import Auction, Deal, Play, Seat
from ..devices.cardreader import CardScans
from ..devices.display import Display
from ..devices.lines import open_port
from ..devices.seatmodule import SeatModule, encode_frame
from ..director.exports import write_exports
from ..director.session import Session, SessionSetup, generated_boards, session_boards
from ..director.standings import score_session
from ..director.station import Station
from ..director.store import SQLiteStore, StoredResult
from ..events import EventKind, Key, TableEvent
from ..i18n import CLI
from ..link import Broker
from ..link.broker import BrokerChoice, LocalBroker, free_port, local_broker
from ..link.signing import DerivedKeys
from ..link.unit import UnitLink
from ..robots.cardplay import choose_card
from ..robots.contract import choose_contract, robot_auction
from ..robots.view import view_for
from ..table.flow import FlowConfig, Outcome
from ..table.journal import Journal
from ..table.script import call_events
from ..table.service import TableService
from .thinking import ThinkingClock, thinking_times

log = logging.getLogger("bridgetable.demo")
_ = CLI.gettext
SLIPS = 0.08  # how often a simulated player plays a random legal card
CLUB = "democlub"
NAMES = ["Ann & Bob", "Cy & Di", "Ed & Flo", "Gus & Hal", "Ida & Jo", "Kay & Lu", "Max & Ned", "Ola & Per",
         "Quin & Rae", "Sam & Tess", "Uma & Vic", "Wes & Xia", "Yan & Zoe", "Abe & Bea", "Cal & Dot",
         "Eli & Fay"]


def robot_events(board: int, deal: Deal, dealer: Seat, rng: random.Random,
                 slips: float = SLIPS) -> list[TableEvent]:
    """What the robots do at a table on one board, as the devices report it: OK to start, the
    bidding-box presses, every card scanned (dummy's at dummy's seat), the opponents' OK.

    The robots are deterministic (the same cards always give the same result), so that the tables
    of the demo differ, each card is now and then (``slips``) a random legal card instead.
    """
    auction = Auction(dealer, robot_auction(choose_contract(deal, dealer), dealer))
    assert auction.contract is not None and auction.declarer is not None  # robots never pass out
    events = [TableEvent.key(dealer, Key.OK)]
    for i, call in enumerate(auction.calls):
        events += call_events(dealer.after(i), call)
    play = Play(deal, auction.contract, auction.declarer)
    while not play.is_complete:
        seat = play.turn
        card = rng.choice(play.legal_cards()) if rng.random() < slips else choose_card(view_for(play))
        play.play(card)
        events.append(TableEvent.card(seat, card))
    return [*events, TableEvent.key(auction.declarer.lho, Key.OK)]


FIRMWARE = "sim"  # what a simulated seat module says in its hello frame
# A real reader refuses the card it read less than 1.5 s ago (a card lingering on the antenna);
# a simulated one never double-reads, so its window is short and the robots rarely wait it out.
REPEAT_WINDOW = 0.1
FRAME_TYPE = {EventKind.KEY: "K", EventKind.CARD: "C"}


class RobotTable:
    """A simulated table unit: waits for its assignment, plays the round's boards, sends results.

    The robots' events reach the table as on a Pi: each is written as a frame into its seat's
    module port, read by that seat's SeatModule on its own thread, and handled by the
    TableService's loop. A robot waits until the table has handled one event before the next (as
    players wait for their turn), so the four ports cannot overtake each other.
    """

    def __init__(self, number: int, session: Session, directory: Path, broker: Broker, key: bytes,
                 displays: bool = True, club: str = CLUB, language: str = i18n.SOURCE) -> None:
        self.number = number
        boards = ([b for a in session.movement.assignments if a.table == number for b in a.boards]
                  if not session.paired_as_it_goes  # a Swiss's later rounds: not known yet
                  else session_boards(session.movement))
        infos = session.store.boards(session.id)
        self.boards = {b: infos[b] for b in boards}
        deals = {b: Deal.parse(info.deal) for b, info in self.boards.items() if info.deal}
        self.clock = ThinkingClock()  # the robots' thinking: the tempo the director sees
        self.journal = Journal(directory / f"table-{number}.db", session=session.id, clock=self.clock)
        self.modules = {seat: SeatModule(open_port("loop://"), seat, CardScans(repeat_window=REPEAT_WINDOW))
                        for seat in Seat}
        self.displays = {seat: Display.dummy() for seat in Seat} if displays else {}
        self.handled = threading.Condition()  # the table has handled the robot's last event
        self.outcome: Outcome | None = None
        # a team event's tables take each round's boards from the station, in its order (a Swiss's
        # later rounds are paired as the evening goes)
        config = FlowConfig(boards=[] if session.paired_as_it_goes else boards, deals=deals, club=club,
                            session=session.id, table=str(number), more_boards=session.paired_as_it_goes)
        self.service = TableService(config, self.journal, self.displays,
                                    on_handled=self._on_handled, language=language)
        self.assignments: queue.Queue[dict[str, Any]] = queue.Queue()
        self.link = UnitLink(self.service, key, broker, on_assign=self.assignments.put,
                             resend_min=0.3, resend_max=2.0)
        self.played: set[int] = {entry.board for entry in self.journal.results()}
        self.rng = random.Random(f"{session.id}/{number}")
        self.thinking = random.Random(f"{session.id}/{number}/tempo")  # apart: the same cards as before
        self.last_scan: dict[Seat, tuple[str, float]] = {}  # each seat's last card scanned, and when
        self.unit = threading.Thread(target=self.service.run, args=(list(self.modules.values()),),
                                     name=f"table-unit-{number}", daemon=True)
        self.thread = threading.Thread(target=self._run, name=f"robot-table-{number}", daemon=True)
        self.stopping = threading.Event()

    def start(self) -> None:
        self.unit.start()  # starts the seat modules' readers
        for seat, module in self.modules.items():
            module.port.write(encode_frame(["H", seat.name, FIRMWARE]))
        self.link.start()
        self.thread.start()

    def stop(self) -> None:
        """Stops what ``start`` started (all of it, or what it got to before failing)."""
        self.stopping.set()
        if self.thread.ident is not None:
            self.thread.join(10)
        self.service.stop()  # ends the loop, which closes the seat modules
        if self.unit.ident is not None:
            self.unit.join(10)
        self.link.stop()
        self.journal.close()
        for display in self.displays.values():
            display.close()

    def devices_report(self) -> dict[str, Any]:
        """What each seat's devices have done: frames the module accepted and rejected, display frames."""
        seats = {}
        for seat, module in self.modules.items():
            report: dict[str, Any] = {"firmware": module.firmware, "accepted": module.stats.accepted,
                                      "rejected": dict(module.stats.bad)}
            if seat in self.displays:
                report["display_frames"] = self.displays[seat].frames
            seats[seat.name] = report
        return {"table": self.number, "seats": seats}

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                assignment = self.assignments.get(timeout=0.2)
            except queue.Empty:
                continue
            for board in assignment["boards"]:  # the UnitLink has given the service its round
                if board in self.played or self.stopping.is_set():
                    continue
                info = self.boards[board]
                events = robot_events(board, Deal.parse(info.deal or ""), Seat.parse(info.dealer), self.rng)
                for event, seconds in zip(events, thinking_times(events, self.thinking), strict=True):
                    self.clock.think(seconds)
                    self._send(event)
                self.played.add(board)

    def _send(self, event: TableEvent) -> None:
        """Write the event's frame into its seat module's port; wait until the table has handled it
        (or the module has rejected the line)."""
        module = self.modules[event.seat]
        if event.kind is EventKind.CARD:
            self._wait_for_reader(module, event.value)
        frame = encode_frame([FRAME_TYPE[event.kind], event.seat.name, event.value])
        bad = module.stats.bad_total
        with self.handled:
            self.outcome = None
            module.port.write(frame)
            while self.outcome is None and module.stats.bad_total == bad and not self.stopping.is_set():
                self.handled.wait(0.05)  # a rejected line reaches no table: seen at the next check
            outcome = self.outcome
        if module.stats.bad_total > bad:
            log.error("table %s: %s rejected %r", self.number, module.stats.name, frame)
        elif outcome is not None and not outcome.changed:
            log.error("table %s: %s refused: %s", self.number, event, outcome.message)

    def _on_handled(self, event: TableEvent, outcome: Outcome) -> None:
        with self.handled:
            self.outcome = outcome
            self.handled.notify()

    def _wait_for_reader(self, module: SeatModule, card: str) -> None:
        """A reader refuses the card it has just read as a double read (its repeat window): a robot
        that plays that same card first on the next board waits out what is left of the window."""
        last = self.last_scan.get(module.seat)
        if last is not None and last[0] == card:
            time.sleep(max(0.0, last[1] + module.scans.repeat_window + 0.05 - time.monotonic()))
        self.last_scan[module.seat] = (card, time.monotonic())


@dataclass
class DemoOptions:
    tables: int = 4
    rounds: int = 3
    boards_per_round: int = 2
    seed: int = 1
    web_port: int = 8080
    headless: bool = False
    displays: bool = True  # the seat displays, on luma's dummy device
    broker: BrokerChoice = "auto"  # Mosquitto if installed, else the embedded amqtt broker
    movement: str = "mitchell"  # or "robots": a single table against the robots; "teams", "swiss-teams",
    # "swiss-pairs"
    teams: int = 6  # a team event's
    sets: int | None = None  # team event's or Swiss pairs' copies of each board (None: one a match or table)
    pairs: int = 10  # Swiss pairs'
    scoring: str = "MP"  # a Mitchell's: "MP", "IMP" (Butler), "XIMP" or "TOTAL" (Law 78C); Swiss pairs' too
    export: Path | None = None
    directory: Path | None = None
    password: str = "director"
    language: str = i18n.SOURCE  # the seat displays' and (by default) the station's pages'


def demo_setup(options: DemoOptions) -> SessionSetup:
    """A Mitchell of ``tables`` tables, one table against the robots (``tables`` is then 1), a
    team event of ``teams`` teams (a round robin, or a Swiss; ``tables`` two a match), or Swiss
    pairs of ``pairs`` pairs (``tables`` one a match)."""
    names = {i + 1: NAMES[i % len(NAMES)] for i in range(max(2 * options.tables, options.pairs))}
    if options.movement == "swiss-pairs":
        options.tables = options.pairs // 2
        movement: dict[str, Any] = {"kind": "swiss-pairs", "pairs": options.pairs,
                                    "rounds": options.rounds or None,
                                    "boards_per_round": options.boards_per_round, "sets": options.sets}
        setup = SessionSetup("demo", "bridgetable demo", movement, options.scoring,
                             pairs={p: names[p] for p in range(1, options.pairs + 1)}, kibitzers=True)
        options.rounds = setup.build_movement().rounds
        return setup
    if options.movement in ("teams", "swiss-teams"):
        options.tables = 2 * (options.teams // 2)
        movement = {"kind": "team-event", "teams": options.teams, "rounds": options.rounds or None,
                    "boards_per_round": options.boards_per_round,
                    "swiss": options.movement == "swiss-teams", "sets": options.sets}
        setup = SessionSetup("demo", "bridgetable demo", movement, "TEAMS", kibitzers=True)
        options.rounds = setup.build_movement().rounds
        return setup
    options.rounds = options.rounds or 3
    if options.movement == "robots":
        options.tables = 1
        movement = {"kind": "robots", "boards": options.rounds * options.boards_per_round,
                                    "boards_per_round": options.boards_per_round}
    else:
        movement = {"kind": "mitchell", "tables": options.tables, "rounds": options.rounds,
                    "boards_per_round": options.boards_per_round}
    scoring = "ROBOTS" if options.movement == "robots" else options.scoring
    return SessionSetup("demo", "bridgetable demo", movement, scoring,
                        pairs={p: names[p] for p in range(1, 2 * options.tables + 1)},
                        kibitzers=True)  # robots at every seat: no one to keep a board from


ResultHandler = Callable[[Session, StoredResult], None]


def run_demo(options: DemoOptions, on_result: ResultHandler | None = None,
             on_over: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play a whole session; returns the standings as the demo's JSON (so far, when stopped by
    Ctrl-C before the end). ``on_result`` is called with each result as the station stores it,
    ``on_over`` with the standings once the session is over (the exports already written); with
    the web page the demo then serves it until Enter or Ctrl-C. Everything started is stopped on every path,
    and the working directory removed unless it is ``options.directory``."""
    work = options.directory or Path(tempfile.mkdtemp(prefix="bridgetable-demo-"))
    work.mkdir(parents=True, exist_ok=True)
    store: SQLiteStore | None = None
    broker: LocalBroker | None = None
    station: Station | None = None
    tables: list[RobotTable] = []
    server = None
    try:
        setup = demo_setup(options)
        store = SQLiteStore(work / "station.db")
        session = Session.create(store, setup, generated_boards(len(session_boards(setup.build_movement())),
                                                                options.seed))
        keys = DerivedKeys(secrets.token_bytes(32), CLUB, options.tables)
        broker = local_broker(work / "broker", options.broker)
        broker.start()
        address = Broker(port=broker.port, min_delay=0.1, max_delay=1.0)
        station = Station(session, address, keys, CLUB)
        watcher = _each_new_result(session, on_result) if on_result is not None else None
        if watcher is not None:
            station.ingest.subscribe(watcher)
        for number in range(1, options.tables + 1):
            tables.append(RobotTable(number, session, work, address, keys[number], displays=options.displays,
                                     language=options.language))
        station.start()
        if not options.headless:
            server = _serve(station, options)
        for table in tables:
            table.start()
        if not station.finished.wait(60 + 10 * options.tables * options.rounds):
            raise TimeoutError(_("the session did not finish; missing {missing}").format(
                missing=station.missing(station.round)))
        if watcher is not None:  # the station saw the last result before this watcher did
            watcher("result")
        standings = score_session(session).as_json(session.setup.pairs)
        standings["devices"] = [table.devices_report() for table in tables]
        if options.export:
            write_exports(session, options.export, CLUB)
        if on_over is not None:
            on_over(standings)
        if server is not None:
            _serve_until_stopped(options.web_port)
        return standings
    except KeyboardInterrupt:
        if station is not None and station.finished.is_set():  # the page after the session: its end
            return {}
        print("bridgetable demo: " + _("interrupted: stopping the tables, the station and the broker"),
              file=sys.stderr, flush=True)
        return {} if station is None else score_session(station.session).as_json(station.session.setup.pairs)
    finally:
        with _uninterrupted():
            for table in tables:
                table.stopping.set()  # all at once: each stop then waits for its own threads
            for table in tables:
                table.stop()
            if station is not None:
                station.stop()
            if server is not None:
                server.should_exit = True
            if broker is not None:
                broker.stop()
            if store is not None:
                store.close()
            if options.directory is None:
                shutil.rmtree(work, ignore_errors=True)


def _serve_until_stopped(port: int) -> None:
    """Until Enter at a terminal (which ends `make demo` without make's Interrupt status), or Ctrl-C."""
    at_terminal = sys.stdin is not None and sys.stdin.isatty()
    until = _("the final ranking stays at {url} until Enter or Ctrl-C") if at_terminal else _(
        "the final ranking stays at {url} until Ctrl-C")
    print(until.format(url=f"http://127.0.0.1:{port}/"), flush=True)
    if at_terminal:
        sys.stdin.readline()
        return
    while True:
        time.sleep(1)


def _each_new_result(session: Session, handler: ResultHandler) -> Callable[[str], None]:
    """An ingest listener calling ``handler`` once for each result (each revision) stored."""
    seen: set[tuple[int, int, int, int]] = set()
    lock = threading.Lock()

    def listener(what: str) -> None:
        if what != "result":
            return
        with lock:
            for result in session.store.results(session.id):
                key = (result.round, result.table, result.board, result.revision)
                if key not in seen:
                    seen.add(key)
                    handler(session, result)

    return listener


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl-C ignored while the demo stops what it started (a second one would leave it running)."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: no signal arrives here anyway
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _serve(station: Station, options: DemoOptions) -> Any:
    from ..director import web

    asked = options.web_port
    port = asked if asked and _port_free(asked) else free_port()
    options.web_port = port
    app = web.create_app(station.ingest, password=options.password, rounds=station, language=options.language)
    server = web.server(app, "127.0.0.1", port)
    threading.Thread(target=server.run, name="station-web", daemon=True).start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:  # the URL once it answers
        time.sleep(0.02)
    if asked and port != asked:
        print(_("port {asked} is taken (--port): the page is on port {port}").format(asked=asked, port=port),
              file=sys.stderr, flush=True)
    print(_("scoring station: {url} (director password: {password})").format(
        url=f"http://127.0.0.1:{port}/", password=options.password), flush=True)
    return server


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True
