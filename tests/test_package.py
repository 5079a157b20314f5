"""What the package carries besides its code: the screens' fonts (with their licence) and the
samples the README's examples use, declared as package data so that a wheel has them too."""

import fnmatch
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
