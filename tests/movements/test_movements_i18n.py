"""The movements and the session's set-up speak the station's language: a movement or a set-up refused
(through the station's set-up, as `bridgetable station` builds it), where a pair goes next, the guide
card, a movement's figures."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgetable.movements
from bridgetable import i18n
from bridgetable.cli import build_parser
from bridgetable.director import session
from bridgetable.director.commands import setup_from_args
from bridgetable.director.session import SCORINGS, SessionSetup, SetupError
from bridgetable.movements import MovementError, howell, mitchell, profile, team_match
from bridgetable.movements.base import Movement, TableRound
from bridgetable.movements.guide import guide_card

from ..i18n_scan import untranslated_literals

MOVEMENTS = Path(bridgetable.movements.__file__).parent


def station_setup(*argv: str) -> None:
    setup_from_args(build_parser().parse_args(["station", "--accounts", "a.json", "--session", "s", *argv]))


def test_a_session_set_up_refused_in_danish_and_hungarian() -> None:
    with i18n.speaking("da"), pytest.raises(SetupError) as danish:
        station_setup("--scoring", "TEAMS")
    assert str(danish.value) == "holdscoring kræver holdkampens plan med to borde"
    with i18n.speaking("hu"), pytest.raises(SetupError) as hungarian:
        SessionSetup("s", "e", {"kind": "swiss"}).build_movement()
    assert str(hungarian.value) == ("a mozgatás fajtája ezek egyike legyen: mitchell, howell, teams, "
                                    "team-event, swiss-pairs, robots, nem 'swiss'")


def test_a_mitchell_of_two_tables_refused_by_the_station_in_danish_and_german() -> None:
    with i18n.speaking("da"), pytest.raises(SetupError) as danish:
        station_setup("--tables", "2")
    assert str(danish.value) == "en Mitchell kræver mindst 3 borde, ikke 2"
    with i18n.speaking("de"), pytest.raises(SetupError) as german:
        station_setup("--movement", "howell", "--pairs", "3")
    assert str(german.value) == "ein Howell braucht mindestens 4 Paare, nicht 3"


@pytest.mark.parametrize(("language", "said"), [
    ("da", "runde 4 er ikke i 1-3"), ("de", "Runde 4 liegt nicht in 1-3"),
    ("nl", "ronde 4 ligt niet in 1-3"), ("hu", "a(z) 4. forduló nincs az 1-3 között"),
    ("en", "round 4 is not in 1-3")])
def test_a_round_that_is_not_there_in_each_language(language: str, said: str) -> None:
    movement = mitchell(3, 2)
    with i18n.speaking(language), pytest.raises(MovementError) as refused:
        movement.round(4)
    assert str(refused.value) == said


def test_an_unplayable_movement_and_a_team_match_refused_in_german() -> None:
    with i18n.speaking("de"):
        with pytest.raises(MovementError,
                           match=r"^Runde 1 Tisch 2: Paar 1 sitzt in der Runde an zwei Tischen$"):
            Movement("mitchell", 2, 1, 1, (TableRound(1, 1, 1, 2, (1,)), TableRound(1, 2, 1, 3, (2,))))
        with pytest.raises(MovementError,
                           match=r"^7 Boards lassen sich nicht in Rundenpaare zu je 2 teilen$"):
            team_match(7, 2)


def test_where_a_pair_goes_next_in_danish_and_dutch() -> None:
    movement = mitchell(3, 3)
    with i18n.speaking("da"):
        assert movement.next_for(5, 1) == "par 5: bord 3, Øst-Vest, spil 1-3"
        assert movement.next_for(5, 3) == "par 5: turneringen er slut"
    with i18n.speaking("nl"):
        assert movement.next_for(1, 1) == "paar 1: tafel 1, Noord-Zuid, spellen 4-6"
        assert howell(7, 1).next_for(2, 1) == "paar 2: rust in ronde 2"


def test_the_guide_card_in_danish_and_german() -> None:
    movement = mitchell(6, 3, arrangement="relay")
    with i18n.speaking("da"):
        card = guide_card(movement, 6)
    lines = card.splitlines()
    assert lines[0] == "Bord 6: Mitchell, relæ- og pausebord, 6 borde, 6 runder à 3 spil"
    assert lines[1].startswith("Deler spil med bord 1 over relæbordet")
    assert lines[2].split() == ["Runde", "N-S", "Ø-V", "Spil", "N-S", "går", "til", "Ø-V", "går", "til",
                                "Spil", "går", "til"]
    assert lines[3].split() == ["1", "6", "12", "2,3,1", "bliver", "bord", "1", "Ø-V", "bord", "5"]
    assert lines[-1].split()[-3:] == ["slut", "slut", "slut"]
    with i18n.speaking("de"):
        assert guide_card(mitchell(4, 1), 1).startswith("Tisch 1: Mitchell, 4 Tische, 3 Runden zu 1 Board\n")
    with i18n.speaking("de"), pytest.raises(ValueError, match="^Tisch 7 liegt nicht in 1-6$"):
        guide_card(movement, 7)


def test_a_movements_figures_in_hungarian() -> None:
    with i18n.speaking("hu"):
        lines = profile(howell(8, 1)).lines()
    assert lines[0].startswith("minden pár találkozik: igen; osztások ellenfelenként: ")
    assert lines[3].startswith("két pár összevetései: ") and "kiegyensúlyozottság" in lines[3]


# the docs' Markdown table (docs/movements.md is English); the movements' kinds and arrangements (the
# set-up's words, not shown); the sides' codes
HOWELL_DOCS = {"| tables | pairs | rounds | boards | every two meet | boards missed | played at | N-S boards "
               "| comparisons (mean) | balance |", "|---|---|---|---|---|---|---|---|---|---|", " x ",
               " stanzas", "yes", "no", "| ", "% |"}
NOT_PROSE = {"howell.py": HOWELL_DOCS | {"howell"}, "mitchell.py": {"skip", "relay", "mitchell"},
             "base.py": set(), "guide.py": {"mitchell", "howell", "teams", "robots"},
             "properties.py": {"NS", "EW"}, "robots.py": {"robots"}, "teams.py": {"teams"}}


@pytest.mark.parametrize("name", sorted(NOT_PROSE))
def test_no_text_a_person_reads_bypasses_the_catalogue(name: str) -> None:
    assert untranslated_literals(MOVEMENTS / name, allowed=NOT_PROSE[name]) == []


def test_no_set_up_refusal_of_the_station_bypasses_the_catalogue() -> None:
    """director/session.py: the scorings' codes, the assignment message's keys and directions, the
    default name a pair is stored under (data, like the names the director types), a team event's
    kind and tie-break (codes)."""
    allowed = {*SCORINGS, "kind", "assign", "ns", "ew", "NS", "EW", "Pair ", "team-event", "quotient"}
    assert untranslated_literals(Path(session.__file__), allowed=allowed, exempt_calls={"get"}) == []
