"""What is wrong in a PBN or LIN file is said in the language spoken (catalogue ``files``), by
`check`, `convert` and wherever the readers run; the problem kinds and the files' own words (tag
names, LIN keys, the values quoted) stay as they are."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bridgetable
from bridgetable import i18n
from bridgetable.cli import main
from bridgetable.formats import pbn, record
from bridgetable.formats.convert import ConvertError, convert
from bridgetable.formats.lin import LinError, read_lin
from bridgetable.formats.pbn import PbnError, read_pbn
from bridgetable.formats.pbn_tags import untyped_problem

from ..i18n_scan import untranslated_literals

FORMATS = Path(bridgetable.__file__).parent / "formats"

BROKEN_PBN = """\
[Event "Club night"]
[Date "2026-12-01"]
[Board "0"]
[Dealer "Q"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Auction "N"]
1S Pass 9Z Pass
[Contract "4Z"]
"""
BROKEN_LIN = ("pn|a,b,c,d|st||md|3SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|x|"
              "mb|1S|mb|zz9|mb|p|\n")
# A whole board whose auction starts with East though North deals: LIN cannot carry that.
EAST_FIRST = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Auction "E"]
Pass Pass Pass Pass
"""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """main() sets the process's language from $LANG: the other tests expect English."""
    yield
    i18n.use("en")


@pytest.fixture
def broken(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "broken.pbn").write_text(BROKEN_PBN, encoding="utf-8")
    (tmp_path / "broken.lin").write_text(BROKEN_LIN, encoding="utf-8")
    return tmp_path / "broken.pbn", tmp_path / "broken.lin"


def test_check_in_danish_in_a_process_of_its_own(broken: tuple[Path, Path]) -> None:
    env = {**os.environ, "LANG": "da_DK.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    done = subprocess.run([sys.executable, "-c", "from bridgetable.cli import main; raise SystemExit(main())",
                           "check", *map(str, broken)], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert "  format: linje 3: Board '0' er ikke et spilnummer" in lines
    assert "  format: linje 4: Dealer 'Q' er ikke en plads (N, E, S eller W)" in lines
    assert "  contract: linje 9: Contract '4Z' er ikke en kontrakt" in lines
    assert "  auction: linje 8: '9Z' er ikke en melding" in lines
    assert ("  advarsel: linje 2: Date '2026-12-01' er ikke en PBN-dato (ÅÅÅÅ.MM.DD, med ? for det "
            "ukendte)") in lines
    assert "  format: linje 1, token 4 (sv|x|): zonestilling er o, n, e eller b" in lines
    assert ("  auction: linje 1, token 6 (mb|zz9|): ikke en melding; resten af meldeforløbet læses "
            "ikke") in lines


def test_check_in_german_and_in_english(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                        broken: tuple[Path, Path]) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["check", *map(str, broken)]) == 1
    german = capsys.readouterr().out.splitlines()
    assert "  format: Zeile 3: Board '0' ist keine Boardnummer" in german
    assert "  format: Zeile 4: Dealer 'Q' ist kein Platz (N, E, S oder W)" in german
    assert "  auction: Zeile 8: '9Z' ist keine Ansage" in german
    assert "  format: Zeile 1, Token 4 (sv|x|): Gefahrenlage ist o, n, e oder b" in german
    assert ("  auction: Zeile 1, Token 6 (mb|zz9|): keine Ansage; der Rest des Reizens wird nicht "
            "gelesen") in german
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["check", *map(str, broken)]) == 1
    english = capsys.readouterr().out.splitlines()
    assert "  format: line 3: Board '0' is not a board number" in english
    assert "  auction: line 1, token 6 (mb|zz9|): not a call; the rest of the auction is not read" in english
    # the same problems, in the same order and of the same kinds, whatever the language
    kinds = [line.split(":")[0] for line in english if line.startswith("  ") and "warning" not in line]
    assert kinds == [line.split(":")[0] for line in german if line.startswith("  ") and "Warnung" not in line]


def test_the_readers_speak_dutch_and_hungarian_where_they_run() -> None:
    with i18n.speaking("nl"):
        (dutch,) = read_pbn(BROKEN_PBN)
        (dutch_lin,) = read_lin(BROKEN_LIN)
    with i18n.speaking("hu"):
        (hungarian,) = read_pbn(BROKEN_PBN)
    assert [str(problem) for problem in dutch.problems] == [
        "format: regel 3: Board '0' is geen spelnummer",
        "format: regel 4: Dealer 'Q' is geen windrichting (N, E, S of W)",
        "contract: regel 9: Contract '4Z' is geen contract",
        "auction: regel 8: '9Z' is geen bod",
    ]
    assert str(dutch_lin.problems[0]) == "format: regel 1, token 4 (sv|x|): kwetsbaarheid is o, n, e of b"
    assert str(hungarian.problems[0]) == "format: 3. sor: Board '0': nem osztásszám"
    assert hungarian.warnings == [
        "2. sor: Date '2026-12-01': nem PBN-dátum (ÉÉÉÉ.HH.NN, az ismeretlen helyén ?)"]


def test_a_value_read_before_in_one_language_is_said_in_the_next_one() -> None:
    """The readers cache what they read of a value, never what they say of it."""
    with i18n.speaking("da"):
        danish = untyped_problem("ScoreIMP", "lots")
    with i18n.speaking("de"):
        german = untyped_problem("ScoreIMP", "lots")
        (record_de,) = read_pbn(BROKEN_PBN)
    assert danish == "ScoreIMP 'lots' er hverken et tal eller en side (NS, EW) og et tal"
    assert german == "ScoreIMP 'lots' ist weder eine Zahl noch eine Seite (NS, EW) mit einer Zahl"
    assert untyped_problem("ScoreIMP", "lots") == (
        "ScoreIMP 'lots' is not a number, or a side (NS, EW) and a number")
    assert str(record_de.problems[0]) == "format: Zeile 3: Board '0' ist keine Boardnummer"


