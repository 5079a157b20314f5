"""The result: its score (the game form's), honours entered with the keys when the hands are
unknown, the opponents' confirmation, and the record the outbox keeps."""

from __future__ import annotations

from typing import Any

from ...bridge import Card, Choice, Deal, DealResult, Honour, Seat, honours, words
from ...events import Key
from ...i18n import LAWS, N_
from ..board import BoardInPlay, Phase, Refused
from ..openplay import OpenPlay
from . import announcement, auction
from . import play as play_phase

RESULT_SCHEMA = 2  # the link's schema version (bridgetable.link.schema): 2 added the round
RESULT_STANDS = N_("the play is over: the result stands unless the director changes it")

_ = LAWS.gettext


HONOUR_KEYS = {Key.FOUR: 100, Key.FIVE: 150}  # four trump honours; five, or the four aces at NT


def known_deal(b: BoardInPlay) -> Deal | None:
    """The hands, when the table knows them: the deal file, the hand check, or all 13 tricks."""
    play = b.play
    if b.deal is None and isinstance(play, OpenPlay) and len(play.completed_tricks) == 13:
        return Deal.from_hands(play.hands())
    return b.deal


def known_hands(b: BoardInPlay) -> Deal | dict[Seat, list[Card]] | None:
    """The hands that count for honours, when known: the deal, or the two-player game's two
    hands once all their cards are played."""
    if b.two is not None:
        return b.two.played() if b.two.is_complete else None
    return known_deal(b)


def deal_result(b: BoardInPlay) -> DealResult:
    """The result as the game form scores it; honours (when the form counts them) worked out
    from the known hands, else as entered with the keys."""
    if b.contract is None or b.declarer is None:
        return DealResult(None)
    held = None
    if b.rules.counts_honours:
        hands = known_hands(b)
        held = b.honours if hands is None else honours(hands, b.contract.strain)
    return DealResult(b.contract, b.declarer, b.tricks or 0, held)


def points(b: BoardInPlay) -> tuple[int, int] | None:
    """What the deal scores for NS and EW once the result is known (None before)."""
    if b.phase is not Phase.RESULT or b.tricks is None:
        return None
    return b.rules.scorer(b.setup, deal_result(b))


def score_ns(b: BoardInPlay) -> int | None:
    """North-South's score once the result is known, less East-West's (None before)."""
    scored = points(b)
    return None if scored is None else scored[0] - scored[1]


def _enter_honours(b: BoardInPlay, seat: Seat, key: Key) -> str:
    """4 (four trump honours, 100) or 5 (all five, or the four aces at no trump: 150) at the
    holder's seat, Pass at that seat clears them."""
    if b.contract is None:
        raise Refused(_("a passed-out deal scores no honours"))
    if known_hands(b) is not None:
        raise Refused(_("the table knows the hands: it counts the honours itself"))
    if key is Key.PASS:
        if b.honours is None or b.honours.seat != seat:
            raise Refused(_("{seat} has entered no honours").format(seat=words.seat(seat)))
        b.honours = None
        return _("honours cleared")
    held = Honour(seat, HONOUR_KEYS[key])
    DealResult(b.contract, b.declarer, b.tricks or 0, held)  # refuses 100 at no trump
    b.honours = held
    return _("honours: {points} to {seat}").format(points=held.points, seat=words.seat(seat))


def disputes(b: BoardInPlay, seat: Seat) -> bool:
    """Whether DIRECTOR at this seat refuses to confirm the result rather than just calling."""
    return b.phase is Phase.RESULT and seat in b.confirmers()


