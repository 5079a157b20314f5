"""The game forms on the table unit: whole games played with key presses and card scans (as
TableEvents), their score sheets as images, their export, and each resumed after a SIGKILL."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from bridgetable.bridge import Auction, Card, Contract, Deal, Seat, Strain, hand_phase, honours, stock_phase
from bridgetable.check import check_files
from bridgetable.events import Key, TableEvent
from bridgetable.table.export import export_journal, record_of_result
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.script import auction_events, play_events
from bridgetable.table.service import load_config

from .helpers import DEAL, feed, key, reference_run, refused, untimed
from .test_recovery import _send, kill_and_restart
from .test_screens import check_reference


def claimed(dealer: Seat, calls: str, tricks: int, *after: TableEvent) -> list[TableEvent]:
    """A deal whose declarer claims ``tricks`` before the lead (X takes one off the 13) and the
    opponents accept; ``after`` (honours) comes before the opponents' OK to the result."""
    declarer = Auction(dealer, calls.split()).declarer
    events = [TableEvent.key(dealer, Key.OK), *auction_events(dealer, calls)]
    if declarer is None:
        return [*events, key("E", "OK")]
    fewer = [TableEvent.key(declarer, Key.DOUBLE)] * (13 - tricks)
    return [*events, TableEvent.key(declarer, Key.CLAIM), *fewer, TableEvent.key(declarer, Key.OK),
            TableEvent.key(declarer.lho, Key.OK), *after,
            TableEvent.key(declarer.lho, Key.OK)]


# A rubber, hand-checked against the Laws' table (seed 001):
# 1 (N deals, none vul): 3NT by N, 10 tricks: NS 100 below, 30 above; West's four aces 150 to EW.
# 2 (E): passed out: nothing scored, the next dealer (South) deals.
# 3 (S, NS vul): 2H by W, 9 tricks: EW 60 below (a part-score), 30 above.
# 4 (W, NS vul): 4SX by N, 10 tricks: NS 240 below (EW's 60 no longer counts), insult 50, and the
#   rubber 2-0: 700. NS 780 above, 340 below (1120); EW 180 above, 60 below (240).
RUBBER = [*claimed(Seat.N, "1NT Pass 3NT Pass Pass Pass", 10, key("W", "5")),
          *claimed(Seat.E, "Pass Pass Pass Pass", 0),
          *claimed(Seat.S, "Pass 1H Pass 2H Pass Pass Pass", 9),
          *claimed(Seat.W, "Pass 4S X Pass Pass Pass", 10)]

# A Chicago (seed 003): 1 (N, none): 2S by N, 8 tricks: NS 60, a part-score that carries;
# a passed-out deal, dealt again by East and not counted; 2 (E, NS vul): 2H by S, 8 tricks: NS 60
# more, a game with the 60 before: 500 at once (560); 3 (S, EW vul): 3NT by W, 9: EW 100 + 500;
# 4 (W, all vul): 2D by W, 8: EW 40, a part-score on the fourth deal: 100 more (140).
CHICAGO = [*claimed(Seat.N, "1S Pass 2S Pass Pass Pass", 8),
           *claimed(Seat.E, "Pass Pass Pass Pass", 0),
           *claimed(Seat.E, "Pass 1H Pass 2H Pass Pass Pass", 8),
           *claimed(Seat.S, "Pass 3NT Pass Pass Pass", 9),
           *claimed(Seat.W, "1D Pass 2D Pass Pass Pass", 8)]


def played(game: str, events: list[TableEvent]) -> tuple[BoardFlow, list[dict]]:  # type: ignore[type-arg]
    flow = BoardFlow(FlowConfig(boards=[1], game=game, session="s", table="2"))
    results = [outcome.result for outcome in feed(flow, *events) if outcome.result is not None]
    return flow, results


