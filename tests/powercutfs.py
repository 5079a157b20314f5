"""A power-cut file system for the tests: FUSE (fusepy over libfuse2) over a backing directory.

Everything written through the mount reaches the backing directory at once, as a page cache
would hold it; what an SD card would still have after the plug is pulled is kept apart, in
memory: a file's contents as of its last fsync, a directory's entries as of its last fsync
(LazyFS is the model). ``cut`` then throws away whatever was not synced: each directory gets back
the entries it had at its last fsync, each file the contents it had at its last fsync (a file
created since and never synced is empty), and, with ``tear``, a random part of the writes since
then survives as if the card had written them in order, the last one torn at a 512-byte sector.

The file system runs in a process of its own, which a test drives through ``PowerCutMount``:

    with PowerCutMount(backing, mountpoint) as mount:  # mounted
        ... run the programs on ``mountpoint``, SIGKILL them ...
        mount.cut(rng)  # unmounts, keeps only what was synced, mounts again

``unavailable()`` says why it cannot run here (no /dev/fuse, no libfuse2, no fusepy, not root),
or None. Only files and directories: no links; a directory is not renamed.

    python -m tests.powercutfs BACKING MOUNTPOINT   (the file system's process: reads "cut SEED
    TEAR" and "stop" lines on its standard input)
"""

from __future__ import annotations

import ctypes.util
import errno
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

SECTOR = 512
STAT = ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid")
STATVFS = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag",
           "f_frsize", "f_namemax")
Op = tuple[int, bytes | None]  # (offset, data) a write; (size, None) a truncation


def unavailable() -> str | None:
    """Why the power-cut file system cannot run on this machine, or None."""
    if not sys.platform.startswith("linux"):
        return "FUSE file systems are tested on Linux only"
    if not os.path.exists("/dev/fuse"):
        return "no /dev/fuse on this machine"
    if ctypes.util.find_library("fuse") is None:
        return "libfuse2 is not installed (deploy/debian-packages.sh installs it)"
    try:
        import fuse  # noqa: F401  (fusepy)
    except (ImportError, OSError) as error:
        return f"fusepy is not installed (the dev extra has it): {error}"
    if os.geteuid() != 0:
        return "mounting a FUSE file system without fusermount needs root"
    return None


