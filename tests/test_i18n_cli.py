"""The command line speaks $LANG's language: its help, its errors, the check's report, the score
sheet; what scripts read (the problem kinds, JSON) stays as it is."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bridgetable
from bridgetable import extras, i18n
from bridgetable.cli import build_parser, main
from bridgetable.demo import club, federation

from .i18n_scan import untranslated_literals

PACKAGE = Path(bridgetable.__file__).parent
WRONG_SEAT = Path(__file__).parent / "data" / "corpus" / "ours" / "wrong-seat.pbn"
RUBBER = "4S N 10 E 100\n2D E 8\n"


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """main() sets the process's language from $LANG: the other tests expect English."""
    yield
    i18n.use("en")


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str, *argv: str,
        stdin: str = "") -> tuple[int, str, str]:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # --help
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_check_reports_in_danish_and_german_with_the_kinds_unchanged(monkeypatch, capsys):
    status, out, _ = run(monkeypatch, capsys, "da_DK.UTF-8", "check", str(WRONG_SEAT))
    assert status == 1
    assert "record 0 (spil 1): FEJL" in out.replace("post 0", "record 0")
    assert "  declarer: Spilfører Øst, men Nord meldte først denominationen i 5♣" in out
    assert "  play: udspillet er angivet fra Syd, men Øst sidder til venstre for spilfører (Lov 41A)" in out
    assert out.splitlines()[-1] == "1 post kontrolleret: 0 i orden, 1 med fejl"
    status, out, _ = run(monkeypatch, capsys, "de_DE.UTF-8", "check", str(WRONG_SEAT))
    assert ("  play: das Ausspiel ist von Süd notiert, aber Ost sitzt links vom Alleinspieler "
            "(Regel 41A)") in out
    assert out.splitlines()[-1] == "1 Eintrag geprüft: 0 stimmig, 1 mit Fehlern"


def test_check_json_keeps_its_keys_and_kinds_in_any_language(monkeypatch, capsys):
    status, out, _ = run(monkeypatch, capsys, "hu_HU.UTF-8", "check", "--json", str(WRONG_SEAT))
    report = json.loads(out)["boards"][0]
    assert status == 1 and set(report) == {"file", "index", "board", "ok", "problems", "warnings"}
    assert [problem["kind"] for problem in report["problems"]] == ["declarer", "play"]
    assert "41A szabály" in report["problems"][1]["message"]


def test_an_unreadable_file_and_the_summary_in_dutch(monkeypatch, capsys, tmp_path):
    empty = tmp_path / "empty.pbn"
    empty.write_text("", encoding="utf-8")
    status, out, err = run(monkeypatch, capsys, "nl_NL.UTF-8", "check", str(empty))
    assert status == 2
    assert f"onleesbaar: {empty}: bevat geen records" in err
    assert out.strip() == "0 records gecontroleerd: 0 in orde, 0 met fouten; 1 bestand onleesbaar"


def test_the_score_sheet_in_german_and_danish(monkeypatch, capsys):
    status, out, _ = run(monkeypatch, capsys, "de_DE.UTF-8", "tally", "--game", "rubber", stdin=RUBBER)
    lines = out.splitlines()
    assert status == 0 and lines[0] == "Rubberbridge"
    assert lines[1].split() == ["Spiel", "Tl", "Gef", "Ergebnis", "NS", "über", "unter", "OW", "über",
                                "unter"]
    assert lines[2].split()[:9] == ["1", "N", "Keiner", "4♠", "von", "N,", "10", "Stiche,", "Honneurs"]
    assert lines[-2:] == ["Gesamt: NS 420, OW 240", "Weiter: Spiel 3, Teiler S, in Gefahr NS"]
    status, out, _ = run(monkeypatch, capsys, "da_DK.UTF-8", "tally", "--game", "rubber", stdin=RUBBER)
    assert out.splitlines()[0] == "Robberbridge" and "ufuldendt udgang" in out
    assert out.splitlines()[-2:] == ["I alt: NS 420, ØV 240", "Næste: spil 3, giver S, i zonen NS"]


def test_the_score_sheet_columns_stay_aligned_in_every_language(monkeypatch, capsys):
    """Each number ends in its heading's column, however long the language's words."""
    for language in i18n.LANGUAGES:
        _, out, _ = run(monkeypatch, capsys, language, "tally", "--game", "rubber",
                        stdin=RUBBER + "3NT W 9\n")
        heading, *rest = out.splitlines()[1:]
        rows = rest[:4]  # three deals (a game each side: no unfinished bonus), the totals
        assert {len(row) for row in rows} == {len(heading)}, language


