"""The PBN reader's shortcuts (whole games, whole lines, plain calls and cards in one step) read
exactly what the careful token-by-token reading reads: the same records, problems and warnings,
on every PBN file the tests hold and on mutated copies of them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bridgetable.formats.pbn import PbnError, read_pbn
from bridgetable.formats.text import decode_text

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted(DATA.rglob("*.pbn"))
# Characters that change how a PBN line is read: brackets, quotes, comments, escapes, "%",
# notes and annotations, the auction's and the play's marks, white space.
SPECIAL = '[]{}";%#\\ \t\n-*+=!?$^1NSPX'


def readings(text: str) -> tuple[object, object]:
    """What the fast and the careful readings give: the records, or the error's message."""
    results: list[object] = []
    for fast in (True, False):
        try:
            results.append(read_pbn(text, "f.pbn", fast=fast))
        except PbnError as error:
            results.append(str(error))
    return results[0], results[1]


def mutate(text: str, rng: random.Random) -> str:
    """One small change: a character deleted, inserted or replaced, or a line doubled or dropped."""
    lines = text.split("\n")
    where = rng.randrange(len(text))
    match rng.randrange(5):
        case 0:
            return text[:where] + text[where + 1:]
        case 1:
            return text[:where] + rng.choice(SPECIAL) + text[where:]
        case 2:
            return text[:where] + rng.choice(SPECIAL) + text[where + 1:]
        case 3:
            line = rng.randrange(len(lines))
            return "\n".join(lines[:line + 1] + lines[line:])
        case _:
            line = rng.randrange(len(lines))
            return "\n".join(lines[:line] + lines[line + 1:])


def test_the_tests_hold_pbn_files() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_every_pbn_file_reads_the_same_both_ways(path: Path) -> None:
    fast, careful = readings(decode_text(path.read_bytes()))
    assert fast == careful
    assert isinstance(fast, list) and fast  # each file holds records (none is refused)


def test_mutated_files_read_the_same_both_ways() -> None:
    rng = random.Random(15)
    texts = [decode_text(path.read_bytes()) for path in FILES]
    # the games of the small files, and the first games of the big ones, keep the test fast
    texts = [text if len(text) < 20_000 else text[:text.index("\n\n", 10_000) + 2] for text in texts]
    originals = [readings(text)[0] for text in texts]
    differing = 0
    for round_ in range(400):  # bounded: a few seconds
        text = texts[round_ % len(texts)]
        for _ in range(rng.randrange(1, 4)):
            text = mutate(text, rng)
        fast, careful = readings(text)
        assert fast == careful, f"round {round_}"
        differing += fast != originals[round_ % len(texts)]
    assert differing > 300  # the mutations changed what was read, nearly always