def test_a_whole_rubber_at_the_table_scores_as_the_laws_table_says() -> None:
    flow, results = played("rubber", RUBBER)
    assert [(r["deal_number"], r["dealer"], r["vulnerability"], r["ns"], r["ew"]) for r in results] == [
        (1, "N", "None", 130, 150), (2, "E", "NS", 0, 0), (3, "S", "NS", 0, 90), (4, "W", "NS", 990, 0)]
    assert results[0]["honours"] == "W 150" and [r["board"] for r in results] == [1, 2, 3, 4]
    # the running score is what stands after each deal: not the 300 an unfinished rubber would add
    assert [(r["ns_total"], r["ew_total"], r["over"]) for r in results] == [
        (130, 150, False), (130, 150, False), (130, 240, False), (1120, 240, True)]
    view = flow.view()
    assert view.phase == "done" and view.sheet is not None
    assert (view.sheet["above"], view.sheet["below"], view.sheet["games"]) == ([780, 180], [340, 60], [2, 0])
    assert view.sheet["winner"] == "NS"
    assert "the session is over" in refused(flow, key("N", "OK"))
    check_reference("rubber-over", render(dataclasses.replace(view, message=None), Seat.E))


def test_the_rubber_sheet_between_deals_is_seen_from_each_side() -> None:
    """Before deal 4: NS have a game (vulnerable), EW a part-score of 60 below the line."""
    flow = BoardFlow(FlowConfig(boards=[1], game="rubber"))
    feed(flow, *RUBBER[:-len(claimed(Seat.W, "Pass 4S X Pass Pass Pass", 10))])
    view = flow.view()
    assert (view.phase, view.deal, view.dealer, view.vulnerability) == ("start", 4, "W", "NS")
    assert view.sheet is not None and view.sheet["below"] == [100, 60] and view.sheet["games"] == [1, 0]
    check_reference("rubber", render(view, Seat.N))
    check_reference("rubber-east", render(view, Seat.E))  # We and They the other way round


def test_a_whole_chicago_with_a_passed_out_deal_dealt_again() -> None:
    flow, results = played("chicago", CHICAGO)
    assert [(r["deal_number"], r["dealer"], r["vulnerability"], r["ns"], r["ew"]) for r in results] == [
        (1, "N", "None", 60, 0), (2, "E", "NS", 0, 0), (2, "E", "NS", 560, 0), (3, "S", "EW", 0, 600),
        (4, "W", "All", 0, 140)]
    assert [r["board"] for r in results] == [1, 2, 3, 4, 5]  # the table's own numbering: each deal once
    view = flow.view()
    assert view.sheet is not None and view.sheet["total"] == [620, 740] and view.sheet["winner"] == "EW"
    assert [row[3:] for row in view.sheet["deals"]] == [[60, 0], [560, 0], [0, 600], [0, 140]]
    check_reference("chicago", render(view, Seat.N))


def test_chicago_with_duplicate_scoring_scores_each_deal_alone() -> None:
    _, results = played("chicago-duplicate", CHICAGO)
    assert [(r["ns"], r["ew"]) for r in results] == [(110, 0), (0, 0), (110, 0), (0, 600), (0, 90)]


def test_honours_are_counted_from_the_hands_once_all_cards_are_scanned() -> None:
    deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32")
    flow = BoardFlow(FlowConfig(boards=[1], game="rubber"))
    calls = "4S Pass Pass Pass"
    auction = Auction(Seat.N, calls.split())
    feed(flow, key("N", "OK"), *auction_events(Seat.N, calls), *play_events(deal, auction))
    assert "counts the honours itself" in refused(flow, key("N", "4"))
    [outcome] = feed(flow, key("E", "OK"))
    assert outcome.result is not None and outcome.result["honours"] == "N 100"
    assert (outcome.result["ns"], outcome.result["ew"]) == (120 + 90 + 100, 0)  # 13 tricks in 4S


def test_honours_entered_with_the_keys_are_checked_and_can_be_cleared() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], game="rubber"))
    feed(flow, *claimed(Seat.N, "1NT Pass 3NT Pass Pass Pass", 9)[:-1])
    assert "no trump" in refused(flow, key("S", "4"))  # only the four aces count at no trump
    feed(flow, key("S", "5"))
    assert flow.view().honours == "S 150" and flow.view().points == (250, 0)
    assert "has entered no honours" in refused(flow, key("N", "PASS"))
    feed(flow, key("S", "PASS"))
    assert flow.view().honours is None and flow.view().points == (100, 0)


