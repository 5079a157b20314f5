"""Claims and concessions (Laws 68-70): the claimer enters the tricks, the opponents accept or
dispute, and the director rules."""

from __future__ import annotations

from ...bridge import Play, Seat, words
from ...bridge.claims import analyse_claim
from ...events import Key
from ...i18n import LAWS
from .. import claim_dd
from ..board import BoardInPlay, Phase, Refused, stepped

_ = LAWS.gettext


def on_claim_entry(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    play = b.require_play()
    assert b.claimer is not None
    if seat != b.claimer:
        raise Refused(_("{seat} is entering a claim").format(seat=words.seat(b.claimer)))
    if key is Key.UNDO:
        b.phase = Phase.PLAY
        return _("claim withdrawn")
    if key is Key.OK:
        play.claim(seat, b.number)
        b.phase = Phase.CLAIM
        return None
    b.number = stepped(b.number, key, 0, play.tricks_remaining)
    return None


def on_claim_decision(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    play = b.require_play()
    claim = play.claim_made
    assert claim is not None
    if seat.side is claim.claimer.side:
        if key is Key.UNDO and seat == claim.claimer:
            play.withdraw_claim()
            b.phase = Phase.PLAY
            return _("claim withdrawn: play continues")
        raise Refused(_("the opponents accept the claim (OK) or dispute it (DIRECTOR)"))
    if key is Key.OK:
        play.accept_claim()
        b.set_result(play.declarer_tricks)
        return _("claim accepted (Law 69A)")
    if key is Key.DIRECTOR:
        play.dispute_claim()
        b.phase, b.number = Phase.CLAIM_RULING, claim.tricks
        b.claim_analysis = _analysis(play, claim.claimer, claim.tricks)
        return b.toggle_director(seat, _("{seat} disputes the claim (Law 68D)").format(seat=words.seat(seat)))
    raise Refused(_("accept the claim with OK, or dispute it with DIRECTOR"))


def on_claim_ruling(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    play = b.require_play()
    claim = play.claim_made
    assert claim is not None
    if key is Key.UNDO:
        play.withdraw_claim()
        b.phase, b.director, b.claim_analysis = Phase.PLAY, None, None
        return _("the director lets play continue")
    if key is Key.OK:
        play.rule_claim(b.number)
        b.director, b.claim_analysis = None, None
        b.set_result(play.declarer_tricks)
        return _("ruling: {tricks} tricks to {seat} (Law 70)").format(
            tricks=b.number, seat=words.seat(claim.claimer))
    b.number = stepped(b.number, key, 0, claim.remaining)
    return None


def disputes(b: BoardInPlay, seat: Seat) -> bool:
    """Whether DIRECTOR at this seat disputes the claim on show rather than just calling."""
    claim = b.play.claim_made if b.play is not None else None
    return b.phase is Phase.CLAIM and claim is not None and seat.side is not claim.claimer.side


def _analysis(play: Play, claimer: Seat, claimed: int) -> str | None:
    """What the claim screen shows: worst line and best play from the engine on the last few
    tricks, else best play from the dd extra when it is installed."""
    analysis = analyse_claim(play, claimer, claimed)
    if analysis is not None:
        return str(analysis)
    best = claim_dd.best_tricks(play, claimer)
    if best is None:
        return None
    return _("{seat} claims {claimed} of {remaining}: {best} on best play (double dummy); the worst line "
             "is the director's (Law 70)").format(seat=words.seat(claimer), claimed=claimed,
                                                  remaining=play.tricks_remaining, best=best)
