"""A TCP relay between a club's station and the central broker that the test can break in the ways
a club's internet breaks, and restore:

- ``cut``: every connection dropped, new ones reset (the line down);
- ``close_each``: new connections accepted and closed at once (a load balancer or relay in front
  of a central broker that is down);
- ``black_hole``: what is open goes silent, new connections are accepted and never answered, what
  is sent is swallowed (a route that drops every packet).
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from typing import Literal

from bridgetable.link.broker import free_port

Mode = Literal["up", "cut", "closing", "silent"]


class LinkProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port, self.port = target_port, free_port()
        self.mode: Mode = "up"
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._listener.settimeout(0.2)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def cut(self) -> None:
        self._switch("cut")

    def close_each(self) -> None:
        self._switch("closing")

    def black_hole(self) -> None:
        with self._lock:
            self.mode = "silent"  # the pumps swallow from now on; the connections stay open

    def restore(self) -> None:
        self._switch("up")

    def close(self) -> None:
        self._stopping.set()
        self.cut()
        self._thread.join(5)
        self._listener.close()

    def _switch(self, mode: Mode) -> None:
        """Drop every open connection (a stream that lost bytes is no use) and take ``mode``."""
        with self._lock:
            self.mode = mode
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def _accept(self) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            with self._lock:
                if self.mode == "cut":  # a reset, as a closed port answers
                    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    client.close()
                    continue
                if self.mode == "closing":
                    with contextlib.suppress(OSError):
                        client.shutdown(socket.SHUT_RDWR)
                    client.close()
                    continue
                if self.mode == "silent":
                    self._open.append(client)
                    threading.Thread(target=self._pump, args=(client, None), daemon=True).start()
                    continue
                try:
                    server = socket.create_connection(("127.0.0.1", self.target_port), timeout=2)
                    server.settimeout(None)
                except OSError:
                    client.close()
                    continue
                self._open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket | None) -> None:
        try:
            while data := source.recv(65536):
                if sink is not None and self.mode != "silent":
                    sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                if sock is not None:
                    with contextlib.suppress(OSError):
                        sock.close()
