"""The running scoring station: the link to the tables, the ingest, the rounds, the web server.

It publishes each round's assignments and moves to the next round by itself once every table has
sent every board of the round; the director can also move on by hand (``advance``) when a table
is held up, or send the round again (``resend``). The assignments are retained, but nothing
depends on the broker keeping them (a broker that crashes loses them): the station publishes the
current round again whenever it (re)connects, and answers a table that announces itself (its
state) without the current round with that table's assignment.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..i18n import STATION
from ..link import Broker, ReceivedResult, StationLink
from .actions import ActionError, not_started
from .ingest import Ingest
from .members import MemberList, register_names
from .roundclock import Progress, RoundClock
from .rulings import NOT_PLAYED
from .session import Session
from .store import StoredResult
from .teamevent import pair_round

_ = STATION.gettext
log = logging.getLogger("bridgetable.director")
ANSWER_EVERY = 1.0  # seconds: a table's states between two answers with its assignment are not answered


class Station:
    """One session's station on a broker. ``keys`` are the tables' signing keys."""

    def __init__(self, session: Session, broker: Broker, keys: Mapping[int, bytes], club: str,
                 members: MemberList | None = None, clock: RoundClock | None = None) -> None:
        """``members``: the club's member list, which names the numbers the players key at the tables;
        ``clock``: the round clock (the club's minutes per board when not given)."""
        self.session = session
        self.clock = clock or RoundClock(session)
        self.round = 0
        self._lock = threading.RLock()
        self._answered: dict[int, float] = {}  # table -> when its assignment was last sent
        self.finished = threading.Event()
        self.ingest = Ingest(session, publish_traveller=self._publish_traveller, members=members)
        self._names: dict[int, dict[str, dict[str, str]]] = {}  # table -> seat -> the number and its name
        self._pending: dict[int, dict[str, str]] = {}  # table -> seat -> a number asked of the register
        # the center's player register, for a number the member list does not know (``upstream``)
        self.lookup: Callable[[str], None] | None = None
        self.link = StationLink(club, keys, self._store, broker, store_many=self._store_many,
                                client_id=f"bridgetable-station-{club}", on_state=self._on_state,
                                on_live=self._on_live,
                                check=self.ingest.check_result, on_ready=self.republish)
        self.ingest.subscribe(self._on_change)

    def start(self, timeout: float = 10.0) -> None:
        """Connect and publish the current round (the first one, or where a restart left off)."""
        self.link.start()
        if not self.link.connected.wait(timeout):
            raise TimeoutError(f"no broker at {self.link.broker.host}:{self.link.broker.port}")
        self._catch_up()

    def stop(self) -> None:
        self.link.stop()

    def _store(self, received: ReceivedResult) -> bool:
        return self.ingest.store_result(received)

    def _store_many(self, received: Sequence[ReceivedResult]) -> list[bool]:
        return self.ingest.store_results(received)

    def _on_change(self, what: str) -> None:
        if what == "result":  # from a table or from the director
            self._catch_up()

    def _publish_traveller(self, traveller: dict[str, Any]) -> None:
        self.link.publish_traveller(traveller)

    def _on_state(self, message: dict[str, Any]) -> None:
        known = self.ingest.status.get(message["table"])
        came_online = known is None or not known.online
        self.ingest.on_state(message)
        self._answer(message, came_online)

    def _answer(self, state: dict[str, Any], came_online: bool = False) -> None:
        """A table online that has not the current round (a new table, or one whose broker lost
        the retained assignment), or that has just come online (a restart: the broker's retained
        assignment tells a round clock's time left as it was when sent), is sent its assignment again."""
        table = state["table"]
        with self._lock:
            current = self.round
            has_round = state.get("round") == current and not came_online
            if (not current or state["status"] != "online" or has_round
                    or state.get("session") not in (None, "", self.session.id)):
                return
            now = time.monotonic()
            if now - self._answered.get(table, -ANSWER_EVERY) < ANSWER_EVERY and not came_online:
                return
            self._answered[table] = now
        log.info("table %s announced itself in round %s: assignment of round %s sent again",
                 table, state.get("round"), current)
        self._send_again(table)

    def _on_live(self, message: dict[str, Any]) -> None:
        """A table's live feed: a player's number keyed there is named back to the table (its
        assignment again, with the names); calls and cards go to the pages."""
        if message["event"] != "number":
            self.ingest.on_live(message)
            return
        seat, number = message.get("seat"), message["value"]
        if seat is None or message.get("session", self.session.id) != self.session.id:
            return
        members = self.ingest.members
        member = members.lookup(number) if members is not None else None
        with self._lock:
            named = self._names.setdefault(message["table"], {})
            pending = self._pending.setdefault(message["table"], {})
            pending.pop(seat, None)
            if member is None and number not in self.ingest.register and self.lookup is not None:
                named.pop(seat, None)  # the number alone until the center's register answers
                pending[seat] = number
                self.lookup(number)
            else:
                named[seat] = {"number": number,
                               "name": member.name if member else self.ingest.register.get(number, "")}
            self._send_names(message["table"])

    def _send_again(self, table: int, **extra: Any) -> None:
        """The current round's assignment of ``table`` again (``extra``: fields added to it)."""
        for assignment in self.assignments(self.round) if self.round else []:
            if assignment["table"] == table:
                self.link.publish_assignment({**assignment, **extra})

    def _send_names(self, table: int) -> None:
        """The table's assignment again, with the names of the numbers keyed there."""
        self._send_again(table, players=dict(self._names[table]))

    def register_names(self, players: dict[str, str]) -> None:
        """The center's register's names of numbers the member list does not know (``lookup``;
        "" for one it does not know either): kept, shown on the displays where the number is keyed,
        and written into the pairs' numbers already in (``members.register_names``)."""
        with self._lock:
            self.ingest.register.update(players)
            for table, pending in self._pending.items():
                answered = {seat: number for seat, number in pending.items() if number in players}
                for seat, number in answered.items():
                    self._names[table][seat] = {"number": number, "name": players[number]}
                    del pending[seat]
                if answered:
                    self._send_names(table)
        if register_names(self.session.setup, players):
            self.session.save()

    def republish(self) -> None:
        """Publish the current round's assignments again (after each (re)connection)."""
        with self._lock:
            if self.round:
                self._publish_round(self.round)

    def resend(self, actor: str) -> int:
        """The director sends the current round's assignments again."""
        with self._lock:
            self.session.store.audit(self.session.id, actor, "resend round", f"round {self.round}")
            self.republish()
            return self.round

    def progress(self) -> dict[int, Progress]:
        """Each table's progress in the current round against the round clock (none before the first)."""
        with self._lock:
            round_ = self.round
        found = {}
        for a in self.session.movement.round(round_) if round_ else []:
            done = sum((a.table, board) in self.ingest.played for board in a.boards)
            progress = self.clock.progress(round_, len(a.boards), done)
            if progress is not None:
                found[a.table] = progress
        return found

    def missing(self, round_: int) -> list[tuple[int, int]]:
        """The (table, board) results still awaited in a round."""
        return [(a.table, b) for a in self.session.movement.round(round_) for b in a.boards
                if (a.table, b) not in self.ingest.played]

    def _catch_up(self) -> None:
        """Publish the first round not yet complete (and every round completed on the way)."""
        with self._lock:
            target = self.round or 1
            while target < self.session.movement.rounds and not self.missing(target):
                target += 1
                pair_round(self.session, target)  # a Swiss pairs each round once the one before is over
            if target != self.round:
                self._publish_round(target)
            if target == self.session.movement.rounds and not self.missing(target):
                self.finished.set()

    def advance(self, actor: str) -> int:
        """The director starts the next round although results are missing (after the last
        round: refused, with an ``ActionError``, and audited)."""
        with self._lock:
            if self.round >= self.session.movement.rounds:
                self.session.store.audit(self.session.id, actor, "next round refused",
                                         f"round {self.round} is the last")
                raise ActionError(_("round {round} is the last round of the session: there is no next "
                                    "round").format(round=self.round))
            missing = self.missing(self.round)
            self.session.store.audit(self.session.id, actor, "next round",
                                     f"round {self.round + 1} started; missing {missing}")
            pair_round(self.session, self.round + 1)
            self._publish_round(self.round + 1)
            return self.round

    def assignments(self, round_: int) -> list[dict[str, Any]]:
        """The round's "assign" messages, with its clock once it has begun, and the boards the
        director marked not played at each table (so far in the session), which it then skips."""
        clock = self.clock.fields(round_)
        skipped: dict[int, list[int]] = {}
        for result in self.ingest.live.results():
            if result.contract == NOT_PLAYED and result.source == "director":
                skipped.setdefault(result.table, []).append(result.board)
        messages = [{**assignment, **clock} for assignment in self.session.assignments(round_)]
        for message in messages:
            if message["table"] in skipped:
                message["not_played"] = sorted(skipped[message["table"]])
        return messages

    def not_started(self, actor: str, table: int, round_: int) -> list[StoredResult]:
        """The director marks the boards ``table`` has not started when ``round_`` ended not played
        (``actions.not_started``), and the table is told, so that it skips them."""
        stored = not_started(self.ingest, actor, table, round_)
        with self._lock:
            self._send_again(table)
        return stored

    def _publish_round(self, round_: int) -> None:
        self.round = round_
        self.clock.start(round_)
        for assignment in self.assignments(round_):
            self.link.publish_assignment(assignment)
        log.info("round %s of %s published", round_, self.session.movement.rounds)
