"""The guide card of a table (the movement card a director puts on each table): round by round
who sits North-South and East-West, which boards are played, and where each pair and the boards
go afterwards. Plain text, to print or to show."""

from __future__ import annotations

from .base import Movement, TableRound, span

HEADER = ("Round", "N-S", "E-W", "Boards", "N-S goes to", "E-W goes to", "Boards go to")


def guide_card(movement: Movement, table: int) -> str:
    """The guide card of one table."""
    if not 1 <= table <= movement.tables:
        raise ValueError(f"table {table} is not in 1-{movement.tables}")
    lines = [f"Table {table}: {_title(movement)}"]
    partner = next((b if a == table else a for a, b in movement.relays if table in (a, b)), None)
    if partner is not None:
        lines.append(f"Shares its boards with table {partner} across the relay stand: "
                     "play them in the order shown.")
    rows = [HEADER]
    for round_ in range(1, movement.rounds + 1):
        here = movement.at(round_, table)
        if here is None:
            rows.append((str(round_), "-", "-", "no play (sit-out)", "", "", ""))
            continue
        rows.append((str(round_), str(here.ns), str(here.ew), span(here.boards),
                     _pair_goes(movement, here, here.ns), _pair_goes(movement, here, here.ew),
                     _boards_go(movement, here)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
              for row in rows]
    return "\n".join(lines) + "\n"


def guide_cards(movement: Movement) -> str:
    """The guide cards of every table, one a page (separated by form feeds for printing)."""
    return "\f".join(guide_card(movement, table) for table in range(1, movement.tables + 1))


def _title(movement: Movement) -> str:
    kind = movement.kind.capitalize() + (", relay and bye stand" if movement.relays else "")
    boards = f"{movement.boards_per_round} board{'s' if movement.boards_per_round > 1 else ''}"
    return f"{kind}, {movement.tables} tables, {movement.rounds} rounds of {boards}"


def _pair_goes(movement: Movement, here: TableRound, pair: int) -> str:
    if here.round == movement.rounds:
        return "end"
    nxt = movement.seat_of(pair, here.round + 1)
    if nxt is None:
        return "sits out"
    side = "N-S" if nxt.ns == pair else "E-W"
    if nxt.table == here.table and side == ("N-S" if here.ns == pair else "E-W"):
        return "stays"
    return f"table {nxt.table} {side}"


def _boards_go(movement: Movement, here: TableRound) -> str:
    if here.round == movement.rounds:
        return "end"
    for later in range(here.round + 1, movement.rounds + 1):
        tables = [str(a.table) for a in movement.round(later) if set(a.boards) & set(here.boards)]
        if tables:
            where = f"tables {' & '.join(tables)} (relay)" if len(tables) > 1 else f"table {tables[0]}"
            return where if later == here.round + 1 else f"bye stand, then {where}"
    return "done"