def test_help_and_errors_in_the_language(monkeypatch, capsys):
    _, out, _ = run(monkeypatch, capsys, "hu_HU.UTF-8", "score", "--help")
    assert "a felvevő ütései (0-13)" in out and "a felvevő oldala zónában van" in out
    status, _, err = run(monkeypatch, capsys, "nl_NL.UTF-8", "station", "--accounts", "a.json",
                         "--session", "s")
    assert status == 2 and "het webwachtwoord van de wedstrijdleider ontbreekt" in err
    status, _, err = run(monkeypatch, capsys, "de_DE.UTF-8", "tally", "--game", "rubber", stdin="9S N 9\n")
    assert status == 2 and err.startswith("bridgetable tally: Zeile 1 ('9S N 9'): ")


def test_demo_central_help_says_in_plain_words_what_it_runs(monkeypatch, capsys):
    _, out, _ = run(monkeypatch, capsys, "en_GB.UTF-8", "demo", "--help")
    said = " ".join(out.split())  # argparse wraps the lines
    assert ("two clubs play at robot tables on this machine, each station sending its results to a "
            "central results server here") in said and "bridged" not in said
    _, out, _ = run(monkeypatch, capsys, "de_DE.UTF-8", "demo", "--help")
    assert ("die Station jedes Klubs sendet ihre Ergebnisse an einen zentralen Ergebnisserver hier"
            in " ".join(out.split()))


def test_the_terminal_games_in_german_and_danish(monkeypatch, capsys, tmp_path):
    status, out, _ = run(monkeypatch, capsys, "de_DE.UTF-8", "play", "--game", "chicago", "--seed", "3",
                         stdin="quit\n")
    lines = out.splitlines()
    assert status == 0 and lines[:3] == [
        "Zufällige Austeilungen, Startwert 3 (nochmals spielen mit --seed 3)",
        'Chicago gegen die Roboter; du bist Süd. Tippe "quit", um aufzuhören.',
        "=== Spiel 1: Teiler Nord, in Gefahr Keiner ==="]
    assert "West    Nord    Ost     Süd" in lines  # the auction's columns
    assert "                      ♠ D542" in lines  # South's hand: the German queen is a Dame
    status, out, _ = run(monkeypatch, capsys, "da_DK.UTF-8", "robots", "--random", "2", "--out",
                         str(tmp_path / "robots.pbn"))
    lines = out.splitlines()
    assert status == 0 and len(lines) == 3
    result = r"Spil   \d: \d(?:[♣♦♥♠]|UT)(?:D|RD)? af (?:Nord|Øst|Syd|Vest), \d+ stik, NS [+-]\d+"
    assert all(re.fullmatch(result, line) for line in lines[:2]), lines
    assert re.match(r"\d af 2 kontrakter vundet", lines[2])


def test_argparse_and_the_servers_commands_in_the_language(monkeypatch, capsys, tmp_path):
    status, _, err = run(monkeypatch, capsys, "de_DE.UTF-8", "score")
    assert status == 2 and err.startswith("Aufruf: bridgetable score [-h] [--vul] contract tricks")
    assert "bridgetable score: Fehler: folgende Argumente fehlen: contract, tricks" in err
    _, out, _ = run(monkeypatch, capsys, "da_DK.UTF-8", "check", "--help")
    assert "positionelle argumenter:" in out and "tilvalg:" in out and "vis denne hjælp og afslut" in out
    accounts = tmp_path / "accounts.json"
    accounts.write_text("{}", encoding="utf-8")
    status, _, err = run(monkeypatch, capsys, "hu_HU.UTF-8", "station", "--accounts", str(accounts),
                         "--session", "s", "--password", "x")
    assert status == 2 and f"--accounts {accounts}: nem a bridgetable.link.accounts fiókfájlja" in err
    status, _, err = run(monkeypatch, capsys, "de_DE.UTF-8", "central", "--secret-file",
                         str(tmp_path / "none"))
    assert status == 2 and "kein lesbares Hex-Geheimnis" in err
    status, _, err = run(monkeypatch, capsys, "da_DK.UTF-8", "table", "--export", str(tmp_path / "o.pbn"),
                         "--journal", str(tmp_path / "none.db"))
    assert status == 2 and err.strip() == f"bridgetable table: {tmp_path / 'none.db'}: ingen sådan journal"


def test_a_missing_extra_is_named_in_the_language(monkeypatch):
    monkeypatch.setitem(extras.EXTRAS, "station", ("bridgetable_no_such_module",))
    with i18n.speaking("nl"), pytest.raises(extras.MissingExtra) as error:
        extras.require_extra("station", install="demo")
    install = extras.install_command("demo", extras.checkout(), Path(sys.executable), Path.cwd())
    assert str(error.value) == f"de extra 'demo' is niet geïnstalleerd (geen bridgetable_no_such_module): " \
                               f"{install}"


