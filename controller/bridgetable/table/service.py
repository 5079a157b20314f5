"""The table service: devices in, board flow, journal, screens out.

One loop takes each TableEvent from a queue (the devices put them there from their own threads),
lets the flow judge it, writes an accepted one to the journal, and only then draws the seats'
screens (and, for a confirmed result, the outbox row is in that same journal transaction). The
flow changes in memory first, but nothing outside the process sees a change before it is on disk:
after a crash the journal is replayed and the table is exactly where it was.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import queue
import threading
import time
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .. import durable, i18n
from ..bridge import GAME_FORMS, Deal, Seat
from ..events import EventKind, TableEvent
from ..formats.text import LineTooLong, bounded, cut
from ..i18n import TABLE, notation
from .flow import BoardFlow, FlowConfig, Outcome, Phase
from .journal import Journal, JournalError
from .linkconfig import LinkSettings, parse_link
from .moves import Moves
from .screens import Display, clock_text, render, render_traveller

if TYPE_CHECKING:
    from ..devices import InputDevice

log = logging.getLogger(__name__)
_ = TABLE.gettext
TICK = 1.0  # seconds: how often an idle table looks whether its round clock's minute changed


def replay(config: FlowConfig, journal: Journal) -> BoardFlow:
    """The flow after every journaled assignment and event: where the table was when it stopped."""
    flow = BoardFlow(config)
    for round_, boards, final in journal.assignments():
        config.rounds.update(dict.fromkeys(boards, round_))
        flow.add_boards(boards, final)
    flow.drop_boards(journal.skipped())
    for seq, (event, at) in enumerate(journal.timed_events(), start=1):
        if not flow.handle(event, at).changed:
            raise JournalError(_("{file}: event {seq} ({event}) does not replay: {reason}. Was the "
                                 "table's configuration changed?").format(
                file=journal.path, seq=seq, event=event.to_json(), reason=flow.message))
    flow.message = None
    return flow


Listener = Callable[[TableEvent, Outcome], None]


class TableService:
    """A table unit: ``handle`` one event at a time, or ``run`` the devices' queue.

    The station's assignments and travellers arrive on the link's thread: ``assign`` and
    ``show_traveller`` take the same lock as ``handle``. A table whose configuration names no
    session is told it by the station; when the station starts a new session such a table
    begins a new journal at the same path and keeps the old one beside it (``archive_path``).

    The table speaks its own ``language`` (table.toml's ``[table] language``): what it says of an
    event and what its displays show, whatever other tables in the same process speak.
    """

    def __init__(self, config: FlowConfig, journal: Journal,
                 displays: Mapping[Seat, Display] | None = None,
                 on_handled: Listener | None = None, language: str = i18n.SOURCE) -> None:
        """``on_handled`` (and each of ``listeners``) is told each event's outcome once it is
        journaled and shown."""
        self.config = config
        self.language = i18n.parse(language)
        self.listeners: list[Listener] = [on_handled] if on_handled is not None else []
        self.journal = journal
        self.told_session = not config.session  # the station says which session this is
        self._initial = (list(config.boards), config.more_boards, dict(config.rounds))
        if journal.session and self.told_session:
            config.session = journal.session
        self.displays = dict(displays or {})
        self._lock = threading.RLock()
        _check_game(config, journal)
        with i18n.speaking(self.language):  # what the replayed board said, said again in its language
            self.flow = replay(config, journal)
        self.moves = _kept_moves(journal)
        results = journal.results()
        self.last_confirmed: int | None = results[-1].board if results else None
        self.traveller: dict[str, Any] | None = None  # on show until the next event
        self.player_names: dict[str, dict[str, str]] = {}  # the station's: seat -> {"number", "name"}
        self.events: queue.Queue[TableEvent | None] = queue.Queue()
        self.handled = 0  # events handled since start, accepted or refused
        self.clock: Callable[[], float] = time.monotonic
        self._stop_at: float | None = None  # when the bid after a STOP was made
        # the station's round clock: when the round ends, by ``clock`` (display only, never journaled)
        self.round_end: float | None = None
        self._clock_shown: str | None = None  # the round clock as last drawn
        self.refresh()

    def handle(self, event: TableEvent) -> Outcome:
        """Judge, journal, then show one event; never raises for what a seat sends."""
        with self._lock, i18n.speaking(self.language):
            outcome = self._handle(event)
        for listener in self.listeners:
            listener(event, outcome)
        return outcome

    def _paused(self, event: TableEvent) -> str | None:
        """After a STOP and a skip bid, the next player's keys wait the regulation's pause
        (``FlowConfig.stop_seconds``); refused here, never journaled, so a replay is the same."""
        stopped = self.flow.current.stopped
        if stopped is None:
            self._stop_at = None
            return None
        if self._stop_at is None:
            self._stop_at = self.clock()
        left = self.config.stop_seconds - (self.clock() - self._stop_at)
        if event.seat != stopped or event.kind is not EventKind.KEY or event.value == "DIRECTOR" or left <= 0:
            return None
        return _("STOP: {seat} waits {seconds} s more").format(seat=notation.seat_name(str(stopped)),
                                                                seconds=f"{left:.0f}")

    def _handle(self, event: TableEvent) -> Outcome:
        self.traveller = None
        paused = self._paused(event)
        if paused is not None:
            self.flow.message = paused
            self.refresh()
            return Outcome(False, paused)
        try:
            at = self.journal.clock()
            outcome = self.flow.handle(event, at)
            if outcome.changed:
                self.journal.append(event, outcome.result, at)
        except Exception as error:  # a bug or a failing disk: back to the journal's state
            log.exception("event %s failed", event.to_json())
            self.flow = replay(self.config, self.journal)
            self.flow.message = _("internal error, event ignored: {error}").format(error=error)
            outcome = Outcome(False, self.flow.message)
        if outcome.result is not None:
            self.last_confirmed = outcome.result["board"]
            passed = None if self.moves is None else self.moves.board_pass(outcome.result["board"])
            if passed is not None:  # a shared set: shown until the next key, as a note is
                self.flow.message = passed
        if self.flow.current.stopped is not None and self._stop_at is None:
            self._stop_at = self.clock()  # the pause starts with the bid
        self.refresh()
        self.handled += 1
        return outcome

    def refresh(self) -> None:
        """Draw every seat's screen for the current state (or the traveller on show)."""
        with i18n.speaking(self.language):
            self._draw()

    def _draw(self) -> None:
        left = self.left()
        self._clock_shown = None if left is None else clock_text(left)
        if self.traveller is not None:
            table = int(self.config.table) if self.config.table.isdigit() else 0
            frame = render_traveller(self.traveller, table)
            for display in self.displays.values():
                display.show(frame)
            return
        view = self.flow.view()
        if view.entered and self.player_names:  # a name is shown beside the number it names only
            view = dataclasses.replace(view, names={
                seat: named["name"] for seat, named in self.player_names.items()
                if seat in view.entered and view.numbers.get(seat) == named["number"]})
        for seat, display in self.displays.items():
            display.show(render(view, seat, self.moves, left))

    def left(self) -> float | None:
        """Seconds left in the round by the station's round clock (negative: over; None: no clock)."""
        return None if self.round_end is None else self.round_end - self.clock()

    def round_clock(self, ends_in: float | None) -> None:
        """The station's round clock: ``ends_in`` seconds left in the round now, counted on by the
        table's own ``clock`` (None: the station runs none). Shown, never journaled: a replay is the same."""
        with self._lock:
            self.round_end = None if ends_in is None else self.clock() + ends_in
            self.refresh()

    def tick(self) -> None:
        """Draw again when the round clock's minute has changed (``run`` calls it every second)."""
        with self._lock, i18n.speaking(self.language):
            left = self.left()
            if left is not None and clock_text(left) != self._clock_shown:
                self._draw()

    def ask_number(self, seat: Seat, request: str) -> None:
        """The station's ask for a new player's number at ``seat`` (``TableEvent.ask``), handled
        and journaled like a key; an ask taken before (the station sends it with each assignment
        until the number comes) is passed over without a word on the displays."""
        with self._lock:
            if (request, seat) not in self.flow.asks:
                self.handle(TableEvent.ask(seat, request))

    def show_names(self, players: dict[str, dict[str, str]]) -> None:
        """The station's names of the players' numbers entered here (an assignment's ``players``):
        drawn beside the numbers while they are keyed; no state of the table (not journaled)."""
        with self._lock:
            self.player_names = dict(players)
            self.refresh()

    def notice(self, text: str) -> None:
        """Show ``text`` on every seat's display (a word from the station) until the next event."""
        with self._lock:
            self.traveller = None
            self.flow.message = text
            self.refresh()

    def assign(self, round_: int, boards: list[int], session: str = "", final: bool = False,
               moves: Moves | None = None) -> None:
        """The station's assignment: these boards are played in this round (their results say so);
        a table whose boards come from the station plays them next, and a table told no session
        joins ``session``; ``moves`` (the pairs and where they go next) are shown once the round's
        boards are confirmed. Kept in the journal, so a restart knows it before the station is
        reachable. JournalError if the journal belongs to another session (nothing changes)."""
        with self._lock:
            if session and session != self.journal.session:
                self._join(session)
            self.journal.add_assignment(round_, boards, final, None if moves is None else moves.to_json())
            self.moves = _kept_moves(self.journal)
            self.config.rounds.update(dict.fromkeys(boards, round_))
            self.flow.add_boards(boards, final)
            self.refresh()

    def skip(self, boards: list[int]) -> list[int]:
        """The boards the director marked not played (the station's assignment's ``not_played``):
        those this table has not begun are skipped, journaled so that a replay skips them too."""
        with self._lock, i18n.speaking(self.language):
            dropped = self.flow.drop_boards(boards)
            if dropped:
                self.journal.skip_boards(dropped)
                log.info("boards %s not played, as the director says: skipped", dropped)
                self.refresh()
            return dropped

    def _join(self, session: str) -> None:
        """Belong to the station's ``session``: adopt it, or begin a new journal for it once this
        session's boards are over and its results acknowledged (SessionWaits until then)."""
        if not self.journal.session or not self.told_session:
            self.journal.adopt_session(session)  # JournalError for table.toml's own session
            self.config.session = session
            return
        between_boards = self.flow.phase in (Phase.START, Phase.WAITING, Phase.DONE)
        pending = len(self.journal.pending_results())
        if not between_boards or self.flow.director is not None or pending:
            raise SessionWaits(f"session {session!r} begins once board {self.flow.board} of session "
                               f"{self.journal.session!r} is over and its results acknowledged "
                               f"({pending} waiting)")
        old = self.journal
        old.close()
        archive = archive_path(old.path, old.session)
        durable.rename(old.path, archive)  # the archive's name survives a power cut, then the new journal's
        log.info("session %s: journal kept as %s; session %s begins", old.session, archive, session)
        self.journal = Journal(old.path, session=session, clock=old.clock)
        boards, more_boards, rounds = self._initial
        self.config.boards[:], self.config.more_boards = list(boards), more_boards
        self.config.rounds.clear()
        self.config.rounds.update(rounds)
        self.config.session = session
        self.flow = replay(self.config, self.journal)
        self.moves = None
        self.last_confirmed = None

    def show_traveller(self, traveller: dict[str, Any]) -> bool:
        """Show the station's traveller of the board this table has just confirmed, until the
        next event; False (not shown) for any other board, or once the next board has begun."""
        with self._lock:
            between_boards = self.flow.phase in (Phase.START, Phase.WAITING, Phase.DONE)
            if (traveller.get("board") != self.last_confirmed or not between_boards
                    or traveller.get("session") != self.config.session):
                return False
            self.traveller = traveller
            self.refresh()
            return True

    def submit(self, event: TableEvent) -> None:
        """The devices' sink: thread-safe."""
        self.events.put(event)

    def stop(self) -> None:
        self.events.put(None)

    def run(self, devices: Sequence[InputDevice] = ()) -> None:
        """Start the devices and handle their events until ``stop()``."""
        for device in devices:
            device.start(self.submit)
        try:
            while True:
                try:
                    event = self.events.get(timeout=TICK)
                except queue.Empty:
                    self.tick()
                    continue
                if event is None:
                    break
                self.handle(event)
        finally:
            for device in devices:
                device.close()

    def feed_lines(self, lines: Iterable[str], echo: TextIO | None = None,
                   errors: TextIO | None = None) -> int:
        """Handle TableEvents given as JSON lines (a pipe or a file); ``echo`` gets one JSON line
        per event: whether it was accepted, the journal's length and the durable state; ``errors``
        each line that is not a TableEvent. Returns the number of such lines."""
        bad = 0
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                event = TableEvent.from_json(bounded(line.rstrip("\r\n")))
            except (ValueError, KeyError, TypeError) as error:  # LineTooLong is a ValueError too
                if isinstance(error, LineTooLong):  # its own message quotes the line's start
                    message = _("line {number}: {error}").format(number=number, error=error)
                else:  # the value it quotes, cut
                    message = _("line {number}: not a TableEvent: {error}").format(number=number,
                                                                                   error=cut(str(error)))
                outcome = Outcome(False, message)
                bad += 1
                if errors is not None:
                    print(outcome.message, file=errors, flush=True)
            else:
                outcome = self.handle(event)
            if echo is not None:
                echo.write(json.dumps({"accepted": outcome.changed, "message": outcome.message,
                                       "events": len(self.journal), "state": self.flow.view().durable()})
                           + "\n")
                echo.flush()
        return bad

    @property
    def done(self) -> bool:
        return self.flow.phase is Phase.DONE


def _check_game(config: FlowConfig, journal: Journal) -> None:
    """A journal replays only in the game form it was played in."""
    kept = journal.game()
    if kept is None:
        journal.keep_game(config.game)
    elif kept != config.game:
        raise JournalError(_("{file} holds a game of {kept}, not {game}: use a new journal file for "
                             "another form").format(file=journal.path, kept=kept, game=config.game))


def _kept_moves(journal: Journal) -> Moves | None:
    """The moves of the latest assignment the journal keeps."""
    kept = journal.last_moves()
    return None if kept is None else Moves.of(kept)


class SessionWaits(JournalError):
    """The station's new session must wait until the table has finished with the current one."""


def archive_path(path: Path, session: str) -> Path:
    """Where a finished session's journal is kept: ``journal.db`` -> ``journal-<session>.db``."""
    name = "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in session) or "session"
    candidate, number = path.with_name(f"{path.stem}-{name}{path.suffix}"), 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.stem}-{name}-{number}{path.suffix}")
    return candidate


