"""Helpers for the table tests: a fixed deal, and events written tersely."""

from __future__ import annotations

from bridgetable.bridge import Card, Deal, Seat
from bridgetable.events import Key, TableEvent
from bridgetable.table.flow import BoardFlow, Outcome

DEAL = Deal.parse("N:AQ6.AKJ5.J8.KJ74 KT932.82.AQT94.A 875.T93.763.Q532 J4.Q764.K52.T986")


def key(seat: str, name: str) -> TableEvent:
    return TableEvent.key(Seat.parse(seat), Key(name))


def card(seat: str, text: str) -> TableEvent:
    return TableEvent.card(Seat.parse(seat), Card.parse(text))


def feed(flow: BoardFlow, *events: TableEvent) -> list[Outcome]:
    """Apply events that must all be accepted."""
    outcomes = []
    for event in events:
        outcome = flow.handle(event)
        assert outcome.changed, f"{event} refused: {outcome.message}"
        outcomes.append(outcome)
    return outcomes


def refused(flow: BoardFlow, event: TableEvent) -> str:
    """Apply an event that must be refused, and check that it changed nothing."""
    before = flow.view().durable()
    outcome = flow.handle(event)
    assert not outcome.changed, f"{event} was accepted"
    assert flow.view().durable() == before
    assert outcome.message
    return outcome.message


def finish_play(flow: BoardFlow, tricks: int = 13) -> None:
    """Play on (known hands: each hand's lowest legal card) until ``tricks`` tricks are complete."""
    play = flow.play
    assert play is not None
    while len(play.completed_tricks) < tricks and not play.is_complete:
        feed(flow, TableEvent.card(play.turn, play.legal_cards()[0]))


def untimed(payloads: list[dict]) -> list[dict]:
    """Results without their tempo: a table process measures real time, a reference flow none
    (``test_tempo`` measures it with a clock the test sets)."""
    return [{name: value for name, value in payload.items() if name != "tempo"} for payload in payloads]


def reference_run(flow: BoardFlow, events: list[TableEvent]) -> tuple[list[dict], list[dict]]:
    """Feed ``events`` to a reference flow that is never killed: its durable state before the
    first event and after each one, and the results it confirmed, in order."""
    states, results = [flow.view().durable()], []
    for event in events:
        outcome = flow.handle(event)
        assert outcome.changed, outcome.message
        states.append(flow.view().durable())
        if outcome.result:
            results.append(outcome.result)
    return states, results
