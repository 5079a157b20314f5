"""Signed results: HMAC-SHA256 over the canonical JSON of a message with the table's key.

The canonical form is the message without its ``"sig"`` field, as JSON with sorted keys, no
spaces, UTF-8 (``schema.encode``). Each table has its own key; the station can hold them all, or
derive each from one station secret (``DerivedKeys``) so that provisioning a table means giving
it ``derive_table_key(secret, club, table)``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Mapping
from typing import Any

from .schema import encode

SIG_FIELD = "sig"


class SignatureError(ValueError):
    """A message whose signature is missing or does not match the sender's key."""


def canonical(message: Mapping[str, Any]) -> bytes:
    """The bytes that are signed: the message without its signature, canonical JSON."""
    return encode({name: value for name, value in message.items() if name != SIG_FIELD})


def signature(message: Mapping[str, Any], key: bytes) -> str:
    return hmac.new(key, canonical(message), hashlib.sha256).hexdigest()


def sign(message: Mapping[str, Any], key: bytes) -> dict[str, Any]:
    """A copy of ``message`` carrying its signature."""
    return {**message, SIG_FIELD: signature(message, key)}


def verify(message: Mapping[str, Any], key: bytes) -> None:
    """Raise SignatureError unless ``message`` was signed with ``key``."""
    claimed = message.get(SIG_FIELD)
    if not isinstance(claimed, str):
        raise SignatureError("message is not signed")
    if not hmac.compare_digest(claimed.encode("ascii", "replace"),
                               signature(message, key).encode("ascii")):
        raise SignatureError("signature does not match the table's key")


def derive_table_key(secret: bytes, club: str, table: int) -> bytes:
    """Table ``table``'s key, derived from the station's secret (HMAC-SHA256 as a KDF)."""
    return hmac.new(secret, f"bridgetable/v1/{club}/table/{table}".encode(), hashlib.sha256).digest()


class DerivedKeys(Mapping[int, bytes]):
    """Every table's key, derived on demand from one secret: ``keys[3]``."""

    def __init__(self, secret: bytes, club: str, tables: int) -> None:
        self._secret, self._club, self._tables = secret, club, tables

    def __getitem__(self, table: int) -> bytes:
        if not isinstance(table, int) or not 1 <= table <= self._tables:
            raise KeyError(table)
        return derive_table_key(self._secret, self._club, table)

    def __iter__(self) -> Iterator[int]:
        return iter(range(1, self._tables + 1))

    def __len__(self) -> int:
        return self._tables
