"""Topics, message schema, signing, the SQLite outbox and the broker accounts, without a broker."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.link import SchemaError, SignatureError, decode, encode, message, sign, topics, verify
from bridgetable.link.accounts import acl_text, write_accounts
from bridgetable.link.broker import config_text
from bridgetable.link.outbox import OutboxConflict, SQLiteOutbox
from bridgetable.link.schema import ResultKey
from bridgetable.link.signing import DerivedKeys, canonical, derive_table_key

from .support import CLUB, SECRET, result, table_key

REPO = Path(__file__).resolve().parents[2]


# ---- topics ----------------------------------------------------------------------------------------

def test_topics_are_built_and_parsed_back() -> None:
    built = [topics.table_topic("club", 3, kind) for kind in topics.TABLE_KINDS]
    built += [topics.director_topic("club", kind, 7) for kind in topics.DIRECTOR_KINDS]
    assert built[2] == "bridgetable/v1/club/table/3/result"
    assert built[5] == "bridgetable/v1/club/director/traveller/7"
    assert [str(topics.parse_topic(topic)) for topic in built] == built
    assert topics.parse_topic(built[0]) == topics.Topic("club", "table", "state", 3)
    assert topics.table_filter("club", "result") == "bridgetable/v1/club/table/+/result"


@pytest.mark.parametrize(("topic", "reason"), [
    ("other/v1/club/table/3/result", "not under bridgetable/v1/"),
    ("bridgetable/v1/club/table/3", "has 5 levels, expected 6"),
    ("bridgetable/v1/club/table/0/result", "bad table number '0'"),
    ("bridgetable/v1/club/table/x/result", "bad table number 'x'"),
    ("bridgetable/v1/club/table/３/result", "bad table number"),
    ("bridgetable/v1/club/table/3/score", "unknown table topic 'score'"),
    ("bridgetable/v1/club/director/traveller/-1", "bad board number"),
    ("bridgetable/v1/club/seat/3/result", "expected 'table' or 'director'"),
])
def test_foreign_topics_are_refused_with_the_reason(topic: str, reason: str) -> None:
    with pytest.raises(topics.TopicError, match=reason):
        topics.parse_topic(topic)


def test_a_club_name_cannot_hold_wildcards() -> None:
    with pytest.raises(topics.TopicError, match="bad club name"):
        topics.table_topic("a/#", 1, "state")


# ---- schema ----------------------------------------------------------------------------------------

def test_a_result_round_trips_in_canonical_json() -> None:
    sent = result(2, 5, tricks=11)
    wire = encode(sent)
    assert b" " not in wire and wire.index(b'"board"') < wire.index(b'"club"')
    assert decode(wire, "result") == sent


@pytest.mark.parametrize(("change", "reason"), [
    ({"tricks": 14}, "result.tricks: expected an integer 0..13, got 14"),
    ({"table": True}, "result.table: expected an integer 1..9999, got True"),
    ({"board": 1.0}, "result.board: expected an integer 1..9999, got 1.0"),
    ({"declarer": "X"}, "result.declarer: expected one of N, E, S, W, got 'X'"),
    ({"contract": "4Q"}, "result.contract: not a contract"),
    ({"score_ns": -420}, "result.score_ns: -420 but 4S by N making 10 tricks scores 420 for NS"),
    ({"colour": "red"}, "result: unknown field 'colour'"),
    ({"schema": 1}, "unsupported schema version 1"),  # a table from before the round was in the key
    ({"round": None}, "result.round: expected an integer 0..9999, got None"),
    ({"kind": "ack"}, "result.kind: expected 'result', got 'ack'"),
    ({"contract": "Pass"}, "a passed-out board has no declarer, no tricks and scores 0"),
    ({"claim": {"claimer": "N"}}, "result.claim: missing field 'tricks'"),
    ({"play": ["SA"] * 53}, "result.play: expected a list of 0..52 items"),
])
def test_a_bad_result_is_refused_with_the_place_and_reason(change: dict[str, object], reason: str) -> None:
    with pytest.raises(SchemaError, match=reason.replace("(", r"\(").replace(".", r"\.")):
        decode(encode({**result(1, 1), **change}), "result")


def test_passed_out_and_defeated_contracts_are_valid() -> None:
    passed = message("result", club=CLUB, session="s1", round=1, table=1, board=1, revision=1,
                     contract="Pass", declarer=None, tricks=0, score_ns=0)
    assert decode(encode(passed), "result")["contract"] == "Pass"
    assert result(1, 3, contract="3NTX", declarer="E", tricks=7)["score_ns"] == 500  # board 3: EW vulnerable


@pytest.mark.parametrize(("payload", "reason"), [
    (b'{"schema": 1, "schema": 1}', "duplicate key 'schema'"),
    (b'{"x": Infinity}', "Infinity is not allowed"),
    (b"[" * 5000 + b"]" * 5000, "nested too deeply|expected a JSON object"),
    (b"\xc3\x28", "not UTF-8"),
])
def test_json_that_could_mislead_is_refused(payload: bytes, reason: str) -> None:
    with pytest.raises(SchemaError, match=reason):
        decode(payload, "result")


@settings(max_examples=300)
@given(st.binary(max_size=300) | st.text(max_size=300).map(str.encode))
def test_any_payload_is_a_valid_message_or_a_schema_error(payload: bytes) -> None:
    for kind in ("result", "ack", "assign"):
        try:
            decode(payload, kind)
        except SchemaError as exc:
            assert str(exc)


def test_station_messages_are_validated_too() -> None:
    with pytest.raises(SchemaError, match=r"assign\.boards: expected a list of 1\.\.100 items"):
        message("assign", session="s", round=1, table=1, ns=1, ew=2, boards=[])
    with pytest.raises(SchemaError, match=r"traveller\.rows\[0\]: missing field 'ns'"):
        message("traveller", session="s", board=1, rows=[{}])


# ---- signing ---------------------------------------------------------------------------------------

def test_signature_covers_every_field_and_only_the_right_key_verifies() -> None:
    signed = sign(result(1, 1), table_key(1))
    verify(signed, table_key(1))
    assert canonical(signed) == encode(result(1, 1))
    with pytest.raises(SignatureError, match="does not match"):
        verify(signed, table_key(2))
    with pytest.raises(SignatureError, match="does not match"):
        verify({**signed, "revision": 2}, table_key(1))
    with pytest.raises(SignatureError, match="not signed"):
        verify(result(1, 1), table_key(1))


def test_table_keys_derive_from_the_station_secret() -> None:
    keys = DerivedKeys(SECRET, CLUB, 3)
    assert list(keys) == [1, 2, 3] and keys[2] == derive_table_key(SECRET, CLUB, 2)
    assert len({keys[1], keys[2], keys[3], derive_table_key(SECRET, "other", 1)}) == 4
    assert keys.get(4) is None and keys.get("1") is None  # type: ignore[call-overload]


# ---- the outbox ------------------------------------------------------------------------------------

def test_outbox_keeps_results_until_acknowledged_across_a_restart(tmp_path: Path) -> None:
    outbox = SQLiteOutbox(tmp_path / "outbox.db")
    first = outbox.put(result(1, 1))
    outbox.put(result(1, 2))
    assert outbox.put(result(1, 1)) == first  # the same result again: queued once
    outbox.sent(first)
    outbox.close()
    reopened = SQLiteOutbox(tmp_path / "outbox.db")
    assert [r["board"] for r in reopened.pending()] == [1, 2]
    assert reopened.acknowledge(ResultKey("s1", 1, 1, 1, 1)) and not reopened.acknowledge(first)
    assert [r["board"] for r in reopened.pending()] == [2]
    reopened.close()
    db = sqlite3.connect(tmp_path / "outbox.db")
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert db.execute("SELECT attempts FROM outbox WHERE board=1").fetchone() == (1,)
    db.close()


def test_outbox_refuses_other_content_under_the_same_key_and_invalid_results(tmp_path: Path) -> None:
    outbox = SQLiteOutbox(tmp_path / "outbox.db")
    outbox.put(result(1, 1))
    with pytest.raises(OutboxConflict, match="needs a new revision"):
        outbox.put(result(1, 1, tricks=9))
    outbox.put(result(1, 1, tricks=9, revision=2))
    with pytest.raises(SchemaError):
        outbox.put({**result(1, 3), "tricks": 99})
    assert len(outbox.pending()) == 2
    outbox.close()


# ---- broker configuration and accounts ---------------------------------------------------------------

def test_acl_lets_each_table_write_only_its_own_topics() -> None:
    acl = acl_text("club", 2).split("\n\n")
    station, table1 = acl[1].splitlines(), acl[2].splitlines()
    assert station == ["user station", "topic read bridgetable/v1/club/table/#",
                       "topic readwrite bridgetable/v1/club/director/#"]  # nothing of the center's: the
    # upstream link connects to the central broker itself, never through the club's
    assert [line for line in table1 if line.startswith("topic write")] == [
        "topic write bridgetable/v1/club/table/1/#"]
    assert "topic read bridgetable/v1/club/director/ack/1" in table1


def test_accounts_are_written_with_hashed_passwords_and_private_files(tmp_path: Path) -> None:
    accounts = write_accounts(tmp_path, "club", 2, secret=SECRET)
    hashed = accounts.password_file.read_text()
    assert hashed.count("\n") == 3 and accounts.passwords["table1"] not in hashed
    summary = json.loads((tmp_path / "accounts.json").read_text())
    assert bytes.fromhex(summary["tables"]["2"]["key"]) == derive_table_key(SECRET, "club", 2)
    assert os.stat(tmp_path / "accounts.json").st_mode & 0o077 == 0


def test_the_deployed_configuration_is_the_generated_one() -> None:
    deployed = (REPO / "deploy/mosquitto/bridgetable.conf").read_text()
    generated = config_text(1883, password_file="/etc/mosquitto/bridgetable/passwords",
                            acl_file="/etc/mosquitto/bridgetable/acl")
    assert deployed.split("\n", 1)[1] == generated.split("\n", 1)[1]  # same settings below the comment
