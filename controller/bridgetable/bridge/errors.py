"""Exceptions of the Laws engine: each names what was wrong and the Law it breaks."""

from __future__ import annotations

from ..i18n import LAWS

_ = LAWS.gettext


class BridgeError(ValueError):
    """An action the Laws do not allow, or a value that cannot be read.

    ``law`` names the Law of Duplicate Bridge (e.g. "27" or "44C") where one applies. The message
    is in the language spoken when the error is made, the Law named as that country's rulebook
    names it ("Law 27", "Lov 27", "Regel 27"); ``message`` and ``law`` are what code reads.
    """

    def __init__(self, message: str, law: str | None = None) -> None:
        self.message = message
        self.law = law
        super().__init__(_("{message} (Law {law})").format(message=message, law=law) if law else message)


class ParseError(BridgeError):
    """A value (card, call, contract, deal...) written in a form that cannot be read."""


class IllegalDeal(BridgeError):
    """A deal that is not 52 distinct cards, 13 to each hand."""


class IllegalCall(BridgeError):
    """A call the auction does not allow at this point."""


class IllegalCard(BridgeError):
    """A card the play does not allow at this point."""


class IllegalClaim(BridgeError):
    """A claim or concession that cannot be made or resolved this way."""
