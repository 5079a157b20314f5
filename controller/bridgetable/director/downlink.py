"""The downward link: a session's set-up prepared at the federation's center, sent to a club's station.

The center (``bridgetable central --send-setup FILE --to CLUB``) publishes the set-up — event,
movement, scoring, pairs with their names and national numbers, boards with their deals — signed
with the club's key, retained and at QoS 1, on ``bridgetable/v1/{club}/central/down/{session}``
(``upstream.down_topic``: one topic a session, so that several set-ups can wait for a club) of the
central broker. The station subscribes to its session's topic at the central broker itself, with
the club's login (as its upstream link connects there, never through the club's own Mosquitto),
so a station that starts later, or a link that was down when it was sent, still finds it: the
central broker hands the retained set-up to whoever subscribes.
``bridgetable station --from-central`` waits for it, refuses — with the reason, logged — one that
is not signed with the club's key, names another club, is malformed or is for another session, and
starts the session from the first good one.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Mapping
from typing import Any

import paho.mqtt.client as mqtt

from ..link import Broker, SignatureError
from ..link.schema import encode
from .session import SessionSetup, SetupError
from .store import BoardInfo
from .upstream import board_list, decode_envelope, down_topic, envelope, mqtt_client

log = logging.getLogger("bridgetable.downlink")
KIND = "session-setup"
FIELDS: dict[str, type] = {"session": str, "event": str, "movement": dict, "scoring": str, "pairs": dict,
                           "numbers": dict, "teams": dict, "boards": list}
BOARD_FIELDS: dict[str, type | tuple[type, ...]] = {"board": int, "deal": (str, type(None)), "dealer": str,
                                                   "vulnerability": str}


def setup_body(setup: SessionSetup, boards: list[BoardInfo]) -> dict[str, Any]:
    """A set-up as it travels down (pairs and numbers keyed by the pair's number as text)."""
    return {"kind": KIND, "session": setup.session, "event": setup.event, "movement": setup.movement,
            "scoring": setup.scoring, "pairs": {str(p): names for p, names in sorted(setup.pairs.items())},
            "numbers": {str(p): players for p, players in sorted(setup.numbers.items())},
            "teams": setup.teams,
            "boards": board_list(boards)}


def parse_setup(body: Mapping[str, Any]) -> tuple[SessionSetup, list[BoardInfo]]:
    """The set-up and boards a body describes; SetupError naming the field that is wrong."""
    if body.get("kind") != KIND:
        raise SetupError(f"kind {str(body.get('kind'))[:20]!r} is not {KIND!r}")
    for name, kind in FIELDS.items():
        if not isinstance(body.get(name, {} if name in ("numbers", "teams") else None), kind):
            raise SetupError(f"set-up field {name!r} is missing or not a {kind.__name__}")
    boards = []
    for n, board in enumerate(body["boards"], 1):
        if not isinstance(board, dict) or not all(well_typed(board.get(f), t)
                                                  for f, t in BOARD_FIELDS.items()):
            raise SetupError(f"set-up boards[{n}]: needs board (number), deal, dealer and vulnerability")
        boards.append(BoardInfo(board["board"], board["deal"], board["dealer"], board["vulnerability"]))
    for field_name in ("pairs", "numbers"):
        if not all(str(key).isdigit() for key in body.get(field_name, {})):
            raise SetupError(f"set-up {field_name}: keys are pair numbers")
    setup = SessionSetup(body["session"], body["event"], body["movement"], scoring=body["scoring"],
                         pairs=body["pairs"], numbers=body.get("numbers", {}), teams=body.get("teams", {}))
    needed = set(setup.build_movement().boards)
    missing = needed - {b.board for b in boards}
    if missing:
        raise SetupError(f"set-up boards: the movement plays boards {sorted(missing)[:10]} that it lacks")
    return setup, boards


def well_typed(value: Any, kind: type | tuple[type, ...]) -> bool:
    return isinstance(value, kind) and not isinstance(value, bool)  # no field is a bool


def setup_message(body: Mapping[str, Any], club: str, key: bytes) -> bytes:
    """A set-up for ``club``, checked, signed with the club's key (as sent on its downward topic)."""
    parse_setup(body)
    return encode(envelope(body, club, key))


def decode_setup(payload: bytes, club: str, key: bytes) -> tuple[SessionSetup, list[BoardInfo]]:
    """The set-up the center sent ``club``; ValueError (SetupError) or SignatureError saying why
    it is refused: not JSON, naming another club, not signed with the club's key, malformed."""
    message = decode_envelope(payload, club, key)
    return parse_setup(message)


def publish_setup(broker: Broker, club: str, key: bytes, body: Mapping[str, Any],
                  timeout: float = 10.0) -> None:
    """Publish a set-up retained on the club's downward topic of the central broker."""
    payload = setup_message(body, club, key)
    client = mqtt_client(broker, f"bridgetable-central-down-{club}")
    client.connect(broker.host, broker.port, broker.keepalive)
    client.loop_start()
    try:
        info = client.publish(down_topic(club, body["session"]), payload, qos=1, retain=True)
        info.wait_for_publish(timeout)
        if not info.is_published():
            raise TimeoutError(f"the central broker at {broker.host}:{broker.port} did not take the set-up")
    finally:
        client.disconnect()
        client.loop_stop()


class SetupReceiver:
    """Listens on the club's downward topic of the central broker ``central`` for a session's set-up."""

    def __init__(self, central: Broker, club: str, key: bytes, session: str) -> None:
        self.club, self.key, self.session, self.broker = club, key, session, central
        self.refused: list[str] = []  # the reasons, in order
        self._payloads: queue.Queue[bytes] = queue.Queue()
        client = mqtt_client(central, f"bridgetable-downlink-{club}", clean_session=True)
        client.on_connect = self._on_connect
        client.on_message = self._on_message
        self.client = client

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if not reason.is_failure:
            client.subscribe(down_topic(self.club, self.session), qos=1)

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        self._payloads.put(bytes(msg.payload))

    def wait(self, timeout: float) -> tuple[SessionSetup, list[BoardInfo]]:
        """The first good set-up of the session; TimeoutError (with what was refused) after ``timeout``."""
        self.client.connect_async(self.broker.host, self.broker.port, self.broker.keepalive)
        self.client.loop_start()
        deadline = time.monotonic() + timeout
        try:
            while (left := deadline - time.monotonic()) > 0:
                try:
                    payload = self._payloads.get(timeout=min(left, 0.5))
                except queue.Empty:
                    continue
                try:
                    setup, boards = decode_setup(payload, self.club, self.key)
                    if setup.session != self.session:
                        raise ValueError(f"the set-up is of session {setup.session[:40]!r}, "
                                         f"not {self.session!r}")
                    return setup, boards
                except (ValueError, SignatureError) as exc:
                    self.refused.append(str(exc))
                    log.warning("refused a set-up on %s: %s", down_topic(self.club, self.session), exc)
            refused = f" (refused: {'; '.join(self.refused)})" if self.refused else ""
            raise TimeoutError(f"no set-up of session {self.session!r} from the center in {timeout:.0f} s"
                               f"{refused}")
        finally:
            self.client.disconnect()
            self.client.loop_stop()

