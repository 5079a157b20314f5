"""A private PostgreSQL server in a directory, on a free port (initdb + pg_ctl), for the federation
demo and the bench, as the store's tests run one; run as the ``postgres`` user when this runs as
root (PostgreSQL refuses root)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..link.broker import free_port


def pg_binary(name: str) -> str:
    """A PostgreSQL program (Debian keeps them under /usr/lib/postgresql/N/bin, off PATH)."""
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                                                   reverse=True)), None)
    if found is None:
        raise FileNotFoundError(f"PostgreSQL's {name} is not installed: apt-get install postgresql")
    return found


class PrivatePostgres:
    """``with PrivatePostgres() as url:`` a throw-away server (trust login, no fsync) and its URL."""

    def __init__(self, directory: Path | None = None) -> None:
        self.root = directory or Path(tempfile.mkdtemp(prefix="bridgetable-central-pg-"))
        self.port = free_port()
        self._as_user: list[str] = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    @property
    def url(self) -> str:
        return f"postgresql://central@127.0.0.1:{self.port}/postgres"

    def start(self) -> str:
        data = self.root / "data"
        self.root.mkdir(parents=True, exist_ok=True)
        if self._as_user:
            shutil.chown(self.root, "postgres")
        self._run(pg_binary("initdb"), "-D", str(data), "-U", "central", "--auth=trust", "--no-sync",
                  "-E", "UTF8")
        self.resume()
        return self.url

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.root, ignore_errors=True)

    def resume(self) -> None:
        """Start the server (again, after ``halt``) on its port with its data."""
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(pg_binary("pg_ctl"), "-D", str(self.root / "data"), "-o", options, "-l",
                  str(self.root / "log"), "-w", "start")

    def halt(self) -> None:
        """Stop the server (fast: every connection dropped), keeping its data: with ``resume``, a
        database restart."""
        subprocess.run([*self._as_user, pg_binary("pg_ctl"), "-D", str(self.root / "data"), "-m", "fast",
                        "stop"], capture_output=True, check=False)

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self._as_user, *command], capture_output=True, text=True, check=False)
        if done.returncode:
            raise RuntimeError(f"{Path(command[0]).name} failed: {done.stderr.strip()[-500:]}")

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
