"""Decoding the bytes of a bridge file (PBN or LIN) into text."""

from __future__ import annotations


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without a byte-order mark), else Windows-1252, else Latin-1.

    Real PBN and LIN files come in all three: older software writes Windows-1252 or Latin-1.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")
