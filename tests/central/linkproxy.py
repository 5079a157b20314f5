"""A TCP relay between a club's bridge and the central broker that the test can cut and restore:
the club's internet going down (every connection dropped, new ones refused) and coming back."""

from __future__ import annotations

import contextlib
import socket
import threading

from bridgetable.link.broker import free_port


class LinkProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port, self.port = target_port, free_port()
        self.up = True
        self._lock = threading.Lock()
        self._open: list[socket.socket] = []
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._listener.settimeout(0.2)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def cut(self) -> None:
        with self._lock:
            self.up = False
            for sock in self._open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
                sock.close()
            self._open.clear()

    def restore(self) -> None:
        with self._lock:
            self.up = True

    def close(self) -> None:
        self._stopping.set()
        self.cut()
        self._thread.join(5)
        self._listener.close()

    def _accept(self) -> None:
        while not self._stopping.is_set():
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            with self._lock:
                if not self.up:
                    client.close()
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

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.close()