def _parser_words() -> set[str]:
    """What the parser is built from that is not prose: subcommands, option names, dests,
    choices, metavars (a person types them as they are)."""
    words: set[str] = set()
    parsers = [build_parser()]
    while parsers:
        parser = parsers.pop()
        for action in parser._actions:
            words |= {*action.option_strings, action.dest, *(action.choices or ())}
            words |= {action.metavar} if isinstance(action.metavar, str) else set()
            if isinstance(action, argparse._SubParsersAction):
                parsers += list(action.choices.values())
    return {str(word) for word in words}


# Literals a person does not read as prose, by module: handlers' paths, extras' names, defaults.
NOT_PROSE = {
    "cli.py": {"ngettext", ".tally:run", ".robots.homegame:run_play", ".table.command:run",
               ".table.selftest:run", ".robots.commands:run_robots",
               ".robots.commands:run_match", ".robots.commands:run_replay", ".demo.command:run_demo_command",
               ".director.commands:run_station_command", ".central.command:run_central_command",
               "station", "demo", "duplicate", "mitchell", "auto", "postgresql:///bridgetable_central",
               "127.0.0.1:1883", "0.0.0.0", "127.0.0.1", "Club session", "BRIDGETABLE_PASSWORD",
               "__main__", "station.db", "bridgetable", "bridgetable ", "bridgetable convert: "},
    "check.py": { "deal", "auction", "contract", "declarer", "play", "revoke", "result", "score",
                 "file", "index", "board", "ok", "problems", "warnings", "kind", "message", "boards",
                 "unreadable", ".lin", ".pbn", "accepted (Law 27A)"},  # the table unit's note in PBN
    "check_tables.py": {"ScoreTable", "TotalScoreTable", "format", "score", "matchpoints", "total",
                        "Score_NS",
                        "Score_EW", "Contract", "Result", "Declarer", "Multiplicity", "PairId", "Direction",
                        "Percentage", "Rank", "MP", "IMP", "Points", "TotalScore", "TotalMP", "TotalIMP",
                        "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW", "IMP_NS", "IMP_EW", "Points_NS",
                        "NS", "EW", "PairId_", "nan", "Round", "Table", "TotalVP",  # PBN's columns
                        "auction", "play"},  # the kinds of problem a time table is checked for
    "tally.py": {"minibridge", "rubber", "chicago", "chicago-duplicate", "two-player", "duplicate", "total",
                 "unfinished game", "unfinished part-score", "bridgetable tally: "},
    "table/command.py": {"bridgetable table: ", "utf-8", "sim-journal.db", "samples"},
    "table/selftest.py": {"bridgetable selftest: "},
    "demo/command.py": {"bridgetable demo: ", "bridgetable demo --central: "},
    # names, files, threads, uvicorn's log level, URLs, a seed
    "demo/club.py": {*club.NAMES, "democlub", "director", "bridgetable demo", "bridgetable demo: ", "loop://",
                     "table-", ".db",
                     "table-unit-", "robot-table-", "bridgetable-demo-", "station.db", "result",
                     "station-web", "warning", "http://127.0.0.1:", "team-event", "/tempo"},
    "demo/federation.py": {*federation.CLUBS, *federation.PLAYERS, "central-broker", "station.db",
                           "bridgetable-federation-", "http://127.0.0.1:", "-evening", " club evening"},
    "robots/display.py": set(),
    "robots/replay.py": {"Room"},  # PBN's tag
    "robots/commands.py": {"utf-8"},
    "robots/live.py": set(),
    "robots/homegame.py": set(),
    "robots/honeymoon.py": set(),
    # the match file's PBN: its tags and values, the seed's text of the random deals
    "robots/match.py": {"draw", "NS", "EW", "Event", "Team match against the robots", "NS ", "Open", "Closed",
                        "deal", "declarer", "result", "bridgetable-match:"},
    "central/command.py": {"ascii", "utf-8", "bridgetable central: ", "bridgetable central: --send-setup ",
                           "bridgetable central: --revoke-key ",
                           "central: ", "http://"},
    # the accounts file's keys, the upstream outbox's file, uvicorn's log level
    "director/commands.py": {"bridgetable station: ", "http://", "warning", "utf-8", "--accounts ",
                             "--central-password-file ",
                             "strerror", "club", "secret", "postgres", "upstream.db", "team-event"},
}
LOGS = ("getLogger", "basicConfig", "error")  # the log's lines are for the journal, not translated


# the notation's functions: their arguments are standard notation ("NS"), what they return is read
NOTATION = ("call", "card", "seat", "seat_name", "side", "vulnerability", "strain")


@pytest.mark.parametrize("name", sorted(NOT_PROSE))
def test_no_text_a_person_reads_bypasses_the_catalogue(name):
    found = untranslated_literals(PACKAGE / name, allowed=NOT_PROSE[name] | _parser_words(),
                                  exempt_calls=NOTATION + LOGS,
                                  exempt_keywords=("action", "metavar", "dest", "choices", "default", "prog",
                                                   "policy"))
    assert found == []
