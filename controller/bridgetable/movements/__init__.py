"""Movements: which pairs sit at which table with which boards, round by round."""

from .base import Movement, MovementError, TableRound
from .howell import howell
from .mitchell import mitchell
from .teams import team_match

__all__ = ["Movement", "MovementError", "TableRound", "howell", "mitchell", "team_match"]
