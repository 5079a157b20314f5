"""A command that needs an extra which is not installed names it and exits 2, before any traceback
(each run in its own interpreter, where the extra's modules are made unimportable)."""

import subprocess
import sys
from pathlib import Path

import pytest

from bridgetable.extras import checkout, install_command

ROOT = checkout()


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
    assert run.stderr.endswith(f": {install_command(extra, ROOT, Path(sys.executable), Path.cwd())}\n")
    assert "Traceback" not in run.stderr
    assert all(name in run.stderr for name in hidden)


def test_sim_frames_without_luma_emulator(tmp_path):
    run = run_without(["luma.emulator"], "table", "--sim", "--frames", str(tmp_path / "frames"),
                      "--journal", str(tmp_path / "j.db"), stdin="N ok\n")
    assert run.returncode == 2
    assert "writing PNG frames needs the 'sim' extra" in run.stderr
    assert f": {install_command('sim', ROOT, Path(sys.executable), Path.cwd())}\n" in run.stderr
    assert "Traceback" not in run.stderr and not (tmp_path / "frames").exists()


def test_the_install_command_is_the_one_that_works_where_it_runs(tmp_path):
    venv = tmp_path / "clone" / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "pip").touch()
    clone = tmp_path / "clone"
    # in the checkout, as the README's commands run: its own virtualenv, editable
    assert install_command("sim", clone, venv / "python", clone) == ".venv/bin/pip install -e '.[sim]'"
    # elsewhere: the same, by absolute paths
    assert install_command("demo", clone, venv / "python", tmp_path / "elsewhere") == (
        f"{venv / 'pip'} install -e '{clone}[demo]'")
    # installed from the package index (a table's Pi): the index's name; no pip: python -m pip
    (venv / "pip").unlink()
    assert install_command("sim", None, venv / "python", clone) == (
        ".venv/bin/python -m pip install 'bridgetable[sim]'")


def test_this_package_runs_from_its_checkout():
    assert ROOT is not None and (ROOT / "controller" / "bridgetable" / "extras.py").is_file()