def test_duplicate_and_chicago_duplicate_count_no_honours() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], game="chicago-duplicate"))
    feed(flow, *claimed(Seat.N, "1NT Pass 3NT Pass Pass Pass", 9)[:-1])
    refused(flow, key("S", "5"))


def test_a_table_on_the_link_plays_duplicate_only(tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text('[table]\nclub = "c"\ngame = "rubber"\n[link]\nhost = "station"\nusername = "table1"\n'
                      'password = "pw"\nkey = "' + "ab" * 32 + '"\n')
    with pytest.raises(ValueError, match="with \\[link\\]: a table on the station's link plays duplicate"):
        load_config(config)
    config.write_text('[table]\ngame = "bridge"\n')
    with pytest.raises(ValueError, match="game is one of duplicate, rubber, chicago"):
        load_config(config)
    config.write_text('[table]\ngame = "chicago"\nhonours = false\n')
    flow = load_config(config).flow
    assert (flow.game, flow.honours) == ("chicago", False)


def test_the_export_writes_the_form_and_the_running_score_and_check_reads_it(tmp_path: Path) -> None:
    from bridgetable.table.service import TableService

    service = TableService(FlowConfig(boards=[1], game="rubber", session="s", club="c"),
                           Journal(tmp_path / "j.db", session="s"))
    for event in RUBBER:
        assert service.handle(event).changed
    out = tmp_path / "rubber.pbn"
    assert export_journal(tmp_path / "j.db", out) == 4
    text = out.read_text()
    assert text.count('[Scoring "Rubber"]') == 4 and "[Score " not in text
    assert "{rubber deal 1: NS 130, EW 150, honours W 150}" in text
    assert "{Running score: NS 1120, EW 240; the game is over}" in text
    reports, unreadable = check_files([str(out)])
    assert len(reports) == 4 and not unreadable
    assert [problem for report in reports for problem in report.problems] == []


def killed_and_resumed(tmp_path: Path, game: str, events: list[TableEvent], moments: int) -> None:
    """SIGKILL a table process at ``moments`` points of a game (every other one with the next
    event in flight); each restart is exactly where the reference flow was, and the game ends
    with each deal recorded once."""
    config = tmp_path / "table.toml"
    config.write_text(f'[table]\nclub = "c"\nsession = "s"\ntable = "2"\ngame = "{game}"\n')
    journal = tmp_path / "journal.db"
    states, expected = reference_run(BoardFlow(load_config(config).flow), events)
    for number, moment in enumerate(sorted({int((i + 1) * (len(events) - 1) / (moments + 1))
                                            for i in range(moments)})):
        position, process = kill_and_restart(config, journal, events, states, 0, moment,
                                             in_flight=number % 2 == 1)
        for event in events[position:]:
            _send(process, event.to_json())
        assert process.stdin is not None
        process.stdin.close()
        assert process.wait(timeout=30) == 0
        assert untimed([r.payload for r in Journal(journal, session="s").results()]) == expected
        journal.unlink()
        for extra in tmp_path.glob("journal.db-*"):
            extra.unlink()


@pytest.mark.parametrize(("game", "events"), [("rubber", RUBBER), ("chicago", CHICAGO)])
def test_a_game_killed_mid_deal_resumes_exactly(tmp_path: Path, game: str, events: list[TableEvent]) -> None:
    killed_and_resumed(tmp_path, game, events, moments=4)


def points(seat: str, *digits: str) -> list[TableEvent]:
    """A Minibridge announcement of high-card points: the digit keys (and X, XX), then OK."""
    return [key(seat, digit) for digit in digits] + [key(seat, "OK")]


# DEAL's high-card points: North 19, East 13, South 2, West 6: North-South play, North declares
# (more than South) and announces 3NT, a game; the cards are scanned.
MINIBRIDGE_CALLS = "Pass 3NT Pass Pass Pass"  # only to script the play: W deals, N declares
MINIBRIDGE = [key("N", "OK"), *points("N", "1", "7", "XX", "XX"), *points("E", "1", "3"), *points("S", "2"),
              *points("W", "6"), key("N", "3"), key("N", "NT"),
              *play_events(DEAL, Auction(Seat.W, MINIBRIDGE_CALLS.split())), key("E", "OK")]


def test_a_minibridge_deal_announced_with_the_keys_and_played_with_the_card_readers() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], game="minibridge"))
    feed(flow, *MINIBRIDGE[:12])  # North, East and South have announced, West types 6
    assert dict(flow.view().announced) == {"N": 19, "E": 13, "S": 2} and flow.view().turn == "W"
    check_reference("minibridge", render(flow.view(), Seat.W))
    assert "announces their high-card points" in refused(flow, key("N", "OK"))
    feed(flow, key("W", "OK"))
    assert flow.view().turn == "N"  # North declares
    assert "not a Minibridge announcement" in refused_after(flow, key("N", "2"), key("N", "NT"))
    outcomes = feed(flow, *MINIBRIDGE[13:])
    record = outcomes[-1].result
    assert record is not None
    assert (record["contract"], record["declarer"], record["auction"]) == ("3NT", "N", None)
    assert record["announced"] == {"N": 19, "E": 13, "S": 2, "W": 6}
    comments = record_of_result(record).sections["Result"]
    assert any("high-card points announced, N 19, E 13, S 2, W 6" in text for text in comments)
    tricks = record["tricks"]
    made = tricks >= 9
    expected = (40 + 30 * (tricks - 7) + 300, 0) if made else (0, 50 * (9 - tricks))
    assert (record["ns"], record["ew"]) == expected and record["vulnerability"] == "None"
    assert flow.view().phase == "start" and flow.view().deal == 2 and flow.view().dealer == "E"


