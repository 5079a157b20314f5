"""The central server in one process: ``workers`` ingest workers on the central broker and,
unless ``web_port`` is None, the pages (in ``language`` for a visitor who chose none of ours).
Several such processes may run side by side (on one machine or several): their workers share the
load through the shared subscription."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from typing import Any

from .. import i18n
from ..link import Broker
from .ingest import IngestWorker


class Center:
    def __init__(self, db_url: str, keys: Mapping[str, bytes], broker: Broker, *, workers: int = 1,
                 web_port: int | None = 8090, host: str = "127.0.0.1", name: str = "central",
                 language: str = i18n.SOURCE, operator_password: str | None = None) -> None:
        self.db_url, self.web_port, self.host, self.language = db_url, web_port, host, language
        self.operator_password = operator_password
        self.workers = [IngestWorker(db_url, keys, broker, name=f"{name}-{n + 1}") for n in range(workers)]
        self._server: Any = None

    def start(self, timeout: float = 10.0) -> None:
        """Start the workers (and the pages); wait until every worker has subscribed and the pages
        are served."""
        for worker in self.workers:
            worker.start()
        for worker in self.workers:
            if not worker.ready.wait(timeout):
                broker = worker.broker
                raise TimeoutError(f"{worker.name}: no central broker at {broker.host}:{broker.port}")
        if self.web_port is not None:
            import uvicorn

            from .web import create_app

            app = create_app(self.db_url, self.language, self.operator_password, workers=self.health)
            self._server = uvicorn.Server(uvicorn.Config(app, host=self.host, port=self.web_port,
                                                         log_level="warning"))
            threading.Thread(target=self._server.run, name="central-web", daemon=True).start()
            deadline = time.monotonic() + timeout  # serving when start() returns (and says so)
            while not self._server.started:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"the pages did not start on {self.host}:{self.web_port}")
                time.sleep(0.02)

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        for worker in self.workers:
            worker.stop()

    def health(self) -> list[dict[str, Any]]:
        """Each worker: whether it is connected to the central broker and reaches the database."""
        return [{"name": w.name, "broker": w.client.is_connected(), "database": w.database}
                for w in self.workers]

    def counts(self) -> dict[str, int]:
        """Messages stored, already stored (duplicates) and refused by this process's workers."""
        return {"stored": sum(w.stored for w in self.workers),
                "duplicates": sum(w.duplicates for w in self.workers),
                "refused": sum(w.refused for w in self.workers)}
