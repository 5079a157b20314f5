"""The club's member list (``bridgetable station --members members.csv``): who a federation number
is, for the numbers the players enter at the table.

A CSV file of three columns, number, name and club number, one member a line; a first line
naming the columns ("number,name,club") is allowed. A line that does not fit is refused with
the file and the line named, and the whole list with it: a list half read would lose names
without anyone knowing.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import STATION
from .session import SessionSetup, SetupError

_ = STATION.gettext

UNKNOWN = "0"  # the number of a guest the list does not know (USEBIO writes 0 when unknown)


@dataclass(frozen=True, slots=True)
class Member:
    """One line of the member list."""

    number: str
    name: str
    club: str


class MemberList:
    """The members by their federation number."""

    def __init__(self, members: dict[str, Member]) -> None:
        self.members = members

    @classmethod
    def read(cls, path: str | Path) -> MemberList:
        """The list in ``path``; a SetupError naming the file and line of anything that does not fit."""
        try:
            with open(path, encoding="utf-8-sig", newline="") as file:
                rows = list(csv.reader(file))
        except (OSError, UnicodeDecodeError, csv.Error) as error:
            raise SetupError(f"--members {path}: {getattr(error, 'strerror', None) or error}") from error
        members: dict[str, Member] = {}
        lines: dict[str, int] = {}
        for line, row in enumerate(rows, start=1):
            fields = [value.strip() for value in row]
            if not any(fields) or (line == 1 and fields and fields[0].lower() == "number"):
                continue
            if len(fields) != 3 or not fields[0].isdigit() or fields[0] == UNKNOWN or not fields[1]:
                raise SetupError(_("--members {file} line {line}: write a member as NUMBER,NAME,CLUB "
                                   "(the number in digits), not {row}").format(
                    file=path, line=line, row=repr(",".join(row))))
            number = str(int(fields[0]))
            if number in members:
                raise SetupError(_("--members {file} line {line}: number {number} is also on line "
                                   "{first}").format(file=path, line=line, number=number,
                                                     first=lines[number]))
            members[number], lines[number] = Member(number, fields[1], fields[2]), line
        return cls(members)

    def lookup(self, number: str) -> Member | None:
        """The member with that number (leading zeros aside), or None: a guest, or not a member."""
        key = number.strip().lstrip("0")
        return self.members.get(key) if key.isdigit() else None


def entered_numbers(setup: SessionSetup, record: dict[str, Any], ns: int, ew: int,
                    members: MemberList | None, when: tuple[int, int] = (0, 0),
                    register: Mapping[str, str] | None = None) -> bool:
    """Take the players' numbers a table entered (a result's ``players``, ``table.phases.players``)
    into the set-up's ``numbers`` of its two pairs (North then South, East then West, the order of
    the names), each with the name and club the member list gives (else the name the center's
    player ``register`` gave, ``upstream.Upstream.lookup``), and name a pair the director
    left unnamed after its two members ("Ann Andersen & Bo Berg"); True if anything changed.
    A new player's number (one seat of a pair, or both, entered at the board played ``when``,
    ``Session.played_when``, for the director's ask: the result's ``answered``) replaces the player
    before, who is kept in ``replaced`` for the results before; the ask is then answered."""
    entered = record.get("players")
    if not isinstance(entered, dict):
        return False
    changed = False
    for pair, seats in ((ns, "NS"), (ew, "EW")):
        if not pair or not any(seat in entered for seat in seats):
            continue
        answered = [ask for ask in setup.number_asks
                    if ask["pair"] == pair and ask["id"] in record.get("answered", ())]
        new = {index - 1 for ask in answered for index in ask["players"]}  # the players replaced
        players = [dict(player) for player in setup.numbers.get(pair, [])]
        players += [{"national": UNKNOWN, "club": "", "name": ""} for _ in range(2 - len(players))]
        for index, seat in enumerate(seats):
            if seat not in entered:
                continue
            number = str(entered[seat])
            member = members.lookup(number) if members is not None else None
            player = {"national": number, "club": member.club if member else "",
                      "name": member.name if member else (register or {}).get(number, "")}
            if index in new and players[index] != player:
                setup.replaced.append({"pair": pair, "index": index, "from": list(when),
                                       "player": players[index]})
            players[index] = player
        if answered:
            setup.number_asks, changed = [ask for ask in setup.number_asks if ask not in answered], True
        if setup.numbers.get(pair) != players:
            setup.numbers[pair], changed = players, True
        if pair not in setup.pairs and all(player["name"] for player in players):
            setup.pairs[pair], changed = " & ".join(player["name"] for player in players), True
    return changed


def players_at(setup: SessionSetup, pair: int, when: tuple[int, int] | None = None) -> list[dict[str, str]]:
    """A pair's players as ``numbers`` gives them at the board played ``when``
    (``Session.played_when``): the latest (None), or, before a new player came (``replaced``), the
    player who sat there then."""
    players = [dict(player) for player in setup.numbers.get(pair, [])]
    for change in sorted(setup.replaced, key=lambda change: [-n for n in change["from"]]):
        if change["pair"] == pair and when is not None and when < tuple(change["from"]):
            players[change["index"]] = dict(change["player"])
    return players


def replaced_by(setup: SessionSetup, pair: int, index: int, when: tuple[int, int] | None = None) -> bool:
    """Whether the pair's ``index``th player at the board played ``when`` (None: the latest) is a
    new player, whose name is not the director's name for the pair."""
    return any(change["pair"] == pair and change["index"] == index
               and (when is None or tuple(change["from"]) <= when) for change in setup.replaced)


def register_names(setup: SessionSetup, names: Mapping[str, str]) -> bool:
    """The center's register's ``names`` (number -> name, "" unknown) written into the pairs'
    players that have that number and no name yet, and a pair the director left unnamed named
    after its two players; True if anything changed."""
    changed = False
    for pair, players in setup.numbers.items():
        named = [player for player in players
                 if not player.get("name") and names.get(player.get("national", ""))]
        for player in named:
            player["name"] = names[player["national"]]
        if named and pair not in setup.pairs and len(players) == 2 and all(p.get("name") for p in players):
            setup.pairs[pair] = " & ".join(player["name"] for player in players)
        changed = changed or bool(named)
    return changed


def player_names(setup: SessionSetup, pair: int, when: tuple[int, int] | None = None) -> tuple[str, str]:
    """The two players of a pair (at the board played ``when``, ``Session.played_when``: before a
    new player came, the one before; None: the latest): the member list's names of the numbers
    they keyed at the table, else from "Ann & Bob" (or the pair's name
    twice); a new player the list does not know, unnamed."""
    text = setup.pairs.get(pair, f"Pair {pair}")
    first, _, second = text.partition(" & ")
    named = [player.get("name", "") for player in players_at(setup, pair, when)] + ["", ""]
    given = ["" if replaced_by(setup, pair, index, when) else name
             for index, name in enumerate((first, second or first))]
    return named[0] or given[0], named[1] or given[1]
