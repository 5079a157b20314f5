"""The message catalogues: every message of the code in every language, compiled; the choice of
language (table.toml, --language, Accept-Language, LANG); the notation of each country."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from bridgetable import i18n
from bridgetable.i18n import notation

from .i18n_scan import untranslated_literals

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues"] = module
    spec.loader.exec_module(module)
    return module


def test_every_message_of_the_code_is_translated_in_every_language_and_compiled():
    """tools/catalogues.py check: no message missing from a catalogue or left over, none
    untranslated or fuzzy, no placeholder lost, every .mo the compiled .po."""
    assert _tool().problems() == []


def test_every_language_has_every_catalogue_at_run_time():
    for language in i18n.LANGUAGES:
        for domain in i18n.DOMAINS:
            assert i18n.translations(domain, language).info()["language"] == language


def test_the_check_finds_an_untranslated_message(tmp_path, monkeypatch):
    """The check above could fail: a Danish message emptied is reported."""
    tool = _tool()
    monkeypatch.setattr(tool, "LOCALE_DIR", tmp_path)
    for language in tool.LANGUAGES:
        for domain in tool.DOMAINS.values():
            source = ROOT / "controller/bridgetable/i18n/locale" / language / "LC_MESSAGES" / f"{domain}.po"
            target = tmp_path / language / "LC_MESSAGES" / f"{domain}.po"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source.read_bytes())
            target.with_suffix(".mo").write_bytes(source.with_suffix(".mo").read_bytes())
    po = tmp_path / "da/LC_MESSAGES/notation.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "UT"', 'msgstr ""'), encoding="utf-8")
    found = tool.problems()
    assert "da/notation.po: 'NT': untranslated" in found
    assert "da/notation.mo: not the compiled .po (python tools/catalogues.py compile)" in found


@pytest.mark.parametrize(("code", "language"), [
    ("da", "da"), ("da_DK.UTF-8", "da"), ("de-AT", "de"), ("NL", "nl"), ("hu_HU", "hu"), ("en_GB", "en")])
def test_a_language_is_read_as_people_and_systems_write_it(code, language):
    assert i18n.parse(code) == language


def test_an_unknown_language_is_refused_naming_the_ones_we_speak():
    with pytest.raises(i18n.UnknownLanguage, match=r"no language 'sv'.*da \(Dansk\)"):
        i18n.parse("sv")


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANG": "da_DK.UTF-8"}, "da"),
    ({"LANG": "de_DE.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
    ({"LANGUAGE": "sv:hu", "LANG": "de_DE"}, "hu"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_MESSAGES": "fr_FR", "LANG": "da_DK"}, "en"),  # the first set decides, as in gettext
    ({}, "en"),
])
def test_the_command_line_speaks_the_language_of_its_environment(environ, language):
    assert i18n.from_environment(environ) == language


@pytest.mark.parametrize(("header", "language"), [
    ("da-DK,da;q=0.9,en;q=0.8", "da"),
    ("fr-FR,fr;q=0.9,de;q=0.5,nl;q=0.7", "nl"),
    ("en;q=0.1, hu", "hu"),
    ("fr", "en"),
    (None, "en"),
    ("de;q=0", "en"),
    ("de;q=oops, da", "da"),
])
def test_a_visitor_gets_the_first_language_their_browser_asks_for(header, language):
    assert i18n.from_accept_language(header) == language


def test_a_request_speaks_its_own_language_and_the_process_its_own():
    i18n.use("de")
    try:
        assert i18n.current() == "de"
        with i18n.speaking("da"):
            assert notation.call("1NT") == "1UT"
        assert notation.call("1NT") == "1SA"
    finally:
        i18n.use("en")
    assert notation.call("1NT") == "1NT"


# The seeds' own notation: 000 (Danish) writes "UT", "pas", "D"/"RD" for doblet/redoblet and the
# cards "E K D B"; 002 (Dutch) "1SA", "Pas", N/O/Z/W and "aas, heer, vrouw, boer"; 003 (German)
# Nord/Ost/Süd/West and "Ass, König, Dame, Bube"; 004 (Hungarian) "1SA", Észak/Kelet/Dél/Nyugat,
# "ász, király, dáma, bubi".
@pytest.mark.parametrize(("language", "calls", "cards", "seats"), [
    ("en", ["1NT", "4♠X", "Pass", "XX"], ["♠A", "♥Q", "♣10"], "N E S W"),
    ("da", ["1UT", "4♠D", "Pas", "RD"], ["♠E", "♥D", "♣10"], "N Ø S V"),
    ("de", ["1SA", "4♠X", "Pass", "XX"], ["♠A", "♥D", "♣10"], "N O S W"),
    ("nl", ["1SA", "4♠X", "Pas", "XX"], ["♠A", "♥V", "♣10"], "N O Z W"),
    ("hu", ["1SA", "4♠X", "Passz", "XX"], ["♠A", "♥D", "♣10"], "É K D Ny"),
])
def test_calls_cards_and_seats_are_written_as_each_country_prints_them(language, calls, cards, seats):
    with i18n.speaking(language):
        assert [notation.call(call) for call in ("1NT", "4SX", "Pass", "XX")] == calls
        assert [notation.card(card) for card in ("SA", "HQ", "CT")] == cards
        assert " ".join(notation.seat(seat) for seat in "NESW") == seats


def test_a_hungarian_plain_e_is_neither_east_nor_north_but_asked_again():
    """Hungarian writes North É (Észak) and East K (Kelet): an "E" typed without the accent could be
    either, so it is refused, naming both; the letters, the names (with or without accents) and
    the other standard letters are read; elsewhere "E" is East."""
    with i18n.speaking("hu"):
        with pytest.raises(ValueError) as refused:
            notation.read_seat(" E ")
        assert str(refused.value) == ("a(z) 'E' hely lehet Észak (É ékezet nélkül) vagy Kelet: "
                                      "írja így: É vagy K")
        read = {typed: notation.read_seat(typed) for typed in
                ("É", "é", "Észak", "Eszak", "K", "Kelet", "D", "Dél", "Del", "Ny", "Nyugat", "N", "S", "W")}
        assert read == {"É": "N", "é": "N", "Észak": "N", "Eszak": "N", "K": "E", "Kelet": "E", "D": "S",
                        "Dél": "S", "Del": "S", "Ny": "W", "Nyugat": "W", "N": "N", "S": "S", "W": "W"}
    for language in ("en", "da", "de", "nl"):
        with i18n.speaking(language):
            assert notation.read_seat("E") == "E", language


def test_a_contract_keeps_its_result_and_a_text_that_is_no_call_is_left_alone():
    with i18n.speaking("da"):
        assert notation.call("3NTX+1") == "3UTD+1"
        assert notation.call("4H=") == "4♥="
        assert notation.call("Passed out") == "Passed out"
        assert notation.vulnerability("All") == "Alle"
        assert notation.side("EW") == "ØV"


def test_the_scan_finds_a_literal_that_bypasses_the_catalogue(tmp_path):
    module = tmp_path / "screen.py"
    module.write_text('"""Doc."""\n'
                      'def draw(canvas, _):\n'
                      '    """Doc."""\n'
                      '    canvas.text(0, 0, _("Board"), anchor="ma")\n'
                      '    canvas.text(0, 9, "Dealer")\n'
                      '    return {"key": f"Vul {canvas}"}["key"] == "x"\n', encoding="utf-8")
    assert untranslated_literals(module, exempt_keywords={"anchor"}) == [
        "screen.py:5: 'Dealer'", "screen.py:6: 'Vul '"]


def test_a_catalogue_with_a_fallback_looks_there_for_what_it_lacks_and_leaves_the_plain_one_alone():
    pages = i18n.Catalogue("central", fallback="station")
    with i18n.speaking("da"):
        assert pages.gettext("Clubs") == "Klubber"  # its own
        assert pages.gettext("Ranking") == "Resultatliste"  # the station's
        assert i18n.CENTRAL.gettext("Ranking") == "Ranking"  # without the fallback: not its message
        assert pages.gettext("in no catalogue") == "in no catalogue"


def test_an_unknown_language_on_the_command_line_is_refused_in_the_command_lines_language(
        monkeypatch, capsys):
    from bridgetable import cli

    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    try:
        with pytest.raises(SystemExit) as exit:
            cli.main(["station", "--language", "sv"])
    finally:
        i18n.use("en")
    assert exit.value.code == 2
    assert "intet sprog 'sv': bridgetable taler en (English), da (Dansk)" in capsys.readouterr().err


def test_danish_calls_every_swiss_monrad_the_teams_as_the_pairs():
    """Danish clubs call a Swiss, of pairs or of teams, a Monrad (after D. G. Monrad); the
    catalogue said "schweizer" for the teams and "monrad" for the pairs, in two spellings."""
    from babel.messages.pofile import read_po

    said: list[str] = []
    for po in sorted((ROOT / "controller/bridgetable/i18n/locale/da/LC_MESSAGES").glob("*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                texts = message.string if isinstance(message.string, tuple) else (message.string,)
                text = " ".join(t for t in texts if t)
                if any(re.search(r"\bSwiss\b", i) for i in ids) and "Monrad" not in text:
                    said.append(f"{po.name}: {ids[0]!r} -> {text!r}")
                if re.search(r"(?i)schweiz", text) or re.search(r"\bmonrad", text):
                    said.append(f"{po.name}: {text!r}")
    assert said == []
