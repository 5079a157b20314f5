"""The table refuses, and says what it did, in the language it speaks (table.toml's ``[table]
language``, here ``i18n.speaking``): the seeds' words, seats, calls and cards as each country
writes them, the Law as its rulebook names it. The journal holds the events, not the messages:
a board played in Danish replays in German."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bridgetable import i18n
from bridgetable.bridge import Seat
from bridgetable.table import board as board_module
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.script import auction_events
from bridgetable.table.service import TableService, replay

from ..i18n_scan import untranslated_literals
from .helpers import DEAL, card, feed, finish_play, key, refused

TABLE = Path(__file__).resolve().parents[2] / "controller" / "bridgetable" / "table"


def start(policy: str = "prevent") -> BoardFlow:
    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}, club="c", session="s", table="1",
                                policy=policy))  # type: ignore[arg-type]
    feed(flow, key("N", "OK"))
    return flow


@pytest.mark.parametrize(("language", "insufficient", "rotation", "not_held", "dummy"), [
    ("da", "utilstrækkelig melding: 1♣ efter 1UT (Lov 27)",
     "Syd uden for tur: det er Østs melding (Lov 29-32)",
     "♥E er ikke i Østs hånd (Lov 44)", "bordet må ikke claime eller opgive stik (Lov 68)"),
    ("de", "ungenügendes Gebot: 1♣ nach 1SA (Regel 27)", "Süd außer der Reihe: Ost sagt an (Regel 29-32)",
     "♥A ist nicht im Blatt von Ost (Regel 44)",
     "der Strohmann darf weder claimen noch Stiche abgeben (Regel 68)"),
])
def test_the_tables_refusals_in_danish_and_german(language, insufficient, rotation, not_held, dummy) -> None:
    flow = start()
    with i18n.speaking(language):
        feed(flow, key("N", "1"), key("N", "NT"), key("E", "1"))
        assert refused(flow, key("E", "C")) == insufficient
        assert refused(flow, key("S", "PASS")) == rotation
        feed(flow, key("E", "PASS"), *auction_events(Seat.S, "3NT Pass Pass Pass"))
        assert refused(flow, card("E", "HA")) == not_held
        assert refused(flow, key("S", "CLAIM")) == dummy


def test_a_claim_refused_and_ruled_in_danish() -> None:
    flow = start()
    feed(flow, *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    finish_play(flow, tricks=5)
    with i18n.speaking("da"):
        feed(flow, key("N", "CLAIM"), key("N", "X"), key("N", "OK"))
        assert refused(flow, key("S", "OK")) == ("modspillerne godtager claimet (OK) eller bestrider det "
                                                 "(DIRECTOR)")
        [outcome] = feed(flow, key("W", "DIRECTOR"))
        assert outcome.message == "turneringsleder tilkaldt: Vest bestrider claimet (Lov 68D)"
        [outcome] = feed(flow, key("S", "6"), key("S", "OK"))[-1:]
        assert outcome.message == "kendelse: 6 stik til Nord (Lov 70)"


def test_a_revoke_is_corrected_in_danish_and_the_director_call_answered() -> None:
    """Under "laws" UNDO at the revoker's seat corrects the revoke and answers the director's call
    the revoke made: the call is known as a revoke's by the board, not by its English text."""
    flow = start("laws")
    with i18n.speaking("da"):
        feed(flow, *auction_events(Seat.N, "3NT Pass Pass Pass"))
        feed(flow, card("E", "S9"), card("S", "S5"))
        [outcome] = feed(flow, card("W", "C6"))  # West holds ♠J4
        assert outcome.message == ("turneringsleder tilkaldt: renonce af Vest i 1. stik (♣6 på udspil i ♠, "
                                   "Lov 61-64)")
        [outcome] = feed(flow, key("W", "UNDO"))
        assert outcome.message == ("renonce af Vest i 1. stik rettet: ♣6 er et stort strafkort (Lov 62B1); "
                                   "kortene spillet derefter tages tilbage (Lov 62C)")
    assert flow.view().director is None and flow.phase is Phase.PLAY


