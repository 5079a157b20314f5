"""`bridgetable selftest`'s broker step: a real Mosquitto with the deploy setup's accounts and ACL."""

from __future__ import annotations

import socket

from bridgetable.link.accounts import Accounts, table_user
from bridgetable.link.broker import MosquittoProcess
from bridgetable.table.linkconfig import LinkSettings
from bridgetable.table.selftest import Check, broker_check

from .support import CLUB


def test_the_broker_step_logs_in_with_the_tables_account(accounts: Accounts,
                                                        secured_broker: MosquittoProcess) -> None:
    where = {"host": "127.0.0.1", "port": secured_broker.port, "key": b"k", "username": table_user(2)}
    good = broker_check(LinkSettings(**where, password=accounts.passwords[table_user(2)]), CLUB, 2, 5)
    where_to = f"the station's broker 127.0.0.1:{secured_broker.port}"
    assert good == Check(where_to, True, "logged in as table 2")
    refused = broker_check(LinkSettings(**where, password="not the password"), CLUB, 2, 5)
    assert not refused.ok and refused.detail == "Not authorized"


def test_a_broker_that_is_not_there_fails_within_the_timeout() -> None:
    with socket.socket() as unused:  # a port nothing listens on
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    check = broker_check(LinkSettings(host="127.0.0.1", port=port, key=b"k"), CLUB, 1, 0.5)
    assert not check.ok and check.detail == "nothing within 0.5 s"
