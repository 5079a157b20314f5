"""The guide card of a table (the movement card a director puts on each table): round by round
who sits North-South and East-West, which boards are played, and where each pair and the boards
go afterwards. Plain text, to print or to show."""

from __future__ import annotations

from ..i18n import N_, STATION
from .base import Movement, TableRound, span
from .passing import passes

_ = STATION.gettext
ngettext = STATION.ngettext

# the card's columns, in English: translated where the card is written
HEADER = (N_("Round"), N_("N-S"), N_("E-W"), N_("Boards"), N_("N-S goes to"), N_("E-W goes to"),
          N_("Boards go to"))
KINDS = {"mitchell": N_("Mitchell"), "howell": N_("Howell"), "teams": N_("Teams"), "team-event": N_("Teams"),
         "swiss-pairs": N_("Swiss pairs"), "robots": N_("Robots")}


def guide_card(movement: Movement, table: int) -> str:
    """The guide card of one table."""
    if not 1 <= table <= movement.tables:
        raise ValueError(_("table {table} is not in 1-{tables}").format(table=table, tables=movement.tables))
    lines = [_("Table {table}: {title}").format(table=table, title=_title(movement))]
    group = next((g for g in movement.relays if table in g), ())
    if len(group) == 2:
        lines.append(_("Shares its boards with table {partner} across the relay stand: play them in "
                       "the order shown.").format(partner=group[0] if group[1] == table else group[1]))
    elif group:
        lines.append(_("Shares the sets of boards with the other tables: play them in the order shown "
                       "and pass each on to the table the last column names."))
    header = tuple(_(title) for title in HEADER)
    rows = [header]
    for round_ in range(1, movement.rounds + 1):
        here = movement.at(round_, table)
        if here is None:
            rows.append((str(round_), "-", "-", _("no play (sit-out)"), "", "", ""))
            continue
        rows.append((str(round_), str(here.ns), str(here.ew), span(here.boards),
                     _pair_goes(movement, here, here.ns), _pair_goes(movement, here, here.ew),
                     _boards_go(movement, here)))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    lines += ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
              for row in rows]
    return "\n".join(lines) + "\n"


def guide_cards(movement: Movement) -> str:
    """The guide cards of every table, one a page (separated by form feeds for printing)."""
    return "\f".join(guide_card(movement, table) for table in range(1, movement.tables + 1))


def _title(movement: Movement) -> str:
    kind = _(KINDS[movement.kind])
    if movement.relays:
        kind = _("{kind}, relay and bye stand").format(kind=kind)
    per_round = movement.boards_per_round
    boards = ngettext("{n} board", "{n} boards", per_round).format(n=per_round)
    return _("{kind}, {tables}, {rounds}").format(
        kind=kind, tables=ngettext("{n} table", "{n} tables", movement.tables).format(n=movement.tables),
        rounds=ngettext("{n} round of {boards}", "{n} rounds of {boards}", movement.rounds).format(
            n=movement.rounds, boards=boards))


def _pair_goes(movement: Movement, here: TableRound, pair: int) -> str:
    if here.round == movement.rounds:
        return _("end")
    nxt = movement.seat_of(pair, here.round + 1)
    if nxt is None:
        return _("sits out")
    north_south = nxt.ns == pair
    if nxt.table == here.table and north_south == (here.ns == pair):
        return _("stays")
    return _("table {table} {side}").format(table=nxt.table, side=_("N-S") if north_south else _("E-W"))


def _boards_go(movement: Movement, here: TableRound) -> str:
    if any(len(g) > 2 and here.table in g for g in movement.relays):
        passed = passes(movement, here.round)
        runs: list[tuple[list[int], int]] = []  # boards played one after another, passed to one table
        last = -2  # the turn of the last board passed
        for turn, board in enumerate(here.boards):
            to = passed.get((here.table, board))
            if to is None:
                continue
            if runs and runs[-1][1] == to and last == turn - 1:
                runs[-1][0].append(board)
            else:
                runs.append(([board], to))
            last = turn
        moved = [_("{boards} to table {table}").format(boards=span(tuple(run)), table=to) for run, to in runs]
        return "; ".join([*moved, _boards_after(movement, here)])
    return _boards_after(movement, here)


def _boards_after(movement: Movement, here: TableRound) -> str:
    """Where the boards go at the end of the round."""
    if here.round == movement.rounds:
        return _("end")
    for later in range(here.round + 1, movement.rounds + 1):
        tables = [str(a.table) for a in movement.round(later) if set(a.boards) & set(here.boards)]
        if tables:
            where = (_("tables {tables} (relay)").format(tables=" & ".join(tables)) if len(tables) > 1
                     else _("table {table}").format(table=tables[0]))
            return where if later == here.round + 1 else _("bye stand, then {where}").format(where=where)
    return _("done")