# ---- configuration (table.toml) ---------------------------------------------------------------------
@dataclass(slots=True)
class TableConfig:
    """A table unit's configuration file, paths resolved against the file's directory."""

    flow: FlowConfig
    journal: Path
    pinmap: Path | None = None
    deck: Path | None = None
    frames: Path | None = None  # PNG frames instead of OLEDs
    source: str = "table.toml"
    link: LinkSettings | None = None  # [link]: the station's broker
    language: str = i18n.SOURCE  # what the displays speak: en, da, de, nl, hu


def _seconds(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 60:
        raise ValueError(_("{where}: stop_seconds is a number of seconds from 0 to 60, not {value}").format(
            where=where, value=repr(value)))
    return float(value)


def parse_boards(value: Any, where: str) -> list[int]:
    """``[1, 2, 3]``, ``"1,2,3"`` or ``"1-8"``."""
    if isinstance(value, str) and "," in value and value.replace(",", "").replace(" ", "").isdigit():
        value = [int(part) for part in value.split(",")]
    if isinstance(value, str) and "-" in value:
        first, dash, last = value.partition("-")
        if first.strip().isdigit() and last.strip().isdigit() and 1 <= int(first) <= int(last):
            return list(range(int(first), int(last) + 1))
    elif isinstance(value, list) and value and all(isinstance(b, int) and b >= 1 for b in value):
        return list(value)
    raise ValueError(_("{where}: boards is a list of board numbers or a range like \"1-8\", not "
                       "{value}").format(where=where, value=repr(value)))


def parse_game(value: Any, where: str) -> str:
    """A game form's name (``bridge.GAME_FORMS``)."""
    if value not in GAME_FORMS:
        raise ValueError(_("{where}: game is one of {games}, not {value}").format(
            where=where, games=", ".join(GAME_FORMS), value=repr(value)))
    return str(value)


def parse_language(value: Any, where: str) -> str:
    """The language the displays speak: "da", "de", "en", "hu" or "nl"."""
    try:
        return i18n.parse(str(value))
    except i18n.UnknownLanguage as error:
        raise ValueError(_("{where}: language: no language {code}: bridgetable speaks {languages}").format(
            where=where, code=repr(error.code), languages=i18n.spoken())) from None


def parse_players(value: Any, where: str) -> tuple[Seat, Seat]:
    """The two-player game's seats: "S W" (two seats of different sides)."""
    try:
        seats = tuple(Seat.parse(part) for part in str(value).replace(",", " ").split())
    except ValueError:
        seats = ()
    if len(seats) != 2 or seats[0].side is seats[1].side:
        raise ValueError(_("{where}: players are two seats of different sides, like \"S W\", not "
                           "{value}").format(where=where, value=repr(value)))
    return seats[0], seats[1]


def parse_rounds(value: Any, where: str) -> dict[int, int]:
    """``{1 = "1-3", 2 = "4-6"}`` (round: its boards, as for ``boards``) -> board -> round."""
    if not isinstance(value, dict):
        raise ValueError(_("{where}: a table of round = boards, like {example}").format(
            where=where, example='{ 1 = "1-3", 2 = "4-6" }'))
    rounds: dict[int, int] = {}
    for name, boards in value.items():
        if not (name.isascii() and name.isdigit() and int(name) >= 1):
            raise ValueError(_("{where}: {name} is not a round number").format(where=where, name=repr(name)))
        for board in parse_boards(boards, f"{where}.{name}"):
            if board in rounds:
                raise ValueError(_("{where}: board {board} is in rounds {first} and {second}").format(
                    where=where, board=board, first=rounds[board], second=name))
            rounds[board] = int(name)
    return rounds


def read_deals(path: Path) -> dict[int, Deal]:
    """The deal of each board in a PBN file (a board without a valid deal is an error)."""
    from ..formats.pbn import read_pbn
    from ..formats.text import decode_text

    deals: dict[int, Deal] = {}
    for record in read_pbn(decode_text(path.read_bytes()), str(path)):
        if record.board is None or record.deal is None:
            where = f"{path}:{record.line}"
            raise ValueError(_("{where}: a board without a number or a valid deal: {problems}").format(
                where=where, problems="; ".join(map(str, record.problems))))
        deals[record.board] = record.deal
    return deals


def load_config(path: str | Path) -> TableConfig:
    """Read table.toml; ValueError says what is wrong and where."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{path}: {getattr(error, 'strerror', None) or error}") from error
    base = path.parent
    table = data.get("table", {})
    if not isinstance(table, dict):
        raise ValueError(_("{path}: [table] must be a table of settings").format(path=path))
    unknown_sections = sorted(set(data) - {"table", "link"})
    if unknown_sections:
        raise ValueError(_("{path}: unknown sections: {names} (there are [table] and [link])").format(
            path=path, names=", ".join(unknown_sections)))
    link = (parse_link(data["link"], path, str(table.get("club", "")), str(table.get("table", "1")))
            if "link" in data else None)
    # with a link and no boards in [table], the station's assignments give the boards
    from_station = link is not None and "boards" not in table
    known = {"club", "session", "table", "boards", "rounds", "deals", "hand_check", "card_readers",
             "bidding_boxes", "journal", "pinmap", "deck", "frames", "policy", "stop_seconds", "game",
             "honours", "players", "language", "player_numbers"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ValueError(_("{path}: unknown settings in [table]: {names}").format(path=path,
                                                                                 names=", ".join(unknown)))
    policy = table.get("policy", "prevent")
    if policy not in ("prevent", "laws"):
        raise ValueError(_("{path}: [table] policy is \"prevent\" or \"laws\", not {value}").format(
            path=path, value=repr(policy)))
    game = parse_game(table.get("game", "duplicate"), f"{path} [table]")
    language = parse_language(table.get("language", i18n.SOURCE), f"{path} [table]")
    if game != "duplicate" and link is not None:
        raise ValueError(_("{path}: [table] game = {game} with [link]: a table on the station's link plays "
                           "duplicate boards; remove [link] to play another form").format(
            path=path, game=repr(game)))

    def opt_path(name: str) -> Path | None:
        return base / table[name] if name in table else None

    deals_path = opt_path("deals")
    try:
        flow = FlowConfig(
            boards=[] if from_station else parse_boards(table.get("boards", "1-8"), f"{path} [table]"),
            more_boards=from_station,
            deals=read_deals(deals_path) if deals_path else {},
            card_readers=bool(table.get("card_readers", True)),
            bidding_boxes=bool(table.get("bidding_boxes", True)),
            hand_check=bool(table.get("hand_check", False)),
            player_numbers=bool(table.get("player_numbers", False)),
            club=str(table.get("club", "")), session=str(table.get("session", "")),
            table=str(table.get("table", "1")),
            rounds=parse_rounds(table.get("rounds", {}), f"{path} [table] rounds"),
            policy=policy, stop_seconds=_seconds(table.get("stop_seconds", 10), f"{path} [table]"),
            game=game, honours=bool(table.get("honours", True)),
            players=parse_players(table.get("players", "S W"), f"{path} [table]"))
    except OSError as error:
        raise ValueError(f"{path}: {error}") from error
    return TableConfig(flow=flow, journal=base / table.get("journal", "table-journal.db"),
                       pinmap=opt_path("pinmap"), deck=opt_path("deck"), frames=opt_path("frames"),
                       source=str(path), link=link, language=language)


def open_devices(config: TableConfig) -> tuple[list[InputDevice], dict[Seat, Display]]:
    """The bidding boxes, seat modules, card readers and displays the pin map describes."""
    from ..devices.biddingbox import bidding_boxes
    from ..devices.cardreader import CardReader, CardScans, Deck
    from ..devices.display import Display as SeatDisplay
    from ..devices.display import seat_displays
    from ..devices.lines import open_port
    from ..devices.pinmap import load_pinmap
    from ..devices.seatmodule import SeatModule

    if config.pinmap is None:
        raise ValueError(_("{file}: [table] pinmap is needed to find the devices").format(file=config.source))
    pinmap = load_pinmap(config.pinmap)
    deck = Deck.load(config.deck) if config.deck else None
    devices: list[InputDevice] = list(bidding_boxes(pinmap))
    for seat, wiring in pinmap.seats.items():
        if wiring.module:
            devices.append(SeatModule(open_port(wiring.module), seat, CardScans(deck)))
        if wiring.card_reader:
            devices.append(CardReader(open_port(wiring.card_reader), seat, CardScans(deck)))
    if config.frames is not None:
        displays: dict[Seat, Display] = {seat: SeatDisplay.png(config.frames, seat) for seat in Seat}
    else:
        displays = dict(seat_displays(pinmap))
    return devices, displays
