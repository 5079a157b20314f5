"""The package's optional parts (pyproject.toml's extras): a command that needs one which is not
installed is refused by name, before it imports anything of it, instead of ending in a traceback.

A table unit installs only what a table needs; the station's web stack and the PNG frames of
``--sim`` (luma.emulator, which brings pygame) are extras.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from .i18n import CLI

_ = CLI.gettext

# the modules each extra brings that the code imports
EXTRAS = {
    "station": ("jinja2", "starlette", "uvicorn", "itsdangerous"),
    "sim": ("luma.emulator",),
}


class MissingExtra(RuntimeError):
    """What needs an extra that is not installed, and how to install it."""


def require_extra(extra: str, what: str = "", install: str | None = None) -> None:
    """MissingExtra unless every module of ``extra`` can be imported, saying ``what`` needs it
    (when the command's name does not say it already); ``install`` names the extra to install when
    it is a larger one that includes ``extra`` (e.g. ``demo`` includes ``station``)."""
    missing = [name for name in EXTRAS[extra] if not _importable(name)]
    if missing:
        name = install or extra
        message = (_("{what} needs the {extra} extra, which is not installed (no {modules}): {install}")
                   if what else _("the {extra} extra is not installed (no {modules}): {install}"))
        raise MissingExtra(message.format(what=what, extra=repr(name), modules=", ".join(missing),
                                          install=install_hint(name)))


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` for the interpreter running (see ``install_command``)."""
    return install_command(extra, checkout(), Path(sys.executable), Path.cwd())


def checkout() -> Path | None:
    """The repository this package runs from (an editable install, or PYTHONPATH), if it does."""
    root = Path(__file__).resolve().parent.parent.parent  # controller/bridgetable/extras.py
    project = root / "pyproject.toml"
    ours = project.is_file() and 'name = "bridgetable"' in project.read_text(encoding="utf-8")
    return root if ours else None


def install_command(extra: str, root: Path | None, python: Path, cwd: Path) -> str:
    """The command that installs ``extra`` where it runs: into the interpreter's own environment,
    from the checkout ``root`` (editable, as `make` installs it) or else from the package index;
    paths under ``cwd`` relative to it (``.venv/bin/pip install -e '.[sim]'`` in the checkout)."""
    pip = python.parent / "pip"
    installer = _shown(pip, cwd) if pip.exists() else f"{_shown(python, cwd)} -m pip"
    if root is None:
        return f"{installer} install 'bridgetable[{extra}]'"
    return f"{installer} install -e '{_shown(root, cwd)}[{extra}]'"


def _shown(path: Path, cwd: Path) -> str:
    """``path`` relative to ``cwd`` when it lies under it (``.`` for cwd itself), else absolute."""
    try:
        relative = path.absolute().relative_to(cwd.absolute())
    except ValueError:
        return str(path.absolute())
    return str(relative) if relative.parts else "."


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # its parent package is missing too
        return False
