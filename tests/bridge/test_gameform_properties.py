"""Property tests of the game forms: any sequence of results keeps the sheet's sums, a refused
result changes nothing, and replaying the accepted results gives the same sheet (the journal's
contract)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bridge import (
    GAME_FORMS,
    BridgeError,
    Contract,
    DealResult,
    Honour,
    Seat,
    Side,
    Strain,
    game_form,
)

MODEST = settings(max_examples=60, deadline=None)


@st.composite
def results(draw: st.DrawFn) -> DealResult:
    if draw(st.integers(0, 9)) == 0:
        return DealResult(None)
    contract = Contract(draw(st.integers(1, 7)), draw(st.sampled_from(list(Strain))), draw(st.integers(0, 2)))
    honours = draw(st.one_of(st.none(), st.builds(Honour, st.sampled_from(list(Seat)),
                                                  st.sampled_from([100, 150]))))
    if contract.strain is Strain.NOTRUMP and honours is not None:
        honours = Honour(honours.seat, 150)
    return DealResult(contract, draw(st.sampled_from(list(Seat))), draw(st.integers(0, 13)), honours)


@MODEST
@given(st.sampled_from(sorted(GAME_FORMS)), st.lists(results(), max_size=30))
def test_any_results_keep_the_sums_and_replay_to_the_same_sheet(name: str, played: list[DealResult]) -> None:
    form = game_form(name)
    for result in played:
        before = form.sheet()
        try:
            preview = form.preview(result)
            assert form.sheet() == before
            score = form.record(result)
        except BridgeError:
            assert form.sheet() == before
            continue
        assert score == preview
        assert all(entry.points > 0 for entry in score.entries)
        assert score.setup == before.next
    sheet = form.sheet()
    for side in (Side.NS, Side.EW):
        assert sheet.total(side) == sum(d.points(side) for d in sheet.deals) + \
            sum(e.points for e in sheet.closing if e.side is side)
        assert sheet.total(side) == sheet.line_total(side, True) + sheet.line_total(side, False)
    assert sheet.over == form.over and (sheet.next is None) == sheet.over
    again = game_form(name)
    again.replay(form.results)
    assert again.sheet() == sheet