class _Model:
    """The two states of the file system: the backing directory (what programs see) and what
    survives a cut (kept here); ``nodes`` names each file, as renames move it, by a number."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.RLock()
        self.nodes: dict[str, int] = {}  # "/dir/file" -> node
        self.durable: dict[int, bytearray] = {}  # node -> contents at its last fsync
        self.pending: dict[int, list[Op]] = {}  # node -> writes and truncations since then
        self.dirs: dict[str, dict[str, int | None]] = {}  # "/dir" -> entries at its last fsync
        self.handles: dict[int, int] = {}  # open file handle -> node
        self._next = 0
        for folder, subdirs, files in os.walk(root):
            path = "/" + os.path.relpath(folder, root).lstrip(".")
            entries: dict[str, int | None] = dict.fromkeys(subdirs)
            for name in files:
                node = self.new_node(_join(path, name))
                self.durable[node] = bytearray((Path(folder) / name).read_bytes())
                entries[name] = node
            self.dirs[path.rstrip("/") or "/"] = entries

    def new_node(self, path: str) -> int:
        self._next += 1
        self.nodes[path] = self._next
        self.pending[self._next] = []
        return self._next

    def sync_file(self, node: int) -> None:
        contents = self.durable.setdefault(node, bytearray())
        for op in self.pending.get(node, []):
            _apply(contents, op)
        self.pending[node] = []

    def sync_dir(self, path: str) -> None:
        entries: dict[str, int | None] = {}
        for name in os.listdir(self.real(path)):
            full = _join(path, name)
            entries[name] = None if os.path.isdir(self.real(full)) else self.nodes.get(full)
        self.dirs[path] = entries

    def real(self, path: str) -> str:
        return str(self.root) + path

    def survivors(self, rng: random.Random | None) -> tuple[dict[str, tuple[bytes, int]], list[str], int]:
        """What the card holds after a cut: the files (path -> contents and mode: modes are not
        modelled, a file keeps its latest), the directories, and how many unsynced operations
        were lost."""
        modes = {node: os.stat(self.real(path)).st_mode & 0o7777 for path, node in self.nodes.items()}
        files: dict[str, tuple[bytes, int]] = {}
        folders: list[str] = []
        lost = sum(len(ops) for ops in self.pending.values())

        def walk(path: str) -> None:
            for name, node in self.dirs.get(path, {}).items():
                full = _join(path, name)
                if node is None:
                    folders.append(full)
                    walk(full)
                    continue
                contents = bytearray(self.durable.get(node, b""))
                ops = self.pending.get(node, [])
                if rng is not None and ops:  # the card wrote some in order, the last one torn
                    kept = ops[:rng.randint(0, len(ops))]
                    for op in kept[:-1]:
                        _apply(contents, op)
                    if kept:
                        _apply(contents, _torn(kept[-1], rng))
                files[full] = (bytes(contents), modes.get(node, 0o644))

        walk("/")
        return files, folders, lost


def _join(folder: str, name: str) -> str:
    return folder.rstrip("/") + "/" + name


def _apply(contents: bytearray, op: Op) -> None:
    offset, data = op
    if data is None:
        del contents[offset:]
        contents.extend(bytes(max(0, offset - len(contents))))
        return
    if len(contents) < offset:
        contents.extend(bytes(offset - len(contents)))
    contents[offset:offset + len(data)] = data


def _torn(op: Op, rng: random.Random) -> Op:
    """The write as the card may have left it: cut at a sector boundary (maybe not at all)."""
    offset, data = op
    if data is None:
        return op
    boundaries = [end - offset for end in range((offset // SECTOR + 1) * SECTOR, offset + len(data), SECTOR)]
    return (offset, data[:rng.choice([*boundaries, len(data)])])


def _operations(model: _Model) -> Any:
    from fuse import FuseOSError, Operations

    def guarded(method: Any) -> Any:
        def call(self: Any, *args: Any) -> Any:
            try:
                with model.lock:
                    return method(self, *args)
            except OSError as error:
                raise FuseOSError(error.errno or errno.EIO) from None
        return call

    class PowerCutOperations(Operations):  # type: ignore[misc]
        @guarded
        def access(self, path: str, mode: int) -> None:
            if not os.access(model.real(path), mode):
                raise FuseOSError(errno.EACCES)

        @guarded
        def getattr(self, path: str, fh: int | None = None) -> dict[str, Any]:
            st = os.lstat(model.real(path))
            return {key: getattr(st, key) for key in STAT}

        @guarded
        def readdir(self, path: str, fh: int) -> list[str]:
            return [".", "..", *os.listdir(model.real(path))]

        @guarded
        def statfs(self, path: str) -> dict[str, Any]:
            st = os.statvfs(model.real(path))
            return {key: getattr(st, key) for key in STATVFS}

        @guarded
        def chmod(self, path: str, mode: int) -> None:
            os.chmod(model.real(path), mode)

        @guarded
        def chown(self, path: str, uid: int, gid: int) -> None:
            os.chown(model.real(path), uid, gid)

        @guarded
        def utimens(self, path: str, times: tuple[float, float] | None = None) -> None:
            os.utime(model.real(path), times)

        @guarded
        def mkdir(self, path: str, mode: int) -> None:
            os.mkdir(model.real(path), mode)

        @guarded
        def rmdir(self, path: str) -> None:
            os.rmdir(model.real(path))

        @guarded
        def unlink(self, path: str) -> None:
            os.unlink(model.real(path))
            model.nodes.pop(path, None)

        @guarded
        def rename(self, old: str, new: str) -> None:
            if os.path.isdir(model.real(old)):
                raise FuseOSError(errno.EXDEV)  # not modelled: a program copies instead
            os.rename(model.real(old), model.real(new))
            model.nodes[new] = model.nodes.pop(old)

        @guarded
        def create(self, path: str, mode: int, fi: Any = None) -> int:
            fh = os.open(model.real(path), os.O_RDWR | os.O_CREAT | os.O_TRUNC, mode)
            model.handles[fh] = model.new_node(path)
            return fh

        @guarded
        def open(self, path: str, flags: int) -> int:
            fh = os.open(model.real(path), flags)
            node = model.nodes[path]
            model.handles[fh] = node
            if flags & os.O_TRUNC:
                model.pending[node].append((0, None))
            return fh

        @guarded
        def read(self, path: str, size: int, offset: int, fh: int) -> bytes:
            return os.pread(fh, size, offset)

        @guarded
        def write(self, path: str, data: bytes, offset: int, fh: int) -> int:
            written = os.pwrite(fh, data, offset)
            model.pending[model.handles[fh]].append((offset, bytes(data[:written])))
            return written

        @guarded
        def truncate(self, path: str, length: int, fh: int | None = None) -> None:
            if fh is not None and fh in model.handles:
                os.ftruncate(fh, length)
                node = model.handles[fh]
            else:
                os.truncate(model.real(path), length)
                node = model.nodes[path]
            model.pending[node].append((length, None))

        @guarded
        def flush(self, path: str, fh: int) -> None:
            return None

        @guarded
        def release(self, path: str, fh: int) -> None:
            os.close(fh)
            model.handles.pop(fh, None)

        @guarded
        def fsync(self, path: str, datasync: int, fh: int) -> None:
            model.sync_file(model.handles[fh])

        @guarded
        def fsyncdir(self, path: str, datasync: int, fh: int) -> None:
            model.sync_dir(path)

    return PowerCutOperations()


def serve(backing: Path, mountpoint: Path) -> None:
    """The file system's process: mount, say "ready", obey "cut SEED TEAR" / "stop", unmount."""
    from fuse import FUSE

    model = _Model(backing)
    ops = _operations(model)
    thread = threading.Thread(target=FUSE, args=(ops, str(mountpoint)),
                              kwargs={"foreground": True, "nothreads": False}, daemon=True)
    thread.start()
    while not os.path.ismount(mountpoint):
        time.sleep(0.01)
    print("ready", flush=True)
    command = sys.stdin.readline().split()
    if subprocess.run(["umount", str(mountpoint)], capture_output=True).returncode:
        subprocess.run(["umount", "-l", str(mountpoint)], check=True)  # a file still open: detach it
    thread.join(10)
    if command and command[0] == "cut":
        seed, tear = int(command[1]), command[2] == "1"
        with model.lock:
            files, folders, lost = model.survivors(random.Random(seed) if tear else None)
        _rebuild(backing, files, folders)
        print(f"cut {lost}", flush=True)
    else:
        print("stopped", flush=True)