def test_the_journal_holds_events_a_board_played_in_danish_replays_in_german(tmp_path) -> None:
    config = FlowConfig(boards=[1], deals={1: DEAL}, club="c", session="s", table="1", policy="laws")
    journal = Journal(tmp_path / "table.db", session="s")
    flow = BoardFlow(config)
    events = [key("N", "OK"), key("N", "1"), key("N", "NT"), key("E", "1"), key("E", "C"), key("S", "OK")]
    with i18n.speaking("da"):
        for event in events:
            assert flow.handle(event).changed
            journal.append(event)
        record = flow.result_record(Seat.S)["director_calls"]
    assert record == ["uregelmæssighed: utilstrækkelig melding 1♣ af Øst (Lov 27): godtaget af Syd"]
    with i18n.speaking("de"):
        again = replay(FlowConfig(boards=[1], deals={1: DEAL}, club="c", session="s", table="1",
                                  policy="laws"), journal)
        assert again.result_record(Seat.S)["director_calls"] == [
            "Regelwidrigkeit: ungenügendes Gebot 1♣ von Ost (Regel 27): angenommen von Süd"]
    assert again.view().calls == flow.view().calls == ("1NT", "1C")
    journal.close()


def test_a_danish_table_restarted_says_again_in_danish_what_happened(tmp_path) -> None:
    """After a restart the journal's events are replayed in the table's own language, so what
    followed an irregularity (said when it followed) is recorded as it was, whatever the process
    speaks."""
    def service() -> TableService:
        config = FlowConfig(boards=[1], deals={1: DEAL}, club="c", session="s", table="1", policy="laws")
        return TableService(config, Journal(tmp_path / "table.db", session="s"), language="da")

    def record(table: TableService) -> list[str]:
        with i18n.speaking(table.language):  # as the table makes its result record
            return table.flow.result_record(Seat.S)["director_calls"]
    table = service()
    refused_and_replaced = [key("N", "OK"), key("N", "1"), key("N", "NT"), key("E", "1"), key("E", "C"),
                            key("E", "DIRECTOR"), key("S", "UNDO"), key("E", "2"), key("E", "C")]
    for event in refused_and_replaced:
        assert table.handle(event).changed
    said = record(table)
    table.journal.close()
    assert said[-1] == ("uregelmæssighed: utilstrækkelig melding 1♣ af Øst (Lov 27): ikke godtaget af "
                        "turneringslederen; erstattet af 2♣, laveste tilstrækkelige bud i samme farve: "
                        "ingen yderligere berigtigelse (Lov 27B1(a))")
    restarted = service()
    assert record(restarted) == said
    restarted.journal.close()


def test_what_a_passed_out_board_says_is_looked_up_when_it_is_said() -> None:
    flow = start()
    with i18n.speaking("de"):
        [*_, outcome] = feed(flow, *auction_events(Seat.N, "Pass Pass Pass Pass"))
    assert outcome.message == "ausgepasst" and board_module.PASSED_OUT == "passed out"


# The phases, the board, the flow, the forms and the journal write through the catalogue all a
# person reads; what they may write without it: the phases' names (keys of the view), the result
# record's notation ("Pass", "S:SA:trick 1"), configuration values, the module's public names, the
# journal's SQL and the keys of its tables.
PHASES = {phase.value for phase in board_module.Phase}
RECORD = {"Pass", ":trick ", "3NT", "prevent", "duplicate"}
PUBLIC = {"BoardFlow", "FlowConfig", "Outcome", "Phase", "Refused", "TableView"}
JOURNAL_KEYS = {"club", "session", "round", "table", "board", "revision", "schema", "game"}
SQL = re.compile(r"^\s*(CREATE|SELECT|INSERT|UPDATE|ALTER|PRAGMA|WHERE|ORDER|BEGIN|COMMIT|ROLLBACK)\b")
MODULES = [*sorted((TABLE / "phases").glob("*.py")), *sorted((TABLE / "forms").glob("*.py")),
           TABLE / "board.py", TABLE / "flow.py", TABLE / "journal.py"]


def sql(path: Path) -> set[str]:
    """The module's SQL statements."""
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and SQL.match(node.value)}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_no_refusal_or_notice_of_the_table_bypasses_the_catalogue(path: Path) -> None:
    found = untranslated_literals(path, allowed=PHASES | RECORD | PUBLIC | JOURNAL_KEYS | sql(path),
                                  exempt_calls={"KeyError"})  # a programming error, not a person's
    assert found == []