def on_result(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    """OK at an opponent's seat confirms: ``b.confirmed_by`` is set, and the flow records the
    result and starts the next board."""
    if key is Key.UNDO:
        return _undo_result(b, seat)
    if b.rules.counts_honours and (key in HONOUR_KEYS or key is Key.PASS):
        return _enter_honours(b, seat, key)
    confirmers = b.confirmers()
    if seat not in confirmers:
        raise Refused(_("{seats} confirms the result").format(seats=words.seats(confirmers)))
    if key is Key.DIRECTOR:
        return b.toggle_director(seat, _("{seat} does not confirm the result").format(seat=words.seat(seat)))
    if key is not Key.OK:
        raise Refused(_("OK confirms the result, DIRECTOR calls the director"))
    b.confirmed_by = seat
    if b.config.game == "duplicate":
        return _("board {board} confirmed").format(board=b.board)
    return None  # the score sheet that follows says it


def _undo_result(b: BoardInPlay, seat: Seat) -> str:
    if b.contract is None:  # passed out: the last pass may be withdrawn
        return auction.back_to_auction(b, seat)
    if b.play is None:
        b.enter_tricks()
        return _("enter the tricks again")
    if b.config.policy == "laws" and play_phase.revoke_to_correct(b.play, seat) is not None:
        return play_phase.correct_revoke(b, b.play, seat)  # a twelfth-trick revoke (Law 62D)
    raise Refused(_(RESULT_STANDS))


def record(b: BoardInPlay, confirmed_by: Seat) -> dict[str, Any]:
    """The confirmed result as the outbox stores it (schema RESULT_SCHEMA, JSON-ready)."""
    config = b.config
    play, claim = b.play, b.play.claim_made if b.play else None
    deal = known_deal(b)
    played = [str(card) for trick in play.tricks for card in trick.cards] if play else []
    lead = played[0] if played else (str(b.lead) if b.lead else None)
    return {
        "schema": RESULT_SCHEMA, "club": config.club, "session": config.session,
        "round": config.rounds.get(b.board, 0),
        "table": config.table, "board": b.board, "revision": 1,
        "dealer": str(b.dealer), "vulnerability": str(b.vulnerability),
        "deal": deal.to_pbn() if deal else None,
        "auction": [str(call) for call in b.auction.calls] if b.rules.first_phase is Phase.AUCTION else None,
        "alerts": sorted(b.auction.alerts),
        "accepted": [irr.at for irr in b.auction.irregularities
                     if irr.law == "27" and irr.decision is Choice.ACCEPT],
        **({"skipped": b.auction.skipped} if b.auction.skipped else {}),  # Law 29A's lost turns
        "contract": str(b.contract) if b.contract else "Pass",
        "declarer": str(b.declarer) if b.declarer else None,
        "lead": lead, "play": played,
        "claim": None if claim is None else {
            "claimer": str(claim.claimer), "tricks": claim.final_tricks,
            "remaining": claim.remaining, "state": claim.state.value},
        "revokes": [f"{r.seat}:{r.card}:trick {r.trick + 1}" for r in play.revokes
                    if not r.corrected] if play else [],
        "tricks": b.tricks, "score_ns": score_ns(b),
        "director_calls": [*b.director_calls, *_irregularity_record(b)],
        "confirmed_by": str(confirmed_by),
        **({"players": {str(seat): b.player_numbers[seat] for seat in Seat if seat in b.player_numbers}}
           if b.player_numbers else {}),  # phases.players: entered at this board
        **({"answered": sorted(b.requests)} if b.requests else {}),  # the station's asks of a new player
        **({"announced": {str(seat): hcp for seat, hcp in announcement.points(b).items()}}
           if b.rules.first_phase is Phase.ANNOUNCE else {}),
        **({"tempo": tempo} if (tempo := b.tempo.record()) is not None else {}),  # tenths of a second
    }


def _irregularity_record(b: BoardInPlay) -> list[str]:
    """Each irregularity of the board, what was decided and what followed (for the result)."""
    irregularities = [*b.auction.irregularities, *(b.play.irregularities if b.play else [])]
    done = []
    for irr in irregularities:  # one entry, or one per line of it where one would be too long
        whole = _("irregularity: {text}").format(text=irr)
        first, *rest = irr.lines()
        done += [whole] if len(whole) <= 200 else [_("irregularity: {text}").format(text=first), *rest]
    done += [_("change of call: {text}").format(text=change) for change in b.auction.changes]
    if b.play is not None:
        done += [_("revoke corrected: {text}").format(text=text) for text in b.play.corrections]
        done += [_("lead restriction: {text}").format(text=text) for text in b.play.lead_rulings]
    return [text[:200] for text in done]
