"""A table unit on the link: one TableService wired to its TableLink.

What `bridgetable table --config` (with a ``[link]`` section) and the demo's simulated tables
share: the table's retained state (with its last will) follows the board flow; the calls and
cards go out on the live feed as they are accepted; each confirmed result leaves the journal's
outbox (store and forward, across restarts) once the station acknowledges it; the station's
assignments go to the service (round, and the boards and session of a table told them by the
station; a new session waits until the table is between boards with every result acknowledged,
then the service begins a new journal and the outbox follows it); the traveller of the board
just confirmed is shown on the displays unless the table or the station says not to. A result
the station refuses (it does not fit the session) leaves the outbox, and the displays and the
table's state say "director called: result refused" with the station's reason.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from ..bridge import Seat
from ..events import Key, TableEvent
from ..table.flow import Outcome, TableView
from ..table.journal import JournalError
from ..table.linkconfig import LinkSettings
from ..table.moves import Moves
from ..table.service import SessionWaits, TableService
from .client import Broker, Handler, TableLink
from .outbox import JournalLike, JournalOutbox
from .schema import ResultKey

log = logging.getLogger("bridgetable.link")


def broker_of(settings: LinkSettings) -> Broker:
    """The broker address and login of a table.toml ``[link]`` section."""
    return Broker(host=settings.host, port=settings.port, username=settings.username,
                  password=settings.password, keepalive=settings.keepalive, tls=settings.tls,
                  ca_file=str(settings.ca) if settings.ca else None)


class UnitLink:
    """Connects ``service`` to the station through a TableLink; ``start`` / ``stop`` it beside
    the service. ``on_assign`` is told each valid assignment after the service has taken it."""

    def __init__(self, service: TableService, key: bytes, broker: Broker, *, show_traveller: bool = True,
                 on_assign: Handler | None = None, resend_min: float = 1.0, resend_max: float = 60.0) -> None:
        self.service = service
        self.show_traveller = show_traveller
        self.station_shows_traveller = True  # the latest assignment's show_traveller
        self._on_assign_too = on_assign
        self.waiting: dict[str, Any] | None = None  # a new session's assignment, until the table is free
        self.refusal: str | None = None  # the station refused a result: shown until the next round
        self._refused_round = 0
        self._lock = threading.Lock()
        config = service.config
        self.outbox = _AckedOutbox(service.journal, self._retry_waiting)
        self.link = TableLink(config.club, int(config.table), key, self.outbox, broker,
                              on_assign=self._on_assign, on_traveller=self._on_traveller,
                              on_refused=self._on_refused, resend_min=resend_min, resend_max=resend_max)
        view = service.flow.view()
        self._live = (view.boards_done, len(view.calls), len(view.played))  # what the live feed has had
        self._numbers: dict[str, str] = {}  # the players' numbers the live feed has had
        self._publish_state(view)
        service.listeners.append(self._on_handled)

    def start(self) -> None:
        self.link.start()

    def stop(self) -> None:
        """Say "offline" and disconnect; unacknowledged results stay in the journal's outbox."""
        self.link.stop()

    # ---- the station's messages (paho's thread) ---------------------------------------------------
    def _on_assign(self, assignment: dict[str, Any]) -> None:
        with self._lock:
            self.waiting = None
            try:
                self.service.assign(assignment["round"], assignment["boards"], session=assignment["session"],
                                    final=assignment.get("final", False), moves=Moves.of(assignment))
                self.service.skip(assignment.get("not_played", []))
            except SessionWaits as waits:
                log.info("table %s: %s", self.link.table, waits)
                self.waiting = assignment
                return
            except JournalError as error:
                log.error("table %s: assignment of round %s refused: %s", self.link.table,
                          assignment["round"], error)
                return
            finally:
                self.outbox.journal = self.service.journal  # a new session: a new journal
        self.station_shows_traveller = assignment.get("show_traveller", True)
        self.service.round_clock(assignment.get("ends_in"))
        if "players" in assignment:
            self.service.show_names(assignment["players"])
        for ask in assignment.get("ask", []):  # the director's word: a new player at these seats
            for seat in ask["seats"]:
                self.service.ask_number(Seat.parse(seat), ask["id"])
        if assignment["round"] != self._refused_round:
            self.refusal = None
        self._publish_state(self.service.flow.view())
        if self._on_assign_too is not None:
            self._on_assign_too(assignment)

    def _retry_waiting(self) -> None:
        """After each event and each ack: a new session's assignment may go ahead now."""
        waiting = self.waiting
        if waiting is not None:
            self._on_assign(waiting)

    def _on_refused(self, ack: dict[str, Any]) -> None:
        self.refusal = f"director called: result refused: board {ack['board']}: {ack.get('reason', '')}"
        self._refused_round = ack["round"]
        self.service.notice(self.refusal)
        self._publish_state(self.service.flow.view())

    def _on_traveller(self, traveller: dict[str, Any]) -> None:
        if self.show_traveller and self.station_shows_traveller:
            self.service.show_traveller(traveller)

    # ---- the table's side (the service's thread) -------------------------------------------------
    def _on_handled(self, event: TableEvent, outcome: Outcome) -> None:
        if not outcome.changed:
            return
        view = self.service.flow.view()
        self._publish_live(view, event)
        self._publish_state(view)
        if outcome.result is not None:
            self.link.flush()
        self._retry_waiting()

    def _publish_live(self, view: TableView, event: TableEvent) -> None:
        """The calls and cards this event added to the board (an undone call: "undo")."""
        done, calls, cards = self._live
        if view.boards_done != done:  # a new board: nothing of it published yet
            calls = cards = 0
        fields = self._session_round(view.board)
        callers = view.callers()
        if len(view.calls) < calls:
            self.link.publish_live(view.board, len(view.calls), "undo", "call", str(event.seat), **fields)
        for seq in range(calls, len(view.calls)):
            self.link.publish_live(view.board, seq, "call", view.calls[seq], str(callers[seq]), **fields)
        if event.value == Key.ALERT.value and view.calls:  # an alert is of the last call
            last = len(view.calls) - 1
            self.link.publish_live(view.board, last, "alert", view.calls[last], str(event.seat), **fields)
        players = {card: seat for seat, card in view.trick}  # dummy's card may be scanned at declarer's seat
        for index in range(cards, len(view.played)):
            card = view.played[index]
            self.link.publish_live(view.board, len(view.calls) + index, "card", card,
                                   players.get(card, str(event.seat)), **fields)
        self._live = (view.boards_done, len(view.calls), len(view.played))
        self._publish_numbers(view, fields)

    def _publish_numbers(self, view: TableView, fields: dict[str, Any]) -> None:
        """A player's number once entered (``table.phases.players``; a guest's 0 aside), for the
        station to name it."""
        entered = {str(seat): number for seat, number in self.service.flow.current.player_numbers.items()}
        for seat, number in sorted(entered.items()):
            if self._numbers.get(seat) != number and number != "0":
                self.link.publish_live(view.board, 0, "number", number, seat, **fields)
        self._numbers = entered

    def _session_round(self, board: int) -> dict[str, Any]:
        fields: dict[str, Any] = {"session": self.service.config.session}
        round_ = self.service.config.rounds.get(board, 0)
        if round_:
            fields["round"] = round_
        return fields

    def _publish_state(self, view: TableView) -> None:
        director = view.director or self.refusal
        state = {"phase": view.phase, "director_call": director is not None,
                 **self._session_round(view.board)}
        if view.board:
            state["board"] = view.board
        if director is not None:
            state["detail"] = director[:200]
        self.link.set_state(replace=True, **state)


class _AckedOutbox(JournalOutbox):
    """The journal's outbox, telling ``on_ack`` after each acknowledgement."""

    def __init__(self, journal: JournalLike, on_ack: Callable[[], None]) -> None:
        super().__init__(journal)
        self._on_ack = on_ack

    def acknowledge(self, key: ResultKey) -> bool:
        acknowledged = super().acknowledge(key)
        self._on_ack()
        return acknowledged
