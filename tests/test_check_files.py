"""`bridgetable check` on small files written for each case of real files from other programs:
unknown hands, LIN broken across lines, "P" for Pass, ScoreTable and TotalScoreTable rows,
unfinished auctions, records without a deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.check import check_files
from bridgetable.cli import main

DATA = Path(__file__).resolve().parent / "data" / "check"
SCORETABLE = (DATA / "scoretable.pbn").read_text(encoding="utf-8")

# The deal of the issue: West and East unknown; North's 1NT, all pass; West leads.
PARTIAL = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:- AKJ7.87.976.KQ54 - Q962.AK53.84.A62"]
[Auction "N"]
{DEAL}
[Contract "1NT"]
[Declarer "N"]
[Play "E"]
{PLAY}
"""


def check_text(tmp_path: Path, text: str, name: str = "x.pbn") -> list[tuple[str, str]]:
    """The (kind, message) of every problem in the one file, and no file unreadable."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    reports, unreadable = check_files([str(path)])
    assert unreadable == []
    return [(p.kind, p.message) for report in reports for p in report.problems]


def warnings(tmp_path: Path, text: str, name: str = "x.pbn") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    reports, _ = check_files([str(path)])
    return [w for report in reports for w in report.warnings]


def partial(auction: str = "1NT Pass Pass Pass", play: str = "") -> str:
    # North's Deal is given from North: "N:- AKJ7..." makes North unknown, East AKJ7...
    return PARTIAL.replace("{DEAL}", auction).replace("{PLAY}", play)


# ---- unknown hands ------------------------------------------------------------------------

def test_unknown_hands_are_consistent_when_the_known_hands_are(tmp_path):
    text = partial(auction="Pass 1NT Pass Pass\nPass").replace('"N:- AKJ', '"N:- AKJ')
    text = text.replace('[Declarer "N"]', '[Declarer "E"]').replace('[Play "E"]', '[Play "S"]')
    assert check_text(tmp_path, text) == []


def test_known_hands_with_a_card_twice_or_twelve_cards_are_still_wrong(tmp_path):
    twice = partial().replace("Q962.AK53.84.A62", "Q962.AK53.84.AK2")
    assert [kind for kind, _ in check_text(tmp_path, twice)] == ["deal"]
    short = partial().replace("Q962.AK53.84.A62", "Q962.AK53.84.A6")
    assert "West has 12 cards, not 13" in check_text(tmp_path, short)[0][1]


def test_a_card_from_an_unknown_hand_must_be_one_nobody_else_holds(tmp_path):
    """1NT by East (second hand after North's pass); South leads. North and South are unknown."""
    base = partial(auction="Pass 1NT Pass Pass\nPass").replace('[Declarer "N"]', '[Declarer "E"]')
    base = base.replace('[Play "E"]', '[Play "S"]')
    # trick 1: South C3, West CA (West is known: Q962.AK53.84.A62), North C7, East CK
    good = base.replace("{PLAY}", "").rstrip() + "\nC3 CA C7 CK\nD2 D4 D5 D6\n*\n"
    assert check_text(tmp_path, good) == []
    # South (unknown) plays the spade ace, which East holds
    wrong = base.rstrip() + "\nSA CA C7 CK\n*\n"
    problems = check_text(tmp_path, wrong)
    assert problems == [("play", "trick 1: SA is not in South's hand (Law 44)")]
    # the same card twice from unknown hands
    again = base.rstrip() + "\nC3 CA C7 CK\nD2 D4 C3 D6\n*\n"
    assert "C3 has already been played" in check_text(tmp_path, again)[0][1]


def test_an_unknown_hand_revokes_only_when_it_later_plays_the_suit(tmp_path):
    base = partial(auction="Pass 1NT Pass Pass\nPass").replace('[Declarer "N"]', '[Declarer "E"]')
    base = base.replace('[Play "E"]', '[Play "S"]').rstrip()
    # North (unknown) discards a heart on a club lead: no revoke unless North shows a club later
    discard = base + "\nC3 CA H2 CK\nD2 D4 D5 D6\n*\n"
    assert check_text(tmp_path, discard) == []
    shown = base + "\nC3 CA H2 CK\nD2 D4 C7 D6\n*\n"
    assert [kind for kind, _ in check_text(tmp_path, shown)] == ["revoke"]


# ---- LIN as a stream, and "P" ----------------------------------------------------------------

LIN_BROKEN = (
    "qx|o1|st||md|3SJH468TD26TC457JQ,S37KH359AD49AC268,S458QH7JQKD3QC39K,|rh||ah|Board 1|sv|o\n"
    "|mb|1C|mb|1S|mb|p|mb|2S|mb|p|mb|3D|mb|p|mb|4S|mb|p\n"
    "|mb|p|mb|p|pc|C5|pc|C2|pc|CK|pc|CA|pc|S2|pc|SJ|pc|SK\n"
    "|pc|S4|mc|11|nt|well played|\n"
)


def test_lin_pairs_may_break_across_lines_anywhere(tmp_path):
    assert check_text(tmp_path, LIN_BROKEN, "v.lin") == []
    path = tmp_path / "v.lin"
    reports, _ = check_files([str(path)])
    assert len(reports) == 1


def test_p_is_read_as_pass_with_a_warning_and_no_follow_on_errors(tmp_path):
    text = ('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
            '[Deal "N:AKJ7.87.976.KQ54 T85.QJT9.KQJ.T93 Q962.AK53.84.A62 43.642.AT532.J87"]\n'
            '[Auction "N"]\n1N =1= 2S P P\nP\n[Note "1:15-17"]\n[Contract "2S"]\n[Declarer "E"]\n')
    assert check_text(tmp_path, text) == []
    found = warnings(tmp_path, text)
    assert "line 6: 'P' is written Pass in PBN" in found
    assert "line 6: '1N' is written 1NT in PBN" in found
    # a real fault stays a fault
    assert [k for k, _ in check_text(tmp_path, text.replace("2S P P", "1S P P"))] == ["auction"]


# ---- unfinished auctions, no deal ---------------------------------------------------------------

@pytest.mark.parametrize("contract", ['[Contract "2S"]\n[Declarer "E"]\n', ""])
def test_an_unfinished_auction_is_flagged_with_or_without_a_contract(tmp_path, contract):
    text = f'[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1NT 2S\n{contract}'
    assert check_text(tmp_path, text) == [
        ("auction", "the auction stops after 2 calls without three passes (Law 22)")]


def test_a_quiz_auction_to_be_continued_is_not_unfinished(tmp_path):
    text = '[Board "1"]\n[Dealer "N"]\n[Deal "S:QT8.AT764.KQJ93. - - -"]\n[Auction "N"]\n1NT 2S\n+\n'
    assert check_text(tmp_path, text) == []


def test_a_record_without_a_deal_is_a_warning(tmp_path):
    text = '[Board "1"]\n[Dealer "N"]\n[Contract "3NT"]\n[Declarer "S"]\n[Result "9"]\n'
    assert check_text(tmp_path, text) == []
    assert warnings(tmp_path, text) == ["the record has no deal"]


# ---- ScoreTable and TotalScoreTable --------------------------------------------------------------

def test_the_written_score_table_and_ranking_pass(tmp_path):
    assert check_text(tmp_path, SCORETABLE) == []


def test_a_row_score_is_checked_against_law_77(tmp_path):
    problems = check_text(tmp_path, SCORETABLE.replace('"N"  9   150', '"N"  9   999'))
    assert ("score", "ScoreTable row 2: Score NS +999, but 1NT by N making 9 tricks, None, "
                     "scores NS +150 (Law 77)") in problems


def test_the_score_follows_the_boards_vulnerability(tmp_path):
    vulnerable = SCORETABLE.replace('[Vulnerable "None"]', '[Vulnerable "NS"]')
    kinds = {kind for kind, _ in check_text(tmp_path, vulnerable)}
    assert "score" in kinds  # 4S making is 620 vulnerable, 1NT 9 tricks 150 either way


def test_swapped_matchpoints_are_found(tmp_path):
    swapped = SCORETABLE.replace("150 4.00 2.00", "150 2.00 4.00").replace(
        " 50 2.00 4.00", " 50 4.00 2.00")
    problems = check_text(tmp_path, swapped)
    matchpoints = [message for kind, message in problems if kind == "matchpoints"]
    assert any(m.startswith("ScoreTable row 2: MP_NS 2") for m in matchpoints)
    assert any(m.startswith("ScoreTable row 3: MP_NS 4") for m in matchpoints)


def test_an_edited_row_percentage_is_found(tmp_path):
    problems = check_text(tmp_path, SCORETABLE.replace("66.67\n 3", "70.00\n 3"))
    assert problems == [("matchpoints", "ScoreTable row 2: Percentage_NS 70, but the other rows "
                                        "give 66.67 (Law 78)")]


def test_a_one_point_scale_is_as_good_as_two(tmp_path):
    one_point = (SCORETABLE.replace("6.00 0.00", "3.00 0.00").replace("4.00 2.00", "2.00 1.00")
                 .replace("2.00 4.00", "1.00 2.00").replace("0.00 6.00", "0.00 3.00"))
    assert [k for k, _ in check_text(tmp_path, one_point)] == ["total"] * 6  # the ranking's totals


def test_ranking_totals_percentages_and_order(tmp_path):
    edited = SCORETABLE.replace("  2   2 NS    4.00  66.67", "  2   2 NS    4.50  66.67")
    assert check_text(tmp_path, edited) == [
        ("total", "TotalScoreTable row 2: pair 2 TotalScore 4.5, but its ScoreTable rows add up to 4.00")]
    percent = SCORETABLE.replace("  3   6 EW    2.00  33.33", "  3   6 EW    2.00  35.00")
    assert check_text(tmp_path, percent) == [
        ("total", "TotalScoreTable row 7: pair 6 Percentage 35, but 2.00 of 6 is 33.33")]
    order = SCORETABLE.replace("  1   1 NS    6.00", "  2   1 NS    6.00")
    assert [k for k, _ in check_text(tmp_path, order)] == ["total"]


def test_the_command_reports_the_kinds(tmp_path, capsys):
    path = tmp_path / "t.pbn"
    path.write_text(SCORETABLE.replace('"N"  9   150', '"N"  9   999'), encoding="utf-8")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "  score: ScoreTable row 2: Score NS +999" in out
    assert "  matchpoints: ScoreTable row" in out


def test_rows_taken_from_a_longer_table_are_a_warning_not_a_problem(tmp_path):
    """Two rows of a 155-result field (PBN's own example): their percentages cannot follow
    from these two rows in any way."""
    excerpt = ('[Board "1"]\n[Vulnerable "None"]\n'
               '[ScoreTable "Rank\\\\3R;Percentage_NS\\\\4R;Score_NS\\\\5R;Multiplicity\\\\2L"]\n'
               '  1 99.4   500 2\n  3 98.4   470 1\n')
    assert check_text(tmp_path, excerpt) == []
    assert "ScoreTable Percentage_NS does not follow from its rows" in warnings(tmp_path, excerpt)[-1]
