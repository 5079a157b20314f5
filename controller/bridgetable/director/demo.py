"""`bridgetable demo`: a whole club on one machine. A Mosquitto broker of its own, the scoring
station with its web page, and simulated tables whose four robots press the bidding-box keys and
scan their cards (the TableEvents a real table's devices produce), each table a real table unit
(board flow, journal, outbox) sending its results through the link.
"""

from __future__ import annotations

import logging
import queue
import random
import secrets
import socket
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bridge import Auction, Deal, Play, Seat
from ..link import Broker, TableLink
from ..link.broker import MosquittoProcess, free_port
from ..link.outbox import JournalOutbox
from ..link.signing import DerivedKeys
from ..robots.cardplay import choose_card
from ..robots.contract import choose_contract, robot_auction
from ..robots.view import view_for
from ..table.events import Key, TableEvent
from ..table.flow import FlowConfig
from ..table.journal import Journal
from ..table.script import call_events
from ..table.service import TableService
from .exports import write_exports
from .session import Session, SessionSetup, generated_boards
from .standings import score_session
from .station import Station
from .store import SQLiteStore

log = logging.getLogger("bridgetable.demo")
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


class RobotTable:
    """A simulated table unit: waits for its assignment, plays the round's boards, sends results."""

    def __init__(self, number: int, session: Session, directory: Path, broker: Broker, key: bytes) -> None:
        self.number = number
        boards = [b for a in session.movement.assignments if a.table == number for b in a.boards]
        infos = session.store.boards(session.id)
        self.boards = {b: infos[b] for b in boards}
        deals = {b: Deal.parse(info.deal) for b, info in self.boards.items() if info.deal}
        self.journal = Journal(directory / f"table-{number}.db", session=session.id)
        self.service = TableService(FlowConfig(boards=boards, deals=deals, club=CLUB, session=session.id,
                                               table=str(number)), self.journal)
        self.assignments: queue.Queue[dict[str, Any]] = queue.Queue()
        self.link = TableLink(CLUB, number, key, JournalOutbox(self.journal), broker,
                              on_assign=self.assignments.put, resend_min=0.3, resend_max=2.0)
        self.played: set[int] = {entry.board for entry in self.journal.results()}
        self.rng = random.Random(f"{session.id}/{number}")
        self.thread = threading.Thread(target=self._run, name=f"robot-table-{number}", daemon=True)
        self.stopping = threading.Event()

    def start(self) -> None:
        self.link.start()
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(10)
        self.link.stop()
        self.journal.close()

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                assignment = self.assignments.get(timeout=0.2)
            except queue.Empty:
                continue
            self.link.set_state(round=assignment["round"], phase="playing")
            for board in assignment["boards"]:
                if board in self.played or self.stopping.is_set():
                    continue
                info = self.boards[board]
                self.link.set_state(round=assignment["round"], board=board, phase="playing")
                for event in robot_events(board, Deal.parse(info.deal or ""), Seat.parse(info.dealer),
                                          self.rng):
                    outcome = self.service.handle(event)
                    if not outcome.changed:
                        log.error("table %s board %s: %s refused: %s", self.number, board, event,
                                  outcome.message)
                self.played.add(board)
                self.link.flush()
            self.link.set_state(round=assignment["round"], phase="round done")


@dataclass
class DemoOptions:
    tables: int = 4
    rounds: int = 3
    boards_per_round: int = 2
    seed: int = 1
    web_port: int = 8080
    headless: bool = False
    export: Path | None = None
    directory: Path | None = None
    password: str = "director"


def run_demo(options: DemoOptions) -> dict[str, Any]:
    """Play a whole session; returns the standings as the demo's JSON."""
    work = options.directory or Path(tempfile.mkdtemp(prefix="bridgetable-demo-"))
    work.mkdir(parents=True, exist_ok=True)
    movement = {"kind": "mitchell", "tables": options.tables, "boards_per_round": options.boards_per_round,
                "rounds": options.rounds}
    setup = SessionSetup("demo", "bridgetable demo", movement,
                         pairs={i + 1: NAMES[i % len(NAMES)] for i in range(2 * options.tables)})
    store = SQLiteStore(work / "station.db")
    session = Session.create(store, setup, generated_boards(options.tables * options.boards_per_round,
                                                            options.seed))
    secret = secrets.token_bytes(32)
    keys = DerivedKeys(secret, CLUB, options.tables)
    broker = MosquittoProcess(work / "broker")
    broker.start()
    address = Broker(port=broker.port, min_delay=0.1, max_delay=1.0)
    station = Station(session, address, keys, CLUB)
    tables = [RobotTable(t, session, work, address, keys[t]) for t in range(1, options.tables + 1)]
    server = None
    try:
        station.start()
        if not options.headless:
            server = _serve(station, options)
        for table in tables:
            table.start()
        if not station.finished.wait(60 + 10 * options.tables * options.rounds):
            raise TimeoutError(f"the session did not finish; missing {station.missing(station.round)}")
        standings = score_session(session).as_json(session.setup.pairs)
        if options.export:
            write_exports(session, options.export)
        if server is not None:
            print(f"final ranking at http://127.0.0.1:{options.web_port}/ (Ctrl-C to stop)", flush=True)
            while True:
                time.sleep(1)
        return standings
    except KeyboardInterrupt:
        return score_session(session).as_json(session.setup.pairs)
    finally:
        for table in tables:
            table.stop()
        station.stop()
        if server is not None:
            server.should_exit = True
        broker.stop()
        store.close()


def _serve(station: Station, options: DemoOptions) -> Any:
    import uvicorn

    from .web import create_app

    port = options.web_port if options.web_port and _port_free(options.web_port) else free_port()
    options.web_port = port
    server = uvicorn.Server(uvicorn.Config(create_app(station.ingest, password=options.password),
                                           host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, name="station-web", daemon=True).start()
    print(f"scoring station: http://127.0.0.1:{port}/ (director password: {options.password})", flush=True)
    return server


def _port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True