def test_the_notes_of_calls_and_cards_each_in_their_words() -> None:
    text = BROKEN_PBN.replace("1S Pass 9Z Pass", "1S $9 Pass Pass Pass").replace(
        '[Contract "4Z"]', '[Play "E"]\n$2 ! H2')
    with i18n.speaking("da"):
        (danish,) = read_pbn(text)
    assert [problem.message for problem in danish.problems if problem.kind == "format"][-3:] == [
        "linje 8: $9 er en NAG for et kort, ikke en melding",
        "linje 10: $2 er en NAG for en melding, ikke et kort",
        "linje 10: en annotering før noget kort",
    ]


def test_files_that_are_not_pbn_or_lin_at_all(tmp_path: Path) -> None:
    with i18n.speaking("de"):
        with pytest.raises(PbnError) as binary:
            read_pbn("[Event \"x\"]\n\0", "a.pbn")
        with pytest.raises(PbnError) as missing:
            pbn.read_pbn_file(tmp_path / "missing.pbn")
        with pytest.raises(LinError) as not_lin:
            read_lin("hello|world|", "b.lin")
    assert str(binary.value) == "a.pbn:2: keine PBN-Datei: sie enthält Binärdaten"
    assert "die Datei kann nicht gelesen werden" in str(missing.value)
    assert str(not_lin.value) == "b.lin: keine LIN-Datei: kein Schlüssel md, mb, pc, pn, qx oder vg gefunden"


def test_check_names_an_unreadable_file_once_in_danish(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "noise.pbn").write_bytes(b'[Event "x"]\n\0\n')
    (tmp_path / "words.lin").write_text("hello|world|\n", encoding="utf-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    assert main(["check", str(tmp_path / "noise.pbn"), str(tmp_path / "words.lin")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"ulæselig: {tmp_path / 'noise.pbn'}:2: ikke en PBN-fil: den indeholder binære data",
        f"ulæselig: {tmp_path / 'words.lin'}: ikke en LIN-fil: ingen md-, mb-, pc-, pn-, qx- eller vg-nøgle "
        "fundet",
    ]


def test_a_refused_conversion_names_what_it_would_lose_in_german(tmp_path: Path) -> None:
    (tmp_path / "in.pbn").write_text(EAST_FIRST, encoding="utf-8")
    with i18n.speaking("de"), pytest.raises(ConvertError) as refused:
        convert(tmp_path / "in.pbn", tmp_path / "out.lin")
    assert str(refused.value).splitlines() == [
        f"{tmp_path / 'in.pbn'}: nicht konvertiert, 1 Angabe kann nicht nach LIN übertragen werden:",
        "  Eintrag 0 (Board 1): erster Bieter",
    ]
    with pytest.raises(ConvertError, match=r"record 0 \(board 1\): auction_first"):
        convert(tmp_path / "in.pbn", tmp_path / "out.lin")  # English: the record's own field names


# What the formats' modules write that is not prose: PBN's tag names and values, LIN's keys, the
# problem kinds (scripts match them), the record's field names, encodings, regular expressions.
PBN_TAGS = {"Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
            "Deal", "Scoring", "Declarer", "Contract", "Result", "Auction", "Play", "Note", "Score",
            "Stage", "Round", "HomeTeam", "VisitTeam", "Room", "EventDate", "UTCDate", "OptimumScore",
            "ScoreIMP", "ScoreMP", "ScorePercentage"}
KINDS = set(record.PROBLEM_KINDS)
LIN_KEYS = {"md", "mb", "mc", "pc", "pn", "qx", "vg", "ah", "sv", "rs", "st", "rh", "an", "pg", "nt"}
NOT_PROSE = {
    "convert.py": {".part", "utf-8"},
    "lin.py": {"_read_", "IMP", "MP", "BAM", "Open", "Closed", "Board "},  # LIN's scoring, rooms, ah
    "pbn.py": {"PbnError", "read_pbn", "read_pbn_file", "write_pbn", "call", "card", "list[Card]"},
    "pbn_tags.py": {"NESW", "NS ", "Pass", "board", "dealer", "vulnerability", "deal", "declarer",
                    "contract", "result", "score_ns"},  # seat letters, Score and Contract values, fields
    "pbn_write.py": {"% PBN 2.1", "% EXPORT", "AP"},
    "record.py": {"unknown problem kind "},  # a programming error (a kind not in PROBLEM_KINDS)
    "text.py": {"utf-8", "cp1252", "latin-1"},
    "gcpause.py": set(),
    "pbn_tempo.py": {"AuctionTimeTable", "PlayTimeTable", "Time_Used", "\\6R", "calls",
                     "cards"},  # PBN 2.1's tables and the result's tempo fields
}


@pytest.mark.parametrize("name", sorted(NOT_PROSE))
def test_no_text_a_person_reads_bypasses_the_catalogue(name: str) -> None:
    found = untranslated_literals(FORMATS / name, allowed=NOT_PROSE[name] | PBN_TAGS | KINDS | LIN_KEYS,
                                  exempt_calls=("compile", "fullmatch"))  # regular expressions
    assert found == []


def test_every_module_of_the_formats_is_scanned() -> None:
    modules = {path.name for path in FORMATS.glob("*.py")} - {"__init__.py"}
    assert modules == set(NOT_PROSE)
