"""Guide cards: what each table is told, read back against the movement itself."""

import pytest

from bridgetable.movements import howell, mitchell, round_robin, team_event_movement
from bridgetable.movements.guide import HEADER, guide_card, guide_cards


def rows(card: str) -> list[list[str]]:
    """The table rows of a card, split at the column starts of its header line."""
    lines = card.splitlines()
    header = next(line for line in lines if line.startswith("Round"))
    starts = [header.index(title) for title in HEADER]
    body = lines[lines.index(header) + 1:]
    return [[line[a:b].strip() for a, b in zip(starts, [*starts[1:], None], strict=True)] for line in body]


def test_relay_card_tells_each_pair_and_set_where_to_go():
    m = mitchell(6, 3, arrangement="relay")
    card = guide_card(m, 6)
    assert card.startswith("Table 6: Mitchell, relay and bye stand, 6 tables, 6 rounds of 3 boards\n")
    assert "Shares its boards with table 1 across the relay stand" in card
    assert rows(card)[0] == ["1", "6", "12", "2,3,1", "stays", "table 1 E-W", "table 5"]
    assert rows(guide_card(m, 2))[0][-1] == "tables 1 & 6 (relay)"
    assert rows(guide_card(m, 4))[0][-1] == "bye stand, then table 3"
    assert rows(card)[-1][4:] == ["end", "end", "end"]


@pytest.mark.parametrize("movement", [mitchell(7, 2), mitchell(8, 3), mitchell(8, 2, arrangement="relay"),
                                      howell(8, 2), howell(7, 2), howell(6, 3)],
                         ids=["mitchell7", "skip8", "relay8", "howell8", "howell7", "howell6"])
def test_every_card_row_agrees_with_the_movement(movement):
    for table in range(1, movement.tables + 1):
        for round_, cells in enumerate(rows(guide_card(movement, table)), start=1):
            here = movement.at(round_, table)
            if here is None:
                assert cells[3] == "no play (sit-out)"
                continue
            assert [int(cells[1]), int(cells[2])] == [here.ns, here.ew]
            boards = cells[3].split("-")
            listed = range(int(boards[0]), int(boards[-1]) + 1) if len(boards) == 2 else \
                [int(b) for b in cells[3].split(",")]
            assert tuple(listed) == here.boards
            for pair, said in ((here.ns, cells[4]), (here.ew, cells[5])):
                nxt = movement.seat_of(pair, round_ + 1)
                if round_ == movement.rounds:
                    assert said == "end"
                elif nxt is None:
                    assert said == "sits out"
                elif said != "stays":
                    assert said == f"table {nxt.table} {'N-S' if nxt.ns == pair else 'E-W'}"
                else:
                    assert nxt.table == table and (nxt.ns == pair) == (here.ns == pair)


def test_all_cards_one_a_page_and_unknown_tables_refused():
    m = mitchell(5, 2)
    pages = guide_cards(m).split("\f")
    assert [page.splitlines()[0][:8] for page in pages] == [f"Table {t}:" for t in range(1, 6)]
    with pytest.raises(ValueError, match="table 6 is not in 1-5"):
        guide_card(m, 6)


def test_a_team_evenings_card_with_fewer_sets_than_matches_names_where_each_board_goes():
    movement = team_event_movement(6, round_robin(6), 4, sets=2)
    lines = guide_card(movement, 2).splitlines()
    assert lines[1].startswith("Shares the sets of boards with the other tables")
    row = lines[3].split()
    assert row[:4] == ["1", "11", "2", "2,3,4,1"]  # the playing order
    assert lines[3].endswith("2-4 to table 1; done")  # board 1, its last, goes nowhere
    assert guide_card(movement, 1).splitlines()[3].endswith("1 to table 6; done")  # round the tables
    assert guide_card(movement, 1).splitlines()[-1].endswith("17 to table 6; end")