def _rebuild(backing: Path, files: dict[str, tuple[bytes, int]], folders: list[str]) -> None:
    for folder, subdirs, names in os.walk(backing, topdown=False):
        for name in names:
            os.unlink(os.path.join(folder, name))
        for name in subdirs:
            os.rmdir(os.path.join(folder, name))
    for folder in folders:
        (backing / folder.lstrip("/")).mkdir(parents=True, exist_ok=True)
    for path, (contents, mode) in files.items():
        (backing / path.lstrip("/")).write_bytes(contents)
        (backing / path.lstrip("/")).chmod(mode)


class PowerCutMount:
    """The power-cut file system mounted at ``mountpoint`` over ``backing``, in its own process."""

    def __init__(self, backing: Path, mountpoint: Path) -> None:
        self.backing, self.mountpoint = backing, mountpoint
        backing.mkdir(parents=True, exist_ok=True)
        mountpoint.mkdir(parents=True, exist_ok=True)
        self._process: subprocess.Popen[str] | None = None
        self.cuts = 0
        self.lost = 0  # unsynced operations thrown away by the cuts

    def mount(self) -> None:
        root = str(Path(__file__).resolve().parent.parent)
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tests.powercutfs", str(self.backing), str(self.mountpoint)],
            cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])})
        assert self._process.stdout is not None
        line = self._process.stdout.readline().strip()
        if line != "ready":
            self._process.kill()
            raise RuntimeError(f"the power-cut file system did not mount: {line!r}")

    def _command(self, line: str) -> str:
        process, self._process = self._process, None
        assert process is not None and process.stdin is not None and process.stdout is not None
        process.stdin.write(line + "\n")
        process.stdin.flush()
        answer = process.stdout.readline().strip()
        process.wait(30)
        return answer

    def cut(self, rng: random.Random | None = None) -> int:
        """Pull the plug (the programs on it must be dead: SIGKILL them first) and mount again
        on what the card kept; ``rng``: tear the unsynced writes with it. Returns how many
        unsynced operations were lost."""
        tear = rng is not None
        answer = self._command(f"cut {rng.randrange(2**32) if rng else 0} {int(tear)}")
        lost = int(answer.split()[1])
        self.cuts += 1
        self.lost += lost
        self.mount()
        return lost

    def unmount(self) -> None:
        if self._process is not None:
            self._command("stop")

    def __enter__(self) -> PowerCutMount:
        self.mount()
        return self

    def __exit__(self, *exc: object) -> None:
        self.unmount()


if __name__ == "__main__":
    serve(Path(sys.argv[1]), Path(sys.argv[2]))
