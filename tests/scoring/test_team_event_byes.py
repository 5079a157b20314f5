"""A round robin's byes are known from the start, but a bye's VPs count only once its round is
played: after round 1 of five teams, only round 1's bye is in the ranking (and in the JSON the
demo and the center's API give)."""

from bridgetable.director.teamevent import event_json
from bridgetable.movements import round_robin
from bridgetable.scoring import TeamEvent


def test_a_bye_counts_once_its_round_has_begun():
    schedule = round_robin(5)
    event = TeamEvent(5, boards_per_match=2)
    for r, round_ in enumerate(schedule, start=1):
        for home, away in round_.matches:
            event.add_match(r, home, away)
        event.byes[r] = round_.bye
    assert event.byes_had() == {} and {line.vp for line in event.ranking()} == {0.0}
    for home, _away in schedule[0].matches:
        event.record(1, 2 * home - 1, 1, 420)  # board 1 at both tables of each match of round 1
        event.record(1, 2 * _away - 1, 1, 420)
    assert event.byes_had() == event_json(event, {})["byes"] == {1: schedule[0].bye}
    vps = {line.team: line.vp for line in event.ranking()}
    assert vps[schedule[0].bye] == event.bye_vp  # the bye of round 1, and no other round's
    assert sorted(vps.values()) == [10.0, 10.0, 10.0, 10.0, event.bye_vp]
