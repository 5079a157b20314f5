"""The package's optional parts (pyproject.toml's extras): a command that needs one which is not
installed is refused by name, before it imports anything of it, instead of ending in a traceback.

A table unit installs only what a table needs; the station's web stack and the PNG frames of
``--sim`` (luma.emulator, which brings pygame) are extras.
"""

from __future__ import annotations

import importlib.util

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
                                          install=f"pip install 'bridgetable[{name}]'"))


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # its parent package is missing too
        return False
