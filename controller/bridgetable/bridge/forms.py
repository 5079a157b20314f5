"""The game forms by name, as in table.toml's ``[table] game`` and the commands' ``--game``."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import LAWS
from .cards import Seat
from .chicago import Chicago, ChicagoDuplicate
from .duplicate_form import Duplicate
from .errors import ParseError
from .gameform import GameForm
from .minibridge import Minibridge
from .rubber import Rubber
from .twoplayer import TwoPlayer

_ = LAWS.gettext

GAME_FORMS: dict[str, type[GameForm]] = {
    form.name: form for form in (Duplicate, Rubber, Chicago, ChicagoDuplicate, Minibridge, TwoPlayer)
}


def game_form(name: str, *, boards: Iterable[int] = range(1, 9), rounds: int = 1, honours: bool = True,
              first_dealer: Seat = Seat.N, seats: tuple[Seat, Seat] = (Seat.S, Seat.W)) -> GameForm:
    """A new game of the form ``name`` (one of ``GAME_FORMS``), given the options it uses:
    ``boards`` (duplicate), ``rounds`` (Chicago, its duplicate variant, Minibridge), ``honours``
    (rubber, Chicago, two-player), ``first_dealer`` (rubber), ``seats`` (two-player)."""
    if name == "duplicate":
        return Duplicate(boards)
    if name == "rubber":
        return Rubber(first_dealer, honours)
    if name == "chicago":
        return Chicago(rounds, honours)
    if name == "chicago-duplicate":
        return ChicagoDuplicate(rounds)
    if name == "minibridge":
        return Minibridge(rounds)
    if name == "two-player":
        return TwoPlayer(seats, honours)
    raise ParseError(_("not a game form: {name!r} (one of {forms})").format(
        name=name, forms=", ".join(GAME_FORMS)))
