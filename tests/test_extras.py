"""A command that needs an extra which is not installed names it and exits 2, before any traceback
(each run in its own interpreter, where the extra's modules are made unimportable)."""

import subprocess
import sys

import pytest


def run_without(modules: list[str], *argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    code = (f"import sys\nfor name in {modules!r}: sys.modules[name] = None\n"
            f"from bridgetable.cli import main\nsys.exit(main({list(argv)!r}))")
    return subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize(("argv", "hidden", "extra"), [
    (["demo", "--headless"], ["jinja2"], "demo"),
    (["demo"], ["starlette", "uvicorn"], "demo"),
    (["station", "--accounts", "a.json", "--session", "s", "--password", "pw"], ["jinja2"], "station"),
])
def test_a_command_names_the_extra_it_needs(tmp_path, argv, hidden, extra):
    run = run_without(hidden, *argv)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith(f"bridgetable {argv[0]}: the '{extra}' extra is not installed (no ")
    assert f"pip install 'bridgetable[{extra}]'" in run.stderr and "Traceback" not in run.stderr
    assert all(name in run.stderr for name in hidden)


def test_sim_frames_without_luma_emulator(tmp_path):
    run = run_without(["luma.emulator"], "table", "--sim", "--frames", str(tmp_path / "frames"),
                      "--journal", str(tmp_path / "j.db"), stdin="N ok\n")
    assert run.returncode == 2
    assert "writing PNG frames needs the 'sim' extra" in run.stderr
    assert "pip install 'bridgetable[sim]'" in run.stderr
    assert "Traceback" not in run.stderr and not (tmp_path / "frames").exists()