def refused_after(flow: BoardFlow, first: TableEvent, second: TableEvent) -> str:
    """``first`` accepted, then ``second`` refused (and changing nothing): its message."""
    feed(flow, first)
    message = refused(flow, second)
    feed(flow, key(second.seat.name, "UNDO"))
    return message


def test_minibridge_twenty_points_each_is_dealt_again_by_the_same_dealer() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], game="minibridge"))
    feed(flow, key("N", "OK"), *points("N", "1", "PASS"), *points("E", "1", "PASS"),
         *points("S", "1", "PASS"))
    assert "add up to 30, not 40" in refused(flow, key("W", "OK"))
    feed(flow, *points("W", "1", "PASS"))
    assert "20 points each" in (flow.view().message or "")
    [outcome] = feed(flow, key("S", "OK"), key("E", "OK"))[-1:]
    assert outcome.result is not None and outcome.result["contract"] == "Pass"
    assert (flow.view().deal, flow.view().dealer) == (1, "N")  # not counted: North deals again


def test_minibridge_with_the_hand_check_counts_the_points_itself() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], game="minibridge", hand_check=True))
    feed(flow, key("N", "OK"), *[TableEvent.card(seat, card) for seat in Seat for card in DEAL[seat]])
    view = flow.view()
    assert view.phase == "announcement" and dict(view.announced) == {"N": 19, "E": 13, "S": 2, "W": 6}
    assert view.turn == "N"
    feed(flow, key("N", "1"), key("N", "S"))
    assert (flow.view().phase, flow.view().contract) == ("play", "1S")


def test_a_minibridge_deal_killed_mid_deal_resumes_exactly(tmp_path: Path) -> None:
    killed_and_resumed(tmp_path, "minibridge", MINIBRIDGE, moments=3)


