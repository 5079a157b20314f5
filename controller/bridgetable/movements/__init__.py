"""Movements: which pairs sit at which table with which boards, round by round (docs/movements.md)."""

from .base import Movement, MovementError, TableRound
from .guide import guide_card, guide_cards
from .howell import howell
from .mitchell import mitchell
from .properties import Profile, profile
from .robots import robot_table
from .teams import team_match

__all__ = ["Movement", "MovementError", "Profile", "TableRound", "guide_card", "guide_cards", "howell",
           "mitchell", "profile", "robot_table", "team_match"]
