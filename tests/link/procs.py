"""A station or a table as a process of its own, so that a test can kill it (SIGKILL) mid-session.

    python -m tests.link.procs station PORT STORE_DB
    python -m tests.link.procs table PORT TABLE OUTBOX_DB

Each prints "ready" once connected and then runs until killed.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from bridgetable.link import Broker, SQLiteOutbox, StationLink, TableLink
from bridgetable.link.signing import DerivedKeys

from .support import CLUB, SECRET, ResultStore, table_key

BROKER_DELAYS = {"min_delay": 0.1, "max_delay": 0.5}


def main(argv: list[str]) -> None:
    role, port = argv[0], int(argv[1])
    broker = Broker(port=port, **BROKER_DELAYS)
    link: StationLink | TableLink
    if role == "station":
        link = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 50), ResultStore(Path(argv[2])), broker)
    else:
        table = int(argv[2])
        link = TableLink(CLUB, table, table_key(table), SQLiteOutbox(argv[3]), broker,
                         resend_min=0.2, resend_max=1.0)
    link.start()
    link.connected.wait()
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main(sys.argv[1:])
