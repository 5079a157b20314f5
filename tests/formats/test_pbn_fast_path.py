"""The PBN reader's shortcuts (whole games, whole lines, plain calls and cards in one step) read
exactly what the careful token-by-token reading reads: the same records, problems and warnings,
on every PBN file the tests hold and on mutated copies of them."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bridgetable.bridge import PASS, BridgeError, Call, Deal
from bridgetable.formats.pbn import PbnError, read_pbn
from bridgetable.formats.pbn_tags import (
    TYPED_NAMES,
    _parse_deal,
    auction_complete,
    untyped_problem,
    untyped_problems,
)
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


def deal_outcome(read: Callable[[str], Deal], text: str) -> object:
    """The deal a reading gives, or its error's kind and message."""
    try:
        return read(text)
    except BridgeError as error:
        return type(error).__name__, str(error)


def test_the_deal_shortcut_reads_what_deal_parse_reads() -> None:
    """``_parse_deal`` (each hand made from its rank letters' one-card sets) against the careful
    ``Deal.parse``, on every deal of the test files and on deliberately broken ones."""
    values = {value for path in FILES
              for value in re.findall(r'\[Deal "([^"]*)"\]', decode_text(path.read_bytes()))}
    good = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    broken = [
        good.replace("AKQJ.T98", "AKQA.T98", 1),  # a rank twice in one hand's suit
        good.replace("AKQJ.T98", "AKQ.T98J", 1),  # a spade written among the hearts
        good.replace("T98.765.432.AKQJ", "T98.765.432.AKQJ2", 1),  # 14 cards, the 2 twice
        good.replace("432.AKQJ", "432.AKQX", 1),  # not a rank letter
        good.replace("AKQJ.T98", "akqj.t98", 1),  # lower case: read by Deal.parse
        good.replace("T98.765", "1098.765", 1),  # "10" for the ten
        good.replace("765.432.AKQJ.T98", "-", 1),  # one hand left out: completed
        good.replace("N:", "X:", 1), good.replace("N:", "N", 1), good[:-4], good + " AK",
        good.replace(".", "", 1), good.replace(" ", "  "), f" {good} ",
    ]
    assert len(values) > 100
    for value in [*sorted(values), good, *broken]:
        assert deal_outcome(_parse_deal.__wrapped__, value) == deal_outcome(Deal.parse, value), value
    assert deal_outcome(_parse_deal.__wrapped__, broken[0])[0] == "ParseError"  # type: ignore[index]
    assert deal_outcome(_parse_deal.__wrapped__, broken[2])[0] == "IllegalDeal"  # type: ignore[index]


@pytest.mark.parametrize("length", [254, 255, 256])
def test_lines_at_the_length_limit_read_the_same_both_ways(length: int) -> None:
    """A whole game is checked for long lines only when a tag with its section is long."""
    long_tag = '[Event "' + "e" * (length - 10) + '"]'  # 10: the length of [Event ""]
    long_row = ("Pass " * 60)[:length - 1] + "P"
    table = "\n".join(f"{n} {'x' * 40}" for n in range(8))  # a section longer than a line, short lines
    games = [f'{long_tag}\n[Board "1"]\n[Auction "N"]\nPass Pass Pass Pass\n',
             f'[Board "1"]\n[Auction "N"]\n{long_row}\n',
             f'[Board "1"]\n[ScoreTable "Rank\\2R;Text"]\n{table}\n']
    assert [max(map(len, game.split("\n"))) for game in games] == [length, length, 42]
    for game in games:
        too_long = max(map(len, game.split("\n"))) > 255
        fast, careful = readings(game + "\n" + game)
        assert fast == careful
        assert isinstance(fast, list) and len(fast) == 2
        assert any("longer than 255" in problem.message for record in fast
                   for problem in record.problems) == too_long


def test_auction_complete_is_laws_three_passes_after_a_call_or_four_passes() -> None:
    """Every auction of up to eight calls of Pass and 1C, against Law 22's words."""
    one_club = Call.parse("1C")
    for length in range(9):
        for calls in itertools.product([PASS, one_club], repeat=length):
            trailing = len(calls) - max((i + 1 for i, call in enumerate(calls) if call != PASS), default=0)
            by_law = trailing >= 3 if one_club in calls else len(calls) >= 4
            assert auction_complete(list(calls)) == by_law, calls


def test_untyped_problems_finds_what_untyped_problem_finds_in_every_tag() -> None:
    """``untyped_problems`` reads only dates, numbers and values that are not printable: the same
    findings as ``untyped_problem`` on every tag that is not a typed field."""
    tags = [(name, value) for path in FILES
            for name, value in re.findall(r'\[(\w+) "([^"]*)"\]', decode_text(path.read_bytes()))]
    odd = ["", "?", " ", "a\tb", "x\x7f", "non\xa0breaking", "\u2028", "2024.01.11", "11/01/2024",
           "NS 50", "EW -3.5", "50 NS", "-12", "??"]
    tags += [(name, value) for name in ("Event", "Date", "UTCDate", "ScoreIMP", "ScorePercentage",
                                        "OptimumScore", "Deal", "Score", "Board") for value in odd]
    assert len(tags) > 1000
    findings: list[str] = []
    for name, value in tags:
        wrong = None if name in TYPED_NAMES else untyped_problem(name, value)
        assert untyped_problems({name: value}) == ([] if wrong is None else [(name, wrong)]), (name, value)
        findings += [] if wrong is None else [wrong]
    assert any("control character" in wrong for wrong in findings)
    assert any("not a PBN date" in wrong for wrong in findings)


def test_a_hash_inside_a_value_is_kept_and_hashes_are_still_inherited() -> None:
    """A game whose values hold no "#" keeps its tags as read, in one step; one with a "#" goes
    through the inheritance loop, which keeps "Club #3" and inherits "#" and "##"."""
    text = ('[Event "##Club #3"]\n[Board "1"]\n\n[Event "Open #1"]\n[Board "2"]\n\n'
            '[Board "3"]\n\n[Event "#"]\n[Board "4"]\n\n[Event "Plain"]\n[Site "#"]\n')
    records = read_pbn(text)
    assert [r.tags.get("Event") for r in records] == ["Club #3", "Open #1", None, "Open #1", "Plain"]
    assert [p.message for p in records[-1].problems] == [
        'line 13: Site "#" but no earlier game has a Site tag']