def two_player_deal() -> tuple[list[TableEvent], int, str | None]:
    """A deal of the two-player game at South (dealer) and West, scripted with the engine: the
    stock phase (West leads; each plays their lowest legal card; the stock is North's then East's
    cards of DEAL), South's 1NT, West's pass, the play; then West's OK. Also declarer's tricks and
    the honours the hands held."""
    hands = {Seat.S: DEAL[Seat.S], Seat.W: DEAL[Seat.W]}
    stock = stock_phase(hands, [*DEAL[Seat.N], *DEAL[Seat.E]], Seat.S)
    events = [key("S", "OK")]
    while not stock.is_complete:
        turn, card = stock.turn, stock.legal_cards()[0]
        stock.play(card)
        events.append(TableEvent.card(turn, card))
    events += [key("S", "1"), key("S", "NT"), key("W", "PASS")]
    play = hand_phase(stock, Contract.parse("1NT"), Seat.S)
    held = honours({seat: list(cards) for seat, cards in play.hands.items()}, Strain.NOTRUMP)
    while not play.is_complete:
        turn, card = play.turn, play.legal_cards()[0]
        play.play(card)
        events.append(TableEvent.card(turn, card))
    return [*events, key("W", "OK")], play.tricks_won(Seat.S), None if held is None else str(held)


def test_a_two_player_deal_with_the_stock_phase_scanned() -> None:
    events, tricks, held = two_player_deal()
    flow = BoardFlow(FlowConfig(boards=[1], game="two-player"))
    feed(flow, *events[:3])  # West led, South followed
    assert flow.message == "West takes the top card of the stock, South the next"
    feed(flow, events[3])  # West leads to the second trick
    view = flow.view()
    assert (view.phase, view.dealer, len(view.played), view.turn) == ("stock", "S", 3, "S")
    check_reference("two-player-stock", render(view, Seat.S))
    assert "nobody plays there" in refused(flow, TableEvent.card(Seat.N, Card.parse("SA")))
    assert "scan a card" in refused(flow, key("S", "OK"))
    feed(flow, *events[4:27])
    assert flow.view().phase == "auction" and flow.view().turn == "S"  # the dealer calls first
    assert "empty seat" in refused(flow, key("N", "PASS"))
    feed(flow, *events[27:30])
    assert flow.view().calls == ("1NT", "Pass", "Pass", "Pass") and flow.view().turn == "W"  # W leads
    outcomes = feed(flow, *events[30:])
    record = outcomes[-1].result
    assert record is not None
    assert (record["contract"], record["declarer"], record["tricks"]) == ("1NT", "S", tricks)
    assert record["honours"] == held and record["confirmed_by"] == "W"
    made = 40 + 30 * (tricks - 7) if tricks >= 7 else 0
    ns_honours = 150 if held and held.startswith(("S", "N")) else 0
    ew_honours = 150 if held and held.startswith(("E", "W")) else 0
    expected = (made + ns_honours, (0 if tricks >= 7 else 50 * (7 - tricks)) + ew_honours)
    assert (record["ns"], record["ew"]) == expected
    assert (flow.view().phase, flow.view().dealer) == ("start", "W")  # the other player deals next


def test_a_two_player_deal_killed_mid_deal_resumes_exactly(tmp_path: Path) -> None:
    killed_and_resumed(tmp_path, "two-player", two_player_deal()[0], moments=4)


def test_a_journal_replays_only_in_its_own_game_form(tmp_path: Path) -> None:
    from bridgetable.table.journal import JournalError
    from bridgetable.table.service import TableService

    path = tmp_path / "j.db"
    service = TableService(FlowConfig(boards=[1], game="rubber", session="s"), Journal(path, session="s"))
    assert service.handle(RUBBER[0]).changed
    service.journal.close()
    with pytest.raises(JournalError, match="holds a game of rubber, not chicago"):
        TableService(FlowConfig(boards=[1], game="chicago", session="s"), Journal(path, session="s"))
    again = TableService(FlowConfig(boards=[1], game="rubber", session="s"), Journal(path, session="s"))
    assert again.flow.view().phase == "auction"
    # a journal from before the game forms (events, no game kept) holds duplicate boards
    older = Journal(tmp_path / "old.db", session="s")
    older.append(RUBBER[0])
    with pytest.raises(JournalError, match="holds a game of duplicate, not rubber"):
        TableService(FlowConfig(boards=[1], game="rubber", session="s"), older)
    assert TableService(FlowConfig(boards=[1], session="s"), older).flow.view().phase == "auction"
