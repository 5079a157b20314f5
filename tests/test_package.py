"""What the package carries besides its code: the screens' fonts (with their licence) and the
samples the README's examples use, declared as package data so that a wheel has them too."""

import fnmatch
import io
import json
import tomllib
from pathlib import Path

import bridgetable
from bridgetable.cli import main

PACKAGE = Path(bridgetable.__file__).parent
ROOT = PACKAGE.parents[1]


def test_fonts_and_samples_are_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    files = [path.relative_to(PACKAGE).as_posix() for folder in ("table/fonts", "samples")
             for path in (PACKAGE / folder).iterdir()]
    assert {"table/fonts/DejaVuSansCondensed.ttf", "table/fonts/DejaVuSansCondensed-Bold.ttf",
            "table/fonts/LICENSE", "samples/results.pbn"} <= set(files)
    assert all(any(fnmatch.fnmatch(name, pattern) for pattern in patterns["bridgetable"]) for name in files)


def test_the_samples_pass_check(capsys):
    names = ("deals.pbn", "results.pbn", "results.lin")
    assert main(["check", *(str(PACKAGE / "samples" / name) for name in names)]) == 0
    assert "24 records checked: 24 consistent" in capsys.readouterr().out


def test_the_rubber_sample_is_a_score_pad_input(monkeypatch, capsys):
    """README: `tally --game rubber < samples/rubber.txt`. Hand-checked: NS 2H+1 (60 below, 30
    above), a pass-out, EW 4S= with West's 100 honours (120 below wipes NS's 60), NS 3NT= (game)."""
    text = (PACKAGE / "samples" / "rubber.txt").read_text(encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["tally", "--game", "rubber", "--json"]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert (sheet["ns_total"], sheet["ew_total"], sheet["over"], sheet["winner"]) == (190, 220, False, "EW")
