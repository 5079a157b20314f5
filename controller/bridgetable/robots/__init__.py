"""The robots of the one-table team match (seed 001): the contract robot, the card-play robot and
the robot table that plays a board at the "other table"."""

from .cardplay import choose_card
from .contract import RobotContract, choose_contract, robot_auction, stronger_side
from .table import robot_board
from .view import PlayedTrick, PlayView, view_for

__all__ = ["PlayView", "PlayedTrick", "RobotContract", "choose_card", "choose_contract",
           "robot_auction", "robot_board", "stronger_side", "view_for"]
