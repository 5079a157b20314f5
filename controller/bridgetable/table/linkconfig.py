"""The ``[link]`` section of table.toml: how the table unit reaches the station's broker.

```toml
[link]
host = "station.local"        # the broker (Mosquitto on the station's machine)
port = 1883                   # default 1883, 8883 with tls
tls = false                   # true: TLS with the system's CAs; ca = "ca.crt" for the club's own CA
accounts = "accounts.json"    # from `python -m bridgetable.link.accounts`: this table's login and key
# or, instead of accounts: username = "table3", password = "...", key = "<hex>" or key_file = "table3.key"
show_traveller = true         # show each board's traveller on the displays once it is confirmed
keepalive = 30                # seconds: the broker says "offline" 1.5 keepalives after the table vanishes
```

The club and the table number are those of ``[table]``. Plain data only: ``bridgetable.link``
turns it into a broker address (the table package does not import the link).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import TABLE

_ = TABLE.gettext
KNOWN = {"host", "port", "tls", "ca", "accounts", "username", "password", "key", "key_file",
         "show_traveller", "keepalive"}


@dataclass(frozen=True, slots=True)
class LinkSettings:
    """Where the broker is, this table's login and signing key, and what the displays show."""

    host: str
    port: int
    key: bytes
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ca: Path | None = None
    show_traveller: bool = True
    keepalive: int = 30


def parse_link(section: Any, path: Path, club: str, table: str) -> LinkSettings:
    """Read ``[link]`` of table.toml ``path`` (``club``/``table`` from ``[table]``); ValueError names
    the file and the setting."""
    where = f"{path} [link]"
    if not isinstance(section, dict):
        raise ValueError(_("{where} must be a table of settings").format(where=where))
    unknown = sorted(set(section) - KNOWN)
    if unknown:
        raise ValueError(_("{where}: unknown settings: {names}").format(where=where,
                                                                       names=", ".join(unknown)))
    if not club or any(ch in club for ch in "/+#"):
        raise ValueError(_("{path} [table] club: the link needs the club's name (no '/', '+', '#'), "
                           "not {club}").format(path=path, club=repr(club)))
    if not (table.isascii() and table.isdigit() and int(table) >= 1):
        raise ValueError(_("{path} [table] table: the link needs the table's number, not {table}").format(
            path=path, table=repr(table)))

    def get(name: str, kind: type, default: Any = None) -> Any:
        value = section.get(name, default)
        wrong = not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool)  # True is an int
        if value is not None and wrong:
            raise ValueError(_("{where} {name}: expected {kind}, got {value}").format(
                where=where, name=name, kind=kind.__name__, value=repr(value)))
        return value

    host = get("host", str)
    if not host:
        raise ValueError(_("{where} host: the broker's host name or address is needed").format(where=where))
    tls = get("tls", bool, False)
    ca = path.parent / get("ca", str) if "ca" in section else None
    if ca is not None and not ca.is_file():
        raise ValueError(_("{where} ca: no file {file}").format(where=where, file=ca))
    port = get("port", int, 8883 if tls or ca else 1883)
    keepalive = get("keepalive", int, 30)
    if not 1 <= port <= 65535:
        raise ValueError(_("{where} port: {port} is not a port number (1-65535)").format(where=where,
                                                                                        port=port))
    if not 1 <= keepalive <= 3600:
        raise ValueError(_("{where} keepalive: {seconds} is not 1-3600 seconds").format(
            where=where, seconds=keepalive))
    login = _account(path.parent / get("accounts", str), f"{where} accounts", club, table) \
        if "accounts" in section else {}
    username = get("username", str, login.get("username"))
    password = get("password", str, login.get("password"))
    if password is not None and username is None:
        raise ValueError(_("{where} password: a password needs a username").format(where=where))
    return LinkSettings(host=host, port=port, key=_key(section, path, where, login.get("key")),
                        username=username, password=password, tls=tls or ca is not None, ca=ca,
                        show_traveller=get("show_traveller", bool, True), keepalive=keepalive)


def _account(file: Path, where: str, club: str, table: str) -> dict[str, str]:
    """This table's entry of accounts.json: username, password, key (hex)."""
    try:
        accounts = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{where}: {file}: {error}") from error
    if not isinstance(accounts, dict) or not isinstance(accounts.get("tables"), dict):
        raise ValueError(_("{where}: {file} is not an accounts file of bridgetable.link.accounts").format(
            where=where, file=file))
    if accounts.get("club") != club:
        raise ValueError(_("{where}: {file} is for club {theirs}, [table] club is {ours}").format(
            where=where, file=file, theirs=repr(accounts.get("club")), ours=repr(club)))
    entry = accounts["tables"].get(str(int(table)))
    if not isinstance(entry, dict):
        tables = ", ".join(accounts["tables"])
        raise ValueError((_("{where}: {file} has no account for table {table} (it has tables {tables})")
                          if tables else _("{where}: {file} has no account for table {table} (it has none)"))
                         .format(where=where, file=file, table=table, tables=tables))
    return {name: value for name, value in entry.items() if isinstance(value, str)}


def _key(section: dict[str, Any], path: Path, where: str, from_accounts: str | None) -> bytes:
    """The table's signing key: ``key`` (hex), ``key_file`` (a file holding the hex) or accounts.json."""
    if "key" in section and "key_file" in section:
        raise ValueError(_("{where}: give key or key_file, not both").format(where=where))
    if "key_file" in section:
        file = path.parent / str(section["key_file"])
        try:
            text, name = file.read_text(encoding="utf-8").strip(), f"key_file ({file})"
        except OSError as error:
            raise ValueError(f"{where} key_file: {error}") from error
    elif "key" in section:
        text, name = section["key"], "key"
    elif from_accounts is not None:
        text, name = from_accounts, _("accounts (the table's key)")
    else:
        raise ValueError(_("{where}: the table's signing key is needed: key, key_file or accounts").format(
            where=where))
    try:
        key = bytes.fromhex(text) if isinstance(text, str) else b""
    except ValueError:
        key = b""
    if len(key) < 16:
        raise ValueError(_("{where} {name}: the key is at least 32 hexadecimal digits (as "
                           "bridgetable.link.accounts writes it)").format(where=where, name=name))
    return key
