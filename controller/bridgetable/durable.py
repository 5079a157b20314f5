"""Files that a power cut keeps: what the fsync of a file does not cover.

The fsync of a file makes its contents durable, not its name: a file created, renamed or removed
is so on the card only once its directory has been synced too. SQLite (WAL, synchronous FULL)
syncs its own writes, and the directory when it creates a WAL; a database file it creates, or
renames the program makes, are the program's to sync. Standard library only.
"""

from __future__ import annotations

import os
from pathlib import Path


def sync_dir(path: str | Path) -> None:
    """fsync the directory ``path``: the files created, renamed or removed in it are then durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_parent(path: str | Path) -> None:
    """fsync the directory that holds ``path`` (a file just created there)."""
    sync_dir(Path(path).absolute().parent)


def sync_file(path: str | Path) -> None:
    """fsync the file ``path`` (written by another program) and its directory."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    sync_parent(path)


def rename(source: str | Path, target: str | Path) -> None:
    """Rename ``source`` to ``target`` (replacing it), and sync the directories: after a power cut
    the file is under one name, the new one once this has returned."""
    os.replace(source, target)
    sync_parent(target)
    if Path(source).absolute().parent != Path(target).absolute().parent:
        sync_parent(source)


def write_private(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` (mode 0600) so that a power cut leaves the old file or the new one,
    never a part: a temporary file, synced, renamed, the directory synced."""
    path = Path(path)
    temporary = path.with_name(path.name + ".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    rename(temporary, path)
