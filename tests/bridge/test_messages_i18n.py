"""The Laws engine says what it refuses, and why, in the language spoken when it refuses: the
seeds' words, and the Law named as each country's rulebook names it (Danish "Lov", German
"Regel", Dutch "Artikel", Hungarian "szabály"); English as it always was. Code reads the error's
``law``, never its text, so a refusal in Danish rectifies exactly as one in English."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bridgetable import i18n
from bridgetable.bridge import (
    Auction,
    BridgeError,
    Card,
    Contract,
    Deal,
    IllegalCall,
    IllegalCard,
    IllegalClaim,
    Play,
    Seat,
    hand_phase,
    stock_phase,
)
from bridgetable.check import check_files

from ..i18n_scan import untranslated_literals

DEAL = Deal.parse("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854")
BRIDGE = Path(__file__).resolve().parents[2] / "controller" / "bridgetable" / "bridge"


def refusal(language: str, action) -> BridgeError:
    with i18n.speaking(language), pytest.raises(BridgeError) as caught:
        action()
    return caught.value


def insufficient_bid() -> None:
    Auction(Seat.N, ["1H"]).add("1D")


def call_out_of_turn() -> None:
    Auction(Seat.N, ["1H"]).add("2C", Seat.W)


def three_nt() -> Play:
    return Play(DEAL, Contract.parse("3NT"), Seat.N)


def card_not_in_hand() -> None:
    three_nt().play("SK")  # East leads; the king of spades is West's


def revoke() -> None:
    play = three_nt()
    play.play("S3")
    play.play("SJ")
    play.play("C4")  # West holds spades


def dummy_claims() -> None:
    three_nt().claim(Seat.S, 13)


@pytest.mark.parametrize(("action", "law", "english", "danish", "german"), [
    (insufficient_bid, "27", "insufficient bid: 1D after 1H (Law 27)",
     "utilstrækkelig melding: 1♦ efter 1♥ (Lov 27)", "ungenügendes Gebot: 1♦ nach 1♥ (Regel 27)"),
    (call_out_of_turn, "29-32", "2C by West out of rotation: it is East's turn (Law 29-32)",
     "2♣ af Vest uden for tur: det er Østs tur (Lov 29-32)",
     "2♣ von West außer der Reihe: Ost ist an der Reihe (Regel 29-32)"),
    (card_not_in_hand, "44", "SK is not in East's hand (Law 44)",
     "♠K er ikke i Østs hånd (Lov 44)", "♠K ist nicht im Blatt von Ost (Regel 44)"),
    (revoke, "44C, 61", "revoke: West plays C4 holding spades on a spades lead (Law 44C, 61)",
     "renonce: Vest spiller ♣4 med spar på udspil i spar (Lov 44C, 61)",
     "Revoke: West spielt ♣4 trotz Pik auf Pik-Ausspiel (Regel 44C, 61)"),
    (dummy_claims, "68", "dummy may not claim or concede (Law 68)",
     "bordet må ikke claime eller opgive stik (Lov 68)",
     "der Strohmann darf weder claimen noch Stiche abgeben (Regel 68)"),
])
def test_a_refusal_reads_in_the_seeds_words_with_the_law_as_the_rulebook_names_it(
        action, law, english, danish, german) -> None:
    for language, text in (("en", english), ("da", danish), ("de", german)):
        error = refusal(language, action)
        assert str(error) == text
        assert error.law == law  # what code reads, the same in every language


def test_failing_to_follow_suit_in_the_two_player_game() -> None:
    """Seed 003: "Farbe bekennen" (Regel 44C); the Danish rulebook's "bekende kulør" (Lov 44C)."""
    def discard() -> None:
        stock = stock_phase(STOCK_HANDS, STOCK, Seat.S)
        for _ in range(13):
            leader = stock.turn
            stock.play(sorted(stock.hands[leader])[0])
            stock.play(next(iter(sorted(stock.legal_cards()))))
        play = hand_phase(stock, Contract.parse("2S"), Seat.S)
        led = sorted(play.hands[play.turn])[0]
        play.play(led)
        wrong = next(card for card in sorted(play.hands[play.turn]) if card not in play.legal_cards())
        play.play(wrong)
    assert "muss Farbe bekennen (Regel 44C)" in str(refusal("de", discard))
    assert "skal bekende kulør (Lov 44C)" in str(refusal("da", discard))


DECK = [Card.parse(s + r) for s in "SHDC" for r in "AKQJT98765432"]
STOCK_HANDS = {Seat.S: DECK[0:13], Seat.W: DECK[13:26]}  # all spades against all hearts
STOCK = DECK[26:]


