"""Movements: which pairs sit at which table with which boards, round by round (docs/movements.md)."""

from .base import Movement, MovementError, TableRound
from .guide import guide_card, guide_cards
from .howell import howell
from .mitchell import mitchell
from .properties import Profile, profile
from .robots import robot_table
from .swiss_pairs import swiss_pairs, swiss_pairs_movement, swiss_pairs_schedule
from .team_event import (
    TeamRound,
    event_schedule,
    round_robin,
    swiss_round,
    team_event,
    team_event_movement,
    team_of,
    to_schedule,
)
from .teams import team_match

__all__ = ["Movement", "MovementError", "Profile", "TableRound", "TeamRound", "guide_card", "guide_cards",
           "event_schedule", "howell", "mitchell", "profile", "robot_table", "round_robin", "swiss_pairs",
           "swiss_pairs_movement", "swiss_pairs_schedule", "swiss_round",
           "team_event", "team_event_movement", "team_match", "team_of", "to_schedule"]
