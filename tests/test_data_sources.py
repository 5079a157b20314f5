"""The repository is self-contained: every data file the tests read is in tests/data, listed in its
SOURCES.md with its size and licence, and no test or module reads a path outside the repository."""

from __future__ import annotations

import re

from .corpus import CORPUS, DATA, SOURCES

ROOT = DATA.parents[1]
_LISTED = re.compile(r"^- `(?P<path>[^`]+)` \| (?P<bytes>\d+) \| ", re.M)
# The "shared" folder beside the checkout, by a relative or an absolute path.
_OUTSIDE = re.compile(r"\.\.[/\\]+shared|[/\\]work[/\\]+shared|['\"]\.\.['\"]\s*/\s*['\"]shared")
_PARENTS = re.compile(r"\.parents\[(\d+)\]")


def test_every_data_file_is_listed_with_its_size_and_nothing_listed_is_missing() -> None:
    listed = {m["path"]: int(m["bytes"]) for m in _LISTED.finditer(SOURCES.read_text(encoding="utf-8"))}
    on_disk = {str(p.relative_to(CORPUS)): p.stat().st_size for p in CORPUS.rglob("*") if p.is_file()}
    assert listed == on_disk


def test_every_source_has_its_folder_and_every_licence_text_named_exists() -> None:
    text = SOURCES.read_text(encoding="utf-8")
    folders = {p.name for p in CORPUS.iterdir() if p.is_dir()}
    assert folders == set(re.findall(r"^\| `([^`]+)` \|", text, re.M))
    licences = set(re.findall(r"`(licences/[^`]+)`", text))
    assert licences and all((DATA / name).is_file() for name in licences)
    assert {p.relative_to(DATA).as_posix() for p in (DATA / "licences").iterdir()} == licences


def test_no_test_or_module_reads_outside_the_repository() -> None:
    offending = []
    for top in ("tests", "controller", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            depth = len(path.relative_to(ROOT).parts) - 1  # path.parents[depth] is the repository
            if _OUTSIDE.search(text) or any(int(n) > depth for n in _PARENTS.findall(text)):
                offending.append(str(path.relative_to(ROOT)))
    assert offending == []
