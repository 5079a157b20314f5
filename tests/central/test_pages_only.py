"""Page-only processes (issue 23, "For the operator"): ``central --pages-only`` serves the pages and
the operator's page from the database without the federation's secret, without ingest workers and
without a broker, so that a web host need not hold the secret every club's key derives from."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx

from bridgetable.link.broker import free_port

from .test_pages import CLUB, center  # noqa: F401 (center: the pages' fixture)


def central(*options: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bridgetable.cli", "central", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_the_pages_served_without_the_secret_workers_or_broker(center: str, tmp_path: Path) -> None:  # noqa: F811
    (tmp_path / "operator").write_text("op secret\n", encoding="utf-8")
    port, nobroker = free_port(), free_port()  # nothing listens on the broker's port
    process = central("--pages-only", "--db", center, "--port", str(port), "--broker",
                      f"127.0.0.1:{nobroker}", "--operator-password-file", str(tmp_path / "operator"))
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == f"central: pages on http://127.0.0.1:{port}/; no ingest workers\n"
        base = f"http://127.0.0.1:{port}"
        assert f'href="/club/{CLUB}"' in httpx.get(base + "/").text
        health = httpx.get(base + "/health")
        assert health.status_code == 200 and health.json() == {"database": True, "workers": []}
        assert httpx.get(base + "/api/operator", auth=("operator", "op secret")).status_code == 200
    finally:
        process.terminate()
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "stopped" in out


def test_every_other_mode_needs_the_secret_and_pages_only_takes_none_of_theirs(center: str) -> None:  # noqa: F811
    ingest = central("--db", center, "--no-web")
    assert ingest.communicate(timeout=60)[1] == (
        "bridgetable central: --secret-file is needed (all but --pages-only read it)\n")
    assert ingest.returncode == 2
    for other in (["--club-key", "a"], ["--no-web"], ["--send-setup", "cup.json", "--to", "a"]):
        mixed = central("--pages-only", "--db", center, *other)
        assert "--pages-only serves the pages" in mixed.communicate(timeout=60)[1] and mixed.returncode == 2