def test_the_dutch_and_hungarian_rulebooks_name_their_laws_too() -> None:
    assert str(refusal("nl", insufficient_bid)) == "onvoldoende bod: 1♦ na 1♥ (Artikel 27)"
    assert str(refusal("hu", insufficient_bid)) == "elégtelen licit 1♥ után: 1♦ (27. szabály)"


def test_a_message_stays_in_the_language_it_was_made_in() -> None:
    error = refusal("da", insufficient_bid)
    with i18n.speaking("de"):
        assert str(error).endswith("(Lov 27)") and error.message.startswith("utilstrækkelig melding")


def test_the_laws_policy_holds_an_irregular_call_whatever_the_language() -> None:
    """The auction decides by the error's ``law``, not by its text: in Danish, too, an insufficient
    bid and a call out of rotation are held for a decision, and the record speaks Danish."""
    with i18n.speaking("da"):
        auction = Auction(Seat.N, ["1H"], policy="laws")
        auction.add("1D")
        assert auction.pending is not None and auction.pending.law == "27"
        assert str(auction.pending) == ("utilstrækkelig melding 1♦ af Øst (Lov 27): Syd kan godtage, "
                                        "ellers afgør turneringslederen")
        with pytest.raises(IllegalCall, match=r"venter på en afgørelse \(Lov 27\)"):
            auction.add("Pass")


def test_a_claim_refused_in_german_names_the_rulebooks_law() -> None:
    play = three_nt()
    play.claim(Seat.N, 13)
    with i18n.speaking("de"), pytest.raises(IllegalClaim, match=r"über einen Claim wird schon entschieden "
                                                              r"\(Regel 68D\)"):
        play.claim(Seat.E, 1)
    with i18n.speaking("de"), pytest.raises(IllegalCard, match=r"während über einen Claim entschieden wird"):
        play.play("S3")


def test_a_files_problem_gives_the_engines_reason_in_the_readers_language(tmp_path) -> None:
    """`bridgetable check` reports an insufficient bid in a PBN file through the engine's refusal:
    in the language of the command line, the Law as its rulebook names it."""
    path = tmp_path / "board.pbn"
    path.write_text(f'''[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL.to_pbn()}"]
[Auction "N"]\n1H 1D Pass Pass\nPass\n[Contract "1H"]\n[Declarer "N"]\n''', encoding="utf-8")
    for language, reason in (("en", "insufficient bid: 1D after 1H (Law 27)"),
                             ("da", "utilstrækkelig melding: 1♦ efter 1♥ (Lov 27)"),
                             ("de", "ungenügendes Gebot: 1♦ nach 1♥ (Regel 27)")):
        with i18n.speaking(language):
            reports, unreadable = check_files([str(path)])
        [problem] = [problem for report in reports for problem in report.problems]
        assert unreadable == [] and problem.kind == "auction" and problem.message.endswith(reason)


# What the engine's modules with raise sites may write without the catalogue: notation and keys,
# never read as a sentence.
NOTATION = {"CDHS", "CDHSN", "23456789TJQKA", "NT", "NS", "EW", "None", "All", "Pass", "XX", "3NT",
            "0NEBNEB0EB0NB0NE", "North", "East", "South", "West"}  # Seat.full_name: files' seat names
# enum values, kinds, stages
KEYS = {"bid", "prevent", "insufficient bid", "call out of rotation", "lead out of turn", "rho", "final",
        "offender", "director", "accept", "refuse", "spread", "pending", "accepted", "disputed", "ruled",
        "deal", "part", "game", "part-score", "score", "undertricks", "trick points"}
FORMS = {"duplicate", "chicago", "chicago-duplicate", "minibridge", "two-player",  # translated by name
         "Duplicate boards", "Chicago", "Chicago with duplicate scoring", "Minibridge", "Two-player bridge"}
RAISING = ["auction", "cards", "chicago", "claims", "deal", "duplicate_form", "errors", "forms", "gameform",
           "irregularity", "minibridge", "play", "scoring", "twoplayer", "words"]


def attribute_docs(path: Path) -> set[str]:
    """The strings written under a module-level assignment: the documentation of a constant."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    return {str(second.value.value) for first, second in zip(body, body[1:], strict=False)
            if isinstance(first, (ast.Assign, ast.AnnAssign)) and isinstance(second, ast.Expr)
            and isinstance(second.value, ast.Constant)}


@pytest.mark.parametrize("module", RAISING)
def test_no_message_of_the_engine_bypasses_the_catalogue(module: str) -> None:
    path = BRIDGE / f"{module}.py"
    found = untranslated_literals(path, allowed=NOTATION | KEYS | FORMS | attribute_docs(path),
                                  exempt_calls={"compile"},  # regular expressions
                                  exempt_keywords={"policy"})  # "prevent" or "laws": a setting's value
    assert found == []
